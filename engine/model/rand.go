package model

import "math/bits"

// Rand is the random source of dataset generators: SplitMix64, written out
// here so that a seed yields the same values on every platform and with
// every Go release (a dataset is shared by its seed). It is not safe for
// concurrent use.
type Rand struct{ state uint64 }

// NewRand returns a source seeded with seed and a stream number, so that
// two generators with the same seed can draw independent values.
func NewRand(seed int64, stream uint64) *Rand {
	r := &Rand{state: uint64(seed) ^ (stream * 0xd1b54a32d192ed03)}
	r.Uint64()
	return r
}

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a value in [0, n); n must be positive.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("model: Rand.IntN with n <= 0")
	}
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// Int64Range returns a value in [lo, hi].
func (r *Rand) Int64Range(lo, hi int64) int64 {
	if hi <= lo {
		return lo
	}
	span := uint64(hi-lo) + 1
	if span == 0 { // the whole int64 range
		return int64(r.Uint64())
	}
	h, _ := bits.Mul64(r.Uint64(), span)
	return lo + int64(h)
}

// Float64 returns a value in [0, 1).
func (r *Rand) Float64() float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
}

// Chance reports true with probability p.
func (r *Rand) Chance(p float64) bool { return r.Float64() < p }

// Pick returns a random element of list.
func Pick[T any](r *Rand, list []T) T { return list[r.IntN(len(list))] }
