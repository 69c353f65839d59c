package app

import (
	"fmt"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

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
				Disabled(len(m.Tables) == 0).Title(greyed(len(m.Tables) == 0, "Add an entity: a kind of item of a table, with its key templates", "an entity lives in a table, and the design has none: add a table first")).
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
		d.renderAttributes(m, i, pl),
	)
}

// attributeTypes are the DynamoDB types an attribute can have.
var attributeTypes = []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"}

// generatorHelp is the title of a generator field: the language in brief,
// from the generator package's own list of kinds.
var generatorHelp = func() string {
	var b strings.Builder
	b.WriteString("How sample values are made. Empty: guessed from the name and type when a dataset is generated. Kinds: ")
	for i, k := range gen.Kinds() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k.Name + k.Args)
	}
	return b.String()
}()

// generatorExamples fill the generator fields' suggestions: one example of
// each kind.
var generatorExamples = func() []string {
	var out []string
	for _, k := range gen.Kinds() {
		if k.Example != "" {
			out = append(out, k.Example)
		}
	}
	return out
}()

// renderAttributes draws entity i's attribute schema: a row per attribute
// with its name, DynamoDB type, required switch and generator, each with
// its problems next to it.
func (d *designPanel) renderAttributes(m *model.Model, i int, pl *placement) goapp.UI {
	e := &m.Entities[i]
	path := entityPath(i) + ".attributes"
	rows := make([]goapp.UI, len(e.Attributes))
	for j := range e.Attributes {
		a := e.Attributes[j]
		ap := fmt.Sprintf("%s[%d]", path, j)
		id := func(s string) string { return designAttrID(i, j, s) }
		rows[j] = goapp.Tr().ID(id("")).Body(
			goapp.Td().Body(
				goapp.Input().ID(id(IDDesignName)).Type("text").Class("wb-mono").Value(a.Name).Aria("label", "Attribute name").
					Aria("invalid", pl.has(ap+".name")).
					OnChange(onValue(func(ctx goapp.Context, v string) {
						d.setAttribute(ctx, i, j, func(a *model.Attribute) { a.Name = strings.TrimSpace(v) })
					}), goapp.EventScope(i, j)),
				pl.errorsAt(ap+".name", id(IDDesignName), ap),
			),
			goapp.Td().Body(
				goapp.Select().ID(id(IDDesignAttrType)).Class("wb-select").Aria("label", "Type of "+a.Name).
					Aria("invalid", pl.has(ap+".type")).
					OnChange(onValue(func(ctx goapp.Context, v string) {
						d.setAttribute(ctx, i, j, func(a *model.Attribute) { a.Type = v })
					}), goapp.EventScope(i, j)).
					Body(goapp.Range(attributeTypes).Slice(func(k int) goapp.UI {
						return goapp.Option().Value(attributeTypes[k]).Selected(attributeTypes[k] == a.Type).Text(attributeTypes[k])
					})),
				pl.errorsAt(ap+".type", id(IDDesignAttrType)),
			),
			goapp.Td().Body(
				goapp.Input().ID(id(IDDesignAttrRequired)).Type("checkbox").Checked(a.Required).Aria("label", a.Name+" is required").
					OnChange(func(ctx goapp.Context, ev goapp.Event) {
						on := ev.Get("target").Get("checked").Bool()
						d.setAttribute(ctx, i, j, func(a *model.Attribute) {
							a.Required = on
							if on {
								a.Frequency = 0
							}
						})
					}, goapp.EventScope(i, j)),
				pl.errorsAt(ap+".frequency", id(IDDesignAttrRequired)),
			),
			goapp.Td().Body(
				goapp.Input().ID(id(IDDesignAttrGen)).Type("text").Class("wb-mono wb-design-wide").Value(a.Generator).
					Placeholder("guessed from the name").Title(generatorHelp).List(IDDesignGenKinds).Aria("label", "Generator of "+a.Name).
					Aria("invalid", pl.has(ap+".generator")).
					OnChange(onValue(func(ctx goapp.Context, v string) {
						d.setAttribute(ctx, i, j, func(a *model.Attribute) { a.Generator = strings.TrimSpace(v) })
					}), goapp.EventScope(i, j)),
				pl.errorsAt(ap+".generator", id(IDDesignAttrGen)),
			),
			goapp.Td().Body(
				goapp.Button().ID(id(IDDesignRemove)).Class("wb-btn wb-btn-small wb-btn-danger").Text("×").
					Title("Remove the attribute "+a.Name).
					OnClick(func(ctx goapp.Context, ev goapp.Event) { d.removeAttribute(ctx, i, j) }, goapp.EventScope(i, j)),
			),
		)
	}
	return goapp.Div().ID(designEntityID(i, IDDesignAttrs)).Class("wb-design-attrs").Body(
		goapp.If(i == 0, func() goapp.UI {
			return goapp.DataList().ID(IDDesignGenKinds).Body(goapp.Range(generatorExamples).Slice(func(k int) goapp.UI {
				return goapp.Option().Value(generatorExamples[k])
			}))
		}),
		pl.errorsAt(path, designEntityID(i, IDDesignAttrs)),
		goapp.If(len(rows) > 0, func() goapp.UI {
			return goapp.Table().Class("wb-table wb-design-attr-table").Body(
				goapp.THead().Body(goapp.Tr().Body(
					goapp.Th().Text("Attribute"), goapp.Th().Text("Type"), goapp.Th().Text("Required"),
					goapp.Th().Title(generatorHelp).Text("Generator"), goapp.Th(),
				)),
				goapp.TBody().Body(rows...),
			)
		}),
		goapp.Button().ID(designEntityID(i, IDDesignAttrAdd)).Class("wb-btn wb-btn-small").Text("+ Attribute").
			Title("Describe another attribute of "+e.Name+": its type, whether every item has it, how sample values are made").
			OnClick(func(ctx goapp.Context, ev goapp.Event) { d.addAttribute(ctx, i) }, goapp.EventScope(i)),
	)
}

// addAttribute adds a string attribute to entity i.
func (d *designPanel) addAttribute(ctx goapp.Context, i int) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) {
			return false
		}
		e := &m.Entities[i]
		name := uniqueName("attribute", len(e.Attributes)+1, func(n string) bool {
			return slices.ContainsFunc(e.Attributes, func(a model.Attribute) bool { return a.Name == n })
		})
		e.Attributes = append(e.Attributes, model.Attribute{Name: name, Type: "S"})
		return true
	})
}

// setAttribute changes attribute j of entity i.
func (d *designPanel) setAttribute(ctx goapp.Context, i, j int, fn func(a *model.Attribute)) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) || j < 0 || j >= len(m.Entities[i].Attributes) {
			return false
		}
		before := m.Entities[i].Attributes[j]
		fn(&m.Entities[i].Attributes[j])
		return m.Entities[i].Attributes[j] != before
	})
}

// removeAttribute removes attribute j of entity i.
func (d *designPanel) removeAttribute(ctx goapp.Context, i, j int) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Entities) || j < 0 || j >= len(m.Entities[i].Attributes) {
			return false
		}
		m.Entities[i].Attributes = slices.Delete(m.Entities[i].Attributes, j, j+1)
		return true
	})
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
