//go:build !js

package wire_test

// issue29_keypaths_test.go's cases through the AWS SDK for Go v2.

import (
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

func TestSDKIssue29NonScalarKeyPaths(t *testing.T) {
	db := engine.New()
	dispatchOK(t, db, "CreateTable", keyPathsRangeTable)
	dispatchOK(t, db, "CreateTable", keyPathsHashTable)
	srv := httptest.NewServer(wire.NewHandler(db))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL, unvalidated)
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("range"),
		Item: Item{"a": S("1"), "b": S("1"), "e": &types.AttributeValueMemberM{Value: Item{"f": S("x")}}}})
	must(t, "PutItem", err)
	hashA := map[string]string{"#a": "a"}
	runSDKCases(t, c, []sdkCase{
		{"GetItem, a map lookup into the hash key", func(c *dynamodb.Client) error {
			_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("hash"), Key: Item{"a": S("1")},
				ProjectionExpression: aws.String("#a.b.c"), ExpressionAttributeNames: hashA})
			return err
		}, "ValidationException", keyScalarsMsg + "Key: a"},
		{"GetItem, into an index key", func(c *dynamodb.Client) error {
			_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("range"), Key: Item{"a": S("1"), "b": S("1")},
				ProjectionExpression: aws.String("#d[0]"), ExpressionAttributeNames: map[string]string{"#d": "d"}})
			return err
		}, "ValidationException", keyScalarsMsg + "IndexKey: d"},
		{"BatchGetItem's projection alike", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
				"hash": {Keys: []map[string]types.AttributeValue{{"a": S("1")}}, ProjectionExpression: aws.String("#a[0]"), ExpressionAttributeNames: hashA}}})
			return err
		}, "ValidationException", keyScalarsMsg + "Key: a"},
		{"Query's filter into an index key", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("range"), KeyConditionExpression: aws.String("a = :a"),
				FilterExpression: aws.String("attribute_exists(d.c) AND c = :b"), ExpressionAttributeValues: Item{":a": S("1"), ":b": N("1")}})
			return err
		}, "ValidationException", keyScalarsMsg + "IndexKey: d"},
		{"Scan's filter into the table key, named before an index's", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("range"),
				FilterExpression: aws.String("d.x = :a AND b.c = :a"), ExpressionAttributeValues: Item{":a": S("1")}})
			return err
		}, "ValidationException", keyScalarsMsg + "Key: b"},
		{"UpdateItem into an index key", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("range"), Key: Item{"a": S("1"), "b": S("1")},
				UpdateExpression: aws.String("SET d.y = :v"), ExpressionAttributeValues: Item{":v": S("z")}})
			return err
		}, "ValidationException", keyScalarsMsg + "IndexKey: d"},
		{"top-level keys and paths into other attributes pass", func(c *dynamodb.Client) error {
			out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("range"), ProjectionExpression: aws.String("a, d, e.f"),
				FilterExpression: aws.String("e.f = :x"), ExpressionAttributeValues: Item{":x": S("x")}})
			if err == nil && out.Count != 1 {
				t.Errorf("matched %d, want 1", out.Count)
			}
			return err
		}, "", ""},
	})
}
