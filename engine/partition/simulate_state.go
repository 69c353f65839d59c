package partition

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

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
