package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The query form builds a request body from a few fields and writes it into
// the editor; the editor's text is what runs. This file is plain Go (no
// go-app) so that the bodies it writes, which are the product's contract
// with the AWS CLI's --cli-input-json, are tested exactly.

// formOperations are the operations the form builds, in the order the
// operation select lists them.
var formOperations = []string{
	"GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem",
	"BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
}

// Sort-key operators of a Query's key condition.
const (
	opBetween    = "BETWEEN"
	opBeginsWith = "begins_with"
)

var sortKeyOperators = []string{"=", "<", "<=", ">", ">=", opBetween, opBeginsWith}

// selectValues are Query's and Scan's Select choices ("" leaves it out).
var selectValues = []string{"", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"}

// returnValuesChoices are PutItem's, UpdateItem's and DeleteItem's
// ReturnValues choices ("" leaves it out; PutItem and DeleteItem accept
// only NONE and ALL_OLD, and the engine says so).
var returnValuesChoices = []string{"", "NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}

// capacityChoices are the ReturnConsumedCapacity choices. INDEXES is the
// form's default: the result shows the cost per table and index.
var capacityChoices = []string{"INDEXES", "TOTAL", "NONE"}

// formKey is one key attribute of the table or index the form addresses.
type formKey struct {
	Name  string
	Type  string // S, N or B, from AttributeDefinitions
	Range bool   // a sort key (RANGE), else a partition key (HASH)
}

// formIndex is a secondary index with its key attributes.
type formIndex struct {
	Name string
	Keys []formKey
}

// formTable is what the form knows of a table: its keys, its indexes and
// the declared type of every attribute it can find one for.
type formTable struct {
	Name    string
	Keys    []formKey
	Indexes []formIndex
	// Types holds S, N or B by attribute name: the key attributes'
	// definitions, then the entities' scalar attributes.
	Types map[string]string
}

// formTableOf describes model table name for the form, or returns nil.
func formTableOf(m *model.Model, name string) *formTable {
	if m == nil {
		return nil
	}
	t := m.Table(name)
	if t == nil {
		return nil
	}
	ft := &formTable{Name: name, Types: map[string]string{}}
	for _, d := range t.AttributeDefinitions {
		ft.Types[d.AttributeName] = string(d.AttributeType)
	}
	for _, e := range m.Entities {
		if e.Table != name {
			continue
		}
		for _, a := range e.Attributes {
			if _, known := ft.Types[a.Name]; !known && (a.Type == "S" || a.Type == "N" || a.Type == "B") {
				ft.Types[a.Name] = a.Type
			}
		}
	}
	ft.Keys = formKeys(t.KeySchema, ft.Types)
	for _, g := range t.GlobalSecondaryIndexes {
		ft.Indexes = append(ft.Indexes, formIndex{Name: g.IndexName, Keys: formKeys(g.KeySchema, ft.Types)})
	}
	for _, l := range t.LocalSecondaryIndexes {
		ft.Indexes = append(ft.Indexes, formIndex{Name: l.IndexName, Keys: formKeys(l.KeySchema, ft.Types)})
	}
	return ft
}

// formKeys lists a key schema's attributes, partition keys first (an index
// may have several of each).
func formKeys(ks []schema.KeySchemaElement, types map[string]string) []formKey {
	var out []formKey
	for _, rng := range []bool{false, true} {
		for _, k := range ks {
			if (k.KeyType == schema.KeyTypeRange) == rng {
				out = append(out, formKey{Name: k.AttributeName, Type: types[k.AttributeName], Range: rng})
			}
		}
	}
	return out
}

// keysFor returns the key attributes of the index (or, for "", the table).
func (ft *formTable) keysFor(index string) []formKey {
	if index == "" {
		return ft.Keys
	}
	for _, ix := range ft.Indexes {
		if ix.Name == index {
			return ix.Keys
		}
	}
	return ft.Keys
}

// typeOf returns an attribute's declared type, or "".
func (ft *formTable) typeOf(name string) string { return ft.Types[name] }

// formFields says which of the form's fields an operation uses.
type formFields struct {
	Index, Keys, SortOp, Filter, Projection, Condition, Update, Item bool
	Limit, Forward, Consistent, Select, Segments, ReturnValues       bool
	// Starter marks the batch and transaction calls, whose form writes a
	// one-entry template to extend in the editor.
	Starter bool
}

// fieldsFor returns the fields the form shows for op.
func fieldsFor(op string) formFields {
	switch op {
	case "GetItem":
		return formFields{Keys: true, Projection: true, Consistent: true}
	case "Query":
		return formFields{Index: true, Keys: true, SortOp: true, Filter: true, Projection: true,
			Limit: true, Forward: true, Consistent: true, Select: true}
	case "Scan":
		return formFields{Index: true, Filter: true, Projection: true, Limit: true, Consistent: true,
			Select: true, Segments: true}
	case "PutItem":
		return formFields{Item: true, Condition: true, ReturnValues: true}
	case "UpdateItem":
		return formFields{Keys: true, Update: true, Condition: true, ReturnValues: true}
	case "DeleteItem":
		return formFields{Keys: true, Condition: true, ReturnValues: true}
	case "BatchGetItem":
		return formFields{Keys: true, Projection: true, Consistent: true, Starter: true}
	case "BatchWriteItem":
		return formFields{Keys: true, Item: true, Starter: true}
	case "TransactGetItems":
		return formFields{Keys: true, Projection: true, Starter: true}
	case "TransactWriteItems":
		return formFields{Keys: true, Item: true, Update: true, Condition: true, Starter: true}
	}
	return formFields{}
}

// queryForm holds the form's fields as the person typed them.
type queryForm struct {
	Operation string
	Table     string
	Index     string // Query and Scan only
	// Key holds the key values by attribute name: the table's key for
	// GetItem, UpdateItem, DeleteItem and the batch and transaction
	// templates; the index's (or table's) for a Query.
	Key map[string]string
	// SortOp is the Query's sort-key operator (default "="); SortTo is
	// BETWEEN's upper bound.
	SortOp string
	SortTo string

	Filter     string
	Projection string
	Condition  string
	Update     string
	// Item is PutItem's item (and the batch and transaction templates'),
	// as DynamoDB JSON.
	Item string

	Limit          string
	Descending     bool // ScanIndexForward false
	ConsistentRead bool
	Select         string
	Segment        string
	TotalSegments  string
	ReturnValues   string
	// Capacity is ReturnConsumedCapacity ("" means the default, see
	// capacity).
	Capacity string
}

// build returns the request body the form describes, indented for the
// editor. It fails only on what it cannot write as JSON (a Limit that is
// not a number, an item that is not a JSON object, an unterminated string
// in an expression); everything else is for the engine to judge, exactly
// as DynamoDB would.
func (f *queryForm) build(ft *formTable) (string, error) {
	if ft == nil {
		return "", errors.New("choose a table")
	}
	b := &bodyBuilder{f: f, ft: ft}
	var (
		body object
		err  error
	)
	switch f.Operation {
	case "GetItem":
		body, err = b.getItem()
	case "Query":
		body, err = b.query()
	case "Scan":
		body, err = b.scan()
	case "PutItem":
		body, err = b.putItem()
	case "UpdateItem":
		body, err = b.updateItem()
	case "DeleteItem":
		body, err = b.deleteItem()
	case "BatchGetItem":
		body, err = b.batchGetItem()
	case "BatchWriteItem":
		body, err = b.batchWriteItem()
	case "TransactGetItems":
		body, err = b.transactGetItems()
	case "TransactWriteItems":
		body, err = b.transactWriteItems()
	default:
		return "", fmt.Errorf("the form does not build %s requests; write it in the editor", f.Operation)
	}
	if err != nil {
		return "", err
	}
	return marshalPretty(body)
}

// bodyBuilder builds one request; exprs gathers the placeholders of the
// expressions of one request (or one transaction action).
type bodyBuilder struct {
	f  *queryForm
	ft *formTable
}

func (b *bodyBuilder) capacity() string { return b.f.capacity() }

// capacity is the form's ReturnConsumedCapacity: as chosen, else INDEXES,
// or TOTAL for TransactGetItems, which DynamoDB refuses INDEXES for.
func (f *queryForm) capacity() string {
	switch {
	case f.Capacity != "":
		return f.Capacity
	case f.Operation == "TransactGetItems":
		return "TOTAL"
	}
	return "INDEXES"
}

func (b *bodyBuilder) getItem() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Projection)
	proj, err := ex.rewrite(f.Projection, "ProjectionExpression", false)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}, {"Key", b.key(b.ft.Keys)}}
	o = o.addString("ProjectionExpression", proj)
	o = ex.addTo(o)
	if f.ConsistentRead {
		o = append(o, member{"ConsistentRead", true})
	}
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

