package schema

import (
	"slices"
	"unicode/utf16"
)

// javaHashSetOrder returns names, without duplicates, in the order a
// java.util.HashSet<String> built by adding them one by one iterates them.
//
// DynamoDB prints some name lists straight from such a set: the "keys used"
// part of "Some AttributeDefinitions are not used. AttributeDefinitions:
// [sk, a, b, pk, c], keys used: [a, sk, pk]" (observed against the service
// in 2026) is neither request nor sorted order, but is exactly HashSet order.
// That the service uses a default HashSet is our inference from that output.
//
// The model: String.hashCode over UTF-16 code units; HashMap.hash spreads it
// as h ^ (h >>> 16); the bucket is hash & (capacity-1); capacity starts at 16
// and doubles whenever the size passes 3/4 of it; iteration walks buckets in
// index order and each bucket in insertion order (a resize splits buckets
// without reordering them). Not modelled: buckets turning into trees at 8
// entries, which needs a capacity of at least 64 and colliding names.
func javaHashSetOrder(names []string) []string {
	var uniq []string
	for _, n := range names {
		if !slices.Contains(uniq, n) {
			uniq = append(uniq, n)
		}
	}
	capacity := 16
	for len(uniq) > capacity*3/4 {
		capacity *= 2
	}
	type entry struct {
		name   string
		bucket int
	}
	entries := make([]entry, len(uniq))
	for i, n := range uniq {
		h := javaStringHash(n)
		spread := h ^ (h >> 16)
		entries[i] = entry{n, int(spread & uint32(capacity-1))}
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return a.bucket - b.bucket })
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.name
	}
	return out
}

// javaStringHash is Java's String.hashCode as an unsigned 32-bit value:
// s[0]*31^(n-1) + ... + s[n-1] over UTF-16 code units, wrapping.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, r := range s {
		if utf16.RuneLen(r) == 2 {
			r1, r2 := utf16.EncodeRune(r)
			h = 31*h + uint32(r1)
			h = 31*h + uint32(r2)
			continue
		}
		h = 31*h + uint32(r)
	}
	return h
}
