package visualizer

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/diff"
)

func TestMigrationView(t *testing.T) {
	p := &diff.Plan{From: "v1", To: "v2", Deploys: 2, Replacement: true,
		Steps: []diff.Step{
			{Kind: diff.KindAddGSI, Table: "T", Index: "G", Online: true, Deploy: 1, Text: "add",
				Estimate: &diff.Estimate{Seconds: 3600, Dollars: 2.5, Arithmetic: []string{"a", "b"}}},
			{Kind: diff.KindKeySchema, Table: "U", Online: false, Replacement: true, Deploy: 2, Warning: "replaced",
				Estimate: &diff.Estimate{Seconds: 90, Dollars: 0.004}, CopyPlan: []string{"scan"}},
		},
		Total:                diff.Estimate{Seconds: 3690, Dollars: 2.504},
		BrokenAccessPatterns: []diff.BrokenPattern{{Name: "q", Reasons: []string{"r1", "r2"}, UpdatedInNew: true}},
		Entities:             []diff.EntityFit{{Entity: "E", Items: 4, Misfits: 1, Reason: "why"}, {Entity: "F", Items: 3}},
	}
	v := Migration(p)
	if !v.Danger || v.Empty || !strings.Contains(v.Summary, "2 steps in 2 deploys; about 1h1m30s and $2.50 in all; a deploy would REPLACE a table") {
		t.Errorf("summary %q danger %v", v.Summary, v.Danger)
	}
	a, b := v.Steps[0], v.Steps[1]
	if a.Where != "T / G" || a.Mode != "online" || a.Deploy != "in place" || a.DeployClass != "wb-badge-inplace" || a.Estimate != "1h0m0s, $2.50" || len(a.Arithmetic) != 2 {
		t.Errorf("step 1 = %+v", a)
	}
	if b.Mode != "new table + copy" || b.Deploy != "replacement" || b.DeployClass != "wb-badge-replace" || b.Order != "deploy 2" || b.Estimate != "1m30s, $0.004" || b.Warning != "replaced" {
		t.Errorf("step 2 = %+v", b)
	}
	if len(v.Broken) != 1 || v.Broken[0].Reasons != "r1; r2" || v.Broken[0].Note == "" {
		t.Errorf("broken = %+v", v.Broken)
	}
	if len(v.Misfits) != 1 || !strings.HasPrefix(v.Misfits[0], "E: 1 of 4") {
		t.Errorf("misfits = %q", v.Misfits)
	}
	if e := Migration(&diff.Plan{From: "a", To: "a"}); !e.Empty || e.Summary != "No changes DynamoDB would see." {
		t.Errorf("empty: %+v", e)
	}
}
