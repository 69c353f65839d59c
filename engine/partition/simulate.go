package partition

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// Dimensions of throughput.
const (
	dimRead  = 0
	dimWrite = 1
)

// ceilings are what one partition serves per second, by dimension.
var ceilings = [2]float64{PartitionRCU, PartitionWCU}

// epoch is the simulated clock's second 0; the buckets never read the clock.
var epoch = time.Unix(0, 0).UTC()

// Simulate runs a workload against a table laid out as l (which it does not
// change) second by second, and reports what each partition consumed, was
// allowed, had throttled and banked, and the events that changed the
// layout. The same layout, workload and seed always give the same result.
//
// Each second, every access pattern's requests are spread over the
// partitions analytically, by each partition's expected share of the
// pattern's keys (see doc.go), then every partition serves its demand from
// its token buckets: its share of the table's throughput, then what
// adaptive capacity lends it from the table's unused throughput, then its
// burst bank, never above 3,000 RCU / 1,000 WCU (or their linear
// combination). What is left is throttled.
func Simulate(l *Layout, w Workload) (*Result, error) {
	if l == nil || len(l.parts) == 0 {
		return nil, invalidf("no layout")
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	if len(w.Changes) > 0 && l.mode != Provisioned {
		return nil, invalidf("throughput changes need a provisioned table")
	}
	s := newSim(l.Clone(), w)
	s.run()
	return s.res, nil
}

// patState is one access pattern during a run.
type patState struct {
	p        AccessPattern
	res      *PatternResult
	units    float64
	fanout   int
	dim      int
	mass     keyMass
	static   []float64 // fraction of the pattern's requests per partition
	windowed bool      // Sequential or RoundRobin: placed key by key each second
	cum      float64   // windowed: logical requests sent so far, modulo a cycle
	hashes   *keyHashes
	now      float64 // table requests this second
}

// partState is one partition during a run.
type partState struct {
	id     int
	lo     uint64
	share  float64
	bucket [2]*capacity.Bucket
	heat   int
	ser    *PartitionSeries
	bytes  float64 // inserted bytes not yet moved into the layout

	rate   [2]float64 // the buckets' rates
	full   [2]bool    // the bucket's bank is full (see serve)

	// This second.
	demand, own, want, borrow, bank, bal, served, lend [2]float64

	// This sample.
	n   int
	acc [2]struct{ consumed, allowed, borrowed, throttled float64 }
}

type sim struct {
	w        Workload
	l        *Layout
	interval int
	adaptive bool
	heatOn   bool
	heatMin  float64
	heatSecs int
	lag      int
	rng      *rand.Rand

	pats    []*patState
	parts   []*partState
	series  []*PartitionSeries
	changes []Change
	req     [][]float64 // [pattern][partition] table requests this second
	frac    [2][]float64

	ring      [2][]float64 // on demand: demand by second, modulo lag
	committed [2]float64

	t       int
	now     time.Time
	seenLog int // steps of the layout's history already reported

	tot   totals // the run's sums
	table sums   // the current sample's sums
	tn    int
	res   *Result
}

// sums are the table's sums over a sample, by dimension.
type sums struct {
	units, throttled, allowed [2]float64
	requests, throttledReqs   float64
}

// totals are the run's sums, by dimension.
type totals struct {
	units, throttled [2]float64
	Requests         float64
	Throttled        float64
	ThrottledSeconds int
}

func newSim(l *Layout, w Workload) *sim {
	s := &sim{
		w:        w,
		l:        l,
		interval: w.interval(),
		adaptive: !w.DisableAdaptive,
		heatOn:   !w.DisableSplitForHeat && !l.hasLSI,
		heatMin:  w.heatThreshold(),
		heatSecs: w.heatSeconds(),
		lag:      w.peakLag(),
		rng:      rand.New(rand.NewPCG(w.Seed, w.Seed^0x9e3779b97f4a7c15)),
		changes:  slices.Clone(w.Changes),
		now:      epoch,
		seenLog:  len(l.history),
		res: &Result{
			Seconds:  w.Seconds,
			Interval: w.interval(),
			Totals:   Totals{PartitionsStart: len(l.parts)},
		},
	}
	slices.SortStableFunc(s.changes, func(a, b Change) int { return cmp.Compare(a.At, b.At) })
	if l.mode == OnDemand {
		s.ring[0] = make([]float64, s.lag)
		s.ring[1] = make([]float64, s.lag)
	}
	for _, p := range w.Patterns {
		ps := &patState{
			p:        p,
			units:    p.Units(),
			fanout:   p.FanOut(),
			mass:     buildMass(p),
			windowed: p.Keys.Dist == Sequential || p.Keys.Dist == RoundRobin,
		}
		if p.Op == Write {
			ps.dim = dimWrite
		}
		if ps.windowed {
			ps.hashes = newKeyHashes(p)
		}
		ps.res = &PatternResult{
			Name: p.Name, Description: p.describe(), Op: p.Op, Units: ps.units, FanOut: ps.fanout,
			Keys: p.Keys.Count * p.shards(), Ceiling: ceilings[ps.dim],
		}
		ps.res.HotKey, ps.res.HotKeyUnits = hottestKey(p, ps)
		s.pats = append(s.pats, ps)
	}
	s.sync()
	return s
}

// hottestKey names a pattern's most requested table key and the units per
// second it receives at the pattern's highest rate.
func hottestKey(p AccessPattern, ps *patState) (string, float64) {
	rate := p.Rate.Max()
	n, shards := float64(p.Keys.Count), float64(p.shards())
	var perKey float64 // logical requests per second on the hottest base key
	key := ps.mass.topKey
	switch p.Keys.Dist {
	case Sequential:
		perKey = math.Min(rate, float64(max(1, p.Keys.ItemsPerKey)))
	case RoundRobin:
		perKey = math.Max(rate/n, math.Min(rate, 1))
	default:
		perKey = rate * ps.mass.topShare
	}
	return keyName(p.prefix(), key, 0, p.shards()), perKey * float64(ps.fanout) / shards * ps.units
}

func (s *sim) run() {
	for s.t = 0; s.t < s.w.Seconds; s.t++ {
		s.now = epoch.Add(time.Duration(s.t) * time.Second)
		s.applyChanges()
		s.commitPeak()
		s.demand()
		s.serve()
		s.account()
		s.grow()
		s.splitForHeat()
		if (s.t+1)%s.interval == 0 || s.t == s.w.Seconds-1 {
			s.flush()
		}
	}
	for _, ps := range s.parts {
		ps.ser.To = s.w.Seconds
	}
	s.finish()
}

// applyChanges makes the UpdateTable calls due this second.
func (s *sim) applyChanges() {
	for len(s.changes) > 0 && s.changes[0].At <= s.t {
		c := s.changes[0]
		s.changes = s.changes[1:]
		s.l.setThroughput(c.RCU, c.WCU, "")
		s.sync()
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
		s.sync()
	}
}

// demand spreads every pattern's requests of this second over the
// partitions.
func (s *sim) demand() {
	for i := range s.parts {
		s.parts[i].demand = [2]float64{}
	}
	for k, ps := range s.pats {
		logical := ps.p.Rate.At(s.t)
		ps.now = logical * float64(ps.fanout)
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
		for i, x := range row {
			s.parts[i].demand[ps.dim] += x * ps.units
		}
	}
	if s.l.mode == OnDemand {
		slot := s.t % s.lag
		s.ring[0][slot], s.ring[1][slot] = 0, 0
		for _, p := range s.parts {
			s.ring[0][slot] += p.demand[0]
			s.ring[1][slot] += p.demand[1]
		}
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

// serve lets every partition serve its demand: its share first, then what
// adaptive capacity lends it, then its burst bank, within the partition's
// ceilings.
//
// A bucket holding a full bank stays full while its partition asks for no
// more than its share, so such a partition is served without touching the
// bucket (which refills lazily, capped, when next used); this exact
// shortcut is what makes a simulated day of mostly quiet partitions fast.
func (s *sim) serve() {
	var borrowed [2]float64
	for d := range 2 {
		var pool, wanted float64
		for _, p := range s.parts {
			rate := p.rate[d]
			dem := p.demand[d]
			p.borrow[d], p.bank[d] = 0, 0
			if dem <= rate && p.full[d] {
				p.own[d], p.want[d], p.lend[d] = dem, 0, rate-dem
				pool += rate - dem
				continue
			}
			if dem <= 0 {
				p.own[d], p.want[d], p.lend[d] = 0, 0, rate
				pool += rate
				continue
			}
			bal := p.bucket[d].Balance(s.now)
			own := min(dem, rate, bal)
			p.own[d] = own
			p.want[d] = max(0, min(dem-own, ceilings[d]-own))
			p.lend[d] = max(0, min(rate, bal)-own)
			p.bal[d] = bal
			pool += p.lend[d]
			wanted += p.want[d]
		}
		ratio := 0.0
		if s.adaptive && wanted > 0 && pool > 0 {
			ratio = min(1, pool/wanted)
		}
		if wanted > 0 {
			for _, p := range s.parts {
				if p.want[d] <= 0 {
					continue
				}
				p.borrow[d] = p.want[d] * ratio
				rest := p.demand[d] - p.own[d] - p.borrow[d]
				p.bank[d] = max(0, min(rest, p.bal[d]-p.own[d], ceilings[d]-p.own[d]-p.borrow[d]))
			}
		}
	}
	for _, p := range s.parts {
		p.served = [2]float64{p.own[0] + p.borrow[0] + p.bank[0], p.own[1] + p.borrow[1] + p.bank[1]}
		// One partition serves at most 3,000 RCU or 1,000 WCU or a linear
		// combination: trim the bank, then the borrowed, then the own share.
		if u := p.served[0]/PartitionRCU + p.served[1]/PartitionWCU; u > 1+1e-12 {
			for d := range 2 {
				cut := p.served[d] * (1 - 1/u)
				for _, part := range []*float64{&p.bank[d], &p.borrow[d], &p.own[d]} {
					take := min(cut, *part)
					*part -= take
					cut -= take
				}
				p.served[d] = p.own[d] + p.borrow[d] + p.bank[d]
			}
		}
		for d := range 2 {
			borrowed[d] += p.borrow[d]
			if p.demand[d] <= 0 || (p.full[d] && p.demand[d] <= p.rate[d]) {
				continue
			}
			b := p.bucket[d]
			b.Take(s.now, min(p.own[d]+p.bank[d], p.bal[d]))
			// Full again next second if what is left and a second's refill
			// reach the bucket's capacity.
			p.full[d] = b.Balance(s.now)+p.rate[d] >= b.Capacity()*(1-1e-12)
		}
	}
	// The lenders give what was borrowed, in proportion to what each had
	// unused.
	for d := range 2 {
		if borrowed[d] <= 0 {
			continue
		}
		var pool float64
		for _, p := range s.parts {
			pool += p.lend[d]
		}
		for _, p := range s.parts {
			if p.lend[d] > 0 {
				b := p.bucket[d]
				give := p.lend[d] * borrowed[d] / pool
				if p.full[d] {
					// The skipped seconds' consumption has not reached the
					// bucket; a full bucket minus this second's own use is
					// what it holds.
					b.Take(s.now, min(p.own[d], b.Balance(s.now)))
					p.full[d] = false
				}
				b.Take(s.now, min(give, b.Balance(s.now)))
			}
		}
	}
}

// account adds the second to the totals, the patterns and the samples.
func (s *sim) account() {
	tot := &s.tot
	var any [2]bool
	for d := range 2 {
		s.frac[d] = s.frac[d][:0]
	}
	for _, p := range s.parts {
		for d := range 2 {
			f, throttled := 0.0, 0.0
			if over := p.demand[d] - p.served[d]; over > throttleEpsilon {
				throttled = over
				f = over / p.demand[d]
				any[d] = true
			}
			s.frac[d] = append(s.frac[d], f)
			a := &p.acc[d]
			a.consumed += p.served[d]
			a.allowed += p.rate[d]
			a.borrowed += p.borrow[d]
			a.throttled += throttled
			tot.units[d] += p.served[d]
			tot.throttled[d] += throttled
			s.table.units[d] += p.served[d]
			s.table.throttled[d] += throttled
		}
		p.n++
	}
	if any[0] || any[1] {
		tot.ThrottledSeconds++
	}
	s.table.allowed[0] += s.l.rcu
	s.table.allowed[1] += s.l.wcu
	s.tn++
	for k, ps := range s.pats {
		var reqs, throttled float64
		for _, x := range s.req[k] {
			reqs += x
		}
		if any[ps.dim] {
			frac := s.frac[ps.dim]
			for i, x := range s.req[k] {
				throttled += x * frac[i]
			}
		}
		r := ps.res
		r.Requests += reqs
		r.Logical += reqs / float64(ps.fanout)
		r.Throttled += throttled
		r.ConsumedUnits += (reqs - throttled) * ps.units
		tot.Requests += reqs
		tot.Throttled += throttled
		s.table.requests += reqs
		s.table.throttledReqs += throttled
	}
}

// throttleEpsilon is the shortfall below which a partition counts as
// having served its demand (float rounding of the bucket arithmetic).
const throttleEpsilon = 1e-6

// grow adds the items that inserting writes stored, and splits every
// partition that then holds more than 10 GB.
func (s *sim) grow() {
	grew := false
	for k, ps := range s.pats {
		if !ps.p.Inserts || ps.p.ItemBytes == 0 {
			continue
		}
		for i, x := range s.req[k] {
			if x > 0 {
				s.parts[i].bytes += x * (1 - s.frac[dimWrite][i]) * float64(ps.p.ItemBytes)
				grew = true
			}
		}
	}
	if !grew {
		return
	}
	full := false
	for i, p := range s.parts {
		whole := math.Floor(p.bytes)
		s.l.parts[i].Bytes += int64(whole)
		p.bytes -= whole
		if s.l.parts[i].Bytes > PartitionBytes {
			full = true
		}
	}
	if full && len(s.l.splitFull()) > 0 {
		s.sync()
	}
}

// splitForHeat splits every partition that has run hot for long enough, at
// the point that best separates its demand, if that helps.
func (s *sim) splitForHeat() {
	if !s.heatOn {
		return
	}
	var due []int
	for i, p := range s.parts {
		if p.demand[0]/PartitionRCU+p.demand[1]/PartitionWCU >= s.heatMin {
			p.heat++
			if p.heat >= s.heatSecs {
				due = append(due, i)
			}
		} else {
			p.heat = 0
		}
	}
	if len(due) == 0 {
		return
	}
	split := false
	for _, i := range slices.Backward(due) {
		s.parts[i].heat = 0
		at, hot, total, ok := s.heatPoint(i)
		if !ok {
			continue
		}
		why := fmt.Sprintf("demand %s of one partition's ceiling for %d s; the hotter side keeps %s of it",
			ratio(total), s.heatSecs, ratio(hot))
		if _, err := s.l.HeatSplit(i, at, why); err == nil {
			split = true
		}
	}
	if split {
		s.sync()
	}
}

// heatPoint finds where to split partition i for heat: the hash that
// minimises the demand of the hotter side, in units of a partition's
// ceiling. It reports false if no split takes a tenth off the hotter side.
func (s *sim) heatPoint(i int) (at uint64, hot, total float64, ok bool) {
	p := s.l.parts[i]
	if p.Hi == p.Lo {
		return 0, 0, 0, false
	}
	type point struct {
		hash uint64
		u    float64
	}
	var pts []point
	var density float64 // demand per unit of hash-space fraction, spread evenly
	for k, ps := range s.pats {
		cu := ps.units / ceilings[ps.dim]
		if ps.windowed {
			density += s.req[k][i] * cu / p.RangeFraction()
			continue
		}
		a, b := ps.mass.between(p.Lo, p.Hi)
		for j := a; j < b; j++ {
			pts = append(pts, point{ps.mass.hash[j], ps.now * ps.mass.weight[j] * cu})
		}
		density += ps.now * ps.mass.diffuse * cu
	}
	slices.SortStableFunc(pts, func(a, b point) int { return cmp.Compare(a.hash, b.hash) })
	cum := make([]float64, len(pts)+1)
	for j, pt := range pts {
		cum[j+1] = cum[j] + pt.u
	}
	total = cum[len(pts)] + density*p.RangeFraction()
	if total <= 0 {
		return 0, 0, 0, false
	}
	// left is the demand on the hashes from p.Lo to c.
	left := func(c uint64) float64 {
		j, _ := slices.BinarySearchFunc(pts, c, func(pt point, c uint64) int {
			if pt.hash <= c {
				return -1
			}
			return 1
		})
		return cum[j] + density*(float64(c-p.Lo)+1)/(1<<64)
	}
	hot = math.Inf(1)
	try := func(c uint64) {
		l := left(c)
		if h := math.Max(l, total-l); h < hot {
			hot, at = h, c
		}
	}
	try(p.Lo + (p.Hi-p.Lo)/2)
	for j := 0; j+1 < len(pts); j++ {
		if pts[j].hash != pts[j+1].hash {
			try(pts[j].hash + (pts[j+1].hash-pts[j].hash)/2)
		}
	}
	if hot > 0.9*total || at >= p.Hi || at < p.Lo {
		return 0, hot, total, false
	}
	return at, hot, total, true
}

// sync matches the partition states to the layout after it changed: new
// partitions get token buckets (and a burst bank inherited from the
// partition they came from, in proportion to their share), surviving ones
// take their new rates, retired ones end their series. It also reports the
// layout's new steps as events and recomputes each pattern's spread.
func (s *sim) sync() {
	old := s.parts
	byID := make(map[int]*partState, len(old))
	for _, p := range old {
		byID[p.id] = p
	}
	parts := make([]*partState, len(s.l.parts))
	kept := make(map[int]bool, len(parts))
	for i, lp := range s.l.parts {
		if p, ok := byID[lp.ID]; ok {
			p.share = lp.Share
			for d, rate := range [2]float64{lp.RCU, lp.WCU} {
				if rate != p.rate[d] {
					p.bucket[d].SetRate(s.now, rate)
					p.rate[d], p.full[d] = rate, false
				}
			}
			parts[i] = p
			kept[lp.ID] = true
			continue
		}
		np := &partState{id: lp.ID, lo: lp.Lo, share: lp.Share}
		var from *partState
		if len(old) > 0 {
			from = old[locateState(old, lp.Lo)]
		}
		for d, rate := range [2]float64{lp.RCU, lp.WCU} {
			bank := 0.0
			if from != nil && from.share > 0 {
				b := from.bucket[d]
				bank = math.Max(0, b.Balance(s.now)-b.Rate()) * lp.Share / from.share
			}
			np.bucket[d] = newBucketWithBank(rate, bank, s.now)
			np.rate[d] = rate
		}
		if from != nil {
			np.bytes = from.bytes * lp.Share / from.share
		}
		np.ser = &PartitionSeries{ID: lp.ID, Parent: lp.Parent, Lo: lp.Lo, Hi: lp.Hi, From: s.t, Start: s.t / s.interval}
		s.series = append(s.series, np.ser)
		parts[i] = np
	}
	for _, p := range old {
		if !kept[p.id] {
			if p.n > 0 {
				s.flushPartition(p)
			}
			p.ser.To = s.t
			p.ser.Bytes = s.bytesOf(p.id)
		}
	}
	s.parts = parts
	for k, ps := range s.pats {
		ps.static = slices.Grow(ps.static[:0], len(parts))[:len(parts)]
		ps.mass.weights(s.l.parts, ps.static)
		if len(s.req) <= k {
			s.req = append(s.req, nil)
		}
		s.req[k] = slices.Grow(s.req[k][:0], len(parts))[:len(parts)]
	}
	for ; s.seenLog < len(s.l.history); s.seenLog++ {
		st := s.l.history[s.seenLog]
		s.res.Events = append(s.res.Events, Event{Second: s.t, Step: st})
		switch {
		case st.Kind == StepSplit:
			s.res.Totals.Splits++
		case st.Kind == StepHeatSplit:
			s.res.Totals.HeatSplits++
		case st.Partitions > st.From:
			s.res.Totals.Doublings++
		}
	}
}

// bytesOf is the data the layout records for partition id, or the data of
// the partitions it split into.
func (s *sim) bytesOf(id int) int64 {
	// A retired partition's data went to its children; report the sum of
	// the current partitions it covers.
	var lo, hi uint64
	found := false
	for _, ser := range s.series {
		if ser.ID == id {
			lo, hi, found = ser.Lo, ser.Hi, true
			break
		}
	}
	if !found {
		return 0
	}
	var sum int64
	for _, p := range s.l.parts {
		if p.Lo >= lo && p.Hi <= hi {
			sum += p.Bytes
		}
	}
	return sum
}

// locateState finds the old state whose range holds hash (old states are
// in hash order and cover the hash space).
func locateState(parts []*partState, hash uint64) int {
	i, _ := slices.BinarySearchFunc(parts, hash, func(p *partState, h uint64) int { return cmp.Compare(p.lo, h) })
	if i == len(parts) || parts[i].lo > hash {
		i--
	}
	return max(i, 0)
}

// newBucketWithBank makes a token bucket at now holding one second's rate
// plus bank units of burst, by starting it bank/rate seconds earlier.
func newBucketWithBank(rate, bank float64, now time.Time) *capacity.Bucket {
	if rate <= 0 || bank <= 0 {
		return capacity.NewBucket(rate, capacity.BurstWindow, now)
	}
	bank = math.Min(bank, rate*capacity.BurstWindow.Seconds())
	back := time.Duration(bank / rate * float64(time.Second))
	return capacity.NewBucket(rate, capacity.BurstWindow, now.Add(-back))
}

// flush closes the current sample: every partition's and the table's.
func (s *sim) flush() {
	for _, p := range s.parts {
		if p.n > 0 {
			s.flushPartition(p)
		}
	}
	n := float64(s.tn)
	t := s.table
	s.res.Table = append(s.res.Table, TableSample{
		Partitions:     len(s.parts),
		ReadConsumed:   t.units[0] / n,
		ReadThrottled:  t.throttled[0] / n,
		ReadAllowed:    t.allowed[0] / n,
		WriteConsumed:  t.units[1] / n,
		WriteThrottled: t.throttled[1] / n,
		WriteAllowed:   t.allowed[1] / n,
		Requests:       t.requests / n,
		Throttled:      t.throttledReqs / n,
	})
	s.table, s.tn = sums{}, 0
}

// flushPartition appends the partition's current sample to its series.
func (s *sim) flushPartition(p *partState) {
	n := float64(p.n)
	for d, ser := range []*Series{&p.ser.Read, &p.ser.Write} {
		a := p.acc[d]
		b := p.bucket[d]
		ser.Consumed = append(ser.Consumed, a.consumed/n)
		ser.Allowed = append(ser.Allowed, a.allowed/n)
		ser.Borrowed = append(ser.Borrowed, a.borrowed/n)
		ser.Throttled = append(ser.Throttled, a.throttled/n)
		ser.Burst = append(ser.Burst, math.Min(b.Balance(s.now), b.Rate()*capacity.BurstWindow.Seconds()))
	}
	p.acc = [2]struct{ consumed, allowed, borrowed, throttled float64 }{}
	p.n = 0
}

// finish fills in the result.
func (s *sim) finish() {
	for i, lp := range s.l.parts {
		s.parts[i].ser.Bytes = lp.Bytes
	}
	s.res.Samples = len(s.res.Table)
	s.res.Partitions = make([]PartitionSeries, len(s.series))
	for i, ser := range s.series {
		s.res.Partitions[i] = *ser
	}
	for _, ps := range s.pats {
		s.res.Patterns = append(s.res.Patterns, *ps.res)
	}
	t := &s.res.Totals
	t.Requests, t.Throttled, t.ThrottledSeconds = s.tot.Requests, s.tot.Throttled, s.tot.ThrottledSeconds
	t.ReadUnits, t.WriteUnits = s.tot.units[0], s.tot.units[1]
	t.ReadThrottled, t.WriteThrottled = s.tot.throttled[0], s.tot.throttled[1]
	t.PartitionsEnd = len(s.l.parts)
	s.res.Layout = s.l
}
