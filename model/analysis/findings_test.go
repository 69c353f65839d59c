package analysis_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// reviewed is a design without a fault: every read a Query on a key that
// serves it, list reads with a Limit, indexes projecting what is read.
const reviewed = `
name Review
Project: projectId, name
Issue of Project 5-40: issueId, projectId, status enum(OPEN:3,CLOSED:7), createdAt, title, flaggedBy
get Project by projectId, 50/s "Project by id"
get Issue by issueId, 100/s "Issue by id"
list Issues by projectId range createdAt newest first limit 20, 30/s "Issues of a project"
create Issue, 10/s "Add an issue"
`

// reviewedModel proposes the design, its dataset scaled to 100,000 items
// (the analysis loads 1,000 and projects × 100).
func reviewedModel(t *testing.T, extra string) *model.Model {
	t.Helper()
	in, err := advise.Parse(reviewed + extra)
	if err != nil {
		t.Fatal(err)
	}
	p, err := advise.Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	p.Model.Dataset.Generator.Size = 100_000
	return p.Model
}

// editRequest changes one member of an access pattern's request.
func editRequest(t *testing.T, m *model.Model, name string, edit func(map[string]any)) {
	t.Helper()
	ap := m.AccessPattern(name)
	var r map[string]any
	if err := json.Unmarshal(ap.Request, &r); err != nil {
		t.Fatal(err)
	}
	edit(r)
	ap.Request, _ = json.Marshal(r)
}

// TestReviewFindings makes each fault on purpose in a design that has
// none: the review names it on the element at fault, says what to change,
// and, where the change is a design edit, carries it; the edited model
// analyses without the finding. The design without the fault draws none
// of these findings.
func TestReviewFindings(t *testing.T) {
	kinds := []string{analysis.WarnUnboundedRead, analysis.WarnWideProjection, analysis.WarnIncompleteIndex,
		analysis.WarnLowCardinality, analysis.WarnScan, analysis.WarnLargeItem, analysis.WarnLSICollection}
	clean := analyze(t, reviewedModel(t, ""), analysis.Options{})
	for _, k := range kinds {
		if ws := clean.WarningsOf(k); len(ws) != 0 {
			t.Errorf("the design without faults: %s %v", k, ws)
		}
	}
	for _, p := range clean.AccessPatterns {
		if p.Error != "" {
			t.Errorf("the design without faults, %s: %s", p.Name, p.Error)
		}
	}
	cases := []struct {
		kind    string
		extra   string
		fault   func(*model.Model)
		element analysis.Element
		says    string
		fix     bool
	}{
		{kind: analysis.WarnUnboundedRead,
			fault: func(m *model.Model) {
				editRequest(t, m, "Issues of a project", func(r map[string]any) { delete(r, "Limit") })
			},
			element: analysis.Element{Kind: analysis.ElementAccessPattern, Table: "Review", Index: "GSI1", AccessPattern: "Issues of a project"},
			says:    "set Limit", fix: true},
		{kind: analysis.WarnWideProjection,
			fault: func(m *model.Model) {
				editRequest(t, m, "Issues of a project", func(r map[string]any) {
					r["ProjectionExpression"] = "issueId, #t"
					r["ExpressionAttributeNames"].(map[string]any)["#t"] = "title"
				})
			},
			element: analysis.Element{Kind: analysis.ElementIndex, Table: "Review", Index: "GSI1"},
			says:    "project INCLUDE issueId, title", fix: true},
		{kind: analysis.WarnIncompleteIndex,
			fault: func(m *model.Model) {
				for i := range m.Entity("Issue").Attributes {
					if a := &m.Entity("Issue").Attributes[i]; a.Name == "createdAt" {
						a.Frequency, a.Required = 0.3, false
					}
				}
			},
			element: analysis.Element{Kind: analysis.ElementAccessPattern, Table: "Review", Index: "GSI1", AccessPattern: "Issues of a project"},
			says:    "make those attributes required", fix: true},
		{kind: analysis.WarnLowCardinality,
			fault:   func(m *model.Model) { m.Entity("Issue").Keys["GSI1PK"] = "ISSUE#{status}" },
			element: analysis.Element{Kind: analysis.ElementIndex, Table: "Review", Index: "GSI1"},
			says:    "add a high-cardinality attribute to the key or shard it"},
		{kind: analysis.WarnScan, extra: "list Issues, 1/s \"All issues\"\n",
			element: analysis.Element{Kind: analysis.ElementAccessPattern, Table: "Review", AccessPattern: "All issues"},
			says:    "reads every item"},
	}
	for _, c := range cases {
		t.Run(c.kind, func(t *testing.T) {
			m := reviewedModel(t, c.extra)
			if c.fault != nil {
				c.fault(m)
			}
			rep := analyze(t, m, analysis.Options{})
			ws := rep.WarningsOf(c.kind)
			if len(ws) != 1 || ws[0].Element != c.element || !strings.Contains(ws[0].Message, c.says) {
				t.Fatalf("%+v, want one on %+v saying %q", ws, c.element, c.says)
			}
			t.Logf("%s: %s", ws[0].Element, ws[0].Message)
			if !c.fix {
				return
			}
			f := ws[0].Fix
			if f == nil || f.Model == nil || f.Text == "" {
				t.Fatalf("no fix: %+v", ws[0])
			}
			t.Logf("fix: %s", f.Text)
			again := analyze(t, f.Model, analysis.Options{})
			if ws := again.WarningsOf(c.kind); len(ws) != 0 {
				t.Errorf("after the fix: %v", ws)
			}
			for _, p := range again.AccessPatterns {
				if p.Error != "" {
					t.Errorf("after the fix, %s: %s", p.Name, p.Error)
				}
			}
		})
	}
}

