package app

import (
	"fmt"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// partitionsLargest is how many largest item collections each partition
// lists.
const partitionsLargest = 3

// partitionsListMax bounds the rows of the partitions table: a what-if of
// terabytes has thousands of partitions, which the picture groups.
const partitionsListMax = 64

// partitionsPanel shows a table's keyspace as partitions with the loaded
// data in each, and a what-if form: change the capacity mode, throughput,
// data size or on-demand peak and see the partition count follow the
// seed-003 rules with the arithmetic of each step.
type partitionsPanel struct {
	goapp.Compo
	Panel
	table string
	// in is the what-if's inputs, filled from the table (inTable) and
	// edited; edited says they differ from the table's own.
	in      visualizer.PartitionsInput
	inTable string
	edited  bool
	// bad names the fields whose last text was not a number.
	bad map[string]bool
	// data is the table's data as partitions read it: every item
	// collection, read by a job (view_work.go) for a large table.
	data  viewWork // of a partitionsKey: *partitionsRead
	cache partitionsCache
	// ctx is the panel's while it is mounted (mounted), for the jobs
	// its render starts.
	ctx     goapp.Context
	mounted bool
}

// OnMount keeps the panel's context for the jobs its renders start.
func (p *partitionsPanel) OnMount(ctx goapp.Context) { p.ctx, p.mounted = ctx, true }

// OnDismount stops a computation the panel could no longer show.
func (p *partitionsPanel) OnDismount() {
	p.mounted = false
	p.data.stop()
}

// partitionsKey is what the table's partitions data depends on: its items
// (Version) and the layout the engine models it with (mode, throughput,
// size, LSI).
type partitionsKey struct {
	table   string
	version uint64
	spec    partition.Spec
}

// partitionsRead is the partitions data of a table, or why there is none.
type partitionsRead struct {
	data *visualizer.PartitionsData
	err  string
}

// partitionsCache keeps the last outcome: the what-if applied to the
// data, which the page re-renders on every tick of the clock.
type partitionsCache struct {
	key  partitionsOutcomeKey
	out  *partitionsOutcome
	have bool
}

// partitionsOutcomeKey is what an outcome depends on: the data and the
// what-if.
type partitionsOutcomeKey struct {
	data   partitionsKey
	in     visualizer.PartitionsInput
	edited bool
}

// partitionsOutcome is what the panel shows.
type partitionsOutcome struct {
	// Base is the table as the engine lays it out; View is Base or the
	// what-if on it.
	Base, View *visualizer.PartitionsModel
	// Input is the table's own values, for the form.
	Input visualizer.PartitionsInput
	// WhatIf says View is a what-if; NewSteps counts the steps it added.
	WhatIf   bool
	NewSteps int
	Err      string
}

// partitionsReadOf reads a table's partitions data; j, when set, slices
// the walk.
func partitionsReadOf(j *job, ts *engine.TableSnapshot) (*partitionsRead, error) {
	var step func() error
	if j != nil {
		step = j.step
	}
	d, err := visualizer.PartitionsDataOf(ts, partitionsLargest, step)
	if err != nil {
		if j != nil && j.ctx.Err() != nil {
			return nil, err
		}
		return &partitionsRead{err: err.Error()}, nil
	}
	return &partitionsRead{data: d}, nil
}

// partitionsCompute maps a table's data onto its partitions and, when
// edited, applies the what-if in.
func partitionsCompute(r *partitionsRead, in visualizer.PartitionsInput, edited bool) *partitionsOutcome {
	if r.err != "" {
		return &partitionsOutcome{Err: r.err}
	}
	pv := r.data.View
	base := visualizer.PartitionsView(pv)
	out := &partitionsOutcome{Base: base, View: base, Input: visualizer.PartitionsInputOf(pv)}
	if !edited {
		return out
	}
	m, err := visualizer.PartitionsWhatIfOf(r.data, in)
	if err != nil {
		out.Err = err.Error()
		return out
	}
	out.View, out.WhatIf = m, true
	out.NewSteps = max(0, len(m.Steps)-len(base.Steps))
	return out
}

// outcome returns the computation for the current state, from the cache
// when nothing it depends on changed; false while the table's data is
// being read.
func (p *partitionsPanel) outcome(st *State, table string) (*partitionsOutcome, bool) {
	ts := st.Snapshot.Table(table)
	if ts == nil || ts.Description == nil {
		// The engine's words for a missing table (Database.Partitions).
		return &partitionsOutcome{Err: "ResourceNotFoundException: Requested resource not found: Table: " + table + " not found"}, true
	}
	dk := partitionsKey{table: table, version: ts.Version(), spec: visualizer.PartitionsSpec(ts.Description)}
	var r *partitionsRead
	switch viewMode(p.mounted, ts.Len()) {
	case viewInRender:
		if res, key, ok := p.data.last(); ok && key == dk {
			r = res.(*partitionsRead)
		} else {
			r, _ = partitionsReadOf(nil, ts)
			p.data.set(dk, r)
		}
	case viewAsJob:
		if st.Load.Running {
			// Every step of the load is a new version of the table: each
			// would supersede the last read before it ends.
			p.data.stop()
			return nil, false
		}
		res, ok := p.data.get(p.ctx, dk, func(j *job) (any, error) { return partitionsReadOf(j, ts) })
		if !ok {
			return nil, false
		}
		r = res.(*partitionsRead)
	default:
		return nil, false
	}
	key := partitionsOutcomeKey{data: dk, in: p.in, edited: p.edited}
	if p.cache.have && p.cache.key == key {
		return p.cache.out, true
	}
	out := partitionsCompute(r, p.in, p.edited)
	p.cache = partitionsCache{key: key, out: out, have: true}
	return out, true
}

// Render draws the panel.
func (p *partitionsPanel) Render() goapp.UI {
	st := p.State
	name := pickTable(st, p.table)
	if name == "" {
		return goapp.Div().Class("wb-part").Body(goapp.P().Class("wb-muted").Text("The design has no table."))
	}
	if p.inTable != name {
		// A new table: the form starts from its own values.
		p.inTable, p.edited, p.bad = name, false, nil
	}
	out, ready := p.outcome(st, name)
	if !ready {
		// The table's collections are being read (a job): the tab
		// answers at once.
		return renderComputing("wb-part", goapp.Div().Class("wb-panel-head").Body(tableSelect(st, name, p.selectTable)),
			IDPartComputing, "Mapping "+plural(st.Snapshot.Table(name).Len(), "item")+" onto the partitions…")
	}
	if !p.edited && out.Base != nil {
		p.in = out.Input
	}
	head := goapp.Div().Class("wb-panel-head").Body(
		tableSelect(st, name, p.selectTable),
		p.renderCount(out),
	)
	if out.Base == nil {
		return goapp.Div().Class("wb-part").Attr("data-state", "ready").Body(head, goapp.P().ID(IDPartError).Class("wb-error").Text(out.Err))
	}
	view := out.View
	empty := !st.Load.Running && (st.Snapshot.Table(name) == nil || st.Snapshot.Table(name).Len() == 0)
	return goapp.Div().Class("wb-part").Attr("data-state", "ready").Body(
		head,
		goapp.If(empty, func() goapp.UI {
			return renderMissing("dataset", "The table holds no items, so every partition is empty: load a dataset to see where its item collections fall.",
				"Load 10,000 items", func(ctx goapp.Context) { startLoad(ctx, p.Store, 10000) })
		}),
		goapp.Div().Class("wb-part-body").Body(
			goapp.Div().Class("wb-part-left").Body(
				goapp.Div().ID(IDPartKeyspace).Class("wb-an-figure").Body(goapp.Raw(view.SVG())),
				goapp.If(len(view.Notes) > 0, func() goapp.UI {
					return goapp.Ul().Class("wb-part-notes").Body(goapp.Range(view.Notes).Slice(func(i int) goapp.UI {
						return goapp.Li().Text(view.Notes[i])
					}))
				}),
				renderPartitionsList(view),
			),
			goapp.Div().Class("wb-part-right").Body(
				p.renderForm(out),
				renderPartitionsSteps(view, out.NewSteps),
				goapp.Details().Class("wb-part-rules").Body(
					goapp.Summary().Text("The rules"),
					goapp.Ul().Body(goapp.Range(view.Rules).Slice(func(i int) goapp.UI { return goapp.Li().Text(view.Rules[i]) })),
				),
			),
		),
	)
}

// selectTable shows another table.
func (p *partitionsPanel) selectTable(ctx goapp.Context, v string) { p.table = v }

// renderCount draws the partition count, with the table's own count when
// a what-if changed it.
func (p *partitionsPanel) renderCount(out *partitionsOutcome) goapp.UI {
	if out.View == nil {
		return goapp.Span().ID(IDPartCount).Class("wb-part-count").Attr("data-count", 0)
	}
	text := plural(out.View.Count, "partition")
	if out.WhatIf {
		text = fmt.Sprintf("%s → %s (what-if)", strconv.Itoa(out.Base.Count), text)
	}
	return goapp.Span().ID(IDPartCount).Class("wb-part-count").
		Attr("data-count", out.View.Count).Attr("data-base", out.Base.Count).
		Attr("data-whatif", strconv.FormatBool(out.WhatIf)).
		Attr("aria-live", "polite").Text(text)
}

// renderForm draws the what-if's inputs. Each applies when it changes.
func (p *partitionsPanel) renderForm(out *partitionsOutcome) goapp.UI {
	in := p.in
	onDemand := in.Mode == partition.OnDemand
	field := func(id, label, unit string, v float64, disabled bool) goapp.UI {
		cls := "wb-part-field"
		if p.bad[id] {
			cls += " invalid"
		}
		return goapp.Div().Class(cls).Body(
			goapp.Label().For(id).Text(label),
			goapp.Input().ID(id).Type("number").Min(0).Attr("step", "any").Value(partitionsInputText(v)).
				Disabled(disabled).Attr("aria-invalid", p.bad[id]).
				Title(greyed(disabled, label+" for the what-if", map[bool]string{true: "an on-demand table has no provisioned capacity: choose Provisioned to set it", false: "a provisioned table's peak is its capacity: choose On demand to set a peak"}[onDemand])).
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setInput(id, valueOf(e)) }, goapp.EventScope(id)),
			goapp.Span().Class("wb-muted").Text(unit),
		)
	}
	return goapp.Div().Class("wb-part-form").Body(
		goapp.H3().Text("What if"),
		goapp.Div().Class("wb-part-field").Body(
			goapp.Label().For(IDPartMode).Text("Capacity mode"),
			goapp.Select().ID(IDPartMode).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setMode(valueOf(e)) }).Body(
				goapp.Option().Value(partition.Provisioned.String()).Selected(!onDemand).Text("Provisioned"),
				goapp.Option().Value(partition.OnDemand.String()).Selected(onDemand).Text("On demand"),
			),
		),
		field(IDPartRCU, "Read capacity", "RCU", in.RCU, onDemand),
		field(IDPartWCU, "Write capacity", "WCU", in.WCU, onDemand),
		field(IDPartSize, "Table size", "GB", in.SizeGB, false),
		field(IDPartPeakRRU, "Peak reads", "RRU/s", in.PeakRRU, !onDemand),
		field(IDPartPeakWRU, "Peak writes", "WRU/s", in.PeakWRU, !onDemand),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDPartReset).Class("wb-btn").Disabled(!p.edited).Text("Back to the table").
				Title(greyed(!p.edited, "Forget the what-if: show the table as it is", "the picture already shows the table as it is; change a field above to ask what if")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.reset() }),
		),
		goapp.If(out.Err != "", func() goapp.UI {
			return goapp.P().ID(IDPartError).Class("wb-error").Attr("role", "alert").Text(out.Err)
		}),
		goapp.P().Class("wb-muted").Text(partitionsFormHint(onDemand)),
	)
}

