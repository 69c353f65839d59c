package visualizer

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// PartitionsModel is the partitions view of one table: its keyspace cut
// into hash ranges, what the loaded data puts in each, and the seed-003
// arithmetic that gave the partition count, step by step. It is built from
// engine.PartitionView (PartitionsView) or from a what-if on it
// (PartitionsWhatIf); the arithmetic is the partition package's own
// (Layout.History), never re-derived here.
type PartitionsModel struct {
	// Mode is PROVISIONED or PAY_PER_REQUEST.
	Mode string `json:"mode"`
	// RCU and WCU are the table's throughput: provisioned, or on demand
	// what it serves at once (twice the previous peak).
	RCU float64 `json:"rcu"`
	WCU float64 `json:"wcu"`
	// PeakRRU and PeakWRU are an on-demand table's previous peak.
	PeakRRU float64 `json:"peakRRU,omitempty"`
	PeakWRU float64 `json:"peakWRU,omitempty"`
	// Count is the number of partitions.
	Count int `json:"count"`
	// ModelBytes is the data the layout models (the table's size spread
	// evenly, plus what a what-if added); CapacityBytes is Count × 10 GB.
	ModelBytes    int64 `json:"modelBytes"`
	CapacityBytes int64 `json:"capacityBytes"`
	// Loaded* sum the loaded data over the partitions.
	LoadedItems       int   `json:"loadedItems"`
	LoadedBytes       int64 `json:"loadedBytes"`
	LoadedCollections int   `json:"loadedCollections"`
	// Mapped reports whether the loaded data is mapped onto the partitions
	// (a what-if without a snapshot cannot place it).
	Mapped bool `json:"mapped"`
	// Summary is a one-line description of the layout.
	Summary string `json:"summary"`
	// Partitions are in hash order.
	Partitions []PartitionBand `json:"partitions"`
	// Steps is the layout's history, oldest first, each with its arithmetic.
	Steps []PartitionsStep `json:"steps"`
	// Rules are the seed-003 rules the steps apply, for a legend.
	Rules []string `json:"rules"`
	// Notes say what a what-if could not change (data never shrinks the
	// partition count, for example).
	Notes []string `json:"notes,omitempty"`
}

// PartitionBand is one partition: its place in the keyspace, its share of
// the throughput and what the loaded data puts in it.
type PartitionBand struct {
	// Index is its place in hash order; ID names it for its lifetime;
	// Parent is the partition it was split from, or -1.
	Index  int `json:"index"`
	ID     int `json:"id"`
	Parent int `json:"parent"`
	// Lo and Hi bound its partition-key hashes (inclusive), in hex.
	Lo string `json:"lo"`
	Hi string `json:"hi"`
	// Start and Width place it in the keyspace as fractions of 2^64: the
	// band's rectangle is Width wide.
	Start float64 `json:"start"`
	Width float64 `json:"width"`
	// Share is its fraction of the table's throughput; RCU and WCU are
	// that share of it.
	Share float64 `json:"share"`
	RCU   float64 `json:"rcu"`
	WCU   float64 `json:"wcu"`
	// ModelBytes is the data the layout gives it.
	ModelBytes int64 `json:"modelBytes"`
	// Items, Bytes and Collections are the loaded data it holds, Fill that
	// as a fraction of 10 GB, Largest its largest item collections.
	Items       int                    `json:"items"`
	Bytes       int64                  `json:"bytes"`
	Collections int                    `json:"collections"`
	Fill        float64                `json:"fill"`
	Largest     []PartitionsCollection `json:"largest"`
	// Label and RangeText are what the picture writes on it.
	Label     string `json:"label"`
	RangeText string `json:"rangeText"`
}

// PartitionsCollection is one item collection of the loaded data.
type PartitionsCollection struct {
	// Key is the partition-key value as the engine prints it; Items and
	// Bytes its size.
	Key   string `json:"key"`
	Items int    `json:"items"`
	Bytes int64  `json:"bytes"`
}

// PartitionsStep is one step of the layout's history.
type PartitionsStep struct {
	// Kind is create, raise, lower, grow, split, heat-split, peak or switch.
	Kind string `json:"kind"`
	// From and To are the partition counts before and after.
	From int     `json:"from"`
	To   int     `json:"to"`
	RCU  float64 `json:"rcu"`
	WCU  float64 `json:"wcu"`
	// Text is the step's arithmetic as the partition package wrote it;
	// Lines is the same cut at its clauses, one line each.
	Text  string   `json:"text"`
	Lines []string `json:"lines"`
}

