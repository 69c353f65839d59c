package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/model"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// designPanel edits the draft design: the model's name, its tables (keys,
// billing, TTL, streams, table class, GSIs and LSIs), its entities with
// their key templates, and its access patterns' requests. Every change event
// is one undoable Store.Edit; the draft is validated by the store and each
// problem is shown next to the field it concerns and in a summary. The
// engine keeps running the applied design until "Apply design".
//
// The handlers are methods taking plain values (not DOM events) so that
// tests call them directly with the Context go-app gives the component.
type designPanel struct {
	goapp.Compo
	Panel

	// requests keeps, by access pattern name, request text that is not
	// valid JSON: it is never put in the draft, so the panel holds it (and
	// its error) to show what was typed.
	requests map[string]requestDraft
}

type requestDraft struct{ text, err string }

// Defaults for what the panel adds.
const (
	// defaultTTLAttribute avoids "ttl", which is a DynamoDB reserved word
	// and would need a placeholder in every expression.
	defaultTTLAttribute = "expiresAt"
	// defaultCapacity is the units the console proposes for a new
	// provisioned table or index.
	defaultCapacity = 5
)

var keyTypes = []struct {
	value schema.ScalarType
	label string
}{
	{schema.TypeS, "S"},
	{schema.TypeN, "N"},
	{schema.TypeB, "B"},
}

var streamViewTypes = []string{schema.StreamKeysOnly, schema.StreamNewImage, schema.StreamOldImage, schema.StreamNewAndOldImages}

var projectionTypes = []schema.ProjectionType{schema.ProjectAll, schema.ProjectKeysOnly, schema.ProjectInclude}

// Render draws the panel.
func (d *designPanel) Render() goapp.UI {
	st := d.State
	if st == nil || st.Draft == nil {
		return goapp.Div().Class("wb-design").Body(
			goapp.P().Class("wb-muted").Text("The design opens when the engine has started."))
	}
	m := st.Draft
	pl := placeProblems(m, st.Problems)
	tables := make([]goapp.UI, len(m.Tables))
	for i := range m.Tables {
		tables[i] = d.renderTable(m, i, pl)
	}
	return goapp.Div().Class("wb-design").Body(
		d.renderBar(st),
		renderProblemSummary(st.Problems, pl),
		d.renderModel(m, pl),
		goapp.Section().Class("wb-design-section").Body(
			goapp.Div().Class("wb-design-section-head").Body(
				goapp.H2().Text("Tables"),
				goapp.Button().ID(IDDesignAddTable).Class("wb-btn wb-btn-small").Text("+ Table").
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.addTable(ctx) }),
			),
			pl.errorsAt("tables", IDDesignTables),
			goapp.Div().ID(IDDesignTables).Class("wb-design-tables").Body(tables...),
		),
		d.renderEntities(m, pl),
		d.renderPatterns(m, pl),
	)
}

// renderBar draws the panel's head: whether the draft is applied, the
// number of problems and the Apply button.
func (d *designPanel) renderBar(st *State) goapp.UI {
	n := len(st.Problems)
	canApply := st.Dirty && n == 0
	title := "Create the draft's tables in the engine, keeping the items that fit"
	switch {
	case !st.Dirty:
		title = "The engine already runs this design"
	case n > 0:
		title = "Fix the problems first: DynamoDB would refuse this design"
	}
	history := ""
	switch {
	case st.CanUndo && st.CanRedo:
		history = "undo and redo available (Ctrl+Z, Ctrl+Shift+Z)"
	case st.CanUndo:
		history = "undo available (Ctrl+Z)"
	case st.CanRedo:
		history = "redo available (Ctrl+Shift+Z)"
	}
	return goapp.Div().Class("wb-design-bar").Body(
		goapp.If(st.Dirty, func() goapp.UI {
			return goapp.Span().ID(IDDesignDirty).Class("wb-design-dirty").Text("unapplied changes")
		}).Else(func() goapp.UI {
			return goapp.Span().Class("wb-design-clean").Text("the engine runs this design")
		}),
		goapp.Span().Class(problemCountClass(n)).Text(problemCount(n)),
		goapp.If(history != "", func() goapp.UI {
			return goapp.Span().Class("wb-muted wb-design-history").Text(history)
		}),
		goapp.Button().ID(IDDesignApply).Class("wb-btn wb-btn-primary").Text("Apply design").
			Disabled(!canApply).Title("%s", title).
			OnClick(func(ctx goapp.Context, e goapp.Event) { d.apply(ctx) }),
	)
}

