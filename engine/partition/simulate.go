package partition

import (
	"cmp"
	"context"
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
// burst bank, never above 3,000 RCU / 1,000 WCU (nor, with LinearCeiling,
// their linear combination). What is left is throttled.
func Simulate(l *Layout, w Workload) (*Result, error) {
	return SimulateContext(context.Background(), l, w)
}

// SimulateContext is Simulate stopping early, with ctx's error, when ctx is
// done (a server cancels it when its client leaves), and with a
// *BudgetError when the run would take more than w.Budget.
func SimulateContext(ctx context.Context, l *Layout, w Workload) (*Result, error) {
	if l == nil || len(l.parts) == 0 {
		return nil, invalidf("no layout")
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	if len(w.Changes) > 0 && l.mode != Provisioned {
		return nil, invalidf("throughput changes need a provisioned table")
	}
	if w.Budget > 0 && int64(len(l.parts)) > w.Budget {
		return nil, &BudgetError{Budget: w.Budget, Seconds: w.Seconds, Partitions: len(l.parts)}
	}
	return runBounded(ctx, l.Clone(), w)
}

// runBounded runs the simulation; a run out of budget unwinds from deep
// inside (sync, which allocates the new partitions' series) with a
// *BudgetError panic, recovered here.
func runBounded(ctx context.Context, l *Layout, w Workload) (res *Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			be, ok := p.(*BudgetError)
			if !ok {
				panic(p)
			}
			res, err = nil, be
		}
	}()
	s := newSim(ctx, l, w)
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.res, nil
}

// BudgetError is a run that needs more than its Workload.Budget: it
// stopped at second At of Seconds, on Partitions partitions.
type BudgetError struct {
	Budget      int64
	At, Seconds int
	Partitions  int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the simulation needs more work than its budget of %d partition-seconds: it reached %d partitions at second %d of %d; "+
		"shorten the duration, or lower the rates, item sizes or table size that multiply the partitions", e.Budget, e.Partitions, e.At, e.Seconds)
}

// cancelEvery is how many simulated seconds pass between looks at the
// run's context.
const cancelEvery = 64

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
	// direct patterns (not windowed, no noise) put their expected spread
	// straight into the demand; their requests on partition i are
	// now × static[i].
	direct    bool
	staticSum float64
}

// reqAt is pattern k's table requests on partition i this second.
func (s *sim) reqAt(k, i int) float64 {
	if ps := s.pats[k]; ps.direct {
		return ps.now * ps.static[i]
	}
	return s.req[k][i]
}

// partState is one partition during a run. While the layout does not
// change, its per-second values live in the simulator's vectors (indexed
// by the partition's place in hash order); sync saves them here and loads
// them back at the partition's new place.
type partState struct {
	id     int
	lo     uint64
	share  float64
	bucket [2]*capacity.Bucket
	heat   int // seconds in a row it has run hot
	ser    *PartitionSeries
	bytes  float64 // inserted bytes not yet moved into the layout

	rate [2]float64
	full [2]bool
	acc  [2]accum
	n    int
}

// accum sums one dimension of a partition over the current sample.
type accum struct{ consumed, allowed, borrowed, throttled float64 }

// vec holds one value per partition, by dimension.
type vec [2][]float64

func (v *vec) resize(n int) {
	for d := range 2 {
		v[d] = slices.Grow(v[d][:0], n)[:n]
		clear(v[d])
	}
}

type sim struct {
	ctx      context.Context
	events   int64 // spent so far (see Workload.Budget)
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

	// Per partition, in hash order: this second's demand, its parts and
	// what was served (see serve), and the sample's sums.
	demand, rate, own, want, borrow, bank, bal, served, lend, frac vec
	sumConsumed, sumAllowed, sumBorrowed, sumThrottled             vec

	full [2][]bool
	// base and allowN count the sample's seconds before each partition
	// began, and before its rate last changed; heat counts the seconds in
	// a row it has run hot.
	base, allowN, heat []int

	slow         [2][]int   // partitions served from their buckets this second
	easy         [2]bool    // no partition asked for more than its share
	throttledNow [2]bool    // something was throttled this second
	totalDemand  [2]float64 // this second
	sharesFit    bool       // every share fits a partition: RCU + 3 WCU ≤ 3,000

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
	requests         float64
	throttledReqs    float64
	throttledSeconds int
}

