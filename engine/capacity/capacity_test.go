package capacity

import (
	"slices"
	"testing"
	"time"
)

const kb = 1024

func TestReadUnits(t *testing.T) {
	tests := []struct {
		size int
		mode ReadMode
		want float64
	}{
		{0, Strong, 1}, // a missing item still costs the minimum
		{0, Eventual, 0.5},
		{0, Transactional, 2},
		{-5, Strong, 1},
		{1, Strong, 1},
		{4 * kb, Strong, 1},
		{4*kb + 1, Strong, 2},
		{4*kb + 1, Eventual, 1},
		{4*kb + 1, Transactional, 4},
		{1536, Eventual, 0.5},
		{6656, Eventual, 1},
		{12 * kb, Eventual, 1.5},
		{400 * kb, Strong, 100},
		{400 * kb, Eventual, 50},
		{400 * kb, Transactional, 200},
	}
	for _, tc := range tests {
		if got := ReadUnits(tc.size, tc.mode); got != tc.want {
			t.Errorf("ReadUnits(%d, %v) = %v, want %v", tc.size, tc.mode, got, tc.want)
		}
	}
}

func TestWriteUnits(t *testing.T) {
	tests := []struct {
		size          int
		transactional bool
		want          float64
	}{
		{0, false, 1}, // deleting a missing item costs 1 WCU
		{0, true, 2},
		{1, false, 1},
		{kb, false, 1},
		{kb + 1, false, 2},
		{500, false, 1},
		{3584, false, 4},
		{500, true, 2},
		{400 * kb, false, 400},
		{400 * kb, true, 800},
	}
	for _, tc := range tests {
		if got := WriteUnits(tc.size, tc.transactional); got != tc.want {
			t.Errorf("WriteUnits(%d, %v) = %v, want %v", tc.size, tc.transactional, got, tc.want)
		}
	}
}

func TestQueryReadUnits(t *testing.T) {
	tests := []struct {
		total int
		mode  ReadMode
		want  float64
	}{
		{0, Strong, 1}, // an empty page still costs the minimum
		{0, Eventual, 0.5},
		{41779, Strong, 11}, // 10 items totalling 40.8 KB → 44 KB
		{41779, Eventual, 5.5},
		{40 * kb, Strong, 10},
		{1024 * kb, Eventual, 128}, // a full 1 MB page
	}
	for _, tc := range tests {
		if got := QueryReadUnits(tc.total, tc.mode); got != tc.want {
			t.Errorf("QueryReadUnits(%d, %v) = %v, want %v", tc.total, tc.mode, got, tc.want)
		}
	}
	// Summing before rounding is cheaper than rounding each item: ten
	// 4,178-byte items cost 10 × 2 one by one, 11 as a page.
	perItem := 0.0
	for range 10 {
		perItem += ReadUnits(4178, Strong)
	}
	if perItem != 20 || QueryReadUnits(10*4178, Strong) != 11 {
		t.Errorf("per item %v, page %v; want 20 and 11", perItem, QueryReadUnits(10*4178, Strong))
	}
}

func TestWriteCostOfChange(t *testing.T) {
	tests := []struct {
		old, new int
		want     float64
	}{
		{0, 0, 1},
		{0, 500, 1},
		{3 * kb, 500, 3}, // shrinking is charged at the old size
		{500, 3*kb + 1, 4},
		{2 * kb, 2 * kb, 2},
	}
	for _, tc := range tests {
		if got := WriteCostOfChange(tc.old, tc.new); got != tc.want {
			t.Errorf("WriteCostOfChange(%d, %d) = %v, want %v", tc.old, tc.new, got, tc.want)
		}
	}
}