func problemCount(n int) string {
	switch n {
	case 0:
		return "no problems"
	case 1:
		return "1 problem"
	}
	return strconv.Itoa(n) + " problems"
}

func problemCountClass(n int) string {
	if n == 0 {
		return "wb-design-count ok"
	}
	return "wb-design-count bad"
}

// renderProblemSummary lists every problem with its path and message. A
// problem placed at a control links to it through a label, so a click
// focuses the field at fault.
func renderProblemSummary(probs model.Errors, pl *placement) goapp.UI {
	items := make([]goapp.UI, len(probs))
	for i, p := range probs {
		path := p.Path
		if path == "" {
			path = "model"
		}
		body := []goapp.UI{
			goapp.Code().Class("wb-design-path").Text(path),
			goapp.Span().Class("wb-design-message").Text(p.Message),
		}
		var row goapp.UI = goapp.Span().Body(body...)
		if a, ok := pl.anchors[pl.target[p]]; ok && a.control {
			row = goapp.Label().For("%s", a.id).Body(body...)
		}
		items[i] = goapp.Li().Body(row)
	}
	return goapp.Section().Class("wb-design-summary").Body(
		goapp.Ul().ID(IDProblems).Class("wb-design-problems").
			DataSet("count", len(probs)).Body(items...),
		goapp.If(len(probs) == 0, func() goapp.UI {
			return goapp.P().Class("wb-design-ok").Text("No problems: DynamoDB would accept these tables.")
		}),
	)
}

// renderModel draws the model's own fields.
func (d *designPanel) renderModel(m *model.Model, pl *placement) goapp.UI {
	return goapp.Section().Class("wb-design-section wb-design-model").Body(
		pl.field("Model name", IDDesignModelName, "name",
			goapp.Input().ID(IDDesignModelName).Type("text").Class("wb-design-wide").
				Value(m.Name).Aria("invalid", pl.has("name")).
				OnChange(onValue(d.setModelName))),
		pl.field("Description", IDDesignModelDesc, "description",
			goapp.Input().ID(IDDesignModelDesc).Type("text").Class("wb-design-wide").
				Value(m.Description).Placeholder("What the application stores and how it reads it").
				OnChange(onValue(d.setModelDescription))),
	)
}

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
					Aria("invalid", pl.has(path+".TimeToLiveSpecification.AttributeName")).
					Title("A Number attribute holding the expiry time in epoch seconds").
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
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.addGSI(ctx, i) }),
			),
			goapp.Div().Class("wb-design-index-list").Body(gsis...),
		),
		goapp.Div().Class("wb-design-indexes").Body(
			goapp.Div().Class("wb-design-indexes-head").Body(
				goapp.H4().Text(fmt.Sprintf("Local secondary indexes (%d of %d)", len(t.LocalSecondaryIndexes), schema.MaxLSIs)),
				goapp.Button().ID(id(IDDesignAddLSI)).Class("wb-btn wb-btn-small").Text("+ LSI").
					Disabled(len(t.LocalSecondaryIndexes) >= schema.MaxLSIs).
					Title("An LSI shares the table's partition key and can only be created with the table").
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
				Title("Attribute type: S string, N number, B binary").
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setKeyType(ctx, slot, v) }), goapp.EventScope(slot.table, slot.kind, slot.index, slot.role)).Body(
				goapp.Range(keyTypes).Slice(func(k int) goapp.UI {
					kt := keyTypes[k]
					return goapp.Option().Value(string(kt.value)).Selected(typ == kt.value || typ == "" && kt.value == schema.TypeS).Text(kt.label)
				}),
			),
		),
		errs,
	)
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

// ---- entities ----

func (d *designPanel) renderEntities(m *model.Model, pl *placement) goapp.UI {
	rows := make([]goapp.UI, len(m.Entities))
	for i := range m.Entities {
		rows[i] = d.renderEntity(m, i, pl)
	}
	return goapp.Section().Class("wb-design-section").Body(
		goapp.Div().Class("wb-design-section-head").Body(
			goapp.H2().Text("Entities"),
			goapp.Button().ID(IDDesignAddEntity).Class("wb-btn wb-btn-small").Text("+ Entity").
				Disabled(len(m.Tables) == 0).
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.addEntity(ctx) }),
		),
		goapp.P().Class("wb-muted wb-design-note").Text(
			"Key templates build each key attribute from parameters: USER#{userId}. Leave an index key empty to keep the entity out of that index (a sparse index)."),
		goapp.If(len(rows) == 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("No entities yet.")
		}),
		goapp.Div().ID(IDDesignEntities).Class("wb-design-entities").Body(rows...),
	)
}

