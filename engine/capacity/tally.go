package capacity

import (
	"maps"
	"slices"
)

// Tally adds up the units one request consumed on one table, split the way
// ReturnConsumedCapacity=INDEXES reports them: the base table, each global
// secondary index and each local secondary index by name. The engine turns
// it into the API's ConsumedCapacity (TOTAL reports Total(); INDEXES the
// parts). A request that must report reads and writes separately (the
// transactions) keeps one Tally for each.
//
// Which part a unit belongs to is the engine's call: index maintenance on a
// write goes to each index written; a Query on a GSI is charged to the GSI
// only, on an LSI to the LSI entry (whose capacity comes from the table).
//
// The zero value is an empty tally; the maps are made on first use.
type Tally struct {
	Table float64
	GSI   map[string]float64
	LSI   map[string]float64
}

// AddTable charges units to the base table.
func (t *Tally) AddTable(units float64) { t.Table += units }

// AddGSI charges units to the named global secondary index.
func (t *Tally) AddGSI(name string, units float64) {
	if t.GSI == nil {
		t.GSI = map[string]float64{}
	}
	t.GSI[name] += units
}

// AddLSI charges units to the named local secondary index.
func (t *Tally) AddLSI(name string, units float64) {
	if t.LSI == nil {
		t.LSI = map[string]float64{}
	}
	t.LSI[name] += units
}

// Add merges o into t.
func (t *Tally) Add(o Tally) {
	t.Table += o.Table
	for _, name := range sortedKeys(o.GSI) {
		t.AddGSI(name, o.GSI[name])
	}
	for _, name := range sortedKeys(o.LSI) {
		t.AddLSI(name, o.LSI[name])
	}
}

// Total is the sum of every part: ConsumedCapacity.CapacityUnits. Parts are
// added in name order, so the result never depends on map order (it is
// exact anyway while every part is a multiple of 0.5).
func (t Tally) Total() float64 {
	sum := t.Table
	for _, name := range sortedKeys(t.GSI) {
		sum += t.GSI[name]
	}
	for _, name := range sortedKeys(t.LSI) {
		sum += t.LSI[name]
	}
	return sum
}

// IsZero reports whether nothing was charged.
func (t Tally) IsZero() bool { return t.Total() == 0 }

// GSINames returns the charged GSIs' names, sorted.
func (t Tally) GSINames() []string { return sortedKeys(t.GSI) }

// LSINames returns the charged LSIs' names, sorted.
func (t Tally) LSINames() []string { return sortedKeys(t.LSI) }

// Clone returns a copy of t that shares no map with it.
func (t Tally) Clone() Tally {
	t.GSI = maps.Clone(t.GSI)
	t.LSI = maps.Clone(t.LSI)
	return t
}

func sortedKeys(m map[string]float64) []string {
	return slices.Sorted(maps.Keys(m))
}
