package engine

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// PutItem implements DynamoDB's PutItem: create or replace an item, under an
// optional condition. The engine keeps in.Item: the caller must not modify
// it afterwards.
func (d *Database) PutItem(in *PutItemInput) (*PutItemOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if in.Item == nil {
		c.null("item")
	}
	writeEnums(&c, in.ReturnValues, in.ReturnConsumedCapacity, in.ReturnItemCollectionMetrics, in.ReturnValuesOnConditionCheckFailure, in.ConditionalOperator)
	c.expected(in.Expected)
	if err := c.err(); err != nil {
		return nil, err
	}
	if err := onlyAllOld(in.ReturnValues); err != nil {
		return nil, Enveloped(err)
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		condition: in.ConditionExpression, legacy: newLegacy("PutItem"), itemValues: heldValue(in.held.item, true), valuesErr: heldValue(in.held.values, true)}
	req.legacy.held = &in.held
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
	w, err := d.prepareput(t, in.Item)
	if err != nil {
		return nil, err
	}
	u, err := d.writeOne(t, w, *in.TableName, p.condition, in.ReturnValuesOnConditionCheckFailure)
	if err != nil {
		return nil, err
	}
	out := &PutItemOutput{ConsumedCapacity: u.report(in.ReturnConsumedCapacity, true), ItemCollectionMetrics: t.collectionMetrics(w, in.ReturnItemCollectionMetrics)}
	if in.ReturnValues == "ALL_OLD" && w.old != nil {
		out.Attributes = w.oldItem()
	}
	return out, nil
}

// writeOne finishes a prepared single-item write under the writer lock: it
// checks the condition against the current item, books the capacity
// (DynamoDB charges a failed condition too, but the request reports
// nothing), applies throttling, and performs the change.
func (d *Database) writeOne(t *table, w *write, tableName string, cond *expr.Condition, onFailure string) (usage, *Error) {
	u := usage{tableName: tableName, Tally: capacity.Tally{Table: capacity.WriteUnits(max(w.oldSize(), w.size), false)}}
	if cond != nil && !cond.Eval(w.oldItem()) {
		e := conditionFailed(w, onFailure)
		e.ChargedUnits = u.Table
		return u, e
	}
	chargeIndexes(&u, w, 1)
	if err := d.admitWrite(t, w); err != nil {
		return u, err
	}
	d.apply(t, w, CauseUser)
	return u, nil
}

// write is one prepared change to one item: validated, not yet applied.
type write struct {
	key      string
	old      *entry    // nil when the item does not exist; else &oldEntry
	oldEntry entry     // the replaced entry, kept here: the write is on the heap already
	item     attr.Item // the new item; nil for a delete or when nothing changes
	size     int
	del      bool // delete the item

	oldDecoded attr.Item
	indexOps   []indexOp // planned index changes (index.go)

	collection      string // the LSI item collection written, if limited
	collectionDelta int64

	// encoded says the item's stored form is in the table's scratch
	// buffer already (prepareputInto with encode).
	encoded bool
	// stored says the item is in the table's tree already (insertFirst):
	// apply leaves the items alone and does the rest.
	stored bool
}

// setOld records the entry the write replaces or deletes.
func (w *write) setOld(e entry) {
	w.oldEntry = e
	w.old = &w.oldEntry
}

// oldItem decodes the item being replaced, once; nil when there is none.
func (w *write) oldItem() attr.Item {
	if w.old == nil {
		return nil
	}
	if w.oldDecoded == nil {
		w.oldDecoded = w.old.decode()
	}
	return w.oldDecoded
}

func (w *write) oldSize() int {
	if w.old == nil {
		return 0
	}
	return w.old.size
}

// prepareput validates a whole new item for t and finds the item it replaces.
func (d *Database) prepareput(t *table, item attr.Item) (*write, *Error) {
	w := &write{}
	if err := prepareputInto(t, item, w, false); err != nil {
		return nil, err
	}
	return w, nil
}

// prepareputInto is prepareput into a write of the caller's (the bulk
// loader reuses one, and its index operations' array, for every item).
// With encode (a bulk load, which applies the write at once), the item is
// encoded in the walk that checks it, into the table's scratch buffer
// (w.encoded), where table.put takes it; the caller holds the writer lock
// until the write is applied.
func prepareputInto(t *table, item attr.Item, w *write, encode bool) *Error {
	if err := prepareItem(t, item, w, encode); err != nil {
		return err
	}
	if old, ok := t.get(w.key); ok {
		w.setOld(old)
	}
	return t.planIndexes(w, false)
}

