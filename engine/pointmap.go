package engine

import (
	"hash/maphash"
	"math/bits"
)

// pointMap finds a table's item by its full key without a tree descent:
// GetItem, and the read of the item a write replaces. It is an open
// addressing table of integers (linear probing): each slot holds a
// fingerprint of the key's hash (its high bits) and the item's record
// reference, so that, like the tree, it gives the garbage collector nothing
// to follow. A probe whose fingerprint matches is confirmed against the
// record's key. A key's home slot comes from the hash's low bits scaled to
// the table's size, which need not be a power of two: the table grows by
// half (from 3/4 full to 1/2), so it takes 11 to 16 bytes per key rather
// than the 11 to 21 of doubling (13.0 at 1,000,000 keys instead of 16.8).
//
// The map indexes the live table only; snapshots read their trees.
type pointMap struct {
	slots []uint64 // 0: empty; pmTomb: deleted; else fingerprint<<44 | ref
	n     int      // live keys
	used  int      // live keys and tombstones
	seed  maphash.Seed
	// touched is addNew's sink for the slots it reads ahead.
	touched uint64
}

const (
	pmRefBits = 44 // chunk (24) and offset (20) bits of a reference
	pmRefMask = 1<<pmRefBits - 1
	pmTomb    = ^uint64(0)
)

func newPointMap() *pointMap { return &pointMap{seed: maphash.MakeSeed()} }

// fingerprint is the high bits of h as a slot's tag, never 0 (an empty
// slot) nor all ones (a tombstone with the largest reference).
func fingerprint(h uint64) uint64 {
	fp := h >> pmRefBits
	if fp == 0 {
		fp = 1
	}
	if fp == 1<<(64-pmRefBits)-1 {
		fp--
	}
	return fp << pmRefBits
}

// Keys are what follows the partition hash in a full tree key (the record
// holds no hash): the encoded key, itself unique.

// find returns the slot index holding key, or -1.
func (m *pointMap) find(ar *arena, rest string, h uint64) int {
	if m.n == 0 {
		return -1
	}
	fp := fingerprint(h)
	for i := m.home(h); ; i = m.next(i) {
		v := m.slots[i]
		switch {
		case v == 0:
			return -1
		case v != pmTomb && v&^pmRefMask == fp && ar.key(v&pmRefMask) == rest:
			return int(i)
		}
	}
}

// get returns the reference of key's record.
func (m *pointMap) get(ar *arena, rest string) (uint64, bool) {
	i := m.find(ar, rest, maphash.String(m.seed, rest))
	if i < 0 {
		return 0, false
	}
	return m.slots[i] & pmRefMask, true
}

// set records key's (new) reference.
func (m *pointMap) set(ar *arena, rest string, ref uint64) {
	h := maphash.String(m.seed, rest)
	if i := m.find(ar, rest, h); i >= 0 {
		m.slots[i] = fingerprint(h) | ref
		return
	}
	if (m.used+1)*4 > len(m.slots)*3 { // at most 3/4 full, tombstones included
		m.rehash(ar, max(len(m.slots), pointMapSize(m.n+1)))
	}
	for i := m.home(h); ; i = m.next(i) {
		if v := m.slots[i]; v == 0 || v == pmTomb {
			if v == 0 {
				m.used++
			}
			m.slots[i] = fingerprint(h) | ref
			m.n++
			return
		}
	}
}

// remove forgets key.
func (m *pointMap) remove(ar *arena, rest string) {
	if i := m.find(ar, rest, maphash.String(m.seed, rest)); i >= 0 {
		m.slots[i] = pmTomb
		m.n--
	}
}

// rehash rebuilds the table with size slots (any number, at least 16),
// dropping tombstones; each key's hash is recomputed from its record.
func (m *pointMap) rehash(ar *arena, size int) {
	old := m.slots
	m.slots = make([]uint64, size)
	m.used, m.n = 0, 0
	for _, v := range old {
		if v != 0 && v != pmTomb {
			m.insertNew(ar, v&pmRefMask)
		}
	}
}

// insertNew adds a key known to be absent, in a table with room for it
// (a rehash, a compaction's rebuild).
func (m *pointMap) insertNew(ar *arena, ref uint64) {
	h := maphash.String(m.seed, ar.key(ref))
	for i := m.home(h); ; i = m.next(i) {
		if m.slots[i] == 0 {
			m.slots[i] = fingerprint(h) | ref
			break
		}
	}
	m.used++
	m.n++
}

// addNew adds the keys of new records, each known to be absent (a bulk
// load's new items, which the tree's insert found new), given by their
// keys' hashes (hashOf) and references, in blocks whose memory reads
// overlap: every home slot of a block is read before any is written, so
// their cache misses are waited for together rather than one after
// another, as a put's own probe waits (a million-item load's point-map
// misses were a tenth of its time).
func (m *pointMap) addNew(ar *arena, keys []hashedRef) {
	if (m.used+len(keys))*4 > len(m.slots)*3 {
		m.rehash(ar, max(len(m.slots), pointMapSize(m.n+len(keys))))
	}
	const block = 64
	var homes [block]int
	for len(keys) > 0 {
		b := keys[:min(len(keys), block)]
		keys = keys[len(b):]
		var seen uint64
		for i, k := range b {
			homes[i] = m.home(k.hash)
			seen |= m.slots[homes[i]]
		}
		m.touched ^= seen // keeps the reads above from being dropped
		for i, k := range b {
			for j := homes[i]; ; j = m.next(j) {
				if m.slots[j] == 0 {
					m.slots[j] = fingerprint(k.hash) | k.ref
					break
				}
			}
		}
		m.used += len(b)
		m.n += len(b)
	}
}

// hashedRef is a record's reference and its key's hash in a point map.
type hashedRef struct{ hash, ref uint64 }

// hashOf is the hash of key in m.
func (m *pointMap) hashOf(key string) uint64 { return maphash.String(m.seed, key) }

// pointMapSize is the table size that holds n keys half full.
func pointMapSize(n int) int { return max(16, 2*n) }

// home is the first slot to probe for hash h: its low bits (the
// fingerprint takes the high ones) scaled to the table.
func (m *pointMap) home(h uint64) int {
	i, _ := bits.Mul64(h<<(64-pmRefBits), uint64(len(m.slots)))
	return int(i)
}

// next is the slot probed after i.
func (m *pointMap) next(i int) int {
	if i++; i == len(m.slots) {
		return 0
	}
	return i
}
