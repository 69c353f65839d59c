package app

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// countersModel is a design made for the test: 3,000 counter updates a
// second, 90% of them on one counter (2,700 WCU/s on one key), and reads
// of a counter by its id.
func countersModel(t *testing.T) *model.Model {
	t.Helper()
	b, err := os.ReadFile("testdata/counters.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func simulateHour(t *testing.T, m *model.Model) *loadRun {
	t.Helper()
	o := loadDefaults()
	o.Seconds = 3600
	r, err := simulateLoad(nil, m, o, 1)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func remedyOf(r *loadRun, kind string) *loadRemedy {
	for i := range r.Remedies {
		if r.Remedies[i].Kind == kind {
			return &r.Remedies[i]
		}
	}
	return nil
}

// TestLoadRemedyShardsTheHotKey: a write key over a partition's 1,000 WCU
// gets write sharding with ⌈peak ÷ 1,000 × 2⌉ shards, its arithmetic
// stated; applied, the run has nothing throttled, the write draws a shard
// and the read fans out over every shard, at that many times its units.
func TestLoadRemedyShardsTheHotKey(t *testing.T) {
	m := countersModel(t)
	r := simulateHour(t, m)
	if r.Result.Totals.Throttled == 0 {
		t.Fatal("the hot counter is not throttled before the remedy")
	}
	rm := remedyOf(r, "shard")
	if rm == nil {
		t.Fatalf("no sharding proposed: %+v", r.Remedies)
	}
	var hot float64
	for _, pr := range r.Result.Patterns {
		if pr.Name == "Count a hit" {
			hot = pr.HotKeyUnits
		}
	}
	want := int(math.Ceil(hot / 1000 * shardMargin))
	if !strings.Contains(rm.Title, "over "+fmtNum(float64(want))+" keys") || !strings.Contains(rm.Why, fmtNum(hot)+" ÷ 1,000") {
		t.Fatalf("the remedy for %v WCU/s on one key says %q: %q (want %d shards)", hot, rm.Title, rm.Why, want)
	}
	next, err := cloneModel(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.edit(next); err != nil {
		t.Fatal(err)
	}
	if err := next.Validate(); err != nil {
		t.Fatalf("the sharded design is not valid: %v", err)
	}
	if got := next.Entity("Counter").Keys["PK"]; got != "COUNTER#{counterId}#{shard}" {
		t.Errorf("the key template became %q", got)
	}
	after := simulateHour(t, next)
	if after.Result.Totals.Throttled != 0 {
		t.Errorf("after sharding over %d keys %v requests are still throttled", want, after.Result.Totals.Throttled)
	}
	for i, pr := range after.Result.Patterns {
		old := r.Result.Patterns[i]
		switch pr.Name {
		case "Read a counter":
			if pr.FanOut != want || math.Abs(pr.Requests-old.Requests*float64(want)) > 1e-6*pr.Requests {
				t.Errorf("the read fans out to %d (want %d): %v requests, was %v", pr.FanOut, want, pr.Requests, old.Requests)
			}
		case "Count a hit":
			if pr.HotKeyUnits > 1000/shardMargin+1e-9 {
				t.Errorf("the hottest shard takes %v WCU/s", pr.HotKeyUnits)
			}
		}
	}
	if remedyOf(after, "shard") != nil {
		t.Error("sharding is still proposed once nothing is throttled")
	}
	// The original design is untouched by the proposal (a dry run).
	if m.Entity("Counter").Keys["PK"] != "COUNTER#{counterId}" {
		t.Error("proposing the remedy changed the design")
	}
}

// TestLoadRemedyProvisionsCapacity: a provisioned table whose capacity is
// below the peak, with no key over a partition's ceiling, gets capacity
// for the peak at 80% utilization, or on-demand; either clears it.
func TestLoadRemedyProvisionsCapacity(t *testing.T) {
	m := countersModel(t)
	tb := m.Table("Counters")
	tb.BillingMode = schema.BillingProvisioned
	r, w := int64(100), int64(500)
	tb.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	m.Workload.Requests[0].Keys[0].HotFraction = 0.05 // no key over 1,000 WCU/s
	before := simulateHour(t, m)
	if before.Result.Totals.Throttled == 0 {
		t.Fatal("500 WCU for a 3,000 WCU/s peak throttles nothing")
	}
	for _, kind := range []string{"provision", "on-demand"} {
		rm := remedyOf(before, kind)
		if rm == nil {
			t.Fatalf("no %s remedy: %+v", kind, before.Remedies)
		}
		next, _ := cloneModel(m)
		if err := rm.edit(next); err != nil {
			t.Fatal(err)
		}
		if kind == "provision" && (*next.Table("Counters").ProvisionedThroughput.WriteCapacityUnits != int64(math.Ceil(before.PeakWCU/targetUtilization)) || !strings.Contains(rm.Why, "80%")) {
			t.Errorf("provision %+v for a peak of %v WCU/s: %q", next.Table("Counters").ProvisionedThroughput, before.PeakWCU, rm.Why)
		}
		if after := simulateHour(t, next); after.Result.Totals.Throttled != 0 {
			t.Errorf("after %s: %v throttled", kind, after.Result.Totals.Throttled)
		}
	}
}

// TestLoadRemedyIndexKeyIsNotTheTables: a hot key of an index's key space
// is not answered by sharding the table's key (ShardWrites changes the
// table's template): the remedy names the index's key.
func TestLoadRemedyIndexKeyIsNotTheTables(t *testing.T) {
	r := &loadRun{Model: countersModel(t), Space: "Counters.ByOwner", Result: &partition.Result{
		Patterns: []partition.PatternResult{{Name: "Count a hit", Op: partition.Write, HotKeyUnits: 2700, Ceiling: 1000}}}}
	got := remediesOf(r)
	if len(got) != 1 || got[0].Kind != "key" || got[0].edit != nil || !strings.Contains(got[0].Why, "Counters.ByOwner") {
		t.Fatalf("remedies for an index's hot key: %+v", got)
	}
}
