package patterns

import (
	"sort"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestTimeSeriesStory: thermo-42's latest reading is the one of a minute
// ago, read with Limit 1 in reverse (one item scanned); BETWEEN returns the
// window's reading; turbine-1's latest is found by querying its four shards
// and merging (shard02); DeviceShards says four.
func TestTimeSeriesStory(t *testing.T) {
	l := load(t, timeSeries, timeSeries.DefaultSize)
	latest := l.run(t, "Latest reading", nil)
	wantKeys(t, "thermo-42's latest", latest.Items, []string{"thermo-42|2026-03-01T11:59:00Z|21.75"}, "deviceId", "timestamp", "temperature")
	if q := latest.Outputs[0].(*engine.QueryOutput); q.ScannedCount != 1 || q.LastEvaluatedKey == nil {
		t.Errorf("latest reading scanned %d items (LastEvaluatedKey %v), want 1 with more to come", q.ScannedCount, q.LastEvaluatedKey)
	}
	wantKeys(t, "thermo-42 between 11:54 and 11:58", l.run(t, "Readings between", nil).Items,
		[]string{"2026-03-01T11:55:00Z"}, "timestamp")
	wantKeys(t, "thermo-42 between 11:50 and 11:59", l.run(t, "Readings between",
		model.Params{"deviceId": "thermo-42", "from": "2026-03-01T11:50:00Z", "to": "2026-03-01T11:59:00Z"}).Items,
		[]string{"2026-03-01T11:50:00Z", "2026-03-01T11:55:00Z", "2026-03-01T11:59:00Z"}, "timestamp")

	hot := l.run(t, "Hot device latest", nil)
	wantKeys(t, "turbine-1's shards' latest", hot.Items, []string{
		"turbine-1#shard01|2026-03-01T11:56:00Z", "turbine-1#shard02|2026-03-01T11:59:30Z",
		"turbine-1#shard03|2026-03-01T11:58:00Z", "turbine-1#shard04|2026-03-01T11:57:00Z",
	}, "deviceId", "timestamp")
	newest := hot.Items[0]
	for _, it := range hot.Items {
		if valueText(it["timestamp"]) > valueText(newest["timestamp"]) {
			newest = it
		}
	}
	if valueText(newest["deviceId"]) != "turbine-1#shard02" {
		t.Errorf("merged latest is on %v, want shard02", newest["deviceId"])
	}
	wantKeys(t, "turbine-1's shard count", l.run(t, "Shard count", nil).Items, []string{"4"}, "shardCount")

	l.run(t, "Record a reading", nil) // thermo-42 at 12:00:00
	wantKeys(t, "thermo-42's latest after a new reading", l.run(t, "Latest reading", nil).Items,
		[]string{"2026-03-01T12:00:00Z|21.5|1774958400"}, "timestamp", "temperature", "ttl")
}

// TestTimeSeriesReference: for every device of a 5,000-item dataset the
// latest reading is its newest generated one and a ten-minute BETWEEN
// returns exactly the generated readings in the window.
func TestTimeSeriesReference(t *testing.T) {
	const size = 5000
	l := load(t, timeSeries, size)
	byDevice := map[string][]string{}
	for _, r := range collect(t, timeSeries, DefaultSeed, size, nil) {
		if r.table == "SensorReadings" {
			d := valueText(r.item["deviceId"])
			byDevice[d] = append(byDevice[d], valueText(r.item["timestamp"]))
		}
	}
	from, to := "2026-03-01T11:50:00Z", "2026-03-01T11:59:59Z"
	for d, ts := range byDevice {
		sort.Strings(ts)
		wantKeys(t, d+" latest", l.run(t, "Latest reading", model.Params{"deviceId": d}).Items, ts[len(ts)-1:], "timestamp")
		var window []string
		for _, s := range ts {
			if s >= from && s <= to {
				window = append(window, s)
			}
		}
		got := l.run(t, "Readings between", model.Params{"deviceId": d, "from": from, "to": to}).Items
		if len(got) != len(window) {
			t.Fatalf("%s: BETWEEN returned %d readings, want %d", d, len(got), len(window))
		}
	}
}

// TestTimeSeriesTTL: thirty days on, the TTL process has removed exactly
// the readings whose ttl (time + 30 days) plus the deletion delay passed.
func TestTimeSeriesTTL(t *testing.T) {
	const size = 3000
	l := load(t, timeSeries, size)
	var ttls []int64
	for _, r := range collect(t, timeSeries, DefaultSeed, size, nil) {
		if v, ok := r.item["ttl"]; ok {
			n, _ := v.(attr.Number).Int64()
			ttls = append(ttls, n)
		}
	}
	delay := time.Duration(l.m.Settings.TTLDeletionDelay)
	for _, after := range []time.Duration{29 * 24 * time.Hour, readingTTL - 3*time.Minute + delay, readingTTL + delay} {
		l.clock.Set(Start.Add(after))
		l.db.Tick()
		cutoff := l.clock.Now().Add(-delay).Unix()
		alive := 0
		for _, v := range ttls {
			if v > cutoff {
				alive++
			}
		}
		if got := l.itemCount(t, "SensorReadings", ""); got != int64(alive) {
			t.Errorf("%v after the start: %d readings, want %d", after, got, alive)
		}
	}
	if got := l.itemCount(t, "SensorReadings", ""); got != 0 {
		t.Errorf("%d readings survive 30 days", got)
	}
	if got := l.itemCount(t, "DeviceShards", ""); got != 1 {
		t.Errorf("the shard config (no TTL) is gone")
	}
}
