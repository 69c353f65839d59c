package visualizer

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// Geometry of the cost chart.
const (
	costWidth   = 960.0
	costLabelW  = 230.0 // pattern names, left
	costValueW  = 130.0 // dollar figures, right of the longest bar
	costTop     = 56.0
	costBarH    = 11.0
	costPitch   = 34.0 // two bars and a gap
	costBottom  = 70.0
	costOnColor = "#2b8cbe" // on demand
	costPrColor = "#e6550d" // provisioned
)

// costDollars formats dollars a month: $16,425.00, and small sums with
// enough digits to tell them from zero ($0.0033).
func costDollars(x float64) string {
	x = partitionsFinite(x)
	if x != 0 && math.Abs(x) < 0.01 {
		s := strconv.FormatFloat(math.Abs(x), 'g', 2, 64)
		if strings.ContainsAny(s, "e") {
			s = strconv.FormatFloat(math.Abs(x), 'f', 8, 64)
			s = strings.TrimRight(s, "0")
		}
		if x < 0 {
			return "-$" + s
		}
		return "$" + s
	}
	cents := math.Round(math.Abs(x) * 100)
	out := fmt.Sprintf("$%s.%02d", partitionsDecimals(math.Floor(cents/100), 0), int64(math.Mod(cents, 100)))
	if x < 0 {
		out = "-" + out
	}
	return out
}

// SVG draws a horizontal bar chart of each access pattern's monthly cost,
// on demand against provisioned (one scale for all, so the bars compare),
// with the totals and storage written underneath.
func (m *CostModel) SVG() string {
	if m == nil {
		m = Cost(nil)
	}
	n := len(m.Patterns)
	height := costTop + float64(max(n, 1))*costPitch + costBottom
	title := fmt.Sprintf("Monthly cost per access pattern of %s: %s on demand, %s provisioned", m.Model,
		costDollars(m.Totals.OnDemand), costDollars(m.Totals.Provisioned))
	s := NewSVG(costWidth, height, "cost", title)
	s.Text("text", partitionsClip(fmt.Sprintf("%s — monthly cost per access pattern (%s prices as of %s)", m.Model, m.Region, m.AsOf), 150),
		AN("x", 20), AN("y", 22), A("font-size", "13"), A("font-weight", "bold"))
	// Legend.
	for i, e := range []struct{ fill, text string }{{costOnColor, "on demand"}, {costPrColor, "provisioned"}} {
		x := 20 + float64(i)*120
		s.Empty("rect", AN("x", x), AN("y", 32), AN("width", 10), AN("height", 10), A("fill", e.fill))
		s.Text("text", e.text, AN("x", x+14), AN("y", 41), A("font-size", "11"))
	}
	top := 0.0
	for _, p := range m.Patterns {
		top = math.Max(top, math.Max(p.OnDemand, p.Provisioned))
	}
	barMax := costWidth - costLabelW - costValueW - 20
	x0 := costLabelW
	for i, p := range m.Patterns {
		y := costTop + float64(i)*costPitch
		s.Open("g", A("class", "pattern"), A("data-name", p.Name))
		tt := fmt.Sprintf("%s: %s %s per call at %s calls/s; %s on demand, %s provisioned a month", p.Name,
			partitionsNum(p.Units), p.Unit, partitionsNum(p.Rate), costDollars(p.OnDemand), costDollars(p.Provisioned))
		if p.Error != "" {
			tt += "; not measured: " + p.Error
		}
		if len(p.Warnings) > 0 {
			tt += fmt.Sprintf("; %d warning(s)", len(p.Warnings))
		}
		s.Text("title", tt)
		label := partitionsClip(p.Name, 34)
		if len(p.Warnings) > 0 {
			label = "⚠ " + partitionsClip(p.Name, 32)
		}
		s.Text("text", label, AN("x", x0-8), AN("y", y+costBarH), A("text-anchor", "end"), A("font-size", "11"),
			A("font-weight", "bold"))
		sub := fmt.Sprintf("%s %s × %s/s", partitionsNum(p.Units), p.Unit, partitionsNum(p.Rate))
		if p.WriteAmplification > 1 {
			sub += fmt.Sprintf(", GSI writes ×%s", partitionsNum(p.WriteAmplification))
		}
		s.Text("text", sub,
			AN("x", x0-8), AN("y", y+2*costBarH+3), A("text-anchor", "end"), A("font-size", "9"), A("fill", "#555"))
		for j, b := range []struct {
			v    float64
			fill string
		}{{p.OnDemand, costOnColor}, {p.Provisioned, costPrColor}} {
			by := y + float64(j)*(costBarH+2)
			w := 0.0
			if top > 0 && b.v > 0 {
				w = math.Max(1, b.v/top*barMax)
			}
			s.Empty("rect", AN("x", x0), AN("y", by), AN("width", w), AN("height", costBarH), A("fill", b.fill))
			s.Text("text", costDollars(b.v), AN("x", x0+w+4), AN("y", by+costBarH-2), A("font-size", "10"))
		}
		s.Close("g")
	}
	y := costTop + float64(max(n, 1))*costPitch + 10
	s.Empty("line", AN("x1", x0), AN("y1", costTop-4), AN("x2", x0), AN("y2", y-10), A("stroke", "#999"))
	s.Text("text", fmt.Sprintf("total with storage: %s on demand, %s provisioned a month — %s cheaper",
		costDollars(m.Totals.OnDemand), costDollars(m.Totals.Provisioned), costCheaper(m.Totals.Cheaper)),
		AN("x", 20), AN("y", y+8), A("font-size", "12"), A("font-weight", "bold"))
	s.Text("text", partitionsClip(fmt.Sprintf("storage %s: %s a month (%s)", partitionsBytes(int64(math.Round(m.Totals.StorageGB*partition.GB))),
		costDollars(m.Totals.Storage), m.Totals.StorageText), 160), AN("x", 20), AN("y", y+26), A("font-size", "11"))
	warns := len(m.Warnings)
	s.Text("text", partitionsClip(fmt.Sprintf("%d warning(s); %s", warns, m.Dataset), 160), AN("x", 20), AN("y", y+44),
		A("font-size", "11"), A("fill", "#555"))
	return s.String()
}

func costCheaper(c string) string {
	switch c {
	case "on-demand":
		return "on demand is"
	case "provisioned":
		return "provisioned is"
	case "equal":
		return "neither is"
	}
	return "neither is"
}
