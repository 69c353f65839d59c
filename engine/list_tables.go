package engine

import "sort"

// ListTables implements DynamoDB's ListTables: names in ascending order,
// paged by Limit (1 to 100) and ExclusiveStartTableName.
func (d *Database) ListTables(in *ListTablesInput) (*ListTablesOutput, error) {
	var c constraints
	if in.Limit != nil {
		if *in.Limit < 1 {
			c.bad(*in.Limit, "limit", "Member must have value greater than or equal to 1")
		} else if *in.Limit > 100 {
			c.bad(*in.Limit, "limit", "Member must have value less than or equal to 100")
		}
	}
	if s := in.ExclusiveStartTableName; s != nil {
		controlTableNameAt(&c, *s, "exclusiveStartTableName")
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

func controlTableNameAt(c *constraints, n, path string) {
	switch {
	case len(n) < 3:
		c.bad(n, path, "Member must have length greater than or equal to 3")
	case len(n) > 255:
		c.bad(n, path, "Member must have length less than or equal to 255")
	case !namePattern.MatchString(n):
		c.bad(n, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+")
	}
}
