package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TestPutFieldsMatchesPut loads the same random items into two databases,
// one through Put (maps) and one through PutFields (their attributes in a
// shuffled order, now and then a name repeated whose later value wins),
// and requires the same errors, item by item, and the same state. The
// plain table (no index, TTL, stream or recovery, no observer) stores the
// fields with no map between; the indexed one (bulkTable without its
// stream: two GSIs, an LSI with its collection limit, TTL, recovery)
// encodes them with no map between and plans its indexes from a reused
// map; the full one (bulkTable, observed, with a stream) gives its
// observers the item decoded from what it stored.
func TestPutFieldsMatchesPut(t *testing.T) {
	for _, mode := range []string{"plain", "indexed", "full"} {
		full := mode == "full"
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/%d", mode, seed), func(t *testing.T) {
				n := 1500
				if testing.Short() {
					n = 400
				}
				limit := WithItemCollectionLimit(4000)
				dbA := New(WithClock(NewManualClock(epoch0)), limit)
				dbB := New(WithClock(NewManualClock(epoch0)), limit)
				table := "Plain"
				if full {
					var seenA, seenB []Change
					dbA.Observe(func(c Change) { seenA = append(seenA, c) })
					dbB.Observe(func(c Change) { seenB = append(seenB, c) })
					defer func() {
						if got, want := changesString(seenB), changesString(seenA); got != want {
							t.Errorf("observers saw different changes:\n%s", firstDiff(want, got))
						}
					}()
					bulkTable(t, dbA)
					bulkTable(t, dbB)
					table = "Bulk"
				} else if mode == "indexed" {
					bulkTableWith(t, dbA, false)
					bulkTableWith(t, dbB, false)
					table = "Bulk"
				} else {
					for _, db := range []*Database{dbA, dbB} {
						in := compositeTable("Plain", schema.TypeN)
						in.BillingMode, in.ProvisionedThroughput = schema.BillingPayPerRequest, nil
						mustCreate(t, db, in)
					}
				}
				la, err := dbA.NewBulkLoader(table)
				if err != nil {
					t.Fatal(err)
				}
				lb, err := dbB.NewBulkLoader(table)
				if err != nil {
					t.Fatal(err)
				}
				if plain := lb.itemless(lb.t); plain != (mode == "plain") || len(dbB.observers) > 0 != full {
					t.Fatalf("%s table: itemless %v, %d observers: the test exercises another path", mode, plain, len(dbB.observers))
				}
				r := rand.New(rand.NewPCG(seed, 11))
				var f attr.Fields
				refused, repeated := 0, 0
				for i := 0; i < n; i++ {
					f = append(f[:0], attr.FieldsOf(randomLoadItem(r))...)
					r.Shuffle(len(f), func(a, b int) { f[a], f[b] = f[b], f[a] })
					if len(f) > 0 && r.IntN(10) == 0 {
						// A repeated name: the first value is not the item's.
						x := f[r.IntN(len(f))]
						f = append([]attr.Field{{Name: x.Name, Value: attr.String("replaced")}}, f...)
						repeated++
					}
					errA := errString(la.Put(f.Item()))
					if errB := errString(lb.PutFields(f)); errB != errA {
						t.Fatalf("item %d: PutFields error %q, Put %q", i, errB, errA)
					}
					if errA != "" {
						refused++
					}
				}
				if refused == 0 || refused == n || repeated == 0 {
					t.Fatalf("%d of %d items refused, %d repeating a name: the test exercises too little", refused, n, repeated)
				}
				for _, l := range []*BulkLoader{la, lb} {
					if err := l.Close(); err != nil {
						t.Fatal(err)
					}
				}
				a, b := dumpState(t, dbA), dumpState(t, dbB)
				if a != b {
					t.Fatalf("states differ:\n%s", firstDiff(a, b))
				}
			})
		}
	}
}

// TestPutFieldsErrors: a table that is gone, and the key's errors as
// PutItem words them.
func TestPutFieldsErrors(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Hash"))
	l, err := db.NewBulkLoader("Hash")
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, l.PutFields(nil), CodeValidation, "One or more parameter values were invalid: Missing the key id in the item")
	wantError(t, l.PutFields(attr.Fields{{Name: "id", Value: attr.NumberFromInt64(1)}}), CodeValidation,
		"One or more parameter values were invalid: Type mismatch for key id expected: S actual: N")
	if err := l.PutFields(attr.Fields{{Name: "id", Value: s("1")}, {Name: "a", Value: s("x")}}); err != nil {
		t.Fatal(err)
	}
	out, err := db.GetItem(&GetItemInput{TableName: ptr("Hash"), Key: attr.Item{"id": s("1")}})
	if err != nil || !attr.Equal(attr.Map(out.Item), attr.Map{"id": s("1"), "a": s("x")}) {
		t.Fatalf("stored %v, %v", out, err)
	}
	if _, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Hash")}); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, db, hashTable("Hash"))
	wantError(t, l.PutFields(attr.Fields{{Name: "id", Value: s("2")}}), CodeResourceNotFound, "Requested resource not found")
}
