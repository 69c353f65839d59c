package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestBulkLoadPointReads: a bulk load leaves its newest items out of the
// point map until a batch of them is mapped at once (table.go). Random
// loads of a composite-key table, with keys that repeat, interleaved with
// GetItem, PutItem and DeleteItem, and with compactions (a low floor of
// dead space), are checked against a plain map after every step: every key
// reads its last value, a deleted or never-written key reads nothing. At
// the end, and after Close, the point map holds exactly the tree's items.
func TestBulkLoadPointReads(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 28))
			db, _ := newTestDB(t)
			db.compactMin = 256 << 10
			mustCreate(t, db, compositeTable("Tbl", "S"))
			l, err := db.NewBulkLoader("Tbl")
			if err != nil {
				t.Fatal(err)
			}
			want := map[[2]string]string{}
			key := func() [2]string {
				return [2]string{fmt.Sprintf("p%d", r.IntN(3000)), fmt.Sprintf("s%d", r.IntN(400))}
			}
			get := func(k [2]string) {
				t.Helper()
				out, err := db.GetItem(&GetItemInput{TableName: ptr("Tbl"), Key: attr.Item{"pk": s(k[0]), "sk": s(k[1])}})
				if err != nil {
					t.Fatal(err)
				}
				v, ok := want[k]
				switch {
				case !ok && out.Item != nil:
					t.Fatalf("%v: read %v, never written or deleted", k, out.Item)
				case ok && (out.Item == nil || !attr.Equal(out.Item["v"], s(v))):
					t.Fatalf("%v: read %v, want v=%s", k, out.Item, v)
				}
			}
			it := attr.Item{}
			most := 0 // the most items left unmapped along the way
			steps := 12000
			if testing.Short() {
				steps = 6000
			}
			for i := 0; i < steps; i++ {
				k, v := key(), fmt.Sprintf("v%d-%s", i, string(make([]byte, r.IntN(60))))
				n := r.IntN(100)
				if i%3000 < 2500 && n >= 80 && n < 92 {
					n = 95 // a stretch of loading and reading only: the unmapped items pile up
				}
				switch {
				case n < 80: // the load, one reused map
					it["pk"], it["sk"], it["v"] = s(k[0]), s(k[1]), s(v)
					if err := l.Put(it); err != nil {
						t.Fatal(err)
					}
					want[k] = v
				case n < 86:
					if _, err := db.PutItem(&PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s(k[0]), "sk": s(k[1]), "v": s(v)}}); err != nil {
						t.Fatal(err)
					}
					want[k] = v
				case n < 92:
					if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Tbl"), Key: attr.Item{"pk": s(k[0]), "sk": s(k[1])}}); err != nil {
						t.Fatal(err)
					}
					delete(want, k)
				default:
					get(k)
				}
				most = max(most, len(db.tables["Tbl"].unmapped))
				if i%997 == 0 {
					for k := range want {
						get(k)
					}
				}
			}
			tb := db.tables["Tbl"]
			if most < unmappedBatch*3/4 {
				t.Fatalf("at most %d items were unmapped at once: the test did not read past the point map", most)
			}
			for k := range want {
				get(k)
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			if len(tb.unmapped) != 0 || tb.points.n != tb.items.Len() || tb.items.Len() != len(want) {
				t.Fatalf("after Close: %d unmapped, %d mapped, %d in the tree, %d written", len(tb.unmapped), tb.points.n, tb.items.Len(), len(want))
			}
			tb.items.Ascend(func(e entry) bool {
				if _, ok := tb.points.get(tb.items.ar, e.rest()); !ok {
					t.Fatalf("an item of the tree is not in the point map")
				}
				return true
			})
		})
	}
}

// TestBulkReserveBuildsTheMapOnce: a sized load reserves at 1,024 items
// and at each doubling (model.LoadItemsSized) for the items still to come;
// the keys put but not yet mapped count, so the point map is built once
// for the whole load at the first reservation, not again when the batch
// then unmapped is mapped (a rebuild of a map for a million keys, in one
// step of the page's load). Before it, the map grows as its first batches
// need (unmappedBatch is less than model's 1,024).
func TestBulkReserveBuildsTheMapOnce(t *testing.T) {
	const total = 100_000
	const puts = 4 * 1024
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "S"))
	l, err := db.NewBulkLoader("Tbl")
	if err != nil {
		t.Fatal(err)
	}
	tbl := db.tables["Tbl"]
	var f attr.Fields
	builds, size := 0, 0
	for i := 1; i <= puts; i++ {
		f = f[:0]
		f.Set("pk", s(fmt.Sprintf("p%d", i/10)))
		f.Set("sk", s(fmt.Sprintf("s%d", i)))
		if err := l.PutFields(f); err != nil {
			t.Fatal(err)
		}
		if i >= 1024 && i&(i-1) == 0 {
			l.Reserve(total - i)
		}
		if n := len(tbl.points.slots); i >= 1024 && n != size {
			builds, size = builds+1, n
		}
	}
	if builds != 1 || size < pointMapSize(total) {
		t.Fatalf("the point map was built %d times, to %d slots; want once, to at least %d", builds, size, pointMapSize(total))
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if tbl.points.n != puts {
		t.Fatalf("the point map holds %d keys after Close, want %d", tbl.points.n, puts)
	}
}
