package partition

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// dayLayout is a provisioned table of 100 partitions: 100,000 RCU + 25,000
// WCU gives ceil(33.3 + 25) = 59, doubled... built directly instead.
func dayLayout(tb testing.TB) *Layout {
	// ceil(150,000 / 3,000 + 50,000 / 1,000) = ceil(50 + 50) = 100.
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
