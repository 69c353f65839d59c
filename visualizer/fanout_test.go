package visualizer

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/model"
)

// fanoutCheck checks what every fan-out view must satisfy: the shards add
// up to the merge and the scatter-gather cost, each shard's partition is
// the one the engine stored its items on, and the single-key read is the
// same bytes rounded up once.
func fanoutCheck(t *testing.T, db *engine.Database, fm *FanOutModel) {
	t.Helper()
	pv, err := db.Partitions(fm.Table, 1000) // every collection listed
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]int{} // collection key → partition index
	for _, o := range pv.Partitions {
		for _, c := range o.Largest {
			stored[c.Key] = o.Index
		}
	}
	var items, bytes int
	var units float64
	for _, s := range fm.Shards {
		items += s.Items
		bytes += s.Bytes
		units += s.Units
		if s.Items > 0 {
			if got, ok := stored["{S:"+s.Key+"}"]; !ok || got != s.Partition {
				t.Errorf("shard %s: partition %d, the engine stored it on %d (%v)", s.Key, s.Partition, got, ok)
			}
		}
		if s.Units < 0.5 {
			t.Errorf("shard %s consumed %v RCU, less than one eventual read", s.Key, s.Units)
		}
	}
	if items != fm.Merged.Items || bytes != fm.Merged.Bytes || units != fm.Scatter.Units || fm.Scatter.Requests != fm.N {
		t.Errorf("shards %d items %d B %v RCU; merge %d items %d B; scatter %+v", items, bytes, units, fm.Merged.Items, fm.Merged.Bytes, fm.Scatter)
	}
	if want := capacity.QueryReadUnits(bytes, capacity.Eventual); fm.Single.Units != want || fm.Single.Requests != 1 {
		t.Errorf("single-key read %+v, want %v RCU in 1 request", fm.Single, want)
	}
	var onParts int
	for _, p := range fm.Partitions {
		onParts += len(p.Shards)
	}
	if onParts != fm.N {
		t.Errorf("%d shards placed on partitions, %d queried", onParts, fm.N)
	}
	if _, err := json.Marshal(fm); err != nil {
		t.Error(err)
	}
}

// TestFanOutVotes: the aggregator's read of alice's 20 vote counters, 20
// GetItems of 0.5 RCU each, against one Query of the same 20 small items:
// 10 RCU against 0.5.
func TestFanOutVotes(t *testing.T) {
	m, db := partitionsLoad(t, "write-sharding", 60)
	fm, err := FanOut(db, m, "Gather the shards", nil)
	if err != nil {
		t.Fatal(err)
	}
	if fm.N != 20 || fm.Merged.Items != 20 || fm.Scatter.Units != 10 || fm.Single.Units != 0.5 || fm.Ratio != 20 {
		t.Errorf("n %d, merged %d, scatter %v, single %v, ratio %v", fm.N, fm.Merged.Items, fm.Scatter.Units, fm.Single.Units, fm.Ratio)
	}
	if fm.Shards[7].Key != "CANDIDATE#alice#7" || fm.Shards[7].Value != "7" {
		t.Errorf("shard 7: %+v", fm.Shards[7])
	}
	fanoutCheck(t, db, fm)
	partitionsGoldenJSON(t, "fanout/votes.json", fm)
	partitionsGolden(t, "fanout/votes.svg", []byte(fm.SVG()))
}

// TestFanOutOrdersOfADay: a day of orders is 200 Queries, one per
// calculated suffix; on 2026-03-01 five orders exist, so 195 queries find
// nothing and still cost a read each. The merge orders them by OrderId.
func TestFanOutOrdersOfADay(t *testing.T) {
	m, db := partitionsLoad(t, "write-sharding", 60)
	fm, err := FanOut(db, m, "Orders of a day", model.Params{"date": "2026-03-01"})
	if err != nil {
		t.Fatal(err)
	}
	if fm.N != 200 || fm.Merged.Items != 5 || fm.Scatter.Units != 100 || fm.Single.Units != 0.5 {
		t.Errorf("n %d, merged %d, scatter %v, single %v", fm.N, fm.Merged.Items, fm.Scatter.Units, fm.Single.Units)
	}
	if !slices.IsSortedFunc(fm.Merged.First, func(a, b FanOutItem) int { return strings.Compare(a.Sort, b.Sort) }) {
		t.Errorf("merge not ordered by OrderId: %+v", fm.Merged.First)
	}
	if !strings.Contains(fm.Merged.Order, "OrderId ascending") {
		t.Errorf("order %q", fm.Merged.Order)
	}
	fanoutCheck(t, db, fm)
	partitionsGoldenJSON(t, "fanout/orders_of_a_day.json", fm)
	partitionsGolden(t, "fanout/orders_of_a_day.svg", []byte(fm.SVG()))

	// The filler orders of an earlier day: the same 200 requests, other
	// items.
	other, err := FanOut(db, m, "Orders of a day", model.Params{"date": "2026-02-27"})
	if err != nil {
		t.Fatal(err)
	}
	if other.Merged.Items == 0 || other.Scatter.Units < 100 {
		t.Errorf("2026-02-27: %d items, %v RCU", other.Merged.Items, other.Scatter.Units)
	}
	fanoutCheck(t, db, other)
}

// TestFanOutErrors: what the view cannot show is an error, never a panic.
func TestFanOutErrors(t *testing.T) {
	m, db := partitionsLoad(t, "write-sharding", 20)
	write := *m
	write.AccessPatterns = append([]model.AccessPattern(nil), m.AccessPatterns...)
	for i, ap := range write.AccessPatterns {
		if ap.Name == "Cast a vote" {
			write.AccessPatterns[i].FanOut = &model.FanOut{Parameter: "shard", From: 0, To: 3}
		}
		if ap.Name == "Gather the shards" {
			write.AccessPatterns[i].FanOut = &model.FanOut{Parameter: "shard", From: 3, To: 1}
		}
	}
	for _, c := range []struct {
		db      *engine.Database
		m       *model.Model
		pattern string
		want    string
	}{
		{nil, m, "Gather the shards", "no database"},
		{db, nil, "Gather the shards", "no database"},
		{db, m, "nope", "no access pattern"},
		{db, m, "Read the total", "no fan-out"},
		{db, &write, "Cast a vote", "GetItem and Query"},
		{db, &write, "Gather the shards", "no values"},
	} {
		_, err := FanOut(c.db, c.m, c.pattern, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.pattern, err, c.want)
		}
	}
	// A request the engine refuses is an error too.
	write.AccessPatterns = append(write.AccessPatterns, model.AccessPattern{Name: "missing", Operation: "Query",
		FanOut:  &model.FanOut{Parameter: "n", From: 1, To: 2},
		Request: []byte(`{"TableName":"Missing","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"{n}"}}}`)})
	if _, err := FanOut(db, &write, "missing", nil); err == nil || !strings.Contains(err.Error(), "Missing") {
		t.Errorf("a missing table: %v", err)
	}
	var empty *FanOutModel
	if !strings.HasSuffix(empty.SVG(), "</svg>\n") {
		t.Error("nil model: no SVG")
	}
}
