package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// costResult is one measurement of the design's cost.
type costResult struct {
	// Model is the design measured and Items the items its dataset was
	// loaded with (0: the analysis's default).
	Model *model.Model
	Items int
	View  *visualizer.CostModel
	// Elapsed is the real time the analysis took.
	Elapsed time.Duration
	Err     string
}

// costItems is how many items the measurement loads: as many as the page
// loaded (so the analysis measures the same dataset: same generator, seed
// and size), or 0 before any load. It waits while a load runs.
func costItems(st *State) (int, bool) {
	ld := st.Load
	if ld.Running {
		return 0, false
	}
	if ld.Total > 0 && ld.Error == "" {
		return min(ld.Done, analysis.MaxItems), true
	}
	return 0, true
}

// costModelFor is the design with its generated dataset sized to items, so
// that the analysis loads what the page loaded and prices storage for it.
func costModelFor(m *model.Model, items int) *model.Model {
	if items <= 0 || m.Dataset == nil || m.Dataset.Generator == nil || len(m.Dataset.Items) > 0 {
		return m
	}
	mm := *m
	ds := *m.Dataset
	g := *ds.Generator
	g.Size = items
	ds.Generator = &g
	mm.Dataset = &ds
	return &mm
}

// measureCost analyses the design: it loads the dataset into a fresh
// engine, runs every access pattern with its example parameters and
// prices it (analysis.Analyze). j slices the work (job.go) and cancels
// it; nil runs it whole.
func measureCost(j *job, m *model.Model, items int) *costResult {
	if j == nil {
		j = newJob(context.Background())
		defer j.cancel()
	}
	r := &costResult{Model: m, Items: items}
	start := time.Now()
	rep, err := analysis.Analyze(costModelFor(m, items), analysis.Options{Resolve: j.resolver(), Items: items, Context: j.ctx, Step: j.step,
		Workload: func(w partition.Workload) partition.Workload { w.Yield = j.simYield; return w }})
	r.Elapsed = time.Since(start)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.View = visualizer.Cost(rep)
	return r
}

// costPanel shows what every access pattern costs: its capacity per call
// measured on the dataset, its monthly cost on demand and provisioned, the
// storage, the totals, a bar chart, and the analysis's warnings next to
// the pattern, table or index they concern.
type costPanel struct {
	goapp.Compo
	Panel
	res     *costResult
	running bool
	// job is the running measurement, cancelled when the panel goes;
	// measuring names the design and items it measures.
	job       *job
	measuring costKey
	// cancelled is the measurement cancelled last: it does not start
	// again by itself (Measure again does).
	cancelled costKey
	restored  bool
}

// costKey names what a measurement measures.
type costKey struct {
	model *model.Model
	items int
}

// OnMount starts a measurement unless the last one is of the current
// design and data.
func (c *costPanel) OnMount(ctx goapp.Context) {
	c.restore()
	c.refresh(ctx, false)
}

// restore takes the last measurement made before the tab was left, once:
// a tab switch dismounts the panel.
func (c *costPanel) restore() {
	if c.restored || c.Store == nil {
		return
	}
	c.restored = true
	mem := memoryOf(c.Store)
	mem.mu.Lock()
	defer mem.mu.Unlock()
	if c.res == nil {
		c.res = mem.cost
	}
}

// OnDismount stops a running measurement: a tab switch dismounts the
// panel, which could no longer take its outcome.
func (c *costPanel) OnDismount() {
	if c.job != nil {
		c.job.cancel()
		c.job, c.running = nil, false
	}
}

// cancel stops the running measurement; the last one stays shown when it
// is of the current design.
func (c *costPanel) cancel() {
	if c.job == nil {
		return
	}
	c.job.cancel()
	c.job, c.running, c.cancelled = nil, false, c.measuring
}

// OnUpdate measures again when the design or its dataset changed.
func (c *costPanel) OnUpdate(ctx goapp.Context) { c.refresh(ctx, false) }

// stale says the measurement is not of the current design and data.
func (c *costPanel) stale(st *State) bool {
	items, ready := costItems(st)
	return ready && (c.res == nil || c.res.Model != st.Model || c.res.Items != items)
}

