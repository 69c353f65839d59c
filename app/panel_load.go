package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
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

// loadOptions are the switches of one simulation.
type loadOptions struct {
	// Space is the key space to simulate: a table's name, or Table.Index
	// for a global secondary index ("" for the workload's first).
	Space string
	// Seconds is the simulated duration.
	Seconds int
	// Sharding keeps the workload's write shards; off, every request goes
	// to the unsharded key.
	Sharding bool
	// Adaptive and Split are the simulator's adaptive capacity and split
	// for heat.
	Adaptive bool
	Split    bool
	// Burst is burst capacity: 300 seconds of unused capacity banked.
	Burst bool
	// yield, when set, is the run's Workload.Yield: the page's job steps
	// there, handing the browser its thread and stopping on Cancel.
	yield func(second int) error
}

// loadDefaults are the options a first run takes: the model as designed.
func loadDefaults() loadOptions {
	return loadOptions{Seconds: partition.Day, Sharding: true, Adaptive: true, Split: true, Burst: true}
}

// loadRun is one simulation, with its heat map made once so that playing
// only slices it.
type loadRun struct {
	// N numbers the runs of the panel; Label names the run in the heat map
	// and the comparison.
	N       int
	Label   string
	Options loadOptions
	// Model is the design simulated (a run survives design changes).
	Model *model.Model
	// Space is the key space simulated; Spaces every key space of the
	// workload; Patterns the access patterns simulated on Space.
	Space    string
	Spaces   []string
	Patterns []string
	// Sharded says some pattern of the key space is sharded, so the
	// sharding switch changes something.
	Sharded bool
	Result  *partition.Result
	// HotKeys holds each pattern's hottest key as a partition-key value
	// (CANDIDATE#c0#3), in the order of Result.Patterns.
	HotKeys []string
	Source  *visualizer.HeatMapSource
	Final   *visualizer.HeatMapModel
	// Prepare is the real time the measurement of the access patterns
	// took, Compute the simulation's.
	Prepare, Compute time.Duration
}

// loadSpaceName names a key space.
func loadSpaceName(s analysis.KeySpaceSimulation) string {
	if s.Index != "" {
		return s.Table + "." + s.Index
	}
	return s.Table
}

// loadLabel names a run by its number and the switches that matter.
func loadLabel(n int, o loadOptions) string {
	parts := []string{"sharding on"}
	if !o.Sharding {
		parts[0] = "sharding off"
	}
	if !o.Adaptive {
		parts = append(parts, "adaptive off")
	}
	if !o.Split {
		parts = append(parts, "split off")
	}
	if !o.Burst {
		parts = append(parts, "burst off")
	}
	return fmt.Sprintf("#%d %s", n, strings.Join(parts, ", "))
}

// loadWorkload applies the switches to a key space's workload. Sharding
// off drops each pattern's write shards (partition.AccessPattern.Sharding,
// which the analysis makes from the key's extra uniform parameters, such
// as the votes' {shard}): every request then goes to the unsharded key,
// and a scatter-gather read becomes one read.
func loadWorkload(w partition.Workload, o loadOptions) partition.Workload {
	w.Patterns = append([]partition.AccessPattern(nil), w.Patterns...)
	if !o.Sharding {
		for i := range w.Patterns {
			w.Patterns[i].Sharding = partition.Sharding{}
			w.Patterns[i].ReadAll = false
		}
	}
	w.Seconds, w.Interval = o.Seconds, 0
	w.DisableAdaptive = !o.Adaptive
	w.DisableSplitForHeat = !o.Split
	w.DisableBurst = !o.Burst
	w.Yield = o.yield
	return w
}

