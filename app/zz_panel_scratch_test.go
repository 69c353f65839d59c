package app

import (
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/analysis"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/patterns"
)

func TestZZScratch(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	for _, shards := range []int64{1, 20} {
		m := p.Model()
		for i := range m.Workload.Requests {
			for j := range m.Workload.Requests[i].Keys {
				if m.Workload.Requests[i].Keys[j].Parameter == "shard" {
					m.Workload.Requests[i].Keys[j].Cardinality = shards
				}
			}
		}
		t0 := time.Now()
		sims, err := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator, Items: 200}, 86400, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("shards %d: %v", shards, time.Since(t0))
		for _, s := range sims {
			t.Logf("  %s/%s pats %v: %+v interval %d samples %d layout %d", s.Table, s.Index, s.Patterns, s.Result.Totals, s.Result.Interval, s.Result.Samples, s.Result.Layout.Len())
			for _, pp := range s.Workload.Patterns {
				t.Logf("    %+v", pp)
			}
			t1 := time.Now()
			short, _ := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator, Items: 200}, 1, 0)
			t.Logf("  1s sim: %v layout %d mode %v", time.Since(t1), short[0].Result.Layout.Len(), short[0].Result.Layout.Mode())
			w := s.Workload
			w.Seconds = 86400
			t2 := time.Now()
			r, err := partition.Simulate(short[0].Result.Layout, w)
			t.Logf("  direct: %v %v %+v", time.Since(t2), err, r.Totals)
		}
	}
}
