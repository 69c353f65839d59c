package visualizer

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// heatmapSpike is a provisioned table of 3,000 RCU + 2,000 WCU (3
// partitions) for 20 minutes: steady writes, a hot key from 200 s that
// makes its partition split for heat at 500 s, and a read spike of 7,000
// RCU (over twice the table's 3,000) from 850 s that drains the burst
// banks and is then throttled, until more partitions split at 1,150 s.
func heatmapSpike(t testing.TB) *partition.Result {
	t.Helper()
	l, err := partition.New(partition.Spec{Mode: partition.Provisioned, RCU: 3000, WCU: 2000})
	if err != nil {
		t.Fatal(err)
	}
	w := partition.Workload{Seconds: 1200, Interval: 10, Patterns: []partition.AccessPattern{
		{Name: "orders", Op: partition.Write, ItemBytes: 1000, Rate: partition.Rate{Base: 600},
			Keys: partition.Keys{Dist: partition.Uniform, Count: 1000}},
		{Name: "hot", Op: partition.Write, ItemBytes: 1000, Rate: partition.Rate{Shape: partition.Spike, Peak: 700, Start: 200, Length: 600},
			Keys: partition.Keys{Dist: partition.HotKey, Count: 1}},
		{Name: "reads", Op: partition.Read, ItemBytes: 4000, Rate: partition.Rate{Shape: partition.Spike, Base: 500, Peak: 14000, Start: 850, Length: 300},
			Keys: partition.Keys{Dist: partition.Uniform, Count: 1000}},
	}}
	res, err := partition.Simulate(l, w)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHeatMapGolden pins the whole run and a frame in the middle of its
// animation (625 s: 12 full columns and 2 of the 13th's 5 samples).
func TestHeatMapGolden(t *testing.T) {
	res := heatmapSpike(t)
	whole := HeatMap(res, HeatMapOptions{Columns: 24, Label: "read spike"})
	if whole.Columns != 24 || whole.Visible != 24 || whole.Until != 1200 || len(whole.Rows) != len(res.Partitions) {
		t.Fatalf("columns %d, visible %d, until %d, rows %d", whole.Columns, whole.Visible, whole.Until, len(whole.Rows))
	}
	states := map[HeatState]int{}
	for _, r := range whole.Rows {
		for _, c := range r.Cells {
			states[c.State]++
		}
	}
	for _, s := range []HeatState{HeatNone, HeatOK, HeatOver, HeatThrottled} {
		if states[s] == 0 {
			t.Errorf("no %s cell: %v", s, states)
		}
	}
	// The hot key's split at 500 s, then the spike's at 1,150 s (how many
	// of the three partitions split then depends on where the keys hash:
	// three with the old FNV hash, two with DynamoDB's since issue 29).
	if len(whole.Markers) < 3 || whole.Markers[0].Second != 500 || !reflect.DeepEqual(whole.Markers[0].NewIDs, []int{3, 4}) ||
		whole.Markers[len(whole.Markers)-1].Second != 1150 {
		t.Errorf("markers %+v", whole.Markers)
	}
	partitionsGoldenJSON(t, "heatmap/spike.json", whole)
	partitionsGolden(t, "heatmap/spike.svg", []byte(whole.SVG()))

	src := NewHeatMapSource(res, HeatMapOptions{Columns: 24, Label: "read spike"})
	mid := src.Frame(625)
	if mid.Until != 620 || mid.Full != 12 || mid.Visible != 13 || mid.Rows[0].Current == nil {
		t.Errorf("frame at 625 s: until %d, %d full columns, %d visible", mid.Until, mid.Full, mid.Visible)
	}
	partitionsGoldenJSON(t, "heatmap/spike_625.json", mid)
	partitionsGolden(t, "heatmap/spike_625.svg", []byte(mid.SVG()))
}

// heatmapBrute sums partition p's units over the samples that ended by
// until, straight from the series.
func heatmapBrute(res *partition.Result, p *partition.PartitionSeries, until int) (consumed, throttled float64) {
	for k := range p.Read.Consumed {
		j := p.Start + k
		lo, hi := j*res.Interval, min((j+1)*res.Interval, res.Seconds)
		if hi > until && until < res.Seconds {
			break
		}
		secs := float64(max(0, min(hi, p.To)-max(lo, p.From)))
		consumed += (p.Read.Consumed[k] + p.Write.Consumed[k]) * secs
		throttled += (p.Read.Throttled[k] + p.Write.Throttled[k]) * secs
	}
	return
}

func heatmapClose(a, b float64) bool {
	return math.Abs(a-b) <= 1e-6*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

func heatmapBtoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestHeatMapFrames plays the run second by second (in steps) and checks
// every frame against the whole run and against sums taken straight from
// the series.
func TestHeatMapFrames(t *testing.T) {
	res := heatmapSpike(t)
	src := NewHeatMapSource(res, HeatMapOptions{Columns: 24})
	whole := src.Frame(res.Seconds)
	final := map[int][]HeatCell{}
	for _, r := range whole.Rows {
		final[r.ID] = r.Cells
	}
	// The whole run adds up to the simulator's totals.
	tot := whole.Totals
	for _, c := range [][2]float64{{tot.Requests, res.Totals.Requests}, {tot.Throttled, res.Totals.Throttled},
		{tot.ReadUnits, res.Totals.ReadUnits}, {tot.WriteUnits, res.Totals.WriteUnits},
		{tot.ReadThrottled, res.Totals.ReadThrottled}, {tot.WriteThrottled, res.Totals.WriteThrottled}} {
		if !heatmapClose(c[0], c[1]) {
			t.Errorf("whole-run total %v, simulator %v", c[0], c[1])
		}
	}
	if tot.Partitions != res.Totals.PartitionsEnd || tot.Splits != res.Totals.HeatSplits {
		t.Errorf("partitions %d, splits %d; simulator %d, %d", tot.Partitions, tot.Splits, res.Totals.PartitionsEnd, res.Totals.HeatSplits)
	}
	var rows float64
	for _, r := range whole.Rows {
		rows += r.Totals.ReadUnits + r.Totals.WriteUnits
	}
	if !heatmapClose(rows, res.Totals.ReadUnits+res.Totals.WriteUnits) {
		t.Errorf("rows consumed %v, table %v", rows, res.Totals.ReadUnits+res.Totals.WriteUnits)
	}

	prevVisible, prevReqs := 0, 0.0
	for _, until := range []int{-5, 0, 3, 10, 45, 499, 500, 505, 510, 625, 849, 900, 1149, 1150, 1155, 1199, 1200, 5000} {
		f := src.Frame(until)
		if f.Visible < prevVisible || f.Totals.Requests < prevReqs-1e-6 {
			t.Errorf("frame %d went backwards: %d columns, %v requests", until, f.Visible, f.Totals.Requests)
		}
		prevVisible, prevReqs = f.Visible, f.Totals.Requests
		if f.Until > max(until, 0) && until < res.Seconds || f.Until%res.Interval != 0 && f.Until != res.Seconds {
			t.Errorf("frame %d has until %d", until, f.Until)
		}
		for _, r := range f.Rows {
			// Full columns end by the frame's time and are the whole
			// run's; the partly filled one is Current.
			if len(r.Cells) != f.Full || f.Visible != f.Full+heatmapBtoi(r.Current != nil) {
				t.Fatalf("frame %d row %d: %d cells, current %v; full %d, visible %d", until, r.ID, len(r.Cells), r.Current != nil, f.Full, f.Visible)
			}
			if f.Full > 0 && src.colLo[f.Full] > f.Until/res.Interval && f.Until < res.Seconds {
				t.Errorf("frame %d: column %d is not over", until, f.Full-1)
			}
			if r.From > 0 && r.From >= f.Until {
				t.Errorf("frame %d shows P%d, born at %d", until, r.ID, r.From)
			}
			if !reflect.DeepEqual(r.Cells, final[r.ID][:f.Full]) {
				t.Errorf("frame %d row %d: full columns differ from the whole run's", until, r.ID)
			}
			var ser *partition.PartitionSeries
			for i := range res.Partitions {
				if res.Partitions[i].ID == r.ID {
					ser = &res.Partitions[i]
				}
			}
			c, th := heatmapBrute(res, ser, f.Until)
			if !heatmapClose(c, r.Totals.ReadUnits+r.Totals.WriteUnits) || !heatmapClose(th, r.Totals.ReadThrottled+r.Totals.WriteThrottled) {
				t.Errorf("frame %d P%d: consumed %v throttled %v; from the series %v, %v", until, r.ID,
					r.Totals.ReadUnits+r.Totals.WriteUnits, r.Totals.ReadThrottled+r.Totals.WriteThrottled, c, th)
			}
		}
		for _, mk := range f.Markers {
			if mk.Second >= f.Until || len(mk.NewIDs) == 0 {
				t.Errorf("frame %d marker %+v", until, mk)
			}
		}
		// HeatMap with Until builds the same frame from scratch.
		if until > 0 {
			one := HeatMap(res, HeatMapOptions{Columns: 24, Until: until})
			a, _ := json.Marshal(one)
			b, _ := json.Marshal(f)
			if string(a) != string(b) {
				t.Errorf("HeatMap(Until %d) differs from Frame(%d)", until, until)
			}
		}
	}
	if f := src.Frame(0); f.Visible != 0 || f.Totals.Requests != 0 || len(f.Rows) != res.Totals.PartitionsStart {
		t.Errorf("first frame: %d columns, %v requests, %d rows", f.Visible, f.Totals.Requests, len(f.Rows))
	}
}

// heatmapNoSharding takes the shard parameter out of the vote workload:
// every vote for a candidate then writes one key.
func heatmapNoSharding(m *model.Model) {
	for i, r := range m.Workload.Requests {
		var keys []model.KeyDistribution
		for _, k := range r.Keys {
			if k.Parameter != "shard" {
				keys = append(keys, k)
			}
		}
		m.Workload.Requests[i].Keys = keys
	}
}

// TestHeatMapShardingCompare runs the write-sharding pattern's workload
// (20,000 votes a second, 90% for one candidate) through the analysis's
// simulator twice: without shards the hot candidate's key takes 18,000 WCU,
// 18 times what a partition serves, and most votes are throttled; with its
// 20 random shards each key takes 900 WCU and almost nothing is. (Nothing
// was with the engine's old FNV hash; with DynamoDB's, issue 29, two of the
// shard keys share a partition for a while and 1.8% of the votes wait: the
// luck of the draw that real tables meet too.)
func TestHeatMapShardingCompare(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	run := func(sharded bool) *partition.Result {
		m := p.Model()
		if !sharded {
			heatmapNoSharding(m)
		}
		sims, err := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator, Items: 60}, 1800, 60)
		if err != nil {
			t.Fatal(err)
		}
		if len(sims) != 1 || sims[0].Table != "Votes" {
			t.Fatalf("key spaces %+v", sims)
		}
		return sims[0].Result
	}
	off := HeatMap(run(false), HeatMapOptions{Columns: 15, Label: "sharding off"})
	on := HeatMap(run(true), HeatMapOptions{Columns: 15, Label: "sharding on"})
	c := CompareHeatMaps(off, on)
	if c.A.Totals.ThrottledPct < 50 || c.B.Totals.ThrottledPct > 5 || c.Delta.ThrottledPct > -50 {
		t.Errorf("throttled: off %v%%, on %v requests; delta %v points", c.A.Totals.ThrottledPct, c.B.Totals.Throttled, c.Delta.ThrottledPct)
	}
	throttledCells := func(m *HeatMapModel) int {
		n := 0
		for _, r := range m.Rows {
			for _, cell := range r.Cells {
				if cell.State == HeatThrottled {
					n++
				}
			}
		}
		return n
	}
	if throttledCells(off) == 0 {
		t.Errorf("throttled cells: off %d, on %d", throttledCells(off), throttledCells(on))
	}
	if !strings.HasPrefix(c.Lines[0], "throttled share: sharding off 74.88% → sharding on 1.8% (−73.08 points)") {
		t.Errorf("first line %q", c.Lines[0])
	}
	partitionsGoldenJSON(t, "heatmap/sharding_compare.json", c)
	partitionsGolden(t, "heatmap/sharding_compare.svg", []byte(c.SVG()))
}

