package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// idempotencyWindow is how long a ClientRequestToken is remembered.
const idempotencyWindow = 10 * time.Minute

// txRecord remembers a completed transaction for ClientRequestToken
// idempotency.
type txRecord struct {
	fingerprint string
	at          time.Time
	out         *TransactWriteItemsOutput
}

// txAction is one validated TransactWriteItems action.
type txAction struct {
	tableName string
	t         *table
	w         *write          // the prepared write; w.item nil for a delete
	cond      *expr.Condition // may be nil
	check     bool            // a ConditionCheck: nothing is written
	onFailure string          // ReturnValuesOnConditionCheckFailure
	invalid   *Error          // an item-level validation failure
}

// TransactWriteItems implements DynamoDB's TransactWriteItems: up to 100
// puts, updates, deletes and condition checks that succeed or fail together.
func (d *Database) TransactWriteItems(in *TransactWriteItemsInput) (*TransactWriteItemsOutput, error) {
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
	if tok := in.ClientRequestToken; tok != nil && (len(*tok) < 1 || len(*tok) > 36) {
		c.bad(*tok, "clientRequestToken", "Member must have length less than or equal to 36")
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	c.enum(in.ReturnItemCollectionMetrics, "returnItemCollectionMetrics", enumReturnItemCollection...)
	// Each action's ReturnValuesOnConditionCheckFailure is a member of the
	// request's shape: a bad one is a ValidationException for the whole
	// request, not a per-action ValidationError (Alternator's
	// test_transact_write_items_returnvaluesonconditioncheckfailure,
	// recorded against DynamoDB; the path is the coral validator's).
	for i, ti := range in.TransactItems {
		for _, m := range []struct {
			member, v string
		}{
			{"conditionCheck", onFailureOf(ti.ConditionCheck != nil, func() string { return ti.ConditionCheck.ReturnValuesOnConditionCheckFailure })},
			{"put", onFailureOf(ti.Put != nil, func() string { return ti.Put.ReturnValuesOnConditionCheckFailure })},
			{"delete", onFailureOf(ti.Delete != nil, func() string { return ti.Delete.ReturnValuesOnConditionCheckFailure })},
			{"update", onFailureOf(ti.Update != nil, func() string { return ti.Update.ReturnValuesOnConditionCheckFailure })},
		} {
			c.enum(m.v, fmt.Sprintf("transactItems.%d.member.%s.returnValuesOnConditionCheckFailure", i+1, m.member), enumReturnOnCondition...)
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}

	// Parse every action's expressions first: a bad expression is a
	// ValidationException for the whole request.
	type parsedAction struct {
		tableName string
		key, item attr.Item
		p         *parsed
		kind      string
		onFailure string
	}
	acts := make([]parsedAction, len(in.TransactItems))
	for i, ti := range in.TransactItems {
		n := 0
		var a parsedAction
		var req exprRequest
		// An action's item or key and its ExpressionAttributeValues are
		// judged where a PutItem's, UpdateItem's or DeleteItem's are
		// (exprRequest.parse): after its expression parameters' presence,
		// before its expressions, and before any table is looked up.
		held := func(member, attrs string) (*Error, *Error) {
			at := strconv.Itoa(i)
			return heldValue(in.held.of("TransactItems", at, member, attrs), false), heldValue(in.held.of("TransactItems", at, member, "ExpressionAttributeValues"), false)
		}
		if x := ti.Put; x != nil {
			n++
			a = parsedAction{tableName: deref(x.TableName), item: x.Item, kind: "Put", onFailure: x.ReturnValuesOnConditionCheckFailure}
			req = exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues, condition: x.ConditionExpression, legacy: newLegacy("PutItem")}
			req.itemValues, req.valuesErr = held("Put", "Item")
		}
		if x := ti.Update; x != nil {
			n++
			a = parsedAction{tableName: deref(x.TableName), key: x.Key, kind: "Update", onFailure: x.ReturnValuesOnConditionCheckFailure}
			req = exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues, condition: x.ConditionExpression, update: x.UpdateExpression, legacy: newLegacy("UpdateItem")}
			req.itemValues, req.valuesErr = held("Update", "Key")
		}
		if x := ti.Delete; x != nil {
			n++
			a = parsedAction{tableName: deref(x.TableName), key: x.Key, kind: "Delete", onFailure: x.ReturnValuesOnConditionCheckFailure}
			req = exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues, condition: x.ConditionExpression, legacy: newLegacy("DeleteItem")}
			req.itemValues, req.valuesErr = held("Delete", "Key")
		}
		if x := ti.ConditionCheck; x != nil {
			n++
			a = parsedAction{tableName: deref(x.TableName), key: x.Key, kind: "ConditionCheck", onFailure: x.ReturnValuesOnConditionCheckFailure}
			req = exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues, condition: x.ConditionExpression, legacy: newLegacy("DeleteItem")}
			req.itemValues, req.valuesErr = held("ConditionCheck", "Key")
			if x.ConditionExpression == nil {
				return nil, validationf("1 validation error detected: Value null at 'transactItems.%d.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null", i+1)
			}
		}
		if n != 1 {
			return nil, validationf("TransactItems can only contain one of Check, Put, Update or Delete")
		}
		if a.kind == "Update" && ti.Update.UpdateExpression == nil {
			return nil, validationf("1 validation error detected: Value null at 'transactItems.%d.member.update.updateExpression' failed to satisfy constraint: Member must not be null", i+1)
		}
		p, err := req.parse()
		if err != nil {
			return nil, err
		}
		a.p = p
		acts[i] = a
	}

	var fingerprint string
	if in.ClientRequestToken != nil {
		b, _ := json.Marshal(in.TransactItems)
		fingerprint = string(b)
	}

	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.clock.Now()
	if tok := in.ClientRequestToken; tok != nil {
		if rec, ok := d.txTokens[*tok]; ok && now.Sub(rec.at) < idempotencyWindow {
			if rec.fingerprint != fingerprint {
				return nil, Errorf(CodeIdempotentParameterMismatch, "Request has a different set of parameters from the original request with the same client request token")
			}
			return rec.out, nil
		}
	}

	actions := make([]txAction, len(acts))
	seen := map[string]bool{}
	for i, a := range acts {
		t, err := d.lookup(a.tableName)
		if err != nil {
			return nil, err
		}
		ta := txAction{tableName: a.tableName, t: t, cond: a.p.condition, check: a.kind == "ConditionCheck", onFailure: a.onFailure}
		var w *write
		switch a.kind {
		case "Put":
			w, err = d.prepareput(t, a.item)
		case "Update":
			w, err = d.prepareupdate(t, a.key, a.p.update)
		default:
			w, err = d.preparedelete(t, a.key)
		}
		if err != nil {
			ta.invalid = err
		} else {
			id := t.def.TableName + "\x00" + w.key
			if seen[id] {
				return nil, validationf("Transaction request cannot include multiple operations on one item")
			}
			seen[id] = true
		}
		ta.w = w
		actions[i] = ta
	}

	// "The aggregate size of the items in the transaction cannot exceed 4
	// MB" (API reference) is, in fact, a bound on what the request carries
	// (DynamoDB's error calls it the transaction payload): a Delete of a
	// 400 KB item weighs its key, and 50 of them pass (Alternator's
	// test_transact_write_items_delete_5MB, against DynamoDB).
	if total := payloadSize(in.TransactItems); total > schema.MaxTransactionBytes {
		// Unverified beyond "size cannot exceed" (Alternator's
		// test_transact_write_items_put_5MB matches that) and "transaction
		// payload" (its comment quotes DynamoDB's error).
		return nil, validationf("Transaction payload size cannot exceed 4 MB")
	}

	reasons := make([]CancellationReason, len(actions))
	for i := range reasons {
		reasons[i] = CancellationReason{Code: "None"}
	}
	// DynamoDB validates every action before it evaluates any condition,
	// and stops at the first invalid one: that action is the only
	// ValidationError, every other reason None (Alternator's
	// test_transact_write_cancellation_reasons_validationerror).
	for i, a := range actions {
		if a.invalid != nil {
			reasons[i] = CancellationReason{Code: "ValidationError", Message: a.invalid.Message}
			return nil, cancelled(reasons)
		}
	}
	failed := false
	for i, a := range actions {
		switch {
		case a.cond != nil && !a.cond.Eval(a.w.oldItem()):
			reasons[i] = CancellationReason{Code: "ConditionalCheckFailed", Message: "The conditional request failed"}
			if a.onFailure == "ALL_OLD" && a.w.old != nil {
				reasons[i].Item = a.w.oldItem()
			}
			failed = true
		}
	}
	if failed {
		return nil, cancelled(reasons)
	}
	if i, reason := d.admitTransaction(actions); i >= 0 {
		reasons[i] = *reason
		return nil, cancelled(reasons)
	}

	byTable := map[string]*usage{}
	metrics := map[string][]ItemCollectionMetrics{}
	var order []string
	for _, a := range actions {
		u, ok := byTable[a.tableName]
		if !ok {
			u = &usage{tableName: a.tableName}
			byTable[a.tableName] = u
			order = append(order, a.tableName)
		}
		// Unverified: DynamoDB does not document a ConditionCheck's cost; it
		// is charged here like a transactional write of the item.
		u.Table += capacity.WriteUnits(max(a.w.oldSize(), a.w.size), true)
		if !a.check {
			chargeIndexes(u, a.w, 2)
			d.apply(a.t, a.w, CauseUser)
			if m := a.t.collectionMetrics(a.w, in.ReturnItemCollectionMetrics); m != nil {
				metrics[a.tableName] = append(metrics[a.tableName], *m)
			}
		}
	}
	out := &TransactWriteItemsOutput{}
	if len(metrics) > 0 {
		out.ItemCollectionMetrics = metrics
	}
	for _, name := range order {
		if cc := byTable[name].report(in.ReturnConsumedCapacity, true); cc != nil {
			out.ConsumedCapacity = append(out.ConsumedCapacity, *cc)
		}
	}
	if tok := in.ClientRequestToken; tok != nil {
		d.txTokens[*tok] = txRecord{fingerprint: fingerprint, at: now, out: out}
	}
	return out, nil
}