// prepareItem is the part of prepareputInto that needs no stored item: the
// key, the names, the size and, with encode, the stored form in t.scratch.
func prepareItem(t *table, item attr.Item, w *write, encode bool) *Error {
	key, err := t.keyOfItem(item)
	if err != nil {
		return err
	}
	var size int
	var msg string
	if encode {
		t.scratch, size, msg = t.codec.encodeChecked(t.scratch[:0], key[8:], item)
	} else {
		size, msg = namesAndSize(item)
	}
	if msg != "" {
		return validationf("%s", msg)
	}
	if size > schema.MaxItemSizeBytes {
		return validationf("Item size has exceeded the maximum allowed size")
	}
	*w = write{key: key, item: item, size: size, indexOps: w.indexOps[:0], encoded: encode}
	return nil
}

// apply performs a prepared write and records the change. The caller holds
// the writer lock.
func (d *Database) apply(t *table, w *write, cause Cause) {
	if w.item == nil && !w.del {
		return
	}
	d.trackTTL(t, w)
	switch {
	case w.del:
		if !t.remove(w.key) {
			return
		}
	case w.item == nil:
		return
	case w.stored:
		// In the tree already (insertFirst).
	default:
		t.put(w.key, w.item, w.size, w.encoded)
	}
	if t.pitr != nil {
		t.pitr.record(d.clock.Now(), t, w)
	}
	d.applyIndexes(t, w, cause)
	if invariantsEnabled {
		d.verifyWrite(t, w)
	}
	if w.collection != "" {
		if n := t.collections[w.collection] + w.collectionDelta; n > 0 {
			t.collections[w.collection] = n
		} else {
			delete(t.collections, w.collection)
		}
	}
	if len(d.observers) > 0 {
		after := w.item
		if w.del {
			after = nil
		}
		d.record(Change{Table: t.def.TableName, Before: w.oldItem(), After: after, Cause: cause})
	}
}

// conditionFailed builds ConditionalCheckFailedException, carrying the
// current item when the request asked for it.
func conditionFailed(w *write, returnOnFailure string) *Error {
	e := Errorf(CodeConditionalCheckFailed, "The conditional request failed")
	if returnOnFailure == "ALL_OLD" {
		e.Item = w.oldItem()
	}
	return e
}

// writeEnums checks the enumerated members every single-item write shares.
func writeEnums(c *constraints, returnValues, rcc, ricm, onFailure, condOp string) {
	c.enum(returnValues, "returnValues", enumReturnValues...)
	c.enum(rcc, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	c.enum(ricm, "returnItemCollectionMetrics", enumReturnItemCollection...)
	c.enum(onFailure, "returnValuesOnConditionCheckFailure", enumReturnOnCondition...)
	c.enum(condOp, "conditionalOperator", enumConditionalOperator...)
}

// firstBadEnum is writeEnums reporting only the first enumerated member out
// of its set: UpdateItem with both a bad ReturnValues and a bad
// ReturnConsumedCapacity names only ReturnValues today (issue 29, measured
// against the service; dynalite's older recordings list both).
func firstBadEnum(c *constraints, returnValues, rcc, ricm, onFailure, condOp string) {
	for _, m := range []struct {
		v, path string
		allowed []string
	}{
		{returnValues, "returnValues", enumReturnValues},
		{rcc, "returnConsumedCapacity", enumReturnConsumedCapacity},
		{ricm, "returnItemCollectionMetrics", enumReturnItemCollection},
		{onFailure, "returnValuesOnConditionCheckFailure", enumReturnOnCondition},
		{condOp, "conditionalOperator", enumConditionalOperator},
	} {
		if m.v != "" && !slices.Contains(m.allowed, m.v) {
			c.enum(m.v, m.path, m.allowed...)
			return
		}
	}
}

// onlyAllOld enforces that PutItem and DeleteItem return nothing but the old item.
func onlyAllOld(rv string) *Error {
	if rv != "" && rv != "NONE" && rv != "ALL_OLD" {
		return validationf("ReturnValues can only be ALL_OLD or NONE")
	}
	return nil
}
