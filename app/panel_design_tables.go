package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// ---- tables ----

func (d *designPanel) renderTable(m *model.Model, i int, pl *placement) goapp.UI {
	t := &m.Tables[i]
	path := tablePath(i)
	id := func(suffix string) string { return designTableID(i, suffix) }
	prov := t.EffectiveBillingMode() == schema.BillingProvisioned
	title := t.TableName
	if title == "" {
		title = "(unnamed table)"
	}
	ttl := t.TimeToLiveSpecification
	ttlOn := ttl != nil && ttl.Enabled
	ttlName := ""
	if ttl != nil {
		ttlName = ttl.AttributeName
	}
	stream := ""
	if s := t.StreamSpecification; s != nil && s.StreamEnabled {
		stream = s.StreamViewType
	}

	gsis := make([]goapp.UI, len(t.GlobalSecondaryIndexes))
	for j := range t.GlobalSecondaryIndexes {
		gsis[j] = d.renderGSI(t, i, j, prov, pl)
	}
	lsis := make([]goapp.UI, len(t.LocalSecondaryIndexes))
	for j := range t.LocalSecondaryIndexes {
		lsis[j] = d.renderLSI(t, i, j, pl)
	}

	return goapp.Section().ID(id("")).Class("wb-design-card").Body(
		goapp.Div().Class("wb-design-card-head").Body(
			goapp.H3().Class("wb-design-card-title").Text(title),
			goapp.Span().Class("wb-design-defs wb-mono").
				Title("Derived from the keys of the table and its indexes: one definition per key attribute").
				Text("AttributeDefinitions: "+definitionsText(t.AttributeDefinitions)),
			goapp.Button().ID(id(IDDesignRemove)).Class("wb-btn wb-btn-small wb-btn-danger").
				Text("Remove table").Title("%s", "Remove "+title+" from the design").
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.removeTable(ctx, i) }),
		),
		pl.errorsAt(path, id("")),
		goapp.Div().Class("wb-design-grid").Body(
			pl.field("Table name", id(IDDesignName), path+".TableName",
				goapp.Input().ID(id(IDDesignName)).Type("text").Value(t.TableName).
					Aria("invalid", pl.has(path+".TableName")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setTableName(ctx, i, v) }))),
			d.keyField("Partition key", keySlot{table: i, role: schema.KeyTypeHash}, t, t.KeySchema, id(IDDesignPK), id(IDDesignPKType), false, pl, path+".KeySchema"),
			d.keyField("Sort key", keySlot{table: i, role: schema.KeyTypeRange}, t, t.KeySchema, id(IDDesignSK), id(IDDesignSKType), false, nil, ""),
			pl.group("Billing", id(IDDesignBilling), []string{path + ".BillingMode", path + ".ProvisionedThroughput"},
				goapp.Select().ID(id(IDDesignBilling)).Class("wb-select").
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setBillingMode(ctx, i, v) })).Body(
					goapp.Option().Value(string(schema.BillingPayPerRequest)).Selected(!prov).Text("On-demand (PAY_PER_REQUEST)"),
					goapp.Option().Value(string(schema.BillingProvisioned)).Selected(prov).Text("Provisioned (PROVISIONED)"),
				),
				goapp.If(prov, func() goapp.UI {
					return d.capacityInputs(i, -1, t.ProvisionedThroughput, id(IDDesignRCU), id(IDDesignWCU))
				}),
			),
			pl.group("Time to live", id(IDDesignTTL), []string{path + ".TimeToLiveSpecification"},
				goapp.Label().Class("wb-design-check").Body(
					goapp.Input().ID(id(IDDesignTTL)).Type("checkbox").Checked(ttlOn).
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							d.setTTLEnabled(ctx, i, e.Get("target").Get("checked").Bool())
						}),
					goapp.Text(" on, attribute"),
				),
				goapp.Label().Class("wb-visually-hidden").For(id(IDDesignTTLAttr)).Text("TTL attribute"),
				goapp.Input().ID(id(IDDesignTTLAttr)).Type("text").Class("wb-design-attr").
					Value(ttlName).Disabled(ttl == nil).Placeholder("%s", defaultTTLAttribute).
					Title(greyed(ttl == nil, "A Number attribute holding the expiry time in epoch seconds", "time to live is off: tick \"on\" to name its attribute")).
					Aria("invalid", pl.has(path+".TimeToLiveSpecification.AttributeName")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setTTLAttribute(ctx, i, v) })),
				pl.errorsAt(path+".TimeToLiveSpecification.AttributeName", id(IDDesignTTLAttr)),
			),
			pl.field("Stream", id(IDDesignStream), path+".StreamSpecification",
				goapp.Select().ID(id(IDDesignStream)).Class("wb-select").
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setStream(ctx, i, v) })).Body(
					goapp.Option().Value("").Selected(stream == "").Text("off"),
					goapp.Range(streamViewTypes).Slice(func(k int) goapp.UI {
						v := streamViewTypes[k]
						return goapp.Option().Value(v).Selected(stream == v).Text(v)
					}),
				)),
			pl.field("Table class", id(IDDesignClass), path+".TableClass",
				goapp.Select().ID(id(IDDesignClass)).Class("wb-select").
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setTableClass(ctx, i, v) })).Body(
					goapp.Option().Value("").Selected(t.TableClass == "").Text("default (STANDARD)"),
					goapp.Option().Value(schema.TableClassStandard).Selected(t.TableClass == schema.TableClassStandard).Text(schema.TableClassStandard),
					goapp.Option().Value(schema.TableClassStandardInfrequentAccess).Selected(t.TableClass == schema.TableClassStandardInfrequentAccess).Text(schema.TableClassStandardInfrequentAccess),
					goapp.If(t.TableClass != "" && t.TableClass != schema.TableClassStandard && t.TableClass != schema.TableClassStandardInfrequentAccess, func() goapp.UI {
						return goapp.Option().Value(t.TableClass).Selected(true).Text(t.TableClass)
					}),
				)),
		),
		goapp.Div().Class("wb-design-indexes").Body(
			goapp.Div().Class("wb-design-indexes-head").Body(
				goapp.H4().Text(fmt.Sprintf("Global secondary indexes (%d of %d)", len(t.GlobalSecondaryIndexes), schema.MaxGSIs)),
				goapp.Button().ID(id(IDDesignAddGSI)).Class("wb-btn wb-btn-small").Text("+ GSI").
					Disabled(len(t.GlobalSecondaryIndexes) >= schema.MaxGSIs).
					Title(greyed(len(t.GlobalSecondaryIndexes) >= schema.MaxGSIs, "Add a global secondary index", fmt.Sprintf("a table has at most %d GSIs (DynamoDB's quota): remove one to add another", schema.MaxGSIs))).
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.addGSI(ctx, i) }),
			),
			goapp.Div().Class("wb-design-index-list").Body(gsis...),
		),
		goapp.Div().Class("wb-design-indexes").Body(
			goapp.Div().Class("wb-design-indexes-head").Body(
				goapp.H4().Text(fmt.Sprintf("Local secondary indexes (%d of %d)", len(t.LocalSecondaryIndexes), schema.MaxLSIs)),
				goapp.Button().ID(id(IDDesignAddLSI)).Class("wb-btn wb-btn-small").Text("+ LSI").
					Disabled(len(t.LocalSecondaryIndexes) >= schema.MaxLSIs).
					Title(greyed(len(t.LocalSecondaryIndexes) >= schema.MaxLSIs, "An LSI shares the table's partition key and can only be created with the table", fmt.Sprintf("a table has at most %d LSIs: remove one to add another", schema.MaxLSIs))).
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.addLSI(ctx, i) }),
			),
			goapp.Div().Class("wb-design-index-list").Body(lsis...),
		),
	)
}