// partitionsTop is how many largest collections a what-if keeps per
// partition when the view it starts from shows none.
const partitionsTop = 3

// PartitionsView builds the partitions view of a table from the engine's
// mapping of its loaded data onto its modelled partitions
// (Database.Partitions). A nil view gives an empty model.
func PartitionsView(pv *engine.PartitionView) *PartitionsModel {
	if pv == nil || pv.Layout == nil {
		return partitionsEmpty()
	}
	return partitionsBuild(pv.Layout, pv.Partitions, true)
}

func partitionsEmpty() *PartitionsModel {
	return &PartitionsModel{Partitions: []PartitionBand{}, Steps: []PartitionsStep{}, Rules: PartitionsRules()}
}

// PartitionsInput is what a user may change in the partitions view's
// what-if: the capacity mode, the provisioned throughput, the table's data
// size and, on demand, a peak the table served.
type PartitionsInput struct {
	// Mode is the capacity mode to switch to (or keep).
	Mode partition.Mode `json:"mode"`
	// RCU and WCU are the provisioned throughput (ignored on demand).
	RCU float64 `json:"rcu"`
	WCU float64 `json:"wcu"`
	// SizeGB is the table's data, in GB of 2^30 bytes.
	SizeGB float64 `json:"sizeGB"`
	// PeakRRU and PeakWRU, on demand, are units one second served; 0 for
	// none.
	PeakRRU float64 `json:"peakRRU,omitempty"`
	PeakWRU float64 `json:"peakWRU,omitempty"`
}

// PartitionsInputOf returns the current values of a view's inputs, for the
// UI to prefill its controls with.
func PartitionsInputOf(pv *engine.PartitionView) PartitionsInput {
	if pv == nil || pv.Layout == nil {
		return PartitionsInput{}
	}
	l := pv.Layout
	in := PartitionsInput{Mode: l.Mode(), SizeGB: float64(l.Bytes()) / partition.GB}
	if l.Mode() == partition.Provisioned {
		in.RCU, in.WCU = l.RCU(), l.WCU()
	}
	return in
}

// PartitionsWhatIf shows what the table's partitions would become if the
// user changed its inputs: starting from the table's current layout, it
// switches the mode, sets the throughput (raising it past what the
// partitions carry doubles them; lowering never merges), records an
// on-demand peak and adds data (a partition over 10 GB splits), all
// through the partition package, and maps the loaded data of ts (the
// table's snapshot; nil leaves it unmapped) onto the result. The history
// then holds the new steps with their arithmetic.
func PartitionsWhatIf(pv *engine.PartitionView, ts *engine.TableSnapshot, in PartitionsInput) (*PartitionsModel, error) {
	var cols []partition.Collection
	mapped := false
	if ts != nil {
		cols, mapped = partitionsCollectionsOf(ts)
	}
	return partitionsWhatIf(pv, cols, mapped, ts != nil, in)
}

var errNoPartitionView = errors.New("partitions what-if: no partition view")

