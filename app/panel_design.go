package app

import (
	"bytes"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// designPanel edits the draft design: the model's name, its tables (keys,
// billing, TTL, streams, table class, GSIs and LSIs), its entities with
// their key templates, and its access patterns' requests. Every change event
// is one undoable Store.Edit; the draft is validated by the store and each
// problem is shown next to the field it concerns and in a summary. The
// engine keeps running the applied design until "Apply design".
//
// The handlers are methods taking plain values (not DOM events) so that
// tests call them directly with the Context go-app gives the component.
type designPanel struct {
	goapp.Compo
	Panel

	// requests keeps, by access pattern name, request text that is not
	// valid JSON: it is never put in the draft, so the panel holds it (and
	// its error) to show what was typed.
	requests map[string]requestDraft
	// pendingType is a shared key attribute's type change waiting for
	// the person's yes or no.
	pendingType *pendingKeyType
}

type requestDraft struct{ text, err string }

// Defaults for what the panel adds.
const (
	// defaultTTLAttribute avoids "ttl", which is a DynamoDB reserved word
	// and would need a placeholder in every expression.
	defaultTTLAttribute = "expiresAt"
	// defaultCapacity is the units the console proposes for a new
	// provisioned table or index.
	defaultCapacity = 5
)

var keyTypes = []struct {
	value schema.ScalarType
	label string
}{
	{schema.TypeS, "S"},
	{schema.TypeN, "N"},
	{schema.TypeB, "B"},
}

var streamViewTypes = []string{schema.StreamKeysOnly, schema.StreamNewImage, schema.StreamOldImage, schema.StreamNewAndOldImages}

var projectionTypes = []schema.ProjectionType{schema.ProjectAll, schema.ProjectKeysOnly, schema.ProjectInclude}

// Render draws the panel.
func (d *designPanel) Render() goapp.UI {
	st := d.State
	if st == nil || st.Draft == nil {
		return goapp.Div().Class("wb-design").Body(
			goapp.P().Class("wb-muted").Text("The design opens when the engine has started."))
	}
	m := st.Draft
	pl := placeProblems(m, st.Problems)
	tables := make([]goapp.UI, len(m.Tables))
	for i := range m.Tables {
		tables[i] = d.renderTable(m, i, pl)
	}
	return goapp.Div().Class("wb-design").Body(
		d.renderBar(st),
		renderProblemSummary(st.Problems, pl),
		d.renderModel(m, pl),
		goapp.Section().Class("wb-design-section").Body(
			goapp.Div().Class("wb-design-section-head").Body(
				goapp.H2().Text("Tables"),
				goapp.Button().ID(IDDesignAddTable).Class("wb-btn wb-btn-small").Text("+ Table").
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.addTable(ctx) }),
			),
			pl.errorsAt("tables", IDDesignTables),
			goapp.Div().ID(IDDesignTables).Class("wb-design-tables").Body(tables...),
		),
		d.renderEntities(m, pl),
		d.renderPatterns(m, pl),
		goapp.Section().Class("wb-design-section").Body(&workloadEditor{Panel: d.Panel}),
		&designReview{Panel: d.Panel},
	)
}

// renderBar draws the panel's head: whether the draft is applied, the
// number of problems and the Apply button.
func (d *designPanel) renderBar(st *State) goapp.UI {
	n := len(st.Problems)
	canApply := st.Dirty && n == 0
	title := "Create the draft's tables in the engine, keeping the items that fit"
	switch {
	case !st.Dirty:
		title = "Greyed out: the engine already runs this design; an edit makes it on offer"
	case n > 0:
		title = "Greyed out: fix the problems listed first, DynamoDB would refuse this design"
	}
	history := ""
	switch {
	case st.CanUndo && st.CanRedo:
		history = "undo and redo available (Ctrl+Z, Ctrl+Shift+Z)"
	case st.CanUndo:
		history = "undo available (Ctrl+Z)"
	case st.CanRedo:
		history = "redo available (Ctrl+Shift+Z)"
	}
	return goapp.Div().Class("wb-design-bar").Body(
		goapp.If(st.Dirty, func() goapp.UI {
			return goapp.Span().ID(IDDesignDirty).Class("wb-design-dirty").Text("unapplied changes")
		}).Else(func() goapp.UI {
			return goapp.Span().Class("wb-design-clean").Text("the engine runs this design")
		}),
		goapp.Span().Class(problemCountClass(n)).Text(problemCount(n)),
		goapp.If(history != "", func() goapp.UI {
			return goapp.Span().Class("wb-muted wb-design-history").Text(history)
		}),
		goapp.Button().ID(IDDesignApply).Class("wb-btn wb-btn-primary").Text("Apply design").
			Disabled(!canApply).Title("%s", title).
			OnClick(func(ctx goapp.Context, e goapp.Event) { d.apply(ctx) }),
	)
}

func problemCount(n int) string {
	switch n {
	case 0:
		return "no problems"
	case 1:
		return "1 problem"
	}
	return strconv.Itoa(n) + " problems"
}

