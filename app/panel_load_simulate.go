package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

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
	// note ends the run's label: the remedy it runs after.
	note string
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
	// sharding switch changes something; Shards names those patterns with
	// their shard counts ("Vote (20 shards)").
	Sharded bool
	Shards  []string
	// Elsewhere are the workload's requests this run does not simulate,
	// each with where it is simulated or why it is not: the per-pattern
	// table lists every request of the design, not only this key space's.
	Elsewhere []loadElsewhere
	Result    *partition.Result
	// PeakRCU and PeakWCU are what the key space's workload asks at its
	// highest rate, fan-outs counted (the remedies' arithmetic).
	PeakRCU, PeakWCU float64
	// Remedies are the fixes the run proposes (panel_load_remedy.go).
	Remedies []loadRemedy
	// HotKeys holds each pattern's hottest key as a partition-key value
	// (CANDIDATE#c0#3), in the order of Result.Patterns.
	HotKeys []string
	Source  *visualizer.HeatMapSource
	Final   *visualizer.HeatMapModel
	// Prepare is the real time the measurement of the access patterns
	// took, Compute the simulation's.
	Prepare, Compute time.Duration
}

// loadElsewhere is a workload request outside the run's key space.
type loadElsewhere struct {
	Pattern string
	Rate    float64
	Why     string
}

// loadElsewhereOf lists the workload's requests not simulated on space,
// saying for each where it is or why nothing simulates it (the analysis
// simulates measured GetItem, Query, PutItem, UpdateItem and DeleteItem
// requests whose partition key is a template).
func loadElsewhereOf(m *model.Model, sims []analysis.KeySpaceSimulation, space string) []loadElsewhere {
	on := map[string]string{}
	for _, s := range sims {
		for _, p := range s.Patterns {
			if _, ok := on[p]; !ok {
				on[p] = loadSpaceName(s)
			}
		}
	}
	var out []loadElsewhere
	for _, wr := range m.Workload.Requests {
		where, ok := on[wr.AccessPattern]
		if ok && where == space {
			continue
		}
		why := "simulated on " + where + ": choose it in \"of\" above"
		if !ok {
			why = "not simulated: it read or wrote nothing on the dataset sample, or its partition key is not a template of its parameters"
			if ap := m.AccessPattern(wr.AccessPattern); ap == nil {
				why = "not simulated: the design has no access pattern of that name"
			} else {
				switch ap.Operation {
				case "GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem":
				default:
					why = "not simulated: a " + ap.Operation + " is not one partition's request (scans and batches spread over the table)"
				}
			}
		}
		out = append(out, loadElsewhere{Pattern: wr.AccessPattern, Rate: wr.Rate, Why: why})
	}
	return out
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
	if o.note != "" {
		parts = append(parts, o.note)
	}
	return fmt.Sprintf("#%d %s", n, strings.Join(parts, ", "))
}

// loadWorkload applies the switches to a key space's workload. Sharding
// off drops each pattern's write shards (partition.AccessPattern.Sharding,
// which the analysis makes from the key's extra uniform parameters): every request then goes to the unsharded key,
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
		if p.Sharding.Shards > 1 {
			run.Sharded = true
			run.Shards = append(run.Shards, fmt.Sprintf("%s (%d shards)", p.Name, p.Sharding.Shards))
		}
	}
	run.Elsewhere = loadElsewhereOf(m, sims, run.Space)
	run.Prepare = time.Since(start)

	w := loadWorkload(sim.Workload, o)
	for _, p := range w.Patterns {
		u := p.Rate.Max() * float64(p.FanOut()) * p.Units()
		if p.Op == partition.Read {
			run.PeakRCU += u
		} else {
			run.PeakWCU += u
		}
	}
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
	run.Remedies = remediesOf(run)
	return run, nil
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
