package visualizer

import (
	"fmt"
	"math"
	"strings"
)

// Geometry of the partitions picture.
const (
	// 720 fits the Partitions tab's picture box from 1024 px windows up at
	// its own size, so that its 11 px text stays 11 px (the panel stacks
	// its form under the picture below 1440 px; panel-analysis.css).
	partitionsWidth    = 720.0
	partitionsMargin   = 20.0
	partitionsBandY    = 48.0
	partitionsBandH    = 56.0
	partitionsLineH    = 14.0
	partitionsMaxRects = 256 // more partitions are drawn in groups
	partitionsWrapAt   = 115 // characters per line of arithmetic
	partitionsTitleAt  = 95  // characters per line of the (bold, 13 px) summary
)

// partitionsGroup is what one rectangle of the band stands for: one
// partition, or a run of adjacent ones when there are too many to draw.
type partitionsGroup struct {
	first, last  int // indexes into the model's partitions
	start, width float64
	bytes        int64
	items        int
}

func (m *PartitionsModel) partitionsGroups() []partitionsGroup {
	n := len(m.Partitions)
	per := max(1, (n+partitionsMaxRects-1)/partitionsMaxRects)
	var gs []partitionsGroup
	for i := 0; i < n; i += per {
		g := partitionsGroup{first: i, last: min(n, i+per) - 1, start: m.Partitions[i].Start}
		for _, p := range m.Partitions[g.first : g.last+1] {
			g.width += p.Width
			g.bytes += p.Bytes
			g.items += p.Items
		}
		gs = append(gs, g)
	}
	return gs
}

// SVG draws the keyspace as a band of hash ranges, one rectangle per
// partition as wide as its range and shaded by the loaded data it holds,
// its throughput and data written under it, then the history's arithmetic
// line by line.
func (m *PartitionsModel) SVG() string {
	if m == nil {
		m = partitionsEmpty()
	}
	groups := m.partitionsGroups()
	// The summary wraps rather than being cut: the band moves down by the
	// lines it takes beyond one.
	title := partitionsWrap(m.Summary, partitionsTitleAt)
	if len(title) == 0 {
		title = []string{""}
	}
	bandY := partitionsBandY + float64(len(title)-1)*16
	bandW := partitionsWidth - 2*partitionsMargin
	var most int64
	for _, g := range groups {
		most = max(most, g.bytes)
	}
	// Detail lines under each rectangle: throughput, data, largest
	// collections.
	detailLines := 2
	if m.Mapped {
		detailLines = 3
		for _, p := range m.Partitions {
			detailLines = max(detailLines, 3+len(p.Largest))
		}
	}
	detailsY := bandY + partitionsBandH + 30
	stepsY := detailsY + float64(detailLines)*partitionsLineH + 24
	var steps [][]string
	lines := 0
	for _, st := range m.Steps {
		var ls []string
		for _, c := range st.Lines {
			ls = append(ls, partitionsWrap(c, partitionsWrapAt)...)
		}
		steps = append(steps, ls)
		lines += 1 + len(ls)
	}
	lines += len(m.Notes)
	height := stepsY + 20 + float64(lines)*partitionsLineH + partitionsMargin

	s := NewSVG(partitionsWidth, height, "partitions", "Partitions: "+m.Summary)
	for i, line := range title {
		s.Text("text", line, AN("x", partitionsMargin), AN("y", 24+16*float64(i)), A("class", "summary"),
			A("font-size", "13"), A("font-weight", "bold"))
	}
	s.Text("text", "hash "+partitionsShortHex(0), AN("x", partitionsMargin), AN("y", bandY-6),
		A("class", "axis"), A("font-size", "11"))
	s.Text("text", partitionsShortHex(math.MaxUint64), AN("x", partitionsWidth-partitionsMargin), AN("y", bandY-6),
		A("class", "axis"), A("font-size", "11"), A("text-anchor", "end"))

	for _, g := range groups {
		x := partitionsMargin + g.start*bandW
		w := g.width * bandW
		first, last := m.Partitions[g.first], m.Partitions[g.last]
		label, rng := first.Label, first.RangeText
		title := partitionsTitle(first)
		if g.last > g.first {
			label = fmt.Sprintf("P%d…P%d", first.ID, last.ID)
			rng = partitionsShortHex(partitionsParseHex(first.Lo)) + "–" + partitionsShortHex(partitionsParseHex(last.Hi))
			title = fmt.Sprintf("%d partitions, %s…%s: %s items, %s loaded", g.last-g.first+1, first.Label, last.Label,
				partitionsInt(int64(g.items)), partitionsBytes(g.bytes))
		}
		shade := 0.0
		if most > 0 {
			shade = float64(g.bytes) / float64(most)
		}
		s.Open("g", A("class", "partition"), A("data-id", fmt.Sprint(first.ID)))
		s.Text("title", title)
		s.Empty("rect", AN("x", x), AN("y", bandY), AN("width", math.Max(w, 0.5)), AN("height", partitionsBandH),
			A("fill", partitionsShade(shade)), A("stroke", "#fff"), A("stroke-width", "1"))
		chars := int(w / 6.5)
		if w >= 28 {
			s.Text("text", partitionsClip(label, chars), AN("x", x+w/2), AN("y", bandY+22),
				A("text-anchor", "middle"), A("font-size", "12"), A("font-weight", "bold"), A("fill", partitionsInk(shade)))
		}
		if w >= 80 {
			s.Text("text", rng, AN("x", x+w/2), AN("y", bandY+40), A("text-anchor", "middle"),
				A("font-size", "11"), A("fill", partitionsInk(shade)))
		}
		if w >= 90 && g.first == g.last {
			y := detailsY
			for _, line := range partitionsDetails(first, m.Mapped) {
				s.Text("text", partitionsClip(line, chars), AN("x", x+4), AN("y", y), A("font-size", "11"), A("class", "detail"))
				y += partitionsLineH
			}
		}
		s.Close("g")
	}

	y := stepsY
	s.Text("text", "How the partition count came about", AN("x", partitionsMargin), AN("y", y),
		A("font-size", "12"), A("font-weight", "bold"))
	y += 6
	for i, st := range m.Steps {
		y += partitionsLineH
		s.Text("text", fmt.Sprintf("%d. %s: %d → %s", i+1, st.Kind, st.From, partitionsPlural(st.To, "partition")),
			AN("x", partitionsMargin), AN("y", y), A("font-size", "11"), A("font-weight", "bold"), A("class", "step"))
		for _, line := range steps[i] {
			y += partitionsLineH
			s.Text("text", line, AN("x", partitionsMargin+16), AN("y", y), A("font-size", "11"), A("class", "arithmetic"))
		}
	}
	for _, n := range m.Notes {
		y += partitionsLineH
		s.Text("text", partitionsClip(n, partitionsWrapAt+10), AN("x", partitionsMargin), AN("y", y), A("font-size", "11"),
			A("class", "note"), A("font-style", "italic"))
	}
	return s.String()
}