// entityKey is one key attribute an entity can have a template for.
type entityKey struct {
	name     string
	role     string // what the attribute keys: "partition key", "GSI1 sort key", ...
	required bool
	stale    bool // not a key attribute of the table: the template is an error
}

// entityKeys lists the key attributes of the entity's table (primary key
// first, then the indexes' keys), then the entity's templates for
// attributes that are not keys.
func entityKeys(t *model.Table, e *model.Entity) []entityKey {
	var out []entityKey
	seen := map[string]int{}
	add := func(name, role string, required bool) {
		if name == "" {
			return
		}
		if k, ok := seen[name]; ok {
			out[k].role += ", " + role
			return
		}
		seen[name] = len(out)
		out = append(out, entityKey{name: name, role: role, required: required})
	}
	if t != nil {
		add(t.HashKey(), "partition key", true)
		add(t.RangeKey(), "sort key", true)
		for _, g := range t.GlobalSecondaryIndexes {
			for _, k := range g.KeySchema {
				add(k.AttributeName, g.IndexName+" "+keyRole(k.KeyType), false)
			}
		}
		for _, l := range t.LocalSecondaryIndexes {
			for _, k := range l.KeySchema {
				if k.KeyType == schema.KeyTypeRange {
					add(k.AttributeName, l.IndexName+" sort key", false)
				}
			}
		}
	}
	var stale []string
	for name := range e.Keys {
		if _, ok := seen[name]; !ok {
			stale = append(stale, name)
		}
	}
	slices.Sort(stale)
	for _, name := range stale {
		out = append(out, entityKey{name: name, role: "not a key attribute", stale: true})
	}
	return out
}

func keyRole(kt schema.KeyType) string {
	if kt == schema.KeyTypeRange {
		return "sort key"
	}
	return "partition key"
}

func (d *designPanel) renderEntity(m *model.Model, i int, pl *placement) goapp.UI {
	e := &m.Entities[i]
	path := entityPath(i)
	id := func(suffix string) string { return designEntityID(i, suffix) }
	t := m.Table(e.Table)
	keys := entityKeys(t, e)
	inputs := make([]goapp.UI, len(keys))
	for k, key := range keys {
		kid := designKeyID(i, key.name)
		kpath := path + ".keys." + key.name
		name := key.name
		typ := ""
		if t != nil {
			typ = string(t.AttributeType(name))
		}
		placeholder := "not in the index"
		if key.required {
			placeholder = "required"
		}
		cls := "wb-design-field wb-design-template"
		if key.stale {
			cls += " stale"
		}
		inputs[k] = goapp.Div().Class(cls).Body(
			goapp.Label().For(kid).Body(
				goapp.Span().Class("wb-mono").Text(name),
				goapp.If(typ != "", func() goapp.UI { return goapp.Span().Class("wb-attr-type").Text(typ) }),
				goapp.Span().Class("wb-muted").Text(" "+key.role),
			),
			goapp.Input().ID(kid).Type("text").Class("wb-mono").Value(e.Keys[name]).
				Placeholder("%s", placeholder).Aria("invalid", pl.has(kpath)).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setKeyTemplate(ctx, i, name, v) }), goapp.EventScope(i, name)),
			pl.errorsAt(kpath, kid),
		)
	}
	names := tableNames(m)
	return goapp.Div().ID(id("")).Class("wb-design-card wb-design-entity").Body(
		pl.errorsAt(path, id("")),
		goapp.Div().Class("wb-design-index-row").Body(
			pl.field("Entity", id(IDDesignName), path+".name",
				goapp.Input().ID(id(IDDesignName)).Type("text").Class("wb-design-attr").Value(e.Name).
					Aria("invalid", pl.has(path+".name")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setEntityName(ctx, i, v) }))),
			pl.field("Table", id(IDDesignEntTable), path+".table",
				goapp.Select().ID(id(IDDesignEntTable)).Class("wb-select").Aria("invalid", pl.has(path+".table")).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setEntityTable(ctx, i, v) })).Body(
					goapp.If(t == nil, func() goapp.UI {
						return goapp.Option().Value(e.Table).Selected(true).Text(e.Table + " (missing)")
					}),
					goapp.Range(names).Slice(func(k int) goapp.UI {
						return goapp.Option().Value(names[k]).Selected(names[k] == e.Table).Text(names[k])
					}),
				)),
			pl.field("Description", id(IDDesignEntDesc), path+".description",
				goapp.Input().ID(id(IDDesignEntDesc)).Type("text").Class("wb-design-wide").Value(e.Description).
					OnChange(onValue(func(ctx goapp.Context, v string) { d.setEntityDescription(ctx, i, v) }))),
			goapp.Button().ID(id(IDDesignRemove)).Class("wb-btn wb-btn-small wb-btn-danger wb-design-remove").
				Text("Remove").Title("%s", "Remove the entity "+e.Name).
				OnClick(func(ctx goapp.Context, ev goapp.Event) { d.removeEntity(ctx, i) }),
		),
		pl.errorsAt(path+".keys", id(IDDesignKeys)),
		goapp.Div().Class("wb-design-templates").Body(inputs...),
		goapp.If(len(e.Attributes) > 0, func() goapp.UI {
			return goapp.P().Class("wb-muted wb-design-note").Text(attributesText(e.Attributes))
		}),
	)
}

