package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
)

// Limits and thresholds of the analysis.
const (
	// DefaultItems is the dataset size a generated dataset is capped at.
	DefaultItems = 1000
	// MaxItems is the largest Options.Items accepted.
	MaxItems = 50000
	// DefaultSimulateSeconds is how long the hot-partition simulation
	// runs, unless the model's workload says less.
	DefaultSimulateSeconds = 600
	// MaxSimulateSeconds caps the hot-partition simulation.
	MaxSimulateSeconds = 3600
	// LargeItemBytes is the item size above which an item is near the
	// 400 KB limit.
	LargeItemBytes = 300 * 1024
	// MaxItemBytes is DynamoDB's item size limit.
	MaxItemBytes = 400 * 1024
	// LSICollectionBytes is the 10 GB an item collection of a table with a
	// local secondary index may hold (documented).
	LSICollectionBytes = 10 * partition.GB
	// LSIWarnBytes is the projected collection size that draws a warning.
	LSIWarnBytes = partition.GB
	// LowCardinality: a GSI partition key with fewer distinct values than
	// this (over at least 2× as many items), or whose most common value
	// holds more than LowCardinalityShare of the index, is flagged.
	LowCardinality      = 10
	LowCardinalityShare = 0.5
	// FilterRatio is the items read per item returned from which a
	// filtered read is flagged.
	FilterRatio = 2
	// ItemOverheadBytes is what DynamoDB adds to every item for storage
	// billing (documented: 100 bytes of indexing overhead).
	ItemOverheadBytes = 100
)

// Warning kinds.
const (
	WarnHotPartition   = "hot-partition"
	WarnThrottled      = "throttled"
	WarnLowCardinality = "low-cardinality-gsi"
	WarnLargeItem      = "large-item"
	WarnLSICollection  = "lsi-collection"
	WarnTTLType        = "ttl-type"
	WarnScan           = "scan"
	WarnFilter         = "filter"
	WarnNotMeasured    = "not-measured"
)

// Element kinds a warning is attached to.
const (
	ElementTable         = "table"
	ElementIndex         = "index"
	ElementAttribute     = "attribute"
	ElementAccessPattern = "accessPattern"
)

// Options tune Analyze. The zero value analyses with the defaults.
type Options struct {
	// Resolve finds the generator a dataset's generator spec names
	// (patterns.Generator); nil loads only explicit items.
	Resolve model.Resolver
	// Items caps a generated dataset (0: DefaultItems; at most MaxItems).
	Items int
	// Prices is the price table (nil: partition.USEast1()).
	Prices *partition.Prices
	// TargetUtilization is the provisioned mode's target (0: 1, exactly
	// the average rate).
	TargetUtilization float64
	// SimulateSeconds is how long the hot-partition simulation runs (0:
	// the workload's duration or DefaultSimulateSeconds, at most
	// MaxSimulateSeconds).
	SimulateSeconds int
	// Context, when set, stops the analysis early with its error when it
	// is done (a server's client went away).
	Context context.Context
	// Budget, when above 0, bounds the work of the simulations together,
	// in partition.Workload.Budget's unit; a model that needs more fails
	// with a *partition.BudgetError.
	Budget int64
	// Step, when set, is called between small units of the analysis's
	// own work (an item examined, a table, an access pattern measured, a
	// key space simulated); an error from it stops the analysis with that
	// error. A caller on a page's only thread yields there (the dataset's
	// load steps through Resolve's sources, the simulations through
	// Workload's Yield).
	Step func() error
	// Workload, when set, adjusts each key space's workload before it is
	// simulated (the Load panel's switches: sharding, burst, adaptive
	// capacity, split for heat); it keeps Seconds and Interval.
	Workload func(partition.Workload) partition.Workload
}

// Element names the design element a warning concerns.
type Element struct {
	Kind          string `json:"kind"`
	Table         string `json:"table,omitempty"`
	Index         string `json:"index,omitempty"`
	Attribute     string `json:"attribute,omitempty"`
	AccessPattern string `json:"accessPattern,omitempty"`
}

// String names the element as a designer reads it.
func (e Element) String() string {
	switch e.Kind {
	case ElementIndex:
		return "index " + e.Table + "." + e.Index
	case ElementAttribute:
		return "attribute " + e.Table + "." + e.Attribute
	case ElementAccessPattern:
		return "access pattern " + e.AccessPattern
	}
	return "table " + e.Table
}

