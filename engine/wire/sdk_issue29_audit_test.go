//go:build !js

package wire_test

// Issue 29's cases that had a raw-JSON test and no AWS SDK for Go twin
// (found in the audit of the list): a transaction's ValidationError
// reported for the first invalid action only, AttributeUpdates' DELETE type
// mismatch, and Expected's Value beside a ComparisonOperator.

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29Audit(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	tab := aws.String("tab")
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a"), "s": S("str"), "n": N("5")}})
	must(t, "PutItem", err)
	runSDKCases(t, c, []sdkCase{
		// issue29_test.go's "only the first ValidationError is reported"
		// (Alternator's test_transact_write_cancellation_reasons_validationerror).
		{"only the first ValidationError is reported", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Put: &types.Put{TableName: tab, Item: Item{"pk": N("7")}}},
				{Put: &types.Put{TableName: tab, Item: Item{"pk": N("8")}}},
				{Put: &types.Put{TableName: tab, Item: Item{"pk": S("new")}, ConditionExpression: aws.String("attribute_exists(pk)")}},
			}})
			return err
		}, "TransactionCanceledException", "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None, None]"},
		// issue29_test.go's "AttributeUpdates DELETE of a number set from a string" (dynalite's updateItem.js).
		{"AttributeUpdates DELETE of a number set from a string", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tab, Key: Item{"pk": S("a")},
				AttributeUpdates: map[string]types.AttributeValueUpdate{"s": {Action: types.AttributeActionDelete, Value: &types.AttributeValueMemberNS{Value: []string{"1"}}}}})
			return err
		}, "ValidationException", "Type mismatch for attribute to update"},
		// issue29_reads_test.go's TestIssue29Legacy (dynoxide's legacy Expected conversion, recorded against DynamoDB).
		{"Expected's Value beside a ComparisonOperator is its argument (true)", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a"), "n": N("6")},
				Expected: map[string]types.ExpectedAttributeValue{"n": {ComparisonOperator: types.ComparisonOperatorLt, Value: N("6")}}})
			return err
		}, "", ""},
		{"and (false)", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a")},
				Expected: map[string]types.ExpectedAttributeValue{"n": {ComparisonOperator: types.ComparisonOperatorLt, Value: N("6")}}})
			return err
		}, "ConditionalCheckFailedException", "The conditional request failed"},
		{"Value beside an AttributeValueList is refused", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tab, Item: Item{"pk": S("a")},
				Expected: map[string]types.ExpectedAttributeValue{"n": {ComparisonOperator: types.ComparisonOperatorLt, Value: N("6"), AttributeValueList: []types.AttributeValue{N("6")}}}})
			return err
		}, "ValidationException", "1 validation error detected: One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: n"},
	})
}
