package model

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestSynthesizeUnchanged pins the items of a model that uses only the
// original generator kinds: the hash was taken with the generator before
// it moved to package gen, so shared models still regenerate the same
// data. A change here breaks every shared "entities" dataset.
func TestSynthesizeUnchanged(t *testing.T) {
	m := synthModel(t)
	m.Entities[1].Attributes = append(m.Entities[1].Attributes,
		Attribute{Name: "flag", Type: "BOOL", Generator: "bool"},
		Attribute{Name: "at", Type: "S", Generator: "timestamp(-30d,0)"},
		Attribute{Name: "day", Type: "S", Generator: "date(-30d,0)"},
		Attribute{Name: "exp", Type: "N", Generator: "epoch(0,+7d)"},
		Attribute{Name: "qty", Type: "N", Generator: "int(1,9)"},
		Attribute{Name: "k", Type: "S", Generator: "const(x)"},
		Attribute{Name: "z", Type: "NULL", Generator: "null"},
		Attribute{Name: "n", Type: "N", Generator: "seq"},
	)
	src, err := m.Synthesize(GeneratorSpec{Pattern: EntitiesGenerator, Seed: 7, Size: 1000})
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	n := 0
	if err := src(func(table string, it attr.Item) error {
		h.Write([]byte(table))
		h.Write(attr.AppendItem(nil, it))
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	const want = "15e0ce59cfd80e2359f43023f96bf253c419241156da7c4ce104482cc3882677"
	if got := fmt.Sprintf("%x", h.Sum(nil)); got != want || n != 1000 {
		t.Fatalf("%d items hash to %s, want 1000 hashing to %s", n, got, want)
	}
}
