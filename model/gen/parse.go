package gen

import (
	"fmt"
	"strings"
)

// call is a parsed generator: a kind name and its raw arguments. An
// argument stays text until the kind reads it, so that "const(a(b))" keeps
// meaning the text "a(b)" while "list(int(1,5),1,3)" compiles its first
// argument as a generator.
type call struct {
	name string
	args []string
}

// parseCall splits "name(a, b)" into its name and arguments. Arguments are
// separated by commas outside parentheses and double quotes, and trimmed;
// a double-quoted argument may hold commas and parentheses ("a, b") and
// \" for a quote.
func parseCall(src string) (call, error) {
	src = strings.TrimSpace(src)
	open := strings.IndexByte(src, '(')
	if open < 0 {
		if src == "" {
			return call{}, fmt.Errorf("empty generator")
		}
		return call{name: src}, nil
	}
	if !strings.HasSuffix(src, ")") {
		return call{}, fmt.Errorf("generator %q: missing ')'", src)
	}
	c := call{name: strings.TrimSpace(src[:open])}
	inner := src[open+1 : len(src)-1]
	if strings.TrimSpace(inner) == "" {
		return c, nil
	}
	depth, quoted, from := 0, false, 0
	for i := 0; i < len(inner); i++ {
		switch ch := inner[i]; {
		case quoted && ch == '\\':
			i++
		case ch == '"':
			quoted = !quoted
		case quoted:
		case ch == '(':
			depth++
		case ch == ')':
			depth--
			if depth < 0 {
				return call{}, fmt.Errorf("generator %q: unbalanced ')'", src)
			}
		case ch == ',' && depth == 0:
			c.args = append(c.args, strings.TrimSpace(inner[from:i]))
			from = i + 1
		}
	}
	if quoted {
		return call{}, fmt.Errorf("generator %q: unclosed '\"'", src)
	}
	if depth != 0 {
		return call{}, fmt.Errorf("generator %q: unclosed '('", src)
	}
	c.args = append(c.args, strings.TrimSpace(inner[from:]))
	return c, nil
}

// unquote returns a double-quoted argument's text, or the argument itself.
func unquote(s string) string {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s
	}
	var b strings.Builder
	for i := 1; i < len(s)-1; i++ {
		if s[i] == '\\' && i+1 < len(s)-1 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// splitPair splits "key:value" at its first colon outside parentheses and
// quotes; ok is false when there is none.
func splitPair(s string) (key, value string, ok bool) {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case quoted && ch == '\\':
			i++
		case ch == '"':
			quoted = !quoted
		case quoted:
		case ch == '(':
			depth++
		case ch == ')':
			depth--
		case ch == ':' && depth == 0:
			return unquote(strings.TrimSpace(s[:i])), strings.TrimSpace(s[i+1:]), true
		}
	}
	return "", "", false
}