func (b *bodyBuilder) query() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Filter, f.Projection)
	keyCond := b.keyCondition(ex)
	filter, err := ex.rewrite(f.Filter, "FilterExpression", true)
	if err != nil {
		return nil, err
	}
	proj, err := ex.rewrite(f.Projection, "ProjectionExpression", false)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}}
	o = o.addString("IndexName", f.Index)
	o = append(o, member{"KeyConditionExpression", keyCond})
	o = o.addString("FilterExpression", filter)
	o = o.addString("ProjectionExpression", proj)
	o = ex.addTo(o)
	o = o.addString("Select", f.Select)
	if o, err = o.addInt("Limit", f.Limit); err != nil {
		return nil, err
	}
	if f.Descending {
		o = append(o, member{"ScanIndexForward", false})
	}
	if f.ConsistentRead {
		o = append(o, member{"ConsistentRead", true})
	}
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

// keyCondition writes the Query's key condition: equality on every
// partition key, then the sort keys from left to right up to the first
// without a value, the last of them under the chosen operator.
func (b *bodyBuilder) keyCondition(ex *exprs) string {
	f := b.f
	keys := b.ft.keysFor(f.Index)
	var conds []string
	var ranges []formKey
	for _, k := range keys {
		if !k.Range {
			conds = append(conds, ex.name(k.Name)+" = "+ex.value(k.Name, k.Type, f.Key[k.Name]))
			continue
		}
		if f.Key[k.Name] == "" {
			break
		}
		ranges = append(ranges, k)
	}
	for i, k := range ranges {
		op := f.SortOp
		if i < len(ranges)-1 || op == "" {
			op = "="
		}
		name := ex.name(k.Name)
		switch op {
		case opBetween:
			lo := ex.value(k.Name+"_from", k.Type, f.Key[k.Name])
			hi := ex.value(k.Name+"_to", k.Type, f.SortTo)
			conds = append(conds, name+" BETWEEN "+lo+" AND "+hi)
		case opBeginsWith:
			conds = append(conds, "begins_with("+name+", "+ex.value(k.Name, k.Type, f.Key[k.Name])+")")
		default:
			conds = append(conds, name+" "+op+" "+ex.value(k.Name, k.Type, f.Key[k.Name]))
		}
	}
	return strings.Join(conds, " AND ")
}