// refresh starts a measurement when one is due (or forced), off the event
// handler, after a pause that lets the page show that it is measuring.
func (c *costPanel) refresh(ctx goapp.Context, force bool) {
	st := c.State
	c.restore()
	if c.running || st == nil || !(force || c.stale(st)) {
		return
	}
	items, ready := costItems(st)
	if !ready {
		return
	}
	key := costKey{st.Model, items}
	if !force && c.cancelled == key {
		return
	}
	c.running, c.measuring, c.cancelled = true, key, costKey{}
	m := st.Model
	// A job (job.go): in slices that hand the browser its thread.
	j := newJob(context.Background())
	c.job = j
	ctx.Async(func() {
		// Let the page show that it is measuring before the work starts.
		j.pause()
		r := measureCost(j, m, items)
		j.finish()
		j.cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if c.job != j {
				return
			}
			c.job = nil
			c.running = false
			c.res = r
			mem := memoryOf(c.Store)
			mem.mu.Lock()
			mem.cost = r
			mem.mu.Unlock()
			// The design may have changed meanwhile.
			c.refresh(ctx, false)
		})
	})
}

// Render draws the panel.
func (c *costPanel) Render() goapp.UI {
	c.restore()
	r := c.res
	current := r != nil && r.Model == c.State.Model
	missing := costMissing(c.State.Model)
	status := ""
	switch {
	case c.running:
		status = "Measuring every access pattern on the dataset…"
	case c.cancelled.model == c.State.Model && !current:
		status = "Measurement cancelled: Measure again starts it over"
	case current && r.View != nil:
		status = fmt.Sprintf("%s · prices %s as of %s · measured in %s", r.View.Dataset, r.View.Region, r.View.AsOf, loadMs(r.Elapsed))
	}
	// data-state: computing while a measurement runs, ready once the
	// current design's is shown, idle otherwise.
	state := "idle"
	switch {
	case c.running:
		state = "computing"
	case current:
		state = "ready"
	}
	return goapp.Div().Class("wb-cost").Attr("data-state", state).Attr("aria-busy", strconv.FormatBool(c.running)).Body(
		goapp.Div().Class("wb-panel-head").Body(
			goapp.Button().ID(IDCostRun).Class("wb-btn").Disabled(c.running).Text("Measure again").
				Title(greyed(c.running, "Load the dataset into a fresh engine, run every access pattern and price it", "the measurement is running; Cancel stops it")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { c.refresh(ctx, true) }),
			goapp.If(c.running, func() goapp.UI {
				return goapp.Button().ID(IDCostCancel).Class("wb-btn").Text("Cancel").
					Title("Stop the measurement").
					OnClick(func(ctx goapp.Context, e goapp.Event) { c.cancel() })
			}),
			goapp.Span().Class("wb-muted").Text(status),
		),
		goapp.If(missing != "", func() goapp.UI { return c.renderMissing(missing) }),
		goapp.If(current && r.Err != "", func() goapp.UI {
			return goapp.P().ID(IDCostError).Class("wb-error").Attr("role", "alert").Text(r.Err)
		}),
		// A measurement of another design (or of this one before its
		// workload changed) is never shown: a new one is under way.
		goapp.If(current && r.View != nil, func() goapp.UI { return renderCost(r.View, false) }),
	)
}

// renderCost draws the cost view.
func renderCost(v *visualizer.CostModel, old bool) goapp.UI {
	return goapp.Div().Class("wb-cost-view").Body(
		goapp.If(old, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("These figures are of the design before its last change; they update when the measurement ends.")
		}),
		renderCostTable(v),
		goapp.Div().ID(IDCostChart).Class("wb-an-figure").Body(goapp.Raw(v.SVG())),
		renderCostStorage(v),
		renderCostWarnings(v),
	)
}

// costColumns is the pattern table's column count, for the rows that span
// it.
const costColumns = 8

// renderCostTable draws a row per access pattern, its warnings right under
// it, and the totals.
func renderCostTable(v *visualizer.CostModel) goapp.UI {
	t := v.Totals
	return goapp.Table().ID(IDCostTable).Class("wb-table wb-cost-table").Body(
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Text("Access pattern"), goapp.Th().Text("Serves it"),
			goapp.Th().Class("wb-num").Text("Calls/s"), goapp.Th().Class("wb-num").Text("Capacity per call"),
			goapp.Th().Class("wb-num").Title("(table + GSI write units) / table write units").Text("GSI write amp."),
			goapp.Th().Class("wb-num").Text("On demand / month"), goapp.Th().Class("wb-num").Text("Provisioned / month"),
			goapp.Th().Text("Arithmetic"),
		)),
		goapp.Range(v.Patterns).Slice(func(i int) goapp.UI {
			return renderCostPattern(v.Patterns[i])
		}),
		goapp.TFoot().Body(goapp.Tr().ID(IDCostTotal).Class("wb-cost-total").
			Attr("data-on-demand", costAttr(t.OnDemand)).Attr("data-provisioned", costAttr(t.Provisioned)).
			Attr("data-cheaper", t.Cheaper).Body(
			goapp.Th().Attr("colspan", 5).Text(fmt.Sprintf("Total with storage (%s, %s a month); %s is cheaper",
				fmtGB(t.StorageGB), fmtDollars(t.Storage), t.Cheaper)),
			goapp.Td().Class("wb-num wb-cost-dollars").Text(fmtDollars(t.OnDemand)),
			goapp.Td().Class("wb-num wb-cost-dollars").Text(fmtDollars(t.Provisioned)),
			goapp.Td().Body(renderCostLines(append(append([]visualizer.CostLine{}, t.OnDemandLines...), t.ProvisionedLines...), t.StorageText)),
		)),
	)
}

