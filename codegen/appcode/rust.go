package appcode

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// The Rust data-access module: aws-sdk-dynamodb's Client, requests as its
// fluent builders with set_ setters (every member given whole, as an
// Option), items as HashMap<String, AttributeValue>.

var rustReserved = []string{
	"as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false",
	"fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
	"self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
	"abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual",
	"yield", "try", "gen",
	"client", "out", "items", "start", "results", "n", "shard", "r", "num", "item",
}

// rustFallibleStructs are the structures whose build() returns a Result
// in aws-sdk-dynamodb: those with members the API marks required.
var rustFallibleStructs = map[string]bool{
	"Condition": true, "KeysAndAttributes": true, "PutRequest": true, "DeleteRequest": true, "ConditionCheck": true,
	"Put": true, "Delete": true, "Update": true, "TransactGetItem": true, "Get": true,
}

type rustGen struct {
	sep   string // before each of the request's setters (not nested ones)
	op    string
	ids   map[string]string
	types map[string]bool
	blob  bool
	err   error
}

func (g *rustGen) fail(format string, args ...any) string {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
	return "None"
}

// str is a String expression of parts.
func (g *rustGen) str(parts []part) string {
	var f strings.Builder
	var args []string
	for _, p := range parts {
		if p.param != "" {
			f.WriteString("{}")
			args = append(args, g.ids[p.param])
		} else {
			f.WriteString(strings.NewReplacer("{", "{{", "}", "}}").Replace(p.lit))
		}
	}
	if len(args) == 0 {
		return rustString(f.String()) + ".to_string()"
	}
	return "format!(" + rustString(f.String()) + ", " + strings.Join(args, ", ") + ")"
}

func (g *rustGen) strOf(n *node) string {
	if n.kind != kString {
		return g.fail("expected a string, found %s", kindName(n))
	}
	return g.str(n.parts)
}

// setters writes an object's members as .set_member(Some(v)) calls.
func (g *rustGen) setters(n *node) string {
	if n.kind != kObject {
		return g.fail("expected an object, found %s", kindName(n))
	}
	sep := g.sep
	g.sep = ""
	var b strings.Builder
	for i, k := range n.keys {
		b.WriteString(sep)
		name := k.text()
		f, ok := goFieldOf(g.op, name)
		if !ok || !k.literal() {
			return g.fail("the request member %q is not supported by the Rust generator", name)
		}
		b.WriteString(".set_" + snake(name, "m") + "(Some(" + g.value(f, n.vals[i]) + "))")
	}
	return b.String()
}

func (g *rustGen) build(class string, n *node) string {
	g.types[class] = true
	s := class + "::builder()" + g.setters(n) + ".build()"
	if rustFallibleStructs[class] {
		s += "?"
	}
	return s
}

func (g *rustGen) value(f goField, v *node) string {
	switch f.kind {
	case gStr:
		return g.strOf(v)
	case gEnum:
		g.types[f.typ] = true
		return f.typ + "::from(" + g.strOf(v) + ".as_str())"
	case gBool:
		if v.kind != kBool {
			return g.fail("expected a boolean")
		}
		return strconv.FormatBool(v.b)
	case gInt32:
		if v.kind != kNumber {
			return g.fail("expected a number")
		}
		return v.num
	case gAVMap:
		return g.avMap(v)
	case gAV:
		return g.av(v)
	case gStructMap:
		return g.mapOf(v, func(e *node) string { return g.build(f.typ, e) })
	case gNames:
		return g.mapOf(v, g.strOf)
	case gStrList:
		return g.vec(v, g.strOf)
	case gStructPtr:
		return g.build(f.typ, v)
	case gStructList:
		return g.vec(v, func(e *node) string { return g.build(f.typ, e) })
	case gAVMapList:
		return g.vec(v, g.avMap)
	case gAVList:
		return g.vec(v, g.av)
	case gBatchGet:
		return g.mapOf(v, func(e *node) string { return g.build("KeysAndAttributes", e) })
	case gBatchWrite:
		return g.mapOf(v, func(e *node) string {
			return g.vec(e, func(w *node) string { return g.build("WriteRequest", w) })
		})
	}
	return g.fail("unknown member kind")
}

