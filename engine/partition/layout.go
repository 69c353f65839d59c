package partition

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// Sizes and ceilings of one partition, and the shape of a new on-demand
// table. The per-partition figures are documented (guide, "Partitions and
// data distribution" and "Understand partition behavior", Dec 2017; KC
// "on-demand table throttling"); the on-demand partition count is inferred
// from the documented warm throughput (capacity-and-partitions.md §3, §4).
const (
	// GB is the gigabyte of the 10 GB partition limit: 2^30 bytes
	// (inferred; the guide says only "about 10 GB").
	GB = 1 << 30

	// PartitionRCU is the most read units one partition serves per second.
	PartitionRCU = 3000
	// PartitionWCU is the most write units one partition serves per second.
	PartitionWCU = 1000
	// PartitionBytes is what one partition holds before it splits.
	PartitionBytes = 10 * GB

	// OnDemandRRU and OnDemandWRU are what a new on-demand table serves at
	// once: its default warm throughput (documented).
	OnDemandRRU = 12000
	OnDemandWRU = 4000
	// OnDemandPartitions is the partition count of a new on-demand table:
	// 12,000 / 3,000 = 4,000 / 1,000 = 4 (inferred).
	OnDemandPartitions = 4

	// MaxPartitions bounds a layout (the model's limit, not DynamoDB's):
	// 65,536 partitions carry 196 million RCU or 65 million WCU, far above
	// the default table quota of 40,000 of each, or hold 640 TB. Doublings
	// and splits stop there.
	MaxPartitions = 1 << 16
)

// Mode is a table's capacity mode.
type Mode int

// Capacity modes.
const (
	// Provisioned tables have a fixed RCU/WCU throughput, shared among
	// their partitions.
	Provisioned Mode = iota
	// OnDemand tables serve up to twice their previous peak at once.
	OnDemand
)