// attributesText lists an entity's other attributes: "Attributes: name (S), ...".
func attributesText(as []model.Attribute) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.Name + " (" + a.Type + ")"
	}
	return "Attributes: " + strings.Join(parts, ", ")
}

// ---- access patterns ----

func (d *designPanel) renderPatterns(m *model.Model, pl *placement) goapp.UI {
	rows := make([]goapp.UI, len(m.AccessPatterns))
	for i := range m.AccessPatterns {
		rows[i] = d.renderPattern(m, i, pl)
	}
	return goapp.Section().Class("wb-design-section").Body(
		goapp.Div().Class("wb-design-section-head").Body(goapp.H2().Text("Access patterns")),
		goapp.If(len(rows) == 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("No access patterns. Requests run from the Query tab.")
		}),
		goapp.Div().ID(IDDesignPatterns).Class("wb-design-patterns").Body(rows...),
	)
}

func (d *designPanel) renderPattern(m *model.Model, i int, pl *placement) goapp.UI {
	ap := &m.AccessPatterns[i]
	path := patternPath(i)
	rid := designPatternID(i, IDDesignRequest)
	text := indentJSON(ap.Request)
	var localErr string
	if r, ok := d.requests[ap.Name]; ok {
		text, localErr = r.text, r.err
	}
	return goapp.Div().ID(designPatternID(i, "")).Class("wb-design-pattern").Body(
		goapp.Div().Class("wb-design-pattern-head").Body(
			goapp.Strong().Text(ap.Name),
			goapp.Span().Class("wb-design-op").Text(ap.Operation),
			goapp.If(ap.Entity != "", func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text("entity " + ap.Entity)
			}),
			goapp.Span().Class("wb-design-desc").Text(ap.Description),
		),
		pl.errorsAt(path, designPatternID(i, "")),
		goapp.Details().Class("wb-design-request").Open(localErr != "" || pl.has(path+".request")).Body(
			goapp.Summary().Text("Request"),
			goapp.Label().Class("wb-visually-hidden").For(rid).Text("Request JSON of "+ap.Name),
			goapp.Textarea().ID(rid).Class("wb-code").Spellcheck(false).Rows(max(3, min(14, strings.Count(text, "\n")+2))).
				Text(text).Attr("value", text).Aria("invalid", localErr != "" || pl.has(path+".request")).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setRequest(ctx, i, v) })),
			goapp.If(localErr != "", func() goapp.UI {
				return goapp.Ul().ID(rid+IDDesignErrorSuffix).Class("wb-design-errors").Attr("role", "alert").Body(
					goapp.Li().Text(localErr))
			}).Else(func() goapp.UI {
				return pl.errorsAt(path+".request", rid)
			}),
		),
	)
}

// indentJSON indents a request for reading; text that is not JSON is shown
// as it is.
func indentJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

// onValue adapts a handler of a control's value to a go-app event handler.
func onValue(fn func(ctx goapp.Context, v string)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		fn(ctx, e.Get("target").Get("value").String())
	}
}

