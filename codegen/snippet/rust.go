package snippet

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// rustLayout: rustfmt's four spaces and 100 columns (not all of its
// choices of where to break).
var rustLayout = layout{indent: "    ", indentWidth: 4, width: 100}

func renderRust(c *call) string {
	r := &rustWriter{types: map[string]bool{}}
	send := r.builder(chain("client", ""), c.in, c.op.Input)
	send.items = slices.Insert(send.items, 0, item{key: "." + snake(c.op.Name) + "()", val: leaf("")})
	send.call(".send()", leaf(""), "")
	send.call(".await?", leaf(""), "")

	var body strings.Builder
	config := chain("aws_config::defaults(BehaviorVersion::latest())", "").
		call(".region(", leaf("Region::new("+rustQuote(c.region)+")"), ")")
	if c.endpoint != "" {
		config.call(".endpoint_url(", leaf(rustQuote(c.endpoint)), ")")
	}
	config.call(".load()", leaf(""), "").call(".await", leaf(""), "")
	rustLayout.statement(&body, 1, "let config = ", config, ";")
	body.WriteString("    let client = Client::new(&config);\n")
	rustLayout.statement(&body, 1, "let output = ", send, ";")
	body.WriteString("    println!(\"{output:#?}\");\n    Ok(())\n")

	var b strings.Builder
	b.WriteString("use aws_config::BehaviorVersion;\nuse aws_sdk_dynamodb::config::Region;\n")
	if r.blob {
		b.WriteString("use aws_sdk_dynamodb::primitives::Blob;\n")
	}
	if len(r.types) > 0 {
		names := make([]string, 0, len(r.types))
		for n := range r.types {
			names = append(names, n)
		}
		slices.Sort(names)
		if len(names) == 1 {
			fmt.Fprintf(&b, "use aws_sdk_dynamodb::types::%s;\n", names[0])
		} else {
			fmt.Fprintf(&b, "use aws_sdk_dynamodb::types::{%s};\n", strings.Join(names, ", "))
		}
	}
	b.WriteString("use aws_sdk_dynamodb::{Client, Error};\n")
	if r.hashMap {
		b.WriteString("use std::collections::HashMap;\n")
	}
	b.WriteString("\n#[tokio::main]\nasync fn main() -> Result<(), Error> {\n")
	b.WriteString(body.String())
	b.WriteString("}\n")
	return b.String()
}

// rustWriter builds Rust expressions of aws-sdk-dynamodb's types, noting
// what they use.
type rustWriter struct {
	types   map[string]bool // of aws_sdk_dynamodb::types
	blob    bool
	hashMap bool
}

// builder adds v's members, of struct shape s, to the builder chain d as
// the SDK's fluent setters: one call per element of a list member and per
// entry of a map member (the setters append); an empty list or map is set
// with set_x(Some(...)), else it would not be sent at all.
func (r *rustWriter) builder(d *doc, v *jvalue, s *shape) *doc {
	for _, m := range v.members {
		ms := s.Member(m.name)
		name := snake(m.name)
		switch {
		case ms.Kind == kList && len(m.value.elems) == 0:
			d.call(".set_"+name+"(", leaf("Some(vec![])"), ")")
		case ms.Kind == kMap && len(m.value.members) == 0:
			r.hashMap = true
			d.call(".set_"+name+"(", leaf("Some(HashMap::new())"), ")")
		case ms.Kind == kList:
			for _, e := range m.value.elems {
				d.call("."+name+"(", r.value(e, ms.Elem, true), ")")
			}
		case ms.Kind == kMap:
			for _, e := range m.value.members {
				d.call("."+name+"("+rustQuote(e.name)+", ", r.value(e.value, ms.Elem, true), ")")
			}
		default:
			d.call("."+name+"(", r.value(m.value, ms, true), ")")
		}
	}
	return d
}

