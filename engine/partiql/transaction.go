package partiql

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/engine"
)

// txFailed prefixes a statement-level error in a transaction with the
// statement's position, as DynamoDB does (reference §9).
func txFailed(i int, err error) error {
	if e, ok := err.(*engine.Error); ok && e.Code == engine.CodeValidation {
		return validation("Validation failed in TransactStatements[%d]: %s", i, e.Message)
	}
	return err
}

// ExecuteTransaction implements DynamoDB's ExecuteTransaction: up to 100
// reads (as TransactGetItems) or writes (as TransactWriteItems), all or
// nothing.
func ExecuteTransaction(db *engine.Database, in *ExecuteTransactionInput) (*ExecuteTransactionOutput, error) {
	var c checks
	switch n := len(in.TransactStatements); {
	case in.TransactStatements == nil:
		c.add("Value null at 'transactStatements' failed to satisfy constraint: Member must not be null")
	case n < 1:
		c.add("Value '[]' at 'transactStatements' failed to satisfy constraint: Member must have length greater than or equal to 1")
	case n > maxTxStatements:
		c.add("Value '[...]' at 'transactStatements' failed to satisfy constraint: Member must have length less than or equal to %d", maxTxStatements)
	}
	for i, s := range in.TransactStatements {
		c.statement(s.Statement, "transactStatements."+itoa(i+1)+".member.statement")
		c.parameters(s.Parameters, "transactStatements."+itoa(i+1)+".member.parameters")
	}
	if tok := in.ClientRequestToken; tok != nil && (len(*tok) < 1 || len(*tok) > 36) {
		c.add("Value '%s' at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36", *tok)
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	if err := c.err(); err != nil {
		return nil, err
	}
	sts := make([]statement, len(in.TransactStatements))
	bs := make([]*binder, len(sts))
	reads := 0
	for i, s := range in.TransactStatements {
		st, b, err := prepare(*s.Statement, s.Parameters)
		if err != nil {
			return nil, txFailed(i, err)
		}
		switch x := st.(type) {
		case *updateStmt:
			if x.returning != "" {
				return nil, txFailed(i, validation(msgTxReturning))
			}
		case *deleteStmt:
			if x.returning != "" {
				return nil, txFailed(i, validation(msgTxReturning))
			}
		case *selectStmt:
			if x.from.index != "" {
				return nil, txFailed(i, validation(msgTxIndex))
			}
			reads++
		}
		sts[i], bs[i] = st, b
	}
	if reads > 0 && reads < len(sts) {
		return nil, validation(msgTxMixed)
	}
	if reads > 0 {
		return txRead(db, in, sts, bs)
	}
	return txWrite(db, in, sts, bs)
}

// txRead runs a read transaction as TransactGetItems.
func txRead(db *engine.Database, in *ExecuteTransactionInput, sts []statement, bs []*binder) (*ExecuteTransactionOutput, error) {
	items := make([]engine.TransactGetItem, len(sts))
	seen := map[string]bool{}
	for i, st := range sts {
		ti, key, err := batchReadKey(db, st.(*selectStmt), bs[i], msgTxKey)
		if err != nil {
			return nil, txFailed(i, err)
		}
		id := itemID(ti, key)
		if seen[id] {
			return nil, validation(msgTxDupItem)
		}
		seen[id] = true
		items[i] = engine.TransactGetItem{Get: &engine.Get{TableName: &ti.name, Key: key}}
	}
	rcc := in.ReturnConsumedCapacity
	if rcc == "INDEXES" {
		rcc = "TOTAL" // TransactGetItems reports no index arms
	}
	out, err := db.TransactGetItems(&engine.TransactGetItemsInput{TransactItems: items, ReturnConsumedCapacity: rcc})
	if err != nil {
		return nil, fromEngine(err)
	}
	for i := range out.Responses {
		out.Responses[i].Item = projectItem(sts[i].(*selectStmt), out.Responses[i].Item)
	}
	return &ExecuteTransactionOutput{Responses: out.Responses, ConsumedCapacity: out.ConsumedCapacity}, nil
}

// txWrite runs a write transaction as TransactWriteItems. A missing table
// cancels the transaction rather than failing it (reference §9).
func txWrite(db *engine.Database, in *ExecuteTransactionInput, sts []statement, bs []*binder) (*ExecuteTransactionOutput, error) {
	items := make([]engine.TransactWriteItem, len(sts))
	reasons := make([]engine.CancellationReason, len(sts))
	missing := false
	for i, st := range sts {
		reasons[i] = engine.CancellationReason{Code: "None"}
		w, err := planWrite(db, st, bs[i], false)
		if err != nil {
			if e, ok := err.(*engine.Error); ok && e.Code == engine.CodeResourceNotFound {
				reasons[i] = engine.CancellationReason{Code: "ResourceNotFound", Message: msgNotFound}
				missing = true
				continue
			}
			return nil, txFailed(i, err)
		}
		onFailure := in.TransactStatements[i].ReturnValuesOnConditionCheckFailure
		table := w.ti.name
		switch w.kind {
		case "Put":
			items[i].Put = &engine.TransactPut{TableName: &table, Item: w.item, ConditionExpression: w.cond,
				ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values, ReturnValuesOnConditionCheckFailure: onFailure}
		case "Update":
			items[i].Update = &engine.TransactUpdate{TableName: &table, Key: w.key, UpdateExpression: w.update, ConditionExpression: w.cond,
				ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values, ReturnValuesOnConditionCheckFailure: onFailure}
		case "Delete":
			items[i].Delete = &engine.TransactDelete{TableName: &table, Key: w.key, ConditionExpression: w.cond,
				ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values, ReturnValuesOnConditionCheckFailure: onFailure}
		case "ConditionCheck":
			items[i].ConditionCheck = &engine.ConditionCheck{TableName: &table, Key: w.key, ConditionExpression: w.cond,
				ExpressionAttributeNames: w.names, ExpressionAttributeValues: w.values, ReturnValuesOnConditionCheckFailure: onFailure}
		}
	}
	if missing {
		return nil, cancelled(reasons)
	}
	out, err := db.TransactWriteItems(&engine.TransactWriteItemsInput{TransactItems: items, ClientRequestToken: in.ClientRequestToken,
		ReturnConsumedCapacity: in.ReturnConsumedCapacity})
	if err != nil {
		e, ok := err.(*engine.Error)
		if ok && e.Code == engine.CodeTransactionCanceled {
			// An INSERT's key-absence condition failing is a duplicate key
			// (reference §13: AWS's code here is unconfirmed; DuplicateItem
			// matches the single-statement exception).
			reasons := slices.Clone(e.CancellationReasons)
			for i, r := range reasons {
				if r.Code == "ConditionalCheckFailed" && items[i].Put != nil {
					reasons[i] = engine.CancellationReason{Code: "DuplicateItem", Message: msgDuplicate}
				}
			}
			return nil, cancelled(reasons)
		}
		return nil, fromEngine(err)
	}
	return &ExecuteTransactionOutput{Responses: []engine.ItemResponse{}, ConsumedCapacity: out.ConsumedCapacity}, nil
}

// cancelled builds TransactionCanceledException from one reason per
// statement, worded as TransactWriteItems words it.
func cancelled(reasons []engine.CancellationReason) error {
	codes := make([]string, len(reasons))
	for i, r := range reasons {
		codes[i] = r.Code
	}
	e := engine.Errorf(engine.CodeTransactionCanceled, "Transaction cancelled, please refer cancellation reasons for specific reasons [%s]", joinComma(codes))
	e.CancellationReasons = reasons
	return e
}