// keyField draws a key attribute's name and type. pl and path are set on
// the field that shows the key schema's problems (the partition key's);
// the sort key sits in the same row.
func (d *designPanel) keyField(label string, slot keySlot, t *model.Table, ks []schema.KeySchemaElement, nameID, typeID string, readOnly bool, pl *placement, path string) goapp.UI {
	name := firstKey(ks, slot.role)
	typ := t.AttributeType(name)
	placeholder := "attribute name"
	if slot.role == schema.KeyTypeRange {
		placeholder = "none"
	}
	var errs goapp.UI
	invalid := false
	if pl != nil {
		errs = pl.errorsAt(path, nameID)
		invalid = pl.has(path)
	}
	return goapp.Div().Class("wb-design-field wb-design-key").Body(
		goapp.Label().For(nameID).Text(label),
		goapp.Div().Class("wb-design-pair").Body(
			goapp.Input().ID(nameID).Type("text").Class("wb-design-attr").Value(name).
				Placeholder("%s", placeholder).ReadOnly(readOnly).Aria("invalid", invalid).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setKeyName(ctx, slot, v) }), goapp.EventScope(slot.table, slot.kind, slot.index, slot.role)),
			goapp.Label().Class("wb-visually-hidden").For(typeID).Text(label+" type"),
			goapp.Select().ID(typeID).Class("wb-select wb-design-type").Disabled(name == "" || readOnly).
				Title(greyed(name == "" || readOnly, "Attribute type: S string, N number, B binary",
					map[bool]string{true: "this key is the table's, which the index shares: change it on the table", false: "name the key attribute first"}[readOnly])).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setKeyType(ctx, slot, v) }), goapp.EventScope(slot.table, slot.kind, slot.index, slot.role)).Body(
				goapp.Range(keyTypes).Slice(func(k int) goapp.UI {
					kt := keyTypes[k]
					return goapp.Option().Value(string(kt.value)).Selected(typ == kt.value || typ == "" && kt.value == schema.TypeS).Text(kt.label)
				}),
			),
		),
		errs,
		goapp.If(d.pendingType != nil && d.pendingType.slot == slot, func() goapp.UI { return d.renderTypeConfirm(typeID, string(typ)) }),
	)
}