// simulateLoad runs the model's workload on one key space with the
// options. The analysis measures each access pattern on a sample of the
// dataset and turns the workload into the simulator's (its key
// distributions, shards and units per request) and lays out the key space;
// a one-second run of it gives both, since nothing changes a layout in its
// first second (a heat split needs minutes, an on-demand peak counts after
// 30). The panel then runs the simulator itself with its switches, which
// the analysis does not expose.
//
// j slices the work (job.go) and cancels it; nil runs it whole.
func simulateLoad(j *job, m *model.Model, o loadOptions, n int) (*loadRun, error) {
	if m == nil || m.Workload == nil || len(m.Workload.Requests) == 0 {
		return nil, errors.New("this design has no workload to simulate: open the write-sharding or time-series pattern, or add a workload to the model")
	}
	if o.Seconds < 1 || o.Seconds > analysis.MaxSimulationSeconds {
		return nil, fmt.Errorf("a simulation of %d s: 1 s to a day", o.Seconds)
	}
	if j == nil {
		j = newJob(context.Background())
		defer j.cancel()
	}
	start := time.Now()
	sims, err := analysis.Simulate(m, analysis.Options{Resolve: j.resolver(), Context: j.ctx, Step: j.step}, 1, 0)
	if err != nil {
		return nil, err
	}
	if len(sims) == 0 {
		return nil, errors.New("no request of the workload reaches a table's partitions (scans, batches and unmeasured patterns are not simulated)")
	}
	run := &loadRun{N: n, Options: o, Model: m, Label: loadLabel(n, o)}
	pick := -1
	for i, s := range sims {
		name := loadSpaceName(s)
		run.Spaces = append(run.Spaces, name)
		if name == o.Space {
			pick = i
		}
	}
	if pick < 0 {
		if o.Space != "" {
			return nil, fmt.Errorf("no request of the workload reaches %s", o.Space)
		}
		pick = 0
	}
	sim := sims[pick]
	if sim.Result == nil || sim.Result.Layout == nil || len(sim.Result.Events) > 0 {
		return nil, fmt.Errorf("key space %s: the analysis gave no starting layout", loadSpaceName(sim))
	}
	run.Space, run.Patterns = loadSpaceName(sim), sim.Patterns
	for _, p := range sim.Workload.Patterns {
		run.Sharded = run.Sharded || p.Sharding.Shards > 1
	}
	run.Prepare = time.Since(start)

	w := loadWorkload(sim.Workload, o)
	start = time.Now()
	if w.Yield == nil {
		w.Yield = j.simYield
	}
	res, err := partition.SimulateContext(j.ctx, sim.Result.Layout, w)
	if err != nil {
		return nil, fmt.Errorf("simulating %s: %w", run.Space, err)
	}
	run.Compute = time.Since(start)
	run.Result = res
	for i, pr := range res.Patterns {
		run.HotKeys = append(run.HotKeys, sim.ReadableKey(m, i, pr.HotKey))
	}
	run.Source = visualizer.NewHeatMapSource(res, visualizer.HeatMapOptions{Label: run.Label})
	run.Final = run.Source.Frame(res.Seconds)
	return run, nil
}

