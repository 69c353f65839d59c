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
	s, err := newSim(ctx, l, w)
	if err != nil {
		return nil, err
	}
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

func newSim(ctx context.Context, l *Layout, w Workload) (*sim, error) {
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
	// Placing the keys steps the run as its seconds do (Yield), at second 0.
	var step func() error
	if w.Yield != nil {
		step = func() error { return w.Yield(0) }
	}
	for _, p := range w.Patterns {
		mass, err := buildMassStepping(p, step)
		if err != nil {
			return nil, err
		}
		ps := &patState{
			p:        p,
			units:    p.Units(),
			fanout:   p.FanOut(),
			mass:     mass,
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
	return s, nil
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

// YieldEvery is how many simulated seconds pass between calls of
// Workload.Yield: few enough that a caller slicing the run by real time
// (the page, which must hand the browser its thread every few dozen
// milliseconds) sees the clock often, even for a large table on a slow
// machine; a call costs nothing beside a simulated second's work.
const YieldEvery = 10
