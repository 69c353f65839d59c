package app

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestJobCollectsBetweenSlices: a job asks for a collection after each
// yield, and when one runs it gets a browser task of its own (a second
// yield); a finished job that yielded collects what is left, one that never
// yielded does not.
func TestJobCollectsBetweenSlices(t *testing.T) {
	var events []string
	j := newJob(context.Background())
	defer j.cancel()
	j.budget = 0 // every stepCheckEvery steps is a slice
	j.yield = func() { events = append(events, "yield") }
	due := []bool{false, true}
	j.collect = func(min uint64) bool {
		if min != jobCollectEvery {
			t.Errorf("collect(%d) between slices, want %d", min, jobCollectEvery)
		}
		run := due[0]
		due = due[1:]
		if run {
			events = append(events, "collect")
		}
		return run
	}
	for i := 0; i < 2*stepCheckEvery; i++ {
		if err := j.step(); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"yield", "yield", "collect", "yield"}
	if !slices.Equal(events, want) {
		t.Fatalf("events %v, want %v", events, want)
	}

	events = nil
	j.collect = func(min uint64) bool {
		if min != jobCollectLeft {
			t.Errorf("collect(%d) at the end, want %d", min, jobCollectLeft)
		}
		events = append(events, "collect")
		return true
	}
	j.finish()
	if want := []string{"yield", "collect", "yield"}; !slices.Equal(events, want) {
		t.Fatalf("finish: events %v, want %v", events, want)
	}

	quick := newJob(context.Background())
	defer quick.cancel()
	quick.budget = time.Hour
	quick.yield = func() { t.Error("a job that never paused yielded at its end") }
	quick.collect = func(uint64) bool { t.Error("a job that never paused collected at its end"); return false }
	for i := 0; i < stepCheckEvery; i++ {
		_ = quick.step()
	}
	quick.finish()
}
