package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// TestDesignReview: the tracker proposed and used, its "open issues"
// index made incomplete on purpose in the draft; the review names the
// pattern with the count and the attribute, its fix is a button, and the
// fix, applied, gives a draft whose review has no such finding (undo
// brings the fault back).
func TestDesignReview(t *testing.T) {
	p, err := proposeText(wizardTracker)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newTestStore(t)
	doc, _ := model.Marshal(p.Model)
	if err := s.OpenModel(doc); err != nil {
		t.Fatal(err)
	}
	clean, err := reviewDesign(nil, s.State().Draft)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range clean {
		if w.Kind == analysis.WarnIncompleteIndex {
			t.Errorf("the proposal: %v", w)
		}
	}
	if err := s.Edit(func(m *model.Model) {
		for i := range m.Entity("Issue").Attributes {
			if a := &m.Entity("Issue").Attributes[i]; a.Name == "assigneeId" {
				a.Frequency, a.Required = 0.4, false
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	ws, err := reviewDesign(nil, s.State().Draft)
	if err != nil {
		t.Fatal(err)
	}
	r := &designReview{Panel: Panel{Store: s, State: s.State()}}
	e := goapp.NewTestEngine()
	if err := e.Load(r); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	r.reviewed, r.findings = s.State().Draft, ws
	fix := -1
	for i, w := range ws {
		if w.Kind == analysis.WarnIncompleteIndex && w.Element.AccessPattern == "Open issues assigned to a user" {
			fix = i
		}
	}
	if fix < 0 || ws[fix].Fix == nil {
		t.Fatalf("no incomplete-index finding with a fix: %+v", ws)
	}
	html := goapp.HTMLString(r.Render())
	for _, want := range []string{`id="` + IDReview + `"`, `data-state="ready"`, `data-kind="incomplete-index"`,
		"access pattern Open issues assigned to a user", "and assigneeId is on 40% of the items", `id="` + reviewFixID(fix) + `"`, "Apply: make assigneeId required"} {
		if !strings.Contains(html, want) {
			t.Errorf("the review lacks %q", want)
		}
	}
	if err := applyReviewFix(s, ws[fix].Fix); err != nil {
		t.Fatal(err)
	}
	again, err := reviewDesign(nil, s.State().Draft)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range again {
		if w.Kind == analysis.WarnIncompleteIndex {
			t.Errorf("after the fix: %v", w)
		}
	}
	if !s.Undo() {
		t.Fatal("no undo")
	}
	for _, a := range s.State().Draft.Entity("Issue").Attributes {
		if a.Name == "assigneeId" && a.Frequency != 0.4 {
			t.Errorf("undo: assigneeId on %v", a.Frequency)
		}
	}
}
