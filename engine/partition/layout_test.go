package partition

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// share is a partition's throughput, for comparisons.
type share struct{ rcu, wcu float64 }

func shares(l *Layout) []share {
	var out []share
	for _, p := range l.Partitions() {
		out = append(out, share{p.RCU, p.WCU})
	}
	return out
}

func repeat(n int, s share) []share {
	out := make([]share, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func mustLayout(t *testing.T, s Spec) *Layout {
	t.Helper()
	l, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestSeed003 reproduces every worked figure of seed 003 ("Understand
// partition behavior", Dec 2017 guide) exactly.
func TestSeed003(t *testing.T) {
	tests := []struct {
		name  string
		build func(t *testing.T) *Layout
		want  []share // in hash order
		// text that the last step must contain
		text string
	}{
		{
			name:  "1,000 RCU + 500 WCU gives 1 partition",
			build: func(t *testing.T) *Layout { return NewProvisioned(1000, 500) },
			want:  []share{{1000, 500}},
			text:  "ceil(1,000 RCU / 3,000 + 500 WCU / 1,000) = ceil(0.3333 + 0.5) = ceil(0.8333) = 1 partition",
		},
		{
			name:  "1,000 RCU + 1,000 WCU gives 2 partitions of 500 + 500",
			build: func(t *testing.T) *Layout { return NewProvisioned(1000, 1000) },
			want:  repeat(2, share{500, 500}),
			text:  "ceil(1.3333) = 2 partitions; each 1,000 / 2 = 500 RCU + 1,000 / 2 = 500 WCU",
		},
		{
			name:  "5,000 RCU + 2,000 WCU gives 4 partitions of 1,250 + 500",
			build: func(t *testing.T) *Layout { return NewProvisioned(5000, 2000) },
			want:  repeat(4, share{1250, 500}),
			text:  "ceil(1.6667 + 2) = ceil(3.6667) = 4 partitions; each 5,000 / 4 = 1,250 RCU + 2,000 / 4 = 500 WCU",
		},
		{
			name: "raising reads to 8,000 doubles 4 partitions to 8 of 1,000 + 250",
			build: func(t *testing.T) *Layout {
				l := NewProvisioned(5000, 2000)
				if _, err := l.SetThroughput(8000, 2000); err != nil {
					t.Fatal(err)
				}
				return l
			},
			want: repeat(8, share{1000, 250}),
			text: "ceil(4.6667) = 5 partitions > 4 partitions: double to 8; each 8,000 / 8 = 1,000 RCU + 2,000 / 8 = 250 WCU",
		},
		{
			name: "one of 4 partitions filling gives 5: three of 1,250 + 500, two of 625 + 250",
			build: func(t *testing.T) *Layout {
				l := NewProvisioned(5000, 2000)
				if _, err := l.AddDataTo(2, PartitionBytes+1024); err != nil {
					t.Fatal(err)
				}
				return l
			},
			want: []share{{1250, 500}, {1250, 500}, {625, 250}, {625, 250}, {1250, 500}},
			text: "1,250 / 2 = 625 RCU + 500 / 2 = 250 WCU; 5 partitions, capacity 5 × 10 GB = 50 GB; 3 × 1,250 RCU + 500 WCU, 2 × 625 RCU + 250 WCU",
		},
		{
			// The guide's bulk load counts writes only (see TestBulkLoad for
			// the rounding from 11,111.1 to 11,000).
			name:  "a bulk load at 11,000 WCU gets 11 partitions of 1,000 WCU",
			build: func(t *testing.T) *Layout { return NewProvisioned(0, 11000) },
			want:  repeat(11, share{0, 1000}),
			text:  "ceil(0 RCU / 3,000 + 11,000 WCU / 1,000) = ceil(0 + 11) = ceil(11) = 11 partitions",
		},
		{
			name: "lowering the bulk-loaded table to 200 WCU leaves 11 partitions of about 18 WCU",
			build: func(t *testing.T) *Layout {
				l := NewProvisioned(0, 11000)
				if _, err := l.SetThroughput(0, 200); err != nil {
					t.Fatal(err)
				}
				return l
			},
			want: repeat(11, share{0, 200.0 / 11}),
			text: "partitions never merge: the table keeps 11 partitions; each 0 / 11 = 0 RCU + 200 / 11 = 18.18 WCU",
		},
		{
			name:  "a 3-hour bulk load at 1,900 WCU gets 2 partitions",
			build: func(t *testing.T) *Layout { return NewProvisioned(0, 1900) },
			want:  repeat(2, share{0, 950}),
			text:  "ceil(1.9) = 2 partitions",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.build(t)
			got := shares(l)
			if len(got) != len(tc.want) {
				t.Fatalf("%d partitions %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i := range got {
				if math.Abs(got[i].rcu-tc.want[i].rcu) > 1e-9 || math.Abs(got[i].wcu-tc.want[i].wcu) > 1e-9 {
					t.Errorf("partition %d: %v, want %v", i, got[i], tc.want[i])
				}
			}
			h := l.History()
			if last := h[len(h)-1].Text; !strings.Contains(last, tc.text) {
				t.Errorf("last step:\n  %s\nwant it to contain:\n  %s", last, tc.text)
			}
			checkLayout(t, l)
		})
	}
}

// TestSeed003Storage: 8 partitions hold about 80 GB; one filling splits it
// and 9 hold 90 GB.
func TestSeed003Storage(t *testing.T) {
	l := NewProvisioned(5000, 2000)
	if _, err := l.SetThroughput(8000, 2000); err != nil {
		t.Fatal(err)
	}
	if l.Len() != 8 || l.CapacityBytes() != 80*GB {
		t.Fatalf("%d partitions holding %d bytes, want 8 and 80 GB", l.Len(), l.CapacityBytes())
	}
	steps, err := l.AddData(80 * GB)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 1 || l.Len() != 8 {
		t.Fatalf("80 GB over 8 partitions: %d partitions after %d steps, want 8 and no split", l.Len(), len(steps))
	}
	for _, p := range l.Partitions() {
		if p.Bytes != 10*GB {
			t.Errorf("partition %d holds %d bytes, want 10 GB", p.ID, p.Bytes)
		}
	}
	steps, err = l.AddDataAt(0xdeadbeef, 1024) // one more item in partition 0
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 2 || steps[1].Kind != StepSplit {
		t.Fatalf("steps %+v, want grow then split", steps)
	}
	if l.Len() != 9 || l.CapacityBytes() != 90*GB {
		t.Fatalf("%d partitions holding %d bytes, want 9 and 90 GB", l.Len(), l.CapacityBytes())
	}
	if !strings.Contains(steps[1].Text, "9 partitions, capacity 9 × 10 GB = 90 GB") {
		t.Errorf("split text %q", steps[1].Text)
	}
	if l.Bytes() != 80*GB+1024 {
		t.Errorf("table holds %d bytes, want 80 GB + 1 KB", l.Bytes())
	}
	checkLayout(t, l)
}

// TestBulkLoad: seed 003's bulk load of 20 million 1 KB items. The exact
// rate is 20,000,000 / 1,800 s = 11,111.1 WCU; the guide rounds it down to
// 11,000 (a round figure: at 11,000 WCU the load takes 1,818 s, 30.3
// minutes), which gives 11 partitions, while provisioning the exact need,
// 11,112 WCU, would give 12. Over 3 hours the exact rate is 1,851.9 WCU,
// which the guide rounds up to 1,900; both give 2 partitions.
func TestBulkLoad(t *testing.T) {
	half := NewBulkLoad(20_000_000, 1024, 30*time.Minute)
	if math.Abs(half.WCU-11111.111111) > 1e-3 {
		t.Errorf("30 min: %v WCU, want 11,111.1", half.WCU)
	}
	if !strings.Contains(half.Text, "20,000,000 / 1,800 = 11,111.11 WCU/s; provision at least 11,112 WCU") {
		t.Errorf("text %q", half.Text)
	}
	if math.Round(half.WCU/1000)*1000 != 11000 {
		t.Errorf("the guide's figure is the exact rate to the nearest thousand")
	}
	if n := NewProvisioned(0, 11000).Len(); n != 11 {
		t.Errorf("11,000 WCU: %d partitions, want 11", n)
	}
	if n := NewProvisioned(0, math.Ceil(half.WCU)).Len(); n != 12 {
		t.Errorf("11,112 WCU: %d partitions, want 12", n)
	}
	if n := NewProvisioned(1, 11000).Len(); n != 12 {
		t.Errorf("1 RCU + 11,000 WCU: %d partitions, want ceil(11.0003) = 12", n)
	}

	slow := NewBulkLoad(20_000_000, 1024, 3*time.Hour)
	if math.Abs(slow.WCU-1851.851851) > 1e-3 {
		t.Errorf("3 h: %v WCU, want 1,851.9", slow.WCU)
	}
	for _, wcu := range []float64{math.Ceil(slow.WCU), 1900} {
		if n := NewProvisioned(0, wcu).Len(); n != 2 {
			t.Errorf("%v WCU: %d partitions, want 2", wcu, n)
		}
	}
	// Larger items cost more units each.
	if b := NewBulkLoad(1000, 2500, time.Second); b.WCU != 3000 {
		t.Errorf("1,000 items of 2.5 KB in 1 s: %v WCU, want 3,000", b.WCU)
	}
}

func TestSizeAtCreation(t *testing.T) {
	tests := []struct {
		spec Spec
		want int
		text string
	}{
		{Spec{RCU: 1000, WCU: 500, SizeGB: 25}, 3, "data 25 GB / 10 GB = ceil(2.5) = 3 partitions; max(1, 3) = 3"},
		{Spec{RCU: 5000, WCU: 2000, SizeGB: 25}, 4, "data 25 GB / 10 GB = ceil(2.5) = 3 partitions; each"},
		{Spec{RCU: 1000, WCU: 500, SizeGB: 10}, 1, "ceil(1) = 1 partition"},
		{Spec{Mode: OnDemand, SizeGB: 55}, 6, "max(4, 6) = 6"},
	}
	for _, tc := range tests {
		l := mustLayout(t, tc.spec)
		if l.Len() != tc.want {
			t.Errorf("%+v: %d partitions, want %d", tc.spec, l.Len(), tc.want)
		}
		if txt := l.History()[0].Text; !strings.Contains(txt, tc.text) {
			t.Errorf("%+v: %q does not contain %q", tc.spec, txt, tc.text)
		}
		if got := l.Bytes(); got != int64(tc.spec.SizeGB*GB) {
			t.Errorf("%+v: holds %d bytes", tc.spec, got)
		}
		checkLayout(t, l)
	}
}

func TestThroughputChanges(t *testing.T) {
	l := NewProvisioned(1000, 500)
	// 1 → 4 takes two doublings.
	st, err := l.SetThroughput(10000, 500)
	if err != nil {
		t.Fatal(err)
	}
	if st.Kind != StepRaise || st.From != 1 || st.Partitions != 4 || !strings.Contains(st.Text, "double 2 times: 1 → 2 → 4") {
		t.Errorf("raise step %+v", st)
	}
	// A raise the partitions carry does not split.
	st, _ = l.SetThroughput(10000, 600)
	if st.Partitions != 4 || !strings.Contains(st.Text, "≤ 4 partitions: no split") {
		t.Errorf("small raise %+v", st)
	}
	// Lowering keeps them.
	st, _ = l.SetThroughput(100, 100)
	if st.Kind != StepLower || st.Partitions != 4 || l.Partition(0).RCU != 25 || l.Partition(0).WCU != 25 {
		t.Errorf("lower %+v, partition 0 %+v", st, l.Partition(0))
	}
	// Raising reads while writes fall is a raise.
	if st, _ = l.SetThroughput(200, 50); st.Kind != StepRaise {
		t.Errorf("mixed change is %v, want raise", st.Kind)
	}
	// Uneven shares: a raise the formula allows but one large partition
	// could not carry still doubles (inferred).
	u := NewProvisioned(5000, 2000)
	if _, err := u.AddDataTo(0, PartitionBytes+1); err != nil {
		t.Fatal(err)
	}
	st, _ = u.SetThroughput(6300, 2000) // ceil(2.1 + 2) = 5 ≤ 5, but 1,575 RCU + 500 WCU > one partition
	if u.Len() != 10 {
		t.Errorf("uneven raise: %d partitions, want 10 (%s)", u.Len(), st.Text)
	}
	checkLayout(t, l)
	checkLayout(t, u)
}

func TestOnDemand(t *testing.T) {
	l := NewOnDemand()
	if l.Len() != 4 || l.RCU() != 12000 || l.WCU() != 4000 {
		t.Fatalf("new on-demand table: %d partitions, %v/%v", l.Len(), l.RCU(), l.WCU())
	}
	for _, p := range l.Partitions() {
		if p.RCU != 3000 || p.WCU != 1000 {
			t.Errorf("partition %d: %v/%v, want 3,000/1,000", p.ID, p.RCU, p.WCU)
		}
	}
	if r, w := l.Peak(); r != 6000 || w != 2000 {
		t.Errorf("previous peak %v/%v, want 6,000/2,000", r, w)
	}
	// Below the previous peak: nothing.
	if _, rose := l.ObservePeak(5000, 1000); rose {
		t.Error("a lower peak rose")
	}
	// 2 × 9,000 = 18,000 RRU needs 6 partitions: 4 double to 8.
	st, rose := l.ObservePeak(9000, 100)
	if !rose || st.Partitions != 8 || l.RCU() != 18000 || l.WCU() != 4000 {
		t.Errorf("peak 9,000: %+v, table %v/%v", st, l.RCU(), l.WCU())
	}
	if !strings.Contains(st.Text, "the table serves 2 × peak = 18,000 RRU/s + 4,000 WRU/s at once; ceil(max(18,000 / 3,000, 4,000 / 1,000)) = 6 partitions > 4: double to 8") {
		t.Errorf("peak text %q", st.Text)
	}
	// 2 × 11,000 = 22,000 fits 8 partitions of 3,000: no split.
	if st, _ = l.ObservePeak(11000, 100); st.Partitions != 8 {
		t.Errorf("peak 11,000: %d partitions", st.Partitions)
	}
	if _, err := l.SetThroughput(100, 100); err == nil {
		t.Error("SetThroughput on an on-demand table succeeded")
	}
	// Switching keeps the partitions.
	if _, err := l.SwitchToProvisioned(1000, 1000); err != nil || l.Len() != 8 || l.Mode() != Provisioned {
		t.Errorf("switch to provisioned: %v, %d partitions, %v", err, l.Len(), l.Mode())
	}
	if r, w := l.Peak(); r != 0 || w != 0 {
		t.Error("a provisioned table reports a peak")
	}
	checkLayout(t, l)
}

// TestSwitchToOnDemand: the 2023 guide's examples. A table provisioned at
// 100/100 serves at least the new-table default on demand; at 24,000 RCU /
// 8,000 WCU it keeps those; once 10,000/10,000 and lowered to 10/10 it still
// serves at least 10,000/10,000.
func TestSwitchToOnDemand(t *testing.T) {
	tests := []struct {
		rcu, wcu       float64
		lower          bool
		wantR, wantW   float64
		wantPartitions int
	}{
		{100, 100, false, 12000, 4000, 4}, // 1 partition doubles twice to carry 12,000 RRU
		{24000, 8000, false, 24000, 8000, 16},
		{10000, 10000, true, 12000, 10000, 14}, // reads: the new-table default is more

	}
	for _, tc := range tests {
		l := NewProvisioned(tc.rcu, tc.wcu)
		if tc.lower {
			if _, err := l.SetThroughput(10, 10); err != nil {
				t.Fatal(err)
			}
		}
		st, err := l.SwitchToOnDemand()
		if err != nil {
			t.Fatal(err)
		}
		if l.RCU() != tc.wantR || l.WCU() != tc.wantW || l.Len() != tc.wantPartitions || st.Kind != StepSwitch {
			t.Errorf("%v/%v: serves %v/%v on %d partitions (%s), want %v/%v on %d",
				tc.rcu, tc.wcu, l.RCU(), l.WCU(), l.Len(), st.Text, tc.wantR, tc.wantW, tc.wantPartitions)
		}
		if _, err := l.SwitchToOnDemand(); err == nil {
			t.Error("switching twice succeeded")
		}
		checkLayout(t, l)
	}
}

func TestHeatSplitLayout(t *testing.T) {
	l := NewProvisioned(3000, 1000) // 2 partitions of 1,500 + 500
	at := uint64(1) << 60
	st, err := l.HeatSplit(0, at, "test")
	if err != nil {
		t.Fatal(err)
	}
	if l.Len() != 3 || l.Partition(0).Hi != at || l.Partition(1).Lo != at+1 || l.Partition(0).RCU != 750 || l.Partition(1).RCU != 750 {
		t.Errorf("heat split: %+v\n%s", st, l)
	}
	if _, err := l.HeatSplit(0, l.Partition(0).Hi, ""); err == nil {
		t.Error("split at a partition's last hash succeeded")
	}
	lsi := mustLayout(t, Spec{RCU: 3000, WCU: 1000, HasLSI: true})
	if _, err := lsi.HeatSplit(0, at, ""); err == nil {
		t.Error("heat split of a table with an LSI succeeded")
	}
	checkLayout(t, l)
}

func TestLayoutErrors(t *testing.T) {
	for _, s := range []Spec{
		{RCU: 0, WCU: 0},
		{RCU: -1, WCU: 5},
		{RCU: math.Inf(1), WCU: 5},
		{RCU: math.NaN(), WCU: 5},
		{RCU: 5, WCU: 5, SizeGB: -1},
		{Mode: Mode(9)},
		{RCU: 1e12, WCU: 1}, // more than MaxPartitions
		{RCU: 1, WCU: 1, SizeGB: 1e9},
	} {
		if _, err := New(s); !errors.Is(err, ErrInvalid) {
			t.Errorf("New(%+v) = %v, want ErrInvalid", s, err)
		}
	}
	l := NewProvisioned(10, 10)
	if _, err := l.AddData(-1); err == nil {
		t.Error("negative data accepted")
	}
	if _, err := l.AddDataTo(5, 1); err == nil {
		t.Error("bad index accepted")
	}
	if _, err := l.AddData(1 << 62); err == nil {
		t.Error("exabytes accepted")
	}
	if _, err := l.SetThroughput(1e15, 1); err == nil {
		t.Error("a throughput needing billions of partitions accepted")
	}
	// An on-demand peak beyond the model's bound stops doubling there.
	od := NewOnDemand()
	od.ObservePeak(1e12, 1)
	if od.Len() != MaxPartitions {
		t.Errorf("huge peak: %d partitions, want the bound %d", od.Len(), MaxPartitions)
	}
	if _, err := l.SwitchToProvisioned(1, 1); err == nil {
		t.Error("switching a provisioned table to provisioned succeeded")
	}
	defer func() {
		if recover() == nil {
			t.Error("NewProvisioned(0, 0) did not panic")
		}
	}()
	NewProvisioned(0, 0)
}

func TestLayoutJSONAndClone(t *testing.T) {
	l := NewProvisioned(5000, 2000)
	c := l.Clone()
	if _, err := c.SetThroughput(8000, 2000); err != nil {
		t.Fatal(err)
	}
	if l.Len() != 4 || len(l.History()) != 1 {
		t.Error("changing a clone changed the original")
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Mode       Mode
		RCU        float64
		Partitions []Partition
		History    []Step
	}
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Mode != Provisioned || back.RCU != 8000 || len(back.Partitions) != 8 || len(back.History) != 2 || back.History[1].Kind != StepRaise {
		t.Errorf("JSON round trip: %s", b)
	}
	var m Mode
	if err := m.UnmarshalText([]byte("PAY_PER_REQUEST")); err != nil || m != OnDemand {
		t.Errorf("mode %v %v", m, err)
	}
	if err := m.UnmarshalText([]byte("bogus")); err == nil {
		t.Error("bogus mode accepted")
	}
	var k StepKind
	if err := k.UnmarshalText([]byte("heat-split")); err != nil || k != StepHeatSplit {
		t.Errorf("step kind %v %v", k, err)
	}
}

// checkLayout verifies a layout's invariants: the ranges tile the hash
// space in order, the shares sum to 1 and give the throughput, and IDs are
// unique.
func checkLayout(t *testing.T, l *Layout) {
	t.Helper()
	parts := l.Partitions()
	if len(parts) == 0 || parts[0].Lo != 0 || parts[len(parts)-1].Hi != math.MaxUint64 {
		t.Fatalf("ranges do not cover the hash space")
	}
	var sum float64
	ids := map[int]bool{}
	for i, p := range parts {
		if i > 0 && p.Lo != parts[i-1].Hi+1 {
			t.Errorf("partition %d does not start where %d ends", p.ID, parts[i-1].ID)
		}
		if p.Hi < p.Lo {
			t.Errorf("partition %d has an empty range", p.ID)
		}
		if ids[p.ID] {
			t.Errorf("ID %d used twice", p.ID)
		}
		ids[p.ID] = true
		sum += p.Share
		if math.Abs(p.RCU-l.RCU()*p.Share) > 1e-9 || math.Abs(p.WCU-l.WCU()*p.Share) > 1e-9 {
			t.Errorf("partition %d: %v/%v is not its share %v of %v/%v", p.ID, p.RCU, p.WCU, p.Share, l.RCU(), l.WCU())
		}
		if p.Bytes < 0 {
			t.Errorf("partition %d holds %d bytes", p.ID, p.Bytes)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("shares sum to %v", sum)
	}
	h := l.History()
	if len(h) == 0 || h[0].Kind != StepCreate || h[len(h)-1].Partitions != len(parts) {
		t.Errorf("history does not end at the current layout")
	}
}

func TestOccupancy(t *testing.T) {
	l := NewProvisioned(3000, 1000) // 2 partitions: [0, 2^63), [2^63, 2^64)
	cols := []Collection{
		{Key: "a", Hash: 1, Items: 3, Bytes: 300},
		{Key: "b", Hash: 2, Items: 1, Bytes: 5000},
		{Key: "c", Hash: 1 << 63, Items: 2, Bytes: 10},
		{Key: "d", Hash: 5, Items: 1, Bytes: 300},
	}
	occ := l.Occupancy(cols, 2)
	if len(occ) != 2 {
		t.Fatalf("%d partitions", len(occ))
	}
	o := occ[0]
	if o.Collections != 3 || o.Items != 5 || o.Bytes != 5600 || len(o.Largest) != 2 || o.Largest[0].Key != "b" || o.Largest[1].Key != "a" {
		t.Errorf("partition 0: %+v", o)
	}
	if o := occ[1]; o.Collections != 1 || o.Bytes != 10 || o.Fill != 10.0/PartitionBytes || o.Largest[0].Key != "c" {
		t.Errorf("partition 1: %+v", o)
	}
	if occ := l.Occupancy(cols, 0); occ[0].Largest != nil {
		t.Error("top 0 listed collections")
	}
}

func TestReplay(t *testing.T) {
	zero := 0
	l, err := Replay(Spec{RCU: 5000, WCU: 2000}, []Operation{
		{Op: "throughput", RCU: 8000, WCU: 2000},
		{Op: "grow", GB: 80},
		{Op: "grow", GB: 0.5, Partition: &zero},
		{Op: "on-demand"},
		{Op: "peak", RCU: 30000, WCU: 100},
		{Op: "provisioned", RCU: 100, WCU: 100},
	})
	if err != nil {
		t.Fatal(err)
	}
	kinds := []StepKind{StepCreate, StepRaise, StepGrowData, StepGrowData, StepSplit, StepSwitch, StepPeak, StepSwitch}
	h := l.History()
	if len(h) != len(kinds) {
		t.Fatalf("history %d steps, want %d", len(h), len(kinds))
	}
	for i, k := range kinds {
		if h[i].Kind != k {
			t.Errorf("step %d is %v, want %v", i+1, h[i].Kind, k)
		}
	}
	if l.Len() != 36 { // 9 partitions, doubled twice for 60,000 RRU
		t.Errorf("%d partitions:\n%s", l.Len(), l)
	}
	checkLayout(t, l)
	for _, ops := range [][]Operation{
		{{Op: "bogus"}},
		{{Op: "grow", GB: -1}},
		{{Op: "peak", RCU: 1}},
		{{Op: "throughput"}},
		{{Op: "provisioned", RCU: 1, WCU: 1}},
	} {
		if _, err := Replay(Spec{RCU: 10, WCU: 10}, ops); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "operation 1") {
			t.Errorf("%+v: %v", ops, err)
		}
	}
}