func (g *rustGen) mapOf(v *node, val func(*node) string) string {
	if v.kind != kObject {
		return g.fail("expected an object, found %s", kindName(v))
	}
	var out []string
	for i, k := range v.keys {
		out = append(out, "("+g.str(k.parts)+", "+val(v.vals[i])+")")
	}
	return "HashMap::from([" + strings.Join(out, ", ") + "])"
}

func (g *rustGen) vec(v *node, val func(*node) string) string {
	if v.kind != kArray {
		return g.fail("expected an array, found %s", kindName(v))
	}
	var out []string
	for _, e := range v.vals {
		out = append(out, val(e))
	}
	return "vec![" + strings.Join(out, ", ") + "]"
}

func (g *rustGen) avMap(v *node) string { return g.mapOf(v, g.av) }

var rustAVVariants = map[string]string{
	"S": "S", "N": "N", "B": "B", "BOOL": "Bool", "NULL": "Null", "SS": "Ss", "NS": "Ns", "BS": "Bs", "L": "L", "M": "M",
}

func (g *rustGen) av(n *node) string {
	if n.kind != kObject || len(n.keys) != 1 || !n.keys[0].literal() {
		return g.fail("expected an attribute value")
	}
	t, v := n.keys[0].text(), n.vals[0]
	var val string
	switch t {
	case "S", "N":
		val = g.strOf(v)
	case "B":
		val = g.bytes(v)
	case "BOOL":
		if v.kind != kBool {
			return g.fail("expected a boolean")
		}
		val = strconv.FormatBool(v.b)
	case "NULL":
		val = "true"
	case "SS", "NS":
		val = g.vec(v, g.strOf)
	case "BS":
		val = g.vec(v, g.bytes)
	case "L":
		val = g.vec(v, g.av)
	case "M":
		val = g.avMap(v)
	default:
		return g.fail("unknown attribute value type %q", t)
	}
	return "AttributeValue::" + rustAVVariants[t] + "(" + val + ")"
}

func (g *rustGen) bytes(v *node) string {
	if v.kind != kString || !v.literal() {
		return g.fail("a binary value with parameters is not supported by the Rust generator")
	}
	raw, err := base64.StdEncoding.DecodeString(v.text())
	if err != nil {
		return g.fail("a binary value is not base64")
	}
	g.blob = true
	var out []string
	for _, c := range raw {
		out = append(out, strconv.Itoa(int(c))+"u8")
	}
	return "Blob::new(vec![" + strings.Join(out, ", ") + "])"
}

// rustString is s as a Rust string literal in ASCII.
func rustString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func rustParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "&str"
		if p.typ == "N" {
			t = "f64"
		}
		out = append(out, ids[p.name]+": "+t)
	}
	return strings.Join(out, ", ")
}

func renderRust(d *design) (string, []string) {
	var warnings []string
	top := newNamer(rustReserved)
	types := map[string]bool{"AttributeValue": true}
	blob := false
	var body strings.Builder
	for _, p := range d.patterns {
		name := top.name(snake(p.ap.Name, "p"))
		src, err := rustPattern(p, name, top, types, &blob)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("access pattern %q is left out of the Rust module: %v.", p.ap.Name, err))
			continue
		}
		body.WriteString("\n" + src)
	}
	var b strings.Builder
	b.WriteString(header(d, "//!", "Typed data access: one function per access pattern (aws-sdk-dynamodb)."))
	b.WriteString("//! A Query or Scan without a Limit reads every page; a fan-out loops over its shards\n//! and merges the results.\n\n")
	b.WriteString("use std::collections::HashMap;\n\n")
	if blob {
		b.WriteString("use aws_sdk_dynamodb::primitives::Blob;\n")
	}
	b.WriteString("use aws_sdk_dynamodb::types::{" + strings.Join(sortedKeys(types), ", ") + "};\n")
	if body.Len() > 0 {
		b.WriteString("use aws_sdk_dynamodb::Client;\n")
	}
	b.WriteString("\n")
	b.WriteString("/// An item of any kind.\npub type Item = HashMap<String, AttributeValue>;\n\n")
	b.WriteString("/// Any error: the SDK's, or a request that does not build.\npub type Error = Box<dyn std::error::Error + Send + Sync>;\n")
	b.WriteString(body.String())
	return b.String(), warnings
}

