package partition

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// SetThroughput changes a provisioned table's throughput (UpdateTable).
// Raising it beyond what the partitions carry (ceil(RCU/3,000 + WCU/1,000)
// more than the partitions, or, inferred, any partition's share over its
// 3,000 RCU / 1,000 WCU ceiling) doubles the partitions, as often as needed;
// lowering it never merges them. Every partition keeps its share of the
// table's throughput.
func (l *Layout) SetThroughput(rcu, wcu float64) (Step, error) {
	if l.mode != Provisioned {
		return Step{}, invalidf("an on-demand table has no provisioned throughput: switch it to provisioned first")
	}
	if err := checkThroughput(rcu, wcu); err != nil {
		return Step{}, err
	}
	return l.setThroughput(rcu, wcu, ""), nil
}

// checkPartitions bounds the partitions a throughput needs.
func checkPartitions(rcu, wcu float64) error {
	if n := (rcu + 3*wcu) / PartitionRCU; n > MaxPartitions {
		return invalidf("%s RCU + %s WCU needs %s partitions: the model stops at %s", num(rcu), num(wcu), num(math.Ceil(n)), num(MaxPartitions))
	}
	return nil
}

func (l *Layout) setThroughput(rcu, wcu float64, prefix string) Step {
	from := len(l.parts)
	oldR, oldW := l.rcu, l.wcu
	l.rcu, l.wcu = rcu, wcu
	l.hiR, l.hiW = max(l.hiR, rcu), max(l.hiW, wcu)
	l.rescale()
	kind := StepRaise
	verb := "raise"
	if rcu <= oldR && wcu <= oldW {
		kind, verb = StepLower, "lower"
	}
	var text strings.Builder
	text.WriteString(prefix)
	fmt.Fprintf(&text, "%s %s RCU + %s WCU to %s RCU + %s WCU: %s", verb, num(oldR), num(oldW), num(rcu), num(wcu), formulaText(rcu, wcu))
	need := throughputPartitions(rcu, wcu)
	doublings := l.doubleFor(func() bool { return need > len(l.parts) || l.overCeiling() })
	switch {
	case doublings > 0:
		fmt.Fprintf(&text, " > %s: double", plural(from, "partition"))
		if doublings == 1 {
			fmt.Fprintf(&text, " to %d", len(l.parts))
		} else {
			fmt.Fprintf(&text, " %d times: %d", doublings, from)
			for n, i := from, 0; i < doublings; i++ {
				n *= 2
				fmt.Fprintf(&text, " → %d", n)
			}
		}
	case kind == StepLower:
		fmt.Fprintf(&text, "; partitions never merge: the table keeps %s", plural(from, "partition"))
	default:
		fmt.Fprintf(&text, " ≤ %s: no split", plural(from, "partition"))
	}
	fmt.Fprintf(&text, "; %s", l.sharesText())
	return l.record(kind, from, -1, text.String())
}

// doubleFor splits every partition in two while more reports true, and
// returns how many times it did.
func (l *Layout) doubleFor(more func() bool) int {
	n := 0
	for more() && 2*len(l.parts) <= MaxPartitions {
		next := make([]Partition, 0, 2*len(l.parts))
		for _, p := range l.parts {
			a, b := l.children(p, p.Lo+(p.Hi-p.Lo)/2)
			next = append(next, a, b)
		}
		l.parts = next
		n++
	}
	return n
}

// overCeiling reports whether any partition's share of the table's
// throughput exceeds what one partition serves: RCU/3,000 + WCU/1,000 > 1.
func (l *Layout) overCeiling() bool {
	for _, p := range l.parts {
		if (p.RCU+3*p.WCU)/PartitionRCU > 1+1e-9 {
			return true
		}
	}
	return false
}

