//go:build !js

package wire_test

// issue29_nested_test.go's order through the AWS SDK for Go v2, with the
// invalid values the SDK can send (NULL false, an empty or duplicated set,
// a bad number, an empty attribute name; not an empty value or one of two
// types), and the constraint violations it lets through unvalidated.

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29NestedHeldValueOrder(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	const (
		v       = "ValidationException"
		rccHi   = "1 validation error detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
		mapKeys = "failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]"
	)
	nullFalse := &types.AttributeValueMemberNULL{Value: false}
	dupSS := &types.AttributeValueMemberSS{Value: []string{"a", "a"}}
	put := func(it Item) types.WriteRequest { return types.WriteRequest{PutRequest: &types.PutRequest{Item: it}} }
	del := func(k Item) types.WriteRequest {
		return types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: k}}
	}
	runSDKCases(t, c, []sdkCase{
		// inferred: a name is held with the values, after the constraints.
		{"PutItem: an enum violation before an empty attribute name", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{"": S("x")}, ReturnValues: "hi"})
			return err
		}, v, "1 validation error detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]"},
		// inferred, as the values' place (dynalite's test/getItem.js).
		{"GetItem: an empty attribute name before the table", func(c *dynamodb.Client) error {
			_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("abc"), Key: Item{"a": &types.AttributeValueMemberM{Value: Item{"": S("x")}}}})
			return err
		}, v, "One or more parameter values were invalid: Empty attribute name"},
		// dynalite's validations/index.js order: the constraints, then the values.
		{"BatchWriteItem: an enum violation before an item's value", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"abc": {put(Item{"a": nullFalse})}},
				ReturnConsumedCapacity: "hi"})
			return err
		}, v, rccHi},
		// dynalite's test/batchWriteItem.js 'short table name'.
		{"BatchWriteItem: a short table name before a key's value", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"a": {del(Item{"a": N("b")})}}})
			return err
		}, v, "1 validation error detected: Value '{a=[{DeleteRequest: {Key: {...}}}]}' at 'requestItems' " + mapKeys},
		// dynalite's test/batchWriteItem.js 'empty item in RequestItems'.
		{"BatchWriteItem: an empty request", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"abc": {{}}}})
			return err
		}, v, "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"},
		// dynalite's test/batchWriteItem.js 'duplicate string in set'.
		{"BatchWriteItem: an item's value before the table", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"abc": {put(Item{"a": dupSS})}}})
			return err
		}, v, "One or more parameter values were invalid: Input collection [a, a] contains duplicates."},
		// dynalite's test/batchWriteItem.js 'item is too big with small attribute'.
		{"BatchWriteItem: an item over 400 KB before the table", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"abc": {put(Item{"a": S("abcd"), "b": S(strings.Repeat("a", 409600-5))})}}})
			return err
		}, v, "Item size has exceeded the maximum allowed size"},
		// dynalite's test/batchWriteItem.js 'missing RequestItems'.
		{"BatchWriteItem: a missing RequestItems with an enum", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{ReturnConsumedCapacity: "hi"})
			return err
		}, v, "2 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value null at 'requestItems' failed to satisfy constraint: Member must not be null"},
		// dynalite's test/batchWriteItem.js 'check table exists first before checking for duplicate keys'.
		{"BatchWriteItem: the table before duplicates", func(c *dynamodb.Client) error {
			_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{"abc": {put(Item{"a": S("x")}), del(Item{"a": S("x")})}}})
			return err
		}, "ResourceNotFoundException", "Requested resource not found"},
		// dynalite's test/batchGetItem.js 'duplicated keys'.
		{"BatchGetItem: duplicates before the table", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"abc": {Keys: []Item{{"a": S("x")}, {"a": S("x")}}}}})
			return err
		}, v, "Provided list of item keys contains duplicates"},
		// dynalite's validations/index.js order.
		{"BatchGetItem: an enum violation before a key's value", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"abc": {Keys: []Item{{"a": nullFalse}}}},
				ReturnConsumedCapacity: "hi"})
			return err
		}, v, rccHi},
		// dynalite's test/batchGetItem.js 'empty keys'.
		{"BatchGetItem: a short table name and empty keys", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"a": {Keys: []Item{}}}})
			return err
		}, v, "2 validation errors detected: Value '{a={Keys: []}}' at 'requestItems' " + mapKeys + "; Value '[]' at 'requestItems.a.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		// dynalite's validations/batchGetItem.js order.
		{"BatchGetItem: a duplicate in AttributesToGet before a key's value", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"abc": {Keys: []Item{{"a": dupSS}}, AttributesToGet: []string{"a", "a"}}}})
			return err
		}, v, "One or more parameter values were invalid: Duplicate value in attribute name: a"},
		// dynalite's test/batchGetItem.js 'incorrect numeric type'.
		{"BatchGetItem: a key's value before the table", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"abc": {Keys: []Item{{"a": N("b")}}}}})
			return err
		}, v, "The parameter cannot be converted to a numeric value: b"},
		// inferred: a name is held with the values.
		{"BatchGetItem: an empty attribute name before the table", func(c *dynamodb.Client) error {
			_, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"abc": {Keys: []Item{{"": S("x")}}}}})
			return err
		}, v, "One or more parameter values were invalid: Empty attribute name"},
		// dynalite's validations/index.js order.
		{"TransactWriteItems: an enum violation before a Put's value", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Put: &types.Put{TableName: aws.String("abc"), Item: Item{"a": nullFalse}}}},
				ReturnConsumedCapacity: "hi"})
			return err
		}, v, rccHi},
		// inferred: every action validated before any table.
		{"TransactWriteItems: a later action's value before the first one's table", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Delete: &types.Delete{TableName: aws.String("abc"), Key: Item{"a": S("x")}}},
				{ConditionCheck: &types.ConditionCheck{TableName: aws.String("abc"), Key: Item{"a": N("1e-131")}, ConditionExpression: aws.String("attribute_exists(a)")}}}})
			return err
		}, v, "Number underflow. Attempting to store a number with magnitude smaller than supported range"},
		// as UpdateItem's: dynalite's test/updateItem.js.
		{"TransactWriteItems: an Update's value before its empty UpdateExpression", func(c *dynamodb.Client) error {
			_, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Update: &types.Update{TableName: aws.String("abc"), Key: Item{"a": S("x")}, UpdateExpression: aws.String(""), ExpressionAttributeValues: Item{":b": dupSS}}}}})
			return err
		}, v, "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: Input collection [a, a] contains duplicates. for key :b"},
		// as GetItem's: dynalite's test/getItem.js.
		{"TransactGetItems: a key's value before the table", func(c *dynamodb.Client) error {
			_, err := c.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{{Get: &types.Get{TableName: aws.String("abc"), Key: Item{"a": nullFalse}}}}})
			return err
		}, v, "One or more parameter values were invalid: Null attribute value types must have the value of true"},
		// dynalite's test/putItem.js 'expected value has empty numeric in set'.
		{"PutItem: an Expected value before the table", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{},
				Expected: map[string]types.ExpectedAttributeValue{"a": {Value: &types.AttributeValueMemberNS{Value: []string{"1", ""}}}}})
			return err
		}, v, "The parameter cannot be converted to a numeric value"},
		// dynalite's validations/index.js order.
		{"PutItem: an enum violation before an Expected value", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{"a": S("x")}, ReturnValues: "hi",
				Expected: map[string]types.ExpectedAttributeValue{"a": {Value: N("b")}}})
			return err
		}, v, "1 validation error detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]"},
		// dynalite's test/updateItem.js 'update value has empty numeric in set'.
		{"UpdateItem: an update value before the table", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("abc"), Key: Item{"a": S("a")},
				AttributeUpdates: map[string]types.AttributeValueUpdate{"a": {Value: &types.AttributeValueMemberNS{Value: []string{"1", ""}}}}})
			return err
		}, v, "The parameter cannot be converted to a numeric value"},
		// dynalite's test/updateItem.js 'update has no value', enveloped today (issue 29).
		{"UpdateItem: AttributeUpdates' error before Expected's value", func(c *dynamodb.Client) error {
			_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("abc"), Key: Item{},
				Expected:         map[string]types.ExpectedAttributeValue{"a": {Value: nullFalse}},
				AttributeUpdates: map[string]types.AttributeValueUpdate{"a": {}}})
			return err
		}, v, "1 validation error detected: One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified"},
	})
}
