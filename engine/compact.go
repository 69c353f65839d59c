package engine

// Compaction. An overwrite or a delete leaves its old record in the arena
// (arena.go): records are never changed, so that snapshots, backups and
// the point-in-time recovery base, which share the arena through cloned
// trees, keep reading theirs. When a live tree's dead space exceeds twice
// what it holds (and a floor, so that small tables are left alone), its records
// are copied, in key order, into a new arena under a new tree (and, for a
// table, a new point map); the old arena stays with whatever clones still
// use it and is freed with the last of them. Each compaction copies at most
// half as many bytes as were written dead since the last one, so its cost
// is a constant share of every overwrite: a table overwritten without end
// holds at most three times its live records, and compaction took 11% of
// PutItem's CPU profile in BenchmarkPutItem (22% at once the live size).

// defaultCompactMin is the dead space below which a tree is never
// compacted.
const defaultCompactMin = 1 << 20

// dead is the arena's space this tree does not use: other trees' records
// (clones, which share it) and the records it dropped.
func (t *itemTree) dead() int64 { return t.ar.total - t.live }

// needsCompaction reports whether t's dead space is over both twice its
// live space and min.
func (t *itemTree) needsCompaction(min int64) bool {
	d := t.dead()
	return d > min && d > 2*t.live
}

// compacted returns t's entries in a new arena, calling stored with the
// new arena and each new slot.
func (t *itemTree) compacted(stored func(*arena, slot)) *itemTree {
	nt := newTree(t.ar.c)
	t.bt.Ascend(func(s slot) bool {
		ns := nt.store(t.ar.entryAt(s))
		nt.bt.ReplaceOrInsert(ns)
		if stored != nil {
			stored(nt.ar, ns)
		}
		return true
	})
	return nt
}

// maybeCompact compacts the table's items when their dead space calls for
// it. The caller holds the writer lock.
func (t *table) maybeCompact() {
	if !t.items.needsCompaction(t.compactMin) {
		return
	}
	points := newPointMap()
	points.rehash(nil, pointMapSize(t.items.Len()))
	nt := t.items.compacted(func(ar *arena, s slot) { points.insertNew(ar, s.ref) })
	t.items, t.points = nt, points
	t.unmapped = t.unmapped[:0] // the rebuilt map has every slot of the tree
}

// maybeCompact compacts the index's entries likewise.
func (ix *index) maybeCompact(min int64) {
	if ix.tree.needsCompaction(min) {
		ix.tree = ix.tree.compacted(nil)
	}
}
