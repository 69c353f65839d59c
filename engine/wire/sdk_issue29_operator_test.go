//go:build !js

package wire_test

// issue29_operator_test.go's cases through the AWS SDK for Go v2. Its
// serializer leaves out an empty enum, so a ComparisonOperator of "" goes
// out as no operator at all, and DynamoDB's answer is the null message;
// an operator outside the enum goes out as sent.

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29EmptyComparisonOperator(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	runSDKCases(t, c, []sdkCase{
		{"the SDK's empty operator is a missing one", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc"), ScanFilter: map[string]types.Condition{"a": {ComparisonOperator: ""}}})
			return err
		}, "ValidationException", "1 validation error detected: Value null at 'scanFilter.a.member.comparisonOperator' failed to satisfy constraint: Member must not be null"},
		{"an operator outside the enum in KeyConditions", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": {ComparisonOperator: "XX"}}})
			return err
		}, "ValidationException", "1 validation error detected: Value 'XX' at 'keyConditions.a.member.comparisonOperator' failed to satisfy constraint: " + operatorEnum},
	})
}
