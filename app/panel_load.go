package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// loadDurations are the simulation lengths offered; a day is the default.
var loadDurations = []int{3600, 6 * 3600, partition.Day}

// loadPlayTimes are the play speeds offered, as the real seconds a whole
// run plays in, whatever its length; by default 24 (a day at an hour a
// second).
var loadPlayTimes = []int{96, 24, 6, 2}

const loadDefaultPlayTime = 24

// loadFrameEvery is the play loop's period: about 30 frames a second, the
// rate go-app renders at.
const loadFrameEvery = time.Second / 30

// loadMemory is what the Load panel keeps across tab switches.
type loadMemory struct {
	opts      loadOptions
	set       bool // opts were chosen
	cur, prev *loadRun
	runs      int
	t         int
	remedy    *loadRemedyState
}

// loadPanel runs the model's workload in the partition simulator and plays
// the heat map of consumed, allowed and throttled capacity per partition,
// with burst balance and splits, on its own clock; the previous run stays
// beside it for comparison.
type loadPanel struct {
	goapp.Compo
	Panel

	opts     loadOptions
	running  bool
	progress int // the simulated second a running simulation has reached
	// sim is the running simulation's job, for Cancel.
	sim *job
	err string
	// cancelled says how far a cancelled run got.
	cancelled string
	runs      int
	// cur is the last run, prev the one before.
	cur, prev *loadRun
	// remedy is the remedy applied from the panel, if any.
	remedy *loadRemedyState

	// The player: t is the frame's second, pos its exact value, playTime
	// the real seconds a whole run plays in; loop is the running play
	// loop's switch.
	t        int
	pos      float64
	playTime int
	playing  bool
	loop     *atomic.Bool
	// manual keeps a finished run from playing by itself (tests).
	manual bool
	// restored says the memory's runs were taken (at the first render).
	restored bool
	// self is the panel's own context, taken at mount: the simulation and
	// the play loop dispatch there. A button's context stops dispatching
	// once go-app replaces the button, and the first run of a design with
	// several key spaces does replace the Run button (the key-space select
	// appears before it), which left the player saying Pause at 0:00:00.
	self    goapp.Context
	hasSelf bool

	// frames counts the frames rendered with a new time (data-frame),
	// drawnT the last one's time.
	frames int
	drawnT int

	view loadViewCache
}

// loadViewCache keeps the last frame drawn: the page re-renders on every
// tick of the store's clock, and a frame only changes with t.
type loadViewCache struct {
	cur, prev *loadRun
	t         int
	frame     *visualizer.HeatMapModel
	svg       string
	cmp       *visualizer.HeatMapComparison
	cmpSVG    string
}

// OnDismount stops the player and a running simulation: a tab switch
// dismounts the panel, which could no longer take the run's outcome.
func (p *loadPanel) OnDismount() {
	p.stopPlay()
	p.cancel()
	p.sim, p.running = nil, false
}

// restore takes the options and runs made before the tab was left, once,
// at the first render: a tab switch dismounts the panel.
func (p *loadPanel) restore() {
	if p.restored || p.Store == nil {
		return
	}
	p.restored = true
	mem := memoryOf(p.Store)
	mem.mu.Lock()
	defer mem.mu.Unlock()
	lm := mem.load
	if lm.set {
		p.opts = lm.opts
	}
	p.cur, p.prev, p.runs, p.t, p.remedy = lm.cur, lm.prev, lm.runs, lm.t, lm.remedy
	p.pos = float64(p.t)
}

// remember saves the options and runs.
func (p *loadPanel) remember() {
	if p.Store == nil {
		return
	}
	mem := memoryOf(p.Store)
	mem.mu.Lock()
	defer mem.mu.Unlock()
	mem.load = loadMemory{opts: p.opts, set: true, cur: p.cur, prev: p.prev, runs: p.runs, t: p.t, remedy: p.remedy}
}

// options returns the options to run with (the defaults at first).
func (p *loadPanel) options() loadOptions {
	if p.opts.Seconds == 0 {
		p.opts = loadDefaults()
		if st := p.State; st != nil && st.Model != nil && st.Model.Workload != nil && st.Model.Workload.DurationSeconds > 0 {
			p.opts.Seconds = min(st.Model.Workload.DurationSeconds, partition.Day)
		}
	}
	return p.opts
}

