package snippet

import (
	"fmt"
	"strings"
	"unicode"
)

// pythonLayout is black's: four spaces, 88 columns.
var pythonLayout = layout{indent: "    ", indentWidth: 4, width: 88}

func renderPython(c *call) string {
	var b strings.Builder
	b.WriteString("import boto3\n\n")
	client := group(`boto3.client(`, ")", "").add("", leaf(pyQuote("dynamodb")))
	client.add("region_name=", leaf(pyQuote(c.region)))
	if c.endpoint != "" {
		client.add("endpoint_url=", leaf(pyQuote(c.endpoint)))
	}
	pythonLayout.statement(&b, 0, "client = ", client, "")
	args := group("client."+joinWords(c.op.Name, "_")+"(", ")", "")
	for _, m := range c.in.members {
		args.add(m.name+"=", pyValue(m.value, c.op.Input.Member(m.name)))
	}
	pythonLayout.statement(&b, 0, "response = ", args, "")
	b.WriteString("print(response)\n")
	return b.String()
}

// pyValue is v, of shape s, as a boto3 parameter: structures and maps are
// dicts keyed by DynamoDB's member names, binary values are bytes.
func pyValue(v *jvalue, s *shape) *doc {
	switch s.Kind {
	case kString, kEnum:
		return leaf(pyQuote(v.str))
	case kInt32, kInt64:
		return leaf(v.str)
	case kBool:
		return leaf(pyBool(v.boolean))
	case kList:
		d := group("[", "]", "")
		for _, e := range v.elems {
			d.add("", pyValue(e, s.Elem))
		}
		return d
	case kMap:
		d := group("{", "}", "")
		for _, m := range v.members {
			d.add(pyQuote(m.name)+": ", pyValue(m.value, s.Elem))
		}
		return d
	case kStruct:
		d := group("{", "}", "")
		for _, m := range v.members {
			d.add(pyQuote(m.name)+": ", pyValue(m.value, s.Member(m.name)))
		}
		return d
	}
	return pyAttr(v)
}

func pyAttr(v *jvalue) *doc {
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = leaf(pyQuote(x.str))
	case "B":
		val = leaf(pyBytes(x.bytes))
	case "NULL", "BOOL":
		val = leaf(pyBool(x.boolean))
	case "SS", "NS", "BS", "L":
		val = group("[", "]", "")
		for _, e := range x.elems {
			switch typ {
			case "BS":
				val.add("", leaf(pyBytes(e.bytes)))
			case "L":
				val.add("", pyAttr(e))
			default:
				val.add("", leaf(pyQuote(e.str)))
			}
		}
	case "M":
		val = group("{", "}", "")
		for _, m := range x.members {
			val.add(pyQuote(m.name)+": ", pyAttr(m.value))
		}
	}
	return group("{", "}", "").add(pyQuote(typ)+": ", val)
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// pyQuote is s as a Python string literal; what is not printable is
// escaped (\x, \u or \U, by size), the rest left as it is (Python 3 source
// is UTF-8).
func pyQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		switch {
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	})
}

// pyBytes is p as a bytes literal: printable ASCII as it is, the rest \x.
func pyBytes(p []byte) string {
	var b strings.Builder
	b.Grow(len(p) + 3)
	b.WriteString(`b"`)
	for _, c := range p {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
