package visualizer

import (
	"fmt"
	"math"
)

// HeatMapComparison sets two runs side by side (A, say sharding off, and
// B, sharding on): their totals and B's differences from A.
type HeatMapComparison struct {
	// A and B are the runs' totals, Delta is B − A.
	A     HeatMapSummary `json:"a"`
	B     HeatMapSummary `json:"b"`
	Delta HeatMapDelta   `json:"delta"`
	// Lines say the differences in words, one per figure.
	Lines []string `json:"lines"`

	// The frames, for the picture.
	fa, fb *HeatMapModel
}

// HeatMapSummary is one run's totals at the compared frame.
type HeatMapSummary struct {
	// Label names the run ("A" or "B" when it has none); Seconds is its
	// length, Until the frame's time.
	Label   string     `json:"label"`
	Seconds int        `json:"seconds"`
	Until   int        `json:"until"`
	Totals  HeatTotals `json:"totals"`
}

// HeatMapDelta is B − A.
type HeatMapDelta struct {
	// Requests and Throttled count table requests.
	Requests  float64 `json:"requests"`
	Throttled float64 `json:"throttled"`
	// ThrottledPct is in percentage points.
	ThrottledPct float64 `json:"throttledPct"`
	// ReadUnits and WriteUnits are consumed units.
	ReadUnits  float64 `json:"readUnits"`
	WriteUnits float64 `json:"writeUnits"`
	// Partitions and Splits are counts at the frame's time.
	Partitions int `json:"partitions"`
	Splits     int `json:"splits"`
}

// CompareHeatMaps compares two frames (usually of two runs at the same
// time, or both whole). Either may be nil (an empty run).
func CompareHeatMaps(a, b *HeatMapModel) *HeatMapComparison {
	if a == nil {
		a = &HeatMapModel{Label: "A"}
	}
	if b == nil {
		b = &HeatMapModel{Label: "B"}
	}
	sum := func(m *HeatMapModel, def string) HeatMapSummary {
		label := m.Label
		if label == "" {
			label = def
		}
		return HeatMapSummary{Label: label, Seconds: m.Seconds, Until: m.Until, Totals: m.Totals}
	}
	c := &HeatMapComparison{A: sum(a, "A"), B: sum(b, "B"), fa: a, fb: b}
	ta, tb := a.Totals, b.Totals
	c.Delta = HeatMapDelta{
		Requests: tb.Requests - ta.Requests, Throttled: tb.Throttled - ta.Throttled,
		ThrottledPct: tb.ThrottledPct - ta.ThrottledPct, ReadUnits: tb.ReadUnits - ta.ReadUnits,
		WriteUnits: tb.WriteUnits - ta.WriteUnits, Partitions: tb.Partitions - ta.Partitions, Splits: tb.Splits - ta.Splits,
	}
	line := func(what string, x, y float64, unit string) string {
		diff := heatmapSigned(y - x)
		if unit == "%" {
			diff += " points"
		}
		return fmt.Sprintf("%s: %s %s%s → %s %s%s (%s)", what, c.A.Label, partitionsNum(x), unit, c.B.Label,
			partitionsNum(y), unit, diff)
	}
	c.Lines = []string{
		line("throttled share", ta.ThrottledPct, tb.ThrottledPct, "%"),
		line("throttled requests", math.Round(ta.Throttled), math.Round(tb.Throttled), ""),
		line("requests", math.Round(ta.Requests), math.Round(tb.Requests), ""),
		line("read units consumed", math.Round(ta.ReadUnits), math.Round(tb.ReadUnits), ""),
		line("write units consumed", math.Round(ta.WriteUnits), math.Round(tb.WriteUnits), ""),
		line("partitions", float64(ta.Partitions), float64(tb.Partitions), ""),
		line("splits", float64(ta.Splits), float64(tb.Splits), ""),
	}
	return c
}

// heatmapSigned writes a difference with its sign: +3, −2.5, ±0.
func heatmapSigned(d float64) string {
	switch {
	case d > 0:
		return "+" + partitionsNum(d)
	case d < 0:
		return "−" + partitionsNum(-d)
	}
	return "±0"
}

// SVG draws the two heat maps side by side under the differences.
func (c *HeatMapComparison) SVG() string {
	if c == nil {
		c = CompareHeatMaps(nil, nil)
	}
	half := heatmapWidth / 2
	top := 20 + float64(len(c.Lines))*14 + 10
	h := top + math.Max(heatmapHeight(c.fa), heatmapHeight(c.fb))
	s := NewSVG(heatmapWidth, h, "heatmap-compare", fmt.Sprintf("%s vs %s: %s", c.A.Label, c.B.Label, c.Lines[0]))
	y := 18.0
	for i, l := range c.Lines {
		attrs := []Attr{AN("x", 8), AN("y", y), A("font-size", "11")}
		if i == 0 {
			attrs = append(attrs, A("font-weight", "bold"))
		}
		s.Text("text", partitionsClip(l, 160), attrs...)
		y += 14
	}
	heatmapDraw(s, c.fa, 0, top, half-4)
	heatmapDraw(s, c.fb, half+4, top, half-4)
	return s.String()
}