// costAttr prints dollars for a data attribute: plain digits.
func costAttr(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// renderCostPattern draws one pattern's row and its warnings.
func renderCostPattern(p visualizer.CostPattern) goapp.UI {
	serves := p.Table
	if p.Index != "" {
		serves += "." + p.Index
	}
	if p.KeyCondition != "" {
		serves += " · " + p.KeyCondition
	}
	units := fmtNum(p.Units) + " " + p.Unit
	if p.Requests > 1 {
		units += fmt.Sprintf(" (%d requests)", p.Requests)
	}
	amp := ""
	if p.WriteAmplification > 0 {
		amp = fmtNum(p.WriteAmplification) + "×"
	}
	cls := "wb-cost-row"
	if len(p.Warnings) > 0 {
		cls += " warned"
	}
	return goapp.TBody().Class("wb-cost-pattern").Body(
		goapp.Tr().Class(cls).Attr("data-pattern", p.Name).
			Attr("data-on-demand", costAttr(p.OnDemand)).Attr("data-provisioned", costAttr(p.Provisioned)).Body(
			goapp.Td().Body(goapp.Strong().Text(p.Name), goapp.Span().Class("wb-muted").Text(" "+p.Operation)),
			goapp.Td().Class("wb-mono wb-cost-serves").Text(serves),
			goapp.Td().Class("wb-num").Text(fmtNum(p.Rate)),
			goapp.Td().Class("wb-num").Title(p.UnitsText).Text(units),
			goapp.Td().Class("wb-num").Text(amp),
			goapp.Td().Class("wb-num wb-cost-dollars").Text(fmtDollars(p.OnDemand)),
			goapp.Td().Class("wb-num wb-cost-dollars").Text(fmtDollars(p.Provisioned)),
			goapp.Td().Body(renderCostLines(append(append([]visualizer.CostLine{}, p.OnDemandLines...), p.ProvisionedLines...), p.UnitsText)),
		),
		goapp.If(p.Error != "", func() goapp.UI {
			return goapp.Tr().Class("wb-cost-note").Body(goapp.Td().Attr("colspan", costColumns).Body(
				goapp.Span().Class("wb-error").Text("not measured: " + p.Error)))
		}),
		goapp.If(len(p.Warnings) > 0, func() goapp.UI {
			return goapp.Tr().Class("wb-cost-note").Attr("data-warnings-for", p.Name).Body(
				goapp.Td().Attr("colspan", costColumns).Body(renderCostWarningList(p.Warnings, false)))
		}),
	)
}

// renderCostLines draws an estimate's arithmetic, folded.
func renderCostLines(lines []visualizer.CostLine, first string) goapp.UI {
	if len(lines) == 0 && first == "" {
		return goapp.Text("")
	}
	return goapp.Details().Class("wb-cost-lines").Body(
		goapp.Summary().Text("how"),
		goapp.Ul().Body(
			goapp.If(first != "", func() goapp.UI { return goapp.Li().Class("wb-mono").Text(first) }),
			goapp.Range(lines).Slice(func(i int) goapp.UI {
				l := lines[i]
				return goapp.Li().Body(goapp.Strong().Text(l.Label+" "+fmtDollars(l.Dollars)+": "), goapp.Span().Class("wb-mono").Text(l.Text))
			}),
		),
	)
}

// renderCostWarningList draws warnings, each with its kind and, when asked,
// the element it concerns.
func renderCostWarningList(ws []visualizer.CostWarning, element bool) goapp.UI {
	return goapp.Ul().Class("wb-cost-warnings").Body(goapp.Range(ws).Slice(func(i int) goapp.UI {
		w := ws[i]
		return goapp.Li().Class("wb-cost-warning").Attr("data-kind", w.Kind).Attr("data-target", w.Target).Body(
			goapp.Span().Class("wb-cost-kind").Text(w.Kind),
			goapp.If(element, func() goapp.UI { return goapp.Strong().Text(" " + w.Element + ": ") }).
				Else(func() goapp.UI { return goapp.Text(" ") }),
			goapp.Text(w.Message),
		)
	}))
}

// renderCostStorage draws each table's storage and indexes with their
// warnings.
func renderCostStorage(v *visualizer.CostModel) goapp.UI {
	return goapp.Div().ID(IDCostStorage).Class("wb-cost-storage").Body(
		goapp.H3().Text("Tables, storage and indexes"),
		goapp.Range(v.Tables).Slice(func(i int) goapp.UI {
			t := v.Tables[i]
			return goapp.Div().Class("wb-cost-tablebox").Attr("data-table", t.Name).Body(
				goapp.P().Body(
					goapp.Strong().Text(t.Name),
					goapp.Span().Class("wb-muted").Text(fmt.Sprintf(" %s · %s · %s · %s billed, %s a month",
						t.Mode, plural(t.Items, "item"), visualizer.FormatBytes(int(t.Bytes)), fmtGB(t.StorageGB), fmtDollars(t.Storage))),
				),
				goapp.If(t.StorageText != "", func() goapp.UI { return goapp.P().Class("wb-muted wb-mono").Text(t.StorageText) }),
				goapp.If(len(t.Warnings) > 0, func() goapp.UI { return renderCostWarningList(t.Warnings, true) }),
				goapp.If(len(t.Indexes) > 0, func() goapp.UI {
					return goapp.Ul().Class("wb-cost-indexes").Body(goapp.Range(t.Indexes).Slice(func(j int) goapp.UI {
						x := t.Indexes[j]
						return goapp.Li().Attr("data-index", x.Name).Attr("data-items", x.Items).Body(
							goapp.Strong().Text(x.Name),
							goapp.Span().Class("wb-muted").Text(fmt.Sprintf(" %s on %s · %s, %s distinct keys",
								x.Kind, x.PartitionKey, plural(x.Items, "item"), fmtNum(float64(x.DistinctKeys)))),
							goapp.If(len(x.Warnings) > 0, func() goapp.UI { return renderCostWarningList(x.Warnings, false) }),
						)
					}))
				}),
			)
		}),
	)
}

// renderCostWarnings lists every warning with the element it concerns.
func renderCostWarnings(v *visualizer.CostModel) goapp.UI {
	if len(v.Warnings) == 0 {
		return goapp.P().ID(IDCostWarnings).Class("wb-muted").Text("The analysis has no warning for this design.")
	}
	kinds := map[string]int{}
	var order []string
	for _, w := range v.Warnings {
		if kinds[w.Kind] == 0 {
			order = append(order, w.Kind)
		}
		kinds[w.Kind]++
	}
	counts := make([]string, 0, len(order))
	for _, k := range order {
		counts = append(counts, fmt.Sprintf("%d %s", kinds[k], k))
	}
	return goapp.Details().ID(IDCostWarnings).Class("wb-cost-all-warnings").Body(
		goapp.Summary().Text(fmt.Sprintf("%s: %s", plural(len(v.Warnings), "warning"), strings.Join(counts, ", "))),
		renderCostWarningList(v.Warnings, true),
	)
}

// costMissing names what the design lacks for a cost that means
// something ("" when nothing): access patterns to price, calls per second
// to price them at.
func costMissing(m *model.Model) string {
	if len(m.AccessPatterns) == 0 {
		return "access-patterns"
	}
	for _, ap := range m.AccessPatterns {
		if ap.Rate > 0 {
			return ""
		}
	}
	if m.Workload != nil {
		for _, r := range m.Workload.Requests {
			if r.Rate > 0 {
				return ""
			}
		}
	}
	return "workload"
}

// renderMissing says what the cost needs and offers to add it.
func (c *costPanel) renderMissing(missing string) goapp.UI {
	if missing == "access-patterns" {
		return renderMissing(missing, "Cost prices the design's access patterns, and it has none yet: add them in the Design tab, or start a design from access patterns.", "", nil)
	}
	return renderMissing(missing, "No access pattern has calls per second yet, so every monthly figure is $0: set the rates in the workload editor (Design or Load tab), or start from typical ones.",
		"Add typical rates", func(ctx goapp.Context) {
			c.act(ctx, func() { c.Store.EditWorkload(defaultWorkload) })
		})
}
