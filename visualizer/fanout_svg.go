package visualizer

import (
	"fmt"
	"math"
)

// Geometry of the fan-out picture: four columns, client → shard queries →
// partitions → merge, then the cost comparison.
const (
	fanoutWidth     = 960.0
	fanoutTop       = 40.0
	fanoutPitch     = 18.0 // one shard row
	fanoutMaxRows   = 40   // more shards are drawn grouped by partition
	fanoutClientX   = 20.0
	fanoutClientW   = 110.0
	fanoutShardX    = 190.0
	fanoutShardW    = 270.0
	fanoutPartX     = 540.0
	fanoutPartW     = 180.0
	fanoutPartH     = 46.0
	fanoutMergeX    = 790.0
	fanoutMergeW    = 150.0
	fanoutMaxParts  = 32 // more partitions: only those with shards are drawn
	fanoutLineH     = 14.0
	fanoutBarsH     = 64.0
	fanoutWrapChars = 165
)

// fanoutRow is one row of the shard column: a shard, or a partition's
// group of shards when there are too many to list.
type fanoutRow struct {
	text, title string
	part        int // index into the drawn partitions, -1 if unplaced
}

// SVG draws the shard queries fanning out from the client to the
// partitions their keys hash to, the partitions feeding the merge, and
// the cost of the scatter-gather read against the single-key read.
func (m *FanOutModel) SVG() string {
	if m == nil {
		m = &FanOutModel{}
	}
	// Partitions to draw.
	var drawn []int
	for i, p := range m.Partitions {
		if len(m.Partitions) <= fanoutMaxParts || len(p.Shards) > 0 {
			drawn = append(drawn, i)
		}
	}
	slot := map[int]int{}
	for k, i := range drawn {
		slot[i] = k
	}
	var rows []fanoutRow
	if len(m.Shards) <= fanoutMaxRows {
		for _, s := range m.Shards {
			r := fanoutRow{text: fmt.Sprintf("%s · %s · %s RCU", partitionsClip(s.Key, 22), partitionsPlural(s.Items, "item"), partitionsNum(s.Units)),
				title: fmt.Sprintf("%s = %s: key %s, hash %s, partition P%d; %d items, %s B, %s RCU",
					m.Parameter, s.Value, s.Key, s.Hash, s.PartitionID, s.Items, partitionsInt(int64(s.Bytes)), partitionsNum(s.Units)),
				part: -1}
			if k, ok := slot[s.Partition]; ok {
				r.part = k
			}
			rows = append(rows, r)
		}
	} else {
		for k, i := range drawn {
			p := m.Partitions[i]
			if len(p.Shards) == 0 {
				continue
			}
			rows = append(rows, fanoutRow{
				text:  fmt.Sprintf("%s · %s · %s RCU", partitionsPlural(len(p.Shards), "shard query"), partitionsPlural(p.Items, "item"), partitionsNum(p.Units)),
				title: fmt.Sprintf("%d of the %d shard keys hash into P%d (%s–%s)", len(p.Shards), m.N, p.ID, p.Lo, p.Hi),
				part:  k,
			})
		}
	}
	rowsH := float64(max(len(rows), 1)) * fanoutPitch
	partsH := float64(max(len(drawn), 1)) * (fanoutPartH + 8)
	diagramH := math.Max(rowsH, partsH)
	var lines []string
	for _, l := range m.Lines {
		lines = append(lines, partitionsWrap(l, fanoutWrapChars)...)
	}
	height := fanoutTop + diagramH + 24 + fanoutBarsH + float64(len(lines))*fanoutLineH + 20

	title := fmt.Sprintf("Fan-out of %s: %d shard queries, %s RCU, against %s RCU for one key", m.Pattern, m.N,
		partitionsNum(m.Scatter.Units), partitionsNum(m.Single.Units))
	s := NewSVG(fanoutWidth, height, "fanout", title)
	s.Text("text", partitionsClip(fmt.Sprintf("%s — %s on %s (%s), %s", m.Pattern, m.Operation, fanoutWhere(m.Table, m.Index), m.Consistency, m.Layout), 150),
		AN("x", 20), AN("y", 22), A("font-size", "13"), A("font-weight", "bold"))

	mid := fanoutTop + diagramH/2
	rowY := func(i int) float64 { return fanoutTop + (diagramH-rowsH)/2 + float64(i)*fanoutPitch + fanoutPitch/2 }
	partY := func(k int) float64 { return fanoutTop + (diagramH-partsH)/2 + float64(k)*(fanoutPartH+8) + 4 }

	// Lines first, so the boxes cover their ends.
	s.Open("g", A("class", "edges"), A("stroke", "#7a8ca3"), A("fill", "none"), A("stroke-width", "1"))
	for i, r := range rows {
		y := rowY(i)
		s.Empty("path", A("d", fmt.Sprintf("M%s %s C%s %s %s %s %s %s", Num(fanoutClientX+fanoutClientW), Num(mid),
			Num(fanoutShardX-30), Num(mid), Num(fanoutShardX-30), Num(y), Num(fanoutShardX), Num(y))))
		if r.part >= 0 {
			py := partY(r.part) + fanoutPartH/2
			s.Empty("path", A("d", fmt.Sprintf("M%s %s C%s %s %s %s %s %s", Num(fanoutShardX+fanoutShardW), Num(y),
				Num(fanoutPartX-30), Num(y), Num(fanoutPartX-30), Num(py), Num(fanoutPartX), Num(py))))
		}
	}
	for k := range drawn {
		if len(m.Partitions[drawn[k]].Shards) == 0 {
			continue
		}
		py := partY(k) + fanoutPartH/2
		s.Empty("path", A("d", fmt.Sprintf("M%s %s C%s %s %s %s %s %s", Num(fanoutPartX+fanoutPartW), Num(py),
			Num(fanoutMergeX-30), Num(py), Num(fanoutMergeX-30), Num(mid), Num(fanoutMergeX), Num(mid))))
	}
	s.Close("g")

	// Client.
	s.Empty("rect", AN("x", fanoutClientX), AN("y", mid-22), AN("width", fanoutClientW), AN("height", 44), AN("rx", 6),
		A("fill", "#eef3f8"), A("stroke", "#345"), A("class", "client"))
	s.Text("text", "client", AN("x", fanoutClientX+fanoutClientW/2), AN("y", mid-4), A("text-anchor", "middle"), A("font-size", "12"),
		A("font-weight", "bold"))
	s.Text("text", fmt.Sprintf("%d × %s", m.N, m.Operation), AN("x", fanoutClientX+fanoutClientW/2), AN("y", mid+12),
		A("text-anchor", "middle"), A("font-size", "10"))

	// Shard queries.
	for i, r := range rows {
		y := rowY(i)
		s.Open("g", A("class", "shard"))
		s.Text("title", r.title)
		s.Empty("rect", AN("x", fanoutShardX), AN("y", y-fanoutPitch/2+2), AN("width", fanoutShardW), AN("height", fanoutPitch-4),
			AN("rx", 3), A("fill", "#fff"), A("stroke", "#9ab"))
		s.Text("text", r.text, AN("x", fanoutShardX+6), AN("y", y+4), A("font-size", "10"))
		s.Close("g")
	}

	// Partitions.
	for k, i := range drawn {
		p := m.Partitions[i]
		y := partY(k)
		fill := "#f5f5f5"
		if len(p.Shards) > 0 {
			fill = "#dbe9f6"
		}
		s.Open("g", A("class", "partition"), A("data-id", fmt.Sprint(p.ID)))
		s.Text("title", fmt.Sprintf("P%d: hashes %s–%s; %d shard queries, %d items, %s RCU", p.ID, p.Lo, p.Hi,
			len(p.Shards), p.Items, partitionsNum(p.Units)))
		s.Empty("rect", AN("x", fanoutPartX), AN("y", y), AN("width", fanoutPartW), AN("height", fanoutPartH), AN("rx", 4),
			A("fill", fill), A("stroke", "#2171b5"))
		s.Text("text", fmt.Sprintf("P%d %s–%s", p.ID, partitionsShortHex(partitionsParseHex(p.Lo)), partitionsShortHex(partitionsParseHex(p.Hi))),
			AN("x", fanoutPartX+6), AN("y", y+16), A("font-size", "11"), A("font-weight", "bold"))
		s.Text("text", fmt.Sprintf("%s · %s · %s RCU", partitionsPlural(len(p.Shards), "shard"), partitionsPlural(p.Items, "item"), partitionsNum(p.Units)),
			AN("x", fanoutPartX+6), AN("y", y+34), A("font-size", "10"))
		s.Close("g")
	}

	// Merge.
	s.Empty("rect", AN("x", fanoutMergeX), AN("y", mid-30), AN("width", fanoutMergeW), AN("height", 60), AN("rx", 6),
		A("fill", "#eaf5ea"), A("stroke", "#1b7837"), A("class", "merge"))
	s.Text("text", "merge", AN("x", fanoutMergeX+fanoutMergeW/2), AN("y", mid-12), A("text-anchor", "middle"), A("font-size", "12"),
		A("font-weight", "bold"))
	s.Text("text", fmt.Sprintf("%s items, %s", partitionsInt(int64(m.Merged.Items)), partitionsBytes(int64(m.Merged.Bytes))),
		AN("x", fanoutMergeX+fanoutMergeW/2), AN("y", mid+4), A("text-anchor", "middle"), A("font-size", "10"))
	s.Text("text", fmt.Sprintf("%s RCU, %d requests", partitionsNum(m.Scatter.Units), m.Scatter.Requests),
		AN("x", fanoutMergeX+fanoutMergeW/2), AN("y", mid+18), A("text-anchor", "middle"), A("font-size", "10"))

	// Cost bars: scatter-gather against the single-key read.
	y := fanoutTop + diagramH + 24
	top := math.Max(m.Scatter.Units, m.Single.Units)
	barW := fanoutWidth - 260 - 40
	for i, b := range []struct {
		label string
		c     FanOutCost
		fill  string
	}{
		{"scatter-gather", m.Scatter, "#d95f02"},
		{"single key", m.Single, "#1b9e77"},
	} {
		by := y + float64(i)*28
		w := 0.0
		if top > 0 {
			w = math.Max(1, b.c.Units/top*barW)
		}
		s.Text("text", b.label, AN("x", 20), AN("y", by+13), A("font-size", "11"), A("font-weight", "bold"))
		s.Empty("rect", AN("x", 130), AN("y", by), AN("width", w), AN("height", 18), A("fill", b.fill), A("class", "cost"))
		s.Text("text", fmt.Sprintf("%s RCU · %d request(s)", partitionsNum(b.c.Units), b.c.Requests),
			AN("x", 130+w+6), AN("y", by+13), A("font-size", "11"))
	}
	y += fanoutBarsH
	for _, l := range lines {
		s.Text("text", l, AN("x", 20), AN("y", y), A("font-size", "11"), A("class", "arithmetic"))
		y += fanoutLineH
	}
	return s.String()
}
