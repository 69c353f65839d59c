package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
)

// wizardTracker is issue 25's tracker in plain lines.
const wizardTracker = `name Tracker
Organization: orgId, name
Project of Organization 1-5: projectId, orgId, name
Issue of Project 1-30: issueId, projectId, assigneeId, status enum(OPEN:3,IN_PROGRESS:1,CLOSED:6), createdAt, updatedAt, title
Comment of Issue 0-8: commentId, issueId, authorId, createdAt, body
get Organization by orgId with Projects, 20/s "Organization with its projects"
list Projects by orgId, 20/s "Projects of an organization"
get Issue by issueId, 300/s "Issue by id"
list Issues by projectId and status range updatedAt newest first limit 25, 100/s "Issues of a project by status, recently updated"
list Issues by assigneeId where status = OPEN range updatedAt newest first, 50/s "Open issues assigned to a user"
list Comments by issueId range createdAt, 150/s "Comments of an issue"
create Comment, 4000/s "Add a comment"
update Issue set status, updatedAt, 30/s "Change an issue's status"
`

func mountWizard(t *testing.T) (*designWizard, goapp.TestEngine) {
	t.Helper()
	w := &designWizard{}
	e := goapp.NewTestEngine()
	if err := e.Load(w); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return w, e
}

func proposedDoc(t *testing.T, propose func() (*wizardProposal, error)) string {
	t.Helper()
	p, err := propose()
	if err != nil {
		t.Fatal(err)
	}
	b, err := model.Marshal(p.Model)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWizardOneDescription: the form and the plain lines are one
// description. The lines show what the form holds (not the shop example
// once the form says something else); the form takes everything the lines
// say, keeping what it has no field for on the row (where, with, newest
// first, limit, set, a second by, generators, counts); back in the lines,
// nothing is lost; and the form and the lines propose byte-identical
// designs for the tracker.
func TestWizardOneDescription(t *testing.T) {
	w, e := mountWizard(t)
	w.input()
	w.in.Name = "Library"
	w.in.Entities[0].Attributes = "readerId, email"
	w.renameEntity(0, "Reader")
	w.showText()
	e.ConsumeAll()
	if !w.asText || !strings.Contains(w.text, "name Library") || !strings.Contains(w.text, "Reader: readerId, email") || strings.Contains(w.text, "Customer") || !strings.Contains(w.text, "Order of Reader") {
		t.Fatalf("the lines do not say what the form holds:\n%s", w.text)
	}

	w.text = wizardTracker
	w.showForm()
	e.ConsumeAll()
	if w.asText || w.err != "" {
		t.Fatalf("to the form: %q", w.err)
	}
	html := goapp.HTMLString(w.Render())
	for _, want := range []string{
		`id="` + wizardEntityID(0, IDWizardID) + `"`, `placeholder="orgId"`,
		"also by status newest first limit 25", "where status = OPEN newest first", "with Project", "set status, updatedAt",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	if g := w.in.Entities[2].Generators["status"]; g != "enum(OPEN:3,IN_PROGRESS:1,CLOSED:6)" || w.in.Entities[1].Max != 5 {
		t.Errorf("the form lost the generator %q or the counts %+v", g, w.in.Entities[1])
	}
	fromForm := proposedDoc(t, func() (*wizardProposal, error) { return proposeDesign(w.in) })
	w.showText()
	e.ConsumeAll()
	again, err := advise.Parse(w.text)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := advise.Parse(wizardTracker)
	if advise.Format(again) != advise.Format(want) {
		t.Errorf("through the form and back, the lines changed:\n%s\nwant\n%s", w.text, advise.Format(want))
	}
	if fromText := proposedDoc(t, func() (*wizardProposal, error) { return proposeText(wizardTracker) }); fromText != fromForm {
		t.Errorf("the form and the lines propose different designs")
	}
	m := proposedDoc(t, func() (*wizardProposal, error) { return proposeText(w.text) })
	if m != fromForm {
		t.Errorf("the lines written from the form propose another design")
	}

	// Lines that do not read stay, with the error naming the line.
	w.text = "Issue: issueId\nlist Issues by issueId limit ten"
	w.showForm()
	if !w.asText || !strings.Contains(w.err, "line 2") {
		t.Errorf("bad lines: as text %v, error %q", w.asText, w.err)
	}
}

// TestWizardSortedByNone: "—" in "sorted by" (what a browser sends for the
// option of no attribute) is no attribute, and the design is proposed.
func TestWizardSortedByNone(t *testing.T) {
	w, _ := mountWizard(t)
	in := w.input()
	in.Patterns[1].SortBy = wizardNone
	in.Patterns[3].By = wizardNone
	in.Patterns[3].By = "category"
	w.propose(goapp.Context{})
	if w.err != "" || w.proposal == nil {
		t.Fatalf("propose: %s", w.err)
	}
	html := goapp.HTMLString(w.Render())
	if !strings.Contains(html, `value="`+wizardNone+`"`) {
		t.Errorf("the none option has no value")
	}
}

// TestWizardEntityID: the form's id field names the entity's id: the
// proposal keys it and its children's reference by that attribute.
func TestWizardEntityID(t *testing.T) {
	w, _ := mountWizard(t)
	in := w.input()
	in.Entities[0].Attributes, in.Entities[0].ID = "email, name, custId, createdAt", "custId"
	in.Entities[1].Attributes = "orderId, status, total:N, createdAt"
	in.Patterns[0].By = "custId"
	in.Patterns[1].By = "custId"
	p, err := proposeDesign(*in)
	if err != nil {
		t.Fatal(err)
	}
	c, o := p.Model.Entity("Customer"), p.Model.Entity("Order")
	if !strings.Contains(c.Keys["PK"], "{custId}") {
		t.Errorf("customer keys %v", c.Keys)
	}
	found := false
	for _, a := range o.Attributes {
		if a.Name == "custId" && strings.HasPrefix(a.Generator, "ref(Customer.custId") {
			found = true
		}
		if a.Name == "customerId" {
			t.Errorf("an invented customerId on Order")
		}
	}
	if !found {
		t.Errorf("order attributes %+v", o.Attributes)
	}
}