// TestHeatMapEdges: nothing to draw is not a reason to fail.
func TestHeatMapEdges(t *testing.T) {
	res := heatmapSpike(t)
	for _, m := range []*HeatMapModel{
		HeatMap(nil, HeatMapOptions{}),
		HeatMap(&partition.Result{}, HeatMapOptions{Until: 10}),
		HeatMap(&partition.Result{Seconds: 10, Interval: 0, Table: make([]partition.TableSample, 3)}, HeatMapOptions{}),
		HeatMap(res, HeatMapOptions{Columns: 100000}),
		HeatMap(res, HeatMapOptions{Columns: -3, Until: -1}),
		NewHeatMapSource(res, HeatMapOptions{Columns: 1}).Frame(-100),
		nil,
	} {
		if _, err := json.Marshal(m); err != nil {
			t.Error(err)
		}
		if svg := m.SVG(); !strings.HasSuffix(svg, "</svg>\n") {
			t.Error("no SVG")
		}
	}
	if m := HeatMap(res, HeatMapOptions{Columns: 100000}); m.Columns != res.Samples {
		t.Errorf("%d columns for %d samples", m.Columns, res.Samples)
	}
	if m := HeatMap(res, HeatMapOptions{}); m.Columns != res.Samples {
		t.Errorf("default columns %d for %d samples", m.Columns, res.Samples)
	}
	// A series shorter than the run claims (a hand-made result) must not
	// index out of range.
	short := *res
	short.Partitions = append([]partition.PartitionSeries(nil), res.Partitions...)
	short.Partitions[0].Read.Consumed = short.Partitions[0].Read.Consumed[:3]
	short.Partitions[1].Write.Burst = nil
	_ = HeatMap(&short, HeatMapOptions{Columns: 7}).SVG()
	if c := CompareHeatMaps(nil, nil); c.SVG() == "" {
		t.Error("no comparison SVG")
	}
	for _, c := range []HeatCell{{State: HeatOK, Ratio: 0}, {State: HeatOK, Ratio: 1}, {State: HeatOK, Ratio: 7}, {State: HeatState(9)}} {
		_ = c.Color()
		_ = c.State.String()
	}
}