// Warning is one thing a designer should look at.
type Warning struct {
	Kind    string  `json:"kind"`
	Element Element `json:"element"`
	Message string  `json:"message"`
	// Fix, when the change the message names is a design edit, is that
	// edit: the model with it applied, which a page applies with one click.
	Fix *Fix `json:"fix,omitempty"`
}

// Report is what Analyze found.
type Report struct {
	Model          string           `json:"model"`
	Prices         partition.Prices `json:"prices"`
	Dataset        DatasetReport    `json:"dataset"`
	Tables         []TableReport    `json:"tables"`
	AccessPatterns []PatternReport  `json:"accessPatterns"`
	Totals         Totals           `json:"totals"`
	// Warnings is every warning of the tables and access patterns.
	Warnings []Warning `json:"warnings"`

	sims []KeySpaceSimulation
}

// Pattern returns the report of the access pattern named name, or nil.
func (r *Report) Pattern(name string) *PatternReport {
	for i := range r.AccessPatterns {
		if r.AccessPatterns[i].Name == name {
			return &r.AccessPatterns[i]
		}
	}
	return nil
}

// WarningsOf returns the warnings of a kind.
func (r *Report) WarningsOf(kind string) []Warning {
	var out []Warning
	for _, w := range r.Warnings {
		if w.Kind == kind {
			out = append(out, w)
		}
	}
	return out
}

// DatasetReport says what was loaded.
type DatasetReport struct {
	// Items is the number of items loaded, ByTable per table.
	Items   int            `json:"items"`
	ByTable map[string]int `json:"byTable"`
	// Generator is the generator spec as loaded (its size capped), and
	// FullSize the size the model asked for.
	Generator *model.GeneratorSpec `json:"generator,omitempty"`
	FullSize  int                  `json:"fullSize"`
	// Scale is FullSize / Items: how projections scale the loaded data.
	Scale float64 `json:"scale"`
	Text  string  `json:"text"`
}

// Totals price every access pattern together, with storage.
type Totals struct {
	OnDemand    float64 `json:"onDemand"`
	Provisioned float64 `json:"provisioned"`
	StorageGB   float64 `json:"storageGB"`
	Cheaper     string  `json:"cheaper"`
	// Estimate has every line and its arithmetic.
	Estimate partition.Estimate `json:"estimate"`
	// Priced names the access patterns the totals include (each with a
	// rate), Estimated those of them priced from their request's shape
	// because their example could not run, Unpriced those left out and
	// why ("no rate"); Text says it in words.
	Priced    []string `json:"priced"`
	Estimated []string `json:"estimated,omitempty"`
	Unpriced  []string `json:"unpriced,omitempty"`
	Text      string   `json:"text"`
}

// Analyze loads m's dataset into a fresh engine, runs each access pattern
// with its example parameters, and reports capacity, cost and warnings (see
// the package documentation).
func Analyze(m *model.Model, o Options) (*Report, error) {
	if o.SimulateSeconds < 0 || o.SimulateSeconds > MaxSimulateSeconds {
		return nil, fmt.Errorf("analysis: simulate seconds %d: 0 to %d", o.SimulateSeconds, MaxSimulateSeconds)
	}
	return analyze(m, o, 0)
}

// MaxSimulationSeconds bounds Simulate: a day.
const MaxSimulationSeconds = partition.Day

// Simulate measures m's access patterns as Analyze does and runs the
// model's workload for seconds (1 to MaxSimulationSeconds; 0: the
// workload's duration, else DefaultSimulateSeconds), one simulation per key
// space, with series of one sample per interval seconds (0: the
// simulator's choice). A model without a workload has no key spaces.
func Simulate(m *model.Model, o Options, seconds, interval int) ([]KeySpaceSimulation, error) {
	if seconds < 0 || seconds > MaxSimulationSeconds {
		return nil, fmt.Errorf("analysis: duration %d s: 1 to %d", seconds, MaxSimulationSeconds)
	}
	if seconds == 0 && m != nil && m.Workload != nil && m.Workload.DurationSeconds > 0 {
		seconds = min(m.Workload.DurationSeconds, MaxSimulationSeconds)
	}
	if interval < 0 {
		return nil, fmt.Errorf("analysis: interval %d: at least 0", interval)
	}
	o.SimulateSeconds = seconds
	rep, err := analyze(m, o, interval)
	if err != nil {
		return nil, err
	}
	if rep.sims == nil {
		return []KeySpaceSimulation{}, nil
	}
	return rep.sims, nil
}

