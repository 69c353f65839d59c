package visualizer

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// DefaultHeatMapColumns is how many time columns a heat map has unless
// asked otherwise: enough to see a day minute by minute at a glance (288 s
// a column), few enough to draw every frame.
const DefaultHeatMapColumns = 300

// heatmapMaxColumns bounds Columns, whatever the caller asks.
const heatmapMaxColumns = 2000

// heatmapMaxRatio caps a cell's consumed/allowed ratio (a partition with
// no throughput of its own that borrows would otherwise be infinite).
const heatmapMaxRatio = 10

// HeatMapOptions tune a heat map.
type HeatMapOptions struct {
	// Until is the frame's time in seconds: only samples that ended by then
	// are shown. 0 or less, or anything past the run, shows the whole run;
	// for the empty first frame of an animation use HeatMapSource.Frame(0).
	Until int `json:"until,omitempty"`
	// Columns is the number of time columns over the whole run (0:
	// DefaultHeatMapColumns; never more than the run's samples). Samples
	// are aggregated into columns; a frame shows a prefix of them, so the
	// picture does not rescale as it plays.
	Columns int `json:"columns,omitempty"`
	// Label names the run ("sharding off").
	Label string `json:"label,omitempty"`
}

// HeatState classifies a heat-map cell.
type HeatState uint8

// Cell states, from nothing to throttled.
const (
	// HeatNone: the partition did not exist during the column.
	HeatNone HeatState = iota
	// HeatIdle: it existed and served nothing.
	HeatIdle
	// HeatOK: it served at most its share of the table's throughput.
	HeatOK
	// HeatOver: it served more than its share, from its burst bank or
	// borrowed by adaptive capacity, and throttled nothing.
	HeatOver
	// HeatThrottled: some of its demand was throttled.
	HeatThrottled
)

var heatStateNames = [...]string{"none", "idle", "ok", "over", "throttled"}

// String names the state.
func (s HeatState) String() string {
	if int(s) < len(heatStateNames) {
		return heatStateNames[s]
	}
	return fmt.Sprintf("HeatState(%d)", int(s))
}