// loadMemory is what the Load panel keeps across tab switches.
type loadMemory struct {
	opts      loadOptions
	set       bool // opts were chosen
	cur, prev *loadRun
	runs      int
	t         int
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
	p.cur, p.prev, p.runs, p.t = lm.cur, lm.prev, lm.runs, lm.t
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
	mem.load = loadMemory{opts: p.opts, set: true, cur: p.cur, prev: p.prev, runs: p.runs, t: p.t}
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
func (p *loadPanel) OnMount(ctx goapp.Context)  { p.follow(ctx) }
func (p *loadPanel) OnUpdate(ctx goapp.Context) { p.follow(ctx) }

func (p *loadPanel) follow(ctx goapp.Context) {
	p.restore()
	st := p.State
	if st == nil || p.cur == nil || p.cur.Model == st.Model {
		return
	}
	p.stopPlay()
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

// Render draws the panel.
func (p *loadPanel) Render() goapp.UI {
	st := p.State
	p.restore()
	o := p.options()
	noWorkload := st.Model.Workload == nil || len(st.Model.Workload.Requests) == 0
	fresh := p.cur != nil && p.cur.Model == st.Model
	v := p.frame()
	if v.frame != nil && p.t != p.drawnT {
		p.frames++
		p.drawnT = p.t
	}
	missing := loadMissing(st)
	return goapp.Div().Class("wb-sim").Body(
		goapp.Details().Class("wb-sim-workload").Open(noWorkload || p.cur == nil).Body(
			goapp.Summary().Text("Workload: calls per second and key distributions"),
			&workloadEditor{Panel: p.Panel},
		),
		goapp.If(missing != "", func() goapp.UI { return p.renderMissing(missing) }),
		p.renderControls(o, noWorkload || missing != "", fresh),
		goapp.If(p.err != "", func() goapp.UI {
			return goapp.P().ID(IDLoadError).Class("wb-error").Attr("role", "alert").Text(p.err)
		}),
		goapp.If(fresh, func() goapp.UI { return p.renderRun(v) }),
	)
}

// renderControls draws the switches and the Run button.
// fresh says the last run is of the current design, so its key spaces and
// sharding apply.
func (p *loadPanel) renderControls(o loadOptions, noWorkload, fresh bool) goapp.UI {
	sharded := !fresh || p.cur.Sharded
	var spaces []string
	if fresh {
		spaces = p.cur.Spaces
	}
	runText := "Run simulation"
	if p.running {
		runText = "Simulating…"
		if p.progress > 0 && o.Seconds > 0 {
			runText = fmt.Sprintf("Simulating… %d%%", p.progress*100/o.Seconds)
		}
	}
	return goapp.Div().Class("wb-sim-controls").Body(
		goapp.Div().Class("wb-sim-row").Body(
			goapp.Label().For(IDLoadDuration).Text("Simulate"),
			goapp.Select().ID(IDLoadDuration).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setDuration(valueOf(e)) }).
				Body(goapp.Range(loadDurations).Slice(func(i int) goapp.UI {
					d := loadDurations[i]
					return goapp.Option().Value(strconv.Itoa(d)).Selected(d == o.Seconds).Text(fmtSeconds(d))
				})),
			goapp.If(len(spaces) > 1, func() goapp.UI {
				return goapp.Span().Body(
					goapp.Label().For(IDLoadSpace).Text("of "),
					goapp.Select().ID(IDLoadSpace).Class("wb-select").
						OnChange(func(ctx goapp.Context, e goapp.Event) { p.setSwitch(IDLoadSpace, valueOf(e), false) }).
						Body(goapp.Range(spaces).Slice(func(i int) goapp.UI {
							return goapp.Option().Value(spaces[i]).Selected(spaces[i] == o.Space).Text(spaces[i])
						})),
				)
			}),
			goapp.Button().ID(IDLoadRun).Class("wb-btn wb-btn-primary").Disabled(p.running || noWorkload).
				Attr("aria-busy", strconv.FormatBool(p.running)).Text(runText).
				Title("Simulate the design's workload second by second on the table's partitions").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.run(ctx) }),
			goapp.If(p.running, func() goapp.UI {
				return goapp.Button().ID(IDLoadRunCancel).Class("wb-btn").Text("Cancel").
					Title("Stop the simulation; the heat map keeps the last finished run").
					OnClick(func(ctx goapp.Context, e goapp.Event) { p.cancel() })
			}),
		),
		goapp.If(p.cancelled != "", func() goapp.UI {
			return goapp.P().ID(IDLoadRunCancelled).Class("wb-muted").Attr("role", "status").Text(p.cancelled)
		}),
		goapp.Div().Class("wb-sim-row wb-sim-toggles").Body(
			renderToggle(IDLoadSharding, "Write sharding", loadShardingTitle(sharded), o.Sharding, !sharded,
				func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadSharding, "", on) }),
			renderToggle(IDLoadBurst, "Burst capacity",
				"Unused capacity banked for up to 300 seconds and spent on spikes.",
				o.Burst, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadBurst, "", on) }),
			renderToggle(IDLoadAdaptive, "Adaptive capacity",
				"A busy partition borrows the table's unused throughput, up to 3,000 RCU / 1,000 WCU per partition.",
				o.Adaptive, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadAdaptive, "", on) }),
			renderToggle(IDLoadSplit, "Split for heat",
				"A partition that runs hot for five minutes splits in two (never with a local secondary index).",
				o.Split, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadSplit, "", on) }),
		),
		goapp.P().Class("wb-muted wb-sim-hint").Text("Without write sharding every request goes to the unsharded key: "+
			"the shard parameter of the workload's keys (the votes' {shard}) is dropped."),
	)
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

