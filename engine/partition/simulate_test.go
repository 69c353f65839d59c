package partition

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

func simulate(t *testing.T, l *Layout, w Workload) *Result {
	t.Helper()
	r, err := Simulate(l, w)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, r)
	return r
}

// lastThrottled is the table's throttled requests per second over the
// last n samples.
func lastThrottled(r *Result, n int) float64 {
	var sum float64
	for _, s := range r.Table[len(r.Table)-n:] {
		sum += s.Throttled
	}
	return sum / float64(n)
}

// TestBurstExample: the Knowledge Center's example. A partition of 150 RCU
// idle for five minutes banks 45,000 units, then sustains 200 RCU for
// 45,000 / (200 − 150) = 900 seconds before it is throttled.
func TestBurstExample(t *testing.T) {
	l := NewProvisioned(150, 0)
	r := simulate(t, l, Workload{Seconds: 1300, Interval: 1, Patterns: []AccessPattern{{
		Name: "reads", Op: Read, Consistency: capacity.Strong, ItemBytes: 4096,
		Rate: Rate{Shape: Spike, Base: 0, Peak: 200, Start: 300, Length: 1000},
		Keys: Keys{Count: 1000},
	}}})
	read := r.Partitions[0].Read
	if got := read.Burst[299]; got != 45000 {
		t.Errorf("after 300 idle seconds the bank holds %v, want 45,000", got)
	}
	for s := 300; s < 1200; s++ {
		if read.Throttled[s] != 0 || read.Consumed[s] != 200 {
			t.Fatalf("second %d: consumed %v, throttled %v; want 200 served for 900 s", s, read.Consumed[s], read.Throttled[s])
		}
	}
	for s := 1200; s < 1300; s++ {
		if math.Abs(read.Throttled[s]-50) > 1e-6 || math.Abs(read.Consumed[s]-150) > 1e-6 {
			t.Fatalf("second %d: consumed %v, throttled %v; want 150 and 50 once the bank is spent", s, read.Consumed[s], read.Throttled[s])
		}
	}
	if r.Totals.ThrottledSeconds != 100 {
		t.Errorf("%d throttled seconds, want 100", r.Totals.ThrottledSeconds)
	}
	if r.Partitions[0].Read.Allowed[500] != 150 {
		t.Errorf("allowed %v, want the share 150", r.Partitions[0].Read.Allowed[500])
	}
}

// TestBurstDisabled: the same spike with burst capacity off is throttled
// from its first second, the bucket banking nothing; the
// Yield hook sees the run's progress.
func TestBurstDisabled(t *testing.T) {
	l := NewProvisioned(150, 0)
	var yields []int
	r := simulate(t, l, Workload{Seconds: 3700, Interval: 1, DisableBurst: true, Yield: func(s int) error { yields = append(yields, s); return nil },
		Patterns: []AccessPattern{{
			Name: "reads", Op: Read, Consistency: capacity.Strong, ItemBytes: 4096,
			Rate: Rate{Shape: Spike, Base: 0, Peak: 200, Start: 300, Length: 1000},
			Keys: Keys{Count: 1000},
		}}})
	read := r.Partitions[0].Read
	if got := read.Burst[299]; got != 0 {
		t.Errorf("after 300 idle seconds the bank holds %v, want nothing", got)
	}
	for s := 300; s < 1300; s++ {
		if math.Abs(read.Throttled[s]-50) > 1e-6 || math.Abs(read.Consumed[s]-150) > 1e-6 {
			t.Fatalf("second %d: consumed %v, throttled %v; want 150 and 50 without burst", s, read.Consumed[s], read.Throttled[s])
		}
	}
	if r.Totals.ThrottledSeconds != 1000 {
		t.Errorf("%d throttled seconds, want 1,000", r.Totals.ThrottledSeconds)
	}
	var want []int
	for s := YieldEvery; s <= 3700; s += YieldEvery {
		want = append(want, s)
	}
	if !reflect.DeepEqual(yields, want) {
		t.Errorf("Yield saw %v, want %v", yields, want)
	}
}