func (b *bodyBuilder) scan() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Filter, f.Projection)
	filter, err := ex.rewrite(f.Filter, "FilterExpression", true)
	if err != nil {
		return nil, err
	}
	proj, err := ex.rewrite(f.Projection, "ProjectionExpression", false)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}}
	o = o.addString("IndexName", f.Index)
	o = o.addString("FilterExpression", filter)
	o = o.addString("ProjectionExpression", proj)
	o = ex.addTo(o)
	o = o.addString("Select", f.Select)
	if o, err = o.addInt("Limit", f.Limit); err != nil {
		return nil, err
	}
	if f.ConsistentRead {
		o = append(o, member{"ConsistentRead", true})
	}
	if o, err = o.addInt("Segment", f.Segment); err != nil {
		return nil, err
	}
	if o, err = o.addInt("TotalSegments", f.TotalSegments); err != nil {
		return nil, err
	}
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

func (b *bodyBuilder) putItem() (object, error) {
	f := b.f
	item, err := b.item()
	if err != nil {
		return nil, err
	}
	ex := newExprs(b.ft, f.Condition)
	cond, err := ex.rewrite(f.Condition, "ConditionExpression", true)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}, {"Item", item}}
	o = o.addString("ConditionExpression", cond)
	o = ex.addTo(o)
	o = o.addString("ReturnValues", f.ReturnValues)
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