// cancelled builds TransactionCanceledException from one reason per action.
func cancelled(reasons []CancellationReason) *Error {
	codes := make([]string, len(reasons))
	for i, r := range reasons {
		codes[i] = r.Code
	}
	e := Errorf(CodeTransactionCanceled, "Transaction cancelled, please refer cancellation reasons for specific reasons [%s]", strings.Join(codes, ", "))
	e.CancellationReasons = reasons
	return e
}

// onFailureOf reads an action's ReturnValuesOnConditionCheckFailure when the
// action is present.
func onFailureOf(present bool, get func() string) string {
	if !present {
		return ""
	}
	return get()
}

// payloadSize is the weight of a transaction's actions toward the 4 MB
// bound: the items a Put carries, the keys the others name, and the values
// their expressions bring.
func payloadSize(items []TransactWriteItem) int {
	total := 0
	for _, ti := range items {
		var values attr.Values
		switch {
		case ti.Put != nil:
			total += attr.ItemSize(ti.Put.Item)
			values = ti.Put.ExpressionAttributeValues
		case ti.Update != nil:
			total += attr.ItemSize(ti.Update.Key)
			values = ti.Update.ExpressionAttributeValues
		case ti.Delete != nil:
			total += attr.ItemSize(ti.Delete.Key)
			values = ti.Delete.ExpressionAttributeValues
		case ti.ConditionCheck != nil:
			total += attr.ItemSize(ti.ConditionCheck.Key)
			values = ti.ConditionCheck.ExpressionAttributeValues
		}
		for name, v := range values {
			total += attr.AttributeSize(name, v)
		}
	}
	return total
}
