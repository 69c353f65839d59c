package wire_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// The last of issue 29 as raw JSON: the attribute-redefinition message,
// IN with many values, headers over 16 KB (server/), validation order.

const redefinedMsg = "One or more parameter values were invalid: Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. " +
	"Existing schema: Schema:[SchemaElement: key{xyz:S:HASH}] New schema: Schema:[SchemaElement: key{xyz:N:HASH}]"

const redefinedSrc = "Alternator's test_gsi_updatetable.py test_gsi_key_type_conflict_on_update, quoting DynamoDB"

func TestIssue29AttributeRedefinition(t *testing.T) {
	db := engine.New()
	dispatchOK(t, db, "CreateTable", `{"TableName":"redef","AttributeDefinitions":[{"AttributeName":"p","AttributeType":"S"},{"AttributeName":"xyz","AttributeType":"S"}],`+
		`"KeySchema":[{"AttributeName":"p","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",`+
		`"GlobalSecondaryIndexes":[{"IndexName":"index1","KeySchema":[{"AttributeName":"xyz","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]}`)
	runFidelity(t, db, []fidelityCase{
		{"a second GSI redefines its key's type", "UpdateTable",
			`{"TableName":"redef","AttributeDefinitions":[{"AttributeName":"xyz","AttributeType":"N"}],"GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"index2","KeySchema":[{"AttributeName":"xyz","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]}`,
			"ValidationException", redefinedMsg, redefinedSrc},
		{"CreateTable defining an attribute twice", "CreateTable",
			`{"TableName":"dup","AttributeDefinitions":[{"AttributeName":"p","AttributeType":"S"},{"AttributeName":"p","AttributeType":"N"}],"KeySchema":[{"AttributeName":"p","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`,
			"ValidationException", "Attribute Name is duplicated: p", "scylladb/scylladb#13870, quoting DynamoDB"},
		{"an unused redefinition is ignored", "UpdateTable",
			`{"TableName":"redef","AttributeDefinitions":[{"AttributeName":"p","AttributeType":"N"},{"AttributeName":"q","AttributeType":"S"}],"GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"index3","KeySchema":[{"AttributeName":"q","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]}`,
			"", `"AttributeName":"p","AttributeType":"S"`, "paritysuite/dynamodb-conformance#78, characterised against AWS: the existing type is kept"},
	})
}

// dynaliteTenViolations: dynalite's test/scan.js "should return
// ValidationException for incorrect attributes", run against DynamoDB (a
// set: dynalite does not compare the order). Its conditionalOperator enum
// reads [OR, AND]; the engine keeps [AND, OR].
var dynaliteTenViolations = []string{
	"Value 'hi' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
	"Value 'abc;' at 'indexName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
	"Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1",
	"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
	"Value 'abc;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
	"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]",
	"Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
	"Value 'XX' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]",
	"Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0",
	"Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
}

// wantViolations checks msg is "N validation errors detected: " and the
// set want.
func wantViolations(t *testing.T, msg string, want []string) {
	t.Helper()
	prefix := fmt.Sprintf("%d validation errors detected: ", len(want))
	if !strings.HasPrefix(msg, prefix) {
		t.Fatalf("%q, want %q first", msg, prefix)
	}
	got := strings.Split(strings.TrimPrefix(msg, prefix), "; ")
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing %q in\n%q", w, got)
		}
	}
}

func TestIssue29TenViolations(t *testing.T) {
	db := engine.New()
	status, resp := wire.Dispatch(db, wire.TargetPrefix+"Scan", []byte(`{"TableName":"abc;","ReturnConsumedCapacity":"hi","IndexName":"abc;","Segment":-1,"TotalSegments":-1,"Select":"hi","Limit":-1,`+
		`"ScanFilter":{"a":{},"b":{"ComparisonOperator":"XX"}},"ConditionalOperator":"AN"}`))
	var e struct {
		Message string `json:"message"`
	}
	if err := json.Unmarshal(resp, &e); err != nil || status != 400 {
		t.Fatalf("%d %s", status, resp)
	}
	wantViolations(t, e.Message, dynaliteTenViolations)
}

// inValues is a legacy AttributeValueList of n distinct strings.
func inValues(n int) string {
	vals := make([]string, n)
	for i := range vals {
		vals[i] = fmt.Sprintf(`{"S":"v%d"}`, i)
	}
	return "[" + strings.Join(vals, ",") + "]"
}

