package engine

import (
	"sync"

	"github.com/google/btree"
)

// slot is what a tree node holds for one stored entry: the partition hash
// (most comparisons stop there, inside the node) and the reference of its
// record in the tree's arena. Slots hold no pointers, so neither do the
// nodes' item arrays: the garbage collector skips them.
type slot struct {
	hash uint64
	ref  uint64
}

// pivotFlag marks a search slot, whose key is a registered pivot (below),
// not a record.
const pivotFlag = 1 << 63

// itemTree is an ordered set of entries (the items of a table, or the
// entries of an index) stored as slots over an arena. Its methods take and
// give entries (table.go), resolved from the arena without copying.
type itemTree struct {
	bt *btree.BTreeG[slot]
	ar *arena
	// live is the record bytes this tree refers to; the arena's total less
	// live is dead space (compact.go).
	live int64
}

// btreeDegree balances node size against depth and the number of nodes:
// each node is two objects the garbage collector visits (its item array is
// pointer-free, but it is still an object to mark and sweep). Degree 128
// (up to 255 slots, 4 KB a node) halves the nodes of degree 64: a full
// collection of a 1,000,000-item table under WebAssembly took 3.1 ms at
// best instead of 6.3 (BenchmarkGCMillion), while a write after a
// snapshot copies about half as much again per level, on one level less.
const btreeDegree = 128

func newTree(c *codec) *itemTree { return newTreeIn(newArena(c)) }

func newTreeIn(ar *arena) *itemTree {
	return &itemTree{bt: btree.NewG(btreeDegree, slotLess(ar)), ar: ar}
}

// slotLess orders slots by (hash, key), the order of entryLess.
func slotLess(ar *arena) btree.LessFunc[slot] {
	return func(a, b slot) bool {
		if a.hash != b.hash {
			return a.hash < b.hash
		}
		return ar.slotKey(a) < ar.slotKey(b)
	}
}

// slotKey is the key after the hash of a slot: a record's or a pivot's.
func (a *arena) slotKey(s slot) string {
	if s.ref&pivotFlag != 0 {
		return pivots.keys[s.ref&^pivotFlag]
	}
	return a.key(s.ref)
}

// Pivots. A search for a key that is not stored (a Query's range bound, a
// key being deleted) needs a slot the tree's comparison can read. Its key
// is lent a place in a fixed table for the duration of the search: the
// search's goroutine writes it before and is the only one to read it
// (nodes hold only stored slots), and the table's lock orders a place's
// reuse after its release.
const pivotSlots = 1024

var pivots struct {
	mu   sync.Mutex
	cond sync.Cond
	free []uint32
	keys [pivotSlots]string
}

func init() {
	pivots.cond.L = &pivots.mu
	pivots.free = make([]uint32, pivotSlots)
	for i := range pivots.free {
		pivots.free[i] = uint32(pivotSlots - 1 - i)
	}
}

// lendPivot registers e's key and returns its search slot; returnPivot
// must follow once the search is over.
func lendPivot(e entry) slot {
	pivots.mu.Lock()
	for len(pivots.free) == 0 {
		pivots.cond.Wait()
	}
	i := pivots.free[len(pivots.free)-1]
	pivots.free = pivots.free[:len(pivots.free)-1]
	pivots.keys[i] = e.rest()
	pivots.mu.Unlock()
	return slot{hash: e.hash, ref: pivotFlag | uint64(i)}
}

func returnPivot(s slot) {
	i := s.ref &^ pivotFlag
	pivots.mu.Lock()
	pivots.keys[i] = ""
	pivots.free = append(pivots.free, uint32(i))
	pivots.mu.Unlock()
	pivots.cond.Signal()
}

// Len is the number of entries.
func (t *itemTree) Len() int { return t.bt.Len() }

// Clone returns a copy-on-write copy sharing the arena: later writes to
// either never disturb the other.
func (t *itemTree) Clone() *itemTree {
	return &itemTree{bt: t.bt.Clone(), ar: t.ar, live: t.live}
}

// Get returns the entry with pivot's key.
func (t *itemTree) Get(pivot entry) (entry, bool) {
	p := lendPivot(pivot)
	s, ok := t.bt.Get(p)
	returnPivot(p)
	if !ok {
		return entry{}, false
	}
	return t.ar.entryAt(s), true
}

// ReplaceOrInsert stores a copy of e and returns the entry it replaced.
// The caller holds the writer lock.
func (t *itemTree) ReplaceOrInsert(e entry) (entry, bool) {
	s := t.store(e)
	old, ok := t.bt.ReplaceOrInsert(s)
	if !ok {
		return entry{}, false
	}
	return t.release(old), true
}

// store appends e's record to the arena and returns its slot.
func (t *itemTree) store(e entry) slot {
	if e.c != t.ar.c {
		panic("engine: an entry stored in a tree of another codec")
	}
	return t.storeRecord(e.hash, e.rest(), e.data(), e.size)
}

// storeRecord appends a record and returns its slot, not yet in the tree.
func (t *itemTree) storeRecord(hash uint64, key, data string, size int) slot {
	ref, n := t.ar.append(key, data, size)
	t.live += int64(n)
	return slot{hash: hash, ref: ref}
}

// release accounts for a slot leaving the tree and returns its entry.
func (t *itemTree) release(s slot) entry {
	e := t.ar.entryAt(s)
	t.live -= int64(recordLen(e.keyLen, len(e.kd)-e.keyLen, e.size))
	return e
}

// Delete removes the entry with pivot's key and returns it.
func (t *itemTree) Delete(pivot entry) (entry, bool) {
	p := lendPivot(pivot)
	s, ok := t.bt.Delete(p)
	returnPivot(p)
	if !ok {
		return entry{}, false
	}
	return t.release(s), true
}

// deleteSlot removes a slot known to be stored (no pivot needed).
func (t *itemTree) deleteSlot(s slot) (entry, bool) {
	old, ok := t.bt.Delete(s)
	if !ok {
		return entry{}, false
	}
	return t.release(old), true
}

func (t *itemTree) visit(fn func(entry) bool) btree.ItemIteratorG[slot] {
	return func(s slot) bool { return fn(t.ar.entryAt(s)) }
}

// Ascend visits every entry in order until fn returns false.
func (t *itemTree) Ascend(fn func(entry) bool) { t.bt.Ascend(t.visit(fn)) }

// Descend visits every entry in reverse order until fn returns false.
func (t *itemTree) Descend(fn func(entry) bool) { t.bt.Descend(t.visit(fn)) }

// AscendGreaterOrEqual visits the entries from pivot's key on.
func (t *itemTree) AscendGreaterOrEqual(pivot entry, fn func(entry) bool) {
	p := lendPivot(pivot)
	defer returnPivot(p)
	t.bt.AscendGreaterOrEqual(p, t.visit(fn))
}

// AscendRange visits the entries in [lo, hi).
func (t *itemTree) AscendRange(lo, hi entry, fn func(entry) bool) {
	pl, ph := lendPivot(lo), lendPivot(hi)
	defer returnPivot(ph)
	defer returnPivot(pl)
	t.bt.AscendRange(pl, ph, t.visit(fn))
}

// DescendLessOrEqual visits the entries up to pivot's key, descending.
func (t *itemTree) DescendLessOrEqual(pivot entry, fn func(entry) bool) {
	p := lendPivot(pivot)
	defer returnPivot(p)
	t.bt.DescendLessOrEqual(p, t.visit(fn))
}
