package model

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// compileGenerator compiles one attribute's generator as model documents
// write it (the original kinds keep their messages and values).
func compileGenerator(src, typ string, start time.Time) (func(r *Rand, n int) attr.Value, error) {
	g, err := gen.Compile(src, typ, gen.Env{Start: start})
	if err != nil {
		return nil, err
	}
	return g.Value, nil
}

func TestCompileGenerator(t *testing.T) {
	start := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		gen, typ string
		check    func(v attr.Value) bool
		err      string
	}{
		{gen: "seq(4)", typ: "S", check: func(v attr.Value) bool { return v == attr.String("0007") }},
		{gen: "seq", typ: "N", check: func(v attr.Value) bool { return v.(attr.Number).String() == "7" }},
		{gen: "int(5,5)", typ: "N", check: func(v attr.Value) bool { return v.(attr.Number).String() == "5" }},
		{gen: "decimal(1,2,2)", typ: "N", check: func(v attr.Value) bool { s := v.(attr.Number).String(); return s >= "1" && s <= "2" }},
		{gen: "choice(ACTIVE, SAVED)", typ: "S", check: func(v attr.Value) bool { return v == attr.String("ACTIVE") || v == attr.String("SAVED") }},
		{gen: "text(10,10)", typ: "S", check: func(v attr.Value) bool { return len(v.(attr.String)) == 10 }},
		{gen: "uuid", typ: "S", check: func(v attr.Value) bool { s := string(v.(attr.String)); return len(s) == 36 && s[14] == '4' }},
		{gen: "bool", typ: "BOOL", check: func(v attr.Value) bool { return v.Type() == attr.TypeBOOL }},
		{gen: "null", typ: "NULL", check: func(v attr.Value) bool { return v.Type() == attr.TypeNULL }},
		{gen: "date(0,0)", typ: "S", check: func(v attr.Value) bool { return v == attr.String("2026-03-01") }},
		{gen: "timestamp(-1d,-1d)", typ: "S", check: func(v attr.Value) bool { return v == attr.String("2026-02-28T00:00:00Z") }},
		{gen: "epoch(+7d,+7d)", typ: "N", check: func(v attr.Value) bool { return v.(attr.Number).String() == fmt.Sprint(start.AddDate(0, 0, 7).Unix()) }},
		{gen: "epoch(2026-01-01T00:00:00Z, +36h)", typ: "N", check: func(v attr.Value) bool { return v.Type() == attr.TypeN }},
		{gen: "const(x)", typ: "S", check: func(v attr.Value) bool { return v == attr.String("x") }},
		{gen: "const(1e3)", typ: "N", check: func(v attr.Value) bool { return v.(attr.Number).String() == "1000" }},
		{gen: "seq", typ: "BOOL", err: "seq makes S or N values, not BOOL"},
		{gen: "int(1)", typ: "N", err: "int takes [2] arguments, not 1"},
		{gen: "text(0,5)", typ: "S", err: "1 <= min <= max"},
		{gen: "date(tomorrow,0)", typ: "S", err: `"tomorrow" is neither an RFC 3339 time nor an offset`},
		{gen: "epoch(+1d,0)", typ: "N", err: "0 is before +1d"},
		{gen: "sample", typ: "S", err: `unknown generator "sample"`},
		{gen: "int(1,2", typ: "N", err: "missing ')'"},
	}
	for _, tt := range tests {
		t.Run(tt.gen, func(t *testing.T) {
			g, err := compileGenerator(tt.gen, tt.typ, start)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r := NewRand(1, 0)
			for i := 0; i < 20; i++ {
				if v := g(r, 7); !tt.check(v) {
					t.Fatalf("value %v fails the check", v)
				}
			}
		})
	}
}

// synthModel is the fixture with generators on every attribute.
func synthModel(t *testing.T) *Model {
	m := fixture(t)
	m.Entities[0].Attributes = []Attribute{
		{Name: "userId", Type: "S", Generator: "seq(5)", Required: true},
		{Name: "email", Type: "S", Generator: "uuid"},
	}
	m.Entities[1].Attributes = []Attribute{
		{Name: "userId", Type: "S", Generator: "seq(5)"},
		{Name: "status", Type: "S", Generator: "choice(ACTIVE,SAVED)"},
		{Name: "productId", Type: "S", Generator: "uuid"},
		{Name: "price", Type: "N", Generator: "decimal(1,100,2)"},
		{Name: "note", Type: "S", Generator: "text(5,40)", Frequency: 0.25},
	}
	m.Dataset = &Dataset{Generator: &GeneratorSpec{Pattern: EntitiesGenerator, Seed: 3, Size: 400}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSynthesize(t *testing.T) {
	m := synthModel(t)
	hash := func() string {
		src, err := m.DatasetSource(nil)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if err := src(func(table string, lent attr.Fields) error {
			it := lent.Item() // lent by the source
			h.Write([]byte(table))
			h.Write(attr.AppendItem(nil, it))
			h.Write([]byte{'\n'})
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%x", h.Sum(nil))
	}
	if a, b := hash(), hash(); a != b {
		t.Fatalf("two runs differ: %s %s", a, b)
	}
	db, _ := m.NewDatabase()
	st, err := m.Load(db, nil)
	if err != nil || st.Items != 400 {
		t.Fatalf("Load = %+v, %v", st, err)
	}
	r, _ := m.NewRecognizer()
	notes := 0
	src, _ := m.DatasetSource(nil)
	_ = src(func(table string, lent attr.Fields) error {
		it := lent.Item() // lent by the source
		e, _ := r.EntityOf(table, it)
		if e == nil {
			t.Fatalf("no entity for %v", it)
		}
		if _, ok := it["note"]; ok {
			notes++
		}
		return nil
	})
	if notes < 20 || notes > 80 {
		t.Errorf("%d of 200 cart items carry the 25%% attribute", notes)
	}
}

func TestSynthesizeNeedsKeyParameters(t *testing.T) {
	m := synthModel(t)
	m.Entities[1].Attributes[2].Frequency = 0.5 // productId not on every item
	if _, err := m.Synthesize(*m.Dataset.Generator); err == nil || !strings.Contains(err.Error(), "key parameter {productId}") {
		t.Fatalf("Synthesize = %v", err)
	}
}

func TestRandIsStable(t *testing.T) {
	// The first values of seed 1, stream 0: a change here changes every
	// shared dataset.
	r := NewRand(1, 0)
	got := fmt.Sprint(r.Uint64(), r.IntN(1000), r.Int64Range(-5, 5))
	const want = "13757245211066428519 971 -1"
	if got != want {
		t.Fatalf("NewRand(1, 0) gives %s, want %s", got, want)
	}
}