// String names the mode as DynamoDB's BillingMode does.
func (m Mode) String() string {
	switch m {
	case Provisioned:
		return "PROVISIONED"
	case OnDemand:
		return "PAY_PER_REQUEST"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// MarshalText encodes the mode as its BillingMode name.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText accepts PROVISIONED or PAY_PER_REQUEST (and ON_DEMAND).
func (m *Mode) UnmarshalText(b []byte) error {
	switch strings.ToUpper(string(b)) {
	case "PROVISIONED", "":
		*m = Provisioned
	case "PAY_PER_REQUEST", "ON_DEMAND", "ONDEMAND":
		*m = OnDemand
	default:
		return fmt.Errorf("partition: unknown capacity mode %q", b)
	}
	return nil
}

// Partition is one partition of a layout: the hash range it owns, its share
// of the table's throughput and the data it holds.
type Partition struct {
	// ID names the partition for its lifetime. A split retires the parent
	// and makes two children with new IDs, as the guide describes (allocate
	// P1 and P2, deallocate P).
	ID int `json:"id"`
	// Parent is the ID of the partition this one was split from, or -1.
	Parent int `json:"parent"`
	// Lo and Hi bound the partition-key hashes it owns, both inclusive.
	Lo uint64 `json:"lo"`
	Hi uint64 `json:"hi"`
	// Share is its fraction of the table's throughput: 1/n when the table is
	// made, halved at every split.
	Share float64 `json:"share"`
	// RCU and WCU are Share × the table's throughput: provisioned, or on
	// demand what the table serves at once (twice the previous peak).
	RCU float64 `json:"rcu"`
	WCU float64 `json:"wcu"`
	// Bytes is the data it holds.
	Bytes int64 `json:"bytes"`
}

// RangeFraction is the part of the 64-bit hash space the partition owns.
func (p Partition) RangeFraction() float64 {
	return (float64(p.Hi-p.Lo) + 1) / (1 << 64)
}

// StepKind says what changed a layout.
type StepKind int

// Kinds of steps.
const (
	StepCreate    StepKind = iota // the table is created
	StepRaise                     // provisioned throughput raised (may double the partitions)
	StepLower                     // provisioned throughput lowered (never merges)
	StepGrowData                  // data added
	StepSplit                     // a partition over 10 GB split in two
	StepHeatSplit                 // a partition running hot split so its hot keys separate
	StepPeak                      // an on-demand table reached a new peak (may double the partitions)
	StepSwitch                    // the capacity mode changed
)

var stepNames = [...]string{"create", "raise", "lower", "grow", "split", "heat-split", "peak", "switch"}

// String names the kind.
func (k StepKind) String() string {
	if int(k) >= 0 && int(k) < len(stepNames) {
		return stepNames[k]
	}
	return fmt.Sprintf("StepKind(%d)", int(k))
}

// MarshalText encodes the kind by name.
func (k StepKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a kind's name.
func (k *StepKind) UnmarshalText(b []byte) error {
	if i := slices.Index(stepNames[:], string(b)); i >= 0 {
		*k = StepKind(i)
		return nil
	}
	return fmt.Errorf("partition: unknown step kind %q", b)
}

// Step is one change to a layout, with the arithmetic behind it as text a UI
// can show.
type Step struct {
	Kind StepKind `json:"kind"`
	// From and Partitions are the partition counts before and after.
	From       int `json:"from"`
	Partitions int `json:"partitions"`
	// RCU and WCU are the table's throughput after the step (on demand:
	// what it serves at once).
	RCU float64 `json:"rcu"`
	WCU float64 `json:"wcu"`
	// Split is the ID of the partition a split step retired, else -1.
	Split int `json:"split"`
	// Text is the arithmetic, e.g. "ceil(1,000 RCU / 3,000 + 500 WCU /
	// 1,000) = ceil(0.8333) = 1 partition".
	Text string `json:"text"`
}

// Spec describes a table for New.
type Spec struct {
	Mode Mode `json:"mode"`
	// RCU and WCU are the provisioned throughput (ignored on demand).
	RCU float64 `json:"rcu,omitempty"`
	WCU float64 `json:"wcu,omitempty"`
	// SizeGB is the data the table starts with, spread evenly.
	SizeGB float64 `json:"sizeGB,omitempty"`
	// HasLSI marks a table with a local secondary index: DynamoDB never
	// splits such a table for heat.
	HasLSI bool `json:"hasLSI,omitempty"`
}

// Layout is a table's partitions: the 64-bit partition-key hash space cut
// into contiguous ranges, each owned by one partition with its share of the
// table's throughput and its data, and the history of steps that made it.
// The zero value is not usable; make one with New, NewProvisioned or
// NewOnDemand. A Layout is not safe for concurrent use.
type Layout struct {
	mode     Mode
	rcu, wcu float64 // provisioned throughput; on demand, what the table serves at once
	hiR, hiW float64 // the highest provisioned throughput ever (for a switch to on demand)
	peakR    float64 // on demand: the previous peak, units per second
	peakW    float64
	hasLSI   bool
	parts    []Partition // ordered by Lo; together they cover the hash space
	nextID   int
	history  []Step
}

// ErrInvalid is wrapped by every error about invalid arguments.
var ErrInvalid = errors.New("partition: invalid")

func invalidf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

// New makes the layout of a new table. A provisioned table gets
// ceil(RCU/3,000 + WCU/1,000) partitions (the guide's formula), and at least
// ceil(size / 10 GB) for the data it starts with (inferred); an on-demand
// table gets 4 (inferred from its 12,000 RRU / 4,000 WRU warm throughput),
// or more for its data.
func New(s Spec) (*Layout, error) {
	if s.SizeGB < 0 || math.IsNaN(s.SizeGB) || math.IsInf(s.SizeGB, 0) {
		return nil, invalidf("table size %v GB", s.SizeGB)
	}
	l := &Layout{mode: s.Mode, hasLSI: s.HasLSI}
	bytes := int64(math.Round(s.SizeGB * GB))
	var text strings.Builder
	var n int
	switch s.Mode {
	case Provisioned:
		if err := checkThroughput(s.RCU, s.WCU); err != nil {
			return nil, err
		}
		l.rcu, l.wcu, l.hiR, l.hiW = s.RCU, s.WCU, s.RCU, s.WCU
		n = throughputPartitions(s.RCU, s.WCU)
		fmt.Fprintf(&text, "create: %s", formulaText(s.RCU, s.WCU))
	case OnDemand:
		l.peakR, l.peakW = OnDemandRRU/2, OnDemandWRU/2
		l.rcu, l.wcu = OnDemandRRU, OnDemandWRU
		n = OnDemandPartitions
		fmt.Fprintf(&text, "create on demand: a new table serves %s RRU/s and %s WRU/s at once (its warm throughput), "+
			"so %s RRU / %s = %s WRU / %s = %d partitions; previous peak taken as half that, %s RRU + %s WRU",
			num(OnDemandRRU), num(OnDemandWRU), num(OnDemandRRU), num(PartitionRCU), num(OnDemandWRU), num(PartitionWCU),
			n, num(l.peakR), num(l.peakW))
	default:
		return nil, invalidf("capacity mode %d", int(s.Mode))
	}
	if bytes > 0 {
		if bytes > MaxPartitions*PartitionBytes {
			return nil, invalidf("table size %v GB: at most %d partitions of 10 GB", s.SizeGB, MaxPartitions)
		}
		bySize := sizePartitions(bytes)
		fmt.Fprintf(&text, "; data %s / 10 GB = ceil(%s) = %s", gb(float64(bytes)), ratio(float64(bytes)/PartitionBytes), plural(bySize, "partition"))
		if bySize > n {
			fmt.Fprintf(&text, "; max(%d, %d) = %d", n, bySize, bySize)
			n = bySize
		}
	}
	l.parts = evenRanges(n)
	for i := range l.parts {
		l.parts[i].ID = i
		l.parts[i].Parent = -1
		l.parts[i].Share = 1 / float64(n)
	}
	l.nextID = n
	l.rescale()
	l.spread(bytes)
	fmt.Fprintf(&text, "; %s", l.sharesText())
	l.record(StepCreate, n, -1, text.String())
	return l, nil
}

// NewProvisioned makes a provisioned table's layout; it panics if the
// throughput is invalid (use New to get an error instead).
func NewProvisioned(rcu, wcu float64) *Layout {
	l, err := New(Spec{Mode: Provisioned, RCU: rcu, WCU: wcu})
	if err != nil {
		panic(err)
	}
	return l
}

// NewOnDemand makes a new on-demand table's layout.
func NewOnDemand() *Layout {
	l, err := New(Spec{Mode: OnDemand})
	if err != nil {
		panic(err)
	}
	return l
}

// checkThroughput accepts any finite, non-negative throughput with reads or
// writes above zero. DynamoDB itself wants at least 1 of each; the model
// also takes 0, so that the guide's write-only examples (11,000 WCU → 11
// partitions) can be reproduced: with 1 RCU the formula gives
// ceil(11.0003) = 12.
func checkThroughput(rcu, wcu float64) error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"RCU", rcu}, {"WCU", wcu}} {
		if !(v.x >= 0) || math.IsInf(v.x, 0) {
			return invalidf("provisioned %s %v: must be a finite number, at least 0", v.name, v.x)
		}
	}
	if rcu == 0 && wcu == 0 {
		return invalidf("provisioned throughput 0 RCU + 0 WCU: reads or writes must be above 0")
	}
	return checkPartitions(rcu, wcu)
}

