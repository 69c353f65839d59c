package partition

import (
	"math"
	"slices"
	"strconv"
)

// Bounds of the analytic key model.
const (
	// maxExplicitKeys is how many keys (shard keys included) of one pattern
	// are placed at their own hashes; the least requested rest is spread
	// over the hash space in proportion to each partition's range.
	maxExplicitKeys = 1 << 16
	// maxWindowKeys is the most keys a Sequential or RoundRobin second is
	// placed key by key; a wider second uses the long-run spread.
	maxWindowKeys = 4096
	// maxCachedKeys bounds the per-pattern cache of key hashes.
	maxCachedKeys = 1 << 20
)

// keyMass is how one pattern's table requests spread over the hash space:
// point masses at the hashes of explicit keys, and a diffuse rest spread
// evenly. Weights are fractions of the pattern's table requests.
type keyMass struct {
	hash    []uint64  // ascending
	weight  []float64 // per explicit key
	cum     []float64 // cum[i] = Σ weight[:i]
	diffuse float64
	// top is the most requested base key and its share of the pattern's
	// logical requests.
	topKey   int
	topShare float64
}

// baseKey is a partition-key value before sharding and its share.
type baseKey struct {
	index  int
	weight float64
}

// keyName names key i of a pattern, shard s of shards.
func keyName(prefix string, i, s, shards int) string {
	name := prefix + strconv.Itoa(i)
	if shards > 1 {
		name += "." + strconv.Itoa(s)
	}
	return name
}

// zipfWeights returns the first k of n Zipf weights (1/r^s, r from 1) and
// the normaliser H(n, s): exact up to k, the tail by the integral
// ∫_{k+½}^{n+½} x^−s dx.
func zipfWeights(n, k int, s float64) ([]float64, float64) {
	w := make([]float64, k)
	var h float64
	for r := 1; r <= k; r++ {
		if s == 1 {
			w[r-1] = 1 / float64(r)
		} else {
			w[r-1] = math.Pow(float64(r), -s)
		}
		h += w[r-1]
	}
	if n > k {
		a, b := float64(k)+0.5, float64(n)+0.5
		if math.Abs(s-1) < 1e-12 {
			h += math.Log(b / a)
		} else {
			h += (math.Pow(b, 1-s) - math.Pow(a, 1-s)) / (1 - s)
		}
	}
	return w, h
}

// baseKeys returns the explicit base keys of a pattern, most requested
// first, and the share of requests left diffuse.
func baseKeys(p AccessPattern) ([]baseKey, float64) {
	n, s := p.Keys.Count, p.shards()
	limit := maxExplicitKeys / s
	switch p.Keys.Dist {
	case Zipf:
		exp := p.Keys.Exponent
		if exp == 0 {
			exp = 1
		}
		k := min(n, limit)
		w, h := zipfWeights(n, k, exp)
		keys := make([]baseKey, k)
		var sum float64
		for i := range keys {
			keys[i] = baseKey{i, w[i] / h}
			sum += w[i] / h
		}
		return keys, math.Max(0, 1-sum)
	case HotKey:
		hot := p.Keys.HotShare
		if hot == 0 || n == 1 {
			hot = 1
		}
		keys := []baseKey{{0, hot}}
		rest := 1 - hot
		if n > 1 && n <= limit {
			for i := 1; i < n; i++ {
				keys = append(keys, baseKey{i, rest / float64(n-1)})
			}
			slices.SortStableFunc(keys, func(a, b baseKey) int {
				switch {
				case a.weight > b.weight:
					return -1
				case a.weight < b.weight:
					return 1
				}
				return 0
			})
			return keys, 0
		}
		return keys, rest
	}
	// Uniform, and the long-run spread of Sequential and RoundRobin.
	if n > limit {
		return nil, 1
	}
	keys := make([]baseKey, n)
	for i := range keys {
		keys[i] = baseKey{i, 1 / float64(n)}
	}
	return keys, 0
}

// buildMass places a pattern's keys on the hash space.
func buildMass(p AccessPattern) keyMass {
	m, _ := buildMassStepping(p, nil)
	return m
}

// massStep is how many keys buildMassStepping hashes between two calls of
// its step.
const massStep = 1 << 14

// buildMassStepping is buildMass calling step (when set) every massStep
// keys: a million keys' hashes are 100 ms of the page's only thread under
// WebAssembly, which the page hands back to the browser between. A step's
// error stops it and is its error.
func buildMassStepping(p AccessPattern, step func() error) (keyMass, error) {
	base, diffuse := baseKeys(p)
	s := p.shards()
	prefix := p.prefix()
	hashes := make([]uint64, 0, len(base)*s)
	weights := make([]float64, 0, len(base)*s)
	var name, enc []byte
	for i, k := range base {
		if step != nil && i > 0 && i%massStep == 0 {
			if err := step(); err != nil {
				return keyMass{}, err
			}
		}
		for sh := range s {
			name = appendKeyName(name[:0], prefix, k.index, sh, s)
			enc = appendStringKey(enc[:0], name)
			hashes = append(hashes, HashKey64(enc))
			weights = append(weights, k.weight/float64(s))
		}
	}
	radixSort(hashes, weights)
	m := keyMass{hash: hashes, weight: weights, cum: make([]float64, len(hashes)+1), diffuse: diffuse}
	for i, w := range weights {
		m.cum[i+1] = m.cum[i] + w
	}
	// The most requested key: the first explicit one, unless the keys
	// left diffuse get more each (a hot key with a small share).
	if len(base) > 0 {
		m.topKey, m.topShare = base[0].index, base[0].weight
	}
	if rest := p.Keys.Count - len(base); rest > 0 && diffuse/float64(rest) > m.topShare {
		m.topKey, m.topShare = len(base), diffuse/float64(rest)
	}
	return m, nil
}

