//go:build !js

package wire_test

// issue29_held_test.go's order through the AWS SDK for Go v2, with the
// invalid values the SDK can send (NULL false, an empty or duplicated set,
// a bad number; it cannot send an empty value or one of two types).

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29HeldValueOrder(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	nullFalse := &types.AttributeValueMemberNULL{Value: false}
	emptySS := &types.AttributeValueMemberSS{Value: []string{}}
	eq := func(vs ...types.AttributeValue) types.Condition {
		return types.Condition{ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: vs}
	}
	runSDKCases(t, c, []sdkCase{
		{"a starting key's NULL false, prefixed, before KeyConditions' operand count", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": eq()},
				ExclusiveStartKey: Item{"a": nullFalse}})
			return err
		}, "ValidationException", "The provided starting key is invalid: One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{"a starting key's bad number, unprefixed, before an empty KeyConditionExpression", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), KeyConditionExpression: aws.String(""),
				ExclusiveStartKey: Item{"a": N("b")}})
			return err
		}, "ValidationException", "The parameter cannot be converted to a numeric value: b"},
		{"a duplicate in AttributesToGet before the starting key", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), QueryFilter: map[string]types.Condition{},
				ExclusiveStartKey: Item{"a": nullFalse}, AttributesToGet: []string{"a", "a"}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a"},
		{"Scan: the starting key's empty set, prefixed, before a lone Segment", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), Segment: aws.Int32(1),
				FilterExpression: aws.String(""), ExclusiveStartKey: Item{"a": emptySS}})
			return err
		}, "ValidationException", "The provided starting key is invalid: One or more parameter values were invalid: An string set  may not be empty"},
		{"Scan: the ScanFilter's operand count first", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), Segment: aws.Int32(1),
				ScanFilter: map[string]types.Condition{"a": eq()}, ExclusiveStartKey: Item{"a": emptySS}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"PutItem: the Item's NULL false before an empty ConditionExpression", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{"a": nullFalse},
				ConditionExpression: aws.String("")})
			return err
		}, "ValidationException", "1 validation error detected: One or more parameter values were invalid: Null attribute value types must have the value of true"},
		{"PutItem: ExpressionAttributeValues without an expression before the Item's value", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{"a": nullFalse},
				ExpressionAttributeValues: Item{":v": S("x")}})
			return err
		}, "ValidationException", "1 validation error detected: ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null"},
		{"GetItem: a Key's value before the table", func(c *dynamodb.Client) error {
			_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("abc"), Key: Item{"a": N("1e126")}})
			return err
		}, "ValidationException", "Number overflow. Attempting to store a number with magnitude larger than supported range"},
		{"DeleteItem: a value before an empty ConditionExpression", func(c *dynamodb.Client) error {
			_, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("abc"), Key: Item{"a": S("x")},
				ExpressionAttributeValues: Item{":b": emptySS}, ConditionExpression: aws.String("")})
			return err
		}, "ValidationException", "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string set  may not be empty for key :b"},
		{"UpdateItem: a value before an empty UpdateExpression, enveloped", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("abc"), Key: Item{"a": S("x")},
				ExpressionAttributeValues: Item{":b": nullFalse}, UpdateExpression: aws.String("")})
			return err
		}, "ValidationException", "1 validation error detected: ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: Null attribute value types must have the value of true for key :b"},
	})
}
