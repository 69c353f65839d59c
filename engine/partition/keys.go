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
		w[r-1] = math.Pow(float64(r), -s)
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
	base, diffuse := baseKeys(p)
	s := p.shards()
	prefix := p.prefix()
	type point struct {
		hash   uint64
		weight float64
	}
	pts := make([]point, 0, len(base)*s)
	for _, k := range base {
		for sh := range s {
			pts = append(pts, point{HashString(keyName(prefix, k.index, sh, s)), k.weight / float64(s)})
		}
	}
	slices.SortFunc(pts, func(a, b point) int {
		switch {
		case a.hash < b.hash:
			return -1
		case a.hash > b.hash:
			return 1
		}
		return 0
	})
	m := keyMass{
		hash:    make([]uint64, len(pts)),
		weight:  make([]float64, len(pts)),
		cum:     make([]float64, len(pts)+1),
		diffuse: diffuse,
	}
	for i, pt := range pts {
		m.hash[i], m.weight[i] = pt.hash, pt.weight
		m.cum[i+1] = m.cum[i] + pt.weight
	}
	m.topKey, m.topShare = 0, 0
	if len(base) > 0 {
		m.topKey, m.topShare = base[0].index, base[0].weight
	} else if p.Keys.Count > 0 {
		m.topShare = 1 / float64(p.Keys.Count)
	}
	return m
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
		return HashString(keyName(kh.prefix, key, shard, kh.shards))
	}
	i := key*kh.shards + shard
	if !kh.have[i] {
		kh.hash[i] = HashString(keyName(kh.prefix, key, shard, kh.shards))
		kh.have[i] = true
	}
	return kh.hash[i]
}
