package appcode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// design is the model as the generators see it.
type design struct {
	name     string // the model's name
	tables   []*table
	entities []*entity
	patterns []*pattern
	warnings []string
}

type table struct {
	name    string
	pk, sk  *keyAttr // sk nil without a sort key
	indexes []*index
	// types holds the table's attribute definitions.
	types map[string]string
}

type keyAttr struct {
	name string
	typ  string // S, N or B
}

type index struct {
	name   string
	global bool
	pk, sk *keyAttr
	// all says the index projects every attribute.
	all bool
}

// entity is one kind of item.
type entity struct {
	name  string
	table *table
	// keys are the entity's key attributes with their templates, in the
	// order: table key, then each index's keys.
	keys []*key
	// fields are the item's attributes: key attributes first, then the
	// entity's attributes not already there.
	fields []*field
	// params are the key templates' parameters, in order of appearance,
	// with their types (a parameter standing alone for a number key is N).
	params []*param
}

type key struct {
	attr string
	typ  string
	tmpl *model.Template
}

type field struct {
	name     string
	typ      string // a DynamoDB type descriptor
	required bool
	key      bool
}

type param struct {
	name string
	typ  string // S or N
}

// pattern is an access pattern.
type pattern struct {
	ap     *model.AccessPattern
	entity *entity // nil when the pattern names none
	params []*param
	fanOut *model.FanOut
	req    *node
	// partial says reads return part of the entity's items: a projection,
	// or an index that does not project all attributes.
	partial bool
	// limited says a Query or Scan stops after its first page (it has a
	// Limit).
	limited bool
}

// paramDocs returns the described parameters among ps with their
// descriptions (made safe for a comment), in order.
func (p *pattern) paramDocs(ps []*param) [][2]string {
	var out [][2]string
	for _, q := range ps {
		for _, dp := range p.ap.Parameters {
			if dp.Name == q.name && strings.TrimSpace(dp.Description) != "" {
				out = append(out, [2]string{q.name, comment(strings.TrimSpace(dp.Description))})
			}
		}
	}
	return out
}

// batchNote documents what a BatchGetItem function does not do: retrying
// needs a backoff policy, which is the application's to choose.
const batchNote = ". Keys DynamoDB leaves unprocessed (UnprocessedKeys, under throttling) are not retried"

// docTail is what a pattern function's one-line documentation says after
// its operation, the same in every language: the access pattern's
// description, the batch note, and the fan-out, introduced by fanOut
// ("Fans out" or "It fans out"). esc makes text safe in the language's
// comments.
func (p *pattern) docTail(esc func(string) string, fanOut string) string {
	var doc string
	if p.ap.Description != "" {
		doc += ". " + strings.TrimRight(esc(p.ap.Description), ". ")
	}
	if p.ap.Operation == "BatchGetItem" {
		doc += batchNote
	}
	if f := p.fanOut; f != nil {
		doc += ". " + fanOut + " over " + esc(f.Parameter) + " = " + strconv.Itoa(f.From) + ".." + strconv.Itoa(f.To) + " and merges the results"
	}
	return doc
}

// reads reports whether the operation returns items to the caller.
func (p *pattern) reads() bool {
	switch p.ap.Operation {
	case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "ExecuteStatement":
		return true
	}
	return false
}

// newDesign reads m (which validates) into a design.
func newDesign(m *model.Model) (*design, error) {
	d := &design{name: m.Name}
	tables := map[string]*table{}
	for i := range m.Tables {
		t := newTable(&m.Tables[i])
		d.tables = append(d.tables, t)
		tables[t.name] = t
	}
	ents := map[string]*entity{}
	for i := range m.Entities {
		e, err := newEntity(&m.Entities[i], tables)
		if err != nil {
			return nil, err
		}
		d.entities = append(d.entities, e)
		ents[e.name] = e
	}
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		p, err := newPattern(ap, ents[ap.Entity], tables)
		if err != nil {
			d.warnings = append(d.warnings, fmt.Sprintf("access pattern %q is left out: %v.", ap.Name, err))
			continue
		}
		d.patterns = append(d.patterns, p)
	}
	return d, nil
}