// partitionsWhatIf applies the what-if in to pv's layout and maps the
// collections onto the result (when mapped; loaded says there was a
// snapshot to map at all).
func partitionsWhatIf(pv *engine.PartitionView, cols []partition.Collection, mapped, loaded bool, in PartitionsInput) (*PartitionsModel, error) {
	if pv == nil || pv.Layout == nil {
		return nil, errNoPartitionView
	}
	for _, v := range []float64{in.RCU, in.WCU, in.SizeGB, in.PeakRRU, in.PeakWRU} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return nil, fmt.Errorf("partitions what-if: %v is not a finite number of at least 0", v)
		}
	}
	l := pv.Layout.Clone()
	var notes []string
	switch {
	case in.Mode == l.Mode():
		if in.Mode == partition.Provisioned && (in.RCU != l.RCU() || in.WCU != l.WCU()) {
			if _, err := l.SetThroughput(in.RCU, in.WCU); err != nil {
				return nil, fmt.Errorf("partitions what-if: %w", err)
			}
		}
	case in.Mode == partition.OnDemand:
		if _, err := l.SwitchToOnDemand(); err != nil {
			return nil, fmt.Errorf("partitions what-if: %w", err)
		}
	case in.Mode == partition.Provisioned:
		if _, err := l.SwitchToProvisioned(in.RCU, in.WCU); err != nil {
			return nil, fmt.Errorf("partitions what-if: %w", err)
		}
	default:
		return nil, fmt.Errorf("partitions what-if: unknown capacity mode %d", int(in.Mode))
	}
	if in.PeakRRU > 0 || in.PeakWRU > 0 {
		if l.Mode() != partition.OnDemand {
			notes = append(notes, "a peak only changes an on-demand table: ignored")
		} else if _, err := l.Apply(partition.Operation{Op: "peak", RCU: in.PeakRRU, WCU: in.PeakWRU}); err != nil {
			return nil, fmt.Errorf("partitions what-if: %w", err)
		}
	}
	want := int64(math.Round(in.SizeGB * partition.GB))
	if in.SizeGB*partition.GB > float64(partition.MaxPartitions)*partition.PartitionBytes {
		return nil, fmt.Errorf("partitions what-if: %s GB is more than the model's %s partitions of 10 GB hold",
			partitionsNum(in.SizeGB), partitionsInt(partition.MaxPartitions))
	}
	switch have := l.Bytes(); {
	case want > have:
		if _, err := l.AddData(want - have); err != nil {
			return nil, fmt.Errorf("partitions what-if: %w", err)
		}
	case want < have:
		notes = append(notes, fmt.Sprintf("data %s < %s: deleting data never merges partitions, the table keeps %d",
			partitionsBytes(want), partitionsBytes(have), l.Len()))
	}
	var occ []partition.Occupancy
	if loaded {
		// Keep as many largest collections as the view did (its top is
		// not recorded: the longest list is the best guess).
		top := 0
		for _, o := range pv.Partitions {
			top = max(top, len(o.Largest))
		}
		if top == 0 {
			top = partitionsTop
		}
		if mapped {
			occ = l.Occupancy(cols, top)
		} else {
			notes = append(notes, "the snapshot's key schema is unknown: the loaded data is not mapped")
		}
	}
	m := partitionsBuild(l, occ, mapped)
	m.Notes = notes
	return m, nil
}

// partitionsCollectionsOf gathers the item collections of a table
// snapshot as the engine stores them: items are in partition-hash order, so
// one collection is a run of items with the same partition-key values.
func partitionsCollectionsOf(ts *engine.TableSnapshot) ([]partition.Collection, bool) {
	if ts.Description == nil {
		return nil, false
	}
	var hashAttrs []string
	for _, k := range ts.Description.KeySchema {
		if k.KeyType == schema.KeyTypeHash {
			hashAttrs = append(hashAttrs, k.AttributeName)
		}
	}
	if len(hashAttrs) == 0 {
		return nil, false
	}
	var cols []partition.Collection
	vals := make([]attr.Value, len(hashAttrs))
	var prev []attr.Value
	ts.Items(func(it attr.Item) bool {
		for i, a := range hashAttrs {
			if vals[i] = it[a]; vals[i] == nil {
				return true // not stored by this key schema: nothing to place
			}
		}
		same := prev != nil
		for i := range vals {
			if same && !attr.Equal(vals[i], prev[i]) {
				same = false
			}
		}
		if !same {
			cols = append(cols, partition.Collection{Key: attr.FormatForMessage(vals[0]), Hash: partition.HashKey(vals...)})
			prev = append(prev[:0], vals...)
		}
		c := &cols[len(cols)-1]
		c.Items++
		c.Bytes += int64(attr.ItemSize(it))
		return true
	})
	return cols, true
}

