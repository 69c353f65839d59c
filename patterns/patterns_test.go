package patterns

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// ---- helpers ----

// loaded is a pattern's model loaded into a fresh database.
type loaded struct {
	m     *model.Model
	db    *engine.Database
	clock *engine.ManualClock
	stats model.LoadStats
}

// load loads size items of p (seed DefaultSeed) into a fresh database set
// up by the model's settings. Loading goes through the engine, so an item
// breaking any DynamoDB limit fails the test.
func load(t testing.TB, p *Pattern, size int, opts ...string) *loaded {
	t.Helper()
	m := p.Model()
	m.Dataset.Generator.Size = size
	for i := 0; i+1 < len(opts); i += 2 {
		if m.Dataset.Generator.Options == nil {
			m.Dataset.Generator.Options = map[string]string{}
		}
		m.Dataset.Generator.Options[opts[i]] = opts[i+1]
	}
	db, clock := m.NewDatabase()
	st, err := m.Load(db, Generator)
	if err != nil {
		t.Fatalf("%s: loading %d items: %v", p.Name, size, err)
	}
	return &loaded{m: m, db: db, clock: clock, stats: st}
}

// run runs access pattern name with params (nil: its examples).
func (l *loaded) run(t testing.TB, name string, params model.Params) *model.Result {
	t.Helper()
	ap := l.m.AccessPattern(name)
	if ap == nil {
		t.Fatalf("no access pattern %q", name)
	}
	if params == nil {
		params = ap.Examples()
	}
	res, err := ap.Run(l.db, params)
	if err != nil {
		t.Fatalf("%s %v: %v", name, params, err)
	}
	return res
}

// itemCount is DescribeTable's ItemCount of table (or of its index).
func (l *loaded) itemCount(t testing.TB, table, index string) int64 {
	t.Helper()
	out, err := l.db.DescribeTable(&engine.DescribeTableInput{TableName: &table})
	if err != nil {
		t.Fatal(err)
	}
	if index == "" {
		return out.Table.ItemCount
	}
	for _, g := range out.Table.GlobalSecondaryIndexes {
		if g.IndexName == index {
			return g.ItemCount
		}
	}
	t.Fatalf("no index %s on %s", index, table)
	return 0
}

// keys renders items as "attr1|attr2" of the named attributes, in order.
func keys(items []attr.Item, names ...string) []string {
	out := make([]string, 0, len(items))
	for _, it := range items {
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = valueText(it[n])
		}
		out = append(out, strings.Join(parts, "|"))
	}
	return out
}

func valueText(v attr.Value) string {
	switch x := v.(type) {
	case attr.String:
		return string(x)
	case attr.Number:
		return x.String()
	case nil:
		return "<none>"
	}
	return attr.FormatForMessage(v)
}

func wantKeys(t testing.TB, what string, got []attr.Item, want []string, names ...string) {
	t.Helper()
	if g := keys(got, names...); !slices.Equal(g, want) {
		t.Errorf("%s returned\n  %v\nwant\n  %v", what, g, want)
	}
}

// record is one generated item.
type record struct {
	table string
	item  attr.Item
}

// collect returns the items of p's dataset (for reference checks).
func collect(t testing.TB, p *Pattern, seed int64, size int, opts map[string]string) []record {
	t.Helper()
	src, err := p.Source(model.GeneratorSpec{Pattern: p.Name, Seed: seed, Size: size, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	var out []record
	if err := src(func(table string, lent attr.Fields) error {
		it := lent.Item()                                // lent by the source
		out = append(out, record{table, maps.Clone(it)}) // the source lends it
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// ndjsonHash returns the SHA-256 of the NDJSON form of a dataset and its
// line count.
func ndjsonHash(t testing.TB, p *Pattern, seed int64, size int) (string, int) {
	t.Helper()
	src, err := p.Source(model.GeneratorSpec{Seed: seed, Size: size})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteNDJSON(&buf, src); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(buf.Bytes())), bytes.Count(buf.Bytes(), []byte{'\n'})
}

// ---- every pattern ----

func TestCatalog(t *testing.T) {
	if n := len(Catalog()); n < 10 {
		t.Errorf("%d patterns, want at least 10", n)
	}
	seen := map[string]bool{}
	for _, p := range Catalog() {
		if seen[p.Name] {
			t.Errorf("duplicate pattern name %q", p.Name)
		}
		seen[p.Name] = true
		if got, ok := Get(p.Name); !ok || got != p {
			t.Errorf("Get(%q) = %v, %v", p.Name, got, ok)
		}
		n := p.Narrative
		if p.Title == "" || n.Summary == "" || n.Solves == "" || n.TradeOffs == "" || n.RuleOfThumb == "" || len(p.Sources) == 0 {
			t.Errorf("%s: incomplete narrative: %+v", p.Name, p)
		}
		if p.DefaultSize < MinSize || p.DefaultSize > 10_000 {
			t.Errorf("%s: default size %d", p.Name, p.DefaultSize)
		}
	}
	if _, ok := Get("no-such-pattern"); ok {
		t.Error("Get found a pattern that does not exist")
	}
}

// TestModelsValidate: every pattern's model validates, and survives a
// round trip through its JSON form.
func TestModelsValidate(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			m := p.Model()
			if err := m.Validate(); err != nil {
				t.Fatalf("model does not validate:\n%v", err)
			}
			b, err := model.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			back, err := model.Parse(b)
			if err != nil {
				t.Fatalf("its JSON does not parse back: %v", err)
			}
			b2, _ := model.Marshal(back)
			if !bytes.Equal(b, b2) {
				t.Errorf("round trip changed the document")
			}
			if len(m.AccessPatterns) == 0 || len(m.Entities) == 0 {
				t.Errorf("no access patterns or entities")
			}
		})
	}
}

// TestGeneratorsDeterministic: same seed and size, same bytes; exactly size
// items; another seed, other bytes.
func TestGeneratorsDeterministic(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			for _, size := range []int{MinSize, 1000} {
				a, n := ndjsonHash(t, p, 7, size)
				b, _ := ndjsonHash(t, p, 7, size)
				if a != b {
					t.Fatalf("size %d: two runs differ: %s vs %s", size, a, b)
				}
				if n != size {
					t.Fatalf("size %d: %d items", size, n)
				}
				t.Logf("size %d seed 7: sha256 %s", size, a)
			}
			if a, _ := ndjsonHash(t, p, 7, 1000); a == func() string { h, _ := ndjsonHash(t, p, 8, 1000); return h }() {
				t.Errorf("seeds 7 and 8 give the same dataset")
			}
		})
	}
}

