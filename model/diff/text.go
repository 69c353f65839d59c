package diff

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the plan for a terminal: the steps with their badges,
// estimates and arithmetic, then the broken access patterns and misfit
// entities.
func (p *Plan) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Migration plan: %s → %s\n", p.From, p.To)
	for _, s := range p.Sizes {
		fmt.Fprintf(&b, "size of %s: %s\n", s.Table, s.Arithmetic)
	}
	if len(p.Steps) == 0 {
		b.WriteString("\nNo changes DynamoDB would see.\n")
	}
	for i, s := range p.Steps {
		where := s.Table
		if s.Index != "" {
			where += " / " + s.Index
		}
		mode := "ONLINE"
		if !s.Online {
			mode = "NEW TABLE + COPY"
		}
		cfn := "in place"
		if s.Replacement {
			cfn = "REPLACEMENT"
		}
		fmt.Fprintf(&b, "\n%d. [%s] [CloudFormation: %s] [deploy %d] %s %s\n", i+1, mode, cfn, s.Deploy, s.Kind, where)
		fmt.Fprintf(&b, "   %s\n", s.Text)
		if s.Warning != "" {
			fmt.Fprintf(&b, "   WARNING: %s\n", s.Warning)
		}
		fmt.Fprintf(&b, "   CloudFormation/CDK: %s\n", s.CloudFormation)
		for _, c := range s.Changes {
			fmt.Fprintf(&b, "   - %s\n", c)
		}
		if e := s.Estimate; e != nil {
			fmt.Fprintf(&b, "   estimate: %s, %s\n", Duration(e.Seconds), Money(e.Dollars))
			for _, l := range e.Arithmetic {
				fmt.Fprintf(&b, "     %s\n", l)
			}
		}
		for j, c := range s.CopyPlan {
			fmt.Fprintf(&b, "   copy %d. %s\n", j+1, c)
		}
	}
	if len(p.Steps) > 0 {
		fmt.Fprintf(&b, "\n%d deploy(s); total %s, %s\n", p.Deploys, Duration(p.Total.Seconds), Money(p.Total.Dollars))
	}
	if len(p.BrokenAccessPatterns) > 0 {
		b.WriteString("\nAccess patterns that break:\n")
		for _, bp := range p.BrokenAccessPatterns {
			fmt.Fprintf(&b, "- %s: %s", bp.Name, strings.Join(bp.Reasons, "; "))
			if bp.UpdatedInNew {
				b.WriteString(" (the new version's pattern of this name works: ship the code change with the deploy)")
			}
			b.WriteByte('\n')
		}
	}
	for _, e := range p.Entities {
		if e.Misfits > 0 {
			fmt.Fprintf(&b, "\nEntity %s: %d of %d loaded items do not fit the new keys (%s)\n", e.Entity, e.Misfits, e.Items, e.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
