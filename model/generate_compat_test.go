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
	if err := src(func(table string, lent attr.Fields) error {
		it := lent.Item() // lent by the source
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

// TestBlankDesignGenerates: entities with key templates and nothing else
// load data: every key parameter gets a guessed generator and each
// entity's keys stay unique.
func TestBlankDesignGenerates(t *testing.T) {
	m := fixture(t)
	m.Dataset = nil
	for i := range m.Entities {
		m.Entities[i].Attributes = nil
	}
	m.Entities[0].Attributes = []Attribute{{Name: "email", Type: "S"}, {Name: "expiresAt", Type: "N"}}
	// expiresAt gets ttl(10%,...): with TTL on, the already expired users
	// would be deleted at load; count them all here.
	m.Tables[0].TimeToLiveSpecification = nil
	spec, _, err := m.GeneratorFor(1000, 3)
	if err != nil {
		t.Fatal(err)
	}
	db, _ := m.NewDatabase()
	m.Dataset = &Dataset{Generator: &spec}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	st, err := m.Load(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Items != 1000 {
		t.Fatalf("loaded %d items, want 1000", st.Items)
	}
	n := 0
	db.Snapshot().Table("ShoppingCart").Items(func(it attr.Item) bool {
		n++
		if e, _ := m.EntityOf("ShoppingCart", it); e == nil {
			t.Fatalf("item %v matches no entity", it)
		} else if e.Name == "User" && (it["email"] == nil || it["expiresAt"] == nil) {
			t.Fatalf("user %v lacks its guessed attributes", it)
		}
		return true
	})
	if n != 1000 {
		t.Fatalf("%d distinct items of 1000: keys repeat", n)
	}
	ents := m.GenEntities()
	if ents[1].Attributes[len(ents[1].Attributes)-1].Generator != "seq(5)" {
		t.Errorf("CartItem's generated key parameters: %+v", ents[1].Attributes)
	}
}
