package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// DeleteItem implements DynamoDB's DeleteItem. Deleting a missing item
// succeeds (and costs one write unit) unless a condition says otherwise.
func (d *Database) DeleteItem(in *DeleteItemInput) (*DeleteItemOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if in.Key == nil {
		c.null("key")
	}
	writeEnums(&c, in.ReturnValues, in.ReturnConsumedCapacity, in.ReturnItemCollectionMetrics, in.ReturnValuesOnConditionCheckFailure, in.ConditionalOperator)
	c.expected(in.Expected)
	if err := c.err(); err != nil {
		return nil, err
	}
	if err := onlyAllOld(in.ReturnValues); err != nil {
		return nil, err
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		condition: in.ConditionExpression, legacy: newLegacy("DeleteItem"), itemValues: heldValue(in.held.item, false), valuesErr: heldValue(in.held.values, false)}
	req.legacy.held = &in.held
	req.legacy.expected(in.Expected, in.ConditionalOperator)
	p, err := req.parse()
	if err != nil {
		return nil, err
	}

	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	w, err := d.preparedelete(t, in.Key)
	if err != nil {
		return nil, err
	}
	u, err := d.writeOne(t, w, *in.TableName, p.condition, in.ReturnValuesOnConditionCheckFailure)
	if err != nil {
		return nil, err
	}
	out := &DeleteItemOutput{ConsumedCapacity: u.report(in.ReturnConsumedCapacity, true), ItemCollectionMetrics: t.collectionMetrics(w, in.ReturnItemCollectionMetrics)}
	if in.ReturnValues == "ALL_OLD" && w.old != nil {
		out.Attributes = w.oldItem()
	}
	return out, nil
}

// preparedelete validates a Key and finds the item it designates.
func (d *Database) preparedelete(t *table, key attr.Item) (*write, *Error) {
	k, err := t.keyOfKey(key)
	if err != nil {
		return nil, err
	}
	w := &write{key: k, del: true}
	if old, ok := t.get(k); ok {
		w.setOld(old)
	}
	if err := t.planIndexes(w, false); err != nil {
		return nil, err
	}
	return w, nil
}
