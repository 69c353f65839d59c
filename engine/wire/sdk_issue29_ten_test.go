//go:build !js

package wire_test

// issue29_ten_test.go's requests through the AWS SDK for Go v2, which
// leaves an empty ComparisonOperator out: the second operators are
// missing, not "", and the same ten of eleven are reported.

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29TenOfElevenViolations(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	conds := map[string]types.Condition{"a": {}, "b": {ComparisonOperator: ""}}
	runSDKCases(t, c, []sdkCase{
		{"Scan leaves out its empty AttributesToGet", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc;"), ReturnConsumedCapacity: "hi", AttributesToGet: []string{},
				IndexName: aws.String("abc;"), Segment: aws.Int32(-1), TotalSegments: aws.Int32(-1), Select: "hi", Limit: aws.Int32(-1),
				ScanFilter: conds, ConditionalOperator: "AN"})
			return err
		}, "ValidationException", scanTen("Value null at 'scanFilter.b.member.comparisonOperator' failed to satisfy constraint: Member must not be null")},
		{"Query leaves out its second key condition's operator", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("abc;"), ReturnConsumedCapacity: "hi", AttributesToGet: []string{},
				IndexName: aws.String("abc;"), Select: "hi", Limit: aws.Int32(-1), KeyConditions: conds, ConditionalOperator: "AN", QueryFilter: conds})
			return err
		}, "ValidationException", queryTen("Value null at 'queryFilter.b.member.comparisonOperator' failed to satisfy constraint: Member must not be null")},
	})
}
