package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// The page's main-thread tasks as Chromium's own trace records them: every
// task, however short. The 'longtask' entries the page can observe tell
// only tasks of 50 ms and more, so a 49 ms task reads as none; a trace
// tells the longest task of any length, and when it ran.

// traces holds each tab's running trace: *browser -> *atomic.Pointer[pageTrace].
var traces sync.Map

// traceMark is the performance.mark the trace starts from: its process is
// the page's renderer (the shared Chromium runs other tabs' too).
const traceMark = "wb-trace-start"

// cpuProfileEnv names a file; when set, BenchmarkBrowserLoadMillion also
// records a CPU profile of the page (JavaScript and wasm) from the click
// to the page idle, in Chromium's .cpuprofile format (DevTools opens it).
// Function names need a wasm built with them: WASMFLAGS without -s -w.
const cpuProfileEnv = "WORKBENCH_CPUPROFILE"

// mainTask is one task of the page's main thread: its start in ms after
// the trace's start mark, and its length in ms; Marks are the page's
// performance.marks set during it, Parts the longest events inside it
// ("Layout 12.0", "FunctionCall 30.1": what it spent its time on).
type mainTask struct {
	At, Ms float64
	// CPUMs is the thread's own time in it: on a busy machine a task
	// also waits for a core.
	CPUMs float64
	Marks []string
	Parts []string
}

// pageTrace is a running trace of the page's renderer.
type pageTrace struct {
	b *browser
	// startUs is the start mark's time on the trace's clock (µs), which is
	// the CPU profile's too.
	startUs float64
	mu      sync.Mutex
	raw     []json.RawMessage
	done    chan struct{}
}

// traceStart starts tracing the tab's tasks (and marks the start in the
// page, which names its renderer).
func (b *browser) traceStart() *pageTrace {
	b.t.Helper()
	tr := &pageTrace{b: b, done: make(chan struct{})}
	// One listener a tab, handing the events to its running trace: a
	// listener cannot be taken back, and one per trace would see the
	// next trace's end too.
	cur, loaded := traces.LoadOrStore(b, new(atomic.Pointer[pageTrace]))
	current := cur.(*atomic.Pointer[pageTrace])
	current.Store(tr)
	if !loaded {
		chromedp.ListenTarget(b.ctx, func(ev any) {
			tr := current.Load()
			if tr == nil {
				return
			}
			switch ev := ev.(type) {
			case *tracing.EventDataCollected:
				tr.mu.Lock()
				for _, v := range ev.Value {
					tr.raw = append(tr.raw, json.RawMessage(v))
				}
				tr.mu.Unlock()
			case *tracing.EventTracingComplete:
				current.CompareAndSwap(tr, nil)
				close(tr.done)
			}
		})
	}
	b.run("starting the trace", tracing.Start().
		WithTransferMode(tracing.TransferModeReportEvents).
		WithTraceConfig(&tracing.TraceConfig{
			RecordMode:         tracing.RecordModeRecordContinuously,
			IncludedCategories: []string{"toplevel", "blink.user_timing", "devtools.timeline", "v8"},
			ExcludedCategories: []string{"*"},
		}))
	var ok bool
	b.eval("marking the trace's start", fmt.Sprintf(`performance.mark(%q), true`, traceMark), &ok)
	return tr
}

