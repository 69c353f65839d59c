package model

import (
	"fmt"
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// Attribute generators are the language of package gen (documented there
// and in docs/model-format.md): "seq(5)", "email", "enum(A:5,B:1)",
// "ref(Customer.customerId,1,20)", "hot(0.3,2,seq(4))", "ttl(20%,-7d,+30d)"...

// DefaultStart is where generated times count from when the model's
// settings have no start time.
var DefaultStart = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// genStart is the start time generators use.
func (m *Model) genStart() time.Time {
	if s := m.Settings.Start(); !s.IsZero() {
		return s
	}
	return DefaultStart
}

// uniqueKinds are generators whose values do not repeat within an entity
// (or hardly: times to the second), so a key holding one stays unique.
var uniqueKinds = []string{"seq", "uuid", "ulid", "email", "timestamp", "epoch"}

// GenEntities returns the model's entities as the generator sees them:
// every attribute with a generator (attributes without one get
// gen.Guess's from their name and type), plus an attribute for each key
// template parameter the entity does not declare. When no primary key
// parameter is then unique (seq, uuid, ...), the last one given a
// generator here becomes seq(5), so that items do not overwrite each
// other. Declared generators are never changed.
func (m *Model) GenEntities() []gen.Entity {
	out := make([]gen.Entity, len(m.Entities))
	for i := range m.Entities {
		e := &m.Entities[i]
		ge := gen.Entity{Name: e.Name}
		declared := map[string]bool{}
		implicit := map[string]int{} // attribute name -> index in ge.Attributes
		for _, a := range e.Attributes {
			g := a.Generator
			if g == "" {
				g = gen.Guess(a.Name, a.Type)
				implicit[a.Name] = len(ge.Attributes)
			}
			declared[a.Name] = true
			ge.Attributes = append(ge.Attributes, gen.Attribute{Name: a.Name, Type: a.Type, Generator: g, Frequency: a.Frequency})
		}
		t := m.Table(e.Table)
		var primary []string // primary key parameters in template order
		if t != nil {
			for _, ka := range keyAttributes(e, t) {
				tpl, err := ParseTemplate(e.Keys[ka])
				if err != nil {
					continue
				}
				isPrimary := ka == t.HashKey() || ka == t.RangeKey()
				for _, p := range tpl.pars {
					if isPrimary && !slices.Contains(primary, p) {
						primary = append(primary, p)
					}
					if declared[p] {
						continue
					}
					declared[p] = true
					typ := "S"
					if tpl.IsParam() {
						typ = string(t.AttributeType(ka))
					}
					implicit[p] = len(ge.Attributes)
					ge.Attributes = append(ge.Attributes, gen.Attribute{Name: p, Type: typ, Generator: gen.Guess(p, typ)})
				}
			}
		}
		// An optional attribute that keys an index (a sparse one) is on the
		// entity's first item, so the index is never empty.
		if t != nil {
			for k, src := range e.Keys {
				if k == t.HashKey() || k == t.RangeKey() {
					continue
				}
				if tpl, err := ParseTemplate(src); err == nil {
					for _, p := range tpl.pars {
						for j := range ge.Attributes {
							if ge.Attributes[j].Name == p {
								ge.Attributes[j].OnFirst = true
							}
						}
					}
				}
			}
		}
		unique := false
		last := -1
		for _, p := range primary {
			for j, a := range ge.Attributes {
				if a.Name != p {
					continue
				}
				if k, err := kindOf(a.Generator); err == nil && slices.Contains(uniqueKinds, k) {
					unique = true
				}
				if _, ok := implicit[p]; ok {
					last = j
				}
			}
		}
		if !unique && last >= 0 && ge.Attributes[last].Type != "B" {
			ge.Attributes[last].Generator = "seq(5)"
		}
		out[i] = ge
	}
	return out
}

// keyAttributes returns the names of e's key attributes: the table's
// primary key first, then the others by name.
func keyAttributes(e *Entity, t *Table) []string {
	var names []string
	for _, k := range []string{t.HashKey(), t.RangeKey()} {
		if _, ok := e.Keys[k]; ok && k != "" {
			names = append(names, k)
		}
	}
	var rest []string
	for k := range e.Keys {
		if !slices.Contains(names, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}

// kindOf returns a generator's kind name.
func kindOf(src string) (string, error) {
	g, err := gen.Compile(src, "", gen.Env{})
	if err != nil {
		// A ref does not compile alone; its kind is still "ref".
		if len(src) >= 3 && src[:3] == "ref" {
			return "ref", nil
		}
		return "", err
	}
	return g.Kind(), nil
}

// GenPlan compiles the model's entities (GenEntities) into a generator
// plan, and their key templates.
func (m *Model) GenPlan() (*gen.Plan, []*Keys, error) {
	var opts map[string]string
	if m.Dataset != nil && m.Dataset.Generator != nil {
		opts = m.Dataset.Generator.Options
	}
	return m.genPlan(opts)
}

// genPlan is GenPlan with the entities generator's options.
func (m *Model) genPlan(opts map[string]string) (*gen.Plan, []*Keys, error) {
	if len(m.Entities) == 0 {
		return nil, nil, fmt.Errorf("the model has no entities to generate")
	}
	ents := m.GenEntities()
	keys := make([]*Keys, len(m.Entities))
	for i := range m.Entities {
		e := &m.Entities[i]
		k, err := m.CompileKeys(e)
		if err != nil {
			return nil, nil, err
		}
		keys[i] = k
		every := map[string]bool{}
		for _, a := range ents[i].Attributes {
			if a.Frequency == 0 || a.Frequency == 1 {
				every[a.Name] = true
			}
		}
		for _, ka := range k.attrs[:k.nprim] {
			for _, p := range ka.tpl.pars {
				if !every[p] {
					return nil, nil, fmt.Errorf("entity %s: key parameter {%s} is not an attribute with a generator on every item", e.Name, p)
				}
			}
		}
	}
	plan, err := gen.NewPlan(ents, gen.Env{Start: m.genStart(), RootTurns: opts[OptionRoots] == RootsByReferences})
	if err != nil {
		return nil, nil, err
	}
	return plan, keys, nil
}

// Synthesize returns the items of spec generated from the entities'
// attribute generators (see GenEntities and gen.Plan.Run): without
// relations item i belongs to entity i mod E (E entities in model order)
// and is that entity's item number i div E; with ref(Parent.attr,min,max)
// each parent item is followed by its children. Key templates fill from
// the generated attributes, so every item matches its entity.
func (m *Model) Synthesize(spec GeneratorSpec) (Source, error) {
	if spec.Size < 0 {
		return nil, fmt.Errorf("size %d is negative", spec.Size)
	}
	plan, keys, err := m.genPlan(spec.Options)
	if err != nil {
		return nil, err
	}
	return func(emit func(string, attr.Fields) error) error {
		builders := make([]*ItemBuilder, len(keys)) // one run's: not shared
		for i, k := range keys {
			builders[i] = k.Builder()
		}
		return plan.Run(spec.Seed, spec.Size, func(e int, it attr.Fields) error {
			k := keys[e]
			it, err := builders[e].Item(nil, it)
			if err != nil {
				return fmt.Errorf("entity %s: %v", k.Entity.Name, err)
			}
			return emit(k.Entity.Table, it)
		})
	}, nil
}
