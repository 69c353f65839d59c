package engine

import (
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// verifyWrite checks, after a write, what the write touched: the item is in
// the tree under its key (or not, after a delete), and every index holds
// exactly the item's projection when the item belongs in it and no entry
// for it otherwise. A violation is a bug in the engine, so it panics (tests
// run with -tags invariants).
func (d *Database) verifyWrite(t *table, w *write) {
	e, inTree := t.items.Get(pivot(w.key))
	if inTree && e.rest() != w.key[8:] {
		panic(fmt.Sprintf("invariant: %s: entry %q found for key %q", t.def.TableName, e.rest(), w.key[8:]))
	}
	if w.del == inTree {
		panic(fmt.Sprintf("invariant: %s: item %q present=%v after a write with delete=%v", t.def.TableName, w.key, inTree, w.del))
	}
	var item attr.Item
	if inTree {
		item = e.decode()
		if attr.ItemSize(item) != e.size {
			panic(fmt.Sprintf("invariant: %s: stored size %d, item size %d", t.def.TableName, e.size, attr.ItemSize(item)))
		}
	}
	for _, ix := range t.indexOrder {
		if ix.global && len(ix.pending) > 0 {
			continue // a lagging GSI catches up later
		}
		if k, ok := ix.treeKey(t, w.oldItem()); ok {
			if nk, in := ix.treeKey(t, item); !in || nk != k {
				if _, stale := ix.tree.Get(pivot(k)); stale {
					panic(fmt.Sprintf("invariant: %s/%s: stale entry %q", t.def.TableName, ix.name, k))
				}
			}
		}
		k, belongs := ix.treeKey(t, item)
		if belongs && ix.status != indexActive && !ix.canHold(item) {
			belongs = false
		}
		if !belongs {
			continue
		}
		ie, ok := ix.tree.Get(pivot(k))
		if !ok {
			panic(fmt.Sprintf("invariant: %s/%s: no entry for %v", t.def.TableName, ix.name, item))
		}
		if got, want := ie.decode(), ix.project(t, item); !attr.Equal(attr.Map(got), attr.Map(want)) {
			panic(fmt.Sprintf("invariant: %s/%s: entry %v, want %v", t.def.TableName, ix.name, got, want))
		}
	}
}
