package apply

import (
	"fmt"
	"io"
	"strings"
)

// WriteText prints the report for a terminal: the tables, the load, then
// one line per access pattern with its counts, and the differences under
// the patterns that do not match.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Model %q", r.Model)
	if r.Endpoint != "" {
		fmt.Fprintf(&b, " applied to %s", r.Endpoint)
	}
	b.WriteString("\n")
	for _, t := range r.Tables {
		verb := "created"
		if t.Replaced {
			verb = "replaced"
		}
		fmt.Fprintf(&b, "  table %s %s, %d items", t.Name, verb, t.Items)
		if t.TTL != "" {
			fmt.Fprintf(&b, ", TTL on %s", t.TTL)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  %d items loaded\n", r.ItemsLoaded)
	b.WriteString("Access patterns (endpoint / engine):\n")
	for _, p := range r.Patterns {
		switch {
		case p.Skipped != "":
			fmt.Fprintf(&b, "  skip  %s (%s): %s\n", p.Name, p.Operation, p.Skipped)
			continue
		case p.Match:
			fmt.Fprintf(&b, "  ok    %s (%s): %s\n", p.Name, p.Operation, countsText(p.Remote, p.Local))
			if p.Note != "" {
				for _, line := range strings.Split(p.Note, "\n") {
					fmt.Fprintf(&b, "          %s\n", line)
				}
			}
		default:
			fmt.Fprintf(&b, "  DIFF  %s (%s): %s\n", p.Name, p.Operation, countsText(p.Remote, p.Local))
			for _, line := range strings.Split(p.Diff, "\n") {
				fmt.Fprintf(&b, "          %s\n", line)
			}
		}
	}
	if r.Match {
		b.WriteString("All access patterns match.\n")
	} else {
		fmt.Fprintf(&b, "%d access pattern(s) differ.\n", r.Mismatches)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func countsText(remote, local Counts) string {
	s := fmt.Sprintf("%d / %d items", remote.Items, local.Items)
	if remote.Count != 0 || local.Count != 0 || remote.ScannedCount != 0 || local.ScannedCount != 0 {
		s += fmt.Sprintf(", Count %d / %d, ScannedCount %d / %d", remote.Count, local.Count, remote.ScannedCount, local.ScannedCount)
	}
	if remote.Error != "" || local.Error != "" {
		s += fmt.Sprintf(", error %s / %s", orDash(remote.Error), orDash(local.Error))
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