// MarshalText encodes the state by name.
func (s HeatState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// HeatCell is one partition during one time column. Rates are per second,
// averaged over the seconds of the column the partition lived.
type HeatCell struct {
	// State classifies the cell; Color gives its fill.
	State HeatState `json:"state"`
	// Ratio is consumed / allowed in the busier dimension (reads or
	// writes): above 1 the partition drew on burst or adaptive capacity.
	Ratio float64 `json:"ratio"`
	// Read and Write are the units it consumed per second; Throttled the
	// read and write units per second it could not serve.
	Read      float64 `json:"read"`
	Write     float64 `json:"write"`
	Throttled float64 `json:"throttled"`
	// Burst is its burst bank at the column's end as a fraction of a full
	// bank (300 s of its share), in the dimension nearer to empty.
	Burst float64 `json:"burst"`
}

// HeatRow is one partition of the run: every partition that existed, the
// children of a split right after their parent (rows are in hash order,
// then by birth).
type HeatRow struct {
	// ID names the partition; Parent is the one it split from, or -1.
	ID     int `json:"id"`
	Parent int `json:"parent"`
	// Lo and Hi bound its hashes, in hex.
	Lo string `json:"lo"`
	Hi string `json:"hi"`
	// From and To are the seconds it began and ended (split, or the run's
	// end).
	From int `json:"from"`
	To   int `json:"to"`
	// Cells holds one cell per column that ended by the frame's time. It
	// is shared by every frame of the run (a frame only slices the
	// aggregates made once): never modify it.
	Cells []HeatCell `json:"cells"`
	// Current is the column the frame's time falls in, aggregated over its
	// samples so far; nil when the frame ends on a column boundary.
	Current *HeatCell        `json:"current,omitempty"`
	Totals  HeatPartitionSum `json:"totals"`
}

// HeatPartitionSum is what one partition consumed and had throttled up to
// the frame's time, in capacity units (the simulator counts throttled
// requests per table, units per partition).
type HeatPartitionSum struct {
	// ReadUnits and WriteUnits were consumed; ReadThrottled and
	// WriteThrottled were asked for and throttled.
	ReadUnits      float64 `json:"readUnits"`
	WriteUnits     float64 `json:"writeUnits"`
	ReadThrottled  float64 `json:"readThrottled"`
	WriteThrottled float64 `json:"writeThrottled"`
	// ThrottledPct is throttled / (consumed + throttled) units, in percent.
	ThrottledPct float64 `json:"throttledPct"`
}

// HeatTotals sums the whole table up to the frame's time.
type HeatTotals struct {
	// Requests and Throttled count table requests (a scatter-gather read
	// counts once per shard).
	Requests  float64 `json:"requests"`
	Throttled float64 `json:"throttled"`
	// ThrottledPct is Throttled / Requests, in percent.
	ThrottledPct float64 `json:"throttledPct"`
	// ReadUnits and WriteUnits were consumed, ReadThrottled and
	// WriteThrottled throttled.
	ReadUnits      float64 `json:"readUnits"`
	WriteUnits     float64 `json:"writeUnits"`
	ReadThrottled  float64 `json:"readThrottled"`
	WriteThrottled float64 `json:"writeThrottled"`
	// Partitions is the count at the frame's time; Splits the layout
	// changes that added partitions so far.
	Partitions int `json:"partitions"`
	Splits     int `json:"splits"`
}

// HeatMarker is a change of the layout during the run: a split (for size
// or heat) or a doubling, at the second it took effect.
type HeatMarker struct {
	// Second is when the new partitions took over; Kind is the step's
	// (split, heat-split, raise, peak).
	Second int    `json:"second"`
	Kind   string `json:"kind"`
	// Column is the time column it falls in, Offset where in it (0 to 1).
	Column int     `json:"column"`
	Offset float64 `json:"offset"`
	// Retired is the partition a split ended (-1 for a doubling); NewIDs
	// are the partitions it made.
	Retired int   `json:"retired"`
	NewIDs  []int `json:"newIds"`
	// Text is the step's arithmetic.
	Text string `json:"text"`
}

// HeatMapModel is one frame of the heat map: partitions × time up to
// Until, with burst balance, split markers and totals.
type HeatMapModel struct {
	// Label names the run; Seconds is its length and Interval the
	// seconds of one sample.
	Label    string `json:"label,omitempty"`
	Seconds  int    `json:"seconds"`
	Interval int    `json:"interval"`
	// Until is the frame's time: the end of the last sample shown.
	Until int `json:"until"`
	// Columns is the number of columns of the whole run; Full how many
	// ended by the frame's time (each row's Cells), Visible that plus the
	// partly filled column of the rows' Current, if any.
	Columns int `json:"columns"`
	Full    int `json:"full"`
	Visible int `json:"visible"`
	// ColumnStart holds each column's first second, then the run's end
	// (Columns + 1 values).
	ColumnStart []int `json:"columnStart"`
	// Rows are the partitions born by the frame's time, Markers the splits
	// so far, Totals the table's sums so far.
	Rows    []HeatRow    `json:"rows"`
	Markers []HeatMarker `json:"markers"`
	Totals  HeatTotals   `json:"totals"`
}

// heatmapAgg sums one partition (or the table) over some samples: units
// are per-second averages × the seconds they cover.
type heatmapAgg struct {
	rc, wc, ra, wa, rt, wt float64
	reqs, thr              float64 // table only
	secs                   int
	burst                  float64
	parts                  int // table only: partitions at the last sample
}

func (a *heatmapAgg) add(b heatmapAgg) {
	a.rc += b.rc
	a.wc += b.wc
	a.ra += b.ra
	a.wa += b.wa
	a.rt += b.rt
	a.wt += b.wt
	a.reqs += b.reqs
	a.thr += b.thr
	a.secs += b.secs
	if b.secs > 0 {
		a.burst, a.parts = b.burst, b.parts
	}
}

// HeatMapSource holds a run's heat map aggregated per column once, so that
// frames (Frame) only slice it: the UI builds one when a simulation
// finishes and asks it for a frame on every tick of the virtual clock. It
// is immutable once made and may be shared.
type HeatMapSource struct {
	res      *partition.Result
	label    string
	interval int
	samples  int
	colLo    []int // first sample of each column, then samples
	colStart []int // first second of each column, then the run's end
	rows     []heatmapRowSrc
	table    []heatmapAgg // per column
	tableCum []heatmapAgg // tableCum[c] sums columns before c
	markers  []HeatMarker
}

type heatmapRowSrc struct {
	ser    *partition.PartitionSeries
	lo, hi string       // the range in hex, formatted once
	cells  []HeatCell   // per full column
	cum    []heatmapAgg // cum[c] sums columns before c
}

// NewHeatMapSource aggregates a simulation result into columns (o.Columns;
// o.Until is ignored). A nil result gives an empty source.
func NewHeatMapSource(res *partition.Result, o HeatMapOptions) *HeatMapSource {
	src := &HeatMapSource{res: res, label: o.Label, interval: 1}
	if res == nil {
		res = &partition.Result{}
		src.res = res
	}
	if res.Interval > 0 {
		src.interval = res.Interval
	}
	src.samples = len(res.Table)
	cols := o.Columns
	if cols <= 0 {
		cols = DefaultHeatMapColumns
	}
	cols = min(cols, heatmapMaxColumns, src.samples)
	src.colLo = make([]int, cols+1)
	src.colStart = make([]int, cols+1)
	for c := 0; c <= cols; c++ {
		src.colLo[c] = c * src.samples / max(cols, 1)
		src.colStart[c] = min(src.colLo[c]*src.interval, max(res.Seconds, 0))
	}
	src.colLo[cols] = src.samples
	src.colStart[cols] = max(res.Seconds, 0)

	// Rows in hash order, then by birth, so children follow their parent.
	order := make([]int, len(res.Partitions))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := &res.Partitions[a], &res.Partitions[b]
		return cmp.Or(cmp.Compare(pa.Lo, pb.Lo), cmp.Compare(pa.From, pb.From), cmp.Compare(pa.ID, pb.ID))
	})
	src.rows = make([]heatmapRowSrc, len(order))
	for r, i := range order {
		row := &src.rows[r]
		row.ser = &res.Partitions[i]
		row.lo, row.hi = partitionsHex(row.ser.Lo), partitionsHex(row.ser.Hi)
		row.cells = make([]HeatCell, cols)
		row.cum = make([]heatmapAgg, cols+1)
		for c := range cols {
			a := src.partitionAgg(row.ser, src.colLo[c], src.colLo[c+1])
			row.cells[c] = heatmapCell(a)
			row.cum[c+1] = row.cum[c]
			row.cum[c+1].add(a)
		}
	}
	src.table = make([]heatmapAgg, cols)
	src.tableCum = make([]heatmapAgg, cols+1)
	for c := range cols {
		src.table[c] = src.tableAgg(src.colLo[c], src.colLo[c+1])
		src.tableCum[c+1] = src.tableCum[c]
		src.tableCum[c+1].add(src.table[c])
	}
	src.markers = src.makeMarkers()
	return src
}

