package partition

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from the golden file at line %d:\n got: %s\nwant: %s\n(run go test -update to accept)", path, i+1, g, w)
			}
		}
	}
}

func render(t *testing.T, b *bytes.Buffer, title string, r *Result) {
	t.Helper()
	fmt.Fprintf(b, "== %s\n", title)
	if err := r.Render(b, RenderOptions{Width: 60, Partitions: 8}); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
}

// TestSeed003Golden renders the layouts of seed 003's worked figures.
func TestSeed003Golden(t *testing.T) {
	var b bytes.Buffer
	step := func(title string, l *Layout) {
		fmt.Fprintf(&b, "== %s\n%s\n", title, l)
	}
	step("1,000 RCU + 500 WCU", NewProvisioned(1000, 500))
	step("1,000 RCU + 1,000 WCU", NewProvisioned(1000, 1000))
	l := NewProvisioned(5000, 2000)
	step("5,000 RCU + 2,000 WCU", l)
	raised := l.Clone()
	if _, err := raised.SetThroughput(8000, 2000); err != nil {
		t.Fatal(err)
	}
	step("raised to 8,000 RCU", raised)
	full := l.Clone()
	if _, err := full.AddDataTo(0, PartitionBytes+1024); err != nil {
		t.Fatal(err)
	}
	step("one of 4 partitions fills", full)
	if _, err := raised.AddData(80 * GB); err != nil {
		t.Fatal(err)
	}
	if _, err := raised.AddDataTo(7, 1024); err != nil {
		t.Fatal(err)
	}
	step("8 partitions hold 80 GB; one more item splits one: 9 hold 90 GB", raised)
	bulk := NewBulkLoad(20_000_000, 1024, 30*time.Minute)
	fmt.Fprintf(&b, "== bulk load\n%s\nthe guide provisions 11,000 WCU (the exact rate to the nearest thousand)\n\n", bulk.Text)
	load := NewProvisioned(0, 11000)
	if _, err := load.SetThroughput(0, 200); err != nil {
		t.Fatal(err)
	}
	step("bulk load at 11,000 WCU, then lowered to 200 WCU", load)
	slow := NewBulkLoad(20_000_000, 1024, 3*time.Hour)
	fmt.Fprintf(&b, "== slower bulk load\n%s\nthe guide provisions 1,900 WCU\n\n", slow.Text)
	step("1,900 WCU", NewProvisioned(0, 1900))
	step("on demand", NewOnDemand())
	golden(t, "seed003_layouts.golden", b.Bytes())
}

// votes is seed 000's write-sharding workload: 20,000 votes a second for
// one of ten contestants, and an aggregator reading every shard of that
// contestant once a minute.
func votes(shards int) Workload {
	keys := Keys{Dist: HotKey, Count: 10, HotShare: 1, Prefix: "contestant#"}
	sh := Sharding{Shards: shards, Suffix: RandomSuffix}
	return Workload{Seconds: 3600, Interval: 60, Patterns: []AccessPattern{
		{Name: "vote", Op: Write, ItemBytes: 100, Rate: Rate{Base: 20000}, Keys: keys, Sharding: sh},
		{Name: "total", Op: Read, Consistency: capacity.Eventual, ItemBytes: 100, Rate: Rate{Base: 1.0 / 60}, Keys: keys, Sharding: sh, ReadAll: true},
	}}
}