// throughputPartitions is the guide's formula: ceil(RCU/3,000 + WCU/1,000),
// at least 1. It is computed as ceil((RCU + 3 WCU) / 3,000), one division,
// so that whole figures give exact results.
func throughputPartitions(rcu, wcu float64) int {
	return max(1, int(math.Ceil((rcu+3*wcu)/PartitionRCU)))
}

// sizePartitions is ceil(bytes / 10 GB), at least 1.
func sizePartitions(bytes int64) int {
	return max(1, int((bytes+PartitionBytes-1)/PartitionBytes))
}

// formulaText shows the partition formula for a throughput.
func formulaText(rcu, wcu float64) string {
	q := (rcu + 3*wcu) / PartitionRCU
	return fmt.Sprintf("ceil(%s RCU / 3,000 + %s WCU / 1,000) = ceil(%s + %s) = ceil(%s) = %s",
		num(rcu), num(wcu), ratio(rcu/PartitionRCU), ratio(wcu/PartitionWCU), ratio(q), plural(throughputPartitions(rcu, wcu), "partition"))
}

// evenRanges cuts the hash space into n contiguous ranges: range i starts
// at floor(i × 2^64 / n).
func evenRanges(n int) []Partition {
	parts := make([]Partition, n)
	for i := range parts {
		if i > 0 {
			lo, _ := bits.Div64(uint64(i), 0, uint64(n))
			parts[i].Lo = lo
			parts[i-1].Hi = lo - 1
		}
	}
	parts[n-1].Hi = math.MaxUint64
	return parts
}

// Mode is the table's capacity mode.
func (l *Layout) Mode() Mode { return l.mode }

// RCU is the table's read throughput: provisioned, or on demand what it
// serves at once (twice the previous peak).
func (l *Layout) RCU() float64 { return l.rcu }

// WCU is the table's write throughput, like RCU.
func (l *Layout) WCU() float64 { return l.wcu }

// Peak is an on-demand table's previous peak (read and write units per
// second); zero for a provisioned table.
func (l *Layout) Peak() (rrus, wrus float64) {
	if l.mode != OnDemand {
		return 0, 0
	}
	return l.peakR, l.peakW
}

