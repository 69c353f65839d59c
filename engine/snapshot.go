package engine

import (
	"sort"
	"sync/atomic"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Snapshot is an immutable view of the whole database at one moment: what
// the workbench renders. Taking one costs O(tables + indexes): the B-trees
// are cloned copy-on-write (google/btree's Clone), so later writes copy the
// nodes they touch and never disturb a snapshot. A Snapshot may be read
// from any goroutine.
type Snapshot struct {
	Time   time.Time
	Tables []*TableSnapshot // by name
}

// TableSnapshot is one table in a Snapshot.
type TableSnapshot struct {
	Description *TableDescription
	items       *itemTree
	indexes     map[string]*itemTree
	version     uint64
}

// tableVersions numbers the states of every table's items in the process,
// so that two snapshots of equal Version hold the same items even across
// databases (the workbench replaces its engine on a load or an apply).
var tableVersions atomic.Uint64

// Version identifies the state of the table's items: it changes with every
// write that changes them, and snapshots with equal versions hold the same
// items. Views that derive something costly from all the items (the grid)
// recompute only when it changes, not at every clock tick.
func (ts *TableSnapshot) Version() uint64 { return ts.version }

// Snapshot returns an immutable view of the database now.
func (d *Database) Snapshot() *Snapshot {
	d.Tick()
	d.mu.Lock() // Clone mutates the trees' copy-on-write bookkeeping
	defer d.mu.Unlock()
	s := &Snapshot{Time: d.clock.Now()}
	for _, t := range d.tables {
		ts := &TableSnapshot{Description: d.describeWithStream(t), items: t.items.Clone(), version: t.version}
		if len(t.indexOrder) > 0 {
			ts.indexes = make(map[string]*itemTree, len(t.indexOrder))
			for _, ix := range t.indexOrder {
				ts.indexes[ix.name] = ix.tree.Clone()
			}
		}
		s.Tables = append(s.Tables, ts)
	}
	sort.Slice(s.Tables, func(i, j int) bool { return s.Tables[i].Description.TableName < s.Tables[j].Description.TableName })
	return s
}

// Table returns the named table's snapshot, or nil.
func (s *Snapshot) Table(name string) *TableSnapshot {
	for _, t := range s.Tables {
		if t.Description.TableName == name {
			return t
		}
	}
	return nil
}

// Len is the number of items in the table.
func (ts *TableSnapshot) Len() int { return ts.items.Len() }

// Items calls fn with each item in DynamoDB's storage order (partitions by
// hash, each item collection by sort key) until fn returns false. Items
// are shared and must not be modified.
func (ts *TableSnapshot) Items(fn func(attr.Item) bool) {
	ts.items.Ascend(func(e entry) bool { return fn(e.decode()) })
}

// IndexItems calls fn with each entry of the named index (its projection of
// an item) in the index's order, and reports whether the index exists.
func (ts *TableSnapshot) IndexItems(index string, fn func(attr.Item) bool) bool {
	tree, ok := ts.indexes[index]
	if !ok {
		return false
	}
	tree.Ascend(func(e entry) bool { return fn(e.decode()) })
	return true
}