// TestVotes: 20,000 votes a second on one contestant throttle, whatever the
// layout: one key never gets more than one partition's 1,000 WCU. Sharded
// with rand(0,19) (the seed's rule: at least 20,000 / 1,000 = 20 shards),
// each shard key takes 1,000 WCU, which one partition can serve; shard keys
// that hash to the same partition are throttled until split for heat
// separates them (two rounds of five minutes here), and from then on
// nothing is. The aggregate read fans out to the 20 shard keys.
func TestVotes(t *testing.T) {
	l := mustLayout(t, Spec{RCU: 3000, WCU: 20000}) // ceil(1 + 20) = 21 partitions
	var b bytes.Buffer

	one := simulate(t, l, votes(0))
	render(t, &b, "one key for the contestant", one)
	if f := one.Totals.ThrottledFraction(); f < 0.9 {
		t.Errorf("unsharded: %.1f%% throttled, want over 90%%", 100*f)
	}
	if got := lastThrottled(one, 10); math.Abs(got-19000) > 1 {
		t.Errorf("unsharded: %v throttled/s at the end, want 19,000 (20,000 − one partition's 1,000)", got)
	}
	if v := one.Patterns[0]; v.HotKey != "contestant#0" || v.HotKeyUnits != 20000 || v.Ceiling != 1000 {
		t.Errorf("unsharded hot key %+v", v)
	}

	sharded := simulate(t, l, votes(20))
	render(t, &b, "rand(0,19) shards", sharded)
	v, total := sharded.Patterns[0], sharded.Patterns[1]
	if v.HotKeyUnits != 1000 || v.Keys != 200 || v.HotKey != "contestant#0.0" {
		t.Errorf("sharded vote pattern %+v", v)
	}
	if got := lastThrottled(sharded, 30); got != 0 {
		t.Errorf("sharded: %v throttled/s over the last 30 minutes, want 0", got)
	}
	if f := sharded.Totals.ThrottledFraction(); f > 0.05 {
		t.Errorf("sharded: %.2f%% throttled, want under 5%%", 100*f)
	}
	if total.FanOut != 20 || math.Abs(total.Requests-20*total.Logical) > 1e-9 || math.Abs(total.Logical-60) > 1e-9 {
		t.Errorf("aggregate read: %+v; want 60 logical reads fanning out to 20 keys each", total)
	}
	if total.Throttled != 0 {
		t.Errorf("aggregate read throttled %v", total.Throttled)
	}
	// Without split for heat, colliding shards stay throttled.
	noHeat := votes(20)
	noHeat.DisableSplitForHeat = true
	stuck := simulate(t, l, noHeat)
	render(t, &b, "rand(0,19) shards, split for heat off", stuck)
	if lastThrottled(stuck, 10) == 0 {
		t.Error("without split for heat the colliding shards were served")
	}
	golden(t, "votes.golden", b.Bytes())
}

// upload is seed 003's bulk upload of users' messages: 1,000 users with
// 10,000 messages each, 4,000 writes a second on a table of 5,000 WCU
// (5 partitions of 1,000).
func upload(d Dist) Workload {
	return Workload{Seconds: 1200, Interval: 20, Patterns: []AccessPattern{
		{Name: "upload", Op: Write, ItemBytes: 1000, Rate: Rate{Base: 4000}, Inserts: true,
			Keys: Keys{Dist: d, Count: 1000, ItemsPerKey: 10000, Prefix: "U"}},
	}}
}

// TestBulkUpload: uploading every message of one user before the next puts
// the whole 4,000 writes a second on one partition, which serves 1,000;
// one message per user in turn spreads them and nothing is throttled.
func TestBulkUpload(t *testing.T) {
	l := NewProvisioned(0, 5000)
	var b bytes.Buffer
	seq := simulate(t, l, upload(Sequential))
	render(t, &b, "sequential: all of U0's messages, then U1's, ...", seq)
	rr := simulate(t, l, upload(RoundRobin))
	render(t, &b, "round-robin: U0 1, U1 1, ..., then U0 2, ...", rr)
	if f := seq.Totals.ThrottledFraction(); f < 0.7 {
		t.Errorf("sequential upload: %.1f%% throttled, want over 70%%", 100*f)
	}
	// 3,000 a second while a key's messages fill the second; less in the
	// seconds that move from one user to the next (every 2.5 s), whose
	// writes fall on two partitions.
	if got := lastThrottled(seq, 10); got < 2500 || got > 3000 {
		t.Errorf("sequential upload: %v throttled/s, want 2,500 to 3,000", got)
	}
	if rr.Totals.Throttled != 0 {
		t.Errorf("round-robin upload: %v throttled", rr.Totals.Throttled)
	}
	if seq.Patterns[0].HotKeyUnits != 4000 || rr.Patterns[0].HotKeyUnits != 4 {
		t.Errorf("hot keys: sequential %v, round-robin %v units/s", seq.Patterns[0].HotKeyUnits, rr.Patterns[0].HotKeyUnits)
	}
	golden(t, "bulk_upload.golden", b.Bytes())
}