// HasLSI reports whether the table has a local secondary index.
func (l *Layout) HasLSI() bool { return l.hasLSI }

// Len is the number of partitions.
func (l *Layout) Len() int { return len(l.parts) }

// Partition returns partition i (in hash order).
func (l *Layout) Partition(i int) Partition { return l.parts[i] }

// Partitions returns a copy of the partitions, in hash order.
func (l *Layout) Partitions() []Partition { return slices.Clone(l.parts) }

// History returns a copy of the steps that made the layout, oldest first.
func (l *Layout) History() []Step { return slices.Clone(l.history) }

// Bytes is the data the table holds.
func (l *Layout) Bytes() int64 {
	var sum int64
	for _, p := range l.parts {
		sum += p.Bytes
	}
	return sum
}

// CapacityBytes is what the partitions hold together before one must
// split: partitions × 10 GB (8 partitions → 80 GB).
func (l *Layout) CapacityBytes() int64 { return int64(len(l.parts)) * PartitionBytes }

// Locate returns the index (in hash order) of the partition that owns hash.
func (l *Layout) Locate(hash uint64) int {
	return locate(l.parts, hash)
}

func locate(parts []Partition, hash uint64) int {
	lo, hi := 0, len(parts)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if parts[mid].Lo <= hash {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// Clone returns an independent copy of the layout and its history.
func (l *Layout) Clone() *Layout {
	c := *l
	c.parts = slices.Clone(l.parts)
	c.history = slices.Clone(l.history)
	return &c
}

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

func (l *Layout) record(kind StepKind, from, split int, text string) Step {
	st := Step{Kind: kind, From: from, Partitions: len(l.parts), RCU: l.rcu, WCU: l.wcu, Split: split, Text: text}
	l.history = append(l.history, st)
	return st
}

// sharesText describes the partitions' shares: "each 1,250 RCU + 500 WCU
// (5,000 / 4, 2,000 / 4)" when they are equal, else the groups in hash
// order of first appearance: "3 × 1,250 RCU + 500 WCU, 2 × 625 RCU + 250 WCU".
func (l *Layout) sharesText() string {
	unit := "RCU"
	wunit := "WCU"
	if l.mode == OnDemand {
		unit, wunit = "RRU/s", "WRU/s"
	}
	type group struct {
		share float64
		n     int
	}
	var groups []group
	for _, p := range l.parts {
		found := false
		for gi := range groups {
			if groups[gi].share == p.Share {
				groups[gi].n++
				found = true
				break
			}
		}
		if !found {
			groups = append(groups, group{p.Share, 1})
		}
	}
	if len(groups) == 1 {
		n := len(l.parts)
		return fmt.Sprintf("each %s / %d = %s %s + %s / %d = %s %s", num(l.rcu), n, num(l.rcu/float64(n)), unit, num(l.wcu), n, num(l.wcu/float64(n)), wunit)
	}
	slices.SortStableFunc(groups, func(a, b group) int { return cmp.Compare(b.share, a.share) })
	var parts []string
	for _, g := range groups {
		parts = append(parts, fmt.Sprintf("%d × %s %s + %s %s", g.n, num(l.rcu*g.share), unit, num(l.wcu*g.share), wunit))
	}
	return strings.Join(parts, ", ")
}

// layoutJSON is the layout's JSON form.
type layoutJSON struct {
	Mode          Mode        `json:"mode"`
	RCU           float64     `json:"rcu"`
	WCU           float64     `json:"wcu"`
	PeakRRU       float64     `json:"peakRRU,omitempty"`
	PeakWRU       float64     `json:"peakWRU,omitempty"`
	HasLSI        bool        `json:"hasLSI,omitempty"`
	Bytes         int64       `json:"bytes"`
	CapacityBytes int64       `json:"capacityBytes"`
	Partitions    []Partition `json:"partitions"`
	History       []Step      `json:"history"`
}

// MarshalJSON encodes the layout: mode, throughput, partitions and history.
func (l *Layout) MarshalJSON() ([]byte, error) {
	r, w := l.Peak()
	return json.Marshal(layoutJSON{
		Mode: l.mode, RCU: l.rcu, WCU: l.wcu, PeakRRU: r, PeakWRU: w, HasLSI: l.hasLSI,
		Bytes: l.Bytes(), CapacityBytes: l.CapacityBytes(), Partitions: l.parts, History: l.history,
	})
}