func analyze(m *model.Model, o Options, interval int) (*Report, error) {
	if m == nil {
		return nil, errors.New("analysis: no model")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("analysis: the model is not valid: %w", err)
	}
	if o.Items < 0 || o.Items > MaxItems {
		return nil, fmt.Errorf("analysis: items %d: 0 to %d", o.Items, MaxItems)
	}
	prices := partition.USEast1()
	if o.Prices != nil {
		prices = *o.Prices
	}
	if err := prices.Validate(); err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	if o.TargetUtilization < 0 || o.TargetUtilization > 1 || math.IsNaN(o.TargetUtilization) {
		return nil, fmt.Errorf("analysis: target utilization %v: above 0, at most 1", o.TargetUtilization)
	}
	limit := o.Items
	if limit == 0 {
		limit = DefaultItems
	}

	// Load a copy whose generated dataset is capped.
	mm := *m
	rep := &Report{Model: m.Name, Prices: prices}
	if m.Dataset != nil {
		ds := *m.Dataset
		if ds.Generator != nil && len(ds.Items) == 0 {
			g := *ds.Generator
			rep.Dataset.FullSize = g.Size
			if g.Size > limit {
				g.Size = limit
			}
			ds.Generator = &g
			rep.Dataset.Generator = &g
		}
		mm.Dataset = &ds
	}
	db, _ := mm.NewDatabase()
	stats, err := mm.Load(db, o.Resolve)
	if err != nil {
		return nil, fmt.Errorf("analysis: loading the dataset: %w", err)
	}
	if err := o.step(); err != nil {
		return nil, err
	}
	rep.Dataset.Items = stats.Items
	rep.Dataset.ByTable = stats.ByTable
	if rep.Dataset.ByTable == nil {
		rep.Dataset.ByTable = map[string]int{}
	}
	if rep.Dataset.FullSize < stats.Items {
		rep.Dataset.FullSize = stats.Items
	}
	rep.Dataset.Scale = 1
	if stats.Items > 0 {
		rep.Dataset.Scale = float64(rep.Dataset.FullSize) / float64(stats.Items)
	}
	switch {
	case rep.Dataset.Generator != nil && rep.Dataset.Scale != 1:
		rep.Dataset.Text = fmt.Sprintf("loaded %s of the %s generated items (%s, seed %d); sizes are projected × %s",
			num(float64(stats.Items)), num(float64(rep.Dataset.FullSize)), rep.Dataset.Generator.Pattern,
			rep.Dataset.Generator.Seed, num(rep.Dataset.Scale))
	default:
		rep.Dataset.Text = fmt.Sprintf("loaded %s items", num(float64(stats.Items)))
	}

	// The data: sizes, index cardinality, TTL types.
	for i := range m.Tables {
		if err := o.step(); err != nil {
			return nil, err
		}
		tr, err := examineTable(db, &m.Tables[i], rep.Dataset.Scale, prices, o.step)
		if err != nil {
			return nil, fmt.Errorf("analysis: table %s: %w", m.Tables[i].TableName, err)
		}
		rep.Tables = append(rep.Tables, *tr)
	}

	// The access patterns: reads first, on the data as loaded, then writes.
	rep.AccessPatterns = make([]PatternReport, len(m.AccessPatterns))
	order := make([]int, 0, len(m.AccessPatterns))
	for i, ap := range m.AccessPatterns {
		if patternReads(&ap) {
			order = append(order, i)
		}
	}
	for i, ap := range m.AccessPatterns {
		if !patternReads(&ap) {
			order = append(order, i)
		}
	}
	ents, err := collectEntityStats(db, m, o.step)
	if err != nil {
		return nil, err
	}
	for _, i := range order {
		if err := o.step(); err != nil {
			return nil, err
		}
		rep.AccessPatterns[i] = measure(db, m, &m.AccessPatterns[i], ents)
	}

	// The design review: what each pattern reaches of its entity, reads
	// of whole growing collections, projections wider than the reads.
	reviewReach(rep, m, ents)
	reviewUnbounded(rep, m, ents)
	reviewProjections(rep, m, db, prices)

	// Costs, per pattern and in total.
	var loads []partition.Load
	for i := range rep.AccessPatterns {
		pr := &rep.AccessPatterns[i]
		l, ok := pr.load()
		switch {
		case !ok:
			rep.Totals.Unpriced = append(rep.Totals.Unpriced, pr.Name+" (not measurable: "+pr.Error+")")
			continue
		case pr.Rate <= 0:
			rep.Totals.Unpriced = append(rep.Totals.Unpriced, pr.Name+" (no rate)")
		default:
			rep.Totals.Priced = append(rep.Totals.Priced, pr.Name)
			if pr.Estimated {
				rep.Totals.Estimated = append(rep.Totals.Estimated, pr.Name)
			}
		}
		est, err := prices.Monthly([]partition.Load{l}, partition.CostOptions{TargetUtilization: o.TargetUtilization})
		if err != nil {
			return nil, fmt.Errorf("analysis: access pattern %s: %w", pr.Name, err)
		}
		pr.Cost = &est
		pr.OnDemand, pr.Provisioned = est.OnDemand.Total, est.Provisioned.Total
		loads = append(loads, l)
	}
	for _, t := range rep.Tables {
		rep.Totals.StorageGB += t.StorageGB
	}
	est, err := prices.Monthly(loads, partition.CostOptions{TargetUtilization: o.TargetUtilization, StorageGB: rep.Totals.StorageGB})
	if err != nil {
		return nil, fmt.Errorf("analysis: totals: %w", err)
	}
	rep.Totals.Estimate = est
	rep.Totals.OnDemand, rep.Totals.Provisioned, rep.Totals.Cheaper = est.OnDemand.Total, est.Provisioned.Total, est.Cheaper
	rep.Totals.Text = totalsText(&rep.Totals)

	// Hot partitions, from the workload.
	if err := o.step(); err != nil {
		return nil, err
	}
	if err := simulateWorkload(m, rep, o, interval); err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}

	weighCardinality(rep)
	for _, t := range rep.Tables {
		rep.Warnings = append(rep.Warnings, t.Warnings...)
	}
	for _, p := range rep.AccessPatterns {
		rep.Warnings = append(rep.Warnings, p.Warnings...)
	}
	if rep.Warnings == nil {
		rep.Warnings = []Warning{}
	}
	return rep, nil
}

