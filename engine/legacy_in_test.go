package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A legacy IN takes far more values than the expression form's 100
// operands: dynalite's suite, run against DynamoDB, scans with 27,500
// ("should allow scans at least for 27500 args to IN"; above about 30,000
// DynamoDB tends to answer 500, so there is no limit to reproduce). The
// expression limits stay for expressions a client writes. Issue 29.
func TestLegacyINIsNotAnExpression(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("legacyIn"))
	mustPut(t, db, "legacyIn", attr.Item{"id": s("x"), "a": s("v27499")})
	mustPut(t, db, "legacyIn", attr.Item{"id": s("y"), "a": s("other")})
	list := make([]attr.AttributeValue, 27500)
	for i := range list {
		list[i] = attr.AttributeValue{Value: s(fmt.Sprintf("v%d", i))}
	}
	out, err := db.Scan(&ScanInput{TableName: ptr("legacyIn"), ScanFilter: map[string]Condition{"a": {ComparisonOperator: "IN", AttributeValueList: list}}})
	if err != nil {
		t.Fatalf("Scan with a legacy IN of 27,500 values: %v", err)
	}
	if out.Count != 1 || out.ScannedCount != 2 {
		t.Fatalf("matched %d of %d, want the one item whose a is listed", out.Count, out.ScannedCount)
	}
	// Query's QueryFilter and PutItem's Expected are lowered alike.
	_, err = db.Query(&QueryInput{TableName: ptr("legacyIn"),
		KeyConditions: map[string]Condition{"id": {ComparisonOperator: "EQ", AttributeValueList: []attr.AttributeValue{{Value: s("x")}}}},
		QueryFilter:   map[string]Condition{"a": {ComparisonOperator: "IN", AttributeValueList: list}}})
	if err != nil {
		t.Fatalf("Query with a legacy IN of 27,500 values: %v", err)
	}
	_, err = db.PutItem(&PutItemInput{TableName: ptr("legacyIn"), Item: attr.Item{"id": s("x"), "a": s("new")},
		Expected: map[string]ExpectedAttributeValue{"a": {ComparisonOperator: "IN", AttributeValueList: list}}})
	if err != nil {
		t.Fatalf("PutItem with Expected IN of 27,500 values: %v", err)
	}

	// The expression form keeps its 100 operands.
	names := make([]string, 100)
	vals := attr.Values{}
	for i := range names {
		names[i] = fmt.Sprintf(":v%d", i)
		vals[names[i]] = s("v")
	}
	_, err = db.Scan(&ScanInput{TableName: ptr("legacyIn"), FilterExpression: ptr("a IN (" + strings.Join(names, ", ") + ")"), ExpressionAttributeValues: vals})
	wantError(t, err, CodeValidation, "Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: IN, number of operands: 101")
}
