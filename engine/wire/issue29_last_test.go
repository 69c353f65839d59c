package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
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
