package app

import (
	"context"
	"fmt"

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
type designReview struct {
	goapp.Compo
	Panel

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

// reviewDesign analyses m; j slices the work (nil runs it whole).
func reviewDesign(j *job, m *model.Model) ([]analysis.Warning, error) {
	if j == nil {
		j = newJob(context.Background())
		defer j.cancel()
	}
	rep, err := analysis.Analyze(m, analysis.Options{Resolve: j.resolver(), Context: j.ctx, Step: j.step,
		Workload: func(w partition.Workload) partition.Workload { w.Yield = j.simYield; return w }})
	if err != nil {
		return nil, err
	}
	return rep.Warnings, nil
}

// run reviews the current draft.
func (r *designReview) run(ctx goapp.Context) {
	st := r.State
	if r.running || st == nil || st.Draft == nil {
		return
	}
	m := st.Draft
	r.running, r.err = true, ""
	j := newJob(context.Background())
	r.job = j
	ctx.Async(func() {
		j.pause()
		ws, err := reviewDesign(j, m)
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
	r.run(ctx)
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
	state := "idle"
	status := "Loads the design's generated data, runs every access pattern and lists what an expert would change."
	current := r.State != nil && r.reviewed != nil && r.reviewed == r.State.Draft
	switch {
	case r.running:
		state, status = "computing", "Reviewing the design on its data…"
	case r.err != "":
		status = r.err
	case current:
		state = "ready"
		status = fmt.Sprintf("%d finding(s) for this design", len(r.findings))
	case r.reviewed != nil:
		status = "The findings are of an earlier version of the design: review it again"
	}
	return goapp.Section().ID(IDReview).Class("wb-design-section wb-review").DataSet("state", state).Body(
		goapp.Div().Class("wb-design-section-head").Body(
			goapp.H2().Text("Design review"),
			goapp.Button().ID(IDReviewRun).Class("wb-btn wb-btn-small").Text("Review the design").Disabled(r.running).Title(greyed(r.running, "Review the design", "the review is running")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { r.run(ctx) }),
		),
		goapp.P().Class("wb-muted").Text(status),
		goapp.If(r.reviewed != nil, func() goapp.UI {
			return goapp.Ul().ID(IDReviewFindings).Class("wb-review-findings").Body(goapp.Range(r.findings).Slice(func(i int) goapp.UI {
				w := r.findings[i]
				return goapp.Li().DataSet("kind", w.Kind).DataSet("element", w.Element.String()).Body(
					goapp.Strong().Text(w.Element.String()+": "),
					goapp.Span().Class("wb-cost-warn-kind").Text(w.Kind+" "),
					goapp.Text(w.Message),
					goapp.If(w.Fix != nil, func() goapp.UI {
						return goapp.Button().ID(reviewFixID(i)).Class("wb-btn wb-btn-small wb-btn-primary").
							Text("Apply: "+w.Fix.Text).Title("Make this edit to the design (undoable)").
							OnClick(func(ctx goapp.Context, e goapp.Event) { r.applyFix(ctx, i) }, goapp.EventScope(i))
					}),
				)
			}))
		}),
	)
}
