package engine

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// benchItem returns item i of the benchmark dataset: about 200 bytes of
// DynamoDB item size, ten items per partition key.
func benchItem(i int) attr.Item {
	return attr.Item{
		"pk":      attr.String(fmt.Sprintf("USER#%07d", i/10)),
		"sk":      attr.String(fmt.Sprintf("ORDER#2026-03-%02d#%07d", i%28+1, i)),
		"status":  attr.String("SHIPPED"),
		"total":   attr.MustNumber(fmt.Sprintf("%d.%02d", i%1000, i%100)),
		"email":   attr.String(fmt.Sprintf("customer%07d@example.com", i/10)),
		"address": attr.String("1200 Harbour Boulevard, Apartment 12B, Springfield, Illinois 62704, United States of America"),
		"items":   attr.MustNumber(fmt.Sprint(i%7 + 1)),
	}
}

func benchTable(b testing.TB, db *Database) {
	b.Helper()
	mustCreate(b, db, compositeTable("Bench", "S"))
}

// BenchmarkPutItem overwrites a pool of 65,536 items over and over: the
// dead records it leaves are compacted away as they outweigh the live ones
// (compact.go), and the compactions' cost is in the figure.
func BenchmarkPutItem(b *testing.B) { benchmarkPutItem(b, defaultCompactMin) }

// BenchmarkPutItemNoCompaction is BenchmarkPutItem with compaction off:
// against it, what compaction costs constant overwrites.
func BenchmarkPutItemNoCompaction(b *testing.B) { benchmarkPutItem(b, math.MaxInt64) }

