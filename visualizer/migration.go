package visualizer

import (
	"fmt"

	"github.com/dynamodb-workbench/workbench/model/diff"
)

// MigrationView is a migration plan (model/diff) as the page shows it:
// one row per step with its badges, then the broken access patterns and
// the entities whose items no longer fit.
type MigrationView struct {
	Title string
	// Summary is one line: how many steps, deploys, the total estimate.
	Summary string
	// Danger says some deploy replaces a table (the summary turns red).
	Danger  bool
	Sizes   []string
	Steps   []MigrationStep
	Broken  []MigrationBroken
	Misfits []string
	// Empty says the versions are the same as DynamoDB sees them.
	Empty bool
}

// MigrationStep is one step's row.
type MigrationStep struct {
	Kind  string
	Where string
	// Mode is "online" or "new table + copy"; ModeClass its badge class.
	Mode, ModeClass string
	// Deploy is "in place" or "replacement"; DeployClass its badge class
	// (replacement is the red one).
	Deploy, DeployClass string
	// Order is "deploy N".
	Order          string
	Text           string
	Warning        string
	CloudFormation string
	Changes        []string
	// Estimate is "time, dollars"; Arithmetic the lines behind it.
	Estimate   string
	Arithmetic []string
	CopyPlan   []string
}

// MigrationBroken is a broken access pattern's row.
type MigrationBroken struct {
	Name    string
	Reasons string
	Note    string
}

// Migration builds the view of plan p.
func Migration(p *diff.Plan) MigrationView {
	v := MigrationView{Title: fmt.Sprintf("%s → %s", p.From, p.To), Danger: p.Replacement, Empty: len(p.Steps) == 0}
	for _, s := range p.Sizes {
		v.Sizes = append(v.Sizes, fmt.Sprintf("%s: %s", s.Table, s.Arithmetic))
	}
	if v.Empty {
		v.Summary = "No changes DynamoDB would see."
	} else {
		v.Summary = fmt.Sprintf("%s in %s; about %s and %s in all",
			plural(len(p.Steps), "step", "steps"), plural(p.Deploys, "deploy", "deploys"),
			diff.Duration(p.Total.Seconds), diff.Money(p.Total.Dollars))
		if p.Replacement {
			v.Summary += "; a deploy would REPLACE a table"
		}
	}
	for _, s := range p.Steps {
		ms := MigrationStep{Kind: s.Kind, Where: s.Table, Mode: "online", ModeClass: "wb-badge-online",
			Deploy: "in place", DeployClass: "wb-badge-inplace", Order: fmt.Sprintf("deploy %d", s.Deploy),
			Text: s.Text, Warning: s.Warning, CloudFormation: s.CloudFormation, Changes: s.Changes, CopyPlan: s.CopyPlan}
		if s.Index != "" {
			ms.Where += " / " + s.Index
		}
		if !s.Online {
			ms.Mode, ms.ModeClass = "new table + copy", "wb-badge-copy"
		}
		if s.Replacement {
			ms.Deploy, ms.DeployClass = "replacement", "wb-badge-replace"
		}
		if e := s.Estimate; e != nil {
			ms.Estimate = diff.Duration(e.Seconds) + ", " + diff.Money(e.Dollars)
			ms.Arithmetic = e.Arithmetic
		}
		v.Steps = append(v.Steps, ms)
	}
	for _, b := range p.BrokenAccessPatterns {
		mb := MigrationBroken{Name: b.Name}
		for i, r := range b.Reasons {
			if i > 0 {
				mb.Reasons += "; "
			}
			mb.Reasons += r
		}
		if b.UpdatedInNew {
			mb.Note = "the new version's pattern of this name works: ship the code change with the deploy"
		}
		v.Broken = append(v.Broken, mb)
	}
	for _, e := range p.Entities {
		if e.Misfits > 0 {
			v.Misfits = append(v.Misfits, fmt.Sprintf("%s: %d of %d loaded items do not fit the new keys (%s)", e.Entity, e.Misfits, e.Items, e.Reason))
		}
	}
	return v
}
