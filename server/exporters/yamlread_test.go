package exporters

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// readYAML is a test-only reader for the block YAML that JSONToYAML emits
// (mappings, sequences, "- key: value" items, [] and {}, plain and
// double-quoted scalars, literal blocks as mapping values). It is deliberately suspicious of plain scalars:
// it reads them the way a YAML 1.1 or 1.2 reader might (yes/no/on/off as
// booleans, numbers, dates as timestamps), so that a string the emitter
// failed to quote comes back as something else and the comparison with
// the JSON form fails.
func readYAML(text string) (any, error) {
	var lines []yamlLine
	for n, raw := range strings.Split(text, "\n") {
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if strings.ContainsRune(raw, '\t') {
			return nil, fmt.Errorf("line %d: a tab", n+1)
		}
		trimmed := strings.TrimLeft(raw, " ")
		lines = append(lines, yamlLine{n + 1, len(raw) - len(trimmed), trimmed})
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("empty document")
	}
	r := &yamlReader{lines: lines}
	v, err := r.block(lines[0].indent)
	if err != nil {
		return nil, err
	}
	if r.i != len(lines) {
		return nil, fmt.Errorf("line %d: unexpected indentation", lines[r.i].n)
	}
	return v, nil
}

type yamlLine struct {
	n      int
	indent int
	text   string
}

type yamlReader struct {
	lines []yamlLine
	i     int
}

func (r *yamlReader) block(indent int) (any, error) {
	l := r.lines[r.i]
	if l.text == "-" || strings.HasPrefix(l.text, "- ") {
		return r.sequence(indent)
	}
	return r.mapping(indent)
}

func (r *yamlReader) sequence(indent int) (any, error) {
	out := []any{}
	for r.i < len(r.lines) && r.lines[r.i].indent == indent && (r.lines[r.i].text == "-" || strings.HasPrefix(r.lines[r.i].text, "- ")) {
		l := r.lines[r.i]
		rest := strings.TrimPrefix(strings.TrimPrefix(l.text, "-"), " ")
		switch {
		case rest == "":
			r.i++
			if r.i >= len(r.lines) || r.lines[r.i].indent <= indent {
				return nil, fmt.Errorf("line %d: an empty sequence item", l.n)
			}
			v, err := r.block(r.lines[r.i].indent)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		case strings.HasPrefix(rest, "- ") || isMappingLine(rest):
			// The item's block starts on this line, two columns in.
			r.lines[r.i] = yamlLine{l.n, indent + 2, rest}
			v, err := r.block(indent + 2)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		default:
			v, err := scalar(rest)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", l.n, err)
			}
			out = append(out, v)
			r.i++
		}
	}
	return out, nil
}

func (r *yamlReader) mapping(indent int) (any, error) {
	out := map[string]any{}
	for r.i < len(r.lines) && r.lines[r.i].indent == indent {
		l := r.lines[r.i]
		key, rest, err := splitKey(l.text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", l.n, err)
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", l.n, key)
		}
		r.i++
		if rest == "|-" || rest == "|" {
			// A literal block: the lines indented deeper, joined (blank
			// lines were dropped above; the test documents have none).
			var text []string
			base := -1
			for r.i < len(r.lines) && r.lines[r.i].indent > indent {
				ln := r.lines[r.i]
				if base < 0 {
					base = ln.indent
				}
				text = append(text, strings.Repeat(" ", ln.indent-base)+ln.text)
				r.i++
			}
			v := strings.Join(text, "\n")
			if rest == "|" {
				v += "\n"
			}
			out[key] = v
			continue
		}
		if rest != "" {
			v, err := scalar(rest)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", l.n, err)
			}
			out[key] = v
			continue
		}
		if r.i >= len(r.lines) || r.lines[r.i].indent <= indent {
			return nil, fmt.Errorf("line %d: key %q has no value", l.n, key)
		}
		v, err := r.block(r.lines[r.i].indent)
		if err != nil {
			return nil, err
		}
		out[key] = v
	}
	return out, nil
}

func isMappingLine(s string) bool {
	_, _, err := splitKey(s)
	return err == nil
}

// splitKey splits "key: value" or "key:" into key and value text.
func splitKey(s string) (string, string, error) {
	if strings.HasPrefix(s, `"`) {
		end := closingQuote(s)
		if end < 0 {
			return "", "", fmt.Errorf("unclosed quoted key")
		}
		var key string
		if err := json.Unmarshal([]byte(s[:end+1]), &key); err != nil {
			return "", "", err
		}
		rest := s[end+1:]
		if !strings.HasPrefix(rest, ":") {
			return "", "", fmt.Errorf("no ':' after a quoted key")
		}
		return key, strings.TrimSpace(rest[1:]), nil
	}
	if i := strings.Index(s, ": "); i >= 0 {
		return s[:i], strings.TrimSpace(s[i+2:]), nil
	}
	if strings.HasSuffix(s, ":") {
		return strings.TrimSuffix(s, ":"), "", nil
	}
	return "", "", fmt.Errorf("not a mapping entry: %q", s)
}

func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

var (
	yamlInt   = regexp.MustCompile(`^[-+]?(0|[1-9][0-9]*|0[0-7]+|0o[0-7]+|0x[0-9a-fA-F]+)$`)
	yamlFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$`)
	yamlDate  = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}`)
)

func scalar(s string) (any, error) {
	switch {
	case s == "[]":
		return []any{}, nil
	case s == "{}":
		return map[string]any{}, nil
	case strings.HasPrefix(s, `"`):
		var v string
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return nil, fmt.Errorf("quoted scalar %s: %v", s, err)
		}
		return v, nil
	case strings.HasPrefix(s, "'"), strings.HasPrefix(s, "["), strings.HasPrefix(s, "{"),
		strings.HasPrefix(s, "&"), strings.HasPrefix(s, "*"), strings.HasPrefix(s, "!"),
		strings.HasPrefix(s, "|"), strings.HasPrefix(s, ">"), strings.HasPrefix(s, "%"),
		strings.HasPrefix(s, "@"), strings.HasPrefix(s, "`"), strings.HasPrefix(s, "#"),
		strings.Contains(s, " #"):
		return nil, fmt.Errorf("plain scalar %q starts or holds an indicator", s)
	}
	switch strings.ToLower(s) {
	case "true", "yes", "on", "y":
		return true, nil
	case "false", "no", "off", "n":
		return false, nil
	case "null", "~":
		return nil, nil
	}
	if yamlInt.MatchString(s) || yamlFloat.MatchString(s) {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return "number:" + s, nil
		}
		return f, nil
	}
	if yamlDate.MatchString(s) {
		return "timestamp:" + s, nil
	}
	return s, nil
}