func benchmarkPutItem(b *testing.B, compactMin int64) {
	db, _ := newTestDB(b)
	db.compactMin = compactMin
	benchTable(b, db)
	const pool = 1 << 16
	inputs := make([]PutItemInput, pool)
	name := "Bench"
	for i := range inputs {
		inputs[i] = PutItemInput{TableName: &name, Item: benchItem(i)}
	}
	b.ReportMetric(float64(attr.ItemSize(inputs[0].Item)), "item-bytes")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := db.PutItem(&inputs[i%pool]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGetItem(b *testing.B) { benchmarkGetItem(b, 100_000) }

// BenchmarkGetItemSmallTable reads a table that fits in the CPU caches:
// against BenchmarkGetItem, the cost of cache misses on a large table.
func BenchmarkGetItemSmallTable(b *testing.B) { benchmarkGetItem(b, 1_000) }

func benchmarkGetItem(b *testing.B, n int) {
	db, _ := newTestDB(b)
	benchTable(b, db)
	name := "Bench"
	for i := 0; i < n; i++ {
		mustPut(b, db, name, benchItem(i))
	}
	// The keys are read in an order spread over the whole table, and are
	// built here in that order: like the requests a server decodes one after
	// another, each key sits in memory next to the previous one, so the
	// figure is the engine's reads rather than the harness's cache misses.
	pks := make([]attr.Value, n)
	sks := make([]attr.Value, n)
	for i := range n {
		it := benchItem((i * 7919) % n)
		pks[i], sks[i] = it["pk"], it["sk"]
	}
	in := GetItemInput{TableName: &name, Key: attr.Item{}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % n
		in.Key["pk"], in.Key["sk"] = pks[k], sks[k]
		out, err := db.GetItem(&in)
		if err != nil || out.Item == nil {
			b.Fatal(err)
		}
	}
}

// million is a shared table of 1,000,000 benchmark items.
var million struct {
	once sync.Once
	db   *Database
	heap uint64 // heap bytes the items took
}

func loadMillion(b testing.TB) *Database {
	million.once.Do(func() {
		db, _ := newTestDB(b)
		benchTable(b, db)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		name := "Bench"
		for i := 0; i < 1_000_000; i++ {
			if _, err := db.PutItem(&PutItemInput{TableName: &name, Item: benchItem(i)}); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		million.db, million.heap = db, after.HeapAlloc-before.HeapAlloc
	})
	return million.db
}

// BenchmarkQueryBeginsWith10 queries 10 items by begins_with in a
// 1,000,000-item table.
func BenchmarkQueryBeginsWith10(b *testing.B) {
	db := loadMillion(b)
	name, cond := "Bench", "pk = :p AND begins_with(sk, :s)"
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := db.Query(&QueryInput{TableName: &name, KeyConditionExpression: &cond,
			ExpressionAttributeValues: attr.Values{":p": attr.String(fmt.Sprintf("USER#%07d", (i*7919)%100_000)), ":s": attr.String("ORDER#")}})
		if err != nil || out.Count != 10 {
			b.Fatalf("count %d, %v", out.Count, err)
		}
	}
}

// BenchmarkMemoryPerItem reports the heap held per stored item of about 200
// bytes, in a 1,000,000-item table.
func BenchmarkMemoryPerItem(b *testing.B) {
	loadMillion(b)
	for i := 0; i < b.N; i++ {
		_ = million.heap
	}
	b.ReportMetric(float64(million.heap)/1_000_000, "heap-bytes/item")
	b.ReportMetric(float64(attr.ItemSize(benchItem(0))), "item-bytes")
}

// BenchmarkGCMillion times one full garbage collection with the
// 1,000,000-item table loaded. Under WebAssembly the collector shares the
// page's only thread: this is how long the page freezes when it runs. On a
// busy machine the mean carries the time the process waited for a core;
// min-ms/gc is the fastest collection of the run.
func BenchmarkGCMillion(b *testing.B) {
	db := loadMillion(b)
	runtime.GC()
	fastest := time.Duration(math.MaxInt64)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		runtime.GC()
		fastest = min(fastest, time.Since(t0))
	}
	b.StopTimer()
	runtime.KeepAlive(db)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/gc")
	b.ReportMetric(float64(fastest.Nanoseconds())/1e6, "min-ms/gc")
}

// indexedBenchTable is the benchmark table with two GSIs and one LSI.
func indexedBenchTable() *CreateTableInput {
	in := compositeTable("Indexed", "S")
	in.AttributeDefinitions = append(in.AttributeDefinitions,
		schema.AttributeDefinition{AttributeName: "status", AttributeType: schema.TypeS},
		schema.AttributeDefinition{AttributeName: "email", AttributeType: schema.TypeS},
		schema.AttributeDefinition{AttributeName: "total", AttributeType: schema.TypeN})
	in.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{
		{IndexName: "ByStatus", KeySchema: []schema.KeySchemaElement{{AttributeName: "status", KeyType: schema.KeyTypeHash}, {AttributeName: "sk", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}},
		{IndexName: "ByEmail", KeySchema: []schema.KeySchemaElement{{AttributeName: "email", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll}},
	}
	in.LocalSecondaryIndexes = []schema.LocalSecondaryIndex{
		{IndexName: "ByTotal", KeySchema: []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "total", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"status"}}},
	}
	return in
}

func BenchmarkPutItemTwoGSIsOneLSI(b *testing.B) {
	db, _ := newTestDB(b)
	mustCreate(b, db, indexedBenchTable())
	const pool = 1 << 16
	inputs := make([]PutItemInput, pool)
	name := "Indexed"
	for i := range inputs {
		inputs[i] = PutItemInput{TableName: &name, Item: benchItem(i)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := db.PutItem(&inputs[i%pool]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQueryGSI(b *testing.B) {
	db, _ := newTestDB(b)
	mustCreate(b, db, indexedBenchTable())
	name := "Indexed"
	for i := 0; i < 100_000; i++ {
		mustPut(b, db, name, benchItem(i))
	}
	idx, cond := "ByEmail", "email = :e"
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := db.Query(&QueryInput{TableName: &name, IndexName: &idx, KeyConditionExpression: &cond,
			ExpressionAttributeValues: attr.Values{":e": attr.String(fmt.Sprintf("customer%07d@example.com", (i*7919)%10_000))}})
		if err != nil || out.Count != 10 {
			b.Fatalf("count %d, %v", out.Count, err)
		}
	}
}

// BenchmarkTTLSweepMillion expires 1,000,000 items at once and times the
// sweep that deletes them (per item).
func BenchmarkTTLSweepMillion(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		clk := NewManualClock(epoch0)
		db := New(WithClock(clk))
		mustCreate(b, db, compositeTable("Expiring", "S"))
		name := "Expiring"
		if _, err := db.UpdateTimeToLive(&UpdateTimeToLiveInput{TableName: &name,
			TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: ptr("ttl"), Enabled: ptr(true)}}); err != nil {
			b.Fatal(err)
		}
		for j := 0; j < 1_000_000; j++ {
			it := benchItem(j)
			it["ttl"] = attr.NumberFromInt64(epoch0.Unix() + int64(j%3600))
			if _, err := db.PutItem(&PutItemInput{TableName: &name, Item: it}); err != nil {
				b.Fatal(err)
			}
		}
		clk.Advance(2 * time.Hour)
		b.StartTimer()
		db.Tick()
		b.StopTimer()
		if n := db.tables[name].items.Len(); n != 0 {
			b.Fatalf("%d items left after the sweep", n)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ns/expired-item")
}