// TestAdaptiveCapacity: the guide's example, 400 WCU over 4 partitions of
// 100, one of them taking 150 WCU/s: adaptive capacity lets it (from the
// first second, so its bank is never touched); without it, the partition
// is throttled 50 WCU/s once its burst (empty at creation) is spent. It
// never lifts a partition above 1,000 WCU.
func TestAdaptiveCapacity(t *testing.T) {
	l := mustLayout(t, Spec{RCU: 0, WCU: 400, SizeGB: 35}) // 4 partitions by size, 100 WCU each
	if l.Len() != 4 {
		t.Fatalf("%d partitions", l.Len())
	}
	hot := "hot#0"
	hotPart := l.Locate(HashString(hot))
	w := Workload{Seconds: 600, DisableSplitForHeat: true, Patterns: []AccessPattern{
		{Name: "spread", Op: Write, ItemBytes: 100, Rate: Rate{Base: 200}, Keys: Keys{Count: 100000}}, // 50 per partition
		{Name: "hot", Op: Write, ItemBytes: 100, Rate: Rate{Base: 100}, Keys: Keys{Count: 1}},         // +100 on one
	}}
	on := simulate(t, l, w)
	if on.Totals.Throttled != 0 {
		t.Errorf("adaptive capacity on: %v throttled", on.Totals.Throttled)
	}
	p := on.Partitions[hotPart].Write
	if got := p.Consumed[len(p.Consumed)-1]; math.Abs(got-150) > 1e-6 {
		t.Errorf("hot partition consumed %v, want 150", got)
	}
	if got := p.Borrowed[len(p.Borrowed)-1]; math.Abs(got-50) > 1e-6 {
		t.Errorf("hot partition borrowed %v, want 50", got)
	}
	w.DisableAdaptive = true
	off := simulate(t, l, w)
	if got := lastThrottled(off, 1); math.Abs(got-50) > 1e-6 {
		t.Errorf("adaptive capacity off: %v throttled/s, want 50", got)
	}

	// A single key at 1,500 WCU on a table of 10,000: capped at 1,000.
	big := NewProvisioned(0, 10000)
	r := simulate(t, big, Workload{Seconds: 400, Patterns: []AccessPattern{
		{Name: "hot", Op: Write, ItemBytes: 100, Rate: Rate{Base: 1500}, Keys: Keys{Count: 1}},
	}})
	if got := lastThrottled(r, 1); math.Abs(got-500) > 1e-6 {
		t.Errorf("a 1,500 WCU key: %v throttled/s, want 500", got)
	}
	if r.Patterns[0].HotKeyUnits != 1500 || r.Patterns[0].Ceiling != 1000 {
		t.Errorf("pattern %+v", r.Patterns[0])
	}
}

// TestLinearCeiling: by default reads and writes are limited
// independently; with LinearCeiling a partition serves 3,000 RCU or 1,000
// WCU or a linear combination, so 1,500 RCU and 1,000 WCU together exceed
// it.
func TestLinearCeiling(t *testing.T) {
	l := NewOnDemand() // 4 partitions of 3,000 RRU + 1,000 WRU
	w := Workload{Seconds: 10, Interval: 1, DisableSplitForHeat: true, Patterns: []AccessPattern{
		{Name: "r", Op: Read, Consistency: capacity.Strong, ItemBytes: 4096, Rate: Rate{Base: 1500}, Keys: Keys{Count: 1, Prefix: "k"}},
		{Name: "w", Op: Write, ItemBytes: 1024, Rate: Rate{Base: 1000}, Keys: Keys{Count: 1, Prefix: "k"}},
	}}
	if r := simulate(t, l, w); r.Totals.Throttled != 0 {
		t.Errorf("independent ceilings: %v throttled", r.Totals.Throttled)
	}
	w.LinearCeiling = true
	r := simulate(t, l, w)
	i := r.Layout.Locate(HashString("k0"))
	p := r.Partitions[i]
	got := p.Read.Consumed[5]/PartitionRCU + p.Write.Consumed[5]/PartitionWCU
	if math.Abs(got-1) > 1e-9 {
		t.Errorf("served %v RCU + %v WCU = %v of the ceiling, want exactly 1", p.Read.Consumed[5], p.Write.Consumed[5], got)
	}
	if r.Totals.Throttled == 0 {
		t.Error("nothing throttled over the linear ceiling")
	}
}