// OnMount and OnUpdate keep the runs to the current design: a run of
// another design (or of this one before its workload changed) is dropped,
// and simulated again when there was one, so the heat map always shows the
// design and workload on screen.
func (p *loadPanel) OnMount(ctx goapp.Context) {
	p.self, p.hasSelf = ctx, true
	p.follow(ctx)
}
func (p *loadPanel) OnUpdate(ctx goapp.Context) { p.follow(ctx) }

// own returns the panel's context for work that outlives the event that
// started it (a run, the play loop), ctx before the panel has mounted.
func (p *loadPanel) own(ctx goapp.Context) goapp.Context {
	if p.hasSelf {
		return p.self
	}
	return ctx
}

func (p *loadPanel) follow(ctx goapp.Context) {
	p.restore()
	st := p.State
	if st == nil || p.cur == nil || p.cur.Model == st.Model {
		return
	}
	p.stopPlay()
	if handled, rerun := p.followRemedy(st.Model); handled {
		p.t, p.pos = 0, 0
		p.remember()
		if rerun && !p.running {
			p.options()
			p.opts.note = "after " + p.remedy.Text
			p.run(ctx)
			p.opts.note = ""
		}
		return
	}
	p.cur, p.prev, p.t, p.pos = nil, nil, 0, 0
	p.opts.Space = ""
	if d := st.Model.Workload; d != nil && d.DurationSeconds > 0 {
		p.opts.Seconds = min(d.DurationSeconds, partition.Day)
	}
	p.remember()
	if loadMissing(st) == "" && !p.running {
		p.run(ctx)
	}
}

// loadMissing names what the design lacks for a simulation ("" when
// nothing): access patterns, a workload, a dataset to measure them on.
func loadMissing(st *State) string {
	m := st.Model
	switch {
	case len(m.AccessPatterns) == 0:
		return "access-patterns"
	case m.Workload == nil || len(m.Workload.Requests) == 0:
		return "workload"
	case m.Dataset == nil && !hasItems(st):
		return "dataset"
	}
	return ""
}

// hasItems says the engine holds some item.
func hasItems(st *State) bool {
	n, _ := dataSize(st.Snapshot)
	return n > 0
}

// run simulates with the current options off the event handler, after a
// pause that lets the page show that it is simulating.
func (p *loadPanel) run(ctx goapp.Context) {
	if p.running {
		return
	}
	ctx = p.own(ctx)
	p.stopPlay()
	p.running, p.err, p.progress, p.cancelled = true, "", 0, ""
	if p.cur != nil && p.cur.Model != p.State.Model {
		// Another design: its key spaces are not the last run's.
		p.opts.Space = ""
		p.cur, p.prev = nil, nil
	}
	m, o, n := p.State.Model, p.options(), p.runs+1
	// A day takes seconds under WebAssembly, on the page's only thread: the
	// run is a job (job.go), in slices that hand the browser its thread,
	// showing how far it got before each.
	j := newJob(context.Background())
	p.sim = j
	reached := 0
	o.yield = func(second int) error {
		reached = second
		return j.step()
	}
	j.onPause = func() {
		at := reached
		ctx.Dispatch(func(goapp.Context) {
			if p.sim == j {
				p.progress = at
			}
		})
	}
	ctx.Async(func() {
		// Let the page show that it is simulating before the work starts.
		j.pause()
		r, err := simulateLoad(j, m, o, n)
		j.finish()
		j.cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if p.sim != j {
				return
			}
			p.sim = nil
			if errors.Is(err, context.Canceled) {
				p.running = false
				p.cancelled = fmt.Sprintf("Simulation cancelled after %s of %s simulated; the heat map keeps the last finished run.", fmtSeconds(reached), fmtSeconds(o.Seconds))
				return
			}
			p.finish(ctx, r, err)
		})
	})
}

// cancel stops the running simulation, if any: nothing of it is kept.
func (p *loadPanel) cancel() {
	if p.sim != nil {
		p.sim.cancel()
	}
}

// finish takes a run's outcome on the UI goroutine.
func (p *loadPanel) finish(ctx goapp.Context, r *loadRun, err error) {
	p.running = false
	if err != nil {
		p.err = err.Error()
		return
	}
	if p.State != nil && r.Model != p.State.Model {
		// The design or its workload changed while it ran.
		p.cur, p.prev = nil, nil
		p.run(ctx)
		return
	}
	p.runs = r.N
	if p.cur != nil {
		p.prev = p.cur
	}
	p.cur = r
	if rs := p.remedy; rs != nil && !rs.Undoing && rs.After == nil && r.Model != rs.Before.Model {
		rs.After = r
	}
	if p.opts.Space == "" {
		p.opts.Space = r.Space
	}
	p.t, p.pos = 0, 0
	p.remember()
	if !p.manual {
		p.startPlay(ctx)
	}
}