// appendKeyName appends keyName(prefix, i, s, shards) to dst.
func appendKeyName(dst []byte, prefix string, i, s, shards int) []byte {
	dst = strconv.AppendInt(append(dst, prefix...), int64(i), 10)
	if shards > 1 {
		dst = strconv.AppendInt(append(dst, '.'), int64(s), 10)
	}
	return dst
}

// appendStringKey appends the key encoding of a String value holding b,
// as attr.AppendKey does (0x00 escaped as 0x00 0xFF, then 0x00 0x01),
// without making a string of it; a test checks that the two agree.
func appendStringKey(dst, b []byte) []byte {
	for _, c := range b {
		if c == 0 {
			dst = append(dst, 0, 0xFF)
		} else {
			dst = append(dst, c)
		}
	}
	return append(dst, 0, 1)
}

// radixSort sorts hashes ascending, moving weights with them (an LSD radix
// sort on 16-bit digits: stable, and much faster than a comparison sort on 65,536
// keys, which matters under WebAssembly).
func radixSort(hashes []uint64, weights []float64) {
	n := len(hashes)
	if n < 256 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case hashes[a] < hashes[b]:
				return -1
			case hashes[a] > hashes[b]:
				return 1
			}
			return 0
		})
		h, w := slices.Clone(hashes), slices.Clone(weights)
		for i, j := range idx {
			hashes[i], weights[i] = h[j], w[j]
		}
		return
	}
	h2, w2 := make([]uint64, n), make([]float64, n)
	src, dst := hashes, h2
	srcW, dstW := weights, w2
	const bits = 16
	count := make([]int, 1<<bits+1)
	for shift := uint(0); shift < 64; shift += bits {
		clear(count)
		for _, h := range src {
			count[(h>>shift)&(1<<bits-1)+1]++
		}
		if count[((src[0]>>shift)&(1<<bits-1))+1] == n {
			continue // every key has this digit: nothing moves
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for i, h := range src {
			b := (h >> shift) & (1<<bits - 1)
			dst[count[b]] = h
			dstW[count[b]] = srcW[i]
			count[b]++
		}
		src, dst = dst, src
		srcW, dstW = dstW, srcW
	}
	if &src[0] != &hashes[0] {
		copy(hashes, src)
		copy(weights, srcW)
	}
}

// weights writes into out (one per partition) the fraction of the
// pattern's requests each partition receives. They are normalised by the
// total so that a partition holding every key gets exactly 1.
func (m *keyMass) weights(parts []Partition, out []float64) {
	total := m.cum[len(m.hash)] + m.diffuse
	j := 0
	for i, p := range parts {
		start := j
		for j < len(m.hash) && m.hash[j] <= p.Hi {
			j++
		}
		out[i] = (m.cum[j] - m.cum[start] + m.diffuse*p.RangeFraction()) / total
	}
}

// between returns the index range [a, b) of explicit keys with lo ≤ hash ≤ hi.
func (m *keyMass) between(lo, hi uint64) (int, int) {
	a, _ := slices.BinarySearch(m.hash, lo)
	b := len(m.hash)
	if hi < math.MaxUint64 {
		b, _ = slices.BinarySearch(m.hash, hi+1)
	}
	return a, b
}

// keyHashes caches the hashes of a pattern's keys (shard keys included) for
// the key-by-key seconds of Sequential and RoundRobin.
type keyHashes struct {
	prefix string
	shards int
	hash   []uint64
	have   []bool
}

func newKeyHashes(p AccessPattern) *keyHashes {
	kh := &keyHashes{prefix: p.prefix(), shards: p.shards()}
	if n := p.Keys.Count * kh.shards; n <= maxCachedKeys {
		kh.hash = make([]uint64, n)
		kh.have = make([]bool, n)
	}
	return kh
}

func (kh *keyHashes) get(key, shard int) uint64 {
	if kh.hash == nil {
		return kh.compute(key, shard)
	}
	i := key*kh.shards + shard
	if !kh.have[i] {
		kh.hash[i] = kh.compute(key, shard)
		kh.have[i] = true
	}
	return kh.hash[i]
}

func (kh *keyHashes) compute(key, shard int) uint64 {
	var nb, eb [64]byte
	name := appendKeyName(nb[:0], kh.prefix, key, shard, kh.shards)
	return HashKey64(appendStringKey(eb[:0], name))
}
