//go:build !js

package wire_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// Throttle mode through the wire: a 5 WCU table answers
// ProvisionedThroughputExceededException once its share is spent, and a
// BatchWriteItem returns what did not fit as UnprocessedItems.
func TestSDKThrottleMode(t *testing.T) {
	ctx := context.Background()
	clk := engine.NewManualClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	srv := httptest.NewServer(wire.NewHandler(engine.New(engine.WithThrottling(true), engine.WithClock(clk))))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL)

	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:             aws.String("throttled"),
		AttributeDefinitions:  []types.AttributeDefinition{{AttributeName: aws.String("id"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:             []types.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: types.KeyTypeHash}},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)},
	})
	must(t, "CreateTable", err)

	reqs := make([]types.WriteRequest, 25)
	for i := range reqs {
		reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{"id": S(fmt.Sprintf("item-%d", i))}}}
	}
	out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"throttled": reqs}})
	must(t, "BatchWriteItem", err)
	if got := len(out.UnprocessedItems["throttled"]); got != 20 {
		t.Fatalf("UnprocessedItems: %d, want 20 of 25 (5 WCU)", got)
	}

	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("throttled"), Item: map[string]types.AttributeValue{"id": S("one-more")}})
	wantError(t, "PutItem", err, "ProvisionedThroughputExceededException",
		"The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.")

	clk.Advance(time.Second)
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("throttled"), Item: map[string]types.AttributeValue{"id": S("one-more")}})
	must(t, "PutItem after a second", err)
}