func loadShardingTitle(sharded bool) string {
	if !sharded {
		return "No access pattern of this key space is sharded."
	}
	return "Off, every request goes to the unsharded key: the shard suffix (such as the votes' {shard}) is dropped, so a candidate's 20 counters become one key."
}

// renderRun draws the player, the heat map, the comparison and the totals.
func (p *loadPanel) renderRun(v loadViewCache) goapp.UI {
	r := p.cur
	res := r.Result
	play := "Play"
	if p.playing {
		play = "Pause"
	}
	return goapp.Div().Class("wb-sim-run").Body(
		renderLoadAnswer(r, p.prev),
		renderLoadLayouts(r),
		goapp.Div().Class("wb-sim-row wb-sim-player").Body(
			goapp.Button().ID(IDLoadPlay).Class("wb-btn").Text(play).
				Attr("aria-pressed", strconv.FormatBool(p.playing)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if p.playing {
						p.stopPlay()
						p.remember()
					} else {
						p.startPlay(ctx)
					}
				}),
			goapp.Label().Class("wb-visually-hidden").For(IDLoadTime).Text("Time into the run"),
			goapp.Input().ID(IDLoadTime).Class("wb-sim-time").Type("range").
				Min(0).Max(res.Seconds).Step(float64(res.Interval)).Value(strconv.Itoa(p.t)).
				OnInput(func(ctx goapp.Context, e goapp.Event) {
					if n, err := strconv.Atoi(valueOf(e)); err == nil {
						p.seek(n)
					}
				}),
			goapp.Span().Class("wb-mono").Text(fmtClock(v.frame.Until)+" of "+fmtClock(res.Seconds)),
			goapp.Label().Class("wb-visually-hidden").For(IDLoadSpeed).Text("Play the whole run in"),
			goapp.Select().ID(IDLoadSpeed).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setSpeed(valueOf(e)) }).
				Body(goapp.Range(loadPlayTimes).Slice(func(i int) goapp.UI {
					n := loadPlayTimes[i]
					return goapp.Option().Value(strconv.Itoa(n)).Selected(n == p.playSeconds()).
						Text("play in " + fmtSeconds(n))
				})),
			goapp.Span().Class("wb-muted").Text(fmt.Sprintf("%s of %s simulated in %s (measuring the access patterns %s)",
				fmtSeconds(res.Seconds), r.Space, loadMs(r.Compute), loadMs(r.Prepare))),
		),
		goapp.Div().ID(IDLoadHeatMap).Class("wb-an-figure wb-sim-heatmap").
			Attr("data-run", r.N).Attr("data-label", r.Label).
			Attr("data-throttled", int64(math.Round(res.Totals.Throttled))).
			Attr("data-requests", int64(math.Round(res.Totals.Requests))).
			Attr("data-partitions", res.Totals.PartitionsEnd).
			Attr("data-seconds", res.Seconds).Attr("data-until", v.frame.Until).
			Attr("data-frame", p.frames).Attr("data-playing", strconv.FormatBool(p.playing)).
			Attr("data-compute-ms", r.Compute.Milliseconds()).Attr("data-prepare-ms", r.Prepare.Milliseconds()).
			Body(goapp.Raw(v.svg)),
		goapp.If(v.cmp != nil, func() goapp.UI { return p.renderCompare(v) }),
		renderLoadSummary(r),
	)
}

