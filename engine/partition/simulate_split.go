package partition

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

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