// heatmapDay simulates a day (86,400 s) of a daily read cycle and steady
// writes on a provisioned table of 16 partitions:
// ceil(12,000 / 3,000 + 12,000 / 1,000) = 16.
func heatmapDay(b testing.TB, interval int) *partition.Result {
	l, err := partition.New(partition.Spec{Mode: partition.Provisioned, RCU: 12000, WCU: 12000})
	if err != nil || l.Len() != 16 {
		b.Fatalf("layout: %v", err)
	}
	w := partition.Workload{Seconds: partition.Day, Interval: interval, Seed: 1, Patterns: []partition.AccessPattern{
		{Name: "get", Op: partition.Read, Consistency: capacity.Eventual, ItemBytes: 2000,
			Rate: partition.Rate{Shape: partition.Daily, Base: 4000, Peak: 20000, Start: 14 * 3600}, Keys: partition.Keys{Dist: partition.Zipf, Count: 100_000}},
		{Name: "put", Op: partition.Write, ItemBytes: 800, Rate: partition.Rate{Shape: partition.Daily, Base: 3000, Peak: 14000, Start: 15 * 3600},
			Keys: partition.Keys{Dist: partition.Uniform, Count: 100_000}},
	}}
	res, err := partition.Simulate(l, w)
	if err != nil {
		b.Fatal(err)
	}
	return res
}