func newTable(mt *model.Table) *table {
	t := &table{name: mt.TableName, types: map[string]string{}}
	for _, a := range mt.AttributeDefinitions {
		t.types[a.AttributeName] = string(a.AttributeType)
	}
	ka := func(ks []schema.KeySchemaElement) (pk, sk *keyAttr) {
		for _, k := range ks {
			a := &keyAttr{name: k.AttributeName, typ: t.types[k.AttributeName]}
			if k.KeyType == schema.KeyTypeHash {
				pk = a
			} else {
				sk = a
			}
		}
		return pk, sk
	}
	t.pk, t.sk = ka(mt.KeySchema)
	for _, g := range mt.GlobalSecondaryIndexes {
		x := &index{name: g.IndexName, global: true, all: g.Projection.ProjectionType == schema.ProjectAll}
		x.pk, x.sk = ka(g.KeySchema)
		t.indexes = append(t.indexes, x)
	}
	for _, l := range mt.LocalSecondaryIndexes {
		x := &index{name: l.IndexName, all: l.Projection.ProjectionType == schema.ProjectAll}
		x.pk, x.sk = ka(l.KeySchema)
		t.indexes = append(t.indexes, x)
	}
	return t
}

// keyAttrs returns the table's key attributes and its indexes', each once,
// in that order.
func (t *table) keyAttrs() []*keyAttr {
	var out []*keyAttr
	seen := map[string]bool{}
	add := func(a *keyAttr) {
		if a != nil && !seen[a.name] {
			seen[a.name] = true
			out = append(out, a)
		}
	}
	add(t.pk)
	add(t.sk)
	for _, x := range t.indexes {
		add(x.pk)
		add(x.sk)
	}
	return out
}

func (t *table) index(name string) *index {
	for _, x := range t.indexes {
		if x.name == name {
			return x
		}
	}
	return nil
}

func newEntity(me *model.Entity, tables map[string]*table) (*entity, error) {
	t := tables[me.Table]
	if t == nil {
		return nil, fmt.Errorf("entity %q: no table %q", me.Name, me.Table)
	}
	e := &entity{name: me.Name, table: t}
	seen := map[string]bool{}
	pseen := map[string]bool{}
	for _, ka := range t.keyAttrs() {
		src, ok := me.Keys[ka.name]
		if !ok {
			continue
		}
		tm, err := model.ParseTemplate(src)
		if err != nil {
			return nil, fmt.Errorf("entity %q key %s: %v", me.Name, ka.name, err)
		}
		e.keys = append(e.keys, &key{attr: ka.name, typ: ka.typ, tmpl: tm})
		e.fields = append(e.fields, &field{name: ka.name, typ: ka.typ, required: isPrimary(t, ka.name), key: true})
		seen[ka.name] = true
		for _, p := range tm.Params() {
			if pseen[p] {
				continue
			}
			pseen[p] = true
			typ := "S"
			if tm.IsParam() && ka.typ != "" {
				typ = ka.typ
			}
			e.params = append(e.params, &param{name: p, typ: typ})
		}
	}
	for _, a := range me.Attributes {
		if seen[a.Name] {
			continue
		}
		seen[a.Name] = true
		e.fields = append(e.fields, &field{name: a.Name, typ: a.Type, required: a.Required})
	}
	return e, nil
}

func isPrimary(t *table, attr string) bool {
	return t.pk.name == attr || (t.sk != nil && t.sk.name == attr)
}

// key returns the entity's template for attr, or nil.
func (e *entity) key(attr string) *key {
	for _, k := range e.keys {
		if k.attr == attr {
			return k
		}
	}
	return nil
}

