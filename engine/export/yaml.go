package export

import (
	"bytes"
	"strconv"
	"strings"
)

// A YAML emitter for the tree of tree.go, enough for CloudFormation:
// block mappings and sequences of strings, integers and booleans. It is
// written here rather than imported because the engine may not depend on
// a YAML library and the page runs it as WebAssembly.
//
// Strings are written plain when no YAML reader could take them for
// anything else, and double-quoted otherwise. A double-quoted YAML scalar
// accepts JSON's escapes, so the quoted form is the JSON encoding.

// writeYAML writes the object o as a YAML document.
func writeYAML(o obj) []byte {
	var b bytes.Buffer
	appendYAMLMap(&b, o, 0)
	return b.Bytes()
}

func appendYAMLMap(b *bytes.Buffer, o obj, depth int) {
	for _, m := range o {
		indent(b, depth)
		b.WriteString(yamlString(m.key))
		b.WriteByte(':')
		appendYAMLValue(b, m.val, depth)
	}
}

// appendYAMLValue writes what follows "key:" (or "-"): a scalar on the same
// line, or a nested block on the next lines.
func appendYAMLValue(b *bytes.Buffer, v any, depth int) {
	switch x := v.(type) {
	case obj:
		if len(x) == 0 {
			b.WriteString(" {}\n")
			return
		}
		b.WriteByte('\n')
		appendYAMLMap(b, x, depth+1)
	case list:
		if len(x) == 0 {
			b.WriteString(" []\n")
			return
		}
		b.WriteByte('\n')
		appendYAMLList(b, x, depth+1)
	default:
		b.WriteByte(' ')
		b.WriteString(yamlScalar(v))
		b.WriteByte('\n')
	}
}

func appendYAMLList(b *bytes.Buffer, l list, depth int) {
	for _, e := range l {
		switch x := e.(type) {
		case obj, list:
			if isEmpty(x) {
				indent(b, depth)
				b.WriteString("-")
				appendYAMLValue(b, x, depth)
				continue
			}
			// The first line of the nested block goes after "- "; the rest
			// keeps the block's indentation, two spaces deeper.
			var nested bytes.Buffer
			if o, ok := x.(obj); ok {
				appendYAMLMap(&nested, o, depth+1)
			} else {
				appendYAMLList(&nested, x.(list), depth+1)
			}
			text := nested.Bytes()
			indent(b, depth)
			b.WriteString("- ")
			b.Write(text[2*(depth+1):])
		default:
			indent(b, depth)
			b.WriteString("- ")
			b.WriteString(yamlScalar(e))
			b.WriteByte('\n')
		}
	}
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case obj:
		return len(x) == 0
	case list:
		return len(x) == 0
	}
	return false
}

func yamlScalar(v any) string {
	switch x := v.(type) {
	case string:
		return yamlString(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	case rawJSON:
		// JSON is YAML's flow syntax: an embedded value stays valid.
		return string(x)
	case nil:
		return "null"
	}
	return yamlString("<unsupported value>")
}

// yamlString writes s plain when that is unambiguous, else double-quoted.
func yamlString(s string) string {
	if plainSafe(s) {
		return s
	}
	return jsonString(s)
}

// plainSafe reports whether s can be written as a plain YAML scalar and
// read back as the same string by YAML 1.1 and 1.2 readers alike: it starts
// with a letter, '_' or '/', so it cannot be a number, a date or an
// indicator; it holds only letters, digits and a few punctuation marks
// that mean nothing inside a plain scalar; it is not a boolean or null
// word ("yes", "off", "null", ...); and it has no ": " or trailing ':'
// that would make it a mapping.
func plainSafe(s string) bool {
	if s == "" || strings.HasSuffix(s, ":") || strings.HasSuffix(s, " ") || strings.Contains(s, ": ") {
		return false
	}
	c := s[0]
	if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '/') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case strings.IndexByte(" _./:-@()+", c) >= 0:
		default:
			return false
		}
	}
	switch strings.ToLower(s) {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return false
	}
	return true
}