// sampleSecs is how many seconds of the run sample j covers.
func (src *HeatMapSource) sampleSecs(j int) int {
	lo := j * src.interval
	hi := min((j+1)*src.interval, src.res.Seconds)
	return max(0, hi-lo)
}

// livedSecs is how many seconds of sample j partition p lived.
func (src *HeatMapSource) livedSecs(p *partition.PartitionSeries, j int) int {
	lo := max(j*src.interval, p.From, 0)
	hi := min((j+1)*src.interval, p.To, src.res.Seconds)
	return max(0, hi-lo)
}

// partitionAgg sums partition p over samples [lo, hi).
func (src *HeatMapSource) partitionAgg(p *partition.PartitionSeries, lo, hi int) heatmapAgg {
	var a heatmapAgg
	n := len(p.Read.Consumed)
	for j := max(lo, p.Start); j < hi; j++ {
		k := j - p.Start
		if k >= n || k >= len(p.Write.Consumed) {
			break
		}
		secs := src.livedSecs(p, j)
		if secs == 0 {
			continue
		}
		s := float64(secs)
		a.rc += heatmapAt(p.Read.Consumed, k) * s
		a.wc += heatmapAt(p.Write.Consumed, k) * s
		a.ra += heatmapAt(p.Read.Allowed, k) * s
		a.wa += heatmapAt(p.Write.Allowed, k) * s
		a.rt += heatmapAt(p.Read.Throttled, k) * s
		a.wt += heatmapAt(p.Write.Throttled, k) * s
		a.secs += secs
		a.burst = heatmapBurst(p, k)
	}
	return a
}