// children splits p at hash at (p.Lo ≤ at < p.Hi) into two new partitions,
// each with half of p's share; data goes by range.
func (l *Layout) children(p Partition, at uint64) (Partition, Partition) {
	a := Partition{ID: l.nextID, Parent: p.ID, Lo: p.Lo, Hi: at, Share: p.Share / 2}
	b := Partition{ID: l.nextID + 1, Parent: p.ID, Lo: at + 1, Hi: p.Hi, Share: p.Share / 2}
	l.nextID += 2
	a.RCU, a.WCU = l.rcu*a.Share, l.wcu*a.Share
	b.RCU, b.WCU = l.rcu*b.Share, l.wcu*b.Share
	if p.Bytes > 0 {
		fa := a.RangeFraction() / p.RangeFraction()
		a.Bytes = int64(math.Round(float64(p.Bytes) * fa))
		if p.Hi-p.Lo > 0 && at == p.Lo+(p.Hi-p.Lo)/2 {
			a.Bytes = (p.Bytes + 1) / 2 // a halving split divides the data evenly
		}
		b.Bytes = p.Bytes - a.Bytes
	}
	return a, b
}

// rescale sets every partition's RCU and WCU from its share.
func (l *Layout) rescale() {
	for i := range l.parts {
		l.parts[i].RCU = l.rcu * l.parts[i].Share
		l.parts[i].WCU = l.wcu * l.parts[i].Share
	}
}

// spread adds bytes across the partitions by the fraction of the hash space
// each owns (uniformly distributed keys), without splitting.
func (l *Layout) spread(bytes int64) {
	if bytes <= 0 {
		return
	}
	var given int64
	for i := range l.parts {
		var b int64
		if i == len(l.parts)-1 {
			b = bytes - given
		} else {
			b = int64(math.Round(float64(bytes) * l.parts[i].RangeFraction()))
			b = min(b, bytes-given)
		}
		l.parts[i].Bytes += b
		given += b
	}
}

// AddData adds bytes spread over the partitions by their share of the hash
// space (uniformly distributed keys); every partition that then holds more
// than 10 GB splits in two, as often as needed. It returns the steps: one
// for the growth, one per split.
func (l *Layout) AddData(bytes int64) ([]Step, error) {
	if bytes < 0 || l.Bytes()+bytes > MaxPartitions*PartitionBytes || l.Bytes()+bytes < 0 {
		return nil, invalidf("data %d bytes: not negative, at most %d partitions of 10 GB in all", bytes, MaxPartitions)
	}
	from := len(l.parts)
	l.spread(bytes)
	steps := []Step{l.record(StepGrowData, from, -1, fmt.Sprintf("add %s evenly: %s in %s, %s capacity (%d × 10 GB)",
		gb(float64(bytes)), gb(float64(l.Bytes())), plural(from, "partition"), gb(float64(l.CapacityBytes())), from))}
	return append(steps, l.splitFull()...), nil
}

// AddDataTo adds bytes to partition i (in hash order), which splits if it
// then holds more than 10 GB.
func (l *Layout) AddDataTo(i int, bytes int64) ([]Step, error) {
	if i < 0 || i >= len(l.parts) {
		return nil, invalidf("partition index %d of %d", i, len(l.parts))
	}
	if bytes < 0 || l.Bytes()+bytes > MaxPartitions*PartitionBytes || l.Bytes()+bytes < 0 {
		return nil, invalidf("data %d bytes: not negative, at most %d partitions of 10 GB in all", bytes, MaxPartitions)
	}
	from := len(l.parts)
	l.parts[i].Bytes += bytes
	p := l.parts[i]
	steps := []Step{l.record(StepGrowData, from, -1, fmt.Sprintf("add %s to partition %d: it holds %s of 10 GB",
		gb(float64(bytes)), p.ID, gb(float64(p.Bytes))))}
	return append(steps, l.splitFull()...), nil
}

// AddDataAt adds bytes to the partition owning hash (an item written with
// that partition-key hash).
func (l *Layout) AddDataAt(hash uint64, bytes int64) ([]Step, error) {
	return l.AddDataTo(l.Locate(hash), bytes)
}

// splitFull splits every partition over 10 GB until none is.
func (l *Layout) splitFull() []Step {
	steps, _ := l.splitFullN(-1)
	return steps
}