// TestWorkedExamples are the examples of capacity-and-partitions.md §2.
func TestWorkedExamples(t *testing.T) {
	batchGet := ReadUnits(1536, Strong) + ReadUnits(6656, Strong)
	if batchGet != 3 {
		t.Errorf("BatchGetItem of 1.5 KB + 6.5 KB = %v RCU, want 3", batchGet)
	}
	if q := QueryReadUnits(41779, Strong); q != 11 {
		t.Errorf("Query of 40.8 KB strong = %v RCU, want 11", q)
	}
	if q := QueryReadUnits(41779, Eventual); q != 5.5 {
		t.Errorf("Query of 40.8 KB eventual = %v RCU, want 5.5", q)
	}
	batchWrite := WriteUnits(500, false) + WriteUnits(3584, false)
	if batchWrite != 5 {
		t.Errorf("BatchWriteItem of 500 B + 3.5 KB = %v WCU, want 5", batchWrite)
	}
	tx := 0.0
	for range 3 {
		tx += WriteUnits(500, true)
	}
	if tx != 6 {
		t.Errorf("transaction of 3 × 500 B = %v WCU, want 6", tx)
	}
}

func TestReadModeString(t *testing.T) {
	for m, want := range map[ReadMode]string{Eventual: "eventual", Strong: "strong", Transactional: "transactional", 7: "ReadMode(?)"} {
		if m.String() != want {
			t.Errorf("%d.String() = %q", int(m), m.String())
		}
	}
}

func TestTally(t *testing.T) {
	var tl Tally
	if !tl.IsZero() || tl.Total() != 0 {
		t.Fatal("zero Tally is not empty")
	}
	// A PutItem that writes the table and two GSIs, one of them twice (key
	// change: delete the old entry, put the new one), and an LSI.
	tl.AddTable(WriteUnits(1500, false))
	tl.AddGSI("byEmail", WriteUnits(200, false))
	tl.AddGSI("byStatus", WriteUnits(200, false))
	tl.AddGSI("byStatus", WriteUnits(200, false))
	tl.AddLSI("byDate", WriteUnits(300, false))
	if tl.Table != 2 || tl.GSI["byEmail"] != 1 || tl.GSI["byStatus"] != 2 || tl.LSI["byDate"] != 1 {
		t.Errorf("parts = %+v", tl)
	}
	if tl.Total() != 6 {
		t.Errorf("Total = %v, want 6", tl.Total())
	}
	if got := tl.GSINames(); !slices.Equal(got, []string{"byEmail", "byStatus"}) {
		t.Errorf("GSINames = %v", got)
	}
	if got := tl.LSINames(); !slices.Equal(got, []string{"byDate"}) {
		t.Errorf("LSINames = %v", got)
	}

	c := tl.Clone()
	c.AddGSI("byEmail", 5)
	if tl.GSI["byEmail"] != 1 {
		t.Error("Clone shares its maps")
	}

	var sum Tally
	sum.Add(tl)
	sum.Add(Tally{Table: 0.5, GSI: map[string]float64{"byEmail": 0.5}})
	if sum.Total() != 7 || sum.GSI["byEmail"] != 1.5 || sum.Table != 2.5 {
		t.Errorf("Add: %+v total %v", sum, sum.Total())
	}
	if tl.Total() != 6 {
		t.Error("Add changed its argument")
	}
}

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func at(seconds float64) time.Time {
	return t0.Add(time.Duration(seconds * float64(time.Second)))
}

// TestBucketKnowledgeCenterExample: 150 RCU idle for five minutes banks
// 45,000 units, and a steady 200 RCU/s then lasts 900 seconds.
func TestBucketKnowledgeCenterExample(t *testing.T) {
	b := NewBucket(150, BurstWindow, t0)
	if got := b.Banked(t0); got != 0 {
		t.Fatalf("a new bucket has %v banked, want 0", got)
	}
	if got := b.Banked(at(300)); got != 45000 {
		t.Fatalf("after 5 idle minutes Banked = %v, want 45000", got)
	}
	if got := b.Balance(at(300)); got != 45150 {
		t.Fatalf("after 5 idle minutes Balance = %v, want 45000 banked + 150 for the second", got)
	}
	if got := b.Banked(at(600)); got != 45000 {
		t.Fatalf("the bank is capped: Banked = %v, want 45000", got)
	}
	if got := b.Capacity(); got != 45150 {
		t.Fatalf("Capacity = %v, want 45150", got)
	}
	lasted := 0
	for s := 1; s <= 2000; s++ {
		if !b.Take(at(600+float64(s)), 200) {
			break
		}
		lasted = s
	}
	if lasted != 900 {
		t.Errorf("200 RCU/s lasted %d s, want 900", lasted)
	}
	// Throttled from then on, the table still serves its provisioned rate.
	for s := 1; s <= 10; s++ {
		if !b.Take(at(1501+float64(s)), 150) {
			t.Fatalf("150 RCU/s throttled at second %d after the bank ran out", s)
		}
	}
}

