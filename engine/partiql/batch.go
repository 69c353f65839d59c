package partiql

import (
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// batchCodes are BatchStatementError's short codes for engine exceptions.
var batchCodes = map[engine.Code]string{
	engine.CodeConditionalCheckFailed:          "ConditionalCheckFailed",
	engine.CodeDuplicateItem:                   "DuplicateItem",
	engine.CodeResourceNotFound:                "ResourceNotFound",
	engine.CodeValidation:                      "ValidationError",
	engine.CodeProvisionedThroughputExceeded:   "ProvisionedThroughputExceeded",
	engine.CodeTransactionConflict:             "TransactionConflict",
	engine.CodeThrottling:                      "ThrottlingError",
	engine.CodeItemCollectionSizeLimitExceeded: "ItemCollectionSizeLimitExceeded",
	engine.CodeRequestLimitExceeded:            "RequestLimitExceeded",
	engine.CodeInternalServerError:             "InternalServerError",
}

// batchError is a statement's error as a BatchStatementError.
func batchError(err error) *BatchStatementError {
	e, ok := err.(*engine.Error)
	if !ok {
		return &BatchStatementError{Code: "InternalServerError", Message: err.Error()}
	}
	code, ok := batchCodes[e.Code]
	if !ok {
		code = "ValidationError"
	}
	return &BatchStatementError{Code: code, Message: e.Message}
}

// batchMember is one statement of a batch after parsing and planning.
type batchMember struct {
	st    statement
	b     *binder
	read  *selectStmt
	ti    *tableInfo
	key   attr.Item
	write *writePlan
	err   error // the statement's own error; it does not run
	ran   bool  // the error came from running (TableName is echoed)
}

// BatchExecuteStatement implements DynamoDB's BatchExecuteStatement: up to
// 25 reads, or up to 25 writes, each answered on its own.
func BatchExecuteStatement(db *engine.Database, in *BatchExecuteStatementInput) (*BatchExecuteStatementOutput, error) {
	var c checks
	switch n := len(in.Statements); {
	case in.Statements == nil:
		c.add("Value null at 'statements' failed to satisfy constraint: Member must not be null")
	case n < 1:
		c.add("Value '[]' at 'statements' failed to satisfy constraint: Member must have length greater than or equal to 1")
	case n > maxBatchStatements:
		c.add("Value '[...]' at 'statements' failed to satisfy constraint: Member must have length less than or equal to %d", maxBatchStatements)
	}
	for i, s := range in.Statements {
		c.statement(s.Statement, "statements."+itoa(i+1)+".member.statement")
		c.parameters(s.Parameters, "statements."+itoa(i+1)+".member.parameters")
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	if err := c.err(); err != nil {
		return nil, err
	}
	members := make([]batchMember, len(in.Statements))
	reads, writes := 0, 0
	for i, s := range in.Statements {
		m := &members[i]
		m.st, m.b, m.err = prepare(*s.Statement, s.Parameters)
		if m.err != nil {
			continue
		}
		if m.st.isRead() {
			reads++
		} else {
			writes++
		}
	}
	if reads > 0 && writes > 0 {
		return nil, validation(msgBatchMixed)
	}
	// Plan every statement, then refuse two naming one item.
	seen := map[string]bool{}
	for i := range members {
		m := &members[i]
		if m.err != nil {
			continue
		}
		switch x := m.st.(type) {
		case *selectStmt:
			m.read = x
			m.ti, m.key, m.err = batchReadKey(db, x, m.b, msgBatchKey)
		case *existsStmt:
			m.err = validation(msgExistsOutsideTx)
		default:
			m.write, m.err = planWrite(db, m.st, m.b, true)
			if m.write != nil {
				m.ti, m.key = m.write.ti, m.write.key
			}
		}
		if m.err != nil {
			if e, ok := m.err.(*engine.Error); ok && e.Code == engine.CodeResourceNotFound {
				m.ran = true
			}
			continue
		}
		id := itemID(m.ti, m.key)
		if seen[id] {
			return nil, validation(msgBatchDupKeys)
		}
		seen[id] = true
	}

	out := &BatchExecuteStatementOutput{Responses: make([]BatchStatementResponse, len(members))}
	usage := map[string]*engine.ConsumedCapacity{}
	var order []string
	charged := map[string]float64{} // write units of members whose condition failed
	for i := range members {
		m := &members[i]
		r := &out.Responses[i]
		if m.err == nil {
			var cc *engine.ConsumedCapacity
			if m.read != nil {
				consistent := in.Statements[i].ConsistentRead != nil && *in.Statements[i].ConsistentRead
				table := m.ti.name
				var got *engine.GetItemOutput
				got, m.err = db.GetItem(&engine.GetItemInput{TableName: &table, Key: m.key, ConsistentRead: &consistent, ReturnConsumedCapacity: in.ReturnConsumedCapacity})
				if m.err == nil {
					r.Item, cc = projectItem(m.read, got.Item), got.ConsumedCapacity
				}
			} else {
				var items []attr.Item
				items, cc, m.err = runWrite(db, m.write, in.ReturnConsumedCapacity, in.Statements[i].ReturnValuesOnConditionCheckFailure)
				if len(items) > 0 {
					r.Item = items[0]
				}
			}
			m.ran = true
			if e, ok := m.err.(*engine.Error); ok {
				charged[m.ti.name] += e.ChargedUnits
			}
			if cc != nil {
				if _, ok := usage[cc.TableName]; !ok {
					order = append(order, cc.TableName)
				}
				usage[cc.TableName] = addCapacity(usage[cc.TableName], cc)
			}
		}
		if m.ran && m.ti != nil {
			r.TableName = m.ti.name
		}
		if m.err != nil {
			r.Error = batchError(m.err)
			if m.ran && m.ti == nil {
				r.TableName = tableOf(m.st)
			}
		}
	}
	// A failed member's units count in its table's total but in no arm,
	// and only beside a member of that table that succeeded (reference
	// §10, captured from AWS).
	for _, t := range order {
		cc := *usage[t]
		cc.CapacityUnits += charged[t]
		out.ConsumedCapacity = append(out.ConsumedCapacity, cc)
	}
	return out, nil
}

// batchReadKey checks that a SELECT in a batch or transaction names exactly
// one item by its full primary key, with equalities and nothing else.
func batchReadKey(db *engine.Database, s *selectStmt, b *binder, msg string) (*tableInfo, attr.Item, error) {
	ti, err := describe(db, s.from.table)
	if err != nil {
		return nil, nil, err
	}
	if s.from.index != "" || s.where == nil {
		return ti, nil, verr(msg)
	}
	key := attr.Item{}
	for _, c := range conjuncts(s.where) {
		found := false
		for _, k := range ti.keys {
			vals, ok, residual, err := b.keyValues(c, k)
			if err != nil {
				return ti, nil, err
			}
			if ok && !residual && len(vals) == 1 {
				if old, seen := key[k]; seen && !attr.Equal(old, vals[0]) {
					return ti, nil, verr(msg)
				}
				key[k], found = vals[0], true
			}
		}
		if !found {
			return ti, nil, verr(msg)
		}
	}
	if len(key) != len(ti.keys) {
		return ti, nil, verr(msg)
	}
	return ti, key, nil
}

// itemID identifies an item across tables for the duplicate checks.
func itemID(ti *tableInfo, key attr.Item) string {
	id := ti.name
	for _, k := range ti.keys {
		b, _ := attr.MarshalValue(key[k])
		id += "\x00" + string(b)
	}
	return id
}

// tableOf is the table a statement names.
func tableOf(st statement) string {
	switch x := st.(type) {
	case *selectStmt:
		return x.from.table
	case *insertStmt:
		return x.from.table
	case *updateStmt:
		return x.from.table
	case *deleteStmt:
		return x.from.table
	case *existsStmt:
		return x.sel.from.table
	}
	return ""
}

func itoa(i int) string { return strconv.Itoa(i) }
