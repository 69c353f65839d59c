package formats

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestImportedModelGenerates: an imported NoSQL Workbench model's sample
// items seed its entities' schemas (model.InferAttributes), so it loads a
// dataset of any size whose items match their entities and keep the
// samples' shape.
func TestImportedModelGenerates(t *testing.T) {
	for _, name := range []string{"facets-provisioned.json", "table-data-gsis.json", "v2-generated.json"} {
		t.Run(name, func(t *testing.T) {
			m, _ := importFixture(t, name)
			if len(m.Entities) == 0 {
				t.Skip("no facets: no entities to generate")
			}
			spec, notes, err := m.GeneratorFor(2000, 7)
			if err != nil {
				t.Fatal(err)
			}
			if len(notes) == 0 {
				t.Fatalf("no attribute inferred from the sample items")
			}
			for _, n := range notes {
				if !strings.HasPrefix(n, "entity ") {
					t.Errorf("note %q does not name its entity", n)
				}
			}
			src, err := m.Synthesize(spec)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := m.NewRecognizer()
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			if err := src(func(table string, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				if e, _ := rec.EntityOf(table, it); e == nil {
					t.Fatalf("generated item %v matches no entity", it)
				}
				n++
				return nil
			}); err != nil || n != 2000 {
				t.Fatalf("%d items, %v", n, err)
			}
			m.Dataset.Items = nil
			m.Dataset.Generator = &spec
			if err := m.Validate(); err != nil {
				t.Fatalf("the model with inferred generators does not validate: %v", err)
			}
			db, _ := m.NewDatabase()
			st, err := m.Load(db, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Items != 2000 {
				t.Errorf("loaded %d items", st.Items)
			}
			t.Logf("%s: %d notes, e.g. %q", name, len(notes), notes[0])
		})
	}
}