// ---- problems next to their fields ----

// anchor is a place in the panel where problems are shown: a control (its
// label then focuses it) or a card.
type anchor struct {
	id      string
	control bool
}

// placement says where each problem of the draft is shown.
type placement struct {
	anchors map[string]anchor            // document path -> where it shows
	at      map[string]model.Errors      // anchor path -> problems shown there
	target  map[*model.FieldError]string // problem -> its anchor path ("": summary only)
}

// placeProblems places each problem at the deepest anchor that its path
// (or, for errors DynamoDB reports on a whole table or index, the field its
// message is about) falls under.
func placeProblems(m *model.Model, probs model.Errors) *placement {
	pl := &placement{
		anchors: designAnchors(m),
		at:      map[string]model.Errors{},
		target:  map[*model.FieldError]string{},
	}
	for _, p := range probs {
		path := refinePath(m, p.Path, p.Message)
		for ; path != ""; path = parentPath(path) {
			if _, ok := pl.anchors[path]; ok {
				break
			}
		}
		pl.target[p] = path
		if path != "" {
			pl.at[path] = append(pl.at[path], p)
		}
	}
	return pl
}

// designAnchors lists the paths the panel shows problems at, with the
// element they show next to.
func designAnchors(m *model.Model) map[string]anchor {
	a := map[string]anchor{
		"name":        {IDDesignModelName, true},
		"description": {IDDesignModelDesc, true},
		"tables":      {IDDesignTables, false},
	}
	for i := range m.Tables {
		t := &m.Tables[i]
		p := tablePath(i)
		id := func(s string) string { return designTableID(i, s) }
		a[p] = anchor{id(""), false}
		a[p+".TableName"] = anchor{id(IDDesignName), true}
		a[p+".KeySchema"] = anchor{id(IDDesignPK), true}
		a[p+".BillingMode"] = anchor{id(IDDesignBilling), true}
		a[p+".ProvisionedThroughput"] = anchor{id(IDDesignBilling), true}
		a[p+".TimeToLiveSpecification"] = anchor{id(IDDesignTTL), true}
		a[p+".TimeToLiveSpecification.AttributeName"] = anchor{id(IDDesignTTLAttr), true}
		a[p+".StreamSpecification"] = anchor{id(IDDesignStream), true}
		a[p+".TableClass"] = anchor{id(IDDesignClass), true}
		for j := range t.GlobalSecondaryIndexes {
			ip := indexPath(i, true, j)
			iid := func(s string) string { return designIndexID(i, true, j, s) }
			a[ip] = anchor{iid(""), false}
			a[ip+".IndexName"] = anchor{iid(IDDesignName), true}
			a[ip+".KeySchema"] = anchor{iid(IDDesignPK), true}
			a[ip+".Projection"] = anchor{iid(IDDesignProjection), true}
			a[ip+".ProvisionedThroughput"] = anchor{iid(IDDesignRCU), true}
		}
		for j := range t.LocalSecondaryIndexes {
			ip := indexPath(i, false, j)
			iid := func(s string) string { return designIndexID(i, false, j, s) }
			a[ip] = anchor{iid(""), false}
			a[ip+".IndexName"] = anchor{iid(IDDesignName), true}
			a[ip+".KeySchema"] = anchor{iid(IDDesignSK), true}
			a[ip+".Projection"] = anchor{iid(IDDesignProjection), true}
		}
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		p := entityPath(i)
		a[p] = anchor{designEntityID(i, ""), false}
		a[p+".name"] = anchor{designEntityID(i, IDDesignName), true}
		a[p+".table"] = anchor{designEntityID(i, IDDesignEntTable), true}
		a[p+".description"] = anchor{designEntityID(i, IDDesignEntDesc), true}
		a[p+".keys"] = anchor{designEntityID(i, IDDesignKeys), false}
		for _, k := range entityKeys(m.Table(e.Table), e) {
			a[p+".keys."+k.name] = anchor{designKeyID(i, k.name), true}
		}
	}
	for i := range m.AccessPatterns {
		p := patternPath(i)
		a[p] = anchor{designPatternID(i, ""), false}
		a[p+".request"] = anchor{designPatternID(i, IDDesignRequest), true}
	}
	return a
}

// parentPath drops a path's last member or index:
// "tables[0].GlobalSecondaryIndexes[1]" -> "tables[0].GlobalSecondaryIndexes".
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

