package app

import (
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// addTable adds an on-demand table keyed by PK and SK, the single-table
// convention.
func (d *designPanel) addTable(ctx goapp.Context) {
	d.edit(ctx, func(m *model.Model) bool {
		name := uniqueName("Table", 1, func(n string) bool { return m.Table(n) != nil })
		m.Tables = append(m.Tables, model.Table{TableDefinition: schema.TableDefinition{
			TableName: name,
			AttributeDefinitions: []schema.AttributeDefinition{
				{AttributeName: "PK", AttributeType: schema.TypeS},
				{AttributeName: "SK", AttributeType: schema.TypeS},
			},
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: "PK", KeyType: schema.KeyTypeHash},
				{AttributeName: "SK", KeyType: schema.KeyTypeRange},
			},
			BillingMode: schema.BillingPayPerRequest,
		}})
		return true
	})
}

func (d *designPanel) removeTable(ctx goapp.Context, i int) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Tables) {
			return false
		}
		m.Tables = slices.Delete(m.Tables, i, i+1)
		return true
	})
}

// setTableName renames table i; the entities and access patterns that name
// it follow.
func (d *designPanel) setTableName(ctx goapp.Context, i int, v string) {
	v = strings.TrimSpace(v)
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		old := t.TableName
		if old == v {
			return false
		}
		t.TableName = v
		if old == "" || v == "" || countTables(m, old) > 0 {
			return true
		}
		for k := range m.Entities {
			if m.Entities[k].Table == old {
				m.Entities[k].Table = v
			}
		}
		rewriteRequests(m, func(obj map[string]any) {
			if obj["TableName"] == old {
				obj["TableName"] = v
			}
			if items, ok := obj["RequestItems"].(map[string]any); ok {
				if x, ok := items[old]; ok {
					if _, taken := items[v]; !taken {
						delete(items, old)
						items[v] = x
					}
				}
			}
		})
		return true
	})
}

// slotKind says which key schema a keySlot addresses.
type slotKind int

const (
	slotTable slotKind = iota
	slotGSI
	slotLSI
)

// keySlot addresses one key attribute: the partition (HASH) or sort
// (RANGE) key of table `table` or of one of its indexes.
type keySlot struct {
	table int
	kind  slotKind
	index int
	role  schema.KeyType
}

// keySchema returns the key schema the slot is in, or nil when the index is
// gone.
func (s keySlot) keySchema(t *schema.TableDefinition) *[]schema.KeySchemaElement {
	switch s.kind {
	case slotGSI:
		if s.index >= 0 && s.index < len(t.GlobalSecondaryIndexes) {
			return &t.GlobalSecondaryIndexes[s.index].KeySchema
		}
	case slotLSI:
		if s.index >= 0 && s.index < len(t.LocalSecondaryIndexes) {
			return &t.LocalSecondaryIndexes[s.index].KeySchema
		}
	default:
		return &t.KeySchema
	}
	return nil
}

// setKeyName sets the slot's key attribute. An empty sort key removes it;
// an empty partition key stays, so DynamoDB's message for it shows. The
// attribute keeps its type under its new name, an LSI follows the table's
// partition key, and the table's entities' templates follow the rename.
func (d *designPanel) setKeyName(ctx goapp.Context, s keySlot, v string) {
	v = strings.TrimSpace(v)
	d.editTable(ctx, s.table, func(m *model.Model, t *model.Table) bool {
		ks := s.keySchema(&t.TableDefinition)
		if ks == nil {
			return false
		}
		old := firstKey(*ks, s.role)
		if old == v && (v != "" || slices.ContainsFunc(*ks, func(e schema.KeySchemaElement) bool { return e.KeyType == s.role })) {
			return false
		}
		typ := t.AttributeType(old)
		if typ == "" {
			typ = schema.TypeS
		}
		if v != "" && t.AttributeType(v) == "" {
			t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: v, AttributeType: typ})
		}
		setFirstKey(ks, s.role, v)
		if s.kind == slotTable && s.role == schema.KeyTypeHash {
			for k := range t.LocalSecondaryIndexes {
				setFirstKey(&t.LocalSecondaryIndexes[k].KeySchema, schema.KeyTypeHash, v)
			}
		}
		if old != "" && v != "" && !slices.Contains(tableKeyNames(&t.TableDefinition), old) {
			for k := range m.Entities {
				e := &m.Entities[k]
				if e.Table != t.TableName {
					continue
				}
				if tpl, ok := e.Keys[old]; ok {
					if _, taken := e.Keys[v]; !taken {
						delete(e.Keys, old)
						e.Keys[v] = tpl
					}
				}
			}
		}
		return true
	})
}