func TestBucket(t *testing.T) {
	b := NewBucket(10, BurstWindow, t0)
	if b.Rate() != 10 || b.Window() != BurstWindow {
		t.Fatalf("Rate %v Window %v", b.Rate(), b.Window())
	}
	if got := b.Balance(t0); got != 10 {
		t.Fatalf("a new bucket holds %v, want one second's 10", got)
	}
	if b.Take(t0, 10.5) {
		t.Error("took more than the balance")
	}
	if got := b.Balance(t0); got != 10 {
		t.Errorf("a throttled Take spent units: balance %v", got)
	}
	if !b.Take(t0, 9.5) || b.Balance(t0) != 0.5 {
		t.Errorf("Take 9.5 of 10 left %v", b.Balance(t0))
	}
	if !b.Take(t0, 0) || !b.Take(t0, -3) || b.Balance(t0) != 0.5 {
		t.Error("zero or negative Take changed the balance")
	}

	// Sub-second refills add up exactly: ten steps of 100 ms at 10/s.
	for i := 1; i <= 10; i++ {
		b.Balance(t0.Add(time.Duration(i) * 100 * time.Millisecond))
	}
	if got := b.Balance(at(1)); got != 10.5 {
		t.Errorf("after ten 100 ms steps balance = %v, want 10.5", got)
	}

	// Time going backwards refills nothing and is not remembered.
	if got := b.Balance(at(0.5)); got != 10.5 {
		t.Errorf("balance at an earlier time = %v, want 10.5", got)
	}
	if got := b.Balance(at(2)); got != 20.5 {
		t.Errorf("balance one second on = %v, want 20.5", got)
	}
}

func TestBucketSetRate(t *testing.T) {
	b := NewBucket(100, BurstWindow, t0)
	b.Balance(at(1000)) // full: 30,000 banked + 100
	b.SetRate(at(1000), 10)
	if got := b.Balance(at(1000)); got != 3010 {
		t.Errorf("after lowering the rate balance = %v, want the new capacity 3010", got)
	}
	b.Take(at(1000), 3000)
	b.SetRate(at(1010), 1000) // the 10 s before the change refill at 10/s
	if got := b.Balance(at(1010)); got != 110 {
		t.Errorf("balance = %v, want 110", got)
	}
	if got := b.Balance(at(1011)); got != 1110 {
		t.Errorf("balance = %v, want 1110 after one second at the new rate", got)
	}
}

func TestBucketWindow(t *testing.T) {
	b := NewBucket(4, 0, t0)
	if b.Capacity() != 4 || b.Balance(at(10)) != 4 || b.Banked(at(10)) != 0 {
		t.Error("a bucket without a window banks nothing beyond the second's allotment")
	}
	if !b.Take(at(10), 4) || b.Take(at(10), 1) {
		t.Error("a bucket without a window serves exactly its rate")
	}
	half := NewBucket(4, 500*time.Millisecond, t0)
	if half.Capacity() != 6 || half.Balance(at(60)) != 6 {
		t.Errorf("half-second window: capacity %v balance %v, want 6 and 6", half.Capacity(), half.Balance(at(60)))
	}
	neg := NewBucket(-1, -time.Second, t0)
	if neg.Rate() != 0 || neg.Window() != 0 || neg.Balance(at(100)) != 0 {
		t.Error("negative rate or window not treated as zero")
	}
}

// TestBucketDeterministic runs the same workload twice and expects the same
// throttling, second by second.
func TestBucketDeterministic(t *testing.T) {
	run := func() []bool {
		b := NewBucket(50, BurstWindow, t0)
		var out []bool
		for ms := 0; ms < 60_000; ms += 250 {
			units := float64((ms/250)%7) * 7.5
			out = append(out, b.Take(t0.Add(time.Duration(ms)*time.Millisecond), units))
		}
		return out
	}
	if a, b := run(), run(); !slices.Equal(a, b) {
		t.Error("two runs of the same workload differ")
	}
}