// refinePath finds the field an error on a whole table or index is about.
// The model reports CreateTable's errors at the table or the index
// ("tables[0]", "tables[0].GlobalSecondaryIndexes[1]") with DynamoDB's
// message, which names the request member it concerns ("Value null at
// 'globalSecondaryIndexes.1.member.indexName' ...") or speaks of one
// ("Invalid KeySchema: ..."). Anything else stays where it was reported.
func refinePath(m *model.Model, path, msg string) string {
	sub := tableOrIndexPath.FindStringSubmatch(path)
	switch {
	case sub == nil:
		return path
	case sub[2] == "":
		ti, _ := strconv.Atoi(sub[1])
		return path + tableMember(m, ti, msg)
	case sub[2] == "Global":
		return path + indexMember(msg, "globalSecondaryIndexes.")
	default:
		return path + indexMember(msg, "localSecondaryIndexes.")
	}
}

// tableOrIndexPath matches the paths the model reports CreateTable's errors
// at.
var tableOrIndexPath = regexp.MustCompile(`^tables\[(\d+)\](?:\.(Global|Local)SecondaryIndexes\[\d+\])?$`)

// violationMembers returns the request members a shape error names: the
// text between "at '" and "'".
func violationMembers(msg string) []string {
	var out []string
	for {
		i := strings.Index(msg, " at '")
		if i < 0 {
			return out
		}
		msg = msg[i+len(" at '"):]
		j := strings.IndexByte(msg, '\'')
		if j < 0 {
			return out
		}
		out = append(out, msg[:j])
		msg = msg[j:]
	}
}

// commonTop returns the first dotted segment the members share, or "".
func commonTop(members []string) string {
	top := ""
	for i, mem := range members {
		t, _, _ := strings.Cut(mem, ".")
		if i == 0 {
			top = t
		} else if t != top {
			return ""
		}
	}
	return top
}

// tableMember is the member of table ti that msg concerns, or "".
func tableMember(m *model.Model, ti int, msg string) string {
	mems := violationMembers(msg)
	switch commonTop(mems) {
	case "tableName":
		return ".TableName"
	case "keySchema", "attributeDefinitions":
		return ".KeySchema"
	case "billingMode":
		return ".BillingMode"
	case "provisionedThroughput":
		return ".ProvisionedThroughput"
	case "streamSpecification":
		return ".StreamSpecification"
	default:
		return "" // members of different fields, or of no field shown
	case "":
		if len(mems) > 0 {
			return ""
		}
	}
	if name, ok := strings.CutPrefix(msg, "One or more parameter values were invalid: Duplicate index name: "); ok && ti < len(m.Tables) {
		// The second index of that name is the one at fault.
		t := &m.Tables[ti]
		last := ""
		for j, l := range t.LocalSecondaryIndexes {
			if l.IndexName == name {
				last = fmt.Sprintf(".LocalSecondaryIndexes[%d].IndexName", j)
			}
		}
		for j, g := range t.GlobalSecondaryIndexes {
			if g.IndexName == name {
				last = fmt.Sprintf(".GlobalSecondaryIndexes[%d].IndexName", j)
			}
		}
		return last
	}
	switch {
	case strings.Contains(msg, "'TableName'"):
		return ".TableName"
	case strings.Contains(msg, "KeySchema") && !strings.Contains(msg, "Index KeySchema"),
		strings.Contains(msg, "Hash Key and the Range Key"),
		strings.Contains(msg, "index key attribute"):
		return ".KeySchema"
	case strings.Contains(msg, "CapacityUnits"), strings.Contains(msg, "BillingMode"):
		return ".ProvisionedThroughput"
	case strings.Contains(msg, "stream"):
		return ".StreamSpecification"
	case strings.Contains(msg, "table-class"):
		return ".TableClass"
	}
	return ""
}

