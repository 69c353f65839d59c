package engine

import (
	"encoding/binary"
	"sync/atomic"
	"unsafe"
)

// An arena holds stored records in append-only byte chunks: the key of a
// tree entry and its item (or index projection) in the stored form of
// storage.go. A record is never changed once written and a chunk never
// dropped while the arena lives, so an entry read from it (whose strings
// are substrings of a chunk) stays valid as long as anything refers to it,
// and a tree cloned for a snapshot can go on reading the records it shares
// with the live tree while the live tree appends new ones.
//
// Chunks are byte arrays: the garbage collector has nothing to scan in
// them, however many items they hold (issue 28: the page's collector runs
// on its only thread). Dead records (overwritten or deleted items) are
// reclaimed by compaction (compact.go), which copies a tree's live records
// into a new arena; the old one is freed once no snapshot, backup or
// recovery base still holds it.
//
// Record: uvarint(keyLen) uvarint(dataLen) varint(size-keyLen-dataLen)
// key data, where key is the tree key after the partition hash, data the item in the
// arena's codec (codec.go, storage.go: without the key attributes the key
// holds verbatim, names as ids of the table's dictionary) and size the
// item's DynamoDB size (stored as its difference from the record's
// length, which takes one byte where the size itself takes two). Records
// hold no pointers. A reference packs the
// chunk number and the record's offset in it.
type arena struct {
	// chunks is the chunk table, replaced (never changed in place) when a
	// chunk is added, so that readers without the writer's lock (snapshots)
	// may load it at any time.
	chunks atomic.Pointer[[][]byte]
	tail   []byte // the chunk being filled (the last of chunks)
	used   int    // bytes of tail in use
	total  int64  // record bytes appended, over all chunks
	c      *codec // how the records' data is encoded (codec.go)
}

const (
	chunkOffsetBits = 20
	maxChunkBytes   = 1 << chunkOffsetBits // 1 MiB: an offset fits in 20 bits
	minChunkBytes   = 4 << 10              // a small table does not take a whole chunk
	maxChunks       = 1<<24 - 1            // chunk numbers fit in 24 bits
)

func newArena(c *codec) *arena {
	a := &arena{c: c}
	a.chunks.Store(&[][]byte{})
	return a
}

// recordLen is the length of the record for a key, data and size.
func recordLen(keyLen, dataLen, size int) int {
	return uvarintLen(uint64(keyLen)) + uvarintLen(uint64(dataLen)) + uvarintLen(zigzag(size-keyLen-dataLen)) + keyLen + dataLen
}

// zigzag maps a small signed number to a small unsigned one, as
// binary.AppendVarint does.
func zigzag(x int) uint64 { return uint64(x<<1) ^ uint64(x>>63) }

func uvarintLen(x uint64) int {
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}

// append stores a record and returns its reference and length. The
// caller holds the writer lock.
func (a *arena) append(key, data string, size int) (ref uint64, n int) {
	n = recordLen(len(key), len(data), size)
	if n > maxChunkBytes {
		// Keys and items are bounded far below this (400 KB items).
		panic("engine: record larger than an arena chunk")
	}
	if a.tail == nil || a.used+n > len(a.tail) {
		a.grow(n)
	}
	b := a.tail[a.used:a.used]
	b = binary.AppendUvarint(b, uint64(len(key)))
	b = binary.AppendUvarint(b, uint64(len(data)))
	b = binary.AppendVarint(b, int64(size-len(key)-len(data)))
	b = append(b, key...)
	_ = append(b, data...)
	chunks := *a.chunks.Load()
	ref = uint64(len(chunks)-1)<<chunkOffsetBits | uint64(a.used)
	a.used += n
	a.total += int64(n)
	return ref, n
}

// grow starts a new chunk with room for at least n bytes: each twice the
// last, up to maxChunkBytes.
func (a *arena) grow(n int) {
	size := minChunkBytes
	if a.tail != nil {
		size = min(2*len(a.tail), maxChunkBytes)
	}
	for size < n {
		size *= 2
	}
	old := *a.chunks.Load()
	if len(old) >= maxChunks {
		panic("engine: arena full")
	}
	next := make([][]byte, len(old)+1)
	copy(next, old)
	a.tail = make([]byte, size)
	a.used = 0
	next[len(old)] = a.tail
	a.chunks.Store(&next)
}

// record returns the record at ref: the key and data as one string (key
// first), the key's length and the size.
func (a *arena) record(ref uint64) (kd string, keyLen, size int) {
	chunks := *a.chunks.Load()
	c := chunks[ref>>chunkOffsetBits]
	off := int(ref & (maxChunkBytes - 1))
	kl, n1 := uvarintAt(c, off)
	dl, n2 := uvarintAt(c, off+n1)
	zz, n3 := uvarintAt(c, off+n1+n2)
	start := off + n1 + n2 + n3
	size = int(zz>>1) ^ -int(zz&1) + kl + dl
	if kl+dl == 0 {
		return "", 0, size
	}
	return unsafe.String(&c[start], kl+dl), kl, size
}

// uvarintAt reads the uvarint at c[off:] and its length; one byte inline.
func uvarintAt(c []byte, off int) (int, int) {
	if b := c[off]; b < 0x80 {
		return int(b), 1
	}
	x, n := binary.Uvarint(c[off:])
	return int(x), n
}

// key returns the key of the record at ref: record's first read, the two
// lengths after it skipped unread (the tree's comparisons of two entries
// of one partition read nothing else, a twentieth of a load under wasm).
func (a *arena) key(ref uint64) string {
	chunks := *a.chunks.Load()
	c := chunks[ref>>chunkOffsetBits]
	off := int(ref & (maxChunkBytes - 1))
	kl, n := uvarintAt(c, off)
	off += n
	for c[off] >= 0x80 { // the data's length
		off++
	}
	off++
	for c[off] >= 0x80 { // the size's
		off++
	}
	off++
	if kl == 0 {
		return ""
	}
	return unsafe.String(&c[off], kl)
}

// entryAt resolves a tree slot to its entry.
func (a *arena) entryAt(s slot) entry {
	kd, kl, size := a.record(s.ref)
	return entry{hash: s.hash, kd: kd, keyLen: kl, size: size, c: a.c}
}

// unsafeString views b as a string without copying, for a lookup that
// keeps nothing of it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