// dynalite's test/scan.js "should allow scans at least for 27500 args to
// IN", run against DynamoDB: a legacy IN is not held to the expression
// form's 100 operands.
func TestIssue29LegacyINWithManyValues(t *testing.T) {
	db := engine.New()
	fidelitySetup(t, db)
	dispatchOK(t, db, "PutItem", `{"TableName":"tab","Item":{"pk":{"S":"x"},"a":{"S":"v27499"}}}`)
	runFidelity(t, db, []fidelityCase{
		{"Scan with 27,500 values to IN", "Scan",
			`{"TableName":"tab","ScanFilter":{"a":{"ComparisonOperator":"IN","AttributeValueList":` + inValues(27500) + `}}}`,
			"", `"Count":1`, "dynalite's test/scan.js, run against DynamoDB"},
		{"Query's QueryFilter alike", "Query",
			`{"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"QueryFilter":{"a":{"ComparisonOperator":"IN","AttributeValueList":` + inValues(27500) + `}}}`,
			"", `"Count":1`, "dynalite's test/scan.js (the Scan case), lowered the same way"},
		{"the expression form keeps its 100 operands", "Scan",
			`{"TableName":"tab","FilterExpression":"a IN (` + strings.TrimSuffix(strings.Repeat(":v,", 100), ",") + `)","ExpressionAttributeValues":{":v":{"S":"v"}}}`,
			"ValidationException", "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: IN, number of operands: 101",
			"shared/reference/expressions.md (IN: 100 operands)"},
	})
}

// dynalite's test/query.js validations, run against DynamoDB on a table
// that does not exist ("abc"): the shape is judged before the table.
var dynaliteQueryOrder = []fidelityCase{
	{"empty conditions", "Query", `{"TableName":"abc","KeyConditions":{}}`,
		"ValidationException", "Conditions can be of length 1 or 2 only", "dynalite's test/query.js 'should return ValidationException for empty conditions'"},
	{"QueryFilter's arity before KeyConditions", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"NULL"}},"QueryFilter":{"a":{"ComparisonOperator":"EQ"}}}`,
		"ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
		"dynalite's test/query.js 'should return ValidationException for incorrect number of filter arguments on QueryFilter'"},
	{"arity before the number of key conditions", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ"},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}}`,
		"ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
		"dynalite's test/query.js 'should return ValidationException for incorrect number of filter arguments'"},
}

func TestIssue29QueryShapeBeforeTable(t *testing.T) {
	runFidelity(t, engine.New(), dynaliteQueryOrder)
}

// dynalite's test/scan.js validations, run against DynamoDB on a missing
// table, with their invalid ExclusiveStartKey {"a":{}} (held at decode
// and judged after these: engine/decode.go; it was left out while values
// were judged at decode) and the empty values of their ScanFilters made
// valid (issue29_values_test.go has them as sent): the order of the
// checks around a lone Segment.
var dynaliteScanChecks = []fidelityCase{
	{"mixing comes before a lone Segment", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","FilterExpression":"","ProjectionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression}",
		"dynalite's test/scan.js 'should return ValidationException if expression and non-expression'"},
	{"ExpressionAttributeNames without an expression, even empty", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "ExpressionAttributeNames can only be specified when using expressions",
		"dynalite's test/scan.js 'should return ValidationException if ExpressionAttributeNames but no FilterExpression'"},
	{"ExpressionAttributeValues without an expression, even empty", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","ExpressionAttributeValues":{}}`,
		"ValidationException", "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
		"dynalite's test/scan.js 'should return ValidationException if ExpressionAttributeValues but no FilterExpression'"},
	{"duplicate AttributesToGet before a lone Segment", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"AttributesToGet":["a","a"]}`,
		"ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a",
		"dynalite's test/scan.js 'should return ValidationException for duplicate values in AttributesToGet'"},
	{"a ScanFilter's operand count before a lone Segment", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ"}}}`,
		"ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
		"dynalite's test/scan.js 'should return ValidationException for incorrect number of ScanFilter arguments'"},
	{"a ScanFilter's operand type before a lone Segment", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"LT","AttributeValueList":[{"BOOL":true}]}}}`,
		"ValidationException", "One or more parameter values were invalid: ComparisonOperator LT is not valid for BOOL AttributeValue type",
		"dynalite's test/scan.js 'should return ValidationException for invalid ComparisonOperator types'"},
	{"a lone Segment before empty placeholder maps and expressions", "Scan",
		`{"TableName":"abc","Segment":1,"FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
		"dynalite's test/scan.js 'should return ValidationException for missing TotalSegments'"},
	{"a Segment out of range before them too", "Scan",
		`{"TableName":"abc","Segment":1,"TotalSegments":1,"FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 1 is not less than TotalSegments: 1",
		"dynalite's test/scan.js 'should return ValidationException for Segment more than TotalSegments'"},
	{"empty names beside an expression", "Scan",
		`{"TableName":"abc","FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "ExpressionAttributeNames must not be empty",
		"dynalite's test/scan.js 'should return ValidationException for empty ExpressionAttributeNames'"},
}

func TestIssue29ScanValidationOrder(t *testing.T) {
	runFidelity(t, engine.New(), dynaliteScanChecks)
}