// pendingKeyType is a key type change that waits for the person's answer:
// the attribute is a key elsewhere too (the table's sort key and an
// index's key on the same attribute), and its type is the attribute's, so
// it changes everywhere.
type pendingKeyType struct {
	slot  keySlot
	value schema.ScalarType
	name  string
	// others lists the other keys the attribute is ("the partition key
	// of GSI1").
	others []string
}

// keyUses lists where attribute name is a key of t, in words.
func keyUses(t *schema.TableDefinition, name string) []string {
	var out []string
	role := func(kt schema.KeyType) string {
		if kt == schema.KeyTypeRange {
			return "sort key"
		}
		return "partition key"
	}
	for _, k := range t.KeySchema {
		if k.AttributeName == name {
			out = append(out, "the table's "+role(k.KeyType))
		}
	}
	for _, g := range t.GlobalSecondaryIndexes {
		for _, k := range g.KeySchema {
			if k.AttributeName == name {
				out = append(out, "the "+role(k.KeyType)+" of GSI "+g.IndexName)
			}
		}
	}
	for _, l := range t.LocalSecondaryIndexes {
		for _, k := range l.KeySchema {
			// An LSI's partition key is the table's: it is not another use.
			if k.AttributeName == name && k.KeyType == schema.KeyTypeRange {
				out = append(out, "the sort key of LSI "+l.IndexName)
			}
		}
	}
	return out
}

// slotUse names the key a slot addresses, as keyUses does.
func slotUse(t *schema.TableDefinition, s keySlot) string {
	role := "partition key"
	if s.role == schema.KeyTypeRange {
		role = "sort key"
	}
	switch s.kind {
	case slotGSI:
		return "the " + role + " of GSI " + t.GlobalSecondaryIndexes[s.index].IndexName
	case slotLSI:
		return "the " + role + " of LSI " + t.LocalSecondaryIndexes[s.index].IndexName
	}
	return "the table's " + role
}

