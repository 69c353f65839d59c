package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, an empty ComparisonOperator, as raw JSON: dynalite's
// test/scan.js "should return ValidationException for incorrect
// attributes", run against DynamoDB, words {"ComparisonOperator": ""} as
// an enum violation and {} as a null.

const operatorEnum = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"

const operatorSrc = "dynalite's test/scan.js 'should return ValidationException for incorrect attributes', run against DynamoDB"

func TestIssue29EmptyComparisonOperator(t *testing.T) {
	runFidelity(t, engine.New(), []fidelityCase{
		{"a missing and an empty operator in ScanFilter", "Scan", `{"TableName":"abc","ScanFilter":{"a":{},"b":{"ComparisonOperator":""}}}`,
			"ValidationException", "2 validation errors detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null; " +
				"Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + operatorEnum, operatorSrc},
		{"an empty operator in KeyConditions", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":""}}}`,
			"ValidationException", "1 validation error detected: Value '' at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: " + operatorEnum,
			operatorSrc + ", Query's maps checked alike"},
		{"an empty operator in QueryFilter", "Query", `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}},"QueryFilter":{"b":{"ComparisonOperator":""}}}`,
			"ValidationException", "1 validation error detected: Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + operatorEnum,
			operatorSrc + ", Query's maps checked alike"},
		{"a null operator is a missing one", "Scan", `{"TableName":"abc","ScanFilter":{"a":{"ComparisonOperator":null}}}`,
			"ValidationException", "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
			operatorSrc + " (its {} case; JSON null reads as absent)"},
	})
}