// loadMs prints a real duration in milliseconds.
func loadMs(d time.Duration) string {
	return fmtNum(float64(d.Microseconds())/1000) + " ms"
}

// renderCompare draws the previous run and this one side by side, at the
// same time into both.
func (p *loadPanel) renderCompare(v loadViewCache) goapp.UI {
	a, b := p.prev, p.cur
	return goapp.Div().ID(IDLoadCompare).Class("wb-sim-compare").
		Attr("data-a-label", a.Label).Attr("data-b-label", b.Label).
		Attr("data-a-throttled", int64(math.Round(a.Result.Totals.Throttled))).
		Attr("data-b-throttled", int64(math.Round(b.Result.Totals.Throttled))).Body(
		goapp.H3().Text("Compared with the previous run"),
		goapp.P().Class("wb-muted").Text(fmt.Sprintf("Whole runs: %s throttled %s of %s requests; %s throttled %s of %s.",
			a.Label, fmtNum(math.Round(a.Result.Totals.Throttled)), fmtNum(math.Round(a.Result.Totals.Requests)),
			b.Label, fmtNum(math.Round(b.Result.Totals.Throttled)), fmtNum(math.Round(b.Result.Totals.Requests)))),
		goapp.Div().Class("wb-an-figure").Body(goapp.Raw(v.cmpSVG)),
	)
}

// renderLoadSummary draws the run's totals, each access pattern's share and
// the layout's changes.
func renderLoadSummary(r *loadRun) goapp.UI {
	res := r.Result
	t := res.Totals
	return goapp.Div().ID(IDLoadSummary).Class("wb-sim-summary").Body(
		goapp.H3().Text("Per access pattern"),
		goapp.Div().Class("wb-ttl-counts").Body(
			loadStat(fmtNum(math.Round(t.Throttled)), "requests throttled"),
			loadStat(fmtNum(float64(t.ThrottledSeconds)), "seconds with throttling"),
			loadStat(strconv.Itoa(t.Splits+t.HeatSplits+t.Doublings), "splits and doublings"),
		),
		goapp.Table().Class("wb-table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Access pattern"), goapp.Th().Class("wb-num").Text("Requests"),
				goapp.Th().Class("wb-num").Text("Throttled"), goapp.Th().Text("Hottest key"),
			)),
			goapp.TBody().Body(goapp.Range(res.Patterns).Slice(func(i int) goapp.UI {
				pr := res.Patterns[i]
				unit := "RCU"
				if pr.Op == partition.Write {
					unit = "WCU"
				}
				cls := ""
				if pr.HotKeyUnits > pr.Ceiling*(1+1e-9) {
					cls = "wb-sim-hot"
				}
				return goapp.Tr().Attr("data-pattern", pr.Name).Body(
					goapp.Td().Title(pr.Description).Text(pr.Name),
					goapp.Td().Class("wb-num").Text(fmtNum(math.Round(pr.Requests))),
					goapp.Td().Class("wb-num").Text(fmt.Sprintf("%s (%s%%)", fmtNum(math.Round(pr.Throttled)), fmtNum(100*pr.ThrottledFraction()))),
					goapp.Td().Class(cls).Body(goapp.Code().Class("wb-mono").Text(r.hotKey(i)), goapp.Text(fmt.Sprintf(": %s %s/s of one partition's %s",
						fmtNum(pr.HotKeyUnits), unit, fmtNum(pr.Ceiling)))),
				)
			})),
		),
		goapp.If(len(res.Events) > 0, func() goapp.UI {
			return goapp.Ul().Class("wb-sim-events").Body(goapp.Range(res.Events).Slice(func(i int) goapp.UI {
				e := res.Events[i]
				return goapp.Li().Body(goapp.Span().Class("wb-mono").Text(fmtClock(e.Second)+" "), goapp.Text(e.Text))
			}))
		}),
	)
}

