package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// BulkLoader writes a dataset into one table, item by item, without the
// request machinery of BatchWriteItem (no request shapes, no batches of
// 25, no duplicate-key set). Each item is validated and applied exactly as
// a PutRequest of BatchWriteItem would be: the same key, name, type and
// size checks with the same errors, and the same table state afterwards
// (items, every index, TTL, streams, PITR, item collections), a later item
// of the same key replacing the earlier one.
//
// Capacity: nothing is charged. A dataset load is not traffic: the
// BatchWriteItem calls of model.LoadItems asked for no consumed capacity,
// and drew on throttle buckets only when throttle mode was on, where a
// manual clock that does not move made a large load fail. The loader
// never draws on them.
//
// Put and PutBatch do not keep the items they are given, so a caller may
// reuse one map for every item. A loader is used by one goroutine.
type BulkLoader struct {
	d     *Database
	name  string
	t     *table
	count int
	// w is the write of the item being stored, reused for every item:
	// nothing the engine keeps points at it (TTL, PITR, the indexes and the
	// observers copy what they keep).
	w write
	// one is Put's batch of one.
	one [1]attr.Item
	// key is PutFields' tree key buffer; asMap its map for a table whose
	// writes need one (items, below).
	key   []byte
	asMap attr.Item
	// ahead is the heap still to grow for the items Reserve expects
	// (heap_wasm.go), aheadStep bytes every aheadEvery items.
	ahead int64
}

// The heap grows 4 MB every 512 items. A step's clearing (the block
// reuses memory a collection freed) is part of the page's slice of the
// load it falls in: steps of 16 MB every 2,048 items made those slices the
// load's longest tasks (47 ms, the profile's growHeapAhead most of them),
// and were no faster under wasm (node, alternating runs: 10.0-12.1 s
// against 11.6-12.8 s for 4 MB steps).
const (
	aheadStep  = 4 << 20
	aheadEvery = 512
)

// NewBulkLoader returns a loader into the named table.
func (d *Database) NewBulkLoader(table string) (*BulkLoader, error) {
	d.Tick()
	d.mu.RLock()
	t, err := d.lookup(table)
	d.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	return &BulkLoader{d: d, name: table, t: t}, nil
}

// Put validates item as a PutItem would and stores it.
func (l *BulkLoader) Put(item attr.Item) error {
	l.one[0] = item
	_, err := l.PutBatch(l.one[:])
	l.one[0] = nil
	return err
}

// PutBatch stores items in order as Put would one by one, under one hold
// of the engine's writer lock and one Tick, as a BatchWriteItem holds it
// for its 25: a reader (a snapshot) sees all of them or none. It stops at
// the first item refused and returns how many were stored before it, and
// its error; those stay stored.
func (l *BulkLoader) PutBatch(items []attr.Item) (int, error) {
	d := l.d
	d.Tick()
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := l.table()
	switch {
	case len(items) > 0 && items[0] == nil:
		// A missing item is the request's fault, found before the table.
		return 0, nullItem()
	case err != nil:
		return 0, err
	}
	for i, item := range items {
		if err := l.put(t, item); err != nil {
			return i, err
		}
	}
	return len(items), nil
}

// PutFields is Put for an item held as Fields (a name repeated in them
// keeps its later value, as in their map). The item's key and its stored
// form come from its fields with no map between. A table with no
// secondary index, no time to live, no point-in-time recovery (the
// largest pattern's, in make bench) does nothing with an item but store
// it; for one with any of them, the indexes' plan, the expiry and the
// recovery record read the item from a map the loader reuses (they copy
// what they keep); with an observer (a stream), whose changes keep their
// items, that map is the item decoded from its stored record
// (insertFirst).
func (l *BulkLoader) PutFields(f attr.Fields) error {
	d := l.d
	d.Tick()
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := l.table()
	if err != nil {
		return err
	}
	key, kerr := appendItemKey(t, l.key[:0], f)
	if kerr != nil {
		return kerr
	}
	l.key = key
	plain := l.itemless(t)
	k := unsafeString(key) // stored by copy: a plain table keeps nothing of it
	if !plain {
		k = string(key) // the expiry record and the item collections keep it
	}
	var size int
	var msg string
	var once bool
	if t.scratch, size, msg, once = t.codec.encodeFields(t.scratch[:0], k[8:], f); !once {
		return l.putMap(t, f)
	}
	if msg != "" {
		return validationf("%s", msg)
	}
	if size > schema.MaxItemSizeBytes {
		return validationf("Item size has exceeded the maximum allowed size")
	}
	w := &l.w
	*w = write{key: k, size: size, indexOps: w.indexOps[:0], encoded: true}
	if !plain {
		w.item = l.itemOf(f)
	}
	if err := t.insertFirst(w, len(d.observers) > 0); err != nil {
		return err
	}
	if plain {
		if invariantsEnabled {
			d.verifyWrite(t, w)
		}
	} else {
		d.apply(t, w, CauseUser)
	}
	w.key, w.item, w.oldDecoded = "", nil, nil // keep nothing alive until the next
	l.stored()
	return nil
}