// indexMember is the member of an index that msg concerns, or "".
func indexMember(msg, list string) string {
	if mems := violationMembers(msg); len(mems) > 0 {
		var fields []string
		for _, mem := range mems {
			rest, ok := strings.CutPrefix(mem, list)
			if !ok {
				return ""
			}
			// "1.member.indexName" -> "indexName"
			parts := strings.SplitN(rest, ".", 4)
			if len(parts) < 3 {
				return ""
			}
			fields = append(fields, parts[2])
		}
		switch commonTop(fields) {
		case "indexName":
			return ".IndexName"
		case "keySchema":
			return ".KeySchema"
		case "projection":
			return ".Projection"
		case "provisionedThroughput":
			return ".ProvisionedThroughput"
		}
		return ""
	}
	switch {
	case strings.Contains(msg, "ProjectionType"), strings.Contains(msg, "NonKeyAttributes"):
		return ".Projection"
	case strings.Contains(msg, "ProvisionedThroughput"), strings.Contains(msg, "CapacityUnits"),
		strings.Contains(msg, "OnDemandThroughput"):
		return ".ProvisionedThroughput"
	case strings.Contains(msg, "KeySchema"), strings.Contains(msg, "Hash Key and the Range Key"),
		strings.Contains(msg, "key attribute"):
		return ".KeySchema"
	case strings.Contains(msg, "Duplicate index name"):
		return ".IndexName"
	}
	return ""
}

// has reports whether problems are shown at path.
func (pl *placement) has(path string) bool { return len(pl.at[path]) > 0 }

// errorsAt lists the problems placed at paths, under the id of the
// element they belong to + IDDesignErrorSuffix; nil when there are none.
func (pl *placement) errorsAt(path, id string, more ...string) goapp.UI {
	errs := pl.at[path]
	for _, p := range more {
		errs = append(slices.Clone(errs), pl.at[p]...)
	}
	if len(errs) == 0 {
		return nil
	}
	items := make([]goapp.UI, len(errs))
	for i, e := range errs {
		items[i] = goapp.Li().Text(e.Message)
	}
	return goapp.Ul().ID(id+IDDesignErrorSuffix).Class("wb-design-errors").
		Attr("role", "alert").Body(items...)
}

// field is a labelled control with the problems placed at path under it.
func (pl *placement) field(label, id, path string, control goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-design-field").Body(
		goapp.Label().For(id).Text(label),
		control,
		pl.errorsAt(path, id),
	)
}

// group is a field of several controls (the first is id) with the problems
// placed at any of paths under them.
func (pl *placement) group(label, id string, paths []string, controls ...goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-design-field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Div().Class("wb-design-pair").Body(controls...),
		pl.errorsAt(paths[0], id, paths[1:]...),
	)
}

func tablePath(i int) string  { return fmt.Sprintf("tables[%d]", i) }
func entityPath(i int) string { return fmt.Sprintf("entities[%d]", i) }
func patternPath(i int) string {
	return fmt.Sprintf("accessPatterns[%d]", i)
}

func indexPath(i int, gsi bool, j int) string {
	if gsi {
		return fmt.Sprintf("tables[%d].GlobalSecondaryIndexes[%d]", i, j)
	}
	return fmt.Sprintf("tables[%d].LocalSecondaryIndexes[%d]", i, j)
}

// ---- actions ----

// edit makes change one undoable step of the draft, then publishes. change
// reports false when it does not apply (the element it addresses is gone);
// a change that leaves the draft as it was records no step either, so that
// re-selecting a value does not fill the undo history.
func (d *designPanel) edit(ctx goapp.Context, change func(m *model.Model) bool) {
	st := d.Store.State()
	before, err := model.Marshal(st.Draft)
	if err != nil {
		return
	}
	probe, err := model.Decode(before)
	if err != nil || !change(probe) {
		return
	}
	if after, err := model.Marshal(probe); err == nil && bytes.Equal(before, after) {
		return
	}
	d.act(ctx, func() { _ = d.Store.Edit(func(m *model.Model) { change(m) }) })
}

// editTable edits table i and then derives its attribute definitions from
// its keys.
func (d *designPanel) editTable(ctx goapp.Context, i int, change func(m *model.Model, t *model.Table) bool) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Tables) {
			return false
		}
		t := &m.Tables[i]
		if !change(m, t) {
			return false
		}
		deriveDefinitions(&t.TableDefinition)
		return true
	})
}

// apply makes the engine run the draft.
func (d *designPanel) apply(ctx goapp.Context) {
	d.act(ctx, func() { _ = d.Store.Apply() })
}

func (d *designPanel) setModelName(ctx goapp.Context, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool { m.Name = v; return true })
}

func (d *designPanel) setModelDescription(ctx goapp.Context, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool { m.Description = v; return true })
}

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