// renderTypeConfirm asks whether to change a shared key attribute's type
// everywhere.
func (d *designPanel) renderTypeConfirm(typeID, current string) goapp.UI {
	pt := d.pendingType
	return goapp.Div().ID(IDDesignTypeConfirm).Class("wb-design-confirm").Attr("role", "alertdialog").Body(
		goapp.P().Text(fmt.Sprintf("%s is also %s. A key attribute has one type: changing it from %s to %s changes it there too.",
			pt.name, strings.Join(pt.others, " and "), current, pt.value)),
		goapp.Button().ID(IDDesignTypeConfirmYes).Class("wb-btn wb-btn-small wb-btn-primary").
			Text(fmt.Sprintf("Change %s to %s everywhere", pt.name, pt.value)).
			OnClick(func(ctx goapp.Context, e goapp.Event) { d.confirmKeyType(ctx, true) }),
		goapp.Button().ID(IDDesignTypeConfirmNo).Class("wb-btn wb-btn-small").Text("Keep "+current).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				d.confirmKeyType(ctx, false)
				// The select still shows the refused choice: put it back.
				if el := goapp.Window().GetElementByID(typeID); el.Truthy() {
					el.Set("value", current)
				}
			}, goapp.EventScope(typeID, current)),
	)
}

// confirmKeyType applies (yes) or drops the pending type change.
func (d *designPanel) confirmKeyType(ctx goapp.Context, yes bool) {
	pt := d.pendingType
	d.pendingType = nil
	if yes && pt != nil {
		d.applyKeyType(ctx, pt.slot, pt.value)
	}
}

// capacityInputs draws RCU/WCU inputs for table i (gsi < 0) or its GSI.
func (d *designPanel) capacityInputs(i, gsi int, pt *schema.ProvisionedThroughput, rcuID, wcuID string) goapp.UI {
	var r, w string
	if pt != nil {
		if pt.ReadCapacityUnits != nil {
			r = strconv.FormatInt(*pt.ReadCapacityUnits, 10)
		}
		if pt.WriteCapacityUnits != nil {
			w = strconv.FormatInt(*pt.WriteCapacityUnits, 10)
		}
	}
	return goapp.Div().Class("wb-design-capacity").Body(
		goapp.Label().For(rcuID).Text("RCU"),
		goapp.Input().ID(rcuID).Type("number").Min(1).Step(1).Class("wb-design-units").Value(r).
			OnChange(onValue(func(ctx goapp.Context, v string) { d.setCapacity(ctx, i, gsi, true, v) })),
		goapp.Label().For(wcuID).Text("WCU"),
		goapp.Input().ID(wcuID).Type("number").Min(1).Step(1).Class("wb-design-units").Value(w).
			OnChange(onValue(func(ctx goapp.Context, v string) { d.setCapacity(ctx, i, gsi, false, v) })),
	)
}

func (d *designPanel) renderGSI(t *model.Table, i, j int, prov bool, pl *placement) goapp.UI {
	g := &t.GlobalSecondaryIndexes[j]
	path := indexPath(i, true, j)
	id := func(suffix string) string { return designIndexID(i, true, j, suffix) }
	var extra []string
	if hs := g.HashKeys(); len(hs) > 1 {
		extra = append(extra, "partition key also "+strings.Join(hs[1:], ", "))
	}
	if rs := g.RangeKeys(); len(rs) > 1 {
		extra = append(extra, "sort key also "+strings.Join(rs[1:], ", "))
	}
	return goapp.Div().ID(id("")).Class("wb-design-index").Body(
		pl.errorsAt(path, id("")),
		goapp.Div().Class("wb-design-index-row").Body(
			pl.field("Index name", id(IDDesignName), path+".IndexName",
				goapp.Input().ID(id(IDDesignName)).Type("text").Class("wb-design-attr").Value(g.IndexName).
					Aria("invalid", pl.has(path+".IndexName")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setIndexName(ctx, i, true, j, v) }))),
			d.keyField("Partition key", keySlot{table: i, kind: slotGSI, index: j, role: schema.KeyTypeHash}, t, g.KeySchema, id(IDDesignPK), id(IDDesignPKType), false, pl, path+".KeySchema"),
			d.keyField("Sort key", keySlot{table: i, kind: slotGSI, index: j, role: schema.KeyTypeRange}, t, g.KeySchema, id(IDDesignSK), id(IDDesignSKType), false, nil, ""),
			d.projectionField(i, true, j, g.Projection, pl, path),
			goapp.If(prov || g.ProvisionedThroughput != nil, func() goapp.UI {
				return pl.group("Capacity", id(IDDesignRCU), []string{path + ".ProvisionedThroughput"},
					d.capacityInputs(i, j, g.ProvisionedThroughput, id(IDDesignRCU), id(IDDesignWCU)))
			}),
			goapp.Button().ID(id(IDDesignRemove)).Class("wb-btn wb-btn-small wb-btn-danger wb-design-remove").
				Text("Remove").Title("%s", "Remove the index "+g.IndexName).
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.removeIndex(ctx, i, true, j) }),
		),
		goapp.If(len(extra) > 0, func() goapp.UI {
			return goapp.P().Class("wb-muted wb-design-note").Text("Multi-attribute key: " + strings.Join(extra, "; ") + " (kept as they are).")
		}),
	)
}