// TestWideProjectionCost: the wide projection's storage and write cost are
// those of the bytes the readers never ask for, and a reader that reads
// every attribute leaves the projection alone.
func TestWideProjectionCost(t *testing.T) {
	m := reviewedModel(t, "")
	editRequest(t, m, "Issues of a project", func(r map[string]any) { r["ProjectionExpression"] = "issueId" })
	ws := analyze(t, m, analysis.Options{}).WarningsOf(analysis.WarnWideProjection)
	if len(ws) != 1 || !strings.Contains(ws[0].Message, "GB stored ($") || !strings.Contains(ws[0].Message, "name") && !strings.Contains(ws[0].Message, "title") {
		t.Fatalf("%v", ws)
	}
	// A second reader of the index that reads everything: nothing is wasted.
	m.AccessPatterns = append(m.AccessPatterns, *m.AccessPattern("Issues of a project"))
	last := &m.AccessPatterns[len(m.AccessPatterns)-1]
	last.Name = "Issues of a project, whole"
	editRequest(t, m, last.Name, func(r map[string]any) { delete(r, "ProjectionExpression") })
	if ws := analyze(t, m, analysis.Options{}).WarningsOf(analysis.WarnWideProjection); len(ws) != 0 {
		t.Errorf("with a reader of every attribute: %v", ws)
	}
}

// TestSparseByDesign: the advisor's sparse index for a rare subset (its
// attribute on 5% of the items, keying no other index) draws no
// incomplete-index; the same attribute built into another index's key
// makes that index incomplete, and the review names it (and the sparse
// one: which of the two means all the items, the review cannot know).
func TestSparseByDesign(t *testing.T) {
	m := reviewedModel(t, "list Issues by flaggedBy rare, 1/s \"Flagged issues\"\n")
	var fb *model.Attribute
	for i := range m.Entity("Issue").Attributes {
		if a := &m.Entity("Issue").Attributes[i]; a.Name == "flaggedBy" {
			fb = a
		}
	}
	if fb == nil || fb.Frequency <= 0 || fb.Frequency > analysis.SparseFrequency {
		t.Fatalf("flaggedBy %+v", fb)
	}
	if ws := analyze(t, m, analysis.Options{}).WarningsOf(analysis.WarnIncompleteIndex); len(ws) != 0 {
		t.Errorf("the sparse index by design: %v", ws)
	}
	ix := ""
	var req struct{ IndexName string }
	_ = json.Unmarshal(m.AccessPattern("Issues of a project").Request, &req)
	ix = req.IndexName + "SK"
	m.Entity("Issue").Keys[ix] += "#{flaggedBy}"
	// Both readers of flaggedBy's keys are named: one of them reads
	// fewer items than it means to.
	named := false
	for _, w := range analyze(t, m, analysis.Options{}).WarningsOf(analysis.WarnIncompleteIndex) {
		if w.Element.AccessPattern == "Issues of a project" && strings.Contains(w.Message, "flaggedBy (on 5% of the items)") && w.Fix != nil {
			named = true
		}
	}
	if !named {
		t.Fatal("the index made incomplete is not named")
	}
}
