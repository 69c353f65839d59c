package gen

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestMulHiIsMul64: IntN's product's high word is bits.Mul64's, for
// random and edge operands (a seed's dataset must not change).
func TestMulHiIsMul64(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	edges := []uint64{0, 1, 2, 1<<32 - 1, 1 << 32, 1<<32 + 1, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	check := func(x, n uint64) {
		if want, _ := bits.Mul64(x, n); mulHi(x, n) != want {
			t.Fatalf("mulHi(%#x, %#x) = %#x, want %#x", x, n, mulHi(x, n), want)
		}
	}
	for _, x := range edges {
		for _, n := range edges {
			check(x, n)
		}
	}
	for range 1_000_000 {
		x := r.Uint64()
		check(x, r.Uint64()>>r.IntN(64))
	}
}
