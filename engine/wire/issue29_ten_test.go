package wire_test

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, which ten of eleven violations are reported, as raw JSON:
// dynalite's test/scan.js and query.js "should return ValidationException
// for incorrect attributes" (today's version), run against DynamoDB. The
// Scan's empty AttributesToGet and the Query's second KeyConditions
// operator are left out; the rest is listed in the engine's check order
// (DynamoDB's own listing order has changed over the years; dynalite
// compares a set) and conditionalOperator's enum as [AND, OR] (dynalite's
// [OR, AND] kept as a known difference).
const (
	tenPattern  = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
	tenOpEnum   = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
	tenSelEnum  = "Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]"
	tenRCCEnum  = "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
	tenCondEnum = "Member must satisfy enum value set: [AND, OR]"
)

// tenOf joins violations as DynamoDB does for ten of them.
func tenOf(vs ...string) string { return "10 validation errors detected: " + strings.Join(vs, "; ") }

// scanTen and queryTen are the ten kept, the filter maps' second operator
// worded as b (the raw request's "" or the SDK's null).
func scanTen(b string) string {
	return tenOf("Value 'abc;' at 'tableName' failed to satisfy constraint: "+tenPattern,
		"Value 'abc;' at 'indexName' failed to satisfy constraint: "+tenPattern,
		"Value 'hi' at 'select' failed to satisfy constraint: "+tenSelEnum,
		"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: "+tenRCCEnum,
		"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: "+tenCondEnum,
		"Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
		"Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0",
		"Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1",
		"Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
		b)
}

func queryTen(b string) string {
	return tenOf("Value 'abc;' at 'tableName' failed to satisfy constraint: "+tenPattern,
		"Value 'abc;' at 'indexName' failed to satisfy constraint: "+tenPattern,
		"Value 'hi' at 'select' failed to satisfy constraint: "+tenSelEnum,
		"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: "+tenRCCEnum,
		"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: "+tenCondEnum,
		// Today's wording of Query's Limit (shared/reference/api-semantics.md);
		// dynalite's is "Value '-1' at 'limit' ...".
		"Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
		"Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
		b,
		"Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
		"Value null at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null")
}

var tenOfEleven = []fidelityCase{
	{"Scan leaves out its empty AttributesToGet", "Scan",
		`{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Segment":-1,"TotalSegments":-1,"Select":"hi","Limit":-1,"ScanFilter":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ProjectionExpression":""}`,
		"ValidationException", scanTen("Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + tenOpEnum),
		"dynalite's test/scan.js 'should return ValidationException for incorrect attributes'"},
	{"Query leaves out its second key condition's operator", "Query",
		`{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Select":"hi","Limit":-1,"KeyConditions":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN","QueryFilter":{"a":{},"b":{"ComparisonOperator":""}}}`,
		"ValidationException", queryTen("Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + tenOpEnum),
		"dynalite's test/query.js 'should return ValidationException for incorrect attributes'"},
}

func TestIssue29TenOfElevenViolations(t *testing.T) {
	runFidelity(t, engine.New(), tenOfEleven)
}