// singleKeyPrefixes finds n prefixes whose single key (prefix + "0") falls
// in partition part of l.
func singleKeyPrefixes(l *Layout, part, n int) []string {
	var out []string
	for i := 0; len(out) < n; i++ {
		prefix := "hot" + strconv.Itoa(i) + "-"
		if l.Locate(HashString(prefix+"0")) == part {
			out = append(out, prefix)
		}
	}
	return out
}

// TestSplitForHeat: two hot keys on one partition split apart; a single
// hot key cannot; a table with an LSI never splits for heat, nor does a
// workload with split for heat off.
func TestSplitForHeat(t *testing.T) {
	hot := func(prefixes ...string) Workload {
		w := Workload{Seconds: 900}
		for _, p := range prefixes {
			w.Patterns = append(w.Patterns, AccessPattern{Name: p, Op: Write, ItemBytes: 100,
				Rate: Rate{Base: 900}, Keys: Keys{Count: 1, Prefix: p}})
		}
		return w
	}
	l := NewProvisioned(0, 2000) // 2 partitions of 1,000 WCU
	two := singleKeyPrefixes(l, 0, 2)

	r := simulate(t, l, hot(two...))
	if r.Totals.HeatSplits != 1 || r.Totals.PartitionsEnd != 3 {
		t.Fatalf("two hot keys: %d heat splits, %d partitions; want 1 and 3", r.Totals.HeatSplits, r.Totals.PartitionsEnd)
	}
	e := r.Events[0]
	if e.Kind != StepHeatSplit || e.Second != 300 || !strings.Contains(e.Text, "demand at 180% of one partition's ceiling for 300 s; split where the hotter side keeps 90%") {
		t.Errorf("event %+v", e)
	}
	final := r.Layout
	if final.Locate(HashString(two[0]+"0")) == final.Locate(HashString(two[1]+"0")) {
		t.Error("the hot keys still share a partition")
	}
	// Until the split the partition serves 1,000 of 1,800; after it, each
	// key has its own partition of 500 WCU and borrows the rest.
	if got := r.Table[0].Throttled; math.Abs(got-800) > 1e-6 {
		t.Errorf("throttled before the split %v/s, want 800", got)
	}
	if got := lastThrottled(r, 10); got != 0 {
		t.Errorf("throttled after the split %v/s, want 0", got)
	}

	one := simulate(t, l, hot(two[0]))
	if one.Totals.HeatSplits != 0 {
		t.Errorf("a single hot key split %d times", one.Totals.HeatSplits)
	}
	lsi := mustLayout(t, Spec{RCU: 0, WCU: 2000, HasLSI: true})
	if r := simulate(t, lsi, hot(two...)); r.Totals.HeatSplits != 0 || lastThrottled(r, 1) != 800 {
		t.Errorf("a table with an LSI: %d heat splits, %v throttled/s", r.Totals.HeatSplits, lastThrottled(r, 1))
	}
	off := hot(two...)
	off.DisableSplitForHeat = true
	if r := simulate(t, l, off); r.Totals.HeatSplits != 0 {
		t.Errorf("split for heat off: %d heat splits", r.Totals.HeatSplits)
	}
	// Thresholds are tunable.
	quick := hot(two...)
	quick.HeatSeconds = 10
	if r := simulate(t, l, quick); r.Events[0].Second != 10 {
		t.Errorf("heat split after 10 s came at second %d", r.Events[0].Second)
	}
	cool := hot(two...)
	cool.HeatThreshold = 2
	if r := simulate(t, l, cool); r.Totals.HeatSplits != 0 {
		t.Errorf("a threshold of 200%% still split")
	}
}

