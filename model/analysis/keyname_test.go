package analysis_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestReadableKey checks that the simulator's key names read as the
// partition-key values they stand for: the pattern's template with the
// primary parameter's value of that rank and the shard spread over the
// other parameters.
func TestReadableKey(t *testing.T) {
	m := patternModel(t, "write-sharding")
	sims, err := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var votes *analysis.KeySpaceSimulation
	for i := range sims {
		if sims[i].Table == "Votes" {
			votes = &sims[i]
		}
	}
	if votes == nil {
		t.Fatalf("no simulation of Votes in %d", len(sims))
	}
	cases := map[string]map[string]string{
		"Cast a vote":    {"Cast a vote#0.0": "CANDIDATE#c0#0", "Cast a vote#3.17": "CANDIDATE#c3#17", "Cast a vote#x": "Cast a vote#x", "Cast a vote#2": "CANDIDATE#c2#"},
		"Read the total": {"Read the total#0": "CANDIDATE#c0#TOTAL", "Read the total#9": "CANDIDATE#c9#TOTAL"},
	}
	seen := 0
	for i, p := range votes.Workload.Patterns {
		for in, want := range cases[p.Name] {
			seen++
			if got := votes.ReadableKey(m, i, in); got != want {
				t.Errorf("%s: ReadableKey(%q) = %q, want %q", p.Name, in, got, want)
			}
		}
		// The simulator's own hot key reads as a key of the template.
		if hot := votes.ReadableKey(m, i, votes.Result.Patterns[i].HotKey); hot == votes.Result.Patterns[i].HotKey {
			t.Errorf("%s: hot key %q left as the simulator's name", p.Name, hot)
		}
	}
	if seen != 6 {
		t.Errorf("checked %d keys, want 6 (patterns %v)", seen, votes.Patterns)
	}
	if got := votes.ReadableKey(m, 99, "Cast a vote#0.0"); got != "Cast a vote#0.0" {
		t.Errorf("out of range pattern: %q", got)
	}
}
