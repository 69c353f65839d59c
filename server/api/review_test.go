package api

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/advise"
)

// TestAnalyzeReview posts a design whose index is made incomplete on
// purpose to /api/analyze: the findings name the pattern and carry the fix
// as a model; posting the fixed model draws no such finding. The design as
// proposed draws none.
func TestAnalyzeReview(t *testing.T) {
	in, err := advise.Parse(`
Issue: issueId, assigneeId, status, createdAt
get Issue by issueId, 100/s
list Issues by assigneeId range createdAt limit 20, 20/s "Issues of an assignee"
`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := advise.Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	post := func(doc any) []map[string]any {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"model": doc})
		code, out := call(t, "POST", "/api/analyze", string(body))
		if code != http.StatusOK {
			t.Fatalf("%d %v", code, out)
		}
		var ws []map[string]any
		for _, w := range out["warnings"].([]any) {
			if w := w.(map[string]any); w["kind"] == "incomplete-index" {
				ws = append(ws, w)
			}
		}
		return ws
	}
	if ws := post(p.Model); len(ws) != 0 {
		t.Fatalf("the proposal: %v", ws)
	}
	m := p.Model
	for i := range m.Entities[0].Attributes {
		if a := &m.Entities[0].Attributes[i]; a.Name == "assigneeId" {
			a.Frequency, a.Required = 0.3, false
		}
	}
	ws := post(m)
	if len(ws) != 1 || ws[0]["element"].(map[string]any)["accessPattern"] != "Issues of an assignee" {
		t.Fatalf("findings %v", ws)
	}
	f, _ := ws[0]["fix"].(map[string]any)
	if f == nil || f["text"] == "" || f["model"] == nil {
		t.Fatalf("no fix in %v", ws[0])
	}
	if ws := post(f["model"]); len(ws) != 0 {
		t.Errorf("after the fix: %v", ws)
	}
}