// setMode sets the what-if's capacity mode by its BillingMode name.
func (p *partitionsPanel) setMode(text string) {
	var m partition.Mode
	if m.UnmarshalText([]byte(text)) == nil {
		p.in.Mode, p.edited = m, true
	}
}

// setInput sets the what-if's field id from its text; text that is not a
// number marks the field and changes nothing.
func (p *partitionsPanel) setInput(id, text string) {
	x, ok := parseAmount(text)
	if p.bad == nil {
		p.bad = map[string]bool{}
	}
	p.bad[id] = !ok
	if !ok {
		return
	}
	switch id {
	case IDPartRCU:
		p.in.RCU = x
	case IDPartWCU:
		p.in.WCU = x
	case IDPartSize:
		p.in.SizeGB = x
	case IDPartPeakRRU:
		p.in.PeakRRU = x
	case IDPartPeakWRU:
		p.in.PeakWRU = x
	default:
		return
	}
	p.edited = true
}

// reset forgets the what-if.
func (p *partitionsPanel) reset() { p.edited, p.bad = false, nil }

// partitionsInputText shows a what-if figure in its field: at most six
// decimals (a table of a few kilobytes is 0.000015 GB).
func partitionsInputText(v float64) string {
	s := strconv.FormatFloat(v, 'f', 6, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" || s == "-" {
		return "0"
	}
	return s
}