// splitFullN is splitFull doing at most n splits (n < 0: no limit); it
// reports whether it stopped at n with a full partition left. Each split
// costs work in proportion to the partitions, so a simulation bounds them.
func (l *Layout) splitFullN(n int) ([]Step, bool) {
	var steps []Step
	for i := 0; i < len(l.parts); {
		if l.parts[i].Bytes > PartitionBytes && l.parts[i].Hi > l.parts[i].Lo && len(l.parts) < MaxPartitions {
			if n >= 0 && len(steps) >= n {
				return steps, true
			}
			steps = append(steps, l.sizeSplit(i))
			continue // look at the first child again
		}
		i++
	}
	return steps, false
}

// sizeSplit splits partition i in two halves of its range, its data and its
// share (the guide's split: allocate P1 and P2, move half the data to each,
// give each half the throughput, deallocate P).
func (l *Layout) sizeSplit(i int) Step {
	p := l.parts[i]
	from := len(l.parts)
	a, b := l.children(p, p.Lo+(p.Hi-p.Lo)/2)
	l.parts = slices.Replace(l.parts, i, i+1, a, b)
	text := fmt.Sprintf("partition %d holds %s > 10 GB: splits into %d and %d, each %s / 2 = %s and %s / 2 = %s RCU + %s / 2 = %s WCU; "+
		"%s, capacity %d × 10 GB = %s",
		p.ID, gb(float64(p.Bytes)), a.ID, b.ID, paren(gb(float64(p.Bytes))), gb(float64(a.Bytes)),
		num(p.RCU), num(a.RCU), num(p.WCU), num(a.WCU),
		plural(len(l.parts), "partition"), len(l.parts), gb(float64(l.CapacityBytes())))
	text += "; " + l.sharesText()
	return l.record(StepSplit, from, p.ID, text)
}

// HeatSplit splits partition i at hash at (its Lo ≤ at < its Hi) so that the
// keys on either side land on different partitions: split for heat. Each
// child gets half the parent's share of the throughput (inferred, as for a
// size split) and its data by range. It fails for a table with a local
// secondary index, which DynamoDB never splits for heat.
func (l *Layout) HeatSplit(i int, at uint64, why string) (Step, error) {
	if l.hasLSI {
		return Step{}, invalidf("a table with a local secondary index is never split for heat")
	}
	if i < 0 || i >= len(l.parts) {
		return Step{}, invalidf("partition index %d of %d", i, len(l.parts))
	}
	p := l.parts[i]
	if at < p.Lo || at >= p.Hi {
		return Step{}, invalidf("split point %#x outside partition %d's range [%#x, %#x)", at, p.ID, p.Lo, p.Hi)
	}
	if len(l.parts) >= MaxPartitions {
		return Step{}, invalidf("the model stops at %d partitions", MaxPartitions)
	}
	from := len(l.parts)
	a, b := l.children(p, at)
	l.parts = slices.Replace(l.parts, i, i+1, a, b)
	text := fmt.Sprintf("partition %d runs hot", p.ID)
	if why != "" {
		text += " (" + why + ")"
	}
	text += fmt.Sprintf(": splits for heat at %#016x into %d and %d, each %s / 2 = %s RCU + %s / 2 = %s WCU; %s",
		at, a.ID, b.ID, num(p.RCU), num(a.RCU), num(p.WCU), num(a.WCU), plural(len(l.parts), "partition"))
	return l.record(StepHeatSplit, from, p.ID, text), nil
}

// ObservePeak tells an on-demand table the throughput it served in one
// second (read and write units). A new peak lets it serve twice that at
// once (documented); if the partitions cannot carry twice the peak, that is
// ceil(max(2 × peak RRU / 3,000, 2 × peak WRU / 1,000)) exceeds their count,
// they double (inferred from the provisioned rule). It reports whether the
// peak rose, and returns the step (kept in the history).
func (l *Layout) ObservePeak(rrus, wrus float64) (Step, bool) {
	return l.observePeak(rrus, wrus, false)
}