// totalsText says what the totals include, so that no pattern hides in
// them: the priced patterns, the estimated ones, the ones left out.
func totalsText(t *Totals) string {
	if t.Priced == nil {
		t.Priced = []string{}
	}
	s := fmt.Sprintf("$%.2f a month on demand, $%.2f provisioned, for %d access pattern(s) with a rate and %s GB of storage",
		t.OnDemand, t.Provisioned, len(t.Priced), num(t.StorageGB))
	if len(t.Estimated) > 0 {
		s += fmt.Sprintf("; estimated from their request's shape, their example failing: %s", strings.Join(t.Estimated, ", "))
	}
	if len(t.Unpriced) > 0 {
		s += fmt.Sprintf("; not included: %s", strings.Join(t.Unpriced, ", "))
	}
	return s
}

// step ends the analysis early when its context is done, else calls Step.
func (o Options) step() error {
	if err := o.ctx().Err(); err != nil {
		return err
	}
	if o.Step != nil {
		return o.Step()
	}
	return nil
}

// ctx is o.Context, or the background context.
func (o Options) ctx() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// isRead reports whether an operation only reads.
func isRead(op string) bool {
	switch op {
	case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems":
		return true
	}
	return false
}

// num formats a figure for the arithmetic: thousands separated, up to four
// significant decimals.
func num(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return fmt.Sprint(x)
	}
	neg := x < 0
	x = math.Abs(x)
	s := fmt.Sprintf("%.4f", x)
	if x >= 1000 {
		s = fmt.Sprintf("%.2f", x)
	}
	if x >= 1e6 {
		s = fmt.Sprintf("%.0f", x)
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// rawMap decodes a JSON object into its members.
func rawMap(b []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
