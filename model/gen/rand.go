package gen

import (
	"math"
	"math/bits"
)

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
		panic("gen: Rand.IntN with n <= 0")
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

// Normal returns a standard normal value: the Irwin-Hall sum of twelve
// uniforms, minus six. Only additions, so the bits are the same on every
// platform (math.Log and math.Exp have assembly versions on some that may
// round differently from the pure Go ones under wasm).
func (r *Rand) Normal() float64 {
	s := 0.0
	for i := 0; i < 12; i++ {
		s += r.Float64()
	}
	return s - 6
}

// Exponential returns an exponential value with mean 1.
func (r *Rand) Exponential() float64 {
	return -ln(1 - r.Float64())
}

// ln is the natural logarithm from basic arithmetic only (see Normal):
// x = m * 2^e with m in [0.5, 1), ln m = 2 atanh((m-1)/(m+1)).
func ln(x float64) float64 {
	if x <= 0 {
		return math.Inf(-1)
	}
	m, e := math.Frexp(x)
	s := (m - 1) / (m + 1)
	s2, term, sum := s*s, s, 0.0
	for k := 1; k < 60; k += 2 {
		sum += term / float64(k)
		term *= s2
	}
	return 2*sum + float64(e)*math.Ln2
}

// exp is e^x from basic arithmetic only: x = k ln2 + r, e^r by its series.
func exp(x float64) float64 {
	if x > 709 {
		return math.Inf(1)
	}
	if x < -745 {
		return 0
	}
	k := math.Floor(x/math.Ln2 + 0.5)
	r := x - k*math.Ln2
	sum, term := 1.0, 1.0
	for i := 1; i < 30; i++ {
		term *= r / float64(i)
		sum += term
	}
	return math.Ldexp(sum, int(k))
}

// pow is x^y for x > 0 (see ln).
func pow(x, y float64) float64 { return exp(y * ln(x)) }

// Pick returns a random element of list.
func Pick[T any](r *Rand, list []T) T { return list[r.IntN(len(list))] }
