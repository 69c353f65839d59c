package app

import (
	"context"
	"fmt"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// designReview is the design review in the page: it analyses the draft
// as /api/analyze does (analysis.Analyze: its data generated and loaded,
// every access pattern run) and lists each finding with the element it
// concerns and what to change; a finding whose change is a design edit
// has a button that makes it, in one click (undoable).
//
// In the Load panel (OnLoad) it reviews the running design on as many
// items as are loaded, so that its findings are of the data in front of
// the user.
type designReview struct {
	goapp.Compo
	Panel
	// OnLoad says the review is the Load panel's.
	OnLoad bool

	running bool
	job     *job
	// reviewed is the draft the findings are of.
	reviewed *model.Model
	findings []analysis.Warning
	err      string
}

// OnDismount stops a running review.
func (r *designReview) OnDismount() {
	if r.job != nil {
		r.job.cancel()
		r.job, r.running = nil, false
	}
}

// reviewDesign analyses m on a dataset of items items (0: the
// analysis's default); j slices the work (nil runs it whole).
func reviewDesign(j *job, m *model.Model, items ...int) ([]analysis.Warning, error) {
	if j == nil {
		j = newJob(context.Background())
		defer j.cancel()
	}
	n := 0
	if len(items) > 0 && items[0] > 0 {
		// As many items as were loaded: the generator's spec asks for them.
		n = min(items[0], analysis.MaxItems)
		if m.Dataset != nil && m.Dataset.Generator != nil {
			c, err := cloneModel(m)
			if err != nil {
				return nil, err
			}
			c.Dataset.Generator.Size, m = n, c
		}
	}
	rep, err := analysis.Analyze(m, analysis.Options{Resolve: j.resolver(), Context: j.ctx, Step: j.step, Items: n,
		Workload: func(w partition.Workload) partition.Workload { w.Yield = j.simYield; return w }})
	if err != nil {
		return nil, err
	}
	return rep.Warnings, nil
}

// ids are the section's element ids.
func (r *designReview) ids() reviewIDs {
	if r.OnLoad {
		return loadReviewIDs
	}
	return designReviewIDs
}

// subject is the design the review is of: the draft, or in Load the
// running design, whose data is loaded.
func (r *designReview) subject() *model.Model {
	if r.State == nil {
		return nil
	}
	if r.OnLoad {
		return r.State.Model
	}
	return r.State.Draft
}

// items is the dataset size the review measures on: in Load the items
// loaded, else the analysis's default.
func (r *designReview) items() int {
	if r.OnLoad && r.State != nil && !r.State.Load.Running {
		return r.State.Load.Done
	}
	return 0
}

// run reviews the current draft (in Load, the running design).
func (r *designReview) run(ctx goapp.Context) {
	m := r.subject()
	if r.running || m == nil {
		return
	}
	items := r.items()
	r.running, r.err = true, ""
	j := newJob(context.Background())
	r.job = j
	ctx.Async(func() {
		j.pause()
		ws, err := reviewDesign(j, m, items)
		j.finish()
		j.cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if r.job != j {
				return
			}
			r.job, r.running = nil, false
			r.reviewed, r.findings, r.err = m, ws, ""
			if err != nil {
				r.err = err.Error()
			}
		})
	})
}

// applyFix makes finding i's edit to the draft and reviews it again.
func (r *designReview) applyFix(ctx goapp.Context, i int) {
	if i >= len(r.findings) || r.findings[i].Fix == nil {
		return
	}
	f := r.findings[i].Fix
	var err error
	r.act(ctx, func() { err = applyReviewFix(r.Store, f) })
	if err != nil {
		r.err = err.Error()
		return
	}
	r.findings = append(r.findings[:i:i], r.findings[i+1:]...)
	if !r.OnLoad {
		r.run(ctx) // Load's review is of the running design: Apply runs the fix
	}
}

// applyReviewFix makes a finding's edit to the store's draft (undoable).
func applyReviewFix(s *Store, f *analysis.Fix) error {
	fixed, err := cloneModel(f.Model)
	if err != nil {
		return err
	}
	if err := s.Edit(func(m *model.Model) { *m = *fixed }); err != nil {
		return err
	}
	s.Note("Design review: " + f.Text + " (Apply design to run it)")
	return nil
}

// Render draws the review.
func (r *designReview) Render() goapp.UI {
	ids := r.ids()
	state := "idle"
	status := "Loads the design's generated data, runs every access pattern and lists what an expert would change."
	if n := r.items(); n > 0 {
		status = fmt.Sprintf("Reviews the running design on the %d items loaded: runs every access pattern and lists what an expert would change (a fix edits the design; Apply runs it).", n)
	}
	current := r.reviewed != nil && r.reviewed == r.subject()
	switch {
	case r.running:
		state, status = "computing", "Reviewing the design on its data…"
	case r.err != "":
		status = r.err
	case current && r.OnLoad && r.items() > 0:
		state = "ready"
		status = fmt.Sprintf("%d finding(s) for the running design, on the %d items loaded", len(r.findings), r.items())
	case current:
		state = "ready"
		status = fmt.Sprintf("%d finding(s) for this design", len(r.findings))
	case r.reviewed != nil:
		status = "The findings are of an earlier version of the design: review it again"
	}
	return goapp.Section().ID(ids.root).Class("wb-design-section wb-review").DataSet("state", state).Body(
		goapp.Div().Class("wb-design-section-head").Body(
			goapp.H2().Text("Design review"),
			goapp.Button().ID(ids.run).Class("wb-btn wb-btn-small").Text("Review the design").Disabled(r.running).Title(greyed(r.running, "Review the design", "the review is running")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { r.run(ctx) }),
		),
		goapp.P().Class("wb-muted").Text(status),
		goapp.If(r.reviewed != nil, func() goapp.UI {
			return goapp.Ul().ID(ids.findings).Class("wb-review-findings").Body(goapp.Range(r.findings).Slice(func(i int) goapp.UI {
				w := r.findings[i]
				return goapp.Li().DataSet("kind", w.Kind).DataSet("element", w.Element.String()).Body(
					goapp.Strong().Text(w.Element.String()+": "),
					goapp.Span().Class("wb-cost-warn-kind").Text(w.Kind+" "),
					goapp.Text(w.Message),
					goapp.If(w.Fix != nil, func() goapp.UI {
						return goapp.Button().ID(ids.fix+strconv.Itoa(i)).Class("wb-btn wb-btn-small wb-btn-primary").
							Text("Apply: "+w.Fix.Text).Title("Make this edit to the design (undoable)").
							OnClick(func(ctx goapp.Context, e goapp.Event) { r.applyFix(ctx, i) }, goapp.EventScope(i))
					}),
				)
			}))
		}),
	)
}