// heatmapAt reads v[k], 0 when out of range or not finite.
func heatmapAt(v []float64, k int) float64 {
	if k < 0 || k >= len(v) {
		return 0
	}
	return partitionsFinite(v[k])
}

// heatmapBurst is the burst bank after sample k as a fraction of a full
// bank, in the dimension with throughput that is nearer to empty.
func heatmapBurst(p *partition.PartitionSeries, k int) float64 {
	f, any := 1.0, false
	for _, s := range []*partition.Series{&p.Read, &p.Write} {
		rate := heatmapAt(s.Allowed, k)
		if rate <= 0 {
			continue
		}
		any = true
		f = math.Min(f, heatmapAt(s.Burst, k)/(rate*capacity.BurstWindow.Seconds()))
	}
	if !any {
		return 0
	}
	return math.Max(0, math.Min(1, f))
}

// tableAgg sums the table over samples [lo, hi).
func (src *HeatMapSource) tableAgg(lo, hi int) heatmapAgg {
	var a heatmapAgg
	for j := lo; j < hi && j < len(src.res.Table); j++ {
		t := src.res.Table[j]
		secs := src.sampleSecs(j)
		s := float64(secs)
		a.rc += partitionsFinite(t.ReadConsumed) * s
		a.wc += partitionsFinite(t.WriteConsumed) * s
		a.ra += partitionsFinite(t.ReadAllowed) * s
		a.wa += partitionsFinite(t.WriteAllowed) * s
		a.rt += partitionsFinite(t.ReadThrottled) * s
		a.wt += partitionsFinite(t.WriteThrottled) * s
		a.reqs += partitionsFinite(t.Requests) * s
		a.thr += partitionsFinite(t.Throttled) * s
		a.secs += secs
		a.parts = t.Partitions
	}
	return a
}

// heatmapCell classifies an aggregate.
func heatmapCell(a heatmapAgg) HeatCell {
	if a.secs == 0 {
		return HeatCell{}
	}
	s := float64(a.secs)
	c := HeatCell{Read: a.rc / s, Write: a.wc / s, Throttled: (a.rt + a.wt) / s, Burst: a.burst}
	for _, d := range [][2]float64{{a.rc, a.ra}, {a.wc, a.wa}} {
		switch {
		case d[1] > 0:
			c.Ratio = math.Max(c.Ratio, d[0]/d[1])
		case d[0] > 0:
			c.Ratio = heatmapMaxRatio
		}
	}
	c.Ratio = math.Min(c.Ratio, heatmapMaxRatio)
	switch {
	case c.Throttled > 1e-9:
		c.State = HeatThrottled
	case c.Ratio > 1+1e-9:
		c.State = HeatOver
	case c.Read+c.Write > 0:
		c.State = HeatOK
	default:
		c.State = HeatIdle
	}
	return c
}

// column returns the column holding sample j.
func (src *HeatMapSource) column(j int) (int, float64) {
	cols := len(src.colLo) - 1
	if cols <= 0 {
		return 0, 0
	}
	c, found := slices.BinarySearch(src.colLo[:cols], j)
	if !found {
		c--
	}
	c = max(0, min(c, cols-1))
	span := src.colLo[c+1] - src.colLo[c]
	off := 0.0
	if span > 0 {
		off = float64(j-src.colLo[c]) / float64(span)
	}
	return c, off
}

