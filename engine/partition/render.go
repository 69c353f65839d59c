package partition

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// String renders the layout as plain text: a header, one row per partition
// (hash range, share, throughput, data) and the history with its arithmetic.
func (l *Layout) String() string {
	var b strings.Builder
	unit, wunit := "RCU", "WCU"
	if l.mode == OnDemand {
		unit, wunit = "RRU/s", "WRU/s"
	}
	fmt.Fprintf(&b, "%s %s %s + %s %s, %s, %s of %s\n", l.mode, num(l.rcu), unit, num(l.wcu), wunit,
		plural(len(l.parts), "partition"), gb(float64(l.Bytes())), gb(float64(l.CapacityBytes())))
	fmt.Fprintf(&b, "%4s %4s  %-33s %8s %10s %10s  %s\n", "#", "id", "hash range", "share", unit, wunit, "data")
	for i, p := range l.parts {
		fmt.Fprintf(&b, "%4d %4d  %016x-%016x %7s%% %10s %10s  %s\n", i, p.ID, p.Lo, p.Hi,
			num(p.Share*100), num(p.RCU), num(p.WCU), gb(float64(p.Bytes)))
	}
	b.WriteString("history:\n")
	for i, st := range l.history {
		fmt.Fprintf(&b, "%4d. %s\n", i+1, st.Text)
	}
	return b.String()
}

// levels are the characters of the text charts, from idle to full.
const levels = " .:-=+*#%@"

// RenderOptions tune Result.Render.
type RenderOptions struct {
	// Width is the number of columns of the charts (0: 60).
	Width int
	// Partitions is how many partitions the charts show, the most
	// throttled first (0: 16).
	Partitions int
}

