package partition

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// dayLayout is a provisioned table of 100 partitions:
// ceil(150,000 / 3,000 + 50,000 / 1,000) = ceil(50 + 50) = 100.
func dayLayout(tb testing.TB) *Layout {
	l, err := New(Spec{Mode: Provisioned, RCU: 150000, WCU: 50000})
	if err != nil || l.Len() != 100 {
		tb.Fatalf("layout: %v, %d partitions", err, l.Len())
	}
	return l
}

// dayWorkload is 10,000 requests per second for a day: 7,000 reads with a
// daily cycle over a Zipf-distributed million keys, 3,000 writes uniform
// over 100,000 keys.
func dayWorkload() Workload {
	return Workload{Seconds: Day, Seed: 1, Patterns: []AccessPattern{
		{Name: "get", Op: Read, Consistency: capacity.Eventual, ItemBytes: 2000,
			Rate: Rate{Shape: Daily, Base: 4000, Peak: 10000, Start: 14 * 3600}, Keys: Keys{Dist: Zipf, Count: 1_000_000}},
		{Name: "put", Op: Write, ItemBytes: 800, Rate: Rate{Base: 3000}, Keys: Keys{Dist: Uniform, Count: 100_000}},
	}}
}

// BenchmarkSimulateDay simulates a day (86,400 s) of 10,000 requests per
// second over 100 partitions.
func BenchmarkSimulateDay(b *testing.B) {
	l := dayLayout(b)
	w := dayWorkload()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Simulate(l, w); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulateDayNoise is BenchmarkSimulateDay with Poisson noise
// drawn per pattern and partition every second.
func BenchmarkSimulateDayNoise(b *testing.B) {
	l := dayLayout(b)
	w := dayWorkload()
	w.Noise = true
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Simulate(l, w); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulateSetup is the fixed cost of a run: placing 65,536 Zipf
// keys (hashing and sorting them) and spreading the rest.
func BenchmarkSimulateSetup(b *testing.B) {
	l := dayLayout(b)
	w := dayWorkload()
	w.Seconds = 1
	for b.Loop() {
		if _, err := Simulate(l, w); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLocate(b *testing.B) {
	l := dayLayout(b)
	h := uint64(0)
	for b.Loop() {
		h += 0x9e3779b97f4a7c15
		_ = l.Locate(h)
	}
}

// BenchmarkHashKey64 is the partition hash of a typical String key: every
// write, point read and Query computes one.
func BenchmarkHashKey64(b *testing.B) {
	enc := attr.AppendKey(nil, attr.String("CUSTOMER#000123"))
	b.ReportAllocs()
	for b.Loop() {
		HashKey64(enc)
	}
}
