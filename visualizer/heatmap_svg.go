package visualizer

import (
	"fmt"
	"math"
	"strings"
)

// Geometry of the heat map.
const (
	heatmapWidth   = 960.0
	heatmapLabelW  = 56.0  // partition labels, left
	heatmapTotalsW = 170.0 // per-partition totals, right (wide pictures only)
	heatmapTop     = 62.0  // headline and three rows of marker labels above the grid
	heatmapCellH   = 12.0
	heatmapBurstH  = 3.0
	heatmapPitch   = 18.0 // cell, burst strip and a gap
	heatmapBottom  = 54.0 // time axis and legend
)

// Colours of the cells: greens by consumed/allowed, orange above the
// share, red throttled; the burst strip is purple, as opaque as the bank
// is full.
var heatmapGreens = [...]string{"#d9f0d3", "#a6dba0", "#5aae61", "#1b7837"}

const (
	heatmapIdleColor      = "#f0f0f0"
	heatmapOverColor      = "#f1a340"
	heatmapThrottledColor = "#d7191c"
	heatmapBurstColor     = "#6a51a3"
)

// Color is the fill the heat map gives the cell ("" for no partition):
// the UI can use it for an HTML rendering too.
func (c HeatCell) Color() string {
	switch c.State {
	case HeatIdle:
		return heatmapIdleColor
	case HeatOK:
		i := int(math.Ceil(c.Ratio*float64(len(heatmapGreens)))) - 1
		return heatmapGreens[max(0, min(i, len(heatmapGreens)-1))]
	case HeatOver:
		return heatmapOverColor
	case HeatThrottled:
		return heatmapThrottledColor
	}
	return ""
}

// heatmapBurstOpacity quantises a burst fraction to quarters, so that
// neighbouring cells merge into one rectangle (a day's frame draws half as
// many as with tenths, and the eye tells four levels of a thin strip
// apart at best).
func heatmapBurstOpacity(f float64) float64 {
	return math.Round(math.Max(0, math.Min(1, partitionsFinite(f)))*4) / 4
}

// SVG draws the frame: one row per partition (cells coloured by
// consumed/allowed, throttled in red, a burst-balance strip under each),
// dashed markers where the layout split, a time axis and a legend.
func (m *HeatMapModel) SVG() string {
	if m == nil {
		m = &HeatMapModel{}
	}
	h := heatmapHeight(m)
	s := NewSVG(heatmapWidth, h, "heatmap", "Heat map: "+heatmapHeadline(m))
	heatmapDraw(s, m, 0, 0, heatmapWidth)
	return s.String()
}

func heatmapHeight(m *HeatMapModel) float64 {
	return heatmapTop + float64(max(len(m.Rows), 1))*heatmapPitch + heatmapBottom
}

// heatmapHeadline is the frame's one-line summary.
func heatmapHeadline(m *HeatMapModel) string {
	t := m.Totals
	var b strings.Builder
	if m.Label != "" {
		b.WriteString(m.Label + ": ")
	}
	fmt.Fprintf(&b, "%s of %s, %d partitions; %s requests, %s throttled (%s%%)",
		partitionsDuration(m.Until), partitionsDuration(m.Seconds), t.Partitions,
		partitionsNum(math.Round(t.Requests)), partitionsNum(math.Round(t.Throttled)), partitionsNum(t.ThrottledPct))
	return b.String()
}