// setKeyType declares the slot's key attribute as S, N or B. The type is
// the attribute's, shared by every key that uses it.
func (d *designPanel) setKeyType(ctx goapp.Context, s keySlot, v string) {
	typ := schema.ScalarType(v)
	if !typ.Valid() {
		return
	}
	d.pendingType = nil
	if m := d.Store.State().Draft; s.table >= 0 && s.table < len(m.Tables) {
		t := &m.Tables[s.table].TableDefinition
		if ks := s.keySchema(t); ks != nil {
			name := firstKey(*ks, s.role)
			here := slotUse(t, s)
			var others []string
			for _, u := range keyUses(t, name) {
				if u != here {
					others = append(others, u)
				}
			}
			if name != "" && len(others) > 0 && t.AttributeType(name) != typ {
				// Say so and ask, rather than change the others silently.
				d.pendingType = &pendingKeyType{slot: s, value: typ, name: name, others: others}
				return
			}
		}
	}
	d.applyKeyType(ctx, s, typ)
}

// applyKeyType declares the slot's key attribute as typ.
func (d *designPanel) applyKeyType(ctx goapp.Context, s keySlot, typ schema.ScalarType) {
	d.editTable(ctx, s.table, func(m *model.Model, t *model.Table) bool {
		ks := s.keySchema(&t.TableDefinition)
		if ks == nil {
			return false
		}
		name := firstKey(*ks, s.role)
		if name == "" {
			return false
		}
		for k := range t.AttributeDefinitions {
			if t.AttributeDefinitions[k].AttributeName == name {
				t.AttributeDefinitions[k].AttributeType = typ
				return true
			}
		}
		t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: name, AttributeType: typ})
		return true
	})
}

// setBillingMode switches table i between on-demand and provisioned. A
// provisioned table and its GSIs get the console's default capacity; an
// on-demand one loses every capacity setting (DynamoDB refuses them).
func (d *designPanel) setBillingMode(ctx goapp.Context, i int, v string) {
	mode := schema.BillingMode(v)
	if !mode.Valid() {
		return
	}
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		t.BillingMode = mode
		if mode == schema.BillingPayPerRequest {
			t.ProvisionedThroughput = nil
			for k := range t.GlobalSecondaryIndexes {
				t.GlobalSecondaryIndexes[k].ProvisionedThroughput = nil
			}
			return true
		}
		if t.ProvisionedThroughput == nil {
			t.ProvisionedThroughput = defaultThroughput()
		}
		for k := range t.GlobalSecondaryIndexes {
			if t.GlobalSecondaryIndexes[k].ProvisionedThroughput == nil {
				t.GlobalSecondaryIndexes[k].ProvisionedThroughput = defaultThroughput()
			}
		}
		return true
	})
}

func defaultThroughput() *schema.ProvisionedThroughput {
	r, w := int64(defaultCapacity), int64(defaultCapacity)
	return &schema.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
}