// TestOnDemandSimulation: a new on-demand table receiving 10,000 WRU/s
// serves 4,000 (twice its previous peak of 2,000) until the new peak counts
// after 30 minutes; then it serves twice 10,000 on 32 partitions.
func TestOnDemandSimulation(t *testing.T) {
	r := simulate(t, NewOnDemand(), Workload{Seconds: 2400, Interval: 60, DisableSplitForHeat: true, Patterns: []AccessPattern{
		{Name: "w", Op: Write, ItemBytes: 500, Rate: Rate{Base: 10000}, Keys: Keys{Count: 100000}},
	}})
	first, last := r.Table[0], r.Table[len(r.Table)-1]
	if first.WriteConsumed != 4000 || first.WriteThrottled != 6000 || first.Partitions != 4 {
		t.Errorf("first minute %+v", first)
	}
	if last.WriteConsumed != 10000 || last.WriteThrottled != 0 || last.Partitions != 32 || last.WriteAllowed != 20000 {
		t.Errorf("last minute %+v", last)
	}
	if len(r.Events) != 1 || r.Events[0].Second != 1800 || r.Events[0].Kind != StepPeak || r.Events[0].Partitions != 32 {
		t.Fatalf("events %+v", r.Events)
	}
	if !strings.Contains(r.Events[0].Text, "ceil(max(12,000 / 3,000, 20,000 / 1,000)) = 20 partitions > 4: double to 32") {
		t.Errorf("event text %q", r.Events[0].Text)
	}
	// A shorter lag lets it grow sooner.
	fast := simulate(t, NewOnDemand(), Workload{Seconds: 200, PeakLag: 60, DisableSplitForHeat: true, Patterns: []AccessPattern{
		{Name: "w", Op: Write, ItemBytes: 500, Rate: Rate{Base: 10000}, Keys: Keys{Count: 100000}},
	}})
	if fast.Events[0].Second != 60 {
		t.Errorf("peak lag 60: event at %d", fast.Events[0].Second)
	}
}

// TestThroughputChangeDuringRun: seed 003's bulk load. Provisioned at
// 11,000 WCU the table gets 11 partitions; lowered to 200 WCU they keep
// 200 / 11 = 18.18 WCU each, so 200 writes/s spread evenly are served but
// a key taking 40 writes/s is throttled once its bank is spent.
func TestThroughputChangeDuringRun(t *testing.T) {
	l := NewProvisioned(0, 11000)
	r := simulate(t, l, Workload{Seconds: 3600, Interval: 60, DisableSplitForHeat: true, DisableAdaptive: true,
		Changes: []Change{{At: 1800, RCU: 0, WCU: 200}},
		Patterns: []AccessPattern{
			{Name: "load", Op: Write, ItemBytes: 1024, Rate: Rate{Shape: Spike, Base: 0, Peak: 10000, Start: 0, Length: 1800}, Keys: Keys{Dist: RoundRobin, Count: 1_000_000}},
			{Name: "steady", Op: Write, ItemBytes: 1024, Rate: Rate{Shape: Spike, Base: 160, Peak: 0, Start: 0, Length: 1800}, Keys: Keys{Count: 100_000}},
			{Name: "hot", Op: Write, ItemBytes: 1024, Rate: Rate{Shape: Spike, Base: 40, Peak: 0, Start: 0, Length: 1800}, Keys: Keys{Count: 1}},
		}})
	if r.Totals.PartitionsEnd != 11 || len(r.Events) != 1 || r.Events[0].Kind != StepLower || r.Events[0].Second != 1800 {
		t.Fatalf("partitions %d, events %+v", r.Totals.PartitionsEnd, r.Events)
	}
	if !strings.Contains(r.Events[0].Text, "partitions never merge: the table keeps 11 partitions; each 0 / 11 = 0 RCU + 200 / 11 = 18.18 WCU") {
		t.Errorf("event %q", r.Events[0].Text)
	}
	for _, p := range r.Partitions {
		if got := p.Write.Allowed[len(p.Write.Allowed)-1]; math.Abs(got-200.0/11) > 1e-9 {
			t.Errorf("partition %d allowed %v after lowering, want 18.18", p.ID, got)
		}
	}
	if r.Table[10].Throttled != 0 {
		t.Errorf("the bulk load was throttled: %+v", r.Table[10])
	}
	hot := r.Patterns[2]
	if hot.Throttled == 0 || lastThrottled(r, 1) < 40-18.19 {
		t.Errorf("the 40 writes/s key: %v throttled, %v/s at the end", hot.Throttled, lastThrottled(r, 1))
	}
}

