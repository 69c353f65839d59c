package appcode

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// The Rust data-access module: aws-sdk-dynamodb's Client, requests as its
// fluent builders, written by snippet's Rust renderer, items as
// HashMap<String, AttributeValue>.

var rustReserved = []string{
	"as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false",
	"fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
	"self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while",
	"abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized", "virtual",
	"yield", "try", "gen",
	"client", "out", "items", "start", "results", "n", "shard", "r", "num", "item",
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
	r, err := newSDKRequest(p, snippet.Rust, rustReserved, snake, "")
	if err != nil {
		return "", err
	}
	req, ids := r.req, r.ids
	for _, imp := range req.Imports() {
		if t, ok := strings.CutPrefix(imp, "aws_sdk_dynamodb::types::"); ok {
			types[t] = true
		}
		*blob = *blob || imp == "aws_sdk_dynamodb::primitives::Blob"
	}
	op := p.ap.Operation
	opSnake := snake(op, "o")
	if r.paginated {
		req.Call(".set_exclusive_start_key(start.take())")
	}
	req.Call(".send()").Call(".await?")
	var one, body string
	switch {
	case r.paginated:
		one = "Vec<Item>"
		body = "    let mut items = Vec::new();\n    let mut start: Option<Item> = None;\n    loop {\n" +
			req.Statement(2, "let out = ", ";") +
			"        items.extend(out.items.unwrap_or_default());\n" +
			"        match out.last_evaluated_key {\n" +
			"            Some(key) if !key.is_empty() => start = Some(key),\n" +
			"            _ => return Ok(items),\n        }\n    }\n"
	case op == "Query" || op == "Scan" || op == "ExecuteStatement":
		one = "Vec<Item>"
		body = req.Statement(1, "let out = ", ";") + "    Ok(out.items.unwrap_or_default())\n"
	case op == "GetItem":
		one = "Option<Item>"
		body = req.Statement(1, "let out = ", ";") + "    Ok(out.item)\n"
	default:
		one = "aws_sdk_dynamodb::operation::" + opSnake + "::" + op + "Output"
		body = req.Statement(1, "Ok(", ")")
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
	args := append(r.args, "&shard")
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
