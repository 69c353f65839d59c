package partition

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
