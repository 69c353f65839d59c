package partition

import (
	"math"
	"math/rand/v2"
)

// applyChanges makes the UpdateTable calls due this second.
func (s *sim) applyChanges() {
	for len(s.changes) > 0 && s.changes[0].At <= s.t {
		c := s.changes[0]
		s.changes = s.changes[1:]
		s.l.setThroughput(c.RCU, c.WCU, "")
		s.sync(s.t)
	}
}

// commitPeak counts, on an on-demand table, the demand of the second that
// is now lag seconds old towards the previous peak.
func (s *sim) commitPeak() {
	if s.l.mode != OnDemand || s.t < s.lag {
		return
	}
	slot := s.t % s.lag
	r, w := s.ring[0][slot], s.ring[1][slot]
	if r <= s.committed[0] && w <= s.committed[1] {
		return
	}
	s.committed[0], s.committed[1] = max(s.committed[0], r), max(s.committed[1], w)
	if _, rose := s.l.observePeak(s.committed[0], s.committed[1], true); rose {
		s.sync(s.t)
	}
}

// demandOf spreads every pattern's requests of this second over the
// partitions, and sums each partition's demand in units.
func (s *sim) demandOf() {
	clear(s.demand[0])
	clear(s.demand[1])
	s.totalDemand = [2]float64{}
	for k, ps := range s.pats {
		logical := ps.p.Rate.At(s.t)
		ps.now = logical * float64(ps.fanout)
		if ps.direct {
			// The expected spread, straight into the demand.
			scale := ps.now * ps.units
			dem := s.demand[ps.dim][:len(ps.static)]
			for i, f := range ps.static {
				dem[i] += scale * f
			}
			s.totalDemand[ps.dim] += scale * ps.staticSum
			continue
		}
		row := s.req[k]
		if ps.windowed {
			clear(row)
			s.window(ps, logical, row)
		} else {
			for i, f := range ps.static {
				row[i] = ps.now * f
			}
		}
		if s.w.Noise {
			for i, x := range row {
				row[i] = poisson(s.rng, x)
			}
		}
		dem := s.demand[ps.dim][:len(row)]
		var sum float64
		for i, x := range row {
			dem[i] += x * ps.units
			sum += x
		}
		s.totalDemand[ps.dim] += sum * ps.units
	}
	if s.l.mode == OnDemand {
		slot := s.t % s.lag
		s.ring[0][slot], s.ring[1][slot] = s.totalDemand[0], s.totalDemand[1]
	}
}

// window places the requests of a Sequential or RoundRobin second key by
// key (adding table requests per partition to row), or by the long-run
// spread when the second covers more than maxWindowKeys keys.
func (s *sim) window(ps *patState, logical float64, row []float64) {
	if logical <= 0 {
		return
	}
	n := ps.p.Keys.Count
	shards := ps.p.shards()
	perReq := float64(ps.fanout) / float64(shards) // table requests per shard key per logical request
	spread := func(amount float64) {
		for i, f := range ps.static {
			row[i] += amount * float64(ps.fanout) * f
		}
	}
	place := func(key int, amount float64) {
		for sh := range shards {
			row[s.l.Locate(ps.hashes.get(key, sh))] += amount * perReq
		}
	}
	c0 := ps.cum
	c1 := c0 + logical
	if ps.p.Keys.Dist == Sequential {
		m := float64(max(1, ps.p.Keys.ItemsPerKey))
		cycle := float64(n) * m
		first, last := math.Floor(c0/m), math.Ceil(c1/m)-1
		if (last-first+1)*float64(shards) > maxWindowKeys {
			spread(logical)
		} else {
			for j := first; j <= last; j++ {
				amount := math.Min(c1, (j+1)*m) - math.Max(c0, j*m)
				if amount > 0 {
					place(int(math.Mod(j, float64(n))), amount)
				}
			}
		}
		ps.cum = math.Mod(c1, cycle)
		return
	}
	// RoundRobin: request i goes to key i mod n.
	full := math.Floor(logical / float64(n))
	if full > 0 {
		spread(full * float64(n))
	}
	rem := logical - full*float64(n)
	c1 = c0 + rem
	if first, last := math.Floor(c0), math.Ceil(c1)-1; (last-first+1)*float64(shards) > maxWindowKeys {
		spread(rem)
	} else {
		for j := first; j <= last; j++ {
			amount := math.Min(c1, j+1) - math.Max(c0, j)
			if amount > 0 {
				place(int(math.Mod(j, float64(n))), amount)
			}
		}
	}
	ps.cum = math.Mod(c1, float64(n))
}

// poisson draws a Poisson count with mean mean: exactly below 30, by the
// normal approximation above.
func poisson(rng *rand.Rand, mean float64) float64 {
	if mean <= 0 {
		return 0
	}
	if mean < 30 {
		limit := math.Exp(-mean)
		k, p := 0, rng.Float64()
		for p > limit {
			k++
			p *= rng.Float64()
		}
		return float64(k)
	}
	return math.Max(0, math.Round(mean+math.Sqrt(mean)*rng.NormFloat64()))
}
