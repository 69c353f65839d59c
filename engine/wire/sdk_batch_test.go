//go:build !js

package wire_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
)

func TestSDKBatch(t *testing.T) {
	c, _ := newClient(t)
	createScores(t, c)
	createUsers(t, c)

	bw, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		"scores": {
			{PutRequest: &types.PutRequest{Item: Item{"pk": S("a"), "sk": N("1"), "v": S("x")}}},
			{PutRequest: &types.PutRequest{Item: Item{"pk": S("a"), "sk": N("2")}}},
		},
		"users": {
			{PutRequest: &types.PutRequest{Item: Item{"id": S("u1")}}},
			{PutRequest: &types.PutRequest{Item: Item{"id": S("u2")}}},
		},
	}, ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	must(t, "BatchWriteItem", err)
	if bw.UnprocessedItems == nil || len(bw.UnprocessedItems) != 0 {
		t.Errorf(`BatchWriteItem UnprocessedItems = %v, want present and empty ("UnprocessedItems":{})`, bw.UnprocessedItems)
	}
	if len(bw.ConsumedCapacity) != 2 {
		t.Errorf("BatchWriteItem ConsumedCapacity: %+v", bw.ConsumedCapacity)
	}

	bg, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		"scores": {Keys: []Item{{"pk": S("a"), "sk": N("1")}, {"pk": S("a"), "sk": N("2")}, {"pk": S("zz"), "sk": N("1")}}, ConsistentRead: aws.Bool(true)},
		"users":  {Keys: []Item{{"id": S("u1")}}, ProjectionExpression: aws.String("id")},
	}, ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	must(t, "BatchGetItem", err)
	if len(bg.Responses["scores"]) != 2 || len(bg.Responses["users"]) != 1 {
		t.Errorf("BatchGetItem Responses: %v", bg.Responses)
	}
	if bg.UnprocessedKeys == nil || len(bg.UnprocessedKeys) != 0 {
		t.Errorf(`BatchGetItem UnprocessedKeys = %v, want present and empty ("UnprocessedKeys":{})`, bg.UnprocessedKeys)
	}
	if len(bg.ConsumedCapacity) != 2 {
		t.Errorf("BatchGetItem ConsumedCapacity: %+v", bg.ConsumedCapacity)
	}

	_, err = c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		"users": {{DeleteRequest: &types.DeleteRequest{Key: Item{"id": S("u1")}}}},
	}})
	must(t, "BatchWriteItem delete", err)
	g, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("users"), Key: Item{"id": S("u1")}, ConsistentRead: aws.Bool(true)})
	must(t, "GetItem", err)
	if g.Item != nil {
		t.Errorf("u1 still there after the batch delete")
	}

	_, err = c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		"users": {Keys: []Item{{"id": S("u2")}, {"id": S("u2")}}},
	}})
	wantError(t, "BatchGetItem duplicates", err, "ValidationException", "Provided list of item keys contains duplicates")
	_, err = c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		"users": {{PutRequest: &types.PutRequest{Item: Item{"id": S("u3")}}}, {DeleteRequest: &types.DeleteRequest{Key: Item{"id": S("u3")}}}},
	}})
	wantError(t, "BatchWriteItem duplicates", err, "ValidationException", "Provided list of item keys contains duplicates")
	_, err = c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
		"nope": {Keys: []Item{{"id": S("u2")}}},
	}})
	wantError(t, "BatchGetItem missing table", err, "ResourceNotFoundException", "Requested resource not found")

	var many []Item
	for i := range 101 {
		many = append(many, Item{"id": S(strconv.Itoa(i))})
	}
	_, err = c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"users": {Keys: many}}})
	wantError(t, "BatchGetItem 101 keys", err, "ValidationException",
		"1 validation error detected: Value at 'RequestItems.users.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100")
	var writes []types.WriteRequest
	for i := range 26 {
		writes = append(writes, types.WriteRequest{PutRequest: &types.PutRequest{Item: Item{"id": S(strconv.Itoa(i))}}})
	}
	_, err = c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"users": writes}})
	wantError(t, "BatchWriteItem 26 requests", err, "ValidationException", "")
	var ae smithy.APIError
	if errors.As(err, &ae) && (!strings.HasPrefix(ae.ErrorMessage(), "1 validation error detected: Value '{users=[") ||
		!strings.HasSuffix(ae.ErrorMessage(), "' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]")) {
		t.Errorf("BatchWriteItem 26 requests: %q", ae.ErrorMessage())
	}
}

