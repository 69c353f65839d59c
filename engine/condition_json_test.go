package engine

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
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
	// QueryFilter's violations come before KeyConditions' (they were
	// listed after them until the check order followed the ten DynamoDB
	// keeps of eleven: validate.go, shapeOrder).
	wantError(t, err, CodeValidation, "2 validation errors detected: Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: "+enumOperators+
		"; Value '' at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: "+enumOperators)

	// A Go caller's empty string is a missing operator.
	_, err = db.Scan(&ScanInput{TableName: ptr("abc"), ScanFilter: map[string]Condition{"a": {}}})
	wantError(t, err, CodeValidation, "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null")
}

// decodeInto decodes a request body the way the wire does.
func decodeInto[T any](t *testing.T, body string) *T {
	t.Helper()
	in := new(T)
	if err := json.Unmarshal([]byte(body), in); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return in
}

// dynalite's test/scan.js and query.js, run against DynamoDB: a legacy
// condition's invalid value is reported after a duplicate in
// AttributesToGet and before its operand count, a lone Segment and the
// number of key conditions; QueryFilter's operand count comes first.
func TestConditionValueErrorsInDynamoDBsOrder(t *testing.T) {
	db, _ := newTestDB(t)
	const empty = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	_, err := db.Scan(decodeInto[ScanInput](t, `{"TableName":"abc","Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"S":""}]}}}`))
	wantError(t, err, CodeValidation, empty)
	_, err = db.Scan(decodeInto[ScanInput](t, `{"TableName":"abc","Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"a":""},{"S":""}]}},"AttributesToGet":["a","a"]}`))
	wantError(t, err, CodeValidation, "One or more parameter values were invalid: Duplicate value in attribute name: a")
	_, err = db.Query(decodeInto[QueryInput](t, `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"b"}]},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}}`))
	wantError(t, err, CodeValidation, "The parameter cannot be converted to a numeric value: b")
	_, err = db.Query(decodeInto[QueryInput](t, `{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"QueryFilter":{"a":{"ComparisonOperator":"EQ"}}}`))
	wantError(t, err, CodeValidation, "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator")

	// Sound values decode as they always did, and the condition works.
	c := decodeInto[Condition](t, `{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"N":"3"}]}`)
	if c.valueErr != nil || len(c.AttributeValueList) != 2 || !attr.Equal(c.AttributeValueList[1].Value, n("3")) {
		t.Fatalf("decoded %+v", c)
	}
	mustCreate(t, db, compositeTable("nums", "N"))
	for _, sk := range []string{"0", "2", "4"} {
		mustPut(t, db, "nums", attr.Item{"pk": s("p"), "sk": n(sk)})
	}
	out, err := db.Query(decodeInto[QueryInput](t, `{"TableName":"nums","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},"sk":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"N":"3"}]}}}`))
	if err != nil || out.Count != 1 {
		t.Fatalf("Query: %v %v", out, err)
	}
}

// Expected's ComparisonOperator: "" (and any value outside the enum) is a
// front-end violation at expected.<name>.member.comparisonOperator,
// counted with the request's others, as DynamoDB words a ScanFilter's ""
// (dynalite's test/scan.js "incorrect attributes") and as dynalite's own
// validations declare Expected's; a missing or null one is the
// Value/Exists form, and an entry with neither Value nor Exists says
// "Exists is null" (dynalite's test/putItem.js "no value and no exists").
func TestExpectedEmptyComparisonOperator(t *testing.T) {
	db, _ := newTestDB(t)
	const enum = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
	cases := []heldCase{
		{"PutItem: an empty operator is an enum violation", "PutItem",
			`{"TableName":"abc","Item":{"pk":{"S":"x"}},"Expected":{"a":{"ComparisonOperator":""}}}`,
			CodeValidation, "1 validation error detected: Value '' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + enum},
		{"DeleteItem: counted with the other violations", "DeleteItem",
			`{"TableName":"abc","Key":{"pk":{"S":"x"}},"ReturnValues":"hi","Expected":{"b":{"ComparisonOperator":"XX","AttributeValueList":[{"S":"x"}]},"a":{"ComparisonOperator":""}}}`,
			CodeValidation, "3 validation errors detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]; " +
				"Value '' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + enum + "; " +
				"Value 'XX' at 'expected.b.member.comparisonOperator' failed to satisfy constraint: " + enum},
		{"UpdateItem: alike", "UpdateItem",
			`{"TableName":"abc","Key":{"pk":{"S":"x"}},"Expected":{"a":{"ComparisonOperator":""}}}`,
			CodeValidation, "1 validation error detected: Value '' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + enum},
		{"a null operator is a missing one", "DeleteItem",
			`{"TableName":"abc","Key":{"pk":{"S":"x"}},"Expected":{"a":{"ComparisonOperator":null}}}`,
			CodeValidation, "One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a"},
		{"Exists true without Value", "DeleteItem",
			`{"TableName":"abc","Key":{"pk":{"S":"x"}},"Expected":{"a":{"Exists":true}}}`,
			CodeValidation, "One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a"},
		{"an operator with its values still works", "PutItem",
			`{"TableName":"tab","Item":{"id":{"S":"x"}},"Expected":{"id":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}}}`,
			CodeConditionalCheckFailed, "The conditional request failed"},
	}
	mustCreate(t, db, hashTable("tab"))
	runHeldCases(t, db, cases)

	// A Go caller's empty operator is no operator: the Value/Exists form.
	_, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("tab"), Key: attr.Item{"id": s("x")},
		Expected: map[string]ExpectedAttributeValue{"id": {Exists: ptr(false)}}})
	if err != nil {
		t.Fatalf("Go caller's Expected: %v", err)
	}
}