// makeMarkers turns the run's events that added partitions into markers,
// naming the partitions each made (the series born at that second).
func (src *HeatMapSource) makeMarkers() []HeatMarker {
	out := []HeatMarker{}
	for _, e := range src.res.Events {
		if e.Partitions <= e.From {
			continue
		}
		mk := HeatMarker{Second: e.Second, Kind: e.Kind.String(), Retired: e.Split, NewIDs: []int{}, Text: e.Text}
		for _, p := range src.res.Partitions {
			if p.From == e.Second && p.Parent >= 0 && (e.Split < 0 || p.Parent == e.Split) {
				mk.NewIDs = append(mk.NewIDs, p.ID)
			}
		}
		mk.Column, mk.Offset = src.column(e.Second / src.interval)
		out = append(out, mk)
	}
	return out
}

// Columns is the number of time columns.
func (src *HeatMapSource) Columns() int { return len(src.colLo) - 1 }

// Seconds is the run's length.
func (src *HeatMapSource) Seconds() int { return src.res.Seconds }

// HeatMap builds one frame of a run's heat map. For an animation, make a
// HeatMapSource once and call Frame for every tick instead: this
// aggregates the whole run each time.
func HeatMap(res *partition.Result, o HeatMapOptions) *HeatMapModel {
	src := NewHeatMapSource(res, o)
	until := o.Until
	if until <= 0 {
		until = src.res.Seconds
	}
	return src.Frame(until)
}

// Frame is the heat map as it stood at second until of the run: the
// samples that ended by then, the partitions that existed, the splits
// that happened, and the totals so far. It slices the per-column
// aggregates and computes only the partly filled column (Current), so a
// frame costs O(partitions × samples in a column), whatever the run's
// length.
func (src *HeatMapSource) Frame(until int) *HeatMapModel {
	seconds := max(src.res.Seconds, 0)
	until = max(0, min(until, seconds))
	done := src.samples
	if until < seconds {
		done = min(until/src.interval, src.samples)
	}
	frameEnd := min(done*src.interval, seconds)
	cols := src.Columns()
	full := 0
	for full < cols && src.colLo[full+1] <= done {
		full++
	}
	partial := full < cols && src.colLo[full] < done
	visible := full
	if partial {
		visible++
	}
	m := &HeatMapModel{
		Label: src.label, Seconds: seconds, Interval: src.interval, Until: frameEnd,
		Columns: cols, Full: full, Visible: visible, ColumnStart: src.colStart,
		Rows: make([]HeatRow, 0, len(src.rows)), Markers: make([]HeatMarker, 0, len(src.markers)),
	}
	var current []HeatCell // one allocation for every row's Current
	if partial {
		current = make([]HeatCell, len(src.rows))
	}
	for i := range src.rows {
		r := &src.rows[i]
		p := r.ser
		if p.From > 0 && p.From >= frameEnd {
			continue // not born yet
		}
		row := HeatRow{ID: p.ID, Parent: p.Parent, Lo: r.lo, Hi: r.hi, From: p.From, To: p.To, Cells: r.cells[:full:full]}
		sum := r.cum[full]
		if partial {
			a := src.partitionAgg(p, src.colLo[full], done)
			current[i] = heatmapCell(a)
			row.Current = &current[i]
			sum.add(a)
		}
		row.Totals = HeatPartitionSum{ReadUnits: sum.rc, WriteUnits: sum.wc, ReadThrottled: sum.rt, WriteThrottled: sum.wt}
		if all := sum.rc + sum.wc + sum.rt + sum.wt; all > 0 {
			row.Totals.ThrottledPct = 100 * (sum.rt + sum.wt) / all
		}
		m.Rows = append(m.Rows, row)
	}
	t := src.tableCum[full]
	if partial {
		t.add(src.tableAgg(src.colLo[full], done))
	}
	m.Totals = HeatTotals{Requests: t.reqs, Throttled: t.thr, ReadUnits: t.rc, WriteUnits: t.wc,
		ReadThrottled: t.rt, WriteThrottled: t.wt, Partitions: src.res.Totals.PartitionsStart}
	if t.reqs > 0 {
		m.Totals.ThrottledPct = 100 * t.thr / t.reqs
	}
	if t.secs > 0 {
		m.Totals.Partitions = t.parts
	}
	for _, mk := range src.markers {
		if mk.Second < frameEnd {
			m.Markers = append(m.Markers, mk)
		}
	}
	m.Totals.Splits = len(m.Markers)
	return m
}