// TestInsertsGrowData: inserting writes fill a partition past 10 GB and it
// splits, data and share halved.
func TestInsertsGrowData(t *testing.T) {
	l := mustLayout(t, Spec{RCU: 0, WCU: 1000, SizeGB: 9.9}) // 1 partition
	r := simulate(t, l, Workload{Seconds: 600, Patterns: []AccessPattern{
		{Name: "put", Op: Write, ItemBytes: 10 * 1024, Rate: Rate{Base: 50}, Keys: Keys{Count: 1_000_000}, Inserts: true},
	}})
	if r.Totals.Splits != 1 || r.Totals.PartitionsEnd != 2 {
		t.Fatalf("%d splits, %d partitions", r.Totals.Splits, r.Totals.PartitionsEnd)
	}
	// 0.1 GB at 500 KB/s is about 210 s.
	if e := r.Events[0]; e.Kind != StepSplit || e.Second < 200 || e.Second > 220 {
		t.Errorf("split %+v", e)
	}
	want := int64(math.Round(9.9*GB)) + 600*50*10*1024
	if got := r.Layout.Bytes(); got != want {
		t.Errorf("table holds %d bytes, want %d", got, want)
	}
	parts := r.Layout.Partitions()
	if parts[0].WCU != 500 || parts[1].WCU != 500 {
		t.Errorf("children %+v", parts)
	}
	if r.Partitions[0].To != r.Events[0].Second || r.Partitions[1].From != r.Events[0].Second {
		t.Errorf("series: parent ends %d, child begins %d", r.Partitions[0].To, r.Partitions[1].From)
	}
}

// TestRateShapes checks Rate.At.
func TestRateShapes(t *testing.T) {
	tests := []struct {
		r    Rate
		t    int
		want float64
	}{
		{Rate{Base: 5}, 100, 5},
		{Rate{Shape: Ramp, Base: 0, Peak: 100, Start: 10, Length: 100}, 0, 0},
		{Rate{Shape: Ramp, Base: 0, Peak: 100, Start: 10, Length: 100}, 60, 50},
		{Rate{Shape: Ramp, Base: 0, Peak: 100, Start: 10, Length: 100}, 500, 100},
		{Rate{Shape: Spike, Base: 1, Peak: 9, Start: 10, Length: 5}, 9, 1},
		{Rate{Shape: Spike, Base: 1, Peak: 9, Start: 10, Length: 5}, 14, 9},
		{Rate{Shape: Spike, Base: 1, Peak: 9, Start: 10, Length: 5}, 15, 1},
		{Rate{Shape: Daily, Base: 100, Peak: 300, Start: 3600}, 3600, 300},
		{Rate{Shape: Daily, Base: 100, Peak: 300, Start: 3600}, 3600 + Day/2, 100},
		{Rate{Shape: Daily, Base: 100, Peak: 300, Start: 3600}, 3600 + Day/4, 200},
	}
	for _, tc := range tests {
		if got := tc.r.At(tc.t); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%+v at %d = %v, want %v", tc.r, tc.t, got, tc.want)
		}
	}
}

// TestKeyMass checks the analytic spread: every distribution's weights sum
// to 1, explicit keys sit at their hashes, and Zipf's head is exact.
func TestKeyMass(t *testing.T) {
	l := NewProvisioned(30000, 10000) // 20 partitions
	parts := l.Partitions()
	for _, p := range []AccessPattern{
		{Name: "u", Keys: Keys{Count: 1000}},
		{Name: "big", Keys: Keys{Count: 10_000_000}},
		{Name: "z", Keys: Keys{Dist: Zipf, Count: 1_000_000, Exponent: 1.1}},
		{Name: "z1", Keys: Keys{Dist: Zipf, Count: 1000}},
		{Name: "h", Keys: Keys{Dist: HotKey, Count: 500, HotShare: 0.3}},
		{Name: "hbig", Keys: Keys{Dist: HotKey, Count: 5_000_000, HotShare: 0.3}},
		{Name: "s", Keys: Keys{Count: 10}, Sharding: Sharding{Shards: 20}},
	} {
		m := buildMass(p)
		w := make([]float64, len(parts))
		m.weights(parts, w)
		var sum float64
		for _, x := range w {
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: weights sum to %v", p.Name, sum)
		}
	}
	// Zipf with s = 1 over 1,000 keys: key 0 has 1/H(1000).
	m := buildMass(AccessPattern{Name: "z", Keys: Keys{Dist: Zipf, Count: 1000}})
	var h float64
	for r := 1; r <= 1000; r++ {
		h += 1 / float64(r)
	}
	if math.Abs(m.topShare-1/h) > 1e-12 {
		t.Errorf("zipf head %v, want %v", m.topShare, 1/h)
	}
	// The tail approximation of H(n, s) is close to the exact sum.
	_, approx := zipfWeights(200_000, 1000, 1.2)
	_, exact := zipfWeights(200_000, 200_000, 1.2)
	if math.Abs(approx-exact)/exact > 1e-6 {
		t.Errorf("H approx %v, exact %v", approx, exact)
	}
	// A single key: its whole weight in the partition owning its hash.
	one := buildMass(AccessPattern{Name: "x", Keys: Keys{Count: 1}})
	w := make([]float64, len(parts))
	one.weights(parts, w)
	if w[l.Locate(HashString("x#0"))] != 1 {
		t.Errorf("single key weights %v", w)
	}
}