func (b *bodyBuilder) updateItem() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Update, f.Condition)
	upd, err := ex.rewriteUpdate(f.Update)
	if err != nil {
		return nil, err
	}
	cond, err := ex.rewrite(f.Condition, "ConditionExpression", true)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}, {"Key", b.key(b.ft.Keys)}}
	o = o.addString("UpdateExpression", upd)
	o = o.addString("ConditionExpression", cond)
	o = ex.addTo(o)
	o = o.addString("ReturnValues", f.ReturnValues)
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

func (b *bodyBuilder) deleteItem() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Condition)
	cond, err := ex.rewrite(f.Condition, "ConditionExpression", true)
	if err != nil {
		return nil, err
	}
	o := object{{"TableName", f.Table}, {"Key", b.key(b.ft.Keys)}}
	o = o.addString("ConditionExpression", cond)
	o = ex.addTo(o)
	o = o.addString("ReturnValues", f.ReturnValues)
	return append(o, member{"ReturnConsumedCapacity", b.capacity()}), nil
}

// batchGetItem is a starter: the form's key in the form's table; more keys
// and tables are added in the editor.
func (b *bodyBuilder) batchGetItem() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Projection)
	proj, err := ex.rewrite(f.Projection, "ProjectionExpression", false)
	if err != nil {
		return nil, err
	}
	ka := object{{"Keys", []any{b.key(b.ft.Keys)}}}
	ka = ka.addString("ProjectionExpression", proj)
	ka = ex.addTo(ka)
	if f.ConsistentRead {
		ka = append(ka, member{"ConsistentRead", true})
	}
	return object{
		{"RequestItems", object{{f.Table, ka}}},
		{"ReturnConsumedCapacity", b.capacity()},
	}, nil
}

// batchWriteItem is a starter: a PutRequest of the form's item and a
// DeleteRequest of the form's key, each when given (a put of the key alone
// when neither is).
func (b *bodyBuilder) batchWriteItem() (object, error) {
	var reqs []any
	if strings.TrimSpace(b.f.Item) != "" {
		item, err := b.item()
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, object{{"PutRequest", object{{"Item", item}}}})
	}
	if b.hasKey() {
		reqs = append(reqs, object{{"DeleteRequest", object{{"Key", b.key(b.ft.Keys)}}}})
	}
	if len(reqs) == 0 {
		reqs = append(reqs, object{{"PutRequest", object{{"Item", b.key(b.ft.Keys)}}}})
	}
	return object{
		{"RequestItems", object{{b.f.Table, reqs}}},
		{"ReturnConsumedCapacity", b.capacity()},
	}, nil
}

func (b *bodyBuilder) transactGetItems() (object, error) {
	f := b.f
	ex := newExprs(b.ft, f.Projection)
	proj, err := ex.rewrite(f.Projection, "ProjectionExpression", false)
	if err != nil {
		return nil, err
	}
	get := object{{"TableName", f.Table}, {"Key", b.key(b.ft.Keys)}}
	get = get.addString("ProjectionExpression", proj)
	get = ex.addTo(get)
	return object{
		{"TransactItems", []any{object{{"Get", get}}}},
		{"ReturnConsumedCapacity", b.capacity()},
	}, nil
}

