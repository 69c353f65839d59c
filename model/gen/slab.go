package gen

import "unsafe"

// Slab hands out the bytes of strings that are written once and then only
// read, carved in order from shared blocks. A generated dataset makes a
// few strings per item (its keys, a review's text), and an allocation
// each, zeroed for a text the generator overwrites at once, was a tenth of
// a million-item load's time in the page's profile.
//
// A block is freed once none of its strings is referenced: a consumer that
// keeps one string alone keeps its block (slabBlock bytes) alive. The
// engine's loader copies what it stores and keeps none. The zero value is
// ready; a Slab is for one goroutine.
type Slab struct{ free []byte }

// slabBlock is a block's size: small enough that a string kept alone
// holds little, large enough that its allocation is rare.
const slabBlock = 16 << 10

// Make returns n bytes for the caller to fill and then make a string of
// (String): nothing else writes them. A string of more than an eighth of
// a block gets an allocation of its own.
func (s *Slab) Make(n int) []byte {
	if s == nil || n > slabBlock/8 {
		return make([]byte, n)
	}
	if len(s.free) < n {
		s.free = make([]byte, slabBlock)
	}
	b := s.free[:n:n]
	s.free = s.free[n:]
	return b
}

// String is the bytes Make gave, filled, as a string: it shares them, so
// they must not be written again.
func String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
