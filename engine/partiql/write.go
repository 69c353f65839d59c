package partiql

import (
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// writePlan is an INSERT, UPDATE, DELETE or EXISTS lowered to the inputs
// of PutItem, UpdateItem, DeleteItem or a ConditionCheck.
type writePlan struct {
	kind      string // "Put", "Update", "Delete", "ConditionCheck"
	ti        *tableInfo
	key       attr.Item // the item's key (for Put, taken from the item)
	item      attr.Item // Put only
	update    *string
	cond      *string
	names     map[string]string
	values    attr.Values
	returning string // the UpdateItem/DeleteItem ReturnValues
}

// returnValues maps RETURNING to UpdateItem's ReturnValues.
var returnValues = map[string]string{"ALL OLD": "ALL_OLD", "ALL NEW": "ALL_NEW", "MODIFIED OLD": "UPDATED_OLD", "MODIFIED NEW": "UPDATED_NEW"}

// planWrite lowers a write statement. strict is false inside a
// transaction, where a WHERE that does not name exactly one item is not a
// statement error but the engine's cancellation reason for a bad key
// (reference §9), so the partial key is passed on.
func planWrite(db *engine.Database, st statement, b *binder, strict bool) (*writePlan, error) {
	var from source
	switch x := st.(type) {
	case *insertStmt:
		from = x.from
	case *updateStmt:
		from = x.from
	case *deleteStmt:
		from = x.from
	case *existsStmt:
		from = x.sel.from
	}
	if from.index != "" {
		return nil, validation(msgIndexWrite)
	}
	ti, err := describe(db, from.table)
	if err != nil {
		return nil, err
	}
	bd := newBuilder(b)
	w := &writePlan{ti: ti}
	pk := func() string { return bd.name(ti.keys[0]) }
	switch x := st.(type) {
	case *insertStmt:
		item, err := b.item(x.value)
		if err != nil {
			return nil, err
		}
		w.kind, w.item = "Put", item
		w.key = attr.Item{}
		for _, k := range ti.keys {
			if kv, ok := w.item[k]; ok {
				w.key[k] = kv
			}
		}
		c := "attribute_not_exists(" + pk() + ")"
		w.cond = &c
	case *updateStmt:
		key, rest, err := keyOf(ti, x.where, b, strict)
		if err != nil {
			return nil, err
		}
		u, err := bd.update(x.actions)
		if err != nil {
			return nil, err
		}
		c := "attribute_exists(" + pk() + ")"
		if r := andAll(rest); r != nil {
			rc, err := bd.cond(r)
			if err != nil {
				return nil, err
			}
			c += " AND (" + rc + ")"
		}
		w.kind, w.key, w.update, w.cond, w.returning = "Update", key, &u, &c, returnValues[x.returning]
	case *deleteStmt:
		key, rest, err := keyOf(ti, x.where, b, strict)
		if err != nil {
			return nil, err
		}
		// The extra predicates hold only for an item that exists: deleting
		// a missing item succeeds whatever they say (reference §4.4).
		if r := andAll(rest); r != nil {
			rc, err := bd.cond(r)
			if err != nil {
				return nil, err
			}
			c := "attribute_not_exists(" + pk() + ") OR (" + rc + ")"
			w.cond = &c
		}
		w.kind, w.key, w.returning = "Delete", key, returnValues[x.returning]
	case *existsStmt:
		key, rest, err := keyOf(ti, x.sel.where, b, strict)
		if err != nil {
			return nil, err
		}
		if len(rest) == 0 {
			return nil, validation(msgExistsShape)
		}
		rc, err := bd.cond(andAll(rest))
		if err != nil {
			return nil, err
		}
		w.kind, w.key, w.cond = "ConditionCheck", key, &rc
	}
	w.names, w.values = bd.namesOrNil(), bd.valuesOrNil()
	return w, nil
}

// keyOf splits a write's WHERE into the item's key (an equality on every
// key attribute among the top-level conjuncts) and the remaining
// conditions.
func keyOf(ti *tableInfo, where node, b *binder, strict bool) (attr.Item, []node, error) {
	key := attr.Item{}
	var rest []node
	conflict := false
	if where != nil {
		for _, c := range conjuncts(where) {
			matched := false
			for _, k := range ti.keys {
				v, ok, err := b.keyEquality(c, k)
				if err != nil {
					return nil, nil, err
				}
				if !ok {
					continue
				}
				matched = true
				if old, seen := key[k]; seen && !attr.Equal(old, v) {
					if strict {
						return nil, nil, validation("Multiple conditions on same key %s. Only single item Update/Insert/Delete are supported", k)
					}
					conflict = true
				}
				key[k] = v
			}
			if !matched {
				rest = append(rest, c)
			}
		}
	}
	if len(key) < len(ti.keys) || conflict {
		if strict {
			return nil, nil, validation(msgMandatoryKey)
		}
		if conflict {
			delete(key, ti.keys[0])
		}
	}
	return key, rest, nil
}

// runWrite performs a planned write as its single-item operation.
func runWrite(db *engine.Database, w *writePlan, rcc, onFailure string) ([]attr.Item, *engine.ConsumedCapacity, error) {
	table := w.ti.name
	var attrs attr.Item
	var cc *engine.ConsumedCapacity
	switch w.kind {
	case "Put":
		out, err := db.PutItem(&engine.PutItemInput{TableName: &table, Item: w.item, ConditionExpression: w.cond,
			ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values, ReturnConsumedCapacity: rcc})
		if err != nil {
			if e, ok := err.(*engine.Error); ok && e.Code == engine.CodeConditionalCheckFailed {
				dup := engine.Errorf(engine.CodeDuplicateItem, msgDuplicate)
				dup.ChargedUnits = e.ChargedUnits
				return nil, nil, dup
			}
			return nil, nil, fromEngine(err)
		}
		cc = out.ConsumedCapacity
	case "Update":
		out, err := db.UpdateItem(&engine.UpdateItemInput{TableName: &table, Key: w.key, UpdateExpression: w.update,
			ConditionExpression: w.cond, ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values,
			ReturnValues: w.returning, ReturnConsumedCapacity: rcc, ReturnValuesOnConditionCheckFailure: onFailure})
		if err != nil {
			return nil, nil, fromEngine(err)
		}
		attrs, cc = out.Attributes, out.ConsumedCapacity
	case "Delete":
		out, err := db.DeleteItem(&engine.DeleteItemInput{TableName: &table, Key: w.key, ConditionExpression: w.cond,
			ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values,
			ReturnValues: w.returning, ReturnConsumedCapacity: rcc, ReturnValuesOnConditionCheckFailure: onFailure})
		if err != nil {
			return nil, nil, fromEngine(err)
		}
		attrs, cc = out.Attributes, out.ConsumedCapacity
	default:
		return nil, nil, validation(msgExistsOutsideTx)
	}
	items := []attr.Item{}
	if len(attrs) > 0 {
		items = append(items, attrs)
	}
	return items, cc, nil
}
