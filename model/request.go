package model

import (
	"bytes"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
)

// operation runs one API operation from its JSON input.
type operation struct {
	newInput func() any
	run      func(db *engine.Database, in any) (any, error)
}

func op[In, Out any](call func(*engine.Database, *In) (*Out, error)) operation {
	return operation{
		newInput: func() any { return new(In) },
		run: func(db *engine.Database, in any) (any, error) {
			out, err := call(db, in.(*In))
			if err != nil {
				return nil, err
			}
			return out, nil
		},
	}
}

// operations are the API operations an access pattern may use.
var operations = map[string]operation{
	"GetItem":            op((*engine.Database).GetItem),
	"PutItem":            op((*engine.Database).PutItem),
	"UpdateItem":         op((*engine.Database).UpdateItem),
	"DeleteItem":         op((*engine.Database).DeleteItem),
	"Query":              op((*engine.Database).Query),
	"Scan":               op((*engine.Database).Scan),
	"BatchGetItem":       op((*engine.Database).BatchGetItem),
	"BatchWriteItem":     op((*engine.Database).BatchWriteItem),
	"TransactGetItems":   op((*engine.Database).TransactGetItems),
	"TransactWriteItems": op((*engine.Database).TransactWriteItems),
	"DeleteTable":        op((*engine.Database).DeleteTable),
	"ExecuteStatement":   op(partiql.ExecuteStatement),
}

// Operations returns the operation names an access pattern may use, sorted.
func Operations() []string {
	names := make([]string, 0, len(operations))
	for n := range operations {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// References returns the parameter names the request refers to, in order of
// first appearance. A reference is "{name}" inside a JSON string; "{{" and
// "}}" are literal braces; any other brace is literal text.
func (ap *AccessPattern) References() []string {
	var names []string
	_, _ = substitute(ap.Request, func(name string) (string, bool) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
		return "", true
	})
	return names
}

// Bind returns the request with every parameter reference replaced by its
// value from p (JSON-escaped). A reference without a value is an error.
func (ap *AccessPattern) Bind(p Params) ([]byte, error) {
	return substitute(ap.Request, func(name string) (string, bool) {
		v, ok := p[name]
		return v, ok
	})
}

// Input binds the request and decodes it into the operation's input type
// (*engine.QueryInput for a Query, ...). Members the input type does not
// have are an error.
func (ap *AccessPattern) Input(p Params) (any, error) {
	o, ok := operations[ap.Operation]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", ap.Operation)
	}
	body, err := ap.Bind(p)
	if err != nil {
		return nil, err
	}
	in := o.newInput()
	if err := json.UnmarshalStrict(body, in); err != nil {
		return nil, fmt.Errorf("request is not a valid %s input: %v", ap.Operation, err)
	}
	return in, nil
}

// Result is what running an access pattern returned.
type Result struct {
	// Outputs holds one operation output per request made (several with a
	// fan-out), such as *engine.QueryOutput.
	Outputs []any
	// Items gathers the items the outputs returned, in order.
	Items []attr.Item
}

// Runs returns the parameters of each request the access pattern makes
// with parameters p: p alone, or one copy of p per fan-out value with the
// fan-out parameter set to it. p is not modified.
func (ap *AccessPattern) Runs(p Params) []Params {
	if ap.FanOut == nil {
		return []Params{p}
	}
	var out []Params
	for _, v := range ap.FanOut.Values() {
		q := make(Params, len(p)+1)
		for k, x := range p {
			q[k] = x
		}
		q[ap.FanOut.Parameter] = v
		out = append(out, q)
	}
	return out
}

// Run runs the access pattern on db with parameters p: once, or once per
// fan-out value (the fan-out parameter need not be in p). A failing request
// stops the run.
func (ap *AccessPattern) Run(db *engine.Database, p Params) (*Result, error) {
	o, ok := operations[ap.Operation]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", ap.Operation)
	}
	res := &Result{}
	for _, q := range ap.Runs(p) {
		in, err := ap.Input(q)
		if err != nil {
			return nil, err
		}
		out, err := o.run(db, in)
		if err != nil {
			return res, err
		}
		res.Outputs = append(res.Outputs, out)
		res.Items = append(res.Items, OutputItems(out)...)
	}
	return res, nil
}

// OutputItems returns the items an operation output carries: a GetItem's
// item, a Query's or Scan's items, a BatchGetItem's responses (tables in
// name order), a TransactGetItems' items, the Attributes a write returned.
func OutputItems(out any) []attr.Item {
	switch o := out.(type) {
	case *engine.GetItemOutput:
		if o.Item != nil {
			return []attr.Item{o.Item}
		}
	case *engine.QueryOutput:
		return o.Items
	case *partiql.ExecuteStatementOutput:
		return o.Items
	case *engine.BatchGetItemOutput:
		names := make([]string, 0, len(o.Responses))
		for n := range o.Responses {
			names = append(names, n)
		}
		slices.Sort(names)
		var items []attr.Item
		for _, n := range names {
			items = append(items, o.Responses[n]...)
		}
		return items
	case *engine.TransactGetItemsOutput:
		var items []attr.Item
		for _, r := range o.Responses {
			if r.Item != nil {
				items = append(items, r.Item)
			}
		}
		return items
	case *engine.PutItemOutput:
		if o.Attributes != nil {
			return []attr.Item{o.Attributes}
		}
	case *engine.UpdateItemOutput:
		if o.Attributes != nil {
			return []attr.Item{o.Attributes}
		}
	case *engine.DeleteItemOutput:
		if o.Attributes != nil {
			return []attr.Item{o.Attributes}
		}
	}
	return nil
}

// substitute copies the JSON text src, replacing parameter references
// inside its strings by value(name), JSON-escaped. It fails on the first
// reference value does not know.
func substitute(src []byte, value func(name string) (string, bool)) ([]byte, error) {
	out := make([]byte, 0, len(src)+32)
	inString := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if !inString {
			out = append(out, c)
			if c == '"' {
				inString = true
			}
			continue
		}
		switch {
		case c == '\\' && i+1 < len(src):
			out = append(out, c, src[i+1])
			i++
		case c == '"':
			out = append(out, c)
			inString = false
		case c == '{' && i+1 < len(src) && src[i+1] == '{':
			out = append(out, '{')
			i++
		case c == '}' && i+1 < len(src) && src[i+1] == '}':
			out = append(out, '}')
			i++
		case c == '{':
			end := bytes.IndexByte(src[i+1:], '}')
			if end < 0 || !validParamName(string(src[i+1:i+1+end])) {
				out = append(out, c)
				continue
			}
			name := string(src[i+1 : i+1+end])
			v, ok := value(name)
			if !ok {
				return nil, fmt.Errorf("parameter {%s} has no value", name)
			}
			out = appendEscaped(out, v)
			i += end + 1
		default:
			out = append(out, c)
		}
	}
	return out, nil
}

// appendEscaped appends s escaped for the inside of a JSON string.
func appendEscaped(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r < 0x20:
			dst = append(dst, `\u00`...)
			dst = append(dst, "0123456789abcdef"[r>>4], "0123456789abcdef"[r&0xf])
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}