// seed004Devices is seed 004's time series: 10,000 readings a second of
// about 200 bytes from 10,000 devices, one of which sends a fifth of them.
func seed004Devices(shards int) Workload {
	return Workload{Seconds: 7200, Interval: 60, Patterns: []AccessPattern{
		{Name: "reading", Op: Write, ItemBytes: 200, Rate: Rate{Base: 10000},
			Keys:     Keys{Dist: HotKey, Count: 10000, HotShare: 0.2, Prefix: "device-"},
			Sharding: Sharding{Shards: shards, Suffix: ComputedSuffix}},
	}}
}

// TestSeed004: the time series at 10,000 writes a second costs more on
// demand than provisioned, and a hot device is fixed by sharding. The
// seed's own figures disagree with each other (on demand "$1.25 per million
// → about $12.5k a month" for "≈ 26 M writes a day", provisioned "5,000
// WCU ≈ $0.65 per WCU-hour → $2.3k", on demand "about 30% more"): 10,000
// writes a second are 864 million a day, $1.25 was the price before
// November 2024, $0.65 is a slip for $0.00065, and 5,000 WCU carry only
// half the load. The figures here come from the price table, with the
// arithmetic.
func TestSeed004(t *testing.T) {
	p := USEast1()
	var b bytes.Buffer
	fmt.Fprintf(&b, "10,000 writes/s × 86,400 s = %s writes a day (the seed says ≈ 26 M)\n\n", num(10000*86400))

	storage := StorageGB(10000*86400*30, 200) // 30 days kept by TTL, 100 bytes of overhead per item
	loads := []Load{WriteLoad("reading", 10000, 200, false)}
	exact, err := p.Monthly(loads, CostOptions{StorageGB: storage})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "== provisioned at exactly the rate\n%s\n", exact)
	scaled, err := p.Monthly(loads, CostOptions{StorageGB: storage, TargetUtilization: 0.7})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "== provisioned with auto scaling at 70%% target utilization\n%s\n", scaled)
	for _, e := range []Estimate{exact, scaled} {
		if e.Cheaper != "provisioned" || e.OnDemand.Total <= e.Provisioned.Total {
			t.Errorf("on demand %v not above provisioned %v", e.OnDemand.Total, e.Provisioned.Total)
		}
	}
	if !near(exact.OnDemand.Lines[0].Dollars, 16425) || !near(exact.Provisioned.Lines[0].Dollars, 4745) || !near(scaled.Provisioned.Lines[0].Dollars, 6778.71) {
		t.Errorf("write costs %v, %v, %v; want $16,425.00, $4,745.00, $6,778.71",
			exact.OnDemand.Lines[0].Dollars, exact.Provisioned.Lines[0].Dollars, scaled.Provisioned.Lines[0].Dollars)
	}
	old := p
	old.WriteRequestPerMillion = 1.25
	before, err := old.Monthly(loads, CostOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "== the seed's on-demand price ($1.25 per million WRU, before November 2024)\n  %s\n\n", before.OnDemand.Lines[0].Text)
	fmt.Fprintf(&b, "== the seed's provisioned figure: 5,000 WCU × 730 h × $0.00065 = %s, but 5,000 WCU carry half the load:\n",
		money(5000*730*p.WCUHour))

	half := simulate(t, mustLayout(t, Spec{RCU: 1000, WCU: 5000}), Workload{Seconds: 600, Interval: 60, Patterns: []AccessPattern{
		{Name: "reading", Op: Write, ItemBytes: 200, Rate: Rate{Base: 10000}, Keys: Keys{Count: 10000, Prefix: "device-"}},
	}})
	render(t, &b, "10,000 writes/s on 5,000 WCU", half)
	if f := lastThrottled(half, 5); math.Abs(f-5000) > 1 {
		t.Errorf("5,000 WCU: %v throttled/s, want 5,000", f)
	}

	// The hot device: provisioned at 70% target, 14,286 WCU (+ 1,000 RCU
	// for reads) gives ceil(0.3333 + 14.286) = 15 partitions.
	l := mustLayout(t, Spec{RCU: 1000, WCU: 14286})
	hot := simulate(t, l, seed004Devices(0))
	render(t, &b, "one device sends 2,000 of the 10,000 writes/s", hot)
	if got := lastThrottled(hot, 10); got < 1000 {
		t.Errorf("hot device: %v throttled/s, want at least 2,000 − 1,000", got)
	}
	if hot.Patterns[0].HotKeyUnits != 2000 {
		t.Errorf("hot device: %v WCU on its key", hot.Patterns[0].HotKeyUnits)
	}
	fixed := simulate(t, l, seed004Devices(4))
	render(t, &b, "sharded: device-N.0 … device-N.3 (computed suffix)", fixed)
	if got := lastThrottled(fixed, 30); got != 0 {
		t.Errorf("sharded: %v throttled/s over the last 30 minutes", got)
	}
	if fixed.Patterns[0].HotKeyUnits != 500 {
		t.Errorf("sharded: %v WCU on the hottest key", fixed.Patterns[0].HotKeyUnits)
	}

	// What sharding costs: the writes are the same units; the latest
	// reading of a device now takes a query per shard (Limit=1 each, 0.5
	// RCU eventually consistent) and a merge.
	latest := func(shards int) Load {
		return ReadLoad(fmt.Sprintf("latest (%d %s)", shards, map[bool]string{true: "shard", false: "shards"}[shards == 1]),
			100*float64(shards), 200, capacity.Eventual)
	}
	for _, shards := range []int{1, 4} {
		e, err := p.Monthly([]Load{WriteLoad("reading", 10000, 200, false), latest(shards)}, CostOptions{StorageGB: storage, TargetUtilization: 0.7})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== with 100 latest-reading queries a second, %d shard(s) per device\n%s\n", shards, e)
		if shards == 4 && !strings.Contains(e.String(), "latest (4 shards): 400/s × 0.5 RRU") {
			t.Errorf("fan-out cost not shown:\n%s", e)
		}
	}
	golden(t, "seed004.golden", b.Bytes())
}

// TestBurstGolden renders the burst example second by second.
func TestBurstGolden(t *testing.T) {
	r := simulate(t, NewProvisioned(150, 0), Workload{Seconds: 1500, Interval: 25, Patterns: []AccessPattern{{
		Name: "reads", Op: Read, Consistency: capacity.Strong, ItemBytes: 4096,
		Rate: Rate{Shape: Spike, Base: 0, Peak: 200, Start: 300, Length: 1200}, Keys: Keys{Count: 1000},
	}}})
	var b bytes.Buffer
	render(t, &b, "150 RCU: idle 300 s, then 200 RCU/s", r)
	read := r.Partitions[0].Read
	b.WriteString("second  burst balance  throttled/s\n")
	for _, s := range []int{11, 12, 24, 47, 48, 59} { // samples of 25 s
		fmt.Fprintf(&b, "%6d  %13s  %11s\n", (s+1)*25, num(read.Burst[s]), num(read.Throttled[s]))
	}
	golden(t, "burst.golden", b.Bytes())
}
