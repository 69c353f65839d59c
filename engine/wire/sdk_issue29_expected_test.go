//go:build !js

package wire_test

// issue29_expected_test.go through the AWS SDK for Go v2, which leaves an
// empty ComparisonOperator out: from it an empty operator is a missing
// one, and an operator outside the enum goes out as sent.

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29ExpectedOperator(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	runSDKCases(t, c, []sdkCase{
		{"the SDK's empty operator is a missing one", func(c *dynamodb.Client) error {
			_, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("abc"), Key: Item{"pk": S("x")},
				Expected: map[string]types.ExpectedAttributeValue{"a": {ComparisonOperator: ""}}})
			return err
		}, "ValidationException", "One or more parameter values were invalid: Value must be provided when Exists is null for Attribute: a"},
		{"an operator outside the enum", func(c *dynamodb.Client) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("abc"), Item: Item{"pk": S("x")},
				Expected: map[string]types.ExpectedAttributeValue{"a": {ComparisonOperator: "XX", AttributeValueList: []types.AttributeValue{S("x")}}}})
			return err
		}, "ValidationException", "1 validation error detected: Value 'XX' at 'expected.a.member.comparisonOperator' failed to satisfy constraint: " + tenOpEnum},
	})
}