// startPlay plays the current run from t (from the start when it is at the
// end). A goroutine ticks about 30 times a second and advances t by the
// real time that passed times the speed, on the UI goroutine.
func (p *loadPanel) startPlay(ctx goapp.Context) {
	p.stopPlay()
	if p.cur == nil {
		return
	}
	ctx = p.own(ctx)
	if p.t >= p.cur.Result.Seconds {
		p.t, p.pos = 0, 0
	}
	on := &atomic.Bool{}
	on.Store(true)
	p.loop, p.playing = on, true
	ctx.Async(func() {
		// A ticker rather than a sleep: the time a frame takes to render
		// does not add to the period.
		tick := time.NewTicker(loadFrameEvery)
		defer tick.Stop()
		last := time.Now()
		for on.Load() {
			<-tick.C
			now := time.Now()
			dt := now.Sub(last)
			last = now
			ctx.Dispatch(func(ctx goapp.Context) {
				if on.Load() {
					p.advance(dt)
				}
			})
		}
	})
}

// stopPlay stops the play loop, if any.
func (p *loadPanel) stopPlay() {
	if p.loop != nil {
		p.loop.Store(false)
		p.loop = nil
	}
	p.playing = false
}

// advance moves the player by dt of real time; at the run's end it stops.
func (p *loadPanel) advance(dt time.Duration) {
	if p.cur == nil {
		p.stopPlay()
		return
	}
	p.pos += p.playSpeed() * dt.Seconds()
	end := p.cur.Result.Seconds
	if p.pos >= float64(end) {
		p.pos = float64(end)
		p.stopPlay()
	}
	p.t = int(p.pos)
	if !p.playing {
		p.remember()
	}
}

// playSpeed is simulated seconds per real second.
func (p *loadPanel) playSpeed() float64 {
	if p.cur == nil {
		return 0
	}
	return float64(p.cur.Result.Seconds) / float64(p.playSeconds())
}

func (p *loadPanel) playSeconds() int {
	if p.playTime <= 0 {
		return loadDefaultPlayTime
	}
	return p.playTime
}

// seek shows the frame at second t and pauses.
func (p *loadPanel) seek(t int) {
	p.stopPlay()
	if p.cur == nil {
		return
	}
	p.t = max(0, min(t, p.cur.Result.Seconds))
	p.pos = float64(p.t)
	p.remember()
}

// frame returns the current frame of the current run and the comparison
// with the previous run at the same time, from the cache when t and the
// runs are the same.
func (p *loadPanel) frame() loadViewCache {
	v := &p.view
	if v.cur == p.cur && v.prev == p.prev && v.t == p.t && v.frame != nil {
		return *v
	}
	*v = loadViewCache{cur: p.cur, prev: p.prev, t: p.t}
	if p.cur == nil {
		return *v
	}
	v.frame = p.cur.Source.Frame(p.t)
	v.svg = v.frame.SVG()
	if p.prev != nil {
		v.cmp = visualizer.CompareHeatMaps(p.prev.Source.Frame(p.t), v.frame)
		v.cmpSVG = v.cmp.SVG()
	}
	return *v
}

// setDuration sets the simulated duration from the select's text.
func (p *loadPanel) setDuration(text string) {
	if n, err := strconv.Atoi(text); err == nil && n > 0 {
		p.options()
		p.opts.Seconds = n
	}
}

// setSwitch sets one of the run's switches (a checkbox's on, or the key
// space's text).
func (p *loadPanel) setSwitch(id, text string, on bool) {
	p.options()
	switch id {
	case IDLoadSharding:
		p.opts.Sharding = on
	case IDLoadAdaptive:
		p.opts.Adaptive = on
	case IDLoadSplit:
		p.opts.Split = on
	case IDLoadBurst:
		p.opts.Burst = on
	case IDLoadSpace:
		p.opts.Space = text
	}
}

// setSpeed sets the play speed from the select's text: the real seconds
// a run plays in.
func (p *loadPanel) setSpeed(text string) {
	if n, err := strconv.Atoi(text); err == nil && n > 0 {
		p.playTime = n
	}
}