// setCapacity sets the read (read true) or write units of table i (gsi < 0)
// or of its GSI. An empty value removes the setting, so DynamoDB's message
// for the missing units shows; text that is not a whole number changes
// nothing.
func (d *designPanel) setCapacity(ctx goapp.Context, i, gsi int, read bool, v string) {
	v = strings.TrimSpace(v)
	var units *int64
	if v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return
		}
		units = &n
	}
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		pt := &t.ProvisionedThroughput
		if gsi >= 0 {
			if gsi >= len(t.GlobalSecondaryIndexes) {
				return false
			}
			pt = &t.GlobalSecondaryIndexes[gsi].ProvisionedThroughput
		}
		if *pt == nil {
			*pt = &schema.ProvisionedThroughput{}
		}
		if read {
			(*pt).ReadCapacityUnits = units
		} else {
			(*pt).WriteCapacityUnits = units
		}
		return true
	})
}

// setTTLEnabled turns table i's time to live on or off. Off keeps the
// attribute's name, so turning it back on restores it.
func (d *designPanel) setTTLEnabled(ctx goapp.Context, i int, on bool) {
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		ttl := t.TimeToLiveSpecification
		switch {
		case on && ttl == nil:
			t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: defaultTTLAttribute, Enabled: true}
		case on:
			ttl.Enabled = true
		case ttl == nil:
			return false
		case ttl.AttributeName == "":
			t.TimeToLiveSpecification = nil
		default:
			ttl.Enabled = false
		}
		return true
	})
}

func (d *designPanel) setTTLAttribute(ctx goapp.Context, i int, v string) {
	v = strings.TrimSpace(v)
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		ttl := t.TimeToLiveSpecification
		switch {
		case ttl == nil && v == "":
			return false
		case ttl == nil:
			t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: v, Enabled: true}
		case v == "" && !ttl.Enabled:
			t.TimeToLiveSpecification = nil
		default:
			ttl.AttributeName = v
		}
		return true
	})
}

// setStream sets table i's stream view type; "" turns the stream off.
func (d *designPanel) setStream(ctx goapp.Context, i int, v string) {
	if v != "" && !slices.Contains(streamViewTypes, v) {
		return
	}
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		if v == "" {
			t.StreamSpecification = nil
		} else {
			t.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: v}
		}
		return true
	})
}

// setTableClass sets table i's class; "" is the default (STANDARD).
func (d *designPanel) setTableClass(ctx goapp.Context, i int, v string) {
	if v != "" && v != schema.TableClassStandard && v != schema.TableClassStandardInfrequentAccess {
		return
	}
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool { t.TableClass = v; return true })
}

// addGSI adds a GSI with its own keys (GSI<n>PK, GSI<n>SK), projecting all
// attributes, with the table's capacity when the table is provisioned.
func (d *designPanel) addGSI(ctx goapp.Context, i int) {
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		if len(t.GlobalSecondaryIndexes) >= schema.MaxGSIs {
			return false
		}
		name := uniqueName("GSI", 1, func(n string) bool { return indexNameTaken(t, n) })
		g := schema.GlobalSecondaryIndex{
			IndexName: name,
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: freeAttribute(t, name+"PK"), KeyType: schema.KeyTypeHash},
				{AttributeName: freeAttribute(t, name+"SK"), KeyType: schema.KeyTypeRange},
			},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		}
		if t.EffectiveBillingMode() == schema.BillingProvisioned {
			g.ProvisionedThroughput = defaultThroughput()
			if pt := t.ProvisionedThroughput; pt != nil && pt.ReadCapacityUnits != nil && pt.WriteCapacityUnits != nil {
				r, w := *pt.ReadCapacityUnits, *pt.WriteCapacityUnits
				g.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
			}
		}
		t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, g)
		return true
	})
}

// addLSI adds an LSI on the table's partition key with its own sort key
// (LSI<n>SK), projecting all attributes.
func (d *designPanel) addLSI(ctx goapp.Context, i int) {
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		if len(t.LocalSecondaryIndexes) >= schema.MaxLSIs {
			return false
		}
		name := uniqueName("LSI", 1, func(n string) bool { return indexNameTaken(t, n) })
		t.LocalSecondaryIndexes = append(t.LocalSecondaryIndexes, schema.LocalSecondaryIndex{
			IndexName: name,
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: t.HashKey(), KeyType: schema.KeyTypeHash},
				{AttributeName: freeAttribute(t, name+"SK"), KeyType: schema.KeyTypeRange},
			},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		})
		return true
	})
}

