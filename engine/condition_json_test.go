package engine

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/json"
)

const enumOperators = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"

// dynalite's test/scan.js "should return ValidationException for incorrect
// attributes", run against DynamoDB: ScanFilter {a: {}, b:
// {ComparisonOperator: ""}} gives a null violation for a and an enum
// violation for b (its empty value quoted). A decoded request tells the
// two apart; so do Query's maps.
func TestEmptyComparisonOperatorIsAnEnumViolation(t *testing.T) {
	db, _ := newTestDB(t)
	var scan ScanInput
	if err := json.Unmarshal([]byte(`{"TableName":"abc","ScanFilter":{"a":{},"b":{"ComparisonOperator":""},"c":{"ComparisonOperator":null}}}`), &scan); err != nil {
		t.Fatal(err)
	}
	_, err := db.Scan(&scan)
	wantError(t, err, CodeValidation, "3 validation errors detected: ")
	wantError(t, err, CodeValidation, "Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null")
	wantError(t, err, CodeValidation, "Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: "+enumOperators)
	wantError(t, err, CodeValidation, "Value null at 'scanFilter.c.member.comparisonOperator' failed to satisfy constraint: Member must not be null")

	var q QueryInput
	if err := json.Unmarshal([]byte(`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":""}},"QueryFilter":{"b":{"ComparisonOperator":""}}}`), &q); err != nil {
		t.Fatal(err)
	}
	_, err = db.Query(&q)
	wantError(t, err, CodeValidation, "2 validation errors detected: Value '' at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: "+enumOperators+
		"; Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: "+enumOperators)

	// A Go caller's empty string is a missing operator.
	_, err = db.Scan(&ScanInput{TableName: ptr("abc"), ScanFilter: map[string]Condition{"a": {}}})
	wantError(t, err, CodeValidation, "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null")
}