// hotKey is pattern i's hottest key as a partition-key value, or the
// simulator's name for it.
func (r *loadRun) hotKey(i int) string {
	if i < len(r.HotKeys) && r.HotKeys[i] != "" {
		return r.HotKeys[i]
	}
	return r.Result.Patterns[i].HotKey
}

// loadHottest is what the answer names: the pattern whose hottest key is
// the most over (or nearest to) one partition's ceiling, and the partition
// with the most units throttled (or, when none is, consumed).
type loadHottest struct {
	pattern   int // -1 for none
	partition int // index into Final.Rows, -1 for none
}

func (r *loadRun) hottest() loadHottest {
	h := loadHottest{pattern: -1, partition: -1}
	best := -1.0
	for i, pr := range r.Result.Patterns {
		if pr.Ceiling <= 0 {
			continue
		}
		if f := pr.HotKeyUnits / pr.Ceiling; f > best {
			best, h.pattern = f, i
		}
	}
	var bestThr, bestUse float64
	for i, row := range r.Final.Rows {
		thr := row.Totals.ReadThrottled + row.Totals.WriteThrottled
		use := row.Totals.ReadUnits + row.Totals.WriteUnits
		if h.partition < 0 || thr > bestThr || (thr == bestThr && use > bestUse) {
			h.partition, bestThr, bestUse = i, thr, use
		}
	}
	return h
}

// throttledRows are the partitions of the whole run that had something
// throttled, most throttled first.
func (r *loadRun) throttledRows() []visualizer.HeatRow {
	var out []visualizer.HeatRow
	for _, row := range r.Final.Rows {
		if row.Totals.ReadThrottled+row.Totals.WriteThrottled > 0 {
			out = append(out, row)
		}
	}
	slices.SortStableFunc(out, func(a, b visualizer.HeatRow) int {
		return cmp.Compare(b.Totals.ReadThrottled+b.Totals.WriteThrottled, a.Totals.ReadThrottled+a.Totals.WriteThrottled)
	})
	return out
}

// renderLoadAnswer says what the run found before any picture: requests,
// the throttled share, the hottest key and partition, and how it compares
// with the previous run.
func renderLoadAnswer(r, prev *loadRun) goapp.UI {
	t := r.Result.Totals
	h := r.hottest()
	var key, part string
	keyLine := goapp.UI(goapp.Text(""))
	if h.pattern >= 0 {
		pr := r.Result.Patterns[h.pattern]
		unit := "RCU"
		if pr.Op == partition.Write {
			unit = "WCU"
		}
		key = r.hotKey(h.pattern)
		verdict := "within"
		if pr.HotKeyUnits > pr.Ceiling*(1+1e-9) {
			verdict = "over"
		}
		keyLine = goapp.Li().Class("wb-load-answer-key").Body(
			goapp.Text("Hottest key: "), goapp.Code().Class("wb-mono").Text(key),
			goapp.Text(fmt.Sprintf(" (%s) takes %s %s/s, %s the %s %s/s one partition serves.",
				pr.Name, fmtNum(pr.HotKeyUnits), unit, verdict, fmtNum(pr.Ceiling), unit)),
		)
	}
	partLine := goapp.UI(goapp.Text(""))
	if h.partition >= 0 {
		row := r.Final.Rows[h.partition]
		part = fmt.Sprintf("P%d", row.ID)
		thr := row.Totals.ReadThrottled + row.Totals.WriteThrottled
		text := fmt.Sprintf(" consumed %s units, nothing throttled.", fmtNum(math.Round(row.Totals.ReadUnits+row.Totals.WriteUnits)))
		if thr > 0 {
			text = fmt.Sprintf(" had %s units throttled (%s%% of what was asked of it).", fmtNum(math.Round(thr)), fmtNum(row.Totals.ThrottledPct))
		}
		partLine = goapp.Li().Body(goapp.Text("Hottest partition: "), goapp.Strong().Text(part), goapp.Text(text))
	}
	cmpLine := goapp.UI(goapp.Text(""))
	if prev != nil {
		a, b := prev.Result.Totals.ThrottledFraction(), t.ThrottledFraction()
		word := "the same as"
		switch {
		case b < a-1e-9:
			word = "down from"
		case b > a+1e-9:
			word = "up from"
		}
		cmpLine = goapp.Li().Class("wb-load-answer-cmp").Text(fmt.Sprintf("Compared with %s: %s%% throttled, %s %s%%; %d → %d partitions at the end.",
			prev.Label, fmtNum(100*b), word, fmtNum(100*a), prev.Result.Totals.PartitionsEnd, t.PartitionsEnd))
	}
	cls := "wb-load-answer"
	if t.Throttled > 0 {
		cls += " wb-load-answer-throttled"
	}
	return goapp.Div().ID(IDLoadAnswer).Class(cls).
		Attr("data-hot-key", key).Attr("data-hot-partition", part).
		Attr("data-throttled-pct", fmtNum(100*t.ThrottledFraction())).Body(
		goapp.Div().Class("wb-ttl-counts").Body(
			loadStat(fmtNum(math.Round(t.Requests)), "requests in "+fmtSeconds(r.Result.Seconds)),
			loadStat(fmtNum(100*t.ThrottledFraction())+"%", "throttled"),
			loadStat(fmt.Sprintf("%d → %d", t.PartitionsStart, t.PartitionsEnd), "partitions"),
		),
		goapp.Ul().Class("wb-load-answer-lines").Body(keyLine, partLine, cmpLine),
	)
}

