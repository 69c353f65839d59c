package analysis_test

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// TestLowCardinalityWeighsTheRates: the low-cardinality warning tells what
// the design's rates put on the index and on its most common key value,
// as the measured patterns give them (RCU/s of the reads served by the
// index, WCU/s the writes spend on it), and how far that is from one
// partition's capacity; the same design at a hundred times the rates
// throttles; without rates the warning is the data's alone.
func TestLowCardinalityWeighsTheRates(t *testing.T) {
	figures := regexp.MustCompile(`the index takes ([\d,.]+) RCU/s and ([\d,.]+) WCU/s, and its most common value \((\d+)% of its items\) about ([\d,.]+) RCU/s and ([\d,.]+) WCU/s`)
	parse := func(s string) float64 {
		x, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, scale := range []float64{1, 100, 0} {
		m, err := model.Parse([]byte(dataModel))
		if err != nil {
			t.Fatal(err)
		}
		for i := range m.AccessPatterns {
			m.AccessPatterns[i].Rate *= scale
		}
		rep := analyze(t, m, analysis.Options{})
		ws := rep.WarningsOf(analysis.WarnLowCardinality)
		if len(ws) != 1 {
			t.Fatalf("scale %v: %v", scale, ws)
		}
		msg := ws[0].Message
		t.Logf("× %v: %s", scale, msg)
		if !strings.HasSuffix(msg, "add a high-cardinality attribute to the key or shard it") {
			t.Errorf("scale %v: the remedy is not last: %s", scale, msg)
		}
		f := figures.FindStringSubmatch(msg)
		if scale == 0 {
			if f != nil || strings.Contains(msg, "rates") {
				t.Errorf("without rates the warning weighs traffic: %s", msg)
			}
			continue
		}
		if f == nil {
			t.Fatalf("scale %v: no traffic in %s", scale, msg)
		}
		// What the report's own patterns put on the index.
		var rcu, wcu float64
		for _, p := range rep.AccessPatterns {
			if p.Op == "read" && p.Index == "ByStatus" {
				rcu += p.Rate * p.Units
			} else if p.Op == "write" {
				wcu += p.Rate * p.IndexUnits["ByStatus"]
			}
		}
		var share float64
		for _, tr := range rep.Tables {
			for _, x := range tr.Indexes {
				if x.Name == "ByStatus" {
					share = x.TopShare
				}
			}
		}
		if rcu == 0 || wcu == 0 || share == 0 {
			t.Fatalf("scale %v: the design puts %v RCU/s and %v WCU/s on the index, share %v: the test needs both", scale, rcu, wcu, share)
		}
		// (the design has both reads and writes on the index: both figures
		// are told)
		near := func(what string, got, want, tol float64) {
			if math.Abs(got-want) > tol {
				t.Errorf("scale %v: %s %v, want %v", scale, what, got, want)
			}
		}
		near("index RCU/s", parse(f[1]), rcu, 0.01)
		near("index WCU/s", parse(f[2]), wcu, 0.01)
		near("share %", parse(f[3]), 100*share, 0.5)
		near("hot RCU/s", parse(f[4]), share*rcu, 0.5)
		near("hot WCU/s", parse(f[5]), share*wcu, 0.5)
		use := math.Max(share*rcu/partition.PartitionRCU, share*wcu/partition.PartitionWCU)
		switch {
		case use >= 1 && !strings.Contains(msg, "it throttles at these rates"):
			t.Errorf("scale %v: at %.0f%% of a partition the warning does not say it throttles", scale, 100*use)
		case use < 1 && !strings.Contains(msg, "it throttles once the traffic grows about "+strconv.Itoa(int(1/use))+"×"): // 42: two figures
			t.Errorf("scale %v: at %.1f%% of a partition the warning does not say the headroom (%d×)", scale, 100*use, int(1/use))
		}
	}
}
