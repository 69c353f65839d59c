//go:build !js

package wire_test

// TestIssue29CompositeGSIQuery's refusals through the AWS SDK for Go v2:
// a multi-attribute GSI key (2 HASH + 2 RANGE) words a partition key
// attribute left out and a sort key attribute skipped with the texts shaped
// to Alternator's patterns (issue29_more_test.go says why).

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29CompositeGSIQuery(t *testing.T) {
	c, _ := newClient(t)
	def := func(n string, t types.ScalarAttributeType) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: t}
	}
	key := func(n string, k types.KeyType) types.KeySchemaElement {
		return types.KeySchemaElement{AttributeName: aws.String(n), KeyType: k}
	}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("comp"), BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{def("p", types.ScalarAttributeTypeS), def("h1", types.ScalarAttributeTypeS),
			def("h2", types.ScalarAttributeTypeS), def("r1", types.ScalarAttributeTypeN), def("r2", types.ScalarAttributeTypeS)},
		KeySchema: []types.KeySchemaElement{key("p", types.KeyTypeHash)},
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("gsi"),
			KeySchema:  []types.KeySchemaElement{key("h1", types.KeyTypeHash), key("h2", types.KeyTypeHash), key("r1", types.KeyTypeRange), key("r2", types.KeyTypeRange)},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}}})
	must(t, "CreateTable", err)
	query := func(kce string, vals Item) func(c *dynamodb.Client) error {
		return func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("comp"), IndexName: aws.String("gsi"),
				KeyConditionExpression: aws.String(kce), ExpressionAttributeValues: vals})
			return err
		}
	}
	// Each names its attribute (moto's aws_verified
	// test_query_error_skip_range_key), as the raw cases say.
	const (
		hashMsg  = "Query key condition not supported: every HASH key attribute of a multi-attribute key must be given an equality condition"
		rangeMsg = "Query key condition not supported: the RANGE key attributes of a multi-attribute key must be given left to right, each with an equality condition but the last"
	)
	runSDKCases(t, c, []sdkCase{
		{"one of two HASH attributes", query("h1 = :a", Item{":a": S("v")}), "ValidationException", hashMsg + "; h2 has none"},
		{"begins_with on a HASH attribute", query("h1 = :a AND begins_with(h2, :b)", Item{":a": S("v"), ":b": S("v")}), "ValidationException", hashMsg + "; h2 is not compared with ="},
		{"skipping the first RANGE attribute", query("h1 = :a AND h2 = :b AND r2 = :c", Item{":a": S("v"), ":b": S("v"), ":c": S("v")}), "ValidationException", rangeMsg + "; r1 is skipped"},
		{"an inequality before the last RANGE condition", query("h1 = :a AND h2 = :b AND r1 > :c AND r2 = :d", Item{":a": S("v"), ":b": S("v"), ":c": N("1"), ":d": S("v")}), "ValidationException", rangeMsg + "; r1 has a range condition and is not the last"},
		// moto's aws_verified test_key_conditions_with_range_keys: DynamoDB
		// takes one KeyConditions entry per key attribute of the key.
		{"three KeyConditions on the multi-attribute key", func(c *dynamodb.Client) error {
			eq := func(v types.AttributeValue) types.Condition {
				return types.Condition{ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{v}}
			}
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("comp"), IndexName: aws.String("gsi"),
				KeyConditions: map[string]types.Condition{"h1": eq(S("v")), "h2": eq(S("v")),
					"r1": {ComparisonOperator: types.ComparisonOperatorGt, AttributeValueList: []types.AttributeValue{N("1")}}}})
			return err
		}, "", ""},
		{"every HASH attribute and a RANGE prefix is a query", query("h1 = :a AND h2 = :b AND r1 > :c", Item{":a": S("v"), ":b": S("v"), ":c": N("1")}), "", ""},
	})
}
