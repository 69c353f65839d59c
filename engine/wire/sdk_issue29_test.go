//go:build !js

package wire_test

// Issue 29's cases through the AWS SDK for Go v2: the same requests as
// issue29_test.go's raw JSON, typed, with the SDK's client-side
// validation removed so that what DynamoDB refuses reaches the engine.

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	smithymw "github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// unvalidated removes the SDK's required-member checks.
func unvalidated(o *dynamodb.Options) {
	o.APIOptions = append(o.APIOptions, func(s *smithymw.Stack) error {
		_, err := s.Initialize.Remove("OperationInputValidation")
		return err
	})
}

// sdkCase is one issue 29 request through the SDK; code "" means success.
type sdkCase struct {
	name      string
	call      func(c *dynamodb.Client) error
	code, msg string
}

func runSDKCases(t *testing.T, c *dynamodb.Client, cases []sdkCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call(c)
			if tc.code == "" {
				must(t, tc.name, err)
				return
			}
			wantError(t, tc.name, err, tc.code, tc.msg)
		})
	}
}

// sdkFidelitySetup creates issue 29's tables through the SDK.
func sdkFidelitySetup(t *testing.T, c *dynamodb.Client) {
	t.Helper()
	for _, name := range []string{"tab", "big"} {
		_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name),
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
			KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
			BillingMode:          types.BillingModePayPerRequest})
		must(t, "CreateTable", err)
	}
	long := strings.Repeat("x", 100000)
	for i := range 50 {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("big"), Item: Item{"pk": S(fmt.Sprintf("p%d", i)), "x": S(long)}})
		must(t, "PutItem", err)
	}
}

func TestSDKIssue29Regressions(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	var deletes []types.TransactWriteItem
	for i := range 50 {
		deletes = append(deletes, types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String("big"), Key: Item{"pk": S(fmt.Sprintf("p%d", i))}}})
	}
	runSDKCases(t, c, []sdkCase{
		{"CreateTable without TableName", func(c *dynamodb.Client) error {
			_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
				KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
				BillingMode:          types.BillingModePayPerRequest})
			return err
		}, "ValidationException", "The parameter 'TableName' is required but was not present in the request"},
		{"TransactWriteItems deleting 5 MB of items", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: deletes})
			return err
		}, "", ""},
	})
}

func TestSDKIssue29Wording(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	const env = "1 validation error detected: "
	tab := aws.String("tab")
	put := func(item Item, f func(*dynamodb.PutItemInput)) func(*dynamodb.Client) error {
		return func(c *dynamodb.Client) error {
			in := &dynamodb.PutItemInput{TableName: tab, Item: item}
			if f != nil {
				f(in)
			}
			_, err := c.PutItem(ctx, in)
			return err
		}
	}
	update := func(f func(*dynamodb.UpdateItemInput)) func(*dynamodb.Client) error {
		return func(c *dynamodb.Client) error {
			in := &dynamodb.UpdateItemInput{TableName: tab, Key: Item{"pk": S("a")}}
			f(in)
			_, err := c.UpdateItem(ctx, in)
			return err
		}
	}
	runSDKCases(t, c, []sdkCase{
		{"BatchGetItem with an empty RequestItems", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{}})
			return err
		}, "ValidationException", env + "Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"PutItem with an empty SS", put(Item{"pk": S("a"), "x": &types.AttributeValueMemberSS{Value: []string{}}}, nil),
			"ValidationException", env + "One or more parameter values were invalid: An string set  may not be empty"},
		{"PutItem with an empty NS", put(Item{"pk": S("a"), "x": &types.AttributeValueMemberNS{Value: []string{}}}, nil),
			"ValidationException", env + "One or more parameter values were invalid: An number set  may not be empty"},
		{"PutItem with duplicates in an SS", put(Item{"pk": S("a"), "x": &types.AttributeValueMemberSS{Value: []string{"a", "a"}}}, nil),
			"ValidationException", env + "One or more parameter values were invalid: Input collection [a, a] contains duplicates."},
		{"PutItem with NULL false", put(Item{"pk": S("a"), "x": &types.AttributeValueMemberNULL{Value: false}}, nil),
			"ValidationException", env + "One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{"PutItem mixing Expected and ConditionExpression", put(Item{"pk": S("a")}, func(in *dynamodb.PutItemInput) {
			in.Expected = map[string]types.ExpectedAttributeValue{"a": {Exists: aws.Bool(false)}}
			in.ConditionExpression = aws.String("attribute_exists(a)")
		}), "ValidationException", env + "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"},
		{"PutItem with ExpressionAttributeValues and no expression", put(Item{"pk": S("a")}, func(in *dynamodb.PutItemInput) {
			in.ExpressionAttributeValues = Item{":a": S("a")}
		}), "ValidationException", env + "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null"},
		{"UpdateItem with a syntax error", update(func(in *dynamodb.UpdateItemInput) { in.UpdateExpression = aws.String("SET") }),
			"ValidationException", env + `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET"`},
		{"UpdateItem with a missing value reference", update(func(in *dynamodb.UpdateItemInput) {
			in.UpdateExpression = aws.String("SET a = :b")
			in.ExpressionAttributeValues = Item{":c": S("x")}
		}), "ValidationException", env + "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :b"},
		{"UpdateItem mixing UpdateExpression and AttributeUpdates", update(func(in *dynamodb.UpdateItemInput) {
			in.UpdateExpression = aws.String("SET a = :b")
			in.ExpressionAttributeValues = Item{":b": S("x")}
			in.AttributeUpdates = map[string]types.AttributeValueUpdate{"x": {Action: types.AttributeActionDelete}}
		}), "ValidationException", env + "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}"},
		{"UpdateItem with two bad enums reports the first", update(func(in *dynamodb.UpdateItemInput) {
			in.ReturnValues = "X"
			in.ReturnConsumedCapacity = "Y"
		}), "ValidationException", env + "Value 'X' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]"},
	})
}