func (d *designPanel) renderLSI(t *model.Table, i, j int, pl *placement) goapp.UI {
	l := &t.LocalSecondaryIndexes[j]
	path := indexPath(i, false, j)
	id := func(suffix string) string { return designIndexID(i, false, j, suffix) }
	return goapp.Div().ID(id("")).Class("wb-design-index").Body(
		pl.errorsAt(path, id("")),
		goapp.Div().Class("wb-design-index-row").Body(
			pl.field("Index name", id(IDDesignName), path+".IndexName",
				goapp.Input().ID(id(IDDesignName)).Type("text").Class("wb-design-attr").Value(l.IndexName).
					Aria("invalid", pl.has(path+".IndexName")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setIndexName(ctx, i, false, j, v) }))),
			goapp.Div().Class("wb-design-field").Body(
				goapp.Label().For(id(IDDesignPK)).Text("Partition key"),
				goapp.Input().ID(id(IDDesignPK)).Type("text").Class("wb-design-attr").
					Value(l.HashKey()).ReadOnly(true).Title("An LSI always has the table's partition key"),
			),
			d.keyField("Sort key", keySlot{table: i, kind: slotLSI, index: j, role: schema.KeyTypeRange}, t, l.KeySchema, id(IDDesignSK), id(IDDesignSKType), false, pl, path+".KeySchema"),
			d.projectionField(i, false, j, l.Projection, pl, path),
			goapp.Button().ID(id(IDDesignRemove)).Class("wb-btn wb-btn-small wb-btn-danger wb-design-remove").
				Text("Remove").Title("%s", "Remove the index "+l.IndexName).
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.removeIndex(ctx, i, false, j) }),
		),
	)
}

func (d *designPanel) projectionField(i int, gsi bool, j int, p schema.Projection, pl *placement, path string) goapp.UI {
	pid := designIndexID(i, gsi, j, IDDesignProjection)
	nid := designIndexID(i, gsi, j, IDDesignNonKey)
	include := p.ProjectionType == schema.ProjectInclude
	return pl.group("Projection", pid, []string{path + ".Projection"},
		goapp.Select().ID(pid).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) { d.setProjection(ctx, i, gsi, j, v) })).Body(
			goapp.If(p.ProjectionType == "", func() goapp.UI {
				return goapp.Option().Value("").Selected(true).Text("(none)")
			}),
			goapp.Range(projectionTypes).Slice(func(k int) goapp.UI {
				v := projectionTypes[k]
				return goapp.Option().Value(string(v)).Selected(p.ProjectionType == v).Text(string(v))
			}),
		),
		goapp.If(include || len(p.NonKeyAttributes) > 0, func() goapp.UI {
			return goapp.Span().Class("wb-design-nonkey").Body(
				goapp.Label().Class("wb-visually-hidden").For(nid).Text("Non-key attributes"),
				goapp.Input().ID(nid).Type("text").Class("wb-design-list").
					Value(strings.Join(p.NonKeyAttributes, ", ")).Placeholder("attr1, attr2").
					Title("NonKeyAttributes: the attributes INCLUDE copies, separated by commas").
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setNonKeyAttributes(ctx, i, gsi, j, v) })),
			)
		}),
	)
}

