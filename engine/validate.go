package engine

import (
	"fmt"
	"strings"
)

// constraints collects request-shape violations and reports them the way
// DynamoDB's front end does: "N validation error(s) detected: e1; e2".
type constraints struct {
	msgs []string
}

// null records a required member that is absent.
func (c *constraints) null(path string) {
	c.msgs = append(c.msgs, fmt.Sprintf("Value null at '%s' failed to satisfy constraint: Member must not be null", path))
}

// bad records a member whose value breaks a rule.
func (c *constraints) bad(value any, path, rule string) {
	c.msgs = append(c.msgs, fmt.Sprintf("Value '%v' at '%s' failed to satisfy constraint: %s", value, path, rule))
}

// enum checks an optional enumerated member.
func (c *constraints) enum(value, path string, allowed ...string) {
	if value == "" {
		return
	}
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	c.bad(value, path, "Member must satisfy enum value set: ["+strings.Join(allowed, ", ")+"]")
}

// tableName checks a data-plane TableName (a name or an ARN).
func (c *constraints) tableName(name *string, path string) {
	switch {
	case name == nil:
		c.null(path)
	case len(*name) < 1:
		c.bad(*name, path, "Member must have length greater than or equal to 1")
	case len(*name) > 1024:
		c.bad(*name, path, "Member must have length less than or equal to 1024")
	}
}

// err returns the collected violations as one ValidationException, or nil.
func (c *constraints) err() *Error {
	if len(c.msgs) == 0 {
		return nil
	}
	msgs := c.msgs
	if len(msgs) > 10 {
		msgs = msgs[:10]
	}
	noun := "errors"
	if len(c.msgs) == 1 {
		noun = "error"
	}
	return validationf("%d validation %s detected: %s", len(c.msgs), noun, strings.Join(msgs, "; "))
}

// Enumerations shared by several operations, in DynamoDB's order.
var (
	enumReturnConsumedCapacity = []string{"INDEXES", "TOTAL", "NONE"}
	enumReturnItemCollection   = []string{"SIZE", "NONE"}
	enumReturnValues           = []string{"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}
	enumReturnOnCondition      = []string{"ALL_OLD", "NONE"}
	enumSelect                 = []string{"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"}
	enumConditionalOperator    = []string{"AND", "OR"}
)

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func boolValue(p *bool, def bool) bool {
	if p == nil {
		return def
	}
	return *p
}
