package wire

import (
	"crypto/rand"
	"encoding/binary"
	"sync/atomic"
)

// Request ids look like DynamoDB's: 52 characters of [A-Z0-9]. The first
// half is random per process; the second half encodes a counter through a
// bijective mix, so ids are unique within a process, look random, and cost
// one atomic add and no system call.

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

var (
	idPrefix  [26]byte
	idSeed    uint64
	idCounter atomic.Uint64
)

func init() {
	var r [26 + 8]byte
	_, _ = rand.Read(r[:]) // never fails (crypto/rand panics instead)
	for i := range idPrefix {
		idPrefix[i] = idAlphabet[int(r[i])%len(idAlphabet)]
	}
	idSeed = binary.LittleEndian.Uint64(r[26:])
}

// mix64 is splitmix64's finaliser: a bijection on uint64.
func mix64(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// newRequestID returns a fresh x-amzn-RequestId value.
func newRequestID() string {
	var b [52]byte
	return string(appendRequestID(b[:0]))
}

// AppendRequestID appends a fresh x-amzn-RequestId value to dst, as the
// handler sends.
func AppendRequestID(dst []byte) []byte { return appendRequestID(dst) }

func appendRequestID(dst []byte) []byte {
	n := idCounter.Add(1)
	var b [52]byte
	copy(b[:26], idPrefix[:])
	// 13 characters of 5 bits hold all 64 bits of x: distinct n give
	// distinct ids. The last 13 only add noise.
	x := mix64(n ^ idSeed)
	for i := 26; i < 39; i++ {
		b[i] = idAlphabet[x&31]
		x >>= 5
	}
	y := mix64(n + idSeed)
	for i := 39; i < 52; i++ {
		b[i] = idAlphabet[y%36]
		y /= 36
	}
	return append(dst, b[:]...)
}
