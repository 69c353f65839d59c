package engine

import (
	"sort"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ListTables implements DynamoDB's ListTables: names in ascending order,
// paged by Limit (1 to 100) and ExclusiveStartTableName.
func (d *Database) ListTables(in *ListTablesInput) (*ListTablesOutput, error) {
	var c constraints
	c.limit(in.Limit, "limit", 1, schema.MaxListTablesLimit)
	if s := in.ExclusiveStartTableName; s != nil {
		c.v.TableName(s, "exclusiveStartTableName")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	limit := int64(100)
	if in.Limit != nil {
		limit = *in.Limit
	}
	d.mu.RLock()
	names := make([]string, 0, len(d.tables))
	for n := range d.tables {
		if in.ExclusiveStartTableName == nil || n > *in.ExclusiveStartTableName {
			names = append(names, n)
		}
	}
	d.mu.RUnlock()
	sort.Strings(names)
	out := &ListTablesOutput{TableNames: names}
	if int64(len(names)) > limit {
		out.TableNames = names[:limit]
		out.LastEvaluatedTableName = names[limit-1]
	}
	return out, nil
}