// TestWindowedSpread: a sequential upload puts a whole second on one key
// while a key has more items than the second's requests; round-robin
// spreads them over many keys.
func TestWindowedSpread(t *testing.T) {
	l := NewProvisioned(0, 10000) // 10 partitions
	seq := simulate(t, l, Workload{Seconds: 5, Interval: 1, Patterns: []AccessPattern{
		{Name: "seq", Op: Write, ItemBytes: 100, Rate: Rate{Base: 500}, Keys: Keys{Dist: Sequential, Count: 10, ItemsPerKey: 1000, Prefix: "U"}},
	}})
	// Seconds 0 and 1 write U0, 2 and 3 write U1.
	for s, key := range []string{"U0", "U0", "U1", "U1"} {
		i := l.Locate(HashString(key))
		if got := seq.Partitions[i].Write.Consumed[s] + seq.Partitions[i].Write.Throttled[s]; got != 500 {
			t.Errorf("second %d: partition of %s had demand %v, want 500", s, key, got)
		}
	}
	// Sequential with small items per key and round-robin spread evenly
	// over 10 keys: 50 per key per second.
	for _, k := range []Keys{
		{Dist: Sequential, Count: 10, ItemsPerKey: 1, Prefix: "U"},
		{Dist: RoundRobin, Count: 10, Prefix: "U"},
		{Dist: RoundRobin, Count: 1_000_000, Prefix: "U"}, // 500 keys a second, key by key
	} {
		r := simulate(t, l, Workload{Seconds: 4, Interval: 1, Patterns: []AccessPattern{
			{Name: "x", Op: Write, ItemBytes: 100, Rate: Rate{Base: 500}, Keys: k}}})
		var total float64
		for _, p := range r.Partitions {
			total += p.Write.Consumed[3]
		}
		if math.Abs(total-500) > 1e-6 || r.Totals.Throttled != 0 {
			t.Errorf("%+v: served %v, throttled %v", k, total, r.Totals.Throttled)
		}
	}
	// 20,000 keys a second: the long-run spread.
	wide := simulate(t, l, Workload{Seconds: 3, Interval: 1, Patterns: []AccessPattern{
		{Name: "x", Op: Write, ItemBytes: 100, Rate: Rate{Base: 5000}, Keys: Keys{Dist: RoundRobin, Count: 20_000}}}})
	if math.Abs(wide.Totals.Requests-15000) > 1e-6 {
		t.Errorf("requests %v", wide.Totals.Requests)
	}
}

// TestDeterminism: the same workload and seed give the same result; with
// noise another seed differs.
func TestDeterminism(t *testing.T) {
	l := NewProvisioned(3000, 1000)
	w := Workload{Seconds: 900, Seed: 7, Noise: true, Patterns: []AccessPattern{
		{Name: "r", Op: Read, ItemBytes: 3000, Rate: Rate{Shape: Ramp, Base: 100, Peak: 4000, Start: 60, Length: 600}, Keys: Keys{Dist: Zipf, Count: 5000}},
		{Name: "w", Op: Write, ItemBytes: 700, Rate: Rate{Base: 300}, Keys: Keys{Dist: HotKey, Count: 50, HotShare: 0.5}},
		{Name: "s", Op: Write, ItemBytes: 100, Rate: Rate{Base: 20}, Keys: Keys{Dist: Sequential, Count: 50, ItemsPerKey: 7}},
	}}
	a := simulate(t, l, w)
	b := simulate(t, l, w)
	if !reflect.DeepEqual(a.Totals, b.Totals) || !reflect.DeepEqual(a.Table, b.Table) || !reflect.DeepEqual(a.Partitions, b.Partitions) {
		t.Error("two runs with the same seed differ")
	}
	w.Seed = 8
	c := simulate(t, l, w)
	if reflect.DeepEqual(a.Table, c.Table) {
		t.Error("another seed gave the same noisy result")
	}
	// Noise keeps the expected totals roughly.
	w.Noise = false
	exp := simulate(t, l, w)
	if math.Abs(a.Totals.Requests-exp.Totals.Requests)/exp.Totals.Requests > 0.01 {
		t.Errorf("noisy requests %v, expected %v", a.Totals.Requests, exp.Totals.Requests)
	}
	if l.Len() != 2 || len(l.History()) != 1 {
		t.Error("Simulate changed its layout")
	}
}

