package analysis

import (
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// lowCardinalityRemedy ends a low-cardinality warning.
const lowCardinalityRemedy = "add a high-cardinality attribute to the key or shard it"

// weighCardinality adds the design's traffic to each low-cardinality
// warning: what the access patterns' rates put on the index (its reads'
// RCU/s, the WCU/s the writes spend on it, measured per call), the share
// of it the most common key value takes (its share of the index's items),
// and how far that is from what one partition serves. A key of three
// values is a risk at thousands of writes a second and none at a read a
// second: the warning from the data alone said the same of both. Patterns
// without a rate or a measurement add nothing; an index no rated pattern
// reaches keeps the warning as the data gave it.
func weighCardinality(rep *Report) {
	type traffic struct {
		rcu, wcu float64
		rated    bool
	}
	on := map[string]*traffic{} // by table and index
	at := func(table, index string) *traffic {
		k := table + "\x00" + index
		if on[k] == nil {
			on[k] = &traffic{}
		}
		return on[k]
	}
	for i := range rep.AccessPatterns {
		pr := &rep.AccessPatterns[i]
		if !pr.measured || pr.Rate <= 0 {
			continue
		}
		if pr.Op == "read" {
			if pr.Index != "" {
				t := at(pr.Table, pr.Index)
				t.rcu += pr.Rate * pr.Units
				t.rated = true
			}
			continue
		}
		for _, ix := range sortedKeys(pr.IndexUnits) {
			if pr.gsi[ix] {
				t := at(pr.Table, ix)
				t.wcu += pr.Rate * pr.IndexUnits[ix]
				t.rated = true
			}
		}
	}
	for ti := range rep.Tables {
		tr := &rep.Tables[ti]
		for wi := range tr.Warnings {
			w := &tr.Warnings[wi]
			if w.Kind != WarnLowCardinality {
				continue
			}
			t := on[tr.Name+"\x00"+w.Element.Index]
			var share float64
			for _, x := range tr.Indexes {
				if x.Name == w.Element.Index {
					share = x.TopShare
				}
			}
			if t == nil || !t.rated || share == 0 {
				continue
			}
			rcu, wcu := share*t.rcu, share*t.wcu
			use := math.Max(rcu/partition.PartitionRCU, wcu/partition.PartitionWCU)
			weighed := fmt.Sprintf("at the design's rates the index takes %s, and its most common value (%.0f%% of its items) about %s, %s of what one partition serves",
				unitsPerSecond(t.rcu, t.wcu), 100*share, unitsPerSecond(math.Round(rcu), math.Round(wcu)), pct(use))
			switch {
			case use >= 1:
				weighed += ": it throttles at these rates"
			case use > 0:
				weighed += fmt.Sprintf(": it throttles once the traffic grows about %s×", num(floorTwoFigures(1/use)))
			}
			w.Message = strings.TrimSuffix(w.Message, lowCardinalityRemedy) + weighed + "; " + lowCardinalityRemedy
		}
	}
}

// unitsPerSecond says read and write units a second, leaving out a kind
// the index does not get.
func unitsPerSecond(rcu, wcu float64) string {
	switch {
	case wcu == 0:
		return num(rcu) + " RCU/s"
	case rcu == 0:
		return num(wcu) + " WCU/s"
	}
	return num(rcu) + " RCU/s and " + num(wcu) + " WCU/s"
}

// floorTwoFigures rounds x >= 1 down to two significant figures (1,004
// reads as 1,000: the rates are estimates).
func floorTwoFigures(x float64) float64 {
	if x < 10 {
		return math.Floor(x)
	}
	mag := math.Pow(10, math.Floor(math.Log10(x))-1)
	return math.Floor(x/mag) * mag
}