func newPattern(ap *model.AccessPattern, e *entity, tables map[string]*table) (*pattern, error) {
	req, err := parseRequest(ap.Request)
	if err != nil {
		return nil, err
	}
	p := &pattern{ap: ap, entity: e, fanOut: ap.FanOut, req: req}
	// A parameter is a number when each of its uses is a whole N value.
	numeric := map[string]bool{}
	stringy := map[string]bool{}
	var order []string
	req.eachString(func(s *node, inNumber bool) {
		for _, pt := range s.parts {
			if pt.param == "" {
				continue
			}
			if !slices.Contains(order, pt.param) {
				order = append(order, pt.param)
			}
			if inNumber && len(s.parts) == 1 {
				numeric[pt.param] = true
			} else {
				stringy[pt.param] = true
			}
		}
	})
	// Declared parameters first, in their order, then any other reference.
	var names []string
	for _, dp := range ap.Parameters {
		if slices.Contains(order, dp.Name) {
			names = append(names, dp.Name)
		}
	}
	for _, n := range order {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, n := range names {
		if p.fanOut != nil && n == p.fanOut.Parameter {
			continue
		}
		typ := "S"
		if numeric[n] && !stringy[n] {
			typ = "N"
		}
		p.params = append(p.params, &param{name: n, typ: typ})
	}
	if p.fanOut != nil && !slices.Contains(order, p.fanOut.Parameter) {
		return nil, fmt.Errorf("the fan-out parameter %q is not in the request", p.fanOut.Parameter)
	}
	if pe := req.get("ProjectionExpression"); pe != nil {
		p.partial = true
	}
	if ix := req.get("IndexName"); ix != nil && ix.kind == kString {
		if tn := req.get("TableName"); tn != nil && tn.literal() {
			if t := tables[tn.text()]; t != nil {
				if x := t.index(ix.text()); x != nil && !x.all {
					p.partial = true
				}
			}
		}
	}
	if sel := req.get("Select"); sel != nil && sel.literal() && sel.text() != "ALL_ATTRIBUTES" {
		p.partial = true
	}
	p.limited = req.get("Limit") != nil
	return p, nil
}

// Node kinds of a request tree.
const (
	kObject = iota
	kArray
	kString
	kNumber
	kBool
	kNull
)

// node is a JSON value of a request, members in their written order.
// Strings are split into literal text and parameter references.
type node struct {
	kind  int
	keys  []*node // kObject: member names (strings, which may hold parameters)
	vals  []*node // kObject: member values; kArray: elements
	parts []part  // kString
	num   string  // kNumber, as written
	b     bool    // kBool
}

type part struct {
	lit   string
	param string // a parameter reference when non-empty
}

// get returns the object member named name (a literal name), or nil.
func (n *node) get(name string) *node {
	if n == nil || n.kind != kObject {
		return nil
	}
	for i, k := range n.keys {
		if k.literal() && k.text() == name {
			return n.vals[i]
		}
	}
	return nil
}

// literal reports whether a string has no parameter.
func (n *node) literal() bool {
	for _, p := range n.parts {
		if p.param != "" {
			return false
		}
	}
	return n.kind == kString
}

// text returns a string's text with each parameter as "{name}".
func (n *node) text() string {
	var b strings.Builder
	for _, p := range n.parts {
		if p.param != "" {
			b.WriteString("{" + p.param + "}")
		} else {
			b.WriteString(p.lit)
		}
	}
	return b.String()
}

// avMembers are the request members holding maps of attribute values;
// avListMembers hold lists of such maps (Keys) or of values (Parameters).
var avMembers = map[string]bool{"Key": true, "Item": true, "ExpressionAttributeValues": true, "ExclusiveStartKey": true}

// eachString calls fn for every string of the request (member names
// included), saying whether it is the value of an N or NS attribute value.
func (n *node) eachString(fn func(s *node, inNumber bool)) {
	var walk func(n *node, inNumber bool)
	walk = func(n *node, inNumber bool) {
		switch n.kind {
		case kString:
			fn(n, inNumber)
		case kArray:
			for _, v := range n.vals {
				walk(v, inNumber)
			}
		case kObject:
			for i, k := range n.keys {
				walk(k, false)
				num := len(n.keys) == 1 && k.literal() && (k.text() == "N" || k.text() == "NS")
				walk(n.vals[i], num)
			}
		}
	}
	walk(n, false)
}

// parseRequest reads a request's JSON into a tree, keeping member order.
func parseRequest(raw []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return nil, fmt.Errorf("the request is not JSON: %v", err)
	}
	if n.kind != kObject {
		return nil, fmt.Errorf("the request is not a JSON object")
	}
	return n, nil
}

func readNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '{':
			n := &node{kind: kObject}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				val, err := readNode(dec)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, &node{kind: kString, parts: splitParams(k)})
				n.vals = append(n.vals, val)
			}
			_, err := dec.Token()
			return n, err
		case '[':
			n := &node{kind: kArray}
			for dec.More() {
				val, err := readNode(dec)
				if err != nil {
					return nil, err
				}
				n.vals = append(n.vals, val)
			}
			_, err := dec.Token()
			return n, err
		}
		return nil, fmt.Errorf("unexpected %v", v)
	case string:
		return &node{kind: kString, parts: splitParams(v)}, nil
	case json.Number:
		return &node{kind: kNumber, num: v.String()}, nil
	case bool:
		return &node{kind: kBool, b: v}, nil
	case nil:
		return &node{kind: kNull}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// splitParams splits a request string as the model substitutes it: "{{"
// and "}}" are literal braces, "{name}" a parameter, any other brace
// literal text.
func splitParams(s string) []part {
	var out []part
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			lit.WriteByte('{')
			i++
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 || !isIdent(s[i+1:i+1+end]) {
				lit.WriteByte(c)
				continue
			}
			if lit.Len() > 0 {
				out = append(out, part{lit: lit.String()})
				lit.Reset()
			}
			out = append(out, part{param: s[i+1 : i+1+end]})
			i += end + 1
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 || len(out) == 0 {
		out = append(out, part{lit: lit.String()})
	}
	return out
}

// sdkRequest is what the Java, C# and Rust generators write a pattern's
// function from: its request as an expression of the language's SDK,
// written by snippet's renderer for the language (its checks against the
// operation's shape, its types and its layout), and the identifiers of
// its parameters.
type sdkRequest struct {
	req *snippet.Expr
	// ids are the parameters' identifiers, the fan-out's included.
	ids map[string]string
	// args are the identifiers of the parameters but the fan-out's, in
	// order: what a fan-out passes on to its function per shard.
	args []string
	// paginated says a Query or Scan reads every page.
	paginated bool
}

// newSDKRequest names p's parameters, the fan-out's last, in style
// (camel, snake) avoiding reserved, and renders its request in lang, each
// parameter reference as its identifier, a number parameter's as num(id)
// when num is set (a function that makes the number a string).
func newSDKRequest(p *pattern, lang snippet.Language, reserved []string, style func(s, prefix string) string, num string) (*sdkRequest, error) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	nm := newNamer(reserved)
	r := &sdkRequest{ids: map[string]string{}}
	for _, q := range all {
		r.ids[q.name] = nm.name(style(q.name, "p"))
	}
	ref := map[string]string{}
	for _, q := range all {
		ref[q.name] = r.ids[q.name]
		if num != "" && q.typ == "N" {
			ref[q.name] = num + "(" + r.ids[q.name] + ")"
		}
	}
	for _, q := range p.params {
		r.args = append(r.args, r.ids[q.name])
	}
	op := p.ap.Operation
	r.paginated = (op == "Query" || op == "Scan") && !p.limited
	req, err := snippet.Expression(snippet.Request{Operation: op, Input: p.ap.Request}, lang, func(s string) []snippet.Part {
		var out []snippet.Part
		for _, pt := range splitParams(s) {
			if pt.param != "" {
				out = append(out, snippet.Part{Text: ref[pt.param], Expr: true})
			} else {
				out = append(out, snippet.Part{Text: pt.lit})
			}
		}
		return out
	})
	r.req = req
	return r, err
}

// sortedKeys returns the map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
