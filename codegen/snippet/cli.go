package snippet

import (
	"fmt"
	"strings"
)

// renderCLI writes the AWS CLI command: "aws dynamodb <op>" and then one
// option per line, continued with backslashes.
func renderCLI(c *call) (string, error) {
	lines := []string{"aws dynamodb " + joinWords(c.op.Name, "-")}
	for _, m := range c.in.members {
		opt := "--" + joinWords(m.name, "-")
		s := c.op.Input.Member(m.name)
		switch s.Kind {
		case kBool:
			// The CLI's boolean members are flags: --consistent-read or
			// --no-consistent-read.
			if !m.value.boolean {
				opt = "--no-" + opt[2:]
			}
			lines = append(lines, opt)
			continue
		case kString, kEnum, kInt32, kInt64:
			if strings.IndexByte(m.value.str, 0) >= 0 {
				return "", fmt.Errorf("snippet: %s: %s: a shell argument cannot hold a NUL character", c.op.Name, m.name)
			}
			lines = append(lines, cliOption(opt, m.value.str))
		default:
			// Structures, lists and maps are JSON (escapes keep NULs out).
			lines = append(lines, cliOption(opt, compactJSON(m.value)))
		}
	}
	if strings.IndexByte(c.endpoint+c.region, 0) >= 0 {
		return "", fmt.Errorf("snippet: %s: the endpoint or region holds a NUL character", c.op.Name)
	}
	if c.op.Paginated {
		lines = append(lines, "--no-paginate")
	}
	if c.endpoint != "" {
		lines = append(lines, cliOption("--endpoint-url", c.endpoint))
	}
	if c.regionSet || c.endpoint != "" {
		// A local endpoint still needs a region, and any will do.
		lines = append(lines, cliOption("--region", c.region))
	}
	return strings.Join(lines, " \\\n  ") + "\n", nil
}

// cliOption is the option and its value, single-quoted. A value that
// starts with "-" is joined with "=", so that argparse cannot mistake it for
// an option.
func cliOption(opt, value string) string {
	if strings.HasPrefix(value, "-") {
		return opt + "=" + shQuote(value)
	}
	return opt + " " + shQuote(value)
}

// shQuote single-quotes s for a POSIX shell: inside single quotes nothing
// is special but the quote itself, which is closed, escaped and reopened.
func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