// renderLoadLayouts explains which layout the heat map shows and marks the
// throttled partitions before it.
func renderLoadLayouts(r *loadRun) goapp.UI {
	thr := r.throttledRows()
	names := make([]string, 0, min(len(thr), 8))
	for i, row := range thr {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(thr)-8))
			break
		}
		names = append(names, fmt.Sprintf("P%d (%s%%)", row.ID, fmtNum(row.Totals.ThrottledPct)))
	}
	return goapp.Div().Class("wb-load-layouts").Body(
		goapp.P().Class("wb-muted").Text("Partitions are numbered as on the Partitions tab (P0, P1, … in hash order; a split's halves take the next numbers), "+
			"but the layouts differ: the Partitions tab lays out the data (what its size and capacity need), "+
			"the heat map the layout under load (the table warmed to the workload's peak or its provisioned capacity, then split by the load)."),
		goapp.If(len(thr) > 0, func() goapp.UI {
			return goapp.P().ID(IDLoadThrottledParts).Class("wb-load-throttled").Attr("data-count", len(thr)).
				Text("Throttled partitions, most first: " + strings.Join(names, ", ") + ". Their rows are marked ▲ in the heat map.")
		}),
	)
}

func loadStat(n, label string) goapp.UI {
	return goapp.Div().Class("wb-stat").Body(
		goapp.Span().Class("wb-stat-n").Text(n),
		goapp.Span().Class("wb-stat-label").Text(label),
	)
}

// renderMissing says what the simulation needs and offers to add it.
func (p *loadPanel) renderMissing(missing string) goapp.UI {
	switch missing {
	case "access-patterns":
		return renderMissing(missing, "Load simulates the design's access patterns, and it has none yet: add them in the Design tab, or start a design from access patterns.", "", nil)
	case "workload":
		return renderMissing(missing, "Load needs a workload: how many calls per second each access pattern gets and how its keys are drawn. Set them above, or start from typical rates.",
			"Add typical rates", func(ctx goapp.Context) {
				p.act(ctx, func() { p.Store.EditWorkload(defaultWorkload) })
			})
	}
	return renderMissing(missing, "Load measures each access pattern on a sample of the dataset, and the design has none yet.",
		"Load 10,000 items", func(ctx goapp.Context) { startLoad(ctx, p.Store, 10000) })
}