// transactWriteItems is a starter: a Put of the form's item (with the
// condition) and an Update of the form's key (with the update expression),
// each when given; a Put of the key alone when neither is.
func (b *bodyBuilder) transactWriteItems() (object, error) {
	f := b.f
	var actions []any
	hasItem := strings.TrimSpace(f.Item) != ""
	if hasItem {
		item, err := b.item()
		if err != nil {
			return nil, err
		}
		ex := newExprs(b.ft, f.Condition)
		cond, err := ex.rewrite(f.Condition, "ConditionExpression", true)
		if err != nil {
			return nil, err
		}
		put := object{{"TableName", f.Table}, {"Item", item}}
		put = put.addString("ConditionExpression", cond)
		actions = append(actions, object{{"Put", ex.addTo(put)}})
	}
	if strings.TrimSpace(f.Update) != "" {
		condSrc := f.Condition
		if hasItem { // the condition went with the Put
			condSrc = ""
		}
		ex := newExprs(b.ft, f.Update, condSrc)
		upd, err := ex.rewriteUpdate(f.Update)
		if err != nil {
			return nil, err
		}
		cond, err := ex.rewrite(condSrc, "ConditionExpression", true)
		if err != nil {
			return nil, err
		}
		u := object{{"TableName", f.Table}, {"Key", b.key(b.ft.Keys)}, {"UpdateExpression", upd}}
		u = u.addString("ConditionExpression", cond)
		actions = append(actions, object{{"Update", ex.addTo(u)}})
	}
	if len(actions) == 0 {
		actions = append(actions, object{{"Put", object{{"TableName", f.Table}, {"Item", b.key(b.ft.Keys)}}}})
	}
	return object{
		{"TransactItems", actions},
		{"ReturnConsumedCapacity", b.capacity()},
	}, nil
}

// key writes the given key attributes with the form's values, typed.
func (b *bodyBuilder) key(keys []formKey) object {
	o := make(object, 0, len(keys))
	for _, k := range keys {
		o = append(o, member{k.Name, typedValue(k.Type, b.f.Key[k.Name])})
	}
	return o
}

// hasKey says whether any of the table's key fields has a value.
func (b *bodyBuilder) hasKey() bool {
	for _, k := range b.ft.Keys {
		if b.f.Key[k.Name] != "" {
			return true
		}
	}
	return false
}

// item returns the form's item as raw JSON, or the key alone when it is
// empty. Whether it is valid DynamoDB JSON is the engine's to say.
func (b *bodyBuilder) item() (any, error) {
	src := strings.TrimSpace(b.f.Item)
	if src == "" {
		return b.key(b.ft.Keys), nil
	}
	if !json.Valid([]byte(src)) || src[0] != '{' {
		return nil, errors.New("the item is not a JSON object: write it as DynamoDB JSON, {\"attr\": {\"S\": \"value\"}}")
	}
	return json.RawMessage(src), nil
}

// keyItem is a starting item for PutItem and the write templates: the
// table's key attributes with the form's key values, as DynamoDB JSON.
func (f *queryForm) keyItem(ft *formTable) string {
	if ft == nil {
		return "{}"
	}
	b := &bodyBuilder{f: f, ft: ft}
	s, err := marshalPretty(b.key(ft.Keys))
	if err != nil {
		return "{}"
	}
	return s
}

// typedValue is an attribute value of a declared scalar type, written as
// typed: a number's digits and a binary's base64 go to the engine as they
// are, so that a mistake gets DynamoDB's own message.
func typedValue(typ, text string) object {
	switch typ {
	case "N":
		return object{{"N", strings.TrimSpace(text)}}
	case "B":
		return object{{"B", strings.TrimSpace(text)}}
	}
	return object{{"S", text}}
}

// ---- expression placeholders ----

// exprs gathers one request's ExpressionAttributeNames and
// ExpressionAttributeValues. A name gets a placeholder only when it needs
// one: a reserved word, or a name that is not a bare identifier.
type exprs struct {
	ft     *formTable
	names  object
	values object
	byName map[string]string // attribute name -> its placeholder
	used   map[string]bool   // placeholders taken, typed ones included
}

// newExprs starts the placeholders of a request whose hand-written
// expressions are srcs, reserving the placeholders those already use.
func newExprs(ft *formTable, srcs ...string) *exprs {
	ex := &exprs{ft: ft, byName: map[string]string{}, used: map[string]bool{}}
	for _, s := range srcs {
		for i := 0; i < len(s); i++ {
			if s[i] == '#' || s[i] == ':' {
				j := i + 1
				for j < len(s) && isNamePart(s[j]) {
					j++
				}
				ex.used[s[i:j]] = true
				i = j - 1
			}
		}
	}
	return ex
}

