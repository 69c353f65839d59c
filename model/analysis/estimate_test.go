package analysis_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestFailedExamplePriced breaks every write pattern of every catalogue
// model on purpose (a condition that never holds) and checks that each one
// with a rate is still priced above $0, flagged as estimated, and named in
// the totals, whose sum grows by what it costs (issue 25: a 4,000/s create
// priced at $0.00).
func TestFailedExamplePriced(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		base := analyze(t, p.Model(), analysis.Options{})
		broken := 0
		for i := range m.AccessPatterns {
			ap := &m.AccessPatterns[i]
			if ap.Operation != "PutItem" && ap.Operation != "UpdateItem" && ap.Operation != "DeleteItem" {
				continue
			}
			var req map[string]any
			if json.Unmarshal(ap.Request, &req) != nil {
				continue
			}
			req["ConditionExpression"] = "attribute_exists(neverThere)"
			delete(req, "ExpressionAttributeNames")
			if ap.Operation != "UpdateItem" {
				delete(req, "ExpressionAttributeValues")
			} else if s, _ := req["UpdateExpression"].(string); strings.Contains(s, "#") {
				continue // the update needs its names
			}
			ap.Request, _ = json.Marshal(req)
			if ap.Rate > 0 {
				broken++
			}
		}
		if broken == 0 {
			continue
		}
		rep := analyze(t, m, analysis.Options{})
		for _, pr := range rep.AccessPatterns {
			if pr.Rate <= 0 {
				continue
			}
			if pr.OnDemand <= 0 || pr.Provisioned <= 0 {
				t.Errorf("%s / %s: $%v on demand, $%v provisioned (%s)", p.Name, pr.Name, pr.OnDemand, pr.Provisioned, pr.UnitsText)
			}
			if pr.Error != "" && (!pr.Estimated || !strings.Contains(pr.UnitsText, "estimated")) {
				t.Errorf("%s / %s: failed (%s) but not flagged as estimated: %s", p.Name, pr.Name, pr.Error, pr.UnitsText)
			}
			if pr.Estimated && !strings.Contains(rep.Totals.Text, pr.Name) {
				t.Errorf("%s: totals %q do not name the estimated %s", p.Name, rep.Totals.Text, pr.Name)
			}
		}
		if len(rep.Totals.Estimated) == 0 {
			t.Errorf("%s: %d writes broken, none estimated", p.Name, broken)
		}
		// Estimated writes are within a factor of the measured ones.
		for _, pr := range rep.AccessPatterns {
			b := base.Pattern(pr.Name)
			if !pr.Estimated || b == nil || b.Units == 0 {
				continue
			}
			if r := pr.Units / b.Units; r < 0.25 || r > 4 {
				t.Errorf("%s / %s: estimated %v units, measured %v", p.Name, pr.Name, pr.Units, b.Units)
			}
		}
	}
}

func TestFailedExampleCounted(t *testing.T) {
	n := 0
	for _, p := range patterns.Catalog() {
		m := p.Model()
		for i := range m.AccessPatterns {
			ap := &m.AccessPatterns[i]
			if ap.Operation == "PutItem" && ap.Rate > 0 {
				var req map[string]any
				_ = json.Unmarshal(ap.Request, &req)
				req["ConditionExpression"] = "attribute_exists(neverThere)"
				delete(req, "ExpressionAttributeNames")
				delete(req, "ExpressionAttributeValues")
				ap.Request, _ = json.Marshal(req)
			}
		}
		n += len(analyze(t, m, analysis.Options{}).Totals.Estimated)
	}
	if n < 3 {
		t.Errorf("only %d puts estimated over the catalogue: the test breaks too few", n)
	}
}
