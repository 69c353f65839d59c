package engine

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Test helpers: small constructors that keep table-driven cases readable.

func s(v string) attr.Value { return attr.String(v) }
func n(v string) attr.Value { return attr.MustNumber(v) }
func ptr[T any](v T) *T     { return &v }

var epoch0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newTestDB(t testing.TB) (*Database, *ManualClock) {
	t.Helper()
	clk := NewManualClock(epoch0)
	return New(WithClock(clk)), clk
}

// compositeTable is a table keyed by pk (S) and sk (S or N).
func compositeTable(name string, skType schema.ScalarType) *CreateTableInput {
	return &CreateTableInput{
		TableName: name,
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "pk", AttributeType: schema.TypeS},
			{AttributeName: "sk", AttributeType: skType},
		},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "pk", KeyType: schema.KeyTypeHash},
			{AttributeName: "sk", KeyType: schema.KeyTypeRange},
		},
		BillingMode: schema.BillingPayPerRequest,
	}
}

func hashTable(name string) *CreateTableInput {
	return &CreateTableInput{
		TableName:            name,
		AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "id", AttributeType: schema.TypeS}},
		KeySchema:            []schema.KeySchemaElement{{AttributeName: "id", KeyType: schema.KeyTypeHash}},
		ProvisionedThroughput: &schema.ProvisionedThroughput{
			ReadCapacityUnits: ptr(int64(5)), WriteCapacityUnits: ptr(int64(5)),
		},
	}
}

func mustCreate(t testing.TB, db *Database, in *CreateTableInput) {
	t.Helper()
	if _, err := db.CreateTable(in); err != nil {
		t.Fatalf("CreateTable %s: %v", in.TableName, err)
	}
}

func mustPut(t testing.TB, db *Database, table string, item attr.Item) {
	t.Helper()
	if _, err := db.PutItem(&PutItemInput{TableName: &table, Item: item}); err != nil {
		t.Fatalf("PutItem %v: %v", item, err)
	}
}

// wantError checks that err is an *Error with the code and a message
// containing want (DynamoDB's wording is the test data).
func wantError(t testing.TB, err error, code Code, want string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got error %v (%T), want %s %q", err, err, code, want)
	}
	if e.Code != code || !strings.Contains(e.Message, want) {
		t.Fatalf("got %s %q, want %s containing %q", e.Code, e.Message, code, want)
	}
}

func itemsEqual(a, b attr.Item) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !attr.Equal(v, w) {
			return false
		}
	}
	return true
}
