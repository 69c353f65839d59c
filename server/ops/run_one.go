package ops

import (
	"encoding/json"
	"maps"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
	"github.com/dynamodb-workbench/workbench/model"
)

// runOne runs one access pattern with its examples overridden by over,
// asking DynamoDB for the capacity per index.
func runOne(db *engine.Database, ap *model.AccessPattern, over model.Params) PatternRun {
	p := ap.Examples()
	maps.Copy(p, over)
	pr := PatternRun{Name: ap.Name, Operation: ap.Operation, Parameters: p, Items: []json.RawMessage{}, ConsumedCapacity: []json.RawMessage{}}
	run := *ap
	if ap.Operation != "DeleteTable" {
		var req map[string]json.RawMessage
		if json.Unmarshal(ap.Request, &req) == nil && req != nil {
			req["ReturnConsumedCapacity"] = json.RawMessage(`"INDEXES"`)
			run.Request, _ = json.Marshal(req)
		}
	}
	res, err := run.Run(db, p)
	if err != nil {
		pr.Error = err.Error()
		return pr
	}
	for _, out := range res.Outputs {
		pr.Requests++
		for _, cc := range consumedOf(out) {
			pr.CapacityUnits += cc.CapacityUnits
			if b, err := json.Marshal(cc); err == nil {
				pr.ConsumedCapacity = append(pr.ConsumedCapacity, b)
			}
		}
	}
	pr.Count = len(res.Items)
	for _, it := range res.Items[:min(len(res.Items), MaxRunItems)] {
		if b, err := it.MarshalJSON(); err == nil {
			pr.Items = append(pr.Items, b)
		}
	}
	return pr
}

// consumedOf returns the capacity an operation output reports.
func consumedOf(out any) []engine.ConsumedCapacity {
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
