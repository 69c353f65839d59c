package engine

import (
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TransactGetItems implements DynamoDB's TransactGetItems: up to 100 reads
// answered together, in request order, at twice the cost of strong reads.
func (d *Database) TransactGetItems(in *TransactGetItemsInput) (*TransactGetItemsOutput, error) {
	d.Tick()
	var c constraints
	switch n := len(in.TransactItems); {
	case in.TransactItems == nil:
		c.null("transactItems")
	case n < 1:
		c.bad("[]", "transactItems", "Member must have length greater than or equal to 1")
	case n > schema.MaxTransactionActions:
		c.bad("[...]", "transactItems", "Member must have length less than or equal to 100")
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", "TOTAL", "NONE")
	if err := c.err(); err != nil {
		return nil, err
	}
	ps := make([]*parsed, len(in.TransactItems))
	for i, ti := range in.TransactItems {
		if ti.Get == nil {
			return nil, validationf("1 validation error detected: Value null at 'transactItems.%d.member.get' failed to satisfy constraint: Member must not be null", i+1)
		}
		// The key's values are judged where GetItem's are, before any
		// table is looked up (exprRequest.parse).
		req := exprRequest{names: ti.Get.ExpressionAttributeNames, projection: ti.Get.ProjectionExpression, legacy: newLegacy("GetItem"),
			itemValues: heldValue(in.held.of("TransactItems", strconv.Itoa(i), "Get", "Key"), false)}
		p, err := req.parse()
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	type read struct {
		name string
		t    *table
		key  string
	}
	reads := make([]read, len(in.TransactItems))
	reasons := make([]CancellationReason, len(reads))
	failed := false
	for i, ti := range in.TransactItems {
		name := deref(ti.Get.TableName)
		t, err := d.lookup(name)
		if err != nil {
			return nil, err
		}
		reasons[i] = CancellationReason{Code: "None"}
		k, kerr := t.keyOfKey(ti.Get.Key)
		if kerr != nil {
			reasons[i] = CancellationReason{Code: "ValidationError", Message: kerr.Message}
			failed = true
		}
		reads[i] = read{name, t, k}
	}
	if failed {
		return nil, cancelled(reasons)
	}
	// Like TransactWriteItems, one request may not name an item twice.
	seen := make(map[string]bool, len(reads))
	for _, r := range reads {
		id := r.t.def.TableName + "\x00" + r.key
		if seen[id] {
			return nil, validationf("Transaction request cannot include multiple operations on one item")
		}
		seen[id] = true
	}

	out := &TransactGetItemsOutput{Responses: make([]ItemResponse, len(reads))}
	byTable := map[string]*usage{}
	var order []string
	for i, r := range reads {
		size := 0
		if e, ok := r.t.get(r.key); ok {
			size = e.size
			out.Responses[i].Item = project(e.decode(), ps[i])
		}
		u, ok := byTable[r.name]
		if !ok {
			u = &usage{tableName: r.name}
			byTable[r.name] = u
			order = append(order, r.name)
		}
		u.Table += capacity.ReadUnits(size, capacity.Transactional)
	}
	for _, name := range order {
		if cc := byTable[name].report(in.ReturnConsumedCapacity, true); cc != nil {
			out.ConsumedCapacity = append(out.ConsumedCapacity, *cc)
		}
	}
	return out, nil
}