// partitionsBuild turns a layout and its occupancy (in hash order, or nil)
// into the view model.
func partitionsBuild(l *partition.Layout, occ []partition.Occupancy, mapped bool) *PartitionsModel {
	m := &PartitionsModel{
		Mode: l.Mode().String(), RCU: l.RCU(), WCU: l.WCU(), Count: l.Len(),
		ModelBytes: l.Bytes(), CapacityBytes: l.CapacityBytes(), Mapped: mapped && len(occ) == l.Len(),
		Partitions: make([]PartitionBand, 0, l.Len()), Rules: PartitionsRules(),
	}
	m.PeakRRU, m.PeakWRU = l.Peak()
	for i, p := range l.Partitions() {
		b := PartitionBand{
			Index: i, ID: p.ID, Parent: p.Parent, Lo: partitionsHex(p.Lo), Hi: partitionsHex(p.Hi),
			Start: float64(p.Lo) / (1 << 64), Width: p.RangeFraction(), Share: p.Share, RCU: p.RCU, WCU: p.WCU,
			ModelBytes: p.Bytes, Largest: []PartitionsCollection{},
			Label:     fmt.Sprintf("P%d", p.ID),
			RangeText: partitionsShortHex(p.Lo) + "–" + partitionsShortHex(p.Hi),
		}
		if m.Mapped {
			o := occ[i]
			b.Items, b.Bytes, b.Collections, b.Fill = o.Items, o.Bytes, o.Collections, o.Fill
			for _, c := range o.Largest {
				b.Largest = append(b.Largest, PartitionsCollection{Key: partitionsKeyText(c.Key), Items: c.Items, Bytes: c.Bytes})
			}
			m.LoadedItems += o.Items
			m.LoadedBytes += o.Bytes
			m.LoadedCollections += o.Collections
		}
		m.Partitions = append(m.Partitions, b)
	}
	for _, st := range l.History() {
		m.Steps = append(m.Steps, PartitionsStep{
			Kind: st.Kind.String(), From: st.From, To: st.Partitions, RCU: st.RCU, WCU: st.WCU,
			Text: st.Text, Lines: partitionsClauses(st.Text),
		})
	}
	if m.Steps == nil {
		m.Steps = []PartitionsStep{}
	}
	unit, wunit := "RCU", "WCU"
	if l.Mode() == partition.OnDemand {
		unit, wunit = "RRU/s", "WRU/s"
	}
	m.Summary = fmt.Sprintf("%s %s %s + %s %s: %s, %s modelled of %s",
		m.Mode, partitionsNum(m.RCU), unit, partitionsNum(m.WCU), wunit, partitionsPlural(m.Count, "partition"),
		partitionsBytes(m.ModelBytes), partitionsBytes(m.CapacityBytes))
	if m.Mapped {
		m.Summary += fmt.Sprintf("; loaded %s items in %s collections, %s",
			partitionsInt(int64(m.LoadedItems)), partitionsInt(int64(m.LoadedCollections)), partitionsBytes(m.LoadedBytes))
	}
	return m
}

// partitionsClauses cuts a step's arithmetic at its "; " separators: the
// partition package writes one clause per rule applied.
func partitionsClauses(text string) []string {
	var out []string
	for _, c := range strings.Split(text, "; ") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// partitionsPlural counts: "1 partition", "4 partitions", "2 shard
// queries".
func partitionsPlural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return partitionsInt(int64(n)) + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return partitionsInt(int64(n)) + " " + word + "s"
}

// PartitionsRules are the rules of the partition model (seed 003 and the
// shared reference), in the words the view shows next to the steps.
func PartitionsRules() []string {
	return []string{
		fmt.Sprintf("throughput: a provisioned table needs ceil(RCU / %s + WCU / %s) partitions — one partition serves at most %s RCU and %s WCU",
			partitionsNum(partition.PartitionRCU), partitionsNum(partition.PartitionWCU),
			partitionsNum(partition.PartitionRCU), partitionsNum(partition.PartitionWCU)),
		"size: data needs ceil(GB / 10) partitions — one partition holds about 10 GB; the table gets the larger of the two counts",
		"raising throughput beyond what the partitions carry doubles them, as often as needed",
		"a partition over 10 GB splits in two: its hash range, data and throughput halve; the others are unaffected",
		"partitions split, never merge: lowering throughput or deleting data keeps them",
		fmt.Sprintf("on demand: a new table starts with %d partitions serving %s RRU or %s WRU at once; it serves up to twice its previous peak, and a peak its partitions cannot carry twice over doubles them",
			partition.OnDemandPartitions, partitionsNum(partition.OnDemandRRU), partitionsNum(partition.OnDemandWRU)),
	}
}

// partitionsKeyText shows a partition-key value the engine printed in its
// message form ("{S:USER#1}") as the collections view does ("USER#1").
func partitionsKeyText(k string) string {
	if len(k) > 4 && k[0] == '{' && k[len(k)-1] == '}' && k[2] == ':' {
		switch k[1] {
		case 'S', 'N', 'B':
			return k[3 : len(k)-1]
		}
	}
	return k
}
