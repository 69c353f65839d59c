package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// GetItem implements DynamoDB's GetItem. The returned Item is nil when there
// is no such item, and a non-nil empty map when the item exists but the
// projection matched none of its attributes (DynamoDB answers "Item": {}).
func (d *Database) GetItem(in *GetItemInput) (*GetItemOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if in.Key == nil {
		c.null("key")
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	if err := c.err(); err != nil {
		return nil, err
	}
	req := exprRequest{names: in.ExpressionAttributeNames, projection: in.ProjectionExpression, legacy: newLegacy("GetItem"), itemValues: heldValue(in.held.item, false)}
	req.legacy.attributesToGet(in.AttributesToGet)
	p, err := req.parse()
	if err != nil {
		return nil, err
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	var buf [128]byte
	key, pk, err := t.appendUnhashedKey(buf[:0], in.Key)
	if err != nil {
		return nil, err
	}
	if e := t.checkKeyPaths(p.projectionPaths()); e != nil {
		return nil, e
	}
	u := usage{tableName: *in.TableName}
	out := &GetItemOutput{}
	size := 0
	if e, ok := t.getUnhashed(unsafeString(key), pk); ok {
		size = e.size
		out.Item = project(e.decode(), p)
	}
	u.Table = capacity.ReadUnits(size, readMode(boolValue(in.ConsistentRead, false)))
	if d.throttle.on.Load() {
		if err := d.admitRead(t, nil, hashKey64(key[8:pk]), u.Table); err != nil {
			return nil, err
		}
	}
	out.ConsumedCapacity = u.report(in.ReturnConsumedCapacity, true)
	return out, nil
}

// project applies the request's projection, if any, to a stored item.
func project(item attr.Item, p *parsed) attr.Item {
	if p == nil || p.projection == nil {
		return item
	}
	return p.projection.Apply(item)
}