// name returns how an expression refers to attribute n: n itself, or a
// #placeholder recorded in ExpressionAttributeNames.
func (ex *exprs) name(n string) string {
	if isBareName(n) && !expr.IsReserved(n) {
		return n
	}
	if p, ok := ex.byName[n]; ok {
		return p
	}
	p := ex.unique("#", sanitizePlaceholder(n, "n"))
	ex.byName[n] = p
	ex.names = append(ex.names, member{p, n})
	return p
}

// value records a typed value under a placeholder named after base.
func (ex *exprs) value(base, typ, text string) string {
	p := ex.unique(":", sanitizePlaceholder(base, "v"))
	ex.values = append(ex.values, member{p, typedValue(typ, text)})
	return p
}

// literal records a value written in an expression: text, or for BOOL
// "true" or "false".
func (ex *exprs) literal(typ, text string) string {
	p := ex.unique(":", "v1")
	var v any = text
	if typ == "BOOL" {
		v = text == "true"
	}
	ex.values = append(ex.values, member{p, object{{typ, v}}})
	return p
}

// unique returns prefix+base, or with a number appended (or increased)
// until no other placeholder of the request has it.
func (ex *exprs) unique(prefix, base string) string {
	p := prefix + base
	if ex.used[p] {
		stem, n := splitTrailingNumber(base)
		for {
			n++
			p = prefix + stem + strconv.Itoa(n)
			if !ex.used[p] {
				break
			}
		}
	}
	ex.used[p] = true
	return p
}

// splitTrailingNumber splits "v12" into "v" and 12 ("PK" into "PK" and 1,
// so that the next is PK2).
func splitTrailingNumber(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || i == 0 {
		return s, 1
	}
	n, err := strconv.Atoi(s[i:])
	if err != nil {
		return s, 1
	}
	return s[:i], n
}

// addTo appends the gathered names and values to a request.
func (ex *exprs) addTo(o object) object {
	if len(ex.names) > 0 {
		o = append(o, member{"ExpressionAttributeNames", ex.names})
	}
	if len(ex.values) > 0 {
		o = append(o, member{"ExpressionAttributeValues", ex.values})
	}
	return o
}

