package app

import (
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/model"
	"github.com/dynamodb-workbench/workbench/engine/schema"
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
