package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, Expected's ComparisonOperator as raw JSON: "" is an enum
// violation counted with the request's others, as DynamoDB words a
// ScanFilter's "" (dynalite's test/scan.js "incorrect attributes", run
// against DynamoDB) and as dynalite's validations declare Expected's; a
// null one is missing, and an entry with neither Value nor Exists says
// "Exists is null" (dynalite's test/putItem.js).
var expectedOperator = []fidelityCase{
	{"an empty operator in PutItem's Expected", "PutItem",
		`{"TableName":"abc","Item":{"pk":{"S":"x"}},"Expected":{"a":{"ComparisonOperator":""}}}`,
		"ValidationException", "1 validation error detected: Value '' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + tenOpEnum,
		"dynalite's test/scan.js 'incorrect attributes' (the front end's wording of an empty operator); dynalite's validations/putItem.js (Expected's enum)"},
	{"beside a bad ReturnValues in DeleteItem", "DeleteItem",
		`{"TableName":"abc","Key":{"pk":{"S":"x"}},"ReturnValues":"hi","Expected":{"a":{"ComparisonOperator":""}}}`,
		"ValidationException", "2 validation errors detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]; Value '' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + tenOpEnum,
		"dynalite's test/deleteItem.js 'incorrect attributes' (aggregation); as above for the operator"},
	{"a null operator is the Value/Exists form", "PutItem",
		`{"TableName":"abc","Item":{"pk":{"S":"x"}},"Expected":{"a":{"ComparisonOperator":null}}}`,
		"ValidationException", "1 validation error detected: One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a",
		"dynalite's test/putItem.js 'should return ValidationException if no value and no exists' (enveloped today: issue 29)"},
}

func TestIssue29ExpectedOperator(t *testing.T) {
	runFidelity(t, engine.New(), expectedOperator)
}
