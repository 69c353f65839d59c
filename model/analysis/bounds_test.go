package analysis_test

import (
	"context"
	"errors"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestCancelled checks that a done context stops Analyze and Simulate with
// its error.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := analysis.Options{Resolve: patterns.Generator, Context: ctx}
	if _, err := analysis.Analyze(patternModel(t, "write-sharding"), o); !errors.Is(err, context.Canceled) {
		t.Errorf("Analyze: %v, want context.Canceled", err)
	}
	if _, err := analysis.Simulate(patternModel(t, "write-sharding"), o, 600, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Simulate: %v, want context.Canceled", err)
	}
}

// TestBudget checks that the budget covers the key spaces together, and
// that the Workload hook reaches the simulator.
func TestBudget(t *testing.T) {
	m := patternModel(t, "write-sharding")
	o := analysis.Options{Resolve: patterns.Generator}
	sims, err := analysis.Simulate(m, o, 600, 0)
	if err != nil {
		t.Fatal(err)
	}
	var work int64
	for _, s := range sims {
		work += s.Result.Totals.Work
	}
	o.Budget = work
	if _, err := analysis.Simulate(m, o, 600, 0); err != nil {
		t.Errorf("budget of exactly the work: %v", err)
	}
	o.Budget = work - 1
	var be *partition.BudgetError
	if _, err := analysis.Simulate(m, o, 600, 0); !errors.As(err, &be) {
		t.Errorf("budget one below the work: %v, want a *partition.BudgetError", err)
	}
	o.Budget = 0
	o.Workload = func(w partition.Workload) partition.Workload {
		w.DisableBurst = true
		w.Seconds = 1 // ignored: the hook keeps the duration
		return w
	}
	sims, err = analysis.Simulate(m, o, 600, 0)
	if err != nil {
		t.Fatal(err)
	}
	if w := sims[0].Workload; !w.DisableBurst || w.Seconds != 600 {
		t.Errorf("workload after the hook: burst off %v, %d s", w.DisableBurst, w.Seconds)
	}
}