// sanitizePlaceholder keeps the characters a placeholder may hold;
// fallback names one that keeps none.
func sanitizePlaceholder(s, fallback string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isNamePart(s[i]) {
			b.WriteByte(s[i])
		}
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigitByte(c byte) bool  { return '0' <= c && c <= '9' }
func isNamePart(c byte) bool   { return isLetterByte(c) || isDigitByte(c) || c == '_' }

// isBareName says whether an expression may name the attribute as is: a
// letter, then letters, digits and underscores (the engine's lexer rule).
func isBareName(s string) bool {
	if s == "" || !isLetterByte(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNamePart(s[i]) {
			return false
		}
	}
	return true
}

// conditionWords and updateWords are the grammar's own words, which stay
// as they are; a word followed by "(" is a function and stays too.
var (
	conditionWords = map[string]bool{"AND": true, "OR": true, "NOT": true, "BETWEEN": true, "IN": true}
	updateWords    = map[string]bool{"SET": true, "REMOVE": true, "ADD": true, "DELETE": true}
)

// rewrite makes a hand-written expression ready to send: attribute names
// that are reserved words become #placeholders, and, where values are
// allowed, literals become :placeholders typed like the attribute they
// are compared with (a quoted "text", a number, true or false). Existing
// placeholders and list indexes stay as they are. what names the
// expression in error messages.
func (ex *exprs) rewrite(src, what string, values bool) (string, error) {
	return ex.rewriteWith(src, what, values, nil)
}

// rewriteUpdate rewrites an update expression.
func (ex *exprs) rewriteUpdate(src string) (string, error) {
	return ex.rewriteWith(src, "UpdateExpression", true, updateWords)
}

func (ex *exprs) rewriteWith(src, what string, values bool, clauses map[string]bool) (string, error) {
	var out strings.Builder
	// subject is the attribute a literal is compared with; operand says
	// whether the last token ended an operand (so a following '-' is
	// subtraction rather than a sign).
	subject, operand, between := "", false, false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out.WriteByte(c)
			i++
		case c == '#' || c == ':':
			j := i + 1
			for j < len(src) && isNamePart(src[j]) {
				j++
			}
			out.WriteString(src[i:j])
			i, operand = j, true
		case c == '[':
			j := strings.IndexByte(src[i:], ']')
			if j < 0 {
				j = len(src) - i - 1
			}
			out.WriteString(src[i : i+j+1])
			i, operand = i+j+1, true
		case c == '"' || c == '\'':
			j := i + 1
			var text strings.Builder
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				text.WriteByte(src[j])
				j++
			}
			if j >= len(src) {
				return "", fmt.Errorf("%s: the string that starts at offset %d has no closing %c", what, i, c)
			}
			if !values {
				return "", fmt.Errorf("%s: a %s takes attribute names only, not values", what, what)
			}
			out.WriteString(ex.literal(literalType(ex.ft.typeOf(subject), "S"), text.String()))
			i, operand = j+1, true
		case isDigitByte(c) || (c == '-' || c == '.') && !operand && i+1 < len(src) && isDigitByte(src[i+1]):
			j := i + 1
			for j < len(src) && (isDigitByte(src[j]) || src[j] == '.' || src[j] == 'e' || src[j] == 'E' ||
				(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
				j++
			}
			if !values {
				return "", fmt.Errorf("%s: a %s takes attribute names only, not values", what, what)
			}
			out.WriteString(ex.literal(literalType(ex.ft.typeOf(subject), "N"), src[i:j]))
			i, operand = j, true
		case isLetterByte(c) || c == '_':
			j := i + 1
			for j < len(src) && isNamePart(src[j]) {
				j++
			}
			word := src[i:j]
			upper := strings.ToUpper(word)
			k := j
			for k < len(src) && src[k] == ' ' {
				k++
			}
			afterDot := i > 0 && src[i-1] == '.'
			switch {
			case k < len(src) && src[k] == '(' && !afterDot: // a function
				out.WriteString(word)
				operand = false
			case clauses != nil && clauses[upper]:
				out.WriteString(word)
				subject, operand = "", false
			case clauses == nil && values && conditionWords[upper]:
				out.WriteString(word)
				switch {
				case upper == "BETWEEN":
					between = true
				case upper == "AND" && between:
					between = false
				default:
					subject = ""
				}
				operand = false
			case values && (upper == "TRUE" || upper == "FALSE"):
				out.WriteString(ex.literal("BOOL", strings.ToLower(word)))
				operand = true
			default:
				out.WriteString(ex.name(word))
				if !afterDot {
					subject = word
				}
				operand = true
			}
			i = j
		default:
			// The subject survives "(" and ",": in begins_with(SK, "x")
			// and IN ("a", "b") the literal still compares with it.
			out.WriteByte(c)
			operand = c == ')'
			i++
		}
	}
	return out.String(), nil
}

// literalType is the type of a literal compared with an attribute of
// declared type declared: that type when it is a scalar key type, else
// what the literal looks like.
func literalType(declared, looks string) string {
	if declared == "S" || declared == "N" || declared == "B" {
		return declared
	}
	return looks
}

// ---- JSON writing ----

// member and object are a JSON object whose members keep their order, so
// that the bodies the form writes read like the API reference.
type member struct {
	name  string
	value any
}

type object []member

// addString appends a string member when v is not empty.
func (o object) addString(name, v string) object {
	if v == "" {
		return o
	}
	return append(o, member{name, v})
}

