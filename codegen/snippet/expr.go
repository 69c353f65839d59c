package snippet

import (
	"fmt"
	"slices"
	"strings"
)

// Part is a piece of a string of a request given to Expression: literal
// text or, when Expr is set, an expression of the language's string type
// (Java's String, C#'s string, Rust's String), printed as it is.
type Part struct {
	Text string
	Expr bool
}

// Expr is a request as an expression of its SDK's request type, to be
// placed in a statement: Java's QueryRequest.builder()...build(), C#'s
// new QueryRequest { ... }, Rust's fluent builder client.query()...
// (without .send(): see Call).
type Expr struct {
	lang    Language
	doc     *doc
	imports []string
}

// Expression renders r (its Operation and Input; Endpoint and Region are
// not used) in lang, which is Java, CSharp or Rust, as an expression of
// the request, with the checks, the types and the value printers of
// Render. It is how code generators that write a function per request
// build the request of each.
//
// parts, when not nil, splits each string of the input (a member's value,
// an attribute value's S, N, SS or NS, a map's key; not a binary value,
// which is base64) into the parts to print: literal parts are quoted as
// the language's literals, expression parts printed as they are, and the
// string is their concatenation (Java's and C#'s +, Rust's format!). A
// string without an expression part is the literal of its parts' text,
// which is what it is when parts is nil. An enum member whose value holds
// an expression is set from a string, as the SDKs allow.
func Expression(r Request, lang Language, parts func(s string) []Part) (*Expr, error) {
	op, err := lookup(r)
	if err != nil {
		return nil, err
	}
	if lang != Java && lang != CSharp && lang != Rust {
		return nil, fmt.Errorf("snippet: %s: no expression in %q (only in java, csharp and rust)", op.Name, string(lang))
	}
	v, err := input(op, r)
	if err != nil {
		return nil, err
	}
	e := &Expr{lang: lang}
	switch lang {
	case Java:
		j := newJavaWriter(parts)
		e.doc = j.builder(v, op.Input, op.Name+"Request")
		e.imports = j.imports()
	case CSharp:
		cs := &csWriter{parts: parts}
		e.doc = cs.object(v, op.Input, op.Name+"Request")
		e.imports = cs.imports()
	case Rust:
		rw := newRustWriter(parts)
		e.doc = rw.request(v, op)
		e.imports = rw.imports()
	}
	return e, nil
}

// Call adds method, e.g. ".send()" or ".await?", at the end of the
// expression: as one more call of a Java or Rust builder chain (on a line
// of its own when the chain is broken), or after the closing brace of
// C#'s initializer.
func (e *Expr) Call(method string) *Expr {
	if !e.doc.chain {
		e.doc.close += method
		return e
	}
	if e.doc.close != "" {
		e.doc.call(e.doc.close, leaf(""), "")
		e.doc.close = ""
	}
	e.doc.call(method, leaf(""), "")
	return e
}

// Statement lays out prefix + the expression + suffix as a statement
// indented depth levels (four spaces each), in the layout of Render's
// snippets for the language: on one line when it fits in 100 columns,
// else broken as the language's snippets are. The text ends with a
// newline.
func (e *Expr) Statement(depth int, prefix, suffix string) string {
	var b strings.Builder
	l := javaLayout
	switch e.lang {
	case CSharp:
		l = csharpLayout
	case Rust:
		l = rustLayout
	}
	l.statement(&b, depth, prefix, e.doc, suffix)
	return b.String()
}

// Imports are what the expression uses beyond the language's core, sorted:
// Java's classes ("java.util.List",
// "software.amazon.awssdk.services.dynamodb.model.QueryRequest"), C#'s
// namespaces ("System.Collections.Generic", "System.IO", "System.Text"),
// Rust's paths ("aws_sdk_dynamodb::types::AttributeValue",
// "std::collections::HashMap").
func (e *Expr) Imports() []string { return slices.Clone(e.imports) }

// literal returns s's text when no part of it is an expression, and else
// its parts.
func literal(parts func(string) []Part, s string) (string, []Part, bool) {
	if parts == nil {
		return s, nil, true
	}
	ps := parts(s)
	var b strings.Builder
	for _, p := range ps {
		if p.Expr {
			return "", ps, false
		}
		b.WriteString(p.Text)
	}
	return b.String(), nil, true
}

// plus is Java's and C#'s concatenation of parts, the literal ones quoted;
// an empty literal is left out.
func plus(parts []Part, quote func(string) string) string {
	var out []string
	for _, p := range parts {
		switch {
		case p.Expr:
			out = append(out, p.Text)
		case p.Text != "":
			out = append(out, quote(p.Text))
		}
	}
	return strings.Join(out, " + ")
}

// sortedKeys returns the set's members, sorted.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