func TestWorkloadValidate(t *testing.T) {
	good := AccessPattern{Name: "p", Op: Write, ItemBytes: 100, Rate: Rate{Base: 1}, Keys: Keys{Count: 1}}
	mod := func(f func(*AccessPattern)) Workload {
		p := good
		f(&p)
		return Workload{Seconds: 10, Patterns: []AccessPattern{p}}
	}
	for name, w := range map[string]Workload{
		"no seconds":        {},
		"too long":          {Seconds: MaxSeconds + 1},
		"negative rate":     mod(func(p *AccessPattern) { p.Rate.Base = -1 }),
		"ramp of 0 s":       mod(func(p *AccessPattern) { p.Rate = Rate{Shape: Ramp, Peak: 5} }),
		"no keys":           mod(func(p *AccessPattern) { p.Keys.Count = 0 }),
		"huge item":         mod(func(p *AccessPattern) { p.ItemBytes = 500 * 1024 }),
		"bad op":            mod(func(p *AccessPattern) { p.Op = 7 }),
		"bad dist":          mod(func(p *AccessPattern) { p.Keys.Dist = 9 }),
		"hot share 2":       mod(func(p *AccessPattern) { p.Keys = Keys{Dist: HotKey, Count: 3, HotShare: 2} }),
		"negative shards":   mod(func(p *AccessPattern) { p.Sharding.Shards = -1 }),
		"reads insert":      mod(func(p *AccessPattern) { p.Op = Read; p.Inserts = true }),
		"bad change":        {Seconds: 10, Changes: []Change{{At: 5}}},
		"duplicate names":   {Seconds: 10, Patterns: []AccessPattern{good, good}},
		"negative heat":     {Seconds: 10, HeatSeconds: -1},
		"negative zipf":     mod(func(p *AccessPattern) { p.Keys = Keys{Dist: Zipf, Count: 3, Exponent: -1} }),
		"bad consistency":   mod(func(p *AccessPattern) { p.Op = Read; p.Consistency = 9 }),
		"negative spike":    mod(func(p *AccessPattern) { p.Rate = Rate{Shape: Spike, Base: 1, Peak: 2, Length: -5} }),
		"unknown shape":     mod(func(p *AccessPattern) { p.Rate.Shape = 9 }),
		"bad suffix":        mod(func(p *AccessPattern) { p.Sharding = Sharding{Shards: 2, Suffix: 5} }),
		"negative items":    mod(func(p *AccessPattern) { p.Keys.ItemsPerKey = -1 }),
		"negative at":       mod(func(p *AccessPattern) { p.Rate.Start = -1 }),
		"negative interval": {Seconds: 10, Interval: -1},
	} {
		if err := w.Validate(); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Validate = %v, want ErrInvalid", name, err)
		}
		if _, err := Simulate(NewProvisioned(10, 10), w); err == nil {
			t.Errorf("%s: Simulate accepted it", name)
		}
	}
	if err := (Workload{Seconds: 10, Patterns: []AccessPattern{good}}).Validate(); err != nil {
		t.Errorf("a good workload: %v", err)
	}
	if _, err := Simulate(nil, Workload{Seconds: 1}); err == nil {
		t.Error("a nil layout was accepted")
	}
	if _, err := Simulate(NewOnDemand(), Workload{Seconds: 10, Changes: []Change{{At: 1, RCU: 1, WCU: 1}}}); err == nil {
		t.Error("throughput changes on an on-demand table were accepted")
	}
}