// TestDatasetsLoad loads each pattern's dataset through the engine (so
// every item respects DynamoDB's limits: PutItem refuses the others) and
// checks every item was stored under a unique key, belongs to an entity
// of the model, carries its entity's required attributes with their
// declared types, and that every access pattern runs on it.
func TestDatasetsLoad(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			for _, size := range []int{MinSize, p.DefaultSize, 3000} {
				l := load(t, p, size)
				var stored int64
				for _, tb := range l.m.Tables {
					stored += l.itemCount(t, tb.TableName, "")
				}
				if stored != int64(size) || l.stats.Items != size {
					t.Fatalf("size %d: %d items stored (%d written): keys repeat", size, stored, l.stats.Items)
				}
				checkEntities(t, l.m, collect(t, p, DefaultSeed, size, nil))
				for _, ap := range l.m.AccessPatterns {
					if ap.Operation == "DeleteTable" {
						continue
					}
					if _, err := ap.Run(l.db, ap.Examples()); err != nil {
						t.Errorf("size %d: access pattern %q with its examples: %v", size, ap.Name, err)
					}
				}
			}
		})
	}
}

func checkEntities(t *testing.T, m *model.Model, recs []record) {
	t.Helper()
	r, err := m.NewRecognizer()
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range recs {
		e, _ := r.EntityOf(rec.table, rec.item)
		if e == nil {
			t.Fatalf("item %d of %s belongs to no entity: %v", i, rec.table, rec.item)
		}
		for _, a := range e.Attributes {
			v, ok := rec.item[a.Name]
			if !ok {
				if a.Required {
					t.Fatalf("item %d (%s) lacks required attribute %s: %v", i, e.Name, a.Name, rec.item)
				}
				continue
			}
			if v.Type().String() != a.Type {
				t.Fatalf("item %d (%s): attribute %s is %s, declared %s", i, e.Name, a.Name, v.Type(), a.Type)
			}
		}
	}
}

func TestSourceErrors(t *testing.T) {
	p := compositeSortKey
	for _, tt := range []struct {
		spec model.GeneratorSpec
		want string
	}{
		{model.GeneratorSpec{Size: 9}, "size 9 is not in 10..1000000"},
		{model.GeneratorSpec{Size: MaxSize + 1}, "not in 10..1000000"},
		{model.GeneratorSpec{Size: 10, Options: map[string]string{"order": "random"}}, `has no option "order"`},
		{model.GeneratorSpec{Pattern: "time-series", Size: 10}, `the spec is for pattern "time-series"`},
	} {
		if _, err := p.Source(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Source(%+v) = %v, want %q", tt.spec, err, tt.want)
		}
	}
	if _, err := Generator(model.GeneratorSpec{Pattern: "nope", Size: 10}); err == nil {
		t.Error("Generator found pattern nope")
	}
}

// TestWriteDocument: the document with items parses back as a valid model
// whose explicit dataset holds the generator's items.
func TestWriteDocument(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := p.WriteDocument(&buf, model.GeneratorSpec{Seed: 3, Size: 50}); err != nil {
				t.Fatal(err)
			}
			m, err := model.Parse(buf.Bytes())
			if err != nil {
				t.Fatalf("document does not parse: %v\n%.400s", err, buf.String())
			}
			if g := m.Dataset.Generator; g == nil || g.Pattern != p.Name || g.Seed != 3 || g.Size != 50 {
				t.Errorf("generator spec = %+v", g)
			}
			want := map[string]int{}
			for _, r := range collect(t, p, 3, 50, nil) {
				want[r.table]++
			}
			for table, n := range want {
				if got := len(m.Dataset.Items[table]); got != n {
					t.Errorf("table %s: %d items in the document, want %d", table, got, n)
				}
			}
			db, _ := m.NewDatabase()
			if st, err := m.Load(db, nil); err != nil || st.Items != 50 {
				t.Errorf("loading the document: %+v, %v", st, err)
			}
		})
	}
}
