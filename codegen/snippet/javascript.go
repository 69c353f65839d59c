package snippet

import (
	"encoding/base64"
	"fmt"
	"strings"
	"unicode"
)

// jsLayout is prettier's: two spaces, 80 columns.
var jsLayout = layout{indent: "  ", indentWidth: 2, width: 80}

func renderJS(c *call) string {
	command := c.op.Name + "Command"
	js := &jsWriter{}
	input := js.value(c.in, c.op.Input)

	var b strings.Builder
	fmt.Fprintf(&b, "import { DynamoDBClient, %s } from \"@aws-sdk/client-dynamodb\";\n\n", command)
	if js.binary {
		b.WriteString("// Binary values are Node.js Buffers, which are the Uint8Arrays the client takes.\n")
	}
	config := group("{", "}", " ").add("region: ", leaf(jsQuote(c.region)))
	if c.endpoint != "" {
		config.add("endpoint: ", leaf(jsQuote(c.endpoint)))
	}
	jsLayout.statement(&b, 0, "const client = new DynamoDBClient(", config, ");")
	jsLayout.statement(&b, 0, "const output = await client.send(new "+command+"(", input, "));")
	b.WriteString("console.log(output);\n")
	return b.String()
}

type jsWriter struct {
	binary bool // a Buffer was written
}

// value is v, of shape s, as a JavaScript literal: the client takes the
// request's own structure, with Uint8Arrays for binary values.
func (js *jsWriter) value(v *jvalue, s *shape) *doc {
	switch s.Kind {
	case kString, kEnum:
		return leaf(jsQuote(v.str))
	case kInt32, kInt64:
		return leaf(v.str)
	case kBool:
		return leaf(jsBool(v.boolean))
	case kList:
		d := group("[", "]", "")
		for _, e := range v.elems {
			d.add("", js.value(e, s.Elem))
		}
		return d
	case kMap, kStruct:
		d := group("{", "}", " ")
		for _, m := range v.members {
			es := s.Elem
			if s.Kind == kStruct {
				es = s.Member(m.name)
			}
			d.add(jsKey(m.name)+": ", js.value(m.value, es))
		}
		return d
	}
	return js.attr(v)
}

func (js *jsWriter) attr(v *jvalue) *doc {
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = leaf(jsQuote(x.str))
	case "B":
		val = js.buffer(x.bytes)
	case "NULL", "BOOL":
		val = leaf(jsBool(x.boolean))
	case "SS", "NS", "BS", "L":
		val = group("[", "]", "")
		for _, e := range x.elems {
			switch typ {
			case "BS":
				val.add("", js.buffer(e.bytes))
			case "L":
				val.add("", js.attr(e))
			default:
				val.add("", leaf(jsQuote(e.str)))
			}
		}
	case "M":
		val = group("{", "}", " ")
		for _, m := range x.members {
			val.add(jsKey(m.name)+": ", js.attr(m.value))
		}
	}
	return group("{", "}", " ").add(typ+": ", val)
}

// buffer is p as a Buffer, Node's Uint8Array, from its base64.
func (js *jsWriter) buffer(p []byte) *doc {
	js.binary = true
	return leaf(`Buffer.from("` + base64.StdEncoding.EncodeToString(p) + `", "base64")`)
}

func jsBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// jsKey is a property name: bare when it is an identifier (reserved words
// are allowed as property names), else quoted.
func jsKey(name string) string {
	if name == "" {
		return `""`
	}
	for i, c := range name {
		ok := c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9'
		if !ok {
			return jsQuote(name)
		}
	}
	return name
}

// jsQuote is s as a JavaScript string literal; what is not printable
// (U+2028 and U+2029 included) is escaped.
func jsQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		switch {
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x10000:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\u{%x}`, r)
		}
	})
}
