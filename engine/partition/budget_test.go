package partition

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// flood is a workload whose inserts fill the table by many gigabytes a
// second: its partitions multiply, and so does the work of every second.
func flood(seconds int) Workload {
	return Workload{Seconds: seconds, Patterns: []AccessPattern{{
		Name: "flood", Op: Write, ItemBytes: 400 * 1024, Inserts: true,
		Rate: Rate{Base: 1e9}, Keys: Keys{Dist: Uniform, Count: 1_000_000},
	}}}
}

func TestSimulateBudget(t *testing.T) {
	w := flood(3600)
	w.Budget = 100_000
	_, err := Simulate(NewOnDemand(), w)
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("Simulate over budget: %v, want a *BudgetError", err)
	}
	if be.Budget != w.Budget || be.Seconds != 3600 || be.At >= 3600 {
		t.Errorf("budget error %+v", be)
	}
	if !strings.Contains(err.Error(), "budget of 100000 partition-seconds") {
		t.Errorf("message %q does not name the budget", err)
	}
}

// TestSimulateBudgetEnough checks that a budget the run fits in changes
// nothing, and that Totals.Work is what a budget is compared with.
func TestSimulateBudgetEnough(t *testing.T) {
	w := Workload{Seconds: 600, Patterns: []AccessPattern{{
		Name: "put", Op: Write, ItemBytes: 800, Inserts: true, Rate: Rate{Base: 3000}, Keys: Keys{Dist: Uniform, Count: 1000},
	}}}
	free, err := Simulate(NewProvisioned(1000, 1000), w)
	if err != nil {
		t.Fatal(err)
	}
	if free.Totals.Work < 600 {
		t.Fatalf("work %d: at least one partition for 600 s", free.Totals.Work)
	}
	w.Budget = free.Totals.Work
	bounded, err := Simulate(NewProvisioned(1000, 1000), w)
	if err != nil {
		t.Fatalf("budget of exactly the work: %v", err)
	}
	if !reflect.DeepEqual(free.Totals, bounded.Totals) {
		t.Errorf("totals differ: %+v and %+v", free.Totals, bounded.Totals)
	}
	w.Budget = free.Totals.Work - 1
	if _, err := Simulate(NewProvisioned(1000, 1000), w); err == nil {
		t.Errorf("budget one below the work: no error")
	}
}

func TestSimulateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := SimulateContext(ctx, NewOnDemand(), flood(3600)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v, want context.Canceled", err)
	}
	// Cancelled mid-run, through the Yield hook.
	ctx, cancel = context.WithCancel(context.Background())
	w := Workload{Seconds: Day, Patterns: []AccessPattern{{Name: "get", Op: Read, ItemBytes: 100, Rate: Rate{Base: 10}, Keys: Keys{Dist: Uniform, Count: 10}}}}
	w.Yield = func(second int) error { cancel(); return nil }
	if _, err := SimulateContext(ctx, NewOnDemand(), w); !errors.Is(err, context.Canceled) {
		t.Fatalf("run cancelled at second %d: %v, want context.Canceled", YieldEvery, err)
	}
	// Stopped by the Yield hook's own error, with that error.
	stop := errors.New("stop here")
	reached := 0
	w.Yield = func(second int) error { reached = second; return stop }
	if _, err := Simulate(NewOnDemand(), w); !errors.Is(err, stop) || reached != YieldEvery {
		t.Fatalf("run stopped by Yield at second %d: %v, want %v at second %d", reached, err, stop, YieldEvery)
	}
}

// TestSimulateYieldsPlacingKeys: placing a pattern's keys on the hash
// space (a MD5 each, up to 65,536 keys) calls Yield at second 0 every
// massStep keys, so the page's thread is handed back during a large
// pattern's setup too; a Yield error there stops the run with it, and a
// Yield that lets it go changes nothing of the result.
func TestSimulateYieldsPlacingKeys(t *testing.T) {
	w := Workload{Seconds: 120, Patterns: []AccessPattern{{Name: "get", Op: Read, ItemBytes: 100, Rate: Rate{Base: 1000}, Keys: Keys{Dist: Zipf, Count: 1 << 20}}}}
	want, err := Simulate(NewOnDemand(), w)
	if err != nil {
		t.Fatal(err)
	}
	zeros := 0
	w.Yield = func(second int) error {
		if second == 0 {
			zeros++
		}
		return nil
	}
	got, err := Simulate(NewOnDemand(), w)
	if err != nil {
		t.Fatal(err)
	}
	if wantZeros := maxExplicitKeys/massStep - 1; zeros != wantZeros {
		t.Errorf("Yield called %d times at second 0 placing %d keys, want %d", zeros, maxExplicitKeys, wantZeros)
	}
	if !reflect.DeepEqual(got.Totals, want.Totals) || !reflect.DeepEqual(got.Patterns, want.Patterns) {
		t.Errorf("a Yield that lets the run go changed its result")
	}
	stop := errors.New("stop while placing")
	w.Yield = func(int) error { return stop }
	if _, err := Simulate(NewOnDemand(), w); !errors.Is(err, stop) {
		t.Fatalf("Yield's error while placing the keys: %v, want %v", err, stop)
	}
}
