package patterns

import (
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// largestPattern is the pattern whose items are largest on average (over
// its first 10,000 items): the most bytes to generate and load per item.
func largestPattern(b *testing.B) (*Pattern, float64) {
	b.Helper()
	var best *Pattern
	bestAvg := 0.0
	for _, p := range Catalog() {
		src, err := p.Source(model.GeneratorSpec{Seed: DefaultSeed, Size: 10_000})
		if err != nil {
			b.Fatal(err)
		}
		total := 0
		_ = src(func(_ string, lent attr.Fields) error {
			it := lent.Item()
			total += attr.ItemSize(it)
			return nil
		})
		if avg := float64(total) / 10_000; avg > bestAvg {
			best, bestAvg = p, avg
		}
	}
	return best, bestAvg
}

// freshDatabase stops the timer and returns p's model sized for size
// items and an empty database of its tables, the heap collected.
func freshDatabase(b *testing.B, p *Pattern, size int) (*model.Model, *engine.Database) {
	b.StopTimer()
	m := p.Model()
	m.Dataset.Generator.Size = size
	db, _ := m.NewDatabase()
	runtime.GC()
	return m, db
}

// timedLoad starts the timer and loads m's dataset into db, all size items.
func timedLoad(b *testing.B, m *model.Model, db *engine.Database, size int) {
	b.StartTimer()
	st, err := m.Load(db, Generator)
	if err != nil {
		b.Fatal(err)
	}
	if st.Items != size {
		b.Fatalf("loaded %d items", st.Items)
	}
}

// BenchmarkGenerateAndLoadMillion generates 1,000,000 items of the largest
// pattern and loads them into a fresh engine.Database through
// BatchWriteItem, streaming (the items exist once, in the engine).
//
//	go test -run '^$' -bench GenerateAndLoad ./patterns/
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test -run '^$' -bench GenerateAndLoad ./patterns/
func BenchmarkGenerateAndLoadMillion(b *testing.B) {
	const size = 1_000_000
	p, avg := largestPattern(b)
	b.Logf("largest pattern: %s (%.0f bytes per item on average)", p.Name, avg)
	var heap uint64
	var cpu time.Duration
	cpuKnown := true
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, db := freshDatabase(b, p, size)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cpu0, ok0 := cpuTime()
		timedLoad(b, m, db, size)
		b.StopTimer()
		cpu1, ok1 := cpuTime()
		cpu += cpu1 - cpu0
		cpuKnown = cpuKnown && ok0 && ok1
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap = after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(db)
		b.StartTimer()
	}
	b.StopTimer()
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp.Nanoseconds())/size, "ns/item")
	if cpuKnown { // the load runs its generator on a second core when there is one
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/size, "cpu-ns/item")
	}
	b.ReportMetric(size/perOp.Seconds(), "items/s")
	b.ReportMetric(float64(heap)/size, "heap-bytes/item")
	b.ReportMetric(avg, "item-bytes")
}

// BenchmarkGenerateMillion times the generator alone: 1,000,000 items of
// every pattern written as NDJSON to io.Discard.
func BenchmarkGenerateMillion(b *testing.B) {
	for _, p := range Catalog() {
		b.Run(p.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				src, err := p.Source(model.GeneratorSpec{Seed: DefaultSeed, Size: 1_000_000})
				if err != nil {
					b.Fatal(err)
				}
				if err := WriteNDJSON(io.Discard, src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ns/item")
		})
	}
}

// BenchmarkLoadEachPattern generates and loads 200,000 items of every
// pattern into a fresh database, one sub-benchmark each: the load's cost
// per item when the table has secondary indexes, a TTL or several tables,
// beside the largest pattern's index-free table above.
//
//	go test -run '^$' -bench LoadEachPattern ./patterns/
func BenchmarkLoadEachPattern(b *testing.B) {
	const size = 200_000
	for _, p := range Catalog() {
		b.Run(p.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				m, db := freshDatabase(b, p, size)
				timedLoad(b, m, db, size)
			}
			perOp := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(perOp.Nanoseconds())/size, "ns/item")
		})
	}
}
