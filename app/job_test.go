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

// TestJobLightStepsKeepTheirSlices: stepLight looks at the clock seldom
// while its units are cheap (at most every maxLightStride-th unit once it
// has adapted), and still ends every slice within a stride of the budget:
// over cheap units, dear ones, and cheap ones turning 32 times dearer.
func TestJobLightStepsKeepTheirSlices(t *testing.T) {
	for _, tc := range []struct {
		name        string
		cost        func(unit int) time.Duration
		units       int
		maxLooks    int           // clock reads allowed over the units
		maxOverrun  time.Duration // a slice's time past the budget
		wantYielded bool
	}{
		{"cheap", func(int) time.Duration { return 5 * time.Microsecond }, 200_000, 200_000/maxLightStride + 200, 32 * 5 * time.Microsecond, true},
		{"dear", func(int) time.Duration { return 3 * time.Millisecond }, 200, 200, 3 * time.Millisecond, true},
		{"turning dear", func(u int) time.Duration {
			if u < 50_000 {
				return 10 * time.Microsecond
			}
			return 320 * time.Microsecond
		}, 60_000, 60_000, maxLightStride * 320 * time.Microsecond, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := newJob(context.Background())
			defer j.cancel()
			var clock time.Time
			looks := 0
			j.now = func() time.Time { looks++; return clock }
			j.mark = clock
			j.collect = func(uint64) bool { return false }
			var worst time.Duration
			yields := 0
			j.yield = func() {
				yields++
				worst = max(worst, clock.Sub(j.mark))
			}
			for u := 0; u < tc.units; u++ {
				clock = clock.Add(tc.cost(u))
				if err := j.stepLight(); err != nil {
					t.Fatal(err)
				}
			}
			looks -= yields // pause reads the clock once to start the next slice
			if looks > tc.maxLooks {
				t.Errorf("%d looks at the clock over %d units, want at most %d", looks, tc.units, tc.maxLooks)
			}
			if over := worst - j.budget; over > tc.maxOverrun {
				t.Errorf("a slice of %v, %v past the budget of %v (allowed %v)", worst, over, j.budget, tc.maxOverrun)
			}
			if (yields > 0) != tc.wantYielded {
				t.Errorf("%d yields", yields)
			}
		})
	}
}