// heatmapDraw draws the frame into s with its top-left corner at (x0, y0)
// and the given width; the comparison view draws two side by side.
func heatmapDraw(s *SVG, m *HeatMapModel, x0, y0, width float64) {
	totalsW := 0.0
	if width >= 700 {
		totalsW = heatmapTotalsW
	}
	gx := x0 + heatmapLabelW
	gw := math.Max(width-heatmapLabelW-totalsW-8, 10)
	colW := gw / float64(max(m.Columns, 1))
	gy := y0 + heatmapTop
	gh := float64(max(len(m.Rows), 1)) * heatmapPitch

	s.Open("g", A("class", "heatmap-frame"))
	s.Text("text", partitionsClip(heatmapHeadline(m), int(width/6.2)), AN("x", x0+4), AN("y", y0+16),
		A("font-size", "12"), A("font-weight", "bold"), A("class", "headline"))
	s.Empty("rect", AN("x", gx), AN("y", gy), AN("width", gw), AN("height", gh), A("fill", "#fafafa"), A("stroke", "#ddd"))

	for i, r := range m.Rows {
		y := gy + float64(i)*heatmapPitch + 2
		title := fmt.Sprintf("P%d %s–%s, %s to %s: %s read + %s write units consumed, %s throttled (%s%%)",
			r.ID, r.Lo, r.Hi, partitionsDuration(r.From), partitionsDuration(r.To),
			partitionsNum(math.Round(r.Totals.ReadUnits)), partitionsNum(math.Round(r.Totals.WriteUnits)),
			partitionsNum(math.Round(r.Totals.ReadThrottled+r.Totals.WriteThrottled)), partitionsNum(r.Totals.ThrottledPct))
		// A partition with something throttled so far is marked, so that
		// the eye finds it before reading the cells.
		if r.Totals.ReadThrottled+r.Totals.WriteThrottled > 0 {
			s.Open("g", A("class", "row throttled"), A("data-id", fmt.Sprint(r.ID)))
			s.Text("title", title)
			s.Text("text", fmt.Sprintf("▲ P%d", r.ID), AN("x", gx-6), AN("y", y+heatmapCellH-2), A("text-anchor", "end"),
				A("font-size", "10"), A("font-weight", "bold"), A("fill", heatmapThrottledColor))
		} else {
			s.Open("g", A("class", "row"), A("data-id", fmt.Sprint(r.ID)))
			s.Text("title", title)
			s.Text("text", fmt.Sprintf("P%d", r.ID), AN("x", gx-6), AN("y", y+heatmapCellH-2), A("text-anchor", "end"),
				A("font-size", "10"))
		}
		heatmapRuns(s, r.Cells, gx, y, colW)
		if r.Current != nil {
			heatmapRuns(s, []HeatCell{*r.Current}, gx+float64(len(r.Cells))*colW, y, colW)
		}
		if totalsW > 0 {
			s.Text("text", fmt.Sprintf("%s units, %s%% thr.",
				partitionsNum(math.Round(r.Totals.ReadUnits+r.Totals.WriteUnits)), partitionsNum(r.Totals.ThrottledPct)),
				AN("x", gx+gw+8), AN("y", y+heatmapCellH-2), A("font-size", "10"), A("class", "totals"))
		}
		s.Close("g")
	}

	// Split markers, labelled in up to three rows while there is room: a
	// label takes the first row where it does not overlap the previous one.
	var rowEnd [3]float64
	for i := range rowEnd {
		rowEnd[i] = math.Inf(-1)
	}
	right := x0 + width - 4
	for _, mk := range m.Markers {
		x := gx + (float64(mk.Column)+mk.Offset)*colW
		s.Open("g", A("class", "marker"))
		s.Text("title", fmt.Sprintf("%s at %s: %s", mk.Kind, partitionsDuration(mk.Second), mk.Text))
		s.Empty("line", AN("x1", x), AN("y1", gy-4), AN("x2", x), AN("y2", gy+gh), A("stroke", "#333"),
			A("stroke-dasharray", "3 2"), A("stroke-width", "1"))
		label := heatmapMarkerLabel(mk)
		w := float64(len([]rune(label)))*4.6 + 4
		lx, anchor := x+2, "start"
		if lx+w > right {
			lx, anchor = x-2, "end"
		}
		lo := lx
		if anchor == "end" {
			lo = lx - w
		}
		for r := range rowEnd {
			if lo > rowEnd[r] {
				rowEnd[r] = lo + w
				s.Text("text", label, AN("x", lx), AN("y", gy-7-float64(r)*11), A("font-size", "9"), A("text-anchor", anchor))
				break
			}
		}
		s.Close("g")
	}
	// Where the frame has got to.
	if m.Until < m.Seconds && m.Visible > 0 {
		x := gx + float64(m.Visible)*colW
		s.Empty("line", AN("x1", x), AN("y1", gy), AN("x2", x), AN("y2", gy+gh), A("stroke", "#000"), A("stroke-width", "1.5"),
			A("class", "now"))
	}

	// Time axis: five ticks over the whole run.
	ay := gy + gh + 14
	for k := 0; k <= 4 && m.Columns > 0; k++ {
		c := k * m.Columns / 4
		x := gx + float64(c)*colW
		sec := m.Seconds
		if c < len(m.ColumnStart) {
			sec = m.ColumnStart[c]
		}
		anchor := "middle"
		switch k {
		case 0:
			anchor = "start"
		case 4:
			anchor = "end"
		}
		s.Text("text", partitionsDuration(sec), AN("x", x), AN("y", ay), A("text-anchor", anchor), A("font-size", "10"),
			A("class", "axis"))
	}

	// Legend.
	ly := ay + 16
	lx := gx
	legend := []struct{ fill, text string }{
		{heatmapIdleColor, "idle"}, {heatmapGreens[0], "≤25%"}, {heatmapGreens[1], "≤50%"}, {heatmapGreens[2], "≤75%"},
		{heatmapGreens[3], "≤100% of share"}, {heatmapOverColor, "over share (burst, adaptive)"},
		{heatmapThrottledColor, "throttled"}, {heatmapBurstColor, "burst bank"},
	}
	for _, e := range legend {
		s.Empty("rect", AN("x", lx), AN("y", ly-9), AN("width", 10), AN("height", 10), A("fill", e.fill))
		s.Text("text", e.text, AN("x", lx+13), AN("y", ly), A("font-size", "10"))
		lx += 13 + float64(len([]rune(e.text)))*5.6 + 12
		if lx > x0+width-120 {
			lx = gx
			ly += 14
		}
	}
	s.Close("g")
}