// observePeak is ObservePeak; quiet keeps a rise that needs no new
// partitions out of the history (the simulator sees a new peak most seconds
// of a ramp).
func (l *Layout) observePeak(rrus, wrus float64, quiet bool) (Step, bool) {
	if l.mode != OnDemand || (rrus <= l.peakR && wrus <= l.peakW) {
		return Step{}, false
	}
	from := len(l.parts)
	l.peakR, l.peakW = max(l.peakR, rrus), max(l.peakW, wrus)
	l.rcu, l.wcu = 2*l.peakR, 2*l.peakW
	l.rescale()
	need := max(int(math.Ceil(l.rcu/PartitionRCU)), int(math.Ceil(l.wcu/PartitionWCU)))
	doublings := l.doubleFor(func() bool { return need > len(l.parts) || l.overDimension() })
	var text strings.Builder
	fmt.Fprintf(&text, "new peak %s RRU/s + %s WRU/s: the table serves 2 × peak = %s RRU/s + %s WRU/s at once; "+
		"ceil(max(%s / 3,000, %s / 1,000)) = %s",
		num(l.peakR), num(l.peakW), num(l.rcu), num(l.wcu), num(l.rcu), num(l.wcu), plural(need, "partition"))
	if doublings > 0 {
		fmt.Fprintf(&text, " > %d: double to %d", from, len(l.parts))
	} else {
		fmt.Fprintf(&text, " ≤ %d: no split", from)
	}
	fmt.Fprintf(&text, "; %s", l.sharesText())
	st := Step{Kind: StepPeak, From: from, Partitions: len(l.parts), RCU: l.rcu, WCU: l.wcu, Split: -1, Text: text.String()}
	if doublings > 0 || !quiet {
		l.history = append(l.history, st)
	}
	return st, true
}

// overDimension reports whether any on-demand partition's share exceeds a
// partition's read or write ceiling on its own.
func (l *Layout) overDimension() bool {
	for _, p := range l.parts {
		if p.RCU > PartitionRCU*(1+1e-9) || p.WCU > PartitionWCU*(1+1e-9) {
			return true
		}
	}
	return false
}

// SwitchToOnDemand switches a provisioned table to on demand. Its
// partitions stay; its previous peak becomes half the highest throughput it
// was ever provisioned with, or the new-table default if that is more, so
// twice the previous peak covers what it was provisioned for (KC article;
// capacity-and-partitions.md §3).
func (l *Layout) SwitchToOnDemand() (Step, error) {
	if l.mode == OnDemand {
		return Step{}, invalidf("the table is already on demand")
	}
	from := len(l.parts)
	l.mode = OnDemand
	l.peakR = max(l.hiR/2, OnDemandRRU/2)
	l.peakW = max(l.hiW/2, OnDemandWRU/2)
	l.rcu, l.wcu = 2*l.peakR, 2*l.peakW
	l.rescale()
	l.doubleFor(l.overDimension)
	text := fmt.Sprintf("switch to on demand: previous peak = max(highest provisioned / 2, new-table default) = max(%s / 2, %s) RRU + max(%s / 2, %s) WRU = %s + %s; "+
		"the table serves 2 × peak = %s RRU/s + %s WRU/s at once; partitions stay; %s",
		num(l.hiR), num(OnDemandRRU/2), num(l.hiW), num(OnDemandWRU/2), num(l.peakR), num(l.peakW), num(l.rcu), num(l.wcu), l.sharesText())
	return l.record(StepSwitch, from, -1, text), nil
}

// SwitchToProvisioned switches an on-demand table to provisioned
// throughput: partitions stay, and double if they cannot carry it.
func (l *Layout) SwitchToProvisioned(rcu, wcu float64) (Step, error) {
	if l.mode == Provisioned {
		return Step{}, invalidf("the table is already provisioned")
	}
	if err := checkThroughput(rcu, wcu); err != nil {
		return Step{}, err
	}
	l.mode = Provisioned
	l.peakR, l.peakW = 0, 0
	st := l.setThroughput(rcu, wcu, "switch to provisioned: ")
	l.history[len(l.history)-1].Kind = StepSwitch
	st.Kind = StepSwitch
	return st, nil
}