// benchmarkHeatMapFrames builds frames of a day as a player would, the
// clock moving through the run.
func benchmarkHeatMapFrames(b *testing.B, interval int) {
	res := heatmapDay(b, interval)
	src := NewHeatMapSource(res, HeatMapOptions{})
	step := 997 // seconds per frame, so that most frames end mid-column
	t := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		t = (t + step) % (partition.Day + 1)
		if f := src.Frame(t); f.Columns != DefaultHeatMapColumns {
			b.Fatal(f.Columns)
		}
	}
	b.ReportMetric(float64(len(res.Partitions)), "partitions")
}

// BenchmarkHeatMapFrame: one frame of a day sampled every 60 s (the
// simulator's default: 1,440 samples), 300 columns.
func BenchmarkHeatMapFrame(b *testing.B) { benchmarkHeatMapFrames(b, 0) }

// BenchmarkHeatMapFramePerSecond: one frame of a day sampled every second
// (86,400 samples).
func BenchmarkHeatMapFramePerSecond(b *testing.B) { benchmarkHeatMapFrames(b, 1) }

// BenchmarkHeatMapSource: aggregating a day (1,440 samples) into columns,
// once per simulation.
func BenchmarkHeatMapSource(b *testing.B) {
	res := heatmapDay(b, 0)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		NewHeatMapSource(res, HeatMapOptions{})
	}
}

// BenchmarkHeatMapSourcePerSecond: the same for 86,400 samples.
func BenchmarkHeatMapSourcePerSecond(b *testing.B) {
	res := heatmapDay(b, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		NewHeatMapSource(res, HeatMapOptions{})
	}
}

// BenchmarkHeatMapSVG: drawing a whole day's frame.
func BenchmarkHeatMapSVG(b *testing.B) {
	f := NewHeatMapSource(heatmapDay(b, 0), HeatMapOptions{}).Frame(partition.Day)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = f.SVG()
	}
}

// TestHeatMapMarksThrottled checks that every partition with something
// throttled by the frame's time, and only those, is marked ▲ in the SVG.
func TestHeatMapMarksThrottled(t *testing.T) {
	m := HeatMap(heatmapSpike(t), HeatMapOptions{Columns: 24})
	svg := m.SVG()
	marked := 0
	for _, r := range m.Rows {
		thr := r.Totals.ReadThrottled+r.Totals.WriteThrottled > 0
		has := strings.Contains(svg, fmt.Sprintf(`<g class="row throttled" data-id="%d">`, r.ID))
		if thr != has {
			t.Errorf("P%d: throttled %v, marked %v", r.ID, thr, has)
		}
		if has {
			marked++
			if !strings.Contains(svg, fmt.Sprintf("▲ P%d<", r.ID)) {
				t.Errorf("P%d: marked row without ▲ in its label", r.ID)
			}
		}
	}
	if marked == 0 {
		t.Error("the spike throttles no partition: the test checks nothing")
	}
}
