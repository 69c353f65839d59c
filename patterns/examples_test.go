package patterns

import (
	"fmt"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestExamplesFromData runs every access pattern of every pattern with
// parameters FindExamples takes from the loaded dataset, at a small and a
// large size: each read returns items, and each write's parameters come
// from an item of its entity and the write succeeds.
func TestExamplesFromData(t *testing.T) {
	for _, p := range Catalog() {
		for _, size := range []int{200, 10_000} {
			t.Run(fmt.Sprintf("%s/%d", p.Name, size), func(t *testing.T) {
				m := p.Model()
				m.Dataset.Generator.Size = size
				db, _ := m.NewDatabase()
				if _, err := m.Load(db, Generator); err != nil {
					t.Fatal(err)
				}
				ex := m.FindExamples(db)
				if len(ex) != len(m.AccessPatterns) {
					t.Fatalf("%d examples for %d access patterns", len(ex), len(m.AccessPatterns))
				}
				for i, x := range ex {
					ap := &m.AccessPatterns[i]
					if x.AccessPattern != ap.Name {
						t.Fatalf("example %d is for %q, not %q", i, x.AccessPattern, ap.Name)
					}
					if x.Items < 0 {
						continue // a write: run below, after the reads
					}
					if x.Items == 0 || !x.FromData {
						t.Errorf("%s: no parameters found that return items (tried %v)", ap.Name, x.Params)
						continue
					}
					res, err := ap.Run(db, x.Params)
					if err != nil || len(res.Items) != x.Items {
						t.Errorf("%s with %v: %v items, %v; FindExamples said %d", ap.Name, x.Params, len(res.Items), err, x.Items)
					}
				}
				m.SetExamples(ex)
				for i, x := range ex {
					ap := &m.AccessPatterns[i]
					if x.Items >= 0 {
						continue
					}
					if !x.FromData && len(ap.Parameters) > 0 {
						t.Errorf("%s: a write's parameters should come from an item", ap.Name)
					}
					if _, err := ap.Run(db, ap.Examples()); err != nil {
						t.Errorf("%s with %v: %v", ap.Name, ap.Examples(), err)
					}
				}
				if err := m.Validate(); err != nil {
					t.Errorf("the model with the examples from the data does not validate: %v", err)
				}
				_ = model.Version
			})
		}
	}
}

// TestModelWithExamples: the document the server writes for a size takes
// its examples from that dataset, so the examples of a pattern whose story
// examples find nothing at a small size (bulk-upload-hot-cold's clicks)
// are replaced by ones that do.
func TestModelWithExamples(t *testing.T) {
	for _, p := range Catalog() {
		spec := model.GeneratorSpec{Pattern: p.Name, Seed: 5, Size: 200}
		m, err := p.ModelWithExamples(spec)
		if err != nil {
			t.Fatal(err)
		}
		m.Dataset.Generator = &spec
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, Generator); err != nil {
			t.Fatal(err)
		}
		for _, ap := range m.AccessPatterns {
			if ap.Operation != "Query" && ap.Operation != "GetItem" && ap.Operation != "Scan" {
				continue
			}
			res, err := ap.Run(db, ap.Examples())
			if err != nil || len(res.Items) == 0 {
				t.Errorf("%s: %s with its examples %v: %d items, %v", p.Name, ap.Name, ap.Examples(), len(res.Items), err)
			}
		}
	}
}

// BenchmarkFindExamples picks every access pattern's examples from a
// loaded dataset of 100,000 items (the composite-sort-key cart).
func BenchmarkFindExamples(b *testing.B) {
	p, _ := Get("composite-sort-key")
	m := p.Model()
	m.Dataset.Generator.Size = 100_000
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, Generator); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.FindExamples(db)
	}
}

// TestEntitiesGeneratorForEveryPattern: every catalogue model, stripped of
// its pattern generator, still loads data from its entities alone (guessed
// generators for its attributes and key parameters), each item matching
// the entity that made it.
func TestEntitiesGeneratorForEveryPattern(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			m := p.Model()
			m.Dataset = nil
			spec, _, err := m.GeneratorFor(2000, 1)
			if err != nil {
				t.Fatal(err)
			}
			plan, keys, err := m.GenPlan()
			if err != nil {
				t.Fatal(err)
			}
			rec, err := m.NewRecognizer()
			if err != nil {
				t.Fatal(err)
			}
			if err := plan.Run(spec.Seed, spec.Size, func(i int, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				it, err := keys[i].Item(nil, it)
				if err != nil {
					return err
				}
				if e, _ := rec.EntityOf(keys[i].Entity.Table, it); e != keys[i].Entity {
					t.Fatalf("a generated %s item %v is recognised as %v", keys[i].Entity.Name, it, e)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			m.Dataset = &model.Dataset{Generator: &spec}
			db, _ := m.NewDatabase()
			if _, err := m.Load(db, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestFindExamplesStepping: stepping finds the examples FindExamples
// finds, calling step at least once per item it samples from; a step that
// fails stops it with that error.
func TestFindExamplesStepping(t *testing.T) {
	p, _ := Get("vertical-partitioning")
	m := p.Model()
	const size = 5000
	m.Dataset.Generator.Size = size
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, Generator); err != nil {
		t.Fatal(err)
	}
	steps := 0
	got, err := m.FindExamplesStepping(db, func() error { steps++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if want := m.FindExamples(db); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("stepping found %v, FindExamples %v", got, want)
	}
	if steps < size {
		t.Errorf("%d steps over a %d-item table: want one per item walked at least", steps, size)
	}
	stop := fmt.Errorf("cancelled")
	n := 0
	if _, err := m.FindExamplesStepping(db, func() error {
		if n++; n == 100 {
			return stop
		}
		return nil
	}); err != stop || n != 100 {
		t.Errorf("a step failing at the 100th call: %v after %d calls, want it to stop there with its error", err, n)
	}
}
