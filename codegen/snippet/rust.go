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
	r := newRustWriter(nil)
	send := r.request(c.in, c.op)
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
		names := sortedKeys(r.types)
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
	parts   func(string) []Part
}

func newRustWriter(parts func(string) []Part) *rustWriter {
	return &rustWriter{types: map[string]bool{}, parts: parts}
}

// imports are the paths the expressions written so far use.
func (r *rustWriter) imports() []string {
	var out []string
	if r.blob {
		out = append(out, "aws_sdk_dynamodb::primitives::Blob")
	}
	for _, name := range sortedKeys(r.types) {
		out = append(out, "aws_sdk_dynamodb::types::"+name)
	}
	if r.hashMap {
		out = append(out, "std::collections::HashMap")
	}
	return out
}

// request is the operation's fluent builder, client.query() and its
// setters.
func (r *rustWriter) request(v *jvalue, op *operation) *doc {
	return r.builder(chain("client", "").call("."+snake(op.Name)+"()", leaf(""), ""), v, op.Input)
}

// str is s as a setter's argument (arg: a literal does, as impl
// Into<String>) or as a String: a literal, or format! of its parts.
func (r *rustWriter) str(s string, arg bool) string {
	lit, parts, ok := literal(r.parts, s)
	switch {
	case !ok:
		return rustFormat(parts)
	case arg:
		return rustQuote(lit)
	}
	return rustString(lit)
}

// rustFormat is format!("...{}...", expr, ...) of parts, the literal
// text's braces doubled.
func rustFormat(parts []Part) string {
	var f strings.Builder
	var args []string
	for _, p := range parts {
		if p.Expr {
			f.WriteString("{}")
			args = append(args, p.Text)
		} else {
			f.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(p.Text))
		}
	}
	return "format!(" + rustQuote(f.String()) + ", " + strings.Join(args, ", ") + ")"
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
				d.call("."+name+"("+r.str(e.name, true)+", ", r.value(e.value, ms.Elem, true), ")")
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
		return leaf(r.str(v.str, arg))
	case kInt32, kInt64, kBool:
		if s.Kind == kBool {
			return leaf(jsBool(v.boolean))
		}
		return leaf(v.str)
	case kEnum:
		name := rustName(s.Name)
		r.types[name] = true
		lit, parts, ok := literal(r.parts, v.str)
		if ok && slices.Contains(s.Values, lit) && javaIdent(lit) {
			return leaf(name + "::" + ddbapi.RustVariant(lit))
		}
		// Every enum has an Unknown variant for values the SDK does not
		// know, made by From<&str>.
		if !ok {
			return leaf(name + "::from(" + rustFormat(parts) + ".as_str())")
		}
		return leaf(name + "::from(" + rustQuote(lit) + ")")
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
		d.add("", group("(", ")", "").add("", leaf(r.str(m.name, false))).add("", value(m.value)))
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
		val = leaf(r.str(x.str, false))
	case "B":
		val = r.blobOf(x.bytes)
	case "NULL", "BOOL":
		val = leaf(jsBool(x.boolean))
	case "SS", "NS":
		val = r.vec(x.elems, func(e *jvalue) *doc { return leaf(r.str(e.str, false)) })
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
