package app

import (
	"encoding/json"
	"errors"
	"strings"
)

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