func TestEnumText(t *testing.T) {
	var d Dist
	if err := d.UnmarshalText([]byte("round-robin")); err != nil || d != RoundRobin {
		t.Errorf("dist %v %v", d, err)
	}
	if err := d.UnmarshalText([]byte("nope")); err == nil {
		t.Error("bad dist accepted")
	}
	var o Op
	if b, _ := Write.MarshalText(); string(b) != "write" || o.UnmarshalText([]byte("WRITE")) != nil || o != Write {
		t.Error("op text")
	}
	var s Shape
	if s.UnmarshalText([]byte("daily")) != nil || s != Daily || Daily.String() != "daily" {
		t.Error("shape text")
	}
	var x Suffix
	if x.UnmarshalText([]byte("computed")) != nil || x != ComputedSuffix {
		t.Error("suffix text")
	}
	if _, err := Op(5).MarshalText(); err == nil || Op(5).String() != "Op(5)" {
		t.Error("unknown op")
	}
}

// checkResult verifies a result's invariants: series cover each
// partition's life, partitions' consumption adds up to the totals, and
// requests split into served and throttled.
func checkResult(t *testing.T, r *Result) {
	t.Helper()
	if r.Samples != len(r.Table) || r.Samples != (r.Seconds+r.Interval-1)/r.Interval {
		t.Errorf("%d samples, table %d, want %d", r.Samples, len(r.Table), (r.Seconds+r.Interval-1)/r.Interval)
	}
	var consumed [2]float64
	for _, p := range r.Partitions {
		n := len(p.Read.Consumed)
		for _, s := range [][]float64{p.Read.Allowed, p.Read.Borrowed, p.Read.Throttled, p.Read.Burst,
			p.Write.Consumed, p.Write.Allowed, p.Write.Borrowed, p.Write.Throttled, p.Write.Burst} {
			if len(s) != n {
				t.Fatalf("partition %d: series of different lengths", p.ID)
			}
		}
		if p.From > p.To || p.Start != p.From/r.Interval {
			t.Errorf("partition %d: from %d to %d, start %d", p.ID, p.From, p.To, p.Start)
		}
		if p.To > p.From && n == 0 {
			t.Errorf("partition %d lived %d–%d with no samples", p.ID, p.From, p.To)
		}
		// Per-sample means over the seconds alive in each sample.
		for j := range n {
			lo := max((p.Start+j)*r.Interval, p.From)
			hi := min((p.Start+j+1)*r.Interval, p.To)
			secs := float64(hi - lo)
			consumed[0] += p.Read.Consumed[j] * secs
			consumed[1] += p.Write.Consumed[j] * secs
			if p.Read.Throttled[j] < 0 || p.Write.Throttled[j] < 0 || p.Read.Burst[j] < 0 {
				t.Errorf("partition %d: negative values", p.ID)
			}
		}
	}
	tol := func(x float64) float64 { return 1e-6 * math.Max(1, x) }
	if math.Abs(consumed[0]-r.Totals.ReadUnits) > tol(r.Totals.ReadUnits) || math.Abs(consumed[1]-r.Totals.WriteUnits) > tol(r.Totals.WriteUnits) {
		t.Errorf("partition series add up to %v/%v units, totals say %v/%v", consumed[0], consumed[1], r.Totals.ReadUnits, r.Totals.WriteUnits)
	}
	var reqs, thr, units float64
	for _, p := range r.Patterns {
		reqs += p.Requests
		thr += p.Throttled
		units += p.ConsumedUnits
		if p.Throttled > p.Requests*(1+1e-9) || math.Abs(p.Requests-p.Logical*float64(p.FanOut)) > tol(p.Requests) {
			t.Errorf("pattern %s: %+v", p.Name, p)
		}
	}
	if math.Abs(reqs-r.Totals.Requests) > tol(reqs) || math.Abs(thr-r.Totals.Throttled) > tol(thr) {
		t.Errorf("patterns add up to %v requests / %v throttled, totals say %v / %v", reqs, thr, r.Totals.Requests, r.Totals.Throttled)
	}
	if math.Abs(units-r.Totals.ReadUnits-r.Totals.WriteUnits) > tol(units) {
		t.Errorf("patterns consumed %v units, totals %v", units, r.Totals.ReadUnits+r.Totals.WriteUnits)
	}
	checkLayout(t, r.Layout)
	if r.Totals.PartitionsEnd != r.Layout.Len() {
		t.Errorf("totals end with %d partitions, layout has %d", r.Totals.PartitionsEnd, r.Layout.Len())
	}
}
