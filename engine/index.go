package engine

import (
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Index statuses.
const (
	indexActive   = "ACTIVE"
	indexCreating = "CREATING"
	indexDeleting = "DELETING"
)

// index is one secondary index of a table. Its entries are the projections
// of the table's items that carry every index key attribute (an index is
// sparse by nature), ordered by (hash of the index partition key, index key,
// table key): the table key is appended so that entries stay unique and
// equal index keys order by table key.
type index struct {
	name       string
	global     bool
	key        keySchema
	projection schema.Projection
	include    map[string]bool // INCLUDE's non-key attributes
	arn        string

	tree       *itemTree
	bytes      int64
	compactMin int64 // the table's (compact.go)

	status string
	// A GSI added by UpdateTable is CREATING: resources are allocated until
	// backfillAt (Backfilling false), then it backfills until readyAt
	// (Backfilling true), then it is ACTIVE.
	backfillAt  time.Time
	readyAt     time.Time
	backfilling bool

	throughput *schema.ProvisionedThroughput
	onDemand   *schema.OnDemandThroughput

	// pending holds GSI changes not yet visible to readers (the configured
	// propagation delay), oldest first.
	pending []pendingOp
}

// pendingOp is a delayed change to a GSI.
type pendingOp struct {
	due    time.Time
	remove string // tree key to delete, or ""
	put    *entry // entry to store, or nil
}

func newGSI(t *table, g schema.GlobalSecondaryIndex) *index {
	ix := newIndex(t, g.IndexName, true, g.KeySchema, g.Projection)
	ix.throughput, ix.onDemand = g.ProvisionedThroughput, g.OnDemandThroughput
	return ix
}

func newLSI(t *table, l schema.LocalSecondaryIndex) *index {
	return newIndex(t, l.IndexName, false, l.KeySchema, l.Projection)
}

func newIndex(t *table, name string, global bool, ks []schema.KeySchemaElement, p schema.Projection) *index {
	ix := &index{
		name: name, global: global, projection: p,
		key:    keySchemaOf(ks, t.def.AttributeDefinitions),
		arn:    t.arn + "/index/" + name,
		status: indexActive,

		compactMin: t.compactMin,
	}
	ix.tree = newTree(newCodec(t.codec.dict, ix.key.all, nil, t.key.all))
	if p.ProjectionType == schema.ProjectInclude {
		ix.include = make(map[string]bool, len(p.NonKeyAttributes))
		for _, a := range p.NonKeyAttributes {
			ix.include[a] = true
		}
	}
	return ix
}

// kind names the index type in messages and capacity reports.
func (ix *index) projectsAll() bool { return ix.projection.ProjectionType == schema.ProjectAll }

// projects reports whether the index holds top-level attribute name.
func (ix *index) projects(t *table, name string) bool {
	return ix.projectsAll() || ix.include[name] || ix.key.has(name) || t.key.has(name)
}

// treeKey is the entry key of item in this index; ok is false when the item
// lacks an index key attribute or holds one of another type (it is not in
// the index). Writes refuse a wrong type once the index exists, but an item
// written before a GSI was created may hold anything under its key names.
func (ix *index) treeKey(t *table, item attr.Item) (string, bool) {
	return ix.treeKeyWith(t, item, nil)
}

// treeKeyWith is treeKey taking the hashes from m (writes only).
func (ix *index) treeKeyWith(t *table, item attr.Item, m *hashMemo) (string, bool) {
	if item == nil {
		return "", false
	}
	var buf [192]byte
	b := buf[:8]
	for _, a := range ix.key.hash {
		v, ok := item[a.name]
		if !ok || v.Type() != a.typ {
			return "", false
		}
		b = attr.AppendKey(b, v)
	}
	appendHash(b[:0], m.sum(b[8:]))
	for _, a := range ix.key.rng {
		v, ok := item[a.name]
		if !ok || v.Type() != a.typ {
			return "", false
		}
		b = attr.AppendKey(b, v)
	}
	tie := len(b)
	b = append(b, make([]byte, 8)...)
	for _, a := range t.key.all {
		b = attr.AppendKey(b, item[a.name])
	}
	appendHash(b[tie:tie], m.sum(b[tie+8:])) // putTieHash
	return string(b), true
}

// putTieHash writes, in the 8 bytes reserved at the start of tail, the hash
// of the table key encoded after them. An index entry's key ends with the
// item's table key, and entries whose index keys are equal come back in the
// order of this hash, the hash of the whole primary key (partition key,
// then sort key), not of the key itself: dynalite's suite records DynamoDB
// answering so (test/query.js "should query on basic hash global index",
// "should query on a global index if values are equal").
func putTieHash(tail []byte) { appendHash(tail[:0], hashKey64(tail[8:])) }

// project builds the index entry of item: its keys plus what the
// projection copies.
func (ix *index) project(t *table, item attr.Item) attr.Item {
	if ix.projectsAll() {
		return item
	}
	out := make(attr.Item, len(t.key.all)+len(ix.key.all)+len(ix.include))
	for _, a := range t.key.all {
		out[a.name] = item[a.name]
	}
	for _, a := range ix.key.all {
		out[a.name] = item[a.name]
	}
	for name := range ix.include {
		if v, ok := item[name]; ok {
			out[name] = v
		}
	}
	return out
}

// checkKeys validates the index key attributes a new item carries, with the
// messages of the writing operation (update says so differently).
func (ix *index) checkKeys(item attr.Item, update bool) *Error {
	if ix.status != indexActive {
		return nil // a backfilling index skips what it cannot hold
	}
	for _, a := range ix.key.all {
		v, ok := item[a.name]
		if !ok {
			continue
		}
		if v.Type() != a.typ {
			if update {
				return validationf("One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s", a.name, a.typ, v.Type(), ix.name)
			}
			return validationf("One or more parameter values were invalid: Type mismatch for Index Key %s Expected: %s Actual: %s IndexName: %s", a.name, a.typ, v.Type(), ix.name)
		}
		if isEmptyKey(v) {
			if update {
				return validationf("One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.")
			}
			return validationf("One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: %s, IndexKey: %s", ix.name, a.name)
		}
		if err := checkKeyValue(a, v, ix.key.isHash(a.name)); err != nil {
			return err
		}
	}
	return nil
}

func isEmptyKey(v attr.Value) bool {
	switch x := v.(type) {
	case attr.String:
		return len(x) == 0
	case attr.Binary:
		return len(x) == 0
	}
	return false
}

// indexOp is one planned change to one index, with its write units.
type indexOp struct {
	ix               *index
	remove           string // tree key to delete, or ""
	put              *entry // entry to store, or nil
	before           attr.Item
	after            attr.Item
	units            float64
	oldSize, newSize int
}

// planIndexes validates w's new item against every index and plans the
// index changes and their write units. The caller holds the lock.
func (t *table) planIndexes(w *write, update bool) *Error {
	if len(t.indexes) == 0 {
		return nil
	}
	var next attr.Item
	if !w.del {
		next = w.item
		if next == nil {
			return nil // nothing is written
		}
		for _, ix := range t.indexOrder {
			if err := ix.checkKeys(next, update); err != nil {
				return err
			}
		}
	}
	prev := w.oldItem()
	w.indexOps = w.indexOps[:0]
	for _, ix := range t.indexOrder {
		oldKey, inOld := ix.treeKeyWith(t, prev, &t.hashes)
		newKey, inNew := ix.treeKeyWith(t, next, &t.hashes)
		if inNew && ix.status != indexActive && !ix.canHold(next) {
			inNew = false
		}
		if !inOld && !inNew {
			continue
		}
		op := indexOp{ix: ix}
		var oldSize, newSize int
		if inOld {
			op.before = ix.project(t, prev)
			oldSize = attr.ItemSize(op.before)
		}
		if inNew {
			op.after = ix.project(t, next)
			if inOld && oldKey == newKey && attr.Equal(attr.Map(op.before), attr.Map(op.after)) {
				continue // nothing the index holds changed: no write, no encoding
			}
			newSize = attr.ItemSize(op.after)
			e := ix.tree.ar.c.newEntry(newKey, op.after, newSize)
			op.put = &e
		}
		op.oldSize, op.newSize = oldSize, newSize
		switch {
		case inOld && inNew && oldKey == newKey:
			op.units = capacity.WriteUnits(max(oldSize, newSize), false)
		case inOld && inNew:
			op.remove = oldKey
			op.units = capacity.WriteUnits(oldSize, false) + capacity.WriteUnits(newSize, false)
		case inOld:
			op.remove = oldKey
			op.units = capacity.WriteUnits(oldSize, false)
		default:
			op.units = capacity.WriteUnits(newSize, false)
		}
		w.indexOps = append(w.indexOps, op)
	}
	return t.planCollection(w)
}

// planCollection applies the LSI item-collection size limit: a write that
// grows a collection past it fails; shrinking writes always pass.
func (t *table) planCollection(w *write) *Error {
	if !t.hasLSI() {
		return nil
	}
	delta := int64(w.size - w.oldSize())
	if w.del {
		delta = -int64(w.oldSize())
	}
	for _, op := range w.indexOps {
		if !op.ix.global {
			delta += int64(op.newSize - op.oldSize)
		}
	}
	src := w.item
	if src == nil {
		src = w.oldItem()
	}
	if src == nil {
		return nil
	}
	w.collection, w.collectionDelta = t.collectionOfKey(w.key), delta
	if delta > 0 && t.collections[w.collection]+delta > t.collectionLimit {
		return Errorf(CodeItemCollectionSizeLimitExceeded, "Collection size exceeded.")
	}
	return nil
}

// hasLSI reports whether the table has local secondary indexes, the only
// tables whose item collections are limited and reported.
func (t *table) hasLSI() bool {
	for _, ix := range t.indexOrder {
		if !ix.global {
			return true
		}
	}
	return false
}

// collectionOfKey is collectionOf for the item with tree key key: its
// prefix, no hash to compute.
func (t *table) collectionOfKey(key string) string {
	pos := 8
	for _, a := range t.key.hash {
		pos, _ = skipKeyValue(key, pos, a.typ)
	}
	return key[:pos]
}

// collectionOf names the item collection an item belongs to: the tree-key
// prefix of its partition key.
func collectionOf(t *table, item attr.Item) string {
	hv := make([]attr.Value, len(t.key.hash))
	for i, a := range t.key.hash {
		hv[i] = item[a.name]
	}
	return string(partitionPrefix(hv))
}

// collectionMetrics reports the item collection w wrote to, for
// ReturnItemCollectionMetrics=SIZE (tables with LSIs only): its partition
// key and DynamoDB's estimate of its size as a range of gigabytes.
func (t *table) collectionMetrics(w *write, mode string) *ItemCollectionMetrics {
	if mode != "SIZE" || w.collection == "" {
		return nil
	}
	src := w.item
	if src == nil {
		src = w.oldItem()
	}
	key := attr.Item{}
	for _, a := range t.key.hash {
		key[a.name] = src[a.name]
	}
	gb := float64(t.collections[w.collection]) / (1 << 30)
	lo := float64(int64(gb))
	return &ItemCollectionMetrics{ItemCollectionKey: key, SizeEstimateRangeGB: []float64{lo, lo + 1}}
}

// canHold reports whether a backfilling index can hold item: key values of
// the right type and size (others are skipped, as DynamoDB's backfill does).
func (ix *index) canHold(item attr.Item) bool {
	for _, a := range ix.key.all {
		v := item[a.name]
		if v.Type() != a.typ || isEmptyKey(v) || checkKeyValue(a, v, ix.key.isHash(a.name)) != nil {
			return false
		}
	}
	return true
}

// chargeIndexes adds w's index write units to u (GSIs to the index, LSIs
// reported per index but drawn from the table), doubled for transactions.
func chargeIndexes(u *usage, w *write, factor float64) {
	for _, op := range w.indexOps {
		if op.ix.global {
			u.AddGSI(op.ix.name, op.units*factor)
		} else {
			u.AddLSI(op.ix.name, op.units*factor)
		}
	}
}

// applyIndexes performs w's planned index changes; GSI changes wait out the
// propagation delay. The caller holds the writer lock.
func (d *Database) applyIndexes(t *table, w *write, cause Cause) {
	now := d.clock.Now()
	for _, op := range w.indexOps {
		ix := op.ix
		if ix.global && d.gsiDelay > 0 {
			ix.pending = append(ix.pending, pendingOp{due: now.Add(d.gsiDelay), remove: op.remove, put: op.put})
			d.noteDue(now.Add(d.gsiDelay))
		} else {
			ix.applyOp(op.remove, op.put)
		}
		if len(d.observers) > 0 {
			d.record(Change{Table: t.def.TableName, Index: ix.name, Before: op.before, After: op.after, Cause: cause})
		}
	}
}

// applyOp removes and stores index entries.
func (ix *index) applyOp(remove string, put *entry) {
	defer ix.maybeCompact(ix.compactMin)
	if remove != "" {
		if old, ok := ix.tree.Delete(pivot(remove)); ok {
			ix.bytes -= int64(old.size)
		}
	}
	if put != nil {
		if old, replaced := ix.tree.ReplaceOrInsert(*put); replaced {
			ix.bytes -= int64(old.size)
		}
		ix.bytes += int64(put.size)
	}
}

// settlePending applies the GSI changes due by now.
func (ix *index) settlePending(now time.Time) {
	i := 0
	for ; i < len(ix.pending) && !ix.pending[i].due.After(now); i++ {
		ix.applyOp(ix.pending[i].remove, ix.pending[i].put)
	}
	if i > 0 {
		ix.pending = append(ix.pending[:0], ix.pending[i:]...)
	}
}

// backfill builds the index from every item of the table (UpdateTable
// adding a GSI). Items it cannot hold are skipped.
func (ix *index) backfill(t *table) {
	t.items.Ascend(func(e entry) bool {
		item := e.decode()
		k, ok := ix.treeKeyWith(t, item, &t.hashes)
		if !ok || !ix.canHold(item) {
			return true
		}
		p := ix.project(t, item)
		pe := ix.tree.ar.c.newEntry(k, p, attr.ItemSize(p))
		ix.applyOp("", &pe)
		return true
	})
}
