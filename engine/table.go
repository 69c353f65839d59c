package engine

import (
	"bytes"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Table statuses.
const (
	statusActive   = "ACTIVE"
	statusUpdating = "UPDATING"
	statusDeleting = "DELETING"
)

// keyAttr is one key attribute of a table or index and its declared type.
type keyAttr struct {
	name string
	typ  attr.Type
}

// keySchema is the key of a table (one hash, at most one range attribute) or
// of an index (GSIs may have up to four of each).
type keySchema struct {
	hash []keyAttr
	rng  []keyAttr
	all  []keyAttr // hash then range
}

// has reports whether name is one of the key's attributes.
func (k keySchema) has(name string) bool {
	for _, a := range k.hash {
		if a.name == name {
			return true
		}
	}
	for _, a := range k.rng {
		if a.name == name {
			return true
		}
	}
	return false
}

// entry is one stored item. Entries order the tree by (hash of the
// partition key, partition key, sort key), DynamoDB's own order: partitions
// by hash, each item collection by sort key. The full tree key is the 8-byte
// big-endian hash followed by rest; the hash is kept inline so that nearly
// every comparison during a tree descent resolves without touching memory
// outside the node (entries are stored by value).
//
// The key after the hash and the stored item share one string: under
// WebAssembly the garbage collector runs on the page's only thread, and
// its time grows with the pointers it must follow. One string per entry,
// and no second index of the entries by key, keep a 100,000-item table's
// collection short enough not to freeze the page (issue 16).
type entry struct {
	hash   uint64
	kd     string // the encoded key after the hash, then the item in its stored form (storage.go)
	keyLen int    // how much of kd is the key
	size   int    // the item's DynamoDB size in bytes
	c      *codec // how data is encoded (codec.go); nil for a search entry
}

// rest is the encoded key after the hash.
func (e entry) rest() string { return e.kd[:e.keyLen] }

// data is the item in its stored form.
func (e entry) data() string { return e.kd[e.keyLen:] }

// newEntry builds the entry of item under the full tree key key, encoded
// by c. The caller holds the writer lock.
func (c *codec) newEntry(key string, item attr.Item, size int) entry {
	e := pivot(key)
	b := append(make([]byte, 0, len(key)+size), e.rest()...)
	b = c.encode(b, e.rest(), item)
	e.kd, e.size, e.c = unsafeString(b), size, c // b is never written again
	return e
}

// decode returns the stored item.
func (e *entry) decode() attr.Item {
	if e.c == nil {
		return nil
	}
	return e.c.decode(e.rest(), e.data())
}

func entryLess(a, b entry) bool {
	if a.hash != b.hash {
		return a.hash < b.hash
	}
	return a.rest() < b.rest()
}

// pivot is a search entry for a full tree key. A key shorter than the hash
// (a range bound) is padded with zero bytes, which keeps its place in the
// order relative to every stored key.
func pivot(k string) entry {
	var h uint64
	for i := 0; i < 8; i++ {
		h <<= 8
		if i < len(k) {
			h |= uint64(k[i])
		}
	}
	if len(k) <= 8 {
		return entry{hash: h}
	}
	return entry{hash: h, kd: k[8:], keyLen: len(k) - 8}
}

// table is one DynamoDB table: its definition, its items and its counters.
type table struct {
	def     schema.TableDefinition
	key     keySchema
	status  string
	created time.Time
	id      string
	arn     string
	// dropped is set when DeleteTable removes the table: a bulk loader
	// holding it stops there without looking its name up at every item.
	dropped bool

	items  *itemTree
	points *pointMap // the items by full key (pointmap.go)
	// unmapped holds the references of the records a bulk load put in the
	// tree whose point-map entries are not made yet: they are made in
	// batches (mapUnmapped), and until then a point read that misses the
	// map looks in the tree.
	unmapped []hashedRef
	codec    *codec // the items' stored form; its dictionary serves the indexes too
	// compactMin is the dead arena space below which the items and
	// indexes are never compacted (compact.go).
	compactMin int64
	bytes      int64
	scratch    []byte   // encoding buffer, used under the writer lock
	hashes     hashMemo // recent partition hashes of writes
	// version changes with every write to the items (TableSnapshot.Version).
	version uint64

	ttl *ttlState // nil until UpdateTimeToLive

	pitr    *pitrState      // nil unless point-in-time recovery is on (pitr.go)
	restore *RestoreSummary // set on a table restored from a backup or a point in time
	policy  *resourcePolicy // the resource-based policy, if one was put
	// insights is the contributor-insights status per index ("" for the
	// table); absent means DISABLED.
	insights map[string]string

	// collections sums item and LSI entry sizes per partition key, for the
	// LSI item-collection limit (tables with LSIs only).
	collections     map[string]int64
	collectionLimit int64

	indexes    map[string]*index
	indexOrder []*index // GSIs then LSIs, in definition order

	// Provisioned-throughput bookkeeping reported by DescribeTable.
	lastIncrease, lastDecrease time.Time
	decreasesDay               time.Time
	decreasesToday             int64
	payPerRequestSince         time.Time
}

// addIndex attaches a secondary index to the table.
func (t *table) addIndex(ix *index) {
	if t.indexes == nil {
		t.indexes = map[string]*index{}
	}
	t.indexes[ix.name] = ix
	t.indexOrder = append(t.indexOrder, ix)
}

// dropIndex detaches a secondary index.
func (t *table) dropIndex(name string) {
	delete(t.indexes, name)
	for i, ix := range t.indexOrder {
		if ix.name == name {
			t.indexOrder = append(t.indexOrder[:i:i], t.indexOrder[i+1:]...)
			break
		}
	}
}

// keySchemaOf reads a key schema against the attribute definitions.
func keySchemaOf(elems []schema.KeySchemaElement, defs []schema.AttributeDefinition) keySchema {
	var k keySchema
	for _, e := range elems {
		a := keyAttr{name: e.AttributeName, typ: declaredType(defs, e.AttributeName)}
		if e.KeyType == schema.KeyTypeHash {
			k.hash = append(k.hash, a)
		} else {
			k.rng = append(k.rng, a)
		}
	}
	k.all = append(append([]keyAttr(nil), k.hash...), k.rng...)
	return k
}

func declaredType(defs []schema.AttributeDefinition, name string) attr.Type {
	for _, d := range defs {
		if d.AttributeName == name {
			t, _ := attr.ParseType(string(d.AttributeType))
			return t
		}
	}
	return 0
}

// hashKey64 is the partition hash of an encoded partition key. It is the
// partition model's own hash, so the items loaded here land on the
// partitions the model draws.
func hashKey64(b []byte) uint64 { return partition.HashKey64(b) }

// hashMemo remembers the last few partition hashes a table's writes
// computed. Each is an MD5 (partition.HashKey64), and one write needs
// several that repeat: an item's old and new index keys share their tie
// hash (index.go) and most often their index partition key, and the items
// of a collection are often written one after another (a load, a batch).
// BenchmarkPutItemTwoGSIsOneLSI needs thirteen a write, of which one or
// two are new. Used under the writer lock only; a nil memo computes.
type hashMemo struct {
	keys [8][]byte
	sums [8]uint64
	last int // the entry written last; the search goes back from it
}

func (m *hashMemo) sum(b []byte) uint64 {
	if m == nil {
		return hashKey64(b)
	}
	n := len(m.keys)
	for j := range n {
		i := (m.last - j + n) % n
		if len(b) > 0 && bytes.Equal(m.keys[i], b) {
			return m.sums[i]
		}
	}
	h := hashKey64(b)
	m.last = (m.last + 1) % n
	m.keys[m.last], m.sums[m.last] = append(m.keys[m.last][:0], b...), h
	return h
}

// appendHash writes h big-endian so byte order equals numeric order.
func appendHash(dst []byte, h uint64) []byte {
	return append(dst, byte(h>>56), byte(h>>48), byte(h>>40), byte(h>>32),
		byte(h>>24), byte(h>>16), byte(h>>8), byte(h))
}

// partitionPrefix is the tree-key prefix shared by every item of one
// partition-key value (the item collection).
func partitionPrefix(hashValues []attr.Value) []byte {
	var enc []byte
	for _, v := range hashValues {
		enc = attr.AppendKey(enc, v)
	}
	out := make([]byte, 0, 8+len(enc)+16)
	out = appendHash(out, hashKey64(enc))
	return append(out, enc...)
}

// treeKeyOf builds the tree key of an item whose key attributes are all
// present: the hash of the encoded partition key, then the encoded key.
func (k keySchema) treeKeyOf(item attr.Item) string {
	var buf [128]byte
	b := buf[:8]
	for _, a := range k.hash {
		b = attr.AppendKey(b, item[a.name])
	}
	h := hashKey64(b[8:])
	appendHash(b[:0], h)
	for _, a := range k.rng {
		b = attr.AppendKey(b, item[a.name])
	}
	return string(b)
}

// keyOfItem extracts and validates the primary key of an item being written,
// with PutItem's messages.
func (t *table) keyOfItem(item attr.Item) (string, *Error) {
	var buf [128]byte
	b, err := appendItemKey(t, buf[:0], item)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// appendItemKey appends the tree key of an item held as a map or as
// Fields (keyOfItem).
func appendItemKey[A interface {
	Get(string) (attr.Value, bool)
}](t *table, dst []byte, item A) ([]byte, *Error) {
	start := len(dst)
	b := append(dst, make([]byte, 8)...)
	for i, ka := range t.key.all {
		v, ok := item.Get(ka.name)
		if !ok {
			return nil, validationf("One or more parameter values were invalid: Missing the key %s in the item", ka.name)
		}
		if v.Type() != ka.typ {
			return nil, validationf("One or more parameter values were invalid: Type mismatch for key %s expected: %s actual: %s", ka.name, ka.typ, v.Type())
		}
		if err := checkKeyValue(ka, v, i < len(t.key.hash)); err != nil {
			return nil, err
		}
		b = attr.AppendKey(b, v)
		if i == len(t.key.hash)-1 {
			appendHash(b[start:start], t.hashes.sum(b[start+8:]))
		}
	}
	return b, nil
}

// keyOfKey validates a Key parameter (GetItem, DeleteItem, UpdateItem, batch
// and transaction keys): exactly the key attributes, of the declared types.
func (t *table) keyOfKey(key attr.Item) (string, *Error) {
	var buf [128]byte
	b, pk, err := t.appendUnhashedKey(buf[:0], key)
	if err != nil {
		return "", err
	}
	appendHash(b[:0], hashKey64(b[8:pk]))
	return string(b), nil
}

// appendUnhashedKey is keyOfKey appending to dst, leaving the 8 bytes of
// the partition hash zero, and saying where the partition key ends
// (b[len(dst)+8:pk]):
// a point read finds its item by the key after the hash (pointmap.go) and
// needs the hash, an MD5 (partition.HashKey64), only when throttling.
func (t *table) appendUnhashedKey(dst []byte, key attr.Item) (b []byte, pk int, _ *Error) {
	all := t.key.all
	if len(key) != len(all) {
		return nil, 0, errKeySchema()
	}
	b = append(dst, make([]byte, 8)...)
	for i, ka := range all {
		v, ok := key[ka.name]
		if !ok || v.Type() != ka.typ {
			return nil, 0, errKeySchema()
		}
		if err := checkKeyValue(ka, v, i < len(t.key.hash)); err != nil {
			return nil, 0, err
		}
		b = attr.AppendKey(b, v)
		if i == len(t.key.hash)-1 {
			pk = len(b)
		}
	}
	return b, pk, nil
}

func errKeySchema() *Error {
	return validationf("The provided key element does not match the schema")
}

// checkKeyValue applies the empty-value and size limits of key attributes.
func checkKeyValue(ka keyAttr, v attr.Value, isHash bool) *Error {
	var n int
	switch x := v.(type) {
	case attr.String:
		n = len(x)
		if n == 0 {
			return validationf("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: %s", ka.name)
		}
	case attr.Binary:
		n = len(x)
		if n == 0 {
			return validationf("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: %s", ka.name)
		}
	default:
		return nil // numbers are bounded by the number rules only
	}
	if isHash && n > schema.MaxPartitionKeyBytes {
		return validationf("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of%d bytes", schema.MaxPartitionKeyBytes)
	}
	if !isHash && n > schema.MaxSortKeyBytes {
		return validationf("One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of %d bytes", schema.MaxSortKeyBytes)
	}
	return nil
}

func (k keySchema) isHash(name string) bool {
	for _, a := range k.hash {
		if a.name == name {
			return true
		}
	}
	return false
}

// keyItem returns just the key attributes of item.
func (k keySchema) keyItem(item attr.Item) attr.Item {
	out := make(attr.Item, len(k.hash)+len(k.rng))
	for _, a := range k.hash {
		if v, ok := item[a.name]; ok {
			out[a.name] = v
		}
	}
	for _, a := range k.rng {
		if v, ok := item[a.name]; ok {
			out[a.name] = v
		}
	}
	return out
}

// get returns the stored entry for a tree key, found through the point
// map. The entry's strings are the arena's (arena.go): valid for as long
// as the caller keeps them.
func (t *table) get(key string) (entry, bool) {
	if ref, ok := t.points.get(t.items.ar, key[8:]); ok {
		return t.items.ar.entryAt(slot{hash: pivot(key).hash, ref: ref}), true
	}
	if len(t.unmapped) > 0 {
		return t.items.Get(pivot(key))
	}
	return entry{}, false
}

// getUnhashed is get for a key whose hash bytes are not set (key[8:pk] is
// its partition key): the entry's hash is left zero.
func (t *table) getUnhashed(key string, pk int) (entry, bool) {
	if ref, ok := t.points.get(t.items.ar, key[8:]); ok {
		return t.items.ar.entryAt(slot{ref: ref}), true
	}
	if len(t.unmapped) == 0 {
		return entry{}, false
	}
	// A bulk load's latest items are in the tree only, whose order needs
	// the hash.
	b := []byte(key)
	appendHash(b[:0], hashKey64(b[8:pk]))
	e, ok := t.items.Get(pivot(string(b)))
	e.hash = 0
	return e, ok
}

// mapUnmapped makes the point-map entries of a bulk load's items. The
// caller holds the writer lock.
func (t *table) mapUnmapped() {
	if len(t.unmapped) > 0 {
		t.points.addNew(t.items.ar, t.unmapped)
		t.unmapped = t.unmapped[:0]
	}
}

// unmappedBatch is how many items a bulk load puts before it maps them
// (their slots' home lines stay in cache until they are written). Not
// more: the first batch mapped into a point map just grown (Reserve)
// writes to that many of its fresh pages, each a page fault under wasm,
// and 4,096 of them were one task of 25 ms in the page; 512 were no
// slower natively (BenchmarkGenerateAndLoadMillion, alternating runs).
const unmappedBatch = 512

// put stores item under key, replacing any entry the key had.
// encoded says the item's stored form is in t.scratch already.
func (t *table) put(key string, item attr.Item, size int, encoded bool) {
	t.mapUnmapped()
	if !encoded {
		t.scratch = t.codec.encode(t.scratch[:0], key[8:], item)
	}
	s := t.items.storeRecord(pivot(key).hash, key[8:], unsafeString(t.scratch), size)
	if old, replaced := t.items.bt.ReplaceOrInsert(s); replaced {
		t.bytes -= int64(t.items.release(old).size)
	}
	t.points.set(t.items.ar, key[8:], s.ref)
	t.bytes += int64(size)
	t.version = tableVersions.Add(1)
	t.maybeCompact()
}

// insertFirst is put for a bulk load, w prepared by prepareItem with its
// item encoded in t.scratch: the tree's insert, which finds any entry of
// the same key on its way down, tells the entry replaced, instead of a
// point-map probe before it (a cache miss for every new key), and the
// indexes' changes are planned with it afterwards. A plan refused puts the
// tree back as it was. The new key's point-map entry is left to
// mapUnmapped.
//
// own replaces w's item with one decoded from the record stored, before
// the indexes' plan projects it: the caller's item may be a map it reuses,
// and what observers are given they keep. The record is never written
// over (a compaction copies records to a new arena), and decoding it is
// a third of the cost of the encoded copy decoded again that put made
// before (a fifth of a load into a table with a stream).
func (t *table) insertFirst(w *write, own bool) *Error {
	s := t.items.storeRecord(pivot(w.key).hash, w.key[8:], unsafeString(t.scratch), w.size)
	old, replaced := t.items.bt.ReplaceOrInsert(s)
	if replaced {
		w.setOld(t.items.ar.entryAt(old))
	}
	if own {
		e := t.items.ar.entryAt(s)
		w.item = e.decode()
	}
	if err := t.planIndexes(w, false); err != nil {
		if replaced {
			t.items.bt.ReplaceOrInsert(old)
		} else {
			t.items.bt.Delete(s)
		}
		t.items.release(s)
		return err
	}
	if replaced {
		t.bytes -= int64(t.items.release(old).size)
		t.mapUnmapped() // the old entry may be among them
		t.points.set(t.items.ar, w.key[8:], s.ref)
	} else if t.unmapped = append(t.unmapped, hashedRef{t.points.hashOf(w.key[8:]), s.ref}); len(t.unmapped) >= unmappedBatch {
		t.mapUnmapped()
	}
	t.bytes += int64(w.size)
	t.version = tableVersions.Add(1)
	w.stored = true
	t.maybeCompact()
	return nil
}

// remove deletes the entry under key and reports whether there was one.
func (t *table) remove(key string) bool {
	t.mapUnmapped()
	ref, ok := t.points.get(t.items.ar, key[8:])
	if !ok {
		return false
	}
	old, _ := t.items.deleteSlot(slot{hash: pivot(key).hash, ref: ref})
	t.points.remove(t.items.ar, key[8:])
	t.bytes -= int64(old.size)
	t.version = tableVersions.Add(1)
	t.maybeCompact()
	return true
}

// matchesName reports whether a TableName parameter (a name or an ARN)
// designates this table.
func (t *table) matchesName(name string) bool {
	return name == t.def.TableName || name == t.arn
}

// tableNameFromParam returns the table name designated by a TableName
// parameter, which data-plane calls may give as an ARN.
func tableNameFromParam(p string) string {
	if strings.HasPrefix(p, "arn:") {
		if i := strings.LastIndex(p, ":table/"); i >= 0 {
			rest := p[i+len(":table/"):]
			if j := strings.IndexByte(rest, '/'); j >= 0 {
				rest = rest[:j]
			}
			return rest
		}
	}
	return p
}
