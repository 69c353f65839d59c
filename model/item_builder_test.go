package model

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestItemBuilderIsKeysItem: over random parameters that often repeat (as
// a generator's consecutive items do), missing or empty now and then, an
// ItemBuilder gives the items and the errors Keys.Item gives, on one
// Fields slice reused from item to item as a generator reuses it.
func TestItemBuilderIsKeysItem(t *testing.T) {
	m := fixture(t)
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(vals ...string) string { return vals[r.IntN(len(vals))] }
	for i := range m.Entities {
		k, err := m.CompileKeys(&m.Entities[i])
		if err != nil {
			t.Fatal(err)
		}
		b := k.Builder()
		var f attr.Fields
		for n := 0; n < 3000; n++ {
			p := Params{"userId": pick("u1", "u1", "u1", "u2", "u3", ""), "status": pick("ACTIVE", "ACTIVE", "SAVED"), "productId": pick("p1", "p2", "p2")}
			if r.IntN(10) == 0 {
				delete(p, "status")
			}
			want, werr := k.Item(p, attr.Item{"price": attr.NumberFromInt64(int64(n))})
			f = append(f[:0], attr.Field{Name: "price", Value: attr.NumberFromInt64(int64(n))})
			var args Args
			for name, v := range p {
				args.Set(name, v)
			}
			got, gerr := b.Item(args, f)
			if got != nil {
				f = got
			}
			if fmt.Sprint(werr) != fmt.Sprint(gerr) || werr == nil && !got.Item().Equal(want) {
				t.Fatalf("%s, params %v: builder gave %v (%v), Keys.Item %v (%v)", k.Entity.Name, p, got, gerr, want, werr)
			}
		}
	}
}
