//go:build !js

package wire_test

// issue29_values_test.go's order through the AWS SDK for Go v2, with the
// invalid values the SDK can send (an unparsable number, an empty set).

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29ConditionValueOrder(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	eq := func(vs ...types.AttributeValue) types.Condition {
		return types.Condition{ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: vs}
	}
	null := types.Condition{ComparisonOperator: types.ComparisonOperatorNull}
	bad := N("b")
	runSDKCases(t, c, []sdkCase{
		{"mixing before a ScanFilter's bad value", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), ScanFilter: map[string]types.Condition{"a": eq(bad)},
				Segment: aws.Int32(1), FilterExpression: aws.String("")})
			return err
		}, "ValidationException", "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}"},
		{"a duplicate in AttributesToGet before the values", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), ScanFilter: map[string]types.Condition{"a": eq(bad, S("x"))},
				Segment: aws.Int32(1), AttributesToGet: []string{"a", "a"}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a"},
		{"a bad value before the operand count and a lone Segment", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), ScanFilter: map[string]types.Condition{"a": eq(N("1"), bad)},
				Segment: aws.Int32(1)})
			return err
		}, "ValidationException", "The parameter cannot be converted to a numeric value: b"},
		{"an empty set alike", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"),
				ScanFilter: map[string]types.Condition{"a": eq(N("1"), &types.AttributeValueMemberSS{Value: []string{}})}, Segment: aws.Int32(1)})
			return err
		}, "ValidationException", "One or more parameter values were invalid: An string set  may not be empty"},
		{"QueryFilter's operand count before KeyConditions' values", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": eq(bad)},
				QueryFilter: map[string]types.Condition{"a": eq()}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator"},
		{"a key condition's value before the number of conditions", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": eq(bad), "b": null, "c": null}})
			return err
		}, "ValidationException", "The parameter cannot be converted to a numeric value: b"},
	})
}
