package visualizer

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The benchmarks share two 100,000-item tables, built once: the Shop
// design with 10,000 customers of 10 items (orders, half of them in the
// sparse GSI, a third with a TTL), and a table of 100,000 one-item
// collections.
var (
	collectionsBenchOnce                        sync.Once
	collectionsBenchShop, collectionsBenchSolos *engine.TableSnapshot
)

func collectionsBenchTables(b *testing.B) (*engine.TableSnapshot, *engine.TableSnapshot) {
	collectionsBenchOnce.Do(func() {
		db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
		collectionsCreate(b, db, collectionsShopTable())
		solos := collectionsShopTable()
		solos.TableName, solos.GlobalSecondaryIndexes, solos.LocalSecondaryIndexes = "Solos", nil, nil
		solos.AttributeDefinitions = solos.AttributeDefinitions[:2]
		collectionsCreate(b, db, solos)
		for i := 0; i < 100_000; i++ {
			it := attr.Item{
				"PK":     collectionsS(fmt.Sprintf("CUSTOMER#%05d", i/10)),
				"SK":     collectionsS(fmt.Sprintf("ORDER#2025#%03d", i%10)),
				"total":  collectionsN(fmt.Sprint(i % 997)),
				"status": collectionsS("open"),
				"note":   collectionsS("a few words about this order"),
			}
			if i%2 == 0 {
				it["GSI1PK"], it["GSI1SK"] = collectionsS(fmt.Sprintf("STATUS#%d", i%7)), collectionsS(fmt.Sprintf("2025-%05d", i))
			}
			if i%3 == 0 {
				it["expires"] = collectionsEpoch(time.Duration(i-50_000) * time.Second)
			}
			collectionsPut(b, db, "Shop", it)
			collectionsPut(b, db, "Solos", attr.Item{"PK": collectionsS(fmt.Sprintf("ID#%06d", i)), "SK": collectionsS("A"), "n": collectionsN("1")})
		}
		snap := db.Snapshot()
		collectionsBenchShop, collectionsBenchSolos = snap.Table("Shop"), snap.Table("Solos")
		runtime.GC() // the load's garbage is not the first benchmark's cost
	})
	return collectionsBenchShop, collectionsBenchSolos
}

// collectionsBench measures Collections on a new snapshot (the cache
// cleared each time, as after a write) and again on the same one (as the
// clock ticks).
func collectionsBench(b *testing.B, ts *engine.TableSnapshot, opts CollectionsOptions) {
	for _, fresh := range []bool{true, false} {
		name := "tick"
		if fresh {
			name = "write"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if fresh {
					collectionsWalks.clear()
				}
				v, err := Collections(ts, opts)
				if err != nil || v.TotalItems == 0 {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCollections100k is the Data panel after a write: 20 collections
// of 10 rows out of 10,000, with totals over the whole table.
func BenchmarkCollections100k(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	collectionsBench(b, shop, CollectionsOptions{TTLAttribute: "expires", Now: collectionsNow, EntityOf: collectionsEntity,
		Marks: map[string]Mark{collectionsKey("CUSTOMER#00042", "ORDER#2025#003"): {Kind: MarkPut}}, MaxRows: 25})
}

// BenchmarkCollections100kSingletons walks 100,000 one-item collections.
func BenchmarkCollections100kSingletons(b *testing.B) {
	_, solos := collectionsBenchTables(b)
	collectionsBench(b, solos, CollectionsOptions{})
}

// BenchmarkCollections100kGSI groups the sparse GSI's 50,000 entries into
// 7 collections, showing 50 rows of each.
func BenchmarkCollections100kGSI(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	collectionsBench(b, shop, CollectionsOptions{Index: "GSI1"})
}

// BenchmarkCollections100kPartitionKey shows one collection found by its
// partition key.
func BenchmarkCollections100kPartitionKey(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	collectionsBench(b, shop, CollectionsOptions{PartitionKey: "CUSTOMER#04321"})
}

// BenchmarkCollections100kDecodeAll is the naive way, for comparison:
// decode every item to group the collections.
func BenchmarkCollections100kDecodeAll(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		cols, last := 0, ""
		shop.Items(func(it attr.Item) bool {
			if pk := FormatValue(it["PK"]); pk != last {
				cols, last = cols+1, pk
			}
			return true
		})
		if cols != 10_000 {
			b.Fatal(cols)
		}
	}
}

// BenchmarkIndexMembership100k lists why 50,000 items are not in the GSI.
func BenchmarkIndexMembership100k(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	for _, fresh := range []bool{true, false} {
		name := "tick"
		if fresh {
			name = "write"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if fresh {
					indexWalks.clear()
				}
				v, err := IndexMembership(shop, "GSI1", MembershipOptions{EntityOf: collectionsEntity})
				if err != nil || v.Out != 50_000 {
					b.Fatal(err, v.Out)
				}
			}
		})
	}
}

// BenchmarkTTLTimeline100k reads the TTL of 100,000 items (a third carry
// one) and draws the timeline: on a table read for the first time
// (fresh), on a new version of it (next: the index of the previous version
// gives every unchanged item's expiry), and on the same one as the clock
// ticks.
func BenchmarkTTLTimeline100k(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	for _, name := range []string{"fresh", "next", "tick"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			now := collectionsNow
			for b.Loop() {
				switch name {
				case "fresh":
					ttlIndexes.clear()
					ttlLast.clear()
				case "next":
					ttlIndexes.clear()
				}
				now = now.Add(time.Second)
				v := TTLTimeline(shop, TimelineOptions{TTLAttribute: "expires", Now: now})
				if v.WithTTL != 33_334 || len(v.SVG()) == 0 {
					b.Fatal(v.WithTTL)
				}
			}
		})
	}
}