// stop ends the trace and returns the tasks of the page's main thread, in
// order.
func (tr *pageTrace) stop() []mainTask {
	b := tr.b
	b.t.Helper()
	b.run("ending the trace", tracing.End())
	select {
	case <-tr.done:
	case <-time.After(2 * time.Minute):
		b.t.Fatal("the trace did not complete")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	type event struct {
		Name string  `json:"name"`
		Ph   string  `json:"ph"`
		Pid  int     `json:"pid"`
		Tid  int     `json:"tid"`
		Ts   float64 `json:"ts"`
		Dur  float64 `json:"dur"`
		Tdur float64 `json:"tdur"`
		Args struct {
			Name string `json:"name"`
		} `json:"args"`
	}
	events := make([]event, 0, len(tr.raw))
	for _, r := range tr.raw {
		var e event
		if json.Unmarshal(r, &e) == nil {
			events = append(events, e)
		}
	}
	pid, start := -1, 0.0
	for _, e := range events {
		if e.Name == traceMark {
			pid, start = e.Pid, e.Ts
		}
	}
	tr.startUs = start
	if pid < 0 {
		b.t.Fatalf("the trace of %d events has no %s mark", len(events), traceMark)
	}
	main := -1
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Pid == pid && e.Args.Name == "CrRendererMain" {
			main = e.Tid
		}
	}
	var tasks []mainTask
	type mark struct {
		at, ms float64
		name   string
	}
	var marks, parts []mark
	for _, e := range events {
		if e.Pid == pid && e.Tid == main && (e.Ph == "R" || e.Ph == "I" || e.Ph == "n") && e.Name != traceMark {
			marks = append(marks, mark{at: (e.Ts - start) / 1000, name: e.Name})
		}
		// A task's outermost event: nested RunTasks (a task run inside
		// another, as a nested loop does) count with their parent.
		if e.Pid != pid || e.Tid != main || e.Ph != "X" {
			continue
		}
		if e.Name == "ThreadControllerImpl::RunTask" {
			tasks = append(tasks, mainTask{At: (e.Ts - start) / 1000, Ms: e.Dur / 1000, CPUMs: e.Tdur / 1000})
		} else if e.Dur >= 1000 {
			parts = append(parts, mark{(e.Ts - start) / 1000, e.Dur / 1000, e.Name})
		}
	}
	slices.SortFunc(tasks, func(a, b mainTask) int {
		switch {
		case a.At < b.At:
			return -1
		case a.At > b.At:
			return 1
		}
		return 0
	})
	tasks = outermost(tasks)
	// in returns the task running at ms, or nil.
	in := func(at float64) *mainTask {
		i, _ := slices.BinarySearchFunc(tasks, at, func(t mainTask, at float64) int {
			if t.At+t.Ms < at {
				return -1
			}
			if t.At > at {
				return 1
			}
			return 0
		})
		if i < len(tasks) && tasks[i].At <= at {
			return &tasks[i]
		}
		return nil
	}
	for _, m := range marks {
		if t := in(m.at); t != nil {
			t.Marks = append(t.Marks, m.name)
		}
	}
	slices.SortFunc(parts, func(a, b mark) int { return cmp.Compare(b.ms, a.ms) })
	for _, p := range parts {
		if t := in(p.at); t != nil && len(t.Parts) < 4 {
			t.Parts = append(t.Parts, fmt.Sprintf("%s %.1f", p.name, p.ms))
		}
	}
	return tasks
}

// outermost drops the tasks that ran inside another (sorted by start).
func outermost(tasks []mainTask) []mainTask {
	var out []mainTask
	end := -1.0
	for _, t := range tasks {
		if t.At < end {
			continue
		}
		out = append(out, t)
		end = t.At + t.Ms
	}
	return out
}

// maxTask returns the longer task.
func maxTask(a, b mainTask) mainTask {
	if b.Ms > a.Ms {
		return b
	}
	return a
}

// pageMarkMs returns the time of a performance.mark of the page in ms
// after the trace's start mark, or -1 when it has none.
func (b *browser) pageMarkMs(name string) float64 {
	b.t.Helper()
	var ms float64
	b.eval("reading the mark "+name, fmt.Sprintf(`(() => { const s = performance.getEntriesByName(%q), e = performance.getEntriesByName(%q);
		return s.length && e.length ? e[e.length - 1].startTime - s[s.length - 1].startTime : -1; })()`, traceMark, name), &ms)
	return ms
}

// cpuProfile records a CPU profile of the page from start to stop, when
// WORKBENCH_CPUPROFILE names a file to write it to.
type cpuProfile struct {
	b    *browser
	path string
}

// cpuProfileStart starts the profiler when cpuProfileEnv is set.
func (b *browser) cpuProfileStart() *cpuProfile {
	b.t.Helper()
	path := os.Getenv(cpuProfileEnv)
	if path == "" {
		return nil
	}
	b.run("starting the CPU profile", profiler.Enable(), profiler.SetSamplingInterval(200), profiler.Start())
	return &cpuProfile{b: b, path: path}
}

// stop writes the profile, and beside it (.tasks.json) the trace's
// tasks on the profile's clock: [start µs, length µs] each.
func (p *cpuProfile) stop(tr *pageTrace, tasks []mainTask) {
	if p == nil {
		return
	}
	var spans [][2]float64
	for _, t := range tasks {
		spans = append(spans, [2]float64{tr.startUs + t.At*1000, t.Ms * 1000})
	}
	if data, err := json.Marshal(spans); err == nil {
		_ = os.WriteFile(p.path+".tasks.json", data, 0o644)
	}
	p.b.t.Helper()
	var prof *profiler.Profile
	p.b.run("ending the CPU profile", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		prof, err = profiler.Stop().Do(ctx)
		return err
	}))
	data, err := json.Marshal(prof)
	if err == nil {
		err = os.WriteFile(p.path, data, 0o644)
	}
	if err != nil {
		p.b.t.Fatalf("writing the CPU profile: %v", err)
	}
	p.b.t.Logf("CPU profile of the page written to %s", p.path)
}
