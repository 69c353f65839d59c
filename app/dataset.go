package app

import (
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/model"
)

// Datasets for designs without a pattern generator: a blank design once it
// has entities, an imported NoSQL Workbench model, a design proposed from
// access patterns. Their items come from the entities' attribute
// generators (model.Synthesize); an attribute or key parameter without a
// generator gets a default one for its type first, written into the design
// so that the attribute editor shows it and the Cost and Load analyses
// measure the same data.

// fillGenerators writes into m the generators a generated dataset uses for
// the attributes and key parameters that declare none (model.GenEntities:
// gen.Guess's from the name and type, seq(5) for a key that must stay
// unique), so that the design shows what it generates; it returns how many
// it wrote.
func fillGenerators(m *model.Model) int {
	n := 0
	ges := m.GenEntities()
	for i := range m.Entities {
		if i >= len(ges) {
			break
		}
		e := &m.Entities[i]
		for _, ga := range ges[i].Attributes {
			k := slices.IndexFunc(e.Attributes, func(a model.Attribute) bool { return a.Name == ga.Name })
			switch {
			case k < 0:
				typ := ga.Type
				if typ == "" {
					typ = "S"
				}
				e.Attributes = append(e.Attributes, model.Attribute{Name: ga.Name, Type: typ, Generator: ga.Generator, Required: ga.Frequency == 0})
				n++
			case e.Attributes[k].Generator == "":
				e.Attributes[k].Generator = ga.Generator
				n++
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
	if len(m.Entities) == 0 && (ds == nil || len(ds.Items) == 0) {
		return nil, 0, fmt.Errorf("this design has no entities to generate items from: add an entity (Design tab) with its key templates, or open a pattern")
	}
	next, err := cloneModel(m)
	if err != nil {
		return nil, 0, err
	}
	if len(next.Entities) == 0 {
		// Sample items without entities (a NoSQL Workbench model without
		// facets): one entity per table, its keys taken whole from the
		// items, so that the samples shape what is generated.
		for _, t := range next.Tables {
			if len(ds.Items[t.TableName]) == 0 {
				continue
			}
			keys := map[string]string{t.HashKey(): "{" + t.HashKey() + "}"}
			if sk := t.RangeKey(); sk != "" {
				keys[sk] = "{" + sk + "}"
			}
			next.Entities = append(next.Entities, model.Entity{Name: t.TableName + "Item", Table: t.TableName, Keys: keys,
				Description: "Made from the table's sample items, to generate more like them"})
		}
	}
	filled := 0
	if ds != nil && len(ds.Items) > 0 {
		// An imported design's sample items shape its generators.
		filled = len(next.InferAttributes(ds.Items))
	}
	filled += fillGenerators(next)
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