// table is the loader's table while it stands: neither closed nor
// dropped (and perhaps created again) since. DeleteTable marks the table
// it drops, so the check costs no lookup of the name per item (1% of the
// page's million-item load). The caller holds d.mu.
func (l *BulkLoader) table() (*table, *Error) {
	if l.t == nil || l.t.dropped {
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found")
	}
	return l.t, nil
}

// itemless reports whether storing an item in t is all a write of it
// does: no index plans from it, no expiry or recovery record, no observer
// keeps it (apply).
func (l *BulkLoader) itemless(t *table) bool {
	return len(t.indexOrder) == 0 && (t.ttl == nil || !t.ttl.enabled) && t.pitr == nil && len(l.d.observers) == 0
}

// putMap stores f through its map.
func (l *BulkLoader) putMap(t *table, f attr.Fields) error {
	return l.put(t, l.itemOf(f))
}

// itemOf is f in the loader's reused map.
func (l *BulkLoader) itemOf(f attr.Fields) attr.Item {
	if l.asMap == nil {
		l.asMap = make(attr.Item, len(f))
	}
	clear(l.asMap)
	return f.Fill(l.asMap)
}

// Reserve makes room in the table's point map for n more items, so that a
// load whose size is known does not rebuild it as it grows (a rebuild
// rehashes every key: a tenth of a million-item load's time).
func (l *BulkLoader) Reserve(n int) {
	d := l.d
	d.mu.Lock()
	if t, err := l.table(); err == nil && n > 0 {
		// The keys not yet mapped count: without them, the reservation at
		// 1,024 items (none mapped yet) and the one after the first
		// 4,096 were mapped differed by those 4,096, and the second
		// rebuilt the map of 16 MB again, a task of 50 ms in the page.
		if p, size := t.points, pointMapSize(t.points.n+len(t.unmapped)+n); size > len(p.slots) {
			p.rehash(t.items.ar, size)
		}
		// Room in the heap for what the table's next doubling adds (or
		// its n items, if fewer): as many bytes as it holds now.
		if have := int64(t.items.Len()); have > 0 {
			l.ahead = t.heldBytes() * min(int64(n), have) / have
		}
	}
	d.mu.Unlock()
}

// heldBytes is the record bytes of the table's items and index entries.
func (t *table) heldBytes() int64 {
	n := t.items.ar.total
	for _, ix := range t.indexOrder {
		n += ix.tree.ar.total
	}
	return n
}

// put validates and stores one item. The caller holds the writer lock.
func (l *BulkLoader) put(t *table, item attr.Item) error {
	if item == nil {
		return nullItem()
	}
	d := l.d
	w := &l.w
	if err := prepareItem(t, item, w, true); err != nil {
		return err
	}
	// Observers (a stream) keep the items of the changes they see, of the
	// table and of its indexes, and the caller may reuse item: theirs is
	// decoded from the record stored (insertFirst).
	if err := t.insertFirst(w, len(d.observers) > 0); err != nil {
		return err
	}
	d.apply(t, w, CauseUser)
	w.item, w.oldDecoded = nil, nil // keep no item alive until the next
	l.stored()
	return nil
}

// stored counts an item stored and grows the heap ahead when it is time.
func (l *BulkLoader) stored() {
	l.count++
	if l.ahead > 0 && l.count%aheadEvery == 0 {
		// The heap is grown ahead a step at a time: growing a page's
		// memory by 190 MB at once was one task of 62 ms.
		step := min(l.ahead, aheadStep)
		growHeapAhead(step)
		l.ahead -= step
	}
}

// namesAndSize is attr.CheckItemNames and attr.ItemSize in one walk of
// the item's map (a walk of a map is a tenth of a load's time under wasm):
// the first invalid name's message, else the item's size. Either walks
// the map in its own random order, so which of two invalid names is told
// was never fixed.
func namesAndSize(it attr.Item) (int, string) {
	n := 0
	for name, v := range it {
		if msg := checkNames(name, v); msg != "" {
			return 0, msg
		}
		n += len(name) + attr.Size(v)
	}
	return n, ""
}

// checkNames checks an attribute's name and the names inside its value.
func checkNames(name string, v attr.Value) string {
	if msg := attr.CheckName(name); msg != "" {
		return msg
	}
	switch v.(type) {
	case attr.Map, attr.List:
		return nestedNames(v)
	}
	return ""
}

// nestedNames checks the names inside a map or list value.
func nestedNames(v attr.Value) string {
	switch v := v.(type) {
	case attr.Map:
		return attr.CheckItemNames(attr.Item(v))
	case attr.List:
		for _, e := range v {
			if msg := nestedNames(e); msg != "" {
				return msg
			}
		}
	}
	return ""
}

func nullItem() error {
	var c constraints
	c.null("item")
	return c.err()
}

// Close ends the load. The items are in place as each Put returns; Close
// makes the point-map entries of the last of them (table.go: until then a
// point read that misses the map looks in the tree) and releases the loader.
func (l *BulkLoader) Close() error {
	d := l.d
	d.mu.Lock()
	if t, err := l.table(); err == nil {
		t.mapUnmapped()
	}
	d.mu.Unlock()
	l.t = nil
	return nil
}