func rustPattern(p *pattern, name string, top *namer, types map[string]bool, blob *bool) (string, error) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	nm := newNamer(rustReserved)
	ids := map[string]string{}
	for _, q := range all {
		ids[q.name] = nm.name(snake(q.name, "p"))
	}
	g := &rustGen{op: p.ap.Operation, ids: ids, types: map[string]bool{}}
	op := p.ap.Operation
	opSnake := snake(op, "o")
	g.sep = "\n            "
	req := "client." + opSnake + "()" + g.setters(p.req)
	if g.err != nil {
		return "", g.err
	}
	for t := range g.types {
		types[t] = true
	}
	*blob = *blob || g.blob
	paginated := (op == "Query" || op == "Scan") && !p.limited
	var one, body string
	switch {
	case paginated:
		one = "Vec<Item>"
		body = "    let mut items = Vec::new();\n    let mut start: Option<Item> = None;\n    loop {\n" +
			"        let out = " + req + "\n            .set_exclusive_start_key(start.take())\n            .send()\n            .await?;\n" +
			"        items.extend(out.items.unwrap_or_default());\n" +
			"        match out.last_evaluated_key {\n" +
			"            Some(key) if !key.is_empty() => start = Some(key),\n" +
			"            _ => return Ok(items),\n        }\n    }\n"
	case op == "Query" || op == "Scan" || op == "ExecuteStatement":
		one = "Vec<Item>"
		body = "    let out = " + req + ".send().await?;\n    Ok(out.items.unwrap_or_default())\n"
	case op == "GetItem":
		one = "Option<Item>"
		body = "    let out = " + req + ".send().await?;\n    Ok(out.item)\n"
	default:
		one = "aws_sdk_dynamodb::operation::" + opSnake + "::" + op + "Output"
		body = "    Ok(" + req + ".send().await?)\n"
	}
	params := rustParams(p.params, ids)
	var b strings.Builder
	doc := "/// " + comment(name+" runs \""+p.ap.Name+"\": "+op)
	doc += p.docTail(comment, "It fans out")
	b.WriteString(doc + ".\n")
	if p.fanOut == nil {
		b.WriteString("pub async fn " + name + "(" + join("client: &Client", params) + ") -> Result<" + one + ", Error> {\n" + body + "}\n")
		return b.String(), nil
	}
	f := p.fanOut
	oneName := top.name(name + "_shard")
	whole := "Vec<" + one + ">"
	add := "results.push(r);"
	switch {
	case op == "GetItem":
		whole = "Vec<Item>"
		add = "results.extend(r);"
	case one == "Vec<Item>":
		whole = one
		add = "results.extend(r);"
	}
	var args []string
	for _, q := range p.params {
		args = append(args, ids[q.name])
	}
	args = append(args, "&shard")
	verb := "{}"
	if f.Width > 1 {
		verb = "{:0" + strconv.Itoa(f.Width) + "}"
	}
	b.WriteString("pub async fn " + name + "(" + join("client: &Client", params) + ") -> Result<" + whole + ", Error> {\n")
	b.WriteString("    let mut results = Vec::new();\n")
	b.WriteString("    for n in " + strconv.Itoa(f.From) + "..=" + strconv.Itoa(f.To) + " {\n")
	b.WriteString("        let shard = format!(\"" + verb + "\", n);\n")
	b.WriteString("        let r = " + oneName + "(client, " + strings.Join(args, ", ") + ").await?;\n")
	b.WriteString("        " + add + "\n    }\n    Ok(results)\n}\n\n")
	b.WriteString("async fn " + oneName + "(" + join("client: &Client", params, ids[f.Parameter]+": &str") + ") -> Result<" + one + ", Error> {\n" + body + "}\n")
	return b.String(), nil
}