func newSim(ctx context.Context, l *Layout, w Workload) *sim {
	s := &sim{
		ctx:      ctx,
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
		ps.direct = !ps.windowed && !w.Noise
		ps.res = &PatternResult{
			Name: p.Name, Description: p.describe(), Op: p.Op, Units: ps.units, FanOut: ps.fanout,
			Keys: p.Keys.Count * p.shards(), Ceiling: ceilings[ps.dim],
		}
		ps.res.HotKey, ps.res.HotKeyUnits = hottestKey(p, ps)
		s.pats = append(s.pats, ps)
	}
	s.sync(0)
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

func (s *sim) run() error {
	for s.t = 0; s.t < s.w.Seconds; s.t++ {
		if s.t%cancelEvery == 0 && s.ctx != nil {
			if err := s.ctx.Err(); err != nil {
				return err
			}
		}
		// Every partition serving a second is an event: the work of a
		// second, and the memory of the series, grow with them.
		s.events += int64(len(s.parts))
		if s.overBudget() {
			return s.budgetError()
		}
		s.now = epoch.Add(time.Duration(s.t) * time.Second)
		s.applyChanges()
		s.commitPeak()
		s.demandOf()
		s.serve()
		s.account()
		if err := s.grow(); err != nil {
			return err
		}
		s.splitForHeat()
		if (s.t+1)%s.interval == 0 || s.t == s.w.Seconds-1 {
			s.flush()
		}
		if s.w.Yield != nil && (s.t+1)%YieldEvery == 0 {
			if err := s.w.Yield(s.t + 1); err != nil {
				return err
			}
		}
	}
	s.finish()
	return nil
}

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

// serve lets every partition serve its demand: its share first, then what
// adaptive capacity lends it, then its burst bank, within the partition's
// ceilings.
//
// A bucket holding a full bank stays full while its partition asks for no
// more than its share, so such a partition is served without touching the
// bucket (which refills lazily, capped, when next used): an exact shortcut
// that makes a simulated day of mostly quiet partitions fast. A dimension
// in which no partition asks for more than its share is "easy": everything
// is served and nothing is borrowed.
func (s *sim) serve() {
	n := len(s.parts)
	var borrowed [2]float64
	for d := range 2 {
		dem, rate, full := s.demand[d][:n], s.rate[d][:n], s.full[d][:n]
		own, want, lend, bal := s.own[d][:n], s.want[d][:n], s.lend[d][:n], s.bal[d][:n]
		borrow, bank, served := s.borrow[d][:n], s.bank[d][:n], s.served[d][:n]
		// First the partitions that need their bucket: those asking for
		// more than their share, or whose bank is not full.
		// The consumed sums take the demand here, in the same pass;
		// account takes off what is throttled.
		cons := s.sumConsumed[d][:n]
		slow := s.slow[d][:0]
		for i := range n {
			x := dem[i]
			cons[i] += x
			if x > rate[i] || (!full[i] && x > 0) {
				slow = append(slow, i)
			}
		}
		s.slow[d] = slow
		short := false // some partition wants more than its own share gives
		for _, i := range slow {
			x := dem[i]
			b := s.parts[i].bucket[d].Balance(s.now)
			o := min(x, rate[i], b)
			own[i], bal[i] = o, b
			short = short || x > o
		}
		// An easy dimension: everyone is served their demand (served is
		// the demand; own is set for the slow partitions only).
		s.easy[d] = !short
		if !short {
			continue
		}
		var pool, wanted float64
		for i := range n {
			x, r := dem[i], rate[i]
			if x <= r && (full[i] || x <= 0) {
				own[i], want[i], lend[i] = x, 0, r-x
				pool += r - x
				continue
			}
			o := own[i]
			want[i] = max(0, min(x-o, ceilings[d]-o))
			lend[i] = max(0, min(r, bal[i])-o)
			pool += lend[i]
			wanted += want[i]
		}
		ratio := 0.0
		if s.adaptive && pool > 0 && wanted > 0 {
			ratio = min(1, pool/wanted)
		}
		for i := range n {
			borrow[i], bank[i] = 0, 0
			if want[i] > 0 {
				borrow[i] = want[i] * ratio
				borrowed[d] += borrow[i]
				rest := dem[i] - own[i] - borrow[i]
				bank[i] = max(0, min(rest, bal[i]-own[i], ceilings[d]-own[i]-borrow[i]))
			}
			served[i] = own[i] + borrow[i] + bank[i]
		}
	}
	// With LinearCeiling, one partition serves at most 3,000 RCU or 1,000
	// WCU or a linear combination (RCU + 3 WCU ≤ 3,000): trim the bank,
	// then the borrowed, then the own share. Easy seconds of a table whose
	// every share fits need no check.
	if s.w.LinearCeiling && !(s.easy[0] && s.easy[1] && s.sharesFit) {
		for d := range 2 {
			if s.easy[d] {
				copy(s.served[d][:n], s.demand[d][:n])
			}
		}
		sr, sw := s.served[0][:n], s.served[1][:n]
		for i := range n {
			if sr[i]+3*sw[i] <= PartitionRCU*(1+1e-12) {
				continue
			}
			for d := range 2 {
				if s.easy[d] {
					// Trimming makes the dimension uneasy: its parts are
					// needed from here on.
					copy(s.own[d][:n], s.demand[d][:n])
					clear(s.borrow[d][:n])
					clear(s.bank[d][:n])
					s.easy[d] = false
				}
			}
			u := sr[i]/PartitionRCU + sw[i]/PartitionWCU
			for d := range 2 {
				cut := s.served[d][i] * (1 - 1/u)
				for _, part := range []*float64{&s.bank[d][i], &s.borrow[d][i], &s.own[d][i]} {
					take := min(cut, *part)
					*part -= take
					cut -= take
					if part == &s.borrow[d][i] {
						borrowed[d] -= take
					}
				}
				s.served[d][i] = s.own[d][i] + s.borrow[d][i] + s.bank[d][i]
			}
		}
	}
	for d := range 2 {
		bank := s.bank[d]
		for _, i := range s.slow[d] {
			b := s.parts[i].bucket[d]
			use := s.own[d][i]
			if !s.easy[d] {
				use += bank[i]
			}
			b.Take(s.now, min(use, s.bal[d][i]))
			// Full again next second if what is left and a second's refill
			// reach the bucket's capacity.
			s.full[d][i] = b.Balance(s.now)+s.rate[d][i] >= b.Capacity()*(1-1e-12)
		}
	}
	// The lenders give what was borrowed, in proportion to what each had
	// unused.
	for d := range 2 {
		if borrowed[d] <= 0 {
			continue
		}
		var pool float64
		for i := range n {
			pool += s.lend[d][i]
		}
		for i := range n {
			if s.lend[d][i] <= 0 {
				continue
			}
			b := s.parts[i].bucket[d]
			if s.full[d][i] {
				// This second's own use has not reached a full bucket yet.
				b.Take(s.now, min(s.own[d][i], b.Balance(s.now)))
				s.full[d][i] = false
			}
			b.Take(s.now, min(s.lend[d][i]*borrowed[d]/pool, b.Balance(s.now)))
		}
	}
}

// throttleEpsilon is the shortfall below which a partition counts as
// having served its demand (float rounding of the bucket arithmetic).
const throttleEpsilon = 1e-6

// account adds the second to the totals, the patterns and the samples.
func (s *sim) account() {
	n := len(s.parts)
	var any [2]bool
	for d := range 2 {
		dem, cons := s.demand[d][:n], s.sumConsumed[d][:n]
		var units, throttled float64
		if s.easy[d] {
			// serve added the demand to the consumed sums.
			units = s.totalDemand[d]
		} else {
			served, frac := s.served[d][:n], s.frac[d][:n]
			borr, thr, borrow := s.sumBorrowed[d][:n], s.sumThrottled[d][:n], s.borrow[d][:n]
			for i := range n {
				f, t := 0.0, 0.0
				if over := dem[i] - served[i]; over > throttleEpsilon {
					t, f = over, over/dem[i]
					any[d] = true
				}
				frac[i] = f
				cons[i] -= dem[i] - served[i] // serve added the demand
				units += served[i]
				borr[i] += borrow[i]
				thr[i] += t
				throttled += t
			}
		}
		s.tot.units[d] += units
		s.tot.throttled[d] += throttled
		s.table.units[d] += units
		s.table.throttled[d] += throttled
	}
	if any[0] || any[1] {
		s.tot.throttledSeconds++
	}
	s.throttledNow = any
	s.table.allowed[0] += s.l.rcu
	s.table.allowed[1] += s.l.wcu
	s.tn++
	for k, ps := range s.pats {
		var reqs, throttled float64
		if ps.direct {
			reqs = ps.now * ps.staticSum
			if any[ps.dim] {
				frac := s.frac[ps.dim][:n]
				for i, f := range ps.static[:n] {
					throttled += f * frac[i]
				}
				throttled *= ps.now
			}
		} else {
			row := s.req[k][:n]
			for _, x := range row {
				reqs += x
			}
			if any[ps.dim] {
				frac := s.frac[ps.dim][:n]
				for i, x := range row {
					throttled += x * frac[i]
				}
			}
		}
		r := ps.res
		r.Requests += reqs
		r.Logical += reqs / float64(ps.fanout)
		r.Throttled += throttled
		r.ConsumedUnits += (reqs - throttled) * ps.units
		s.tot.requests += reqs
		s.tot.throttledReqs += throttled
		s.table.requests += reqs
		s.table.throttledReqs += throttled
	}
}

// overBudget reports whether the run has spent more than its budget.
func (s *sim) overBudget() bool {
	return s.w.Budget > 0 && s.events > s.w.Budget
}

// splitCost is what one split spends on the layout's bookkeeping, which
// walks every partition (sync charges the new partitions' series).
func (s *sim) splitCost() int64 {
	return int64(len(s.l.parts))
}

func (s *sim) budgetError() error {
	return &BudgetError{Budget: s.w.Budget, At: s.t, Seconds: s.w.Seconds, Partitions: len(s.l.parts)}
}

// grow adds the items that inserting writes stored, and splits every
// partition that then holds more than 10 GB. A split costs events in
// proportion to the partitions (the layout's bookkeeping walks them all),
// so a run out of budget stops mid-way with a BudgetError.
func (s *sim) grow() error {
	grew := false
	for k, ps := range s.pats {
		if !ps.p.Inserts || ps.p.ItemBytes == 0 {
			continue
		}
		for i := range s.parts {
			if x := s.reqAt(k, i); x > 0 {
				f := 0.0
				if s.throttledNow[dimWrite] {
					f = s.frac[dimWrite][i]
				}
				s.parts[i].bytes += x * (1 - f) * float64(ps.p.ItemBytes)
				grew = true
			}
		}
	}
	if !grew {
		return nil
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
	if !full {
		return nil
	}
	limit := -1
	if s.w.Budget > 0 {
		limit = int(min(max(0, s.w.Budget-s.events)/s.splitCost(), math.MaxInt32))
	}
	steps, stopped := s.l.splitFullN(limit)
	s.events += int64(len(steps)) * s.splitCost()
	if stopped || s.overBudget() {
		return s.budgetError()
	}
	if len(steps) > 0 {
		s.sync(s.t + 1)
	}
	return nil
}

// splitForHeat splits every partition that has run hot for long enough, at
// the point that best separates its demand, if that helps.
func (s *sim) splitForHeat() {
	if !s.heatOn {
		return
	}
	var due []int
	hot := s.heatMin * PartitionRCU // RCU + 3 WCU at the threshold
	// A split moves no throughput: while the whole table asks for more
	// than it has in a dimension, splitting for heat in it cannot help, so
	// a partition heats only through a dimension the table can spare.
	var over [2]bool
	known := false
	n := len(s.parts)
	dr, dw, heat := s.demand[0][:n], s.demand[1][:n], s.heat[:n]
	for i := range n {
		if dr[i]+3*dw[i] < hot {
			if heat[i] != 0 {
				heat[i] = 0
			}
			continue
		}
		if !known {
			over, known = s.tableOver(), true
		}
		if (dr[i] <= 0 || over[0]) && (dw[i] <= 0 || over[1]) {
			heat[i] = 0
			continue
		}
		heat[i]++
		if heat[i] >= s.heatSecs {
			due = append(due, i)
		}
	}
	if len(due) == 0 {
		return
	}
	split := false
	for _, i := range slices.Backward(due) {
		heat[i] = 0
		at, hot, total, ok := s.heatPoint(i)
		if !ok {
			continue
		}
		why := fmt.Sprintf("demand at %s%% of one partition's ceiling for %d s; split where the hotter side keeps %s%%",
			num(100*total), s.heatSecs, num(100*hot))
		if _, err := s.l.HeatSplit(i, at, why); err == nil {
			split = true
			s.events += s.splitCost()
		}
	}
	if split {
		s.sync(s.t + 1)
	}
}

// tableOver reports, by dimension, whether the table's demand this second
// exceeds its throughput.
func (s *sim) tableOver() [2]bool {
	var sum [2]float64
	for d := range 2 {
		for _, x := range s.demand[d] {
			sum[d] += x
		}
	}
	return [2]bool{sum[0] > s.l.rcu*(1+1e-9), sum[1] > s.l.wcu*(1+1e-9)}
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

// sync matches the partition states to the layout after it changed, which
// applies from second at (this second for a change made before the second
// is served, the next one for a split made after): new partitions get
// token buckets (and a burst bank inherited from the partition they came
// from, in proportion to their share), surviving ones take their new
// rates, retired ones end their series. It also reports the layout's new
// steps as events and recomputes each pattern's spread.
func (s *sim) sync(at int) {
	when := epoch.Add(time.Duration(at) * time.Second)
	old := s.parts
	for i, p := range old {
		s.save(i, p)
	}
	byID := make(map[int]*partState, len(old))
	for _, p := range old {
		byID[p.id] = p
	}
	// The new partitions' series hold ten numbers per sample left: charge
	// them before allocating, so the budget bounds the run's memory.
	fresh := 0
	for _, lp := range s.l.parts {
		if _, ok := byID[lp.ID]; !ok {
			fresh++
		}
	}
	s.events += int64(fresh) * 10 * int64(max(0, (s.w.Seconds+s.interval-1)/s.interval-at/s.interval))
	if s.overBudget() {
		s.t = at
		panic(s.budgetError())
	}
	parts := make([]*partState, len(s.l.parts))
	kept := make(map[int]bool, len(parts))
	for i, lp := range s.l.parts {
		if p, ok := byID[lp.ID]; ok {
			p.share = lp.Share
			for d, rate := range [2]float64{lp.RCU, lp.WCU} {
				if rate != p.rate[d] {
					p.bucket[d].SetRate(when, rate)
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
				// What the parent would carry into second at.
				b := from.bucket[d]
				bank = max(0, b.Balance(when)-b.Rate()) * lp.Share / from.share
			}
			np.bucket[d] = newBucketWithBank(rate, bank, s.burstWindow(), when)
			np.rate[d] = rate
		}
		if from != nil && from.share > 0 {
			np.bytes = from.bytes * lp.Share / from.share
		}
		np.ser = &PartitionSeries{ID: lp.ID, Parent: lp.Parent, Lo: lp.Lo, Hi: lp.Hi, From: at, Start: at / s.interval}
		np.ser.Read, np.ser.Write = s.newSeries(np.ser.Start), s.newSeries(np.ser.Start)
		s.series = append(s.series, np.ser)
		parts[i] = np
	}
	for _, p := range old {
		if !kept[p.id] {
			if p.n > 0 {
				s.flushPartition(p)
			}
			p.ser.To = at
			p.ser.Bytes = s.bytesIn(p.ser.Lo, p.ser.Hi)
		}
	}
	s.parts = parts
	n := len(parts)
	for _, v := range []*vec{&s.demand, &s.rate, &s.own, &s.want, &s.borrow, &s.bank, &s.bal, &s.served, &s.lend, &s.frac,
		&s.sumConsumed, &s.sumAllowed, &s.sumBorrowed, &s.sumThrottled} {
		v.resize(n)
	}
	for d := range 2 {
		s.full[d] = slices.Grow(s.full[d][:0], n)[:n]
	}
	s.base = slices.Grow(s.base[:0], n)[:n]
	s.heat = slices.Grow(s.heat[:0], n)[:n]
	s.allowN = slices.Grow(s.allowN[:0], n)[:n]
	s.sharesFit = true
	for i, p := range parts {
		s.load(i, p)
		if p.rate[0]+3*p.rate[1] > PartitionRCU*(1+1e-12) {
			s.sharesFit = false
		}
	}
	for k, ps := range s.pats {
		ps.static = slices.Grow(ps.static[:0], n)[:n]
		ps.mass.weights(s.l.parts, ps.static)
		ps.staticSum = 0
		for _, f := range ps.static {
			ps.staticSum += f
		}
		if len(s.req) <= k {
			s.req = append(s.req, nil)
		}
		s.req[k] = slices.Grow(s.req[k][:0], n)[:n]
		clear(s.req[k])
	}
	for ; s.seenLog < len(s.l.history); s.seenLog++ {
		st := s.l.history[s.seenLog]
		s.res.Events = append(s.res.Events, Event{Second: at, Step: st})
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

// newSeries makes a series with room for the samples from start to the
// end of the run, in one allocation.
func (s *sim) newSeries(start int) Series {
	n := max(0, (s.w.Seconds+s.interval-1)/s.interval-start)
	buf := make([]float64, 5*n)
	return Series{
		Consumed:  buf[0:0:n],
		Allowed:   buf[n : n : 2*n],
		Borrowed:  buf[2*n : 2*n : 3*n],
		Throttled: buf[3*n : 3*n : 4*n],
		Burst:     buf[4*n : 4*n : 5*n],
	}
}

// save copies partition i's live values from the vectors into p.
func (s *sim) save(i int, p *partState) {
	n := s.tn - s.base[i]
	for d := range 2 {
		p.rate[d], p.full[d], p.heat = s.rate[d][i], s.full[d][i], s.heat[i]
		// The rate has not changed since allowN seconds into the sample.
		allowed := s.sumAllowed[d][i] + s.rate[d][i]*float64(n-s.allowN[i])
		p.acc[d] = accum{s.sumConsumed[d][i], allowed, s.sumBorrowed[d][i], s.sumThrottled[d][i]}
	}
	p.n = n
}

// load copies p's values into the vectors at index i.
func (s *sim) load(i int, p *partState) {
	for d := range 2 {
		s.rate[d][i], s.full[d][i] = p.rate[d], p.full[d]
		a := p.acc[d]
		s.sumConsumed[d][i], s.sumAllowed[d][i], s.sumBorrowed[d][i], s.sumThrottled[d][i] = a.consumed, a.allowed, a.borrowed, a.throttled
	}
	s.heat[i] = p.heat
	s.base[i] = s.tn - p.n
	s.allowN[i] = p.n
}

// bytesIn is the data the layout holds in a hash range.
func (s *sim) bytesIn(lo, hi uint64) int64 {
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

// YieldEvery is how many simulated seconds pass between calls of
// Workload.Yield: few enough that a caller slicing the run by real time
// (the page, which must hand the browser its thread every few dozen
// milliseconds) sees the clock often, even for a large table on a slow
// machine; a call costs nothing beside a simulated second's work.
const YieldEvery = 10

// burstWindow is how much unused capacity a bucket banks: DynamoDB's 300
// seconds, or none with burst capacity turned off (the bucket then holds
// the current second's rate alone).
func (s *sim) burstWindow() time.Duration {
	if s.w.DisableBurst {
		return 0
	}
	return capacity.BurstWindow
}

// newBucketWithBank makes a token bucket at now holding one second's rate
// plus bank units of burst (up to window's worth), by starting it
// bank/rate seconds earlier.
func newBucketWithBank(rate, bank float64, window time.Duration, now time.Time) *capacity.Bucket {
	if rate <= 0 || bank <= 0 {
		return capacity.NewBucket(rate, window, now)
	}
	bank = math.Min(bank, rate*window.Seconds())
	back := time.Duration(bank / rate * float64(time.Second))
	return capacity.NewBucket(rate, window, now.Add(-back))
}

// flush closes the current sample: every partition's and the table's.
func (s *sim) flush() {
	for i, p := range s.parts {
		s.save(i, p)
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
	for i, p := range s.parts {
		s.load(i, p)
	}
}

// flushPartition appends p's current sample (from its saved values) to its
// series and clears the sums.
func (s *sim) flushPartition(p *partState) {
	n := float64(p.n)
	for d := range 2 {
		ser := &p.ser.Read
		if d == dimWrite {
			ser = &p.ser.Write
		}
		a := p.acc[d]
		b := p.bucket[d]
		bank := b.Rate() * s.burstWindow().Seconds()
		if !p.full[d] {
			bank = min(b.Balance(s.now), bank)
		}
		ser.Consumed = append(ser.Consumed, a.consumed/n)
		ser.Allowed = append(ser.Allowed, a.allowed/n)
		ser.Borrowed = append(ser.Borrowed, a.borrowed/n)
		ser.Throttled = append(ser.Throttled, a.throttled/n)
		ser.Burst = append(ser.Burst, bank)
	}
	p.acc = [2]accum{}
	p.n = 0
}

// finish fills in the result.
func (s *sim) finish() {
	for i, lp := range s.l.parts {
		s.parts[i].ser.Bytes = lp.Bytes
		s.parts[i].ser.To = s.w.Seconds
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
	t.Requests, t.Throttled, t.ThrottledSeconds = s.tot.requests, s.tot.throttledReqs, s.tot.throttledSeconds
	t.ReadUnits, t.WriteUnits = s.tot.units[0], s.tot.units[1]
	t.ReadThrottled, t.WriteThrottled = s.tot.throttled[0], s.tot.throttled[1]
	t.PartitionsEnd = len(s.l.parts)
	t.Work = s.events
	s.res.Layout = s.l
}