// value is v, of shape s, as the SDK's Rust type. A setter's argument
// (arg) takes a string as impl Into<String>; inside a Vec or a HashMap it
// must be a String.
func (r *rustWriter) value(v *jvalue, s *shape, arg bool) *doc {
	switch s.Kind {
	case kString:
		if arg {
			return leaf(rustQuote(v.str))
		}
		return leaf(rustString(v.str))
	case kInt32, kInt64, kBool:
		if s.Kind == kBool {
			return leaf(jsBool(v.boolean))
		}
		return leaf(v.str)
	case kEnum:
		name := rustName(s.Name)
		r.types[name] = true
		if slices.Contains(s.Values, v.str) && javaIdent(v.str) {
			return leaf(name + "::" + rustName(strings.ReplaceAll(strings.ToLower(v.str), "_", " ")))
		}
		// Every enum has an Unknown variant for values the SDK does not
		// know, made by From<&str>.
		return leaf(name + "::from(" + rustQuote(v.str) + ")")
	case kStruct:
		name := rustName(s.Name)
		r.types[name] = true
		end := ".build()"
		if ddbapi.Required[s.Name] {
			end = ".build()?"
		}
		return r.builder(chain(name+"::builder()", end), v, s)
	case kList:
		return r.vec(v.elems, func(e *jvalue) *doc { return r.value(e, s.Elem, false) })
	case kMap:
		return r.hashMapOf(v.members, func(e *jvalue) *doc { return r.value(e, s.Elem, false) })
	}
	return r.attr(v)
}

func (r *rustWriter) vec(elems []*jvalue, value func(*jvalue) *doc) *doc {
	d := group("vec![", "]", "")
	for _, e := range elems {
		d.add("", value(e))
	}
	return d
}

// hashMapOf is HashMap::from([(k, v), ...]), or HashMap::new() when empty.
func (r *rustWriter) hashMapOf(members []jmember, value func(*jvalue) *doc) *doc {
	r.hashMap = true
	if len(members) == 0 {
		return leaf("HashMap::new()")
	}
	d := group("HashMap::from([", "])", "")
	for _, m := range members {
		d.add("", group("(", ")", "").add("", leaf(rustString(m.name))).add("", value(m.value)))
	}
	return d
}

// rustAttrVariants are AttributeValue's variants by type.
var rustAttrVariants = map[string]string{
	"S": "S", "N": "N", "B": "B", "SS": "Ss", "NS": "Ns", "BS": "Bs", "M": "M", "L": "L", "NULL": "Null", "BOOL": "Bool",
}

// attr is AttributeValue::S("x".to_string()) and the like.
func (r *rustWriter) attr(v *jvalue) *doc {
	r.types["AttributeValue"] = true
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = leaf(rustString(x.str))
	case "B":
		val = r.blobOf(x.bytes)
	case "NULL", "BOOL":
		val = leaf(jsBool(x.boolean))
	case "SS", "NS":
		val = r.vec(x.elems, func(e *jvalue) *doc { return leaf(rustString(e.str)) })
	case "BS":
		val = r.vec(x.elems, func(e *jvalue) *doc { return r.blobOf(e.bytes) })
	case "L":
		val = r.vec(x.elems, r.attr)
	case "M":
		val = r.hashMapOf(x.members, r.attr)
	}
	d := group("AttributeValue::"+rustAttrVariants[typ]+"(", ")", "")
	d.bare = true // one argument: rustfmt writes no comma after it
	return d.add("", val)
}

// blobOf is p as a Blob: of a string when p is UTF-8 text, else of a byte
// string.
func (r *rustWriter) blobOf(p []byte) *doc {
	r.blob = true
	if utf8.Valid(p) {
		return leaf("Blob::new(" + rustQuote(string(p)) + ")")
	}
	var b strings.Builder
	b.WriteString(`Blob::new(b"`)
	for _, c := range p {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, `\x%02x`, c)
		}
	}
	b.WriteString(`".to_vec())`)
	return leaf(b.String())
}

// rustString is s as a String.
func rustString(s string) string { return rustQuote(s) + ".to_string()" }

// rustQuote is s as a Rust string literal; what is not printable is
// escaped (\u{...}), the rest left as it is (Rust source is UTF-8).
func rustQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		switch {
		case r == 0:
			b.WriteString(`\0`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		default:
			fmt.Fprintf(b, `\u{%x}`, r)
		}
	})
}
