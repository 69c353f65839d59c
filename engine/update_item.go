package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// UpdateItem implements DynamoDB's UpdateItem: an upsert that edits
// attributes in place, under an optional condition.
func (d *Database) UpdateItem(in *UpdateItemInput) (*UpdateItemOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if in.Key == nil {
		c.null("key")
	}
	firstBadEnum(&c, in.ReturnValues, in.ReturnConsumedCapacity, in.ReturnItemCollectionMetrics, in.ReturnValuesOnConditionCheckFailure, in.ConditionalOperator)
	if c.v.Len() == 0 {
		// Like its enumerated members, only the first (inferred).
		c.expected(in.Expected)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		condition: in.ConditionExpression, update: in.UpdateExpression, legacy: newLegacy("UpdateItem"),
		itemValues: heldValue(in.held.item, true), valuesErr: heldValue(in.held.values, true)}
	req.legacy.held = &in.held
	req.legacy.attributeUpdates(in.AttributeUpdates)
	req.legacy.expected(in.Expected, in.ConditionalOperator)
	p, err := req.parse()
	if err != nil {
		// Request validation: enveloped today (see Enveloped).
		return nil, Enveloped(err)
	}

	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	w, err := d.prepareupdate(t, in.Key, p.update)
	if err != nil {
		if in.AttributeUpdates != nil && err.Message == attr.MsgIncorrectOperandType {
			// AttributeUpdates is lowered to an UpdateExpression, whose
			// ADD and DELETE word a type mismatch otherwise (dynalite's
			// updateItem.js, recorded against DynamoDB).
			return nil, validationf("Type mismatch for attribute to update")
		}
		return nil, err
	}
	u, err := d.writeOne(t, w, *in.TableName, p.condition, in.ReturnValuesOnConditionCheckFailure)
	if err != nil {
		return nil, err
	}
	out := &UpdateItemOutput{ConsumedCapacity: u.report(in.ReturnConsumedCapacity, true), ItemCollectionMetrics: t.collectionMetrics(w, in.ReturnItemCollectionMetrics)}
	out.Attributes = updateReturnValues(in.ReturnValues, w, p.update)
	return out, nil
}

// prepareupdate validates the key and the update against t and computes the
// new item. w.item is nil when nothing is to be written (an update that only
// removes attributes of a missing item creates nothing).
func (d *Database) prepareupdate(t *table, key attr.Item, up *expr.Update) (*write, *Error) {
	k, err := t.keyOfKey(key)
	if err != nil {
		return nil, err
	}
	w := &write{key: k}
	if old, ok := t.get(k); ok {
		w.setOld(old)
	}
	if up != nil {
		for _, p := range up.Paths() {
			if t.key.has(p[0].Name) {
				return nil, validationf("One or more parameter values were invalid: Cannot update attribute %s. This attribute is part of the key", p[0].Name)
			}
		}
		// An index key is a scalar: no path into it (Alternator's
		// test_gsi.py test_gsi_wrong_type_attribute_update_nested, quoting
		// DynamoDB; shared/reference/expressions.md).
		for _, p := range up.Paths() {
			if len(p) > 1 && t.isIndexKey(p[0].Name) {
				return nil, keyPathError("IndexKey", p[0].Name)
			}
		}
	}
	base := w.oldItem()
	if base == nil {
		if up != nil && up.OnlyRemoves() {
			return w, nil // nothing to create
		}
		base = key
	}
	if up == nil {
		if w.old == nil {
			w.item = key.Clone()
			w.size = attr.ItemSize(w.item)
		}
		return w, t.planIndexes(w, true)
	}
	apply := up.Apply
	if w.old == nil {
		apply = up.ApplyToMissing // REMOVE of a nested path is ignored on a missing item
	}
	next, aerr := apply(base)
	if aerr != nil {
		return nil, asValidation(aerr)
	}
	size := attr.ItemSize(next)
	if size > schema.MaxItemSizeBytes {
		return nil, validationf("Item size to update has exceeded the maximum allowed size")
	}
	w.item, w.size = next, size
	if err := t.planIndexes(w, true); err != nil {
		return nil, err
	}
	return w, nil
}

// updateReturnValues picks UpdateItem's Attributes for ReturnValues.
func updateReturnValues(mode string, w *write, up *expr.Update) attr.Item {
	var res attr.Item
	switch mode {
	case "ALL_OLD":
		res = w.oldItem()
	case "ALL_NEW":
		res = w.item
		if res == nil {
			res = w.oldItem()
		}
	case "UPDATED_OLD", "UPDATED_NEW":
		if up == nil {
			return nil
		}
		src := w.oldItem()
		if mode == "UPDATED_NEW" {
			src = w.item
		}
		if src == nil {
			return nil
		}
		res = expr.ProjectPaths(src, up.Paths())
	}
	if len(res) == 0 {
		return nil
	}
	return res
}
