package app

import (
	"context"
	"sync"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// Long work on the page's only thread.
//
// Under WebAssembly the Go program runs on the page's main thread: while a
// goroutine computes, the browser neither paints nor answers a click. The
// heavy jobs (a dataset's generation and load into the engine, Apply's
// copy of the items, the workload simulation, the analysis behind Cost)
// therefore run in slices:
// the work calls job.step often, and once a slice has run for sliceBudget
// step hands the thread back to the browser (yieldToBrowser) before it
// goes on. A Web Worker would move the work off the main thread, but the
// engine's data lives in this wasm instance and every view renders from
// it; a worker would need a second copy and a message protocol for every
// view, so slicing is the simpler fit for go-app v10.
//
// Why not time.Sleep: Go's wasm scheduler returns to JavaScript only when
// no goroutine can run. A goroutine that sleeps a millisecond is runnable
// again as soon as the other goroutines (go-app's render of the progress)
// have used that millisecond, so the scheduler resumes it without ever
// returning to the browser: the "yields" of a sleep loop merged into
// tasks of seconds (issue 16 saw one of 12.7 s). yieldToBrowser instead
// waits on a channel that only a JavaScript callback feeds, so the
// goroutine cannot run again before the browser has had its turn.

// The garbage collector is the other long task. Go's collector, when the
// program is idle between two slices, lets an idle mark worker finish the
// whole mark phase at once, and a background sweeper then sweeps the whole
// heap, in one browser task (under wasm nothing but a runnable goroutine
// stops them, and while the page has its turn none is). Left alone during
// a load, the collector ran dozens of such cycles at moments nobody chose;
// held off until the load's end, it made one cycle whose sweep of the
// 200 MB the load had allocated took 80 ms by itself. So while a job runs
// the collector is held off (holdGC, wasm only), and the job collects
// itself (collectIfDue): between two slices, once some 24 MB were
// allocated since the last collection, a slice of its own runs a whole
// collection, whose sweep then stays small. Its mark grows with the
// pointers of the live heap, which the engine keeps few (engine/table.go).

// sliceBudget is how long a job computes between two yields, in real time
// (a busy machine's other processes count): go-app renders the job's
// progress in the same browser task once the job yields, so the budget
// leaves most of a 50 ms task to that render.
const sliceBudget = 15 * time.Millisecond

// jobCollectEvery is how much the jobs allocate between two of their own
// collections: the sweep of a collection takes about 0.4 ms per MB of heap
// under wasm on an idle machine, so this keeps it near 10 ms.
const jobCollectEvery = 24 << 20

// jobCollectLeft is the least a finished job collects.
const jobCollectLeft = 1 << 20

// stepCheckEvery is how many steps pass between two looks at the clock
// (reading it calls into JavaScript under wasm).
const stepCheckEvery = 8

// job is one piece of long work: cancelled through its context, yielding
// to the browser from step.
type job struct {
	ctx context.Context
	// cancel stops the job, and ends it: it is called when the work
	// returns too.
	cancel func()
	// yield gives the browser its turn (yieldToBrowser; tests replace it).
	yield func()
	// collect runs a garbage collection when the jobs allocated at least
	// that much since the last one, and reports whether it did
	// (collectIfDue).
	collect func(allocated uint64) bool
	// budget is how long a slice runs (sliceBudget; tests shorten it).
	budget time.Duration
	// mark is when the current slice began.
	mark   time.Time
	steps  int
	pauses int
	// onPause, when set, runs before each yield: the job publishes its
	// progress there, for the browser to paint in its turn.
	onPause func()
	// now reads the clock (time.Now; tests replace it).
	now func() time.Time
	// stepLight's clock stride: the step of its next look at the clock,
	// and the slice's time at its last.
	lightNext, lightStride int
	lightLook              time.Duration
}

// newJob starts a job under parent.
// The job's cancel also ends it: every job calls it when its work returns,
// which gives back its hold on the garbage collector (holdGC).
func newJob(parent context.Context) *job {
	ctx, cancel := context.WithCancel(parent)
	release := holdGC()
	var once sync.Once
	stop := func() {
		cancel()
		once.Do(release)
	}
	return &job{ctx: ctx, cancel: stop, yield: yieldToBrowser, collect: collectIfDue, budget: sliceBudget,
		now: time.Now, mark: time.Now(), lightStride: stepCheckEvery}
}

// step is called by the work between two small units of it (an item, a
// simulated second). It yields to the browser when the slice is used up,
// and returns the context's error once the job is cancelled, which the
// work returns at once.
func (j *job) step() error {
	if err := j.ctx.Err(); err != nil {
		return err
	}
	j.steps++
	if j.steps%stepCheckEvery != 0 || j.now().Sub(j.mark) < j.budget {
		return nil
	}
	j.pause()
	return j.ctx.Err()
}

// maxLightStride bounds stepLight's stride: a load of a million items
// read the clock 125,000 times at every 8th item, each a call into
// JavaScript under wasm (1.4% of the page's load); at most every 32nd,
// a run of items suddenly 32 times dearer still ends its slice in time.
const maxLightStride = 32

// stepLight is step for many small units of about the same cost (the
// items of a load): it looks at the clock every stride units, the stride
// doubling while a stride takes under a 32nd of the budget, up to
// maxLightStride, and halving while it takes over an 8th.
func (j *job) stepLight() error {
	if err := j.ctx.Err(); err != nil {
		return err
	}
	j.steps++
	if j.steps < j.lightNext {
		return nil
	}
	el := j.now().Sub(j.mark)
	switch d := el - j.lightLook; {
	case d < j.budget/32 && j.lightStride < maxLightStride:
		j.lightStride *= 2
	case d > j.budget/8 && j.lightStride > 1:
		j.lightStride /= 2
	}
	j.lightLook = el
	j.lightNext = j.steps + j.lightStride
	if el < j.budget {
		return nil
	}
	j.pause()
	return j.ctx.Err()
}

// pause yields to the browser now and starts a new slice. A collection
// that is due runs in a task of its own between two turns of the browser.
func (j *job) pause() {
	if j.onPause != nil {
		j.onPause()
	}
	j.yield()
	j.pauses++
	if j.collect != nil && j.collect(jobCollectEvery) {
		j.yield()
	}
	j.mark, j.lightLook = j.now(), 0
}

// finish is called when a job's work is done, before its result is shown:
// a job that yielded collects what it allocated since its last collection
// in a task of its own, so that the render of the result and the
// collector's next cycle after the job find a small heap. A cancelled job
// leaves at once.
func (j *job) finish() {
	if j.pauses == 0 || j.collect == nil || j.ctx.Err() != nil {
		return
	}
	j.yield()
	if j.collect(jobCollectLeft) {
		j.yield()
	}
}

// source wraps src so that the job steps after each item: a cancelled job
// stops the source with its context's error.
func (j *job) source(src model.Source) model.Source {
	return func(emit func(string, attr.Fields) error) error {
		return src(func(table string, it attr.Fields) error {
			if err := emit(table, it); err != nil {
				return err
			}
			return j.step()
		})
	}
}

// resolver is patterns.Generator with its sources stepping the job, for an
// analysis that generates and loads a dataset (analysis.Options.Resolve).
func (j *job) resolver() model.Resolver {
	return func(spec model.GeneratorSpec) (model.Source, error) {
		src, err := patterns.Generator(spec)
		if err != nil {
			return nil, err
		}
		return j.source(src), nil
	}
}

// simYield is a partition.Workload.Yield that steps the job.
func (j *job) simYield(int) error { return j.step() }
