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

// Count is the number of partitions New(s) would make, without building
// the layout (so a read can be charged its per-partition minimum cheaply).
// An invalid spec counts as one partition.
func Count(s Spec) int {
	n := 1
	switch s.Mode {
	case Provisioned:
		if checkThroughput(s.RCU, s.WCU) == nil {
			n = throughputPartitions(s.RCU, s.WCU)
		}
	case OnDemand:
		n = OnDemandPartitions
	}
	if s.SizeGB > 0 && !math.IsInf(s.SizeGB, 0) {
		n = max(n, sizePartitions(int64(math.Round(s.SizeGB*GB))))
	}
	return min(n, MaxPartitions)
}

// RangeIndex is the index, among n even ranges of the hash space (a new
// layout's, evenRanges), of the one holding hash h.
func RangeIndex(h uint64, n int) int {
	if n <= 1 {
		return 0
	}
	i, _ := bits.Mul64(h, uint64(n)) // floor(h × n / 2^64), within one of the answer
	for i+1 < uint64(n) {
		lo, _ := bits.Div64(i+1, 0, uint64(n))
		if h < lo {
			break
		}
		i++
	}
	return int(i)
}