// removeIndex removes a GSI (gsi true) or LSI of table i. An emptied list
// becomes absent (DynamoDB refuses an empty one), and the table's entities
// lose their templates for attributes that are no longer keys.
func (d *designPanel) removeIndex(ctx goapp.Context, i int, gsi bool, j int) {
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		if gsi {
			if j < 0 || j >= len(t.GlobalSecondaryIndexes) {
				return false
			}
			t.GlobalSecondaryIndexes = slices.Delete(t.GlobalSecondaryIndexes, j, j+1)
			if len(t.GlobalSecondaryIndexes) == 0 {
				t.GlobalSecondaryIndexes = nil
			}
		} else {
			if j < 0 || j >= len(t.LocalSecondaryIndexes) {
				return false
			}
			t.LocalSecondaryIndexes = slices.Delete(t.LocalSecondaryIndexes, j, j+1)
			if len(t.LocalSecondaryIndexes) == 0 {
				t.LocalSecondaryIndexes = nil
			}
		}
		keys := tableKeyNames(&t.TableDefinition)
		for k := range m.Entities {
			e := &m.Entities[k]
			if e.Table != t.TableName {
				continue
			}
			for name := range e.Keys {
				if !slices.Contains(keys, name) {
					delete(e.Keys, name)
				}
			}
		}
		return true
	})
}

// setIndexName renames an index; the access patterns that query it follow.
func (d *designPanel) setIndexName(ctx goapp.Context, i int, gsi bool, j int, v string) {
	v = strings.TrimSpace(v)
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		var name *string
		switch {
		case gsi && j >= 0 && j < len(t.GlobalSecondaryIndexes):
			name = &t.GlobalSecondaryIndexes[j].IndexName
		case !gsi && j >= 0 && j < len(t.LocalSecondaryIndexes):
			name = &t.LocalSecondaryIndexes[j].IndexName
		default:
			return false
		}
		old := *name
		if old == v {
			return false
		}
		*name = v
		if old != "" && v != "" && !indexNameTaken(t, old) {
			table := t.TableName
			rewriteRequests(m, func(obj map[string]any) {
				if obj["TableName"] == table && obj["IndexName"] == old {
					obj["IndexName"] = v
				}
			})
		}
		return true
	})
}

// projection returns the projection of an index of t, or nil.
func projection(t *model.Table, gsi bool, j int) *schema.Projection {
	switch {
	case gsi && j >= 0 && j < len(t.GlobalSecondaryIndexes):
		return &t.GlobalSecondaryIndexes[j].Projection
	case !gsi && j >= 0 && j < len(t.LocalSecondaryIndexes):
		return &t.LocalSecondaryIndexes[j].Projection
	}
	return nil
}

// setProjection sets an index's projection type. Leaving INCLUDE drops
// NonKeyAttributes, which DynamoDB refuses with any other type.
func (d *designPanel) setProjection(ctx goapp.Context, i int, gsi bool, j int, v string) {
	pt := schema.ProjectionType(v)
	if !pt.Valid() {
		return
	}
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		p := projection(t, gsi, j)
		if p == nil {
			return false
		}
		p.ProjectionType = pt
		if pt != schema.ProjectInclude {
			p.NonKeyAttributes = nil
		}
		return true
	})
}

// setNonKeyAttributes sets an INCLUDE projection's attributes from a comma
// list; an empty list removes them.
func (d *designPanel) setNonKeyAttributes(ctx goapp.Context, i int, gsi bool, j int, v string) {
	list := splitList(v)
	d.editTable(ctx, i, func(m *model.Model, t *model.Table) bool {
		p := projection(t, gsi, j)
		if p == nil {
			return false
		}
		p.NonKeyAttributes = list
		return true
	})
}

// splitList reads "a, b,c" as [a b c]; nil when there is nothing.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
