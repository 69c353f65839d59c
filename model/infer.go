package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// InferAttributes seeds the entities' attribute schemas from sample items
// (an imported NoSQL Workbench model's, or a dataset's explicit items):
// each item is recognised as its entity; every attribute the entity's
// items carry (and every key template parameter) that the entity does not
// declare, or declares without a generator, gets a type, a generator shaped
// like the sample values (gen.Infer) and a frequency. Declared generators
// are kept. When none of an entity's primary key parameters then has a
// generator of unique values, the last one gets one (seq or uuid), so that
// generated items do not overwrite each other. It returns a note per
// attribute it set.
func (m *Model) InferAttributes(items map[string][]attr.Item) []string {
	rec, err := m.NewRecognizer()
	if err != nil {
		return nil
	}
	type sample struct {
		vals  []attr.Value
		types map[string]int
	}
	var notes []string
	for i := range m.Entities {
		e := &m.Entities[i]
		t := m.Table(e.Table)
		if t == nil {
			continue
		}
		keyAttrs := map[string]bool{}
		for k := range e.Keys {
			keyAttrs[k] = true
		}
		for _, k := range t.KeyAttributes() {
			keyAttrs[k] = true
		}
		samples := map[string]*sample{}
		var order []string
		add := func(name string, v attr.Value) {
			s := samples[name]
			if s == nil {
				s = &sample{types: map[string]int{}}
				samples[name] = s
				order = append(order, name)
			}
			s.vals = append(s.vals, v)
			s.types[v.Type().String()]++
		}
		n := 0
		var primary []string
		for _, it := range items[e.Table] {
			got, p := rec.EntityOf(e.Table, it)
			if got != e {
				continue
			}
			n++
			p = rec.allParams(e, it, p)
			names := make([]string, 0, len(p))
			for k := range p {
				names = append(names, k)
			}
			slices.Sort(names)
			for _, k := range names {
				if _, own := it[k]; !own {
					add(k, attr.String(p[k]))
				}
			}
			anames := make([]string, 0, len(it))
			for k := range it {
				anames = append(anames, k)
			}
			slices.Sort(anames)
			for _, k := range anames {
				if !keyAttrs[k] {
					add(k, it[k])
				}
			}
		}
		if n == 0 {
			continue
		}
		for _, k := range []string{t.HashKey(), t.RangeKey()} {
			if tpl, err := ParseTemplate(e.Keys[k]); err == nil && k != "" {
				primary = append(primary, tpl.pars...)
			}
		}
		set := map[string]bool{}
		for _, name := range order {
			s := samples[name]
			typ := ""
			for ty, c := range s.types {
				if typ == "" || c > s.types[typ] || c == s.types[typ] && ty < typ {
					typ = ty
				}
			}
			var vals []attr.Value
			for _, v := range s.vals {
				if v.Type().String() == typ {
					vals = append(vals, v)
				}
			}
			a := attribute(e, name)
			if a != nil && a.Generator != "" {
				continue
			}
			g := gen.Infer(typ, vals)
			freq := float64(len(s.vals)) / float64(n)
			if a == nil {
				e.Attributes = append(e.Attributes, Attribute{Name: name, Type: typ})
				a = &e.Attributes[len(e.Attributes)-1]
			} else if a.Type != "" && a.Type != typ {
				continue // the declared type wins; nothing to infer from other values
			}
			a.Generator = g
			if freq < 1 && !a.Required && !slices.Contains(primary, name) {
				a.Frequency = float64(int(freq*100+0.5)) / 100
				if a.Frequency == 0 {
					a.Frequency = 0.01
				}
			}
			set[name] = true
			notes = append(notes, fmt.Sprintf("entity %s: attribute %s (%s): %s, from %d sample items", e.Name, name, typ, g, len(vals)))
		}
		// Keys must stay unique.
		unique, last := false, ""
		for _, p := range primary {
			if a := attribute(e, p); a != nil {
				if k, err := kindOf(a.Generator); err == nil && slices.Contains(uniqueKinds, k) {
					unique = true
				}
				if set[p] {
					last = p
				}
			}
		}
		if !unique && last != "" {
			a := attribute(e, last)
			a.Generator = "uuid"
			if allDigits(samples[last].vals) {
				a.Generator = "seq"
			}
			notes = append(notes, fmt.Sprintf("entity %s: attribute %s: %s, so that every item has its own key", e.Name, last, a.Generator))
		}
	}
	return notes
}

func attribute(e *Entity, name string) *Attribute {
	for i := range e.Attributes {
		if e.Attributes[i].Name == name {
			return &e.Attributes[i]
		}
	}
	return nil
}

func allDigits(vals []attr.Value) bool {
	for _, v := range vals {
		s, ok := v.(attr.String)
		if !ok || s == "" || strings.Trim(string(s), "0123456789") != "" {
			return false
		}
	}
	return true
}

// GeneratorFor returns the generator spec that loads size items of the
// model with seed: its own pattern generator when the dataset names one,
// otherwise the entities' generators ("entities"), their schemas first
// seeded from the model's explicit items (InferAttributes; the notes say
// what it set). It fails when the model has no entities to generate.
func (m *Model) GeneratorFor(size int, seed int64) (GeneratorSpec, []string, error) {
	ds := m.Dataset
	if ds != nil && ds.Generator != nil && ds.Generator.Pattern != "" && ds.Generator.Pattern != EntitiesGenerator && ds.Items == nil {
		spec := *ds.Generator
		spec.Size, spec.Seed = size, seed
		return spec, nil, nil
	}
	if len(m.Entities) == 0 {
		return GeneratorSpec{}, nil, fmt.Errorf("the model has no entities to generate: add an entity with key templates first")
	}
	var notes []string
	if ds != nil && len(ds.Items) > 0 {
		notes = m.InferAttributes(ds.Items)
	}
	spec := GeneratorSpec{Pattern: EntitiesGenerator, Seed: seed, Size: size}
	if _, err := m.Synthesize(spec); err != nil {
		return GeneratorSpec{}, notes, err
	}
	return spec, notes, nil
}
