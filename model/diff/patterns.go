package diff

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/model"
)

// accessPatterns finds the old version's access patterns that fail against
// the new one: first as the model's validation sees them (a table, an
// index or an entity is gone, a key no longer fits its entity's
// templates), then by running each on the new version's empty tables,
// where DynamoDB's own checks answer (a key condition that misses the new
// key schema, a key of the wrong type).
func (c *comparer) accessPatterns() {
	if len(c.from.AccessPatterns) == 0 {
		return
	}
	reasons := patternProblems(c.to, c.from.AccessPatterns)
	mine := patternProblems(c.to, c.to.AccessPatterns)
	for _, ap := range c.from.AccessPatterns {
		rs := reasons[ap.Name]
		if len(rs) == 0 {
			continue
		}
		bp := BrokenPattern{Name: ap.Name, Reasons: rs}
		if c.to.AccessPattern(ap.Name) != nil && len(mine[ap.Name]) == 0 {
			bp.UpdatedInNew = true
		}
		c.plan.BrokenAccessPatterns = append(c.plan.BrokenAccessPatterns, bp)
	}
}

// patternProblems checks patterns against the tables and entities of m,
// by name.
func patternProblems(m *model.Model, patterns []model.AccessPattern) map[string][]string {
	probe := *m
	probe.AccessPatterns = patterns
	probe.Workload, probe.Dataset = nil, nil
	_, out := probe.ValidateApart()
	if out == nil {
		out = map[string][]string{}
	}
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		return out // m is valid, so this does not happen
	}
	// Reads first, so that a write pattern (DeleteTable above all) cannot
	// change what a read finds.
	order := make([]int, 0, len(patterns))
	for i := range patterns {
		order = append(order, i)
	}
	rank := func(op string) int {
		switch op {
		case "DeleteTable":
			return 2
		case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems":
			return 0
		}
		return 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(patterns[a].Operation) - rank(patterns[b].Operation) })
	for _, i := range order {
		ap := &patterns[i]
		if len(out[ap.Name]) > 0 {
			continue
		}
		if _, err := ap.Run(db, ap.Examples()); err != nil {
			out[ap.Name] = append(out[ap.Name], err.Error())
		}
	}
	return out
}