// heatmapRuns draws a row's cells and burst strip, merging neighbours of
// the same colour into one rectangle.
func heatmapRuns(s *SVG, cells []HeatCell, x, y, colW float64) {
	for i := 0; i < len(cells); {
		fill := cells[i].Color()
		j := i + 1
		for j < len(cells) && cells[j].Color() == fill {
			j++
		}
		if fill != "" {
			s.Empty("rect", AN("x", x+float64(i)*colW), AN("y", y), AN("width", float64(j-i)*colW), AN("height", heatmapCellH),
				A("fill", fill), A("class", cells[i].State.String()))
		}
		i = j
	}
	for i := 0; i < len(cells); {
		op := heatmapBurstOpacity(cells[i].Burst)
		alive := cells[i].State != HeatNone
		j := i + 1
		for j < len(cells) && (cells[j].State != HeatNone) == alive && heatmapBurstOpacity(cells[j].Burst) == op {
			j++
		}
		if alive && op > 0 {
			s.Empty("rect", AN("x", x+float64(i)*colW), AN("y", y+heatmapCellH+1), AN("width", float64(j-i)*colW),
				AN("height", heatmapBurstH), A("fill", heatmapBurstColor), AN("fill-opacity", op), A("class", "burst"))
		}
		i = j
	}
}

// heatmapMarkerLabel is "split P3 → P7, P8".
func heatmapMarkerLabel(mk HeatMarker) string {
	ids := make([]string, 0, len(mk.NewIDs))
	for i, id := range mk.NewIDs {
		if i == 4 {
			ids = append(ids, fmt.Sprintf("+%d", len(mk.NewIDs)-4))
			break
		}
		ids = append(ids, fmt.Sprintf("P%d", id))
	}
	from := "all"
	if mk.Retired >= 0 {
		from = fmt.Sprintf("P%d", mk.Retired)
	}
	return fmt.Sprintf("%s %s → %s", mk.Kind, from, strings.Join(ids, ", "))
}
