package analysis

import (
	"encoding/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
)

// AskCapacity sets a request's ReturnConsumedCapacity to the most detail
// its operation reports: INDEXES (the table's and each index's units), or
// TOTAL for TransactGetItems, which takes no other value (as DynamoDB).
func AskCapacity(req map[string]json.RawMessage, operation string) {
	if operation == "TransactGetItems" {
		req["ReturnConsumedCapacity"] = json.RawMessage(`"TOTAL"`)
		return
	}
	req["ReturnConsumedCapacity"] = json.RawMessage(`"INDEXES"`)
}

// Consumed returns the capacity an operation's output reports.
func Consumed(out any) []engine.ConsumedCapacity {
	one := func(c *engine.ConsumedCapacity) []engine.ConsumedCapacity {
		if c == nil {
			return nil
		}
		return []engine.ConsumedCapacity{*c}
	}
	switch o := out.(type) {
	case *engine.GetItemOutput:
		return one(o.ConsumedCapacity)
	case *engine.QueryOutput:
		return one(o.ConsumedCapacity)
	case *engine.PutItemOutput:
		return one(o.ConsumedCapacity)
	case *engine.UpdateItemOutput:
		return one(o.ConsumedCapacity)
	case *engine.DeleteItemOutput:
		return one(o.ConsumedCapacity)
	case *engine.BatchGetItemOutput:
		return o.ConsumedCapacity
	case *engine.BatchWriteItemOutput:
		return o.ConsumedCapacity
	case *engine.TransactGetItemsOutput:
		return o.ConsumedCapacity
	case *engine.TransactWriteItemsOutput:
		return o.ConsumedCapacity
	case *partiql.ExecuteStatementOutput:
		return one(o.ConsumedCapacity)
	case *partiql.BatchExecuteStatementOutput:
		return o.ConsumedCapacity
	case *partiql.ExecuteTransactionOutput:
		return o.ConsumedCapacity
	}
	return nil
}