// addInt appends a whole-number member when v is not empty.
func (o object) addInt(name, v string) (object, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return o, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return o, fmt.Errorf("%s must be a whole number", name)
	}
	return append(o, member{name, n}), nil
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshalNoEscape(m.name)
		if err != nil {
			return nil, err
		}
		v, err := marshalNoEscape(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshalNoEscape is json.Marshal without the HTML escaping, which would
// turn "SK < :v" into "SK \u003c :v".
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// marshalPretty writes v as the editor shows JSON.
func marshalPretty(v any) (string, error) {
	raw, err := marshalNoEscape(v)
	if err != nil {
		return "", err
	}
	return prettyJSON(raw)
}

// compactWidth is the widest a JSON object or array may print on one line
// when it holds no other object or array: a typed value such as
// {"S": "USER#42"} stays whole.
const compactWidth = 72

// prettyJSON indents JSON by two spaces, keeping members' order and
// numbers' digits, and prints a small flat object or array on one line.
func prettyJSON(raw []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return "", err
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", errors.New("invalid JSON: more than one value")
	}
	var b strings.Builder
	n.write(&b, "")
	return b.String(), nil
}

// jsonNode is a parsed JSON value: an object (keys set), an array, or a
// scalar already encoded.
type jsonNode struct {
	delim  byte // '{', '[' or 0 for a scalar
	keys   []string
	kids   []*jsonNode
	scalar string
}

func readNode(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &jsonNode{delim: byte(t)}
		for dec.More() {
			if n.delim == '{' {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				n.keys = append(n.keys, k)
			}
			kid, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case json.Number:
		return &jsonNode{scalar: t.String()}, nil
	case nil:
		return &jsonNode{scalar: "null"}, nil
	default:
		b, err := marshalNoEscape(t)
		if err != nil {
			return nil, err
		}
		return &jsonNode{scalar: string(b)}, nil
	}
}

func (n *jsonNode) flat() bool {
	for _, k := range n.kids {
		if k.delim != 0 {
			return false
		}
	}
	return true
}

func (n *jsonNode) writeCompact(b *strings.Builder) {
	if n.delim == 0 {
		b.WriteString(n.scalar)
		return
	}
	closing := byte('}')
	if n.delim == '[' {
		closing = ']'
	}
	b.WriteByte(n.delim)
	for i, k := range n.kids {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.delim == '{' {
			key, _ := marshalNoEscape(n.keys[i])
			b.Write(key)
			b.WriteString(": ")
		}
		k.writeCompact(b)
	}
	b.WriteByte(closing)
}

func (n *jsonNode) write(b *strings.Builder, indent string) {
	if n.delim == 0 || len(n.kids) == 0 || n.flat() {
		var one strings.Builder
		n.writeCompact(&one)
		if n.delim == 0 || len(n.kids) == 0 || one.Len() <= compactWidth {
			b.WriteString(one.String())
			return
		}
	}
	closing := byte('}')
	if n.delim == '[' {
		closing = ']'
	}
	inner := indent + "  "
	b.WriteByte(n.delim)
	b.WriteByte('\n')
	for i, k := range n.kids {
		b.WriteString(inner)
		if n.delim == '{' {
			key, _ := marshalNoEscape(n.keys[i])
			b.Write(key)
			b.WriteString(": ")
		}
		k.write(b, inner)
		if i < len(n.kids)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent)
	b.WriteByte(closing)
}

// ---- editing a request ----

// setMember returns the request body with its top-level member name set to
// value (raw JSON), keeping the other members and their order; a new
// member goes last. The body must be a JSON object.
func setMember(body []byte, name string, value []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return "", fmt.Errorf("the request is not valid JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return "", errors.New("the request is not a JSON object")
	}
	var o object
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return "", fmt.Errorf("the request is not valid JSON: %v", err)
		}
		k, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", fmt.Errorf("the request is not valid JSON: %v", err)
		}
		if k == name {
			raw, found = value, true
		}
		o = append(o, member{k, raw})
	}
	if !found {
		o = append(o, member{name, json.RawMessage(value)})
	}
	return marshalPretty(o)
}

// nextPageBody is the request that reads the page after the one that
// request returned: the same request with ExclusiveStartKey set to the
// response's LastEvaluatedKey (raw DynamoDB JSON).
func nextPageBody(request, lastEvaluatedKey []byte) (string, error) {
	return setMember(request, "ExclusiveStartKey", lastEvaluatedKey)
}