func partitionsFormHint(onDemand bool) string {
	if onDemand {
		return "On demand, the partitions follow the table's peak: a peak the partitions cannot serve twice over doubles them."
	}
	return "Raising throughput beyond what the partitions carry doubles them; lowering it, or deleting data, never merges them."
}

// renderPartitionsSteps draws the layout's history, each step with its
// arithmetic one clause a line; the last fresh steps are the what-if's.
func renderPartitionsSteps(m *visualizer.PartitionsModel, fresh int) goapp.UI {
	first := len(m.Steps) - fresh
	return goapp.Div().Class("wb-part-steps-box").Body(
		goapp.H3().Text("Step by step"),
		goapp.Ol().ID(IDPartSteps).Class("wb-part-steps").Body(
			goapp.Range(m.Steps).Slice(func(i int) goapp.UI {
				s := m.Steps[i]
				cls := "wb-part-step"
				if i >= first {
					cls += " new"
				}
				return goapp.Li().Class(cls).Attr("data-kind", s.Kind).Attr("data-to", s.To).Body(
					goapp.Strong().Text(partitionsStepTitle(s)),
					goapp.Ul().Class("wb-part-lines wb-mono").Body(goapp.Range(s.Lines).Slice(func(j int) goapp.UI {
						return goapp.Li().Text(s.Lines[j])
					})),
				)
			}),
		),
	)
}

