package analysis_test

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/advise"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// TestIncompleteIndex proposes a design, then makes the key attribute of
// the index a list reads optional on purpose: the review names the
// pattern, the items it reaches of those that exist, and the attribute;
// the design as proposed draws no such warning.
func TestIncompleteIndex(t *testing.T) {
	in, err := advise.Parse(`
Issue: issueId, projectId, assigneeId, status, createdAt
get Issue by issueId, 100/s
list Issues by assigneeId range createdAt, 20/s "Issues of an assignee"
`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := advise.Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	m := p.Model
	if ws := analyze(t, m, analysis.Options{}).WarningsOf(analysis.WarnIncompleteIndex); len(ws) != 0 {
		t.Errorf("the proposal: %v", ws)
	}
	for i := range m.Entities[0].Attributes {
		if a := &m.Entities[0].Attributes[i]; a.Name == "assigneeId" {
			a.Frequency, a.Required = 0.3, false
		}
	}
	rep := analyze(t, m, analysis.Options{})
	ws := rep.WarningsOf(analysis.WarnIncompleteIndex)
	if len(ws) != 1 || ws[0].Element.AccessPattern != "Issues of an assignee" || !strings.Contains(ws[0].Message, "assigneeId (on 30% of the items)") {
		t.Fatalf("warnings %v", ws)
	}
	t.Log(ws[0].Message)
}