// partitionsDetails are the lines written under a partition.
func partitionsDetails(p PartitionBand, mapped bool) []string {
	out := []string{partitionsNum(p.RCU) + " RCU + " + partitionsNum(p.WCU) + " WCU"}
	if !mapped {
		return append(out, partitionsBytes(p.ModelBytes)+" modelled")
	}
	loaded := partitionsBytes(p.Bytes) + " loaded"
	if 100*p.Fill >= 0.01 {
		loaded += " (" + partitionsNum(100*p.Fill) + "% of 10 GB)"
	}
	out = append(out, loaded,
		partitionsInt(int64(p.Items))+" items, "+partitionsInt(int64(p.Collections))+" collections")
	for _, c := range p.Largest {
		out = append(out, c.Key+" "+partitionsBytes(c.Bytes))
	}
	return out
}

// partitionsTitle is a partition's tooltip: everything the view knows.
func partitionsTitle(p PartitionBand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (index %d", p.Label, p.Index)
	if p.Parent >= 0 {
		fmt.Fprintf(&b, ", split from P%d", p.Parent)
	}
	fmt.Fprintf(&b, "): hashes %s–%s, %s of the keyspace; %s RCU + %s WCU (%s of the table)",
		p.Lo, p.Hi, partitionsPercent(p.Width), partitionsNum(p.RCU), partitionsNum(p.WCU), partitionsPercent(p.Share))
	fmt.Fprintf(&b, "; %s items in %s collections, %s loaded", partitionsInt(int64(p.Items)), partitionsInt(int64(p.Collections)),
		partitionsBytes(p.Bytes))
	for i, c := range p.Largest {
		if i == 0 {
			b.WriteString("; largest: ")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%s items, %s)", c.Key, partitionsInt(int64(c.Items)), partitionsBytes(c.Bytes))
	}
	return b.String()
}

// partitionsParseHex reads back a partitionsHex string (0 if malformed).
func partitionsParseHex(s string) uint64 {
	var v uint64
	for _, c := range strings.TrimPrefix(s, "0x") {
		var d uint64
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		default:
			return 0
		}
		v = v<<4 | d
	}
	return v
}

// partitionsShade is a blue from pale (no data) to deep (the fullest
// partition), interpolated in RGB.
func partitionsShade(f float64) string {
	f = math.Max(0, math.Min(1, partitionsFinite(f)))
	lo := [3]float64{0xde, 0xeb, 0xf7}
	hi := [3]float64{0x21, 0x71, 0xb5}
	return partitionsRGB(lo, hi, f)
}

// partitionsInk is the text colour that reads on a shade.
func partitionsInk(f float64) string {
	if f > 0.55 {
		return "#fff"
	}
	return "#123"
}

func partitionsRGB(lo, hi [3]float64, f float64) string {
	var c [3]int
	for i := range c {
		c[i] = int(math.Round(lo[i] + (hi[i]-lo[i])*f))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}
