package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// dynalite's suite (test/scan.js "should return ValidationException for
// incorrect attributes", run against DynamoDB): ten violations in one
// answer, the legacy ScanFilter's operators among them. dynalite compares
// the list as a set; its enum order for conditionalOperator ([OR, AND]) is
// the one place the engine words it otherwise ([AND, OR], kept).
func TestScanAggregatesFilterOperators(t *testing.T) {
	db, _ := newTestDB(t)
	_, err := db.Scan(&ScanInput{TableName: ptr("abc;"), ReturnConsumedCapacity: "hi", IndexName: ptr("abc;"),
		Segment: ptr(int64(-1)), TotalSegments: ptr(int64(-1)), Select: "hi", Limit: ptr(int64(-1)),
		ScanFilter:          map[string]Condition{"a": {}, "b": {ComparisonOperator: "XX"}},
		ConditionalOperator: "AN"})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeValidation {
		t.Fatalf("%v, want a ValidationException", err)
	}
	const prefix = "10 validation errors detected: "
	if !strings.HasPrefix(e.Message, prefix) {
		t.Fatalf("%q, want %q first", e.Message, prefix)
	}
	got := strings.Split(strings.TrimPrefix(e.Message, prefix), "; ")
	for _, want := range []string{
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
	} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("missing %q in\n%q", want, got)
		}
	}
}

// Query's legacy maps are checked the same way, before the table is
// looked up. QueryFilter's come first (they came after KeyConditions'
// until the check order followed the ten DynamoDB keeps of eleven:
// validate.go, shapeOrder; DynamoDB lists them so too in dynalite's
// recording).
func TestQueryAggregatesConditionOperators(t *testing.T) {
	db, _ := newTestDB(t)
	_, err := db.Query(&QueryInput{TableName: ptr("missing"),
		KeyConditions: map[string]Condition{"pk": {}}, QueryFilter: map[string]Condition{"x": {ComparisonOperator: "XX"}}})
	wantError(t, err, CodeValidation, "2 validation errors detected: "+
		"Value 'XX' at 'queryFilter.x.member.comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]; "+
		"Value null at 'keyConditions.pk.member.comparisonOperator' failed to satisfy constraint: Member must not be null")
}

// kept returns the violations of a "10 validation errors detected: "
// message, failing unless it has that head.
func kept(t *testing.T, err error) map[string]bool {
	t.Helper()
	var e *Error
	const prefix = "10 validation errors detected: "
	if !errors.As(err, &e) || e.Code != CodeValidation || !strings.HasPrefix(e.Message, prefix) {
		t.Fatalf("%v, want a ValidationException with ten violations", err)
	}
	set := map[string]bool{}
	for _, v := range strings.Split(strings.TrimPrefix(e.Message, prefix), "; ") {
		set[v] = true
	}
	return set
}

// wantSet fails unless got holds exactly want.
func wantSet(t *testing.T, got map[string]bool, want []string) {
	t.Helper()
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing %q", w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d violations, want %d: %v", len(got), len(want), got)
	}
}

// dynalite's suite, run against DynamoDB (test/scan.js and query.js
// "should return ValidationException for incorrect attributes", today's
// version): requests with eleven violations, of which DynamoDB reports
// ten. The Scan's empty AttributesToGet and the Query's second
// KeyConditions operator are the ones left out (validate.go, shapeOrder).
// dynalite's [OR, AND] for conditionalOperator is [AND, OR] here (see
// TestScanAggregatesFilterOperators).
func TestTenOfElevenViolations(t *testing.T) {
	db, _ := newTestDB(t)
	const (
		opEnum  = "Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]"
		selEnum = "Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]"
		pattern = "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"
	)
	scan := decodeInto[ScanInput](t, `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Segment":-1,"TotalSegments":-1,"Select":"hi","Limit":-1,"ScanFilter":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ProjectionExpression":""}`)
	_, err := db.Scan(scan)
	wantSet(t, kept(t, err), []string{
		"Value 'hi' at 'select' failed to satisfy constraint: " + selEnum,
		"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern,
		"Value '-1' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1",
		"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
		"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern,
		"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]",
		"Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
		"Value '' at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum,
		"Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0",
		"Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
	})
	query := decodeInto[QueryInput](t, `{"TableName":"abc;","ReturnConsumedCapacity":"hi","AttributesToGet":[],"IndexName":"abc;","Select":"hi","Limit":-1,"KeyConditions":{"a":{},"b":{"ComparisonOperator":""}},"ConditionalOperator":"AN","QueryFilter":{"a":{},"b":{"ComparisonOperator":""}}}`)
	_, err = db.Query(query)
	wantSet(t, kept(t, err), []string{
		"Value 'hi' at 'select' failed to satisfy constraint: " + selEnum,
		"Value 'abc;' at 'indexName' failed to satisfy constraint: " + pattern,
		"Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
		"Value null at 'queryFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
		"Value '' at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: " + opEnum,
		"Value 'abc;' at 'tableName' failed to satisfy constraint: " + pattern,
		"Value 'AN' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [AND, OR]",
		"Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
		// dynalite records "Value '-1' at 'limit' ..."; the engine keeps the
		// wording of shared/reference/api-semantics.md (without the value, a
		// capital L), today's service.
		"Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
		"Value null at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null",
	})
}

