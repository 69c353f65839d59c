package ops

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// MaxRunItems bounds the items a pattern run returns per access pattern
// (the count is exact; the items are a sample).
const MaxRunItems = 25

// PatternRun is the outcome of one access pattern run on the engine.
type PatternRun struct {
	Name      string `json:"name"`
	Operation string `json:"operation"`
	// Parameters are the values the run used.
	Parameters model.Params `json:"parameters"`
	// Error is DynamoDB's error ("ValidationException: ...") when the
	// request failed; the other fields are then empty.
	Error string `json:"error,omitempty"`
	// Requests is the number of requests made (a fan-out makes several).
	Requests int `json:"requests"`
	// Count is the items the requests returned; Items the first of them.
	Count int               `json:"count"`
	Items []json.RawMessage `json:"items"`
	// ConsumedCapacity is every request's ConsumedCapacity (INDEXES), as
	// DynamoDB reports it.
	ConsumedCapacity []json.RawMessage `json:"consumedCapacity"`
	// CapacityUnits is their total.
	CapacityUnits float64 `json:"capacityUnits"`
}

// RunResult is a model's dataset loaded on a fresh engine and its access
// patterns run on it.
type RunResult struct {
	// Loaded is the items loaded, per table.
	Loaded   map[string]int `json:"loaded"`
	Patterns []PatternRun   `json:"patterns"`
}

// RunPatterns loads m's dataset (a generated one capped at items, 0:
// analysis.DefaultItems) into a new engine and runs the named access
// patterns (all when names is empty) with their example parameters,
// overridden by params[name]. Reads run first, then writes, in the
// model's order. A pattern's failure is reported in its PatternRun; the
// error is for a model that cannot be loaded or an unknown name.
func RunPatterns(ctx context.Context, m *model.Model, names []string, params map[string]model.Params, items int) (*RunResult, error) {
	// A pattern's own problems are that pattern's failure, as a run on
	// DynamoDB would report them; the rest of the design must be valid.
	design, broken := m.ValidateApart()
	if design != nil {
		return nil, fmt.Errorf("the model is not valid: %w", design)
	}
	if items < 0 || items > analysis.MaxItems {
		return nil, fmt.Errorf("items %d: 0 to %d", items, analysis.MaxItems)
	}
	if items == 0 {
		items = analysis.DefaultItems
	}
	var run []*model.AccessPattern
	if len(names) == 0 {
		for i := range m.AccessPatterns {
			run = append(run, &m.AccessPatterns[i])
		}
	}
	for _, n := range names {
		ap := m.AccessPattern(n)
		if ap == nil {
			return nil, fmt.Errorf("no access pattern %q in the model", n)
		}
		run = append(run, ap)
	}
	for n := range params {
		if m.AccessPattern(n) == nil {
			return nil, fmt.Errorf("parameters for %q: no such access pattern in the model", n)
		}
	}
	mm := *m
	if m.Dataset != nil {
		ds := *m.Dataset
		if ds.Generator != nil && len(ds.Items) == 0 && ds.Generator.Size > items {
			g := *ds.Generator
			g.Size = items
			ds.Generator = &g
		}
		mm.Dataset = &ds
	}
	db, _ := mm.NewDatabase()
	stats, err := mm.Load(db, patterns.Generator)
	if err != nil {
		return nil, fmt.Errorf("loading the dataset: %w", err)
	}
	res := &RunResult{Loaded: stats.ByTable, Patterns: []PatternRun{}}
	for _, write := range []bool{false, true} {
		for _, ap := range run {
			if isWrite(ap.Operation) != write {
				continue
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if msgs := broken[ap.Name]; len(msgs) > 0 {
				res.Patterns = append(res.Patterns, PatternRun{Name: ap.Name, Operation: ap.Operation,
					Parameters: ap.Examples(), Error: "ValidationException: " + strings.Join(msgs, "; ")})
				continue
			}
			res.Patterns = append(res.Patterns, runOne(db, ap, params[ap.Name]))
		}
	}
	return res, nil
}

func isWrite(op string) bool {
	switch op {
	case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems":
		return false
	}
	return true
}
