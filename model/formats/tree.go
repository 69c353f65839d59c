package formats

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The generators build documents as a small ordered tree so that the JSON
// and YAML forms of a template are written from the same value, members in
// the order a person expects to read them (Type before Properties,
// TableName first), not sorted by a map.

// obj is a JSON object with its members in order.
type obj []member

type member struct {
	key string
	val any // string, int64, bool, obj, list
}

// list is a JSON array.
type list []any

// add appends a member and returns the object, for chaining.
func (o obj) add(key string, val any) obj { return append(o, member{key, val}) }

// writeJSON writes v as indented JSON (two spaces), ending with a newline.
func writeJSON(v any) []byte {
	var b bytes.Buffer
	appendJSON(&b, v, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func appendJSON(b *bytes.Buffer, v any, depth int) {
	switch x := v.(type) {
	case obj:
		if len(x) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range x {
			indent(b, depth+1)
			b.WriteString(jsonString(m.key))
			b.WriteString(": ")
			appendJSON(b, m.val, depth+1)
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		indent(b, depth)
		b.WriteByte('}')
	case list:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			indent(b, depth+1)
			appendJSON(b, e, depth+1)
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		indent(b, depth)
		b.WriteByte(']')
	case string:
		b.WriteString(jsonString(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case rawJSON:
		// Pre-encoded JSON (DynamoDB JSON items): re-indented to fit.
		var out bytes.Buffer
		if err := json.Indent(&out, x, indentOf(depth), "  "); err != nil {
			b.WriteString("null")
			return
		}
		b.Write(out.Bytes())
	case nil:
		b.WriteString("null")
	default:
		// Every builder in this package produces the types above; anything
		// else is a programming error, written visibly rather than dropped.
		b.WriteString(jsonString("<unsupported value>"))
	}
}

// rawJSON is a value already encoded as compact JSON.
type rawJSON []byte

func indent(b *bytes.Buffer, depth int) {
	for range depth {
		b.WriteString("  ")
	}
}

func indentOf(depth int) string {
	var b bytes.Buffer
	indent(&b, depth)
	return b.String()
}

// jsonString encodes s as a JSON string without HTML escaping, so that
// '<', '>' and '&' stay readable in templates and code.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}