func TestSDKIssue29Differences(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	tab := aws.String("tab")
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a"), "s": S("str"), "l": &types.AttributeValueMemberL{Value: []types.AttributeValue{S("x")}}}})
	must(t, "PutItem", err)
	big := strings.Repeat("x", 100000)
	var puts []types.TransactWriteItem
	for i := range 50 {
		puts = append(puts, types.TransactWriteItem{Put: &types.Put{TableName: tab, Item: Item{"pk": S(fmt.Sprintf("q%d", i)), "x": S(big)}}})
	}
	runSDKCases(t, c, []sdkCase{
		{"if_not_exists in a ConditionExpression", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a")},
				ConditionExpression: aws.String("if_not_exists(s, :v) = :v"), ExpressionAttributeValues: Item{":v": S("x")}})
			return err
		}, "ValidationException", "1 validation error detected: Invalid ConditionExpression: The function is not allowed in a condition expression; function: if_not_exists"},
		{"legacy CONTAINS with a list operand", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: tab, ScanFilter: map[string]types.Condition{"l": {ComparisonOperator: types.ComparisonOperatorContains,
				AttributeValueList: []types.AttributeValue{&types.AttributeValueMemberL{Value: []types.AttributeValue{S("x")}}}}}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: ComparisonOperator CONTAINS is not valid for L AttributeValue type"},
		{"legacy NOT_CONTAINS on a missing attribute fails", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("b")},
				Expected: map[string]types.ExpectedAttributeValue{"missing": {ComparisonOperator: types.ComparisonOperatorNotContains, AttributeValueList: []types.AttributeValue{S("x")}}}})
			return err
		}, "ConditionalCheckFailedException", "The conditional request failed"},
		{"AttributeUpdates ADD of a number to a string", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tab, Key: Item{"pk": S("a")},
				AttributeUpdates: map[string]types.AttributeValueUpdate{"s": {Action: types.AttributeActionAdd, Value: N("1")}}})
			return err
		}, "ValidationException", "Type mismatch for attribute to update"},
		{"TransactWriteItems putting 5 MB", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: puts})
			return err
		}, "ValidationException", "Transaction payload size cannot exceed 4 MB"},
		{"a bad ReturnValuesOnConditionCheckFailure", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Update: &types.Update{TableName: tab,
				Key: Item{"pk": S("a")}, UpdateExpression: aws.String("SET z = :v"), ExpressionAttributeValues: Item{":v": S("x")},
				ReturnValuesOnConditionCheckFailure: "dog"}}}})
			return err
		}, "ValidationException", "1 validation error detected: Value 'dog' at 'transactItems.1.member.update.returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]"},
		{"UpdateTable with an empty GlobalSecondaryIndexUpdates", func(c *dynamodb.Client) error {
			_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: tab, GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{}})
			return err
		}, "ValidationException", "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required"},
		{"UpdateTable creating and deleting one index", func(c *dynamodb.Client) error {
			_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: tab,
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("g"), AttributeType: types.ScalarAttributeTypeS}},
				GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{
					{Create: &types.CreateGlobalSecondaryIndexAction{IndexName: aws.String("gsi1"), KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("g"), KeyType: types.KeyTypeHash}},
						Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}}},
					{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("gsi1")}},
				}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously. Index: gsi1"},
	})
}

// TestSDKUnknownContentEncoding: the SDK's PutItem with a Content-Encoding
// DynamoDB does not know fails with a 500 and writes nothing
// (Alternator's test_garbage_content_encoding, against DynamoDB).
func TestSDKUnknownContentEncoding(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	garbage := func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(s *smithymw.Stack) error {
			return s.Finalize.Add(smithymw.FinalizeMiddlewareFunc("garbageEncoding", func(ctx context.Context, in smithymw.FinalizeInput, next smithymw.FinalizeHandler) (smithymw.FinalizeOutput, smithymw.Metadata, error) {
				if req, ok := in.Request.(*smithyhttp.Request); ok {
					req.Header.Set("Content-Encoding", "garbage")
				}
				return next.HandleFinalize(ctx, in)
			}), smithymw.After)
		})
	}
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("tab"), Item: Item{"pk": S("enc")}}, garbage)
	wantError(t, "PutItem with Content-Encoding garbage", err, "InternalServerError", "")
	out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("tab"), Key: Item{"pk": S("enc")}, ConsistentRead: aws.Bool(true)})
	must(t, "GetItem", err)
	if out.Item != nil {
		t.Errorf("the PutItem ran: %v", out.Item)
	}
}