// dynalite's test/query.js validations, run against DynamoDB on a table
// that does not exist: the request's shape is judged first.
func TestQueryShapeBeforeTable(t *testing.T) {
	db, _ := newTestDB(t)
	eq := func() Condition { return Condition{ComparisonOperator: "EQ"} }
	null := Condition{ComparisonOperator: "NULL"}
	for _, tc := range []struct {
		name string
		in   QueryInput
		want string
	}{
		{"empty conditions", QueryInput{TableName: ptr("abc"), KeyConditions: map[string]Condition{}}, "Conditions can be of length 1 or 2 only"},
		{"QueryFilter's arity before a key condition that cannot be indexed",
			QueryInput{TableName: ptr("abc"), KeyConditions: map[string]Condition{"a": null}, QueryFilter: map[string]Condition{"a": eq()}},
			"One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"arity before the number of key conditions",
			QueryInput{TableName: ptr("abc"), KeyConditions: map[string]Condition{"a": eq(), "b": null, "c": null}},
			"One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.Query(&tc.in)
			wantError(t, err, CodeValidation, tc.want)
		})
	}
	// The ten-violation case (Query "should return ValidationException for
	// incorrect attributes"): AttributesToGet [] is counted with the others.
	_, err := db.Query(&QueryInput{TableName: ptr("abc;"), ReturnConsumedCapacity: "hi", AttributesToGet: []string{},
		IndexName: ptr("abc;"), Select: "hi", Limit: ptr(int64(-1)),
		KeyConditions: map[string]Condition{"a": {}, "b": {ComparisonOperator: "XX"}},
		QueryFilter:   map[string]Condition{"a": {}, "b": {ComparisonOperator: "XX"}}})
	wantError(t, err, CodeValidation, "10 validation errors detected: ")
	wantError(t, err, CodeValidation, "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1")
}

// dynalite's test/scan.js order (run against DynamoDB): mixing, then
// expression parameters without an expression (even empty ones), then the
// legacy filter, then a lone Segment, then empty placeholder maps.
func TestScanCheckOrder(t *testing.T) {
	db, _ := newTestDB(t)
	eqX := map[string]Condition{"a": {ComparisonOperator: "EQ", AttributeValueList: []attr.AttributeValue{{Value: s("x")}}}}
	for _, tc := range []struct {
		name string
		in   ScanInput
		want string
	}{
		{"mixed, parameters in DynamoDB's order", ScanInput{TableName: ptr("abc"), ScanFilter: eqX, Segment: ptr(int64(1)), AttributesToGet: []string{"a", "a"},
			ConditionalOperator: "OR", FilterExpression: ptr(""), ProjectionExpression: ptr("")},
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression}"},
		{"empty names without an expression", ScanInput{TableName: ptr("abc"), ScanFilter: eqX, Segment: ptr(int64(1)), ExpressionAttributeNames: map[string]string{}},
			"ExpressionAttributeNames can only be specified when using expressions"},
		{"the filter before a lone Segment", ScanInput{TableName: ptr("abc"), Segment: ptr(int64(1)), ScanFilter: map[string]Condition{"a": {ComparisonOperator: "EQ"}}},
			"One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"a lone Segment before empty names", ScanInput{TableName: ptr("abc"), Segment: ptr(int64(1)), FilterExpression: ptr(""), ExpressionAttributeNames: map[string]string{}},
			"The TotalSegments parameter is required but was not present in the request when Segment parameter is present"},
		{"a lone Segment without anything else", ScanInput{TableName: ptr("abc"), TotalSegments: ptr(int64(2))},
			"The Segment parameter is required but was not present in the request when parameter TotalSegments is present"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.Scan(&tc.in)
			wantError(t, err, CodeValidation, tc.want)
		})
	}
}