func problemCountClass(n int) string {
	if n == 0 {
		return "wb-design-count ok"
	}
	return "wb-design-count bad"
}

// renderProblemSummary lists every problem with its path and message. A
// problem placed at a control links to it through a label, so a click
// focuses the field at fault.
func renderProblemSummary(probs model.Errors, pl *placement) goapp.UI {
	items := make([]goapp.UI, len(probs))
	for i, p := range probs {
		path := p.Path
		if path == "" {
			path = "model"
		}
		where := p.Where
		if where == "" {
			where = path
		}
		hint := p.Hint
		body := []goapp.UI{
			goapp.Strong().Class("wb-design-where").Text(where),
			goapp.Code().Class("wb-design-path").Text(path),
			goapp.Span().Class("wb-design-message").Text(p.Message),
			goapp.If(hint != "", func() goapp.UI { return goapp.Span().Class("wb-design-hint").Text(hint) }),
		}
		var row goapp.UI = goapp.Span().Body(body...)
		if a, ok := pl.anchors[pl.target[p]]; ok && a.control {
			row = goapp.Label().For("%s", a.id).Body(body...)
		}
		items[i] = goapp.Li().Body(row)
	}
	return goapp.Section().Class("wb-design-summary").Body(
		goapp.Ul().ID(IDProblems).Class("wb-design-problems").
			DataSet("count", len(probs)).Body(items...),
		goapp.If(len(probs) == 0, func() goapp.UI {
			return goapp.P().Class("wb-design-ok").Text("No problems: DynamoDB would accept these tables.")
		}),
	)
}

// renderModel draws the model's own fields.
func (d *designPanel) renderModel(m *model.Model, pl *placement) goapp.UI {
	return goapp.Section().Class("wb-design-section wb-design-model").Body(
		pl.field("Model name", IDDesignModelName, "name",
			goapp.Input().ID(IDDesignModelName).Type("text").Class("wb-design-wide").
				Value(m.Name).Aria("invalid", pl.has("name")).
				OnChange(onValue(d.setModelName))),
		pl.field("Description", IDDesignModelDesc, "description",
			goapp.Input().ID(IDDesignModelDesc).Type("text").Class("wb-design-wide").
				Value(m.Description).Placeholder("What the application stores and how it reads it").
				OnChange(onValue(d.setModelDescription))),
	)
}

// onValue adapts a handler of a control's value to a go-app event handler.
func onValue(fn func(ctx goapp.Context, v string)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		fn(ctx, e.Get("target").Get("value").String())
	}
}

// ---- actions ----

// edit makes change one undoable step of the draft, then publishes. change
// reports false when it does not apply (the element it addresses is gone);
// a change that leaves the draft as it was records no step either, so that
// re-selecting a value does not fill the undo history.
func (d *designPanel) edit(ctx goapp.Context, change func(m *model.Model) bool) {
	st := d.Store.State()
	before, err := model.Marshal(st.Draft)
	if err != nil {
		return
	}
	probe, err := model.Decode(before)
	if err != nil || !change(probe) {
		return
	}
	if after, err := model.Marshal(probe); err == nil && bytes.Equal(before, after) {
		return
	}
	d.act(ctx, func() { _ = d.Store.Edit(func(m *model.Model) { change(m) }) })
}

// editTable edits table i and then derives its attribute definitions from
// its keys.
func (d *designPanel) editTable(ctx goapp.Context, i int, change func(m *model.Model, t *model.Table) bool) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.Tables) {
			return false
		}
		t := &m.Tables[i]
		if !change(m, t) {
			return false
		}
		deriveDefinitions(&t.TableDefinition)
		return true
	})
}

// apply makes the engine run the draft: the items are copied into the new
// engine as a job (Store.ApplyInSlices), off the event handler, so that a
// large dataset does not hold the page; the footer shows its progress and
// its Cancel.
func (d *designPanel) apply(ctx goapp.Context) {
	applyDraft(ctx, d.Store, func() { d.State = d.Store.State() })
}

// applyDraft runs Store.ApplyInSlices off the event handler; alone, when
// the panel is not under the page (tests), it calls keep with the new
// State, as act does. Under the page it must not: the page hands the
// panel the new State, and go-app re-renders a child only when the fields
// it is handed differ from the ones it has.
func applyDraft(ctx goapp.Context, s *Store, keep func()) {
	pc, underPage := pageContexts.Load(s)
	if underPage {
		ctx = pc.(goapp.Context)
	}
	ctx.Async(func() {
		_ = s.ApplyInSlices(jobProgress(ctx, s))
		ctx.Dispatch(func(ctx goapp.Context) {
			publish(ctx, s)
			if !underPage && keep != nil {
				keep()
			}
		})
	})
}

func (d *designPanel) setModelName(ctx goapp.Context, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool { m.Name = v; return true })
}

func (d *designPanel) setModelDescription(ctx goapp.Context, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool { m.Description = v; return true })
}