// partitionsStepTitle names a step: "raise: 4 → 8 partitions".
func partitionsStepTitle(s visualizer.PartitionsStep) string {
	if s.From == 0 || s.From == s.To {
		return fmt.Sprintf("%s: %s", s.Kind, plural(s.To, "partition"))
	}
	return fmt.Sprintf("%s: %d → %s", s.Kind, s.From, plural(s.To, "partition"))
}

// renderPartitionsList draws the partitions as a table: the picture's
// figures, readable by a screen reader and copyable.
func renderPartitionsList(m *visualizer.PartitionsModel) goapp.UI {
	bands := m.Partitions
	hidden := 0
	if len(bands) > partitionsListMax {
		hidden = len(bands) - partitionsListMax
		bands = bands[:partitionsListMax]
	}
	unit, wunit := "RCU", "WCU"
	if m.Mode == partition.OnDemand.String() {
		unit, wunit = "RRU/s", "WRU/s"
	}
	return goapp.Div().Class("wb-part-list-box").Body(
		goapp.Table().ID(IDPartList).Class("wb-table wb-part-list").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Partition"), goapp.Th().Text("Hash range"), goapp.Th().Text("Share"),
				goapp.Th().Class("wb-num").Text(unit), goapp.Th().Class("wb-num").Text(wunit),
				goapp.Th().Class("wb-num").Text("Items"), goapp.Th().Class("wb-num").Text("Bytes"),
				goapp.Th().Class("wb-num").Text("Collections"), goapp.Th().Text("Largest collections"),
			)),
			goapp.TBody().Body(goapp.Range(bands).Slice(func(i int) goapp.UI {
				b := bands[i]
				return goapp.Tr().Attr("data-partition", b.ID).Body(
					goapp.Td().Text(b.Label),
					goapp.Td().Class("wb-mono").Title(b.Lo+" – "+b.Hi).Text(b.RangeText),
					goapp.Td().Class("wb-num").Text(fmtNum(100*b.Share)+"%"),
					goapp.Td().Class("wb-num").Text(fmtNum(b.RCU)),
					goapp.Td().Class("wb-num").Text(fmtNum(b.WCU)),
					goapp.Td().Class("wb-num").Text(partitionsCell(m.Mapped, fmtNum(float64(b.Items)))),
					goapp.Td().Class("wb-num").Text(partitionsCell(m.Mapped, visualizer.FormatBytes(int(b.Bytes)))),
					goapp.Td().Class("wb-num").Text(partitionsCell(m.Mapped, fmtNum(float64(b.Collections)))),
					goapp.Td().Class("wb-mono wb-part-largest").Text(partitionsLargestText(b.Largest)),
				)
			})),
		),
		goapp.If(hidden > 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text(fmt.Sprintf("… and %d more partitions (the picture groups them)", hidden))
		}),
	)
}

func partitionsCell(mapped bool, s string) string {
	if !mapped {
		return "—"
	}
	return s
}

// partitionsLargestText lists collections as "key (items, bytes)".
func partitionsLargestText(cs []visualizer.PartitionsCollection) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s (%s, %s)", c.Key, plural(c.Items, "item"), visualizer.FormatBytes(int(c.Bytes))))
	}
	return strings.Join(parts, " · ")
}
