package app

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/model"
)

// Datasets for designs without a pattern generator: a blank design once it
// has entities, an imported NoSQL Workbench model, a design proposed from
// access patterns. Their items come from the entities' attribute
// generators (model.Synthesize); an attribute or key parameter without a
// generator gets a default one for its type first, written into the design
// so that the attribute editor shows it and the Cost and Load analyses
// measure the same data.

// defaultGenerator is the generator an attribute of type typ gets when it
// has none. A key parameter (key true) must keep keys unique, so it counts
// items; other attributes take plausible values.
func defaultGenerator(name, typ string, key bool) string {
	if key {
		if typ == "N" {
			return "seq"
		}
		return "seq(6)"
	}
	lower := strings.ToLower(name)
	switch typ {
	case "N":
		switch {
		case strings.Contains(lower, "ttl") || strings.Contains(lower, "expires"):
			return "epoch(+1d,+30d)"
		case strings.Contains(lower, "price") || strings.Contains(lower, "amount") || strings.Contains(lower, "total"):
			return "decimal(1,500,2)"
		}
		return "int(0,1000)"
	case "BOOL":
		return "bool"
	case "NULL":
		return "null"
	case "S":
		switch {
		case strings.HasSuffix(lower, "at") || strings.Contains(lower, "date") || strings.Contains(lower, "time"):
			return "timestamp(-90d,0)"
		case strings.Contains(lower, "status") || strings.Contains(lower, "state"):
			return "choice(ACTIVE,PENDING,CLOSED)"
		case strings.HasSuffix(lower, "id"):
			return "uuid"
		}
		return "text(5,24)"
	}
	return "" // sets, lists, maps and binaries have no default
}

// keyParams lists the parameters of an entity's key templates, in order.
func keyParams(e *model.Entity) []string {
	var out []string
	names := make([]string, 0, len(e.Keys))
	for k := range e.Keys {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		tpl, err := model.ParseTemplate(e.Keys[k])
		if err != nil {
			continue
		}
		for _, p := range tpl.Params() {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// fillGenerators gives every key parameter and attribute of m's entities
// that lacks one a default generator; it returns how many it gave. A key
// parameter that is not an attribute becomes one (a string, or a number
// when a key attribute of type N is exactly that parameter).
func fillGenerators(m *model.Model) int {
	n := 0
	for i := range m.Entities {
		e := &m.Entities[i]
		t := m.Table(e.Table)
		for _, p := range keyParams(e) {
			k := slices.IndexFunc(e.Attributes, func(a model.Attribute) bool { return a.Name == p })
			if k < 0 {
				typ := "S"
				if t != nil {
					for attrName, tpl := range e.Keys {
						if tpl == "{"+p+"}" && t.AttributeType(attrName) == "N" {
							typ = "N"
						}
					}
				}
				e.Attributes = append(e.Attributes, model.Attribute{Name: p, Type: typ, Required: true})
				k = len(e.Attributes) - 1
			}
			a := &e.Attributes[k]
			if a.Generator == "" {
				a.Generator = defaultGenerator(a.Name, a.Type, true)
				n++
			}
			if a.Frequency > 0 && a.Frequency < 1 {
				a.Frequency = 0 // a key parameter is on every item
			}
		}
		for k := range e.Attributes {
			a := &e.Attributes[k]
			if a.Generator == "" {
				if g := defaultGenerator(a.Name, a.Type, false); g != "" {
					a.Generator = g
					n++
				}
			}
		}
	}
	return n
}

// generatedDesign returns the design m with a dataset made from its
// entities' generators, n items (a copy; m itself is never changed), and
// how many default generators it gave, or nil when m needs none: it has a
// generator already, or explicit items and n asks for no more than they
// hold.
func generatedDesign(m *model.Model, n int) (*model.Model, int, error) {
	ds := m.Dataset
	if ds != nil && ds.Generator != nil && len(ds.Items) == 0 {
		return nil, 0, nil
	}
	if ds != nil && len(ds.Items) > 0 && (n <= 0 || n == explicitItems(ds)) {
		return nil, 0, nil
	}
	if len(m.Entities) == 0 {
		if ds != nil && len(ds.Items) > 0 {
			return nil, 0, nil
		}
		return nil, 0, fmt.Errorf("this design has no entities to generate items from: add an entity (Design tab) with its key templates, or open a pattern")
	}
	next, err := cloneModel(m)
	if err != nil {
		return nil, 0, err
	}
	filled := fillGenerators(next)
	if n <= 0 {
		n = 1000
	}
	next.Dataset = &model.Dataset{Generator: &model.GeneratorSpec{Pattern: model.EntitiesGenerator, Seed: 1, Size: n}}
	if _, err := next.Synthesize(*next.Dataset.Generator); err != nil {
		return nil, 0, fmt.Errorf("the entities cannot generate items: %w", err)
	}
	return next, filled, nil
}

func explicitItems(ds *model.Dataset) int {
	total := 0
	for _, items := range ds.Items {
		total += len(items)
	}
	return total
}