func TestSDKTransactions(t *testing.T) {
	c, _ := newClient(t)
	createUsers(t, c)
	tbl := aws.String("users")
	for _, id := range []string{"keep", "gone", "check"} {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: Item{"id": S(id), "n": N("1")}})
		must(t, "PutItem", err)
	}

	_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: tbl, Item: Item{"id": S("new"), "n": N("5")}, ConditionExpression: aws.String("attribute_not_exists(id)")}},
		{Update: &types.Update{TableName: tbl, Key: Item{"id": S("keep")}, UpdateExpression: aws.String("SET n = n + :one"),
			ExpressionAttributeValues: Item{":one": N("1")}}},
		{Delete: &types.Delete{TableName: tbl, Key: Item{"id": S("gone")}}},
		{ConditionCheck: &types.ConditionCheck{TableName: tbl, Key: Item{"id": S("check")}, ConditionExpression: aws.String("n = :one"),
			ExpressionAttributeValues: Item{":one": N("1")}}},
	}})
	must(t, "TransactWriteItems", err)

	tg, err := c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: tbl, Key: Item{"id": S("new")}}},
		{Get: &types.Get{TableName: tbl, Key: Item{"id": S("gone")}}},
		{Get: &types.Get{TableName: tbl, Key: Item{"id": S("keep")}, ProjectionExpression: aws.String("n")}},
	}})
	must(t, "TransactGetItems", err)
	if len(tg.Responses) != 3 {
		t.Fatalf("TransactGetItems: %d responses, want 3", len(tg.Responses))
	}
	sameItem(t, "TransactGetItems[0]", tg.Responses[0].Item, Item{"id": S("new"), "n": N("5")})
	if tg.Responses[1].Item != nil {
		t.Errorf("TransactGetItems[1] (deleted): %s, want no Item", renderItem(tg.Responses[1].Item))
	}
	sameItem(t, "TransactGetItems[2]", tg.Responses[2].Item, Item{"n": N("2")})

	// Cancellation: nothing is applied, one reason per action.
	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: tbl, Item: Item{"id": S("never")}}},
		{ConditionCheck: &types.ConditionCheck{TableName: tbl, Key: Item{"id": S("check")}, ConditionExpression: aws.String("n = :two"),
			ExpressionAttributeValues: Item{":two": N("2")}, ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}},
		{Delete: &types.Delete{TableName: tbl, Key: Item{"id": S("keep")}}},
	}})
	wantError(t, "TransactWriteItems cancelled", err, "TransactionCanceledException",
		"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None]")
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		var codes []string
		for _, r := range tce.CancellationReasons {
			codes = append(codes, aws.ToString(r.Code))
		}
		if strings.Join(codes, ",") != "None,ConditionalCheckFailed,None" {
			t.Errorf("CancellationReasons codes %v", codes)
		}
		if len(tce.CancellationReasons) == 3 {
			r := tce.CancellationReasons[1]
			if aws.ToString(r.Message) != "The conditional request failed" {
				t.Errorf("reason message %q", aws.ToString(r.Message))
			}
			sameItem(t, "reason Item (ALL_OLD)", r.Item, Item{"id": S("check"), "n": N("1")})
			if tce.CancellationReasons[0].Message != nil || tce.CancellationReasons[0].Item != nil {
				t.Errorf("reason None carries %+v", tce.CancellationReasons[0])
			}
		}
	}
	g, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: Item{"id": S("never")}, ConsistentRead: aws.Bool(true)})
	must(t, "GetItem", err)
	if g.Item != nil {
		t.Errorf("a cancelled transaction wrote its Put")
	}

	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: tbl, Item: Item{"id": S("dup")}}},
		{Delete: &types.Delete{TableName: tbl, Key: Item{"id": S("dup")}}},
	}})
	wantError(t, "TransactWriteItems same item twice", err, "ValidationException", "Transaction request cannot include multiple operations on one item")
	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{}})
	wantError(t, "TransactWriteItems empty", err, "ValidationException",
		"1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1")
}