// Render writes a plain-text report of the run: totals, patterns, events,
// and charts of throttling and consumption over time, one row per
// partition. It is what the golden files of the scenario tests hold.
func (r *Result) Render(w io.Writer, o RenderOptions) error {
	if o.Width <= 0 {
		o.Width = 60
	}
	if o.Partitions <= 0 {
		o.Partitions = 16
	}
	var b strings.Builder
	t := r.Totals
	fmt.Fprintf(&b, "%s s in samples of %s s; partitions %d → %d (%d splits, %d heat splits, %d doublings)\n",
		num(float64(r.Seconds)), num(float64(r.Interval)), t.PartitionsStart, t.PartitionsEnd, t.Splits, t.HeatSplits, t.Doublings)
	fmt.Fprintf(&b, "requests %s, throttled %s (%s%%) in %s s\n", num(t.Requests), num(t.Throttled),
		num(100*t.ThrottledFraction()), num(float64(t.ThrottledSeconds)))
	fmt.Fprintf(&b, "read units %s consumed, %s throttled; write units %s consumed, %s throttled\n",
		num(t.ReadUnits), num(t.ReadThrottled), num(t.WriteUnits), num(t.WriteThrottled))
	b.WriteString("patterns:\n")
	for _, p := range r.Patterns {
		fmt.Fprintf(&b, "  %s\n", p.Description)
		fmt.Fprintf(&b, "    requests %s (logical %s), throttled %s (%s%%); hottest key %s at %s units/s",
			num(p.Requests), num(p.Logical), num(p.Throttled), num(100*p.ThrottledFraction()), p.HotKey, num(p.HotKeyUnits))
		if p.HotKeyUnits > p.Ceiling {
			fmt.Fprintf(&b, " > %s: over one partition's ceiling", num(p.Ceiling))
		}
		b.WriteString("\n")
	}
	if len(r.Events) > 0 {
		b.WriteString("events:\n")
		for _, e := range r.Events {
			fmt.Fprintf(&b, "  %6d s  %s\n", e.Second, e.Text)
		}
	}
	cols := min(o.Width, r.Samples)
	if cols > 0 {
		b.WriteString("table (per column: mean over its samples, scaled to the row's maximum):\n")
		row := func(label string, f func(TableSample) float64) {
			vals := make([]float64, len(r.Table))
			for i, s := range r.Table {
				vals[i] = f(s)
			}
			fmt.Fprintf(&b, "  %-18s|%s| max %s\n", label, strip(vals, 0, cols, r.Samples), num(slices.Max(vals)))
		}
		row("partitions", func(s TableSample) float64 { return float64(s.Partitions) })
		row("requests/s", func(s TableSample) float64 { return s.Requests })
		row("throttled/s", func(s TableSample) float64 { return s.Throttled })
		row("read units/s", func(s TableSample) float64 { return s.ReadConsumed })
		row("write units/s", func(s TableSample) float64 { return s.WriteConsumed })

		// Partitions, the most throttled (then the busiest) first.
		type ranked struct {
			i                   int
			throttled, consumed float64
		}
		var rk []ranked
		for i, p := range r.Partitions {
			var th, co float64
			for d, s := range []Series{p.Read, p.Write} {
				scale := 1.0
				if d == dimWrite {
					scale = 3 // a write unit is a third of a partition's ceiling more than a read unit
				}
				for j := range s.Throttled {
					th += s.Throttled[j] * scale
					co += s.Consumed[j] * scale
				}
			}
			rk = append(rk, ranked{i, th, co})
		}
		slices.SortStableFunc(rk, func(a, c ranked) int {
			if n := cmp.Compare(c.throttled, a.throttled); n != 0 {
				return n
			}
			return cmp.Compare(c.consumed, a.consumed)
		})
		shown := rk[:min(len(rk), o.Partitions)]
		slices.SortStableFunc(shown, func(a, c ranked) int { return cmp.Compare(r.Partitions[a.i].ID, r.Partitions[c.i].ID) })
		fmt.Fprintf(&b, "partitions (%d of %d, the most throttled; throttled and consumed as a share of one partition's ceiling, RCU/3,000 + WCU/1,000):\n", len(shown), len(r.Partitions))
		for _, k := range shown {
			p := r.Partitions[k.i]
			th := combine(p.Read.Throttled, p.Write.Throttled)
			co := combine(p.Read.Consumed, p.Write.Consumed)
			fmt.Fprintf(&b, "  %4d throttled   |%s| max %s%%\n", p.ID, stripFixed(th, p.Start, cols, r.Samples, maxOf(th)), num(100*maxOf(th)))
			fmt.Fprintf(&b, "  %4d consumed    |%s| peak %s%% of ceiling, %s s – %s s\n", p.ID,
				stripFixed(co, p.Start, cols, r.Samples, 1), num(100*maxOf(co)), num(float64(p.From)), num(float64(p.To)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// combine expresses reads and writes as a share of one partition's
// ceiling: RCU/3,000 + WCU/1,000.
func combine(r, w []float64) []float64 {
	out := make([]float64, len(r))
	for i := range r {
		out[i] = r[i]/PartitionRCU + w[i]/PartitionWCU
	}
	return out
}

func maxOf(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	return slices.Max(v)
}

// strip draws values (samples from start on) as cols characters scaled to
// their own maximum.
func strip(vals []float64, start, cols, samples int) string {
	return stripFixed(vals, start, cols, samples, maxOf(vals))
}

// stripFixed draws values (samples from start on; blank where the series
// did not exist) as cols characters, each the mean of its samples scaled to
// top: ' ' for zero, then ".:-=+*#%@" up to top.
func stripFixed(vals []float64, start, cols, samples int, top float64) string {
	out := make([]byte, cols)
	for c := range cols {
		lo, hi := c*samples/cols, (c+1)*samples/cols
		var sum float64
		n := 0
		for s := lo; s < hi; s++ {
			if j := s - start; j >= 0 && j < len(vals) {
				sum += vals[j]
				n++
			}
		}
		switch {
		case n == 0:
			out[c] = ' '
		case sum <= 0 || top <= 0:
			out[c] = '_'
		default:
			lv := int(math.Ceil(sum / float64(n) / top * float64(len(levels)-1)))
			out[c] = levels[max(1, min(lv, len(levels)-1))]
		}
	}
	return string(out)
}
