package ops

import (
	"encoding/json"
	"maps"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
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
			analysis.AskCapacity(req, ap.Operation)
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
		for _, cc := range analysis.Consumed(out) {
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