// addEntity adds an entity in the first table with templates for its
// primary key: NAME#{id} and the constant NAME for a string key, a
// parameter for a number or binary one.
func (d *designPanel) addEntity(ctx goapp.Context) {
	d.edit(ctx, func(m *model.Model) bool {
		if len(m.Tables) == 0 {
			return false
		}
		name := uniqueName("Entity", 1, func(n string) bool { return m.Entity(n) != nil })
		t := &m.Tables[0]
		prefix := strings.ToUpper(name)
		keys := map[string]string{}
		if pk := t.HashKey(); pk != "" {
			keys[pk] = "{id}"
			if t.AttributeType(pk) == schema.TypeS {
				keys[pk] = prefix + "#{id}"
			}
		}
		if sk := t.RangeKey(); sk != "" {
			keys[sk] = "{sk}"
			if t.AttributeType(sk) == schema.TypeS {
				keys[sk] = prefix
			}
		}
		m.Entities = append(m.Entities, model.Entity{Name: name, Table: t.TableName, Keys: keys})
		return true
	})
}

func (d *designPanel) removeEntity(ctx goapp.Context, i int) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) {
			return false
		}
		m.Entities = slices.Delete(m.Entities, i, i+1)
		return true
	})
}

// setEntityName renames entity i; the access patterns that name it follow.
func (d *designPanel) setEntityName(ctx goapp.Context, i int, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) || m.Entities[i].Name == v {
			return false
		}
		old := m.Entities[i].Name
		m.Entities[i].Name = v
		if old != "" && v != "" && m.Entity(old) == nil {
			for k := range m.AccessPatterns {
				if m.AccessPatterns[k].Entity == old {
					m.AccessPatterns[k].Entity = v
				}
			}
		}
		return true
	})
}

func (d *designPanel) setEntityTable(ctx goapp.Context, i int, v string) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) {
			return false
		}
		m.Entities[i].Table = v
		return true
	})
}

func (d *designPanel) setEntityDescription(ctx goapp.Context, i int, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) {
			return false
		}
		m.Entities[i].Description = v
		return true
	})
}

// setKeyTemplate sets entity i's template for key attribute name; an empty
// one removes it (for an index key: the entity stays out of the index).
func (d *designPanel) setKeyTemplate(ctx goapp.Context, i int, name, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) {
			return false
		}
		e := &m.Entities[i]
		if v == "" {
			delete(e.Keys, name)
			return true
		}
		if e.Keys == nil {
			e.Keys = map[string]string{}
		}
		e.Keys[name] = v
		return true
	})
}

// setRequest replaces access pattern i's request. Text that is not JSON
// stays in the panel with its error and does not reach the draft.
func (d *designPanel) setRequest(ctx goapp.Context, i int, text string) {
	st := d.Store.State()
	if i < 0 || i >= len(st.Draft.AccessPatterns) {
		return
	}
	name := st.Draft.AccessPatterns[i].Name
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		if d.requests == nil {
			d.requests = map[string]requestDraft{}
		}
		d.requests[name] = requestDraft{text: text, err: "not valid JSON: " + err.Error()}
		return
	}
	delete(d.requests, name)
	req := json.RawMessage(b.Bytes())
	d.edit(ctx, func(m *model.Model) bool {
		if i >= len(m.AccessPatterns) || m.AccessPatterns[i].Name != name {
			return false
		}
		m.AccessPatterns[i].Request = req
		return true
	})
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

// rewriteRequests calls fix on every JSON object of every access pattern's
// request, and rewrites the requests it changed (numbers as written).
func rewriteRequests(m *model.Model, fix func(obj map[string]any)) {
	for k := range m.AccessPatterns {
		ap := &m.AccessPatterns[k]
		dec := json.NewDecoder(bytes.NewReader(ap.Request))
		dec.UseNumber()
		var doc any
		if dec.Decode(&doc) != nil {
			continue
		}
		before, err := json.Marshal(doc)
		if err != nil {
			continue
		}
		walkObjects(doc, fix)
		after, err := json.Marshal(doc)
		if err != nil || bytes.Equal(before, after) {
			continue // untouched requests keep their text
		}
		ap.Request = after
	}
}

func walkObjects(v any, fix func(obj map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		fix(x)
		for _, c := range x {
			walkObjects(c, fix)
		}
	case []any:
		for _, c := range x {
			walkObjects(c, fix)
		}
	}
}