// definitionsText lists attribute definitions as "PK (S), SK (S)".
func definitionsText(defs []schema.AttributeDefinition) string {
	if len(defs) == 0 {
		return "none"
	}
	parts := make([]string, len(defs))
	for i, d := range defs {
		parts[i] = d.AttributeName + " (" + string(d.AttributeType) + ")"
	}
	return strings.Join(parts, ", ")
}

// ---- helpers ----

// deriveDefinitions makes t's AttributeDefinitions exactly one definition
// per key attribute of the table and its indexes: DynamoDB refuses both a
// key without a definition and a definition no key uses. Definitions keep
// their order and type; a new key attribute is a string until typed.
func deriveDefinitions(t *schema.TableDefinition) {
	used := tableKeyNames(t)
	out := make([]schema.AttributeDefinition, 0, len(used))
	seen := map[string]bool{}
	for _, d := range t.AttributeDefinitions {
		if slices.Contains(used, d.AttributeName) && !seen[d.AttributeName] {
			if !d.AttributeType.Valid() {
				d.AttributeType = schema.TypeS
			}
			out = append(out, d)
			seen[d.AttributeName] = true
		}
	}
	for _, n := range used {
		if !seen[n] {
			out = append(out, schema.AttributeDefinition{AttributeName: n, AttributeType: schema.TypeS})
			seen[n] = true
		}
	}
	t.AttributeDefinitions = out
}

// tableKeyNames lists the key attributes of t and its indexes, each once,
// in order of first use.
func tableKeyNames(t *schema.TableDefinition) []string {
	var out []string
	add := func(ks []schema.KeySchemaElement) {
		for _, e := range ks {
			if e.AttributeName != "" && !slices.Contains(out, e.AttributeName) {
				out = append(out, e.AttributeName)
			}
		}
	}
	add(t.KeySchema)
	for _, l := range t.LocalSecondaryIndexes {
		add(l.KeySchema)
	}
	for _, g := range t.GlobalSecondaryIndexes {
		add(g.KeySchema)
	}
	return out
}

// firstKey is the name of the first element of ks with key type kt.
func firstKey(ks []schema.KeySchemaElement, kt schema.KeyType) string {
	for _, e := range ks {
		if e.KeyType == kt {
			return e.AttributeName
		}
	}
	return ""
}

// setFirstKey names the first element of ks with key type kt. An empty
// RANGE name removes the element; a missing element is added (HASH first,
// RANGE last).
func setFirstKey(ks *[]schema.KeySchemaElement, kt schema.KeyType, name string) {
	for k, e := range *ks {
		if e.KeyType != kt {
			continue
		}
		if name == "" && kt == schema.KeyTypeRange {
			*ks = slices.Delete(*ks, k, k+1)
		} else {
			(*ks)[k].AttributeName = name
		}
		return
	}
	switch {
	case kt == schema.KeyTypeHash:
		*ks = slices.Insert(*ks, 0, schema.KeySchemaElement{AttributeName: name, KeyType: kt})
	case name != "":
		*ks = append(*ks, schema.KeySchemaElement{AttributeName: name, KeyType: kt})
	}
}

// uniqueName returns base+n for the first n from start that is not taken.
func uniqueName(base string, start int, taken func(string) bool) string {
	for n := start; ; n++ {
		if name := base + strconv.Itoa(n); !taken(name) {
			return name
		}
	}
}

func indexNameTaken(t *model.Table, name string) bool {
	return t.GSI(name) != nil || t.LSI(name) != nil
}

// freeAttribute returns name, or name with a number when a key of t
// already uses it.
func freeAttribute(t *model.Table, name string) string {
	keys := tableKeyNames(&t.TableDefinition)
	if !slices.Contains(keys, name) {
		return name
	}
	return uniqueName(name, 2, func(n string) bool { return slices.Contains(keys, n) })
}

func countTables(m *model.Model, name string) int {
	n := 0
	for _, t := range m.Tables {
		if t.TableName == name {
			n++
		}
	}
	return n
}

func tableNames(m *model.Model) []string {
	out := make([]string, 0, len(m.Tables))
	for _, t := range m.Tables {
		if t.TableName != "" && !slices.Contains(out, t.TableName) {
			out = append(out, t.TableName)
		}
	}
	return out
}
