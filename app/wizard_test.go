package app

import (
	"strings"
	"testing"
)

// TestWizardProposalRuns: the form's example (three entities, four access
// patterns) becomes a design that validates; accepted, it loads 10,000
// generated items and every access pattern returns items.
func TestWizardProposalRuns(t *testing.T) {
	in := wizardExample()
	if len(in.Entities) != 3 || len(in.Patterns) != 4 {
		t.Fatalf("the example has %d entities, %d patterns", len(in.Entities), len(in.Patterns))
	}
	p, err := proposeDesign(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Reasons) == 0 {
		t.Error("no reasons")
	}
	for _, r := range p.Reasons {
		if r.Target == "" || r.Text == "" {
			t.Errorf("reason %+v", r)
		}
	}
	if err := p.Model.Validate(); err != nil {
		t.Fatalf("the proposal does not validate: %v", err)
	}
	spreadKeys(p.Model)
	for _, r := range p.Model.Workload.Requests {
		// The advisor's own distributions stay; a request without any
		// gets one per parameter: none is left on its example key.
		if len(varyingParams(p.Model.AccessPattern(r.AccessPattern))) > 0 && len(r.Keys) == 0 {
			t.Errorf("%s: no key distribution after spreading", r.AccessPattern)
		}
	}
	if err := p.Model.Validate(); err != nil {
		t.Fatalf("the spread workload does not validate: %v", err)
	}
	s := NewStore()
	doc, ok := recentDoc(p.Model)
	if !ok {
		t.Fatal("no document")
	}
	if err := s.OpenModel([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(10000, 0, nil); err != nil {
		t.Fatal(err)
	}
	for _, ap := range s.State().Model.AccessPatterns {
		r, err := s.RunPattern(ap.Name, nil)
		if err != nil || r.Status != 200 {
			t.Errorf("%s: %v %s %s", ap.Name, err, r.ErrorType, r.ErrorMessage)
			continue
		}
		if len(r.Items) == 0 && ap.Operation != "PutItem" {
			t.Errorf("%s (%s) returns no item: %s", ap.Name, ap.Operation, r.Request)
		}
	}
}

func TestParseAttributes(t *testing.T) {
	got, err := parseAttributes(" email, total:n ,tags:SS, price:S")
	if err != nil || len(got) != 4 || got[1] != (wizardAttribute{"total", "N"}) || got[0].Type != "" || got[3].Type != "S" {
		t.Fatalf("%+v %v", got, err)
	}
	for _, bad := range []string{"a:X", "a, a", "has space"} {
		if _, err := parseAttributes(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestWizardTextProposal: the example in plain lines proposes the same
// shape of design; a line that cannot be read says which.
func TestWizardTextProposal(t *testing.T) {
	p, err := proposeText(wizardExampleText)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Model.Entities) != 3 || len(p.Model.AccessPatterns) != 4 || len(p.Reasons) == 0 {
		t.Errorf("%d entities, %d patterns, %d reasons", len(p.Model.Entities), len(p.Model.AccessPatterns), len(p.Reasons))
	}
	if _, err := proposeText("Customer: email\nfrobnicate Customer"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("an unreadable line: %v", err)
	}
}

// TestSpreadKeys: a request without distributions gets a uniform one per
// parameter; one with distributions keeps them as they are.
func TestSpreadKeys(t *testing.T) {
	p, err := proposeDesign(wizardExample())
	if err != nil {
		t.Fatal(err)
	}
	m := p.Model
	kept := m.Workload.Requests[1].Keys
	name := m.Workload.Requests[0].AccessPattern
	m.Workload.Requests[0].Keys = nil
	spreadKeys(m)
	if got := m.Workload.Requests[0].Keys; len(got) != len(varyingParams(m.AccessPattern(name))) || got[0].Kind != "uniform" {
		t.Errorf("spread keys of %s: %+v", name, got)
	}
	if got := m.Workload.Requests[1].Keys; len(got) != len(kept) {
		t.Errorf("the advisor's distributions changed: %+v -> %+v", kept, got)
	}
}
