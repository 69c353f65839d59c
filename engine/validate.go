package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// constraints collects request-shape violations (schema.Violations words
// them as DynamoDB's front end does: "N validation error(s) detected: e1; e2")
// and hands them back as one ValidationException.
type constraints struct {
	v schema.Violations
}

// null records a required member that is absent.
func (c *constraints) null(path string) { c.v.Null(path) }

// bad records a member whose value breaks a rule.
func (c *constraints) bad(value any, path, rule string) { c.v.Add(fmt.Sprint(value), path, rule) }

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
	c.v.Add(value, path, schema.EnumConstraint(allowed...))
}

// tableName checks a TableName (a name or an ARN).
func (c *constraints) tableName(name *string) { c.v.TableName(name, "tableName") }

// tableKeys checks the table names keying a batch's RequestItems: one
// violation for the map however many names break the rules, worded as
// dynalite's suite records DynamoDB's (test/batchGetItem.js and
// batchWriteItem.js "short table name ...": "Map keys must satisfy
// constraint: [...]", the map rendered by render; how DynamoDB renders it
// is not recorded, its suite matches '{.+}'). A table ARN passes, as it
// does as a TableName (today's service takes ARNs as RequestItems keys).
func (c *constraints) tableKeys(names []string, path string, render func() string) {
	for _, n := range names {
		ok := schema.ValidateNewTableName(n, path) == nil
		if strings.HasPrefix(n, "arn:") {
			ok = len(n) <= schema.MaxTableARNLength
		}
		if !ok {
			c.bad(render(), path, "Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]")
			return
		}
	}
}

// indexName checks an optional IndexName.
func (c *constraints) indexName(name *string) {
	if name != nil {
		c.v.IndexName(*name, "indexName")
	}
}

// shapeOrder: past ten violations DynamoDB reports ten, "10 validation
// errors detected: ...", and which ten it keeps says the order of its
// checks. dynalite's suite, run against DynamoDB, records two requests
// with eleven (test/scan.js and query.js "should return
// ValidationException for incorrect attributes"): a Scan's ten leave out
// its empty AttributesToGet and keep its ScanFilter's two operators; a
// Query's leave out the second of its KeyConditions' operators and keep
// its AttributesToGet and QueryFilter's. The engine checks the scalar
// members first, then the filter map, AttributesToGet and KeyConditions,
// and keeps the first ten (schema.Violations), which yields both; where
// the scalar members fall among themselves no recording shows. DynamoDB
// lists its ten in an order of its own, which has changed over the years
// (dynalite compares them as a set); the engine lists them in its order of
// checks.

// readShape checks the members Query and Scan share.
func (c *constraints) readShape(table, index *string, sel, rcc, condOp string) {
	c.tableName(table)
	c.indexName(index)
	c.enum(sel, "select", enumSelect...)
	c.enum(rcc, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	c.enum(condOp, "conditionalOperator", enumConditionalOperator...)
}

// conditions checks the ComparisonOperator of each legacy condition of
// the map at path (scanFilter, queryFilter, keyConditions), as the front
// end does before anything else of them: a missing one, or one outside the
// enum, is a violation counted with the request's others (dynalite's suite,
// run against DynamoDB: Scan "should return ValidationException for
// incorrect attributes" lists scanFilter.a.member.comparisonOperator among
// ten). A decoded "" is outside the enum (the same case's
// scanFilter.b), not missing.
func (c *constraints) conditions(path string, m map[string]Condition) {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		op, at := m[name].ComparisonOperator, path+"."+name+".member.comparisonOperator"
		if m[name].operatorMissing() {
			c.null(at)
		} else if _, ok := legacyOperands[op]; !ok {
			c.v.Add(op, at, schema.EnumConstraint(enumComparisonOperator...))
		}
	}
}

// expected checks the ComparisonOperator of each Expected entry that has
// one: outside the enum, "" included, it is a violation counted with the
// request's others, worded at expected.<name>.member.comparisonOperator,
// as DynamoDB's front end words a ScanFilter's (dynalite's test/scan.js
// "incorrect attributes", run against DynamoDB, where "" is an enum
// violation and a missing operator a null) and as dynalite's own
// validations declare Expected's (its putItem, deleteItem and updateItem
// type declarations: ComparisonOperator, the same enum). An entry without
// an operator is the Value/Exists form: nothing to check here.
func (c *constraints) expected(m map[string]ExpectedAttributeValue) {
	for _, name := range sortedKeys(m) {
		e := m[name]
		if e.ComparisonOperator == "" && !e.opSent {
			continue
		}
		if _, ok := legacyOperands[e.ComparisonOperator]; !ok {
			c.v.Add(e.ComparisonOperator, "expected."+name+".member.comparisonOperator", schema.EnumConstraint(enumComparisonOperator...))
		}
	}
}

// attributesToGet counts an empty AttributesToGet with the request's other
// violations (dynalite's suite, run against DynamoDB: Query "should return
// ValidationException for incorrect attributes" lists "Value '[]' at
// 'attributesToGet' ..." among ten).
func (c *constraints) attributesToGet(names []string) {
	if names != nil && len(names) == 0 {
		c.v.Add("[]", "attributesToGet", schema.MinLength(1))
	}
}

// limit checks an optional Limit-like member against [lo, hi] (hi 0: none).
func (c *constraints) limit(v *int64, path string, lo, hi int64) {
	switch {
	case v == nil:
	case *v < lo:
		c.bad(*v, path, schema.MinValue(lo))
	case hi > 0 && *v > hi:
		c.bad(*v, path, schema.MaxValue(hi))
	}
}

// err returns the collected violations as one ValidationException, or nil.
func (c *constraints) err() *Error {
	if err := c.v.Err(); err != nil {
		return schemaError(err)
	}
	return nil
}

// schemaError maps a schema validation error to the engine's error.
func schemaError(err error) *Error {
	var se *schema.Error
	if errors.As(err, &se) {
		if se.Code == schema.CodeLimitExceeded {
			return Errorf(CodeLimitExceeded, "%s", se.Message)
		}
		return validationf("%s", se.Message)
	}
	return validationf("%s", err.Error())
}

// Enumerations shared by several operations, in DynamoDB's order.
var (
	enumReturnConsumedCapacity = []string{"INDEXES", "TOTAL", "NONE"}
	enumReturnItemCollection   = []string{"SIZE", "NONE"}
	enumReturnValues           = []string{"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}
	enumReturnOnCondition      = []string{"ALL_OLD", "NONE"}
	enumSelect                 = []string{"SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"}
	enumConditionalOperator    = []string{"AND", "OR"}
	enumComparisonOperator     = []string{"IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT", "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"}
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
