//go:build !js

package wire_test

// issue29_reads_test.go's TestIssue29Reads and TestIssue29TagsAndStreams
// through the AWS SDK for Go v2 (the sources are there). A null body the
// SDK cannot send, nor a ShardFilter: the DynamoDB Streams client of
// go.mod (v1.25.4) predates it.

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29Reads(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	tab := aws.String("tab")
	keyEq := map[string]types.Condition{"pk": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{S("a")}}}
	runSDKCases(t, c, []sdkCase{
		{"Query ALL_ATTRIBUTES with AttributesToGet", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: tab, KeyConditions: keyEq, AttributesToGet: []string{"pk"}, Select: types.SelectAllAttributes})
			return err
		}, "ValidationException", "1 validation error detected: Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES"},
		{"Scan COUNT with AttributesToGet", func(c *dynamodb.Client) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: tab, AttributesToGet: []string{"pk"}, Select: types.SelectCount})
			return err
		}, "ValidationException", "Cannot specify the AttributesToGet when choosing to get only the Count"},
		{"an ExclusiveStartKey on a hash-only table", func(c *dynamodb.Client) error {
			_, err := c.Query(ctx, &dynamodb.QueryInput{TableName: tab, KeyConditionExpression: aws.String("pk = :a"),
				ExpressionAttributeValues: Item{":a": S("a")}, ExclusiveStartKey: Item{"pk": S("a")}})
			return err
		}, "ValidationException", "The provided exclusive start key is invalid: ExclusiveStartKey: {pk=AttributeValue: {S:a}}"},
	})
}

func TestSDKIssue29TagsAndStreams(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	arn := aws.String("arn:aws:dynamodb:us-east-1:000000000000:table/tab")
	runSDKCases(t, c, []sdkCase{
		{"a Tag without Value", func(c *dynamodb.Client) error {
			_, err := c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{{Key: aws.String("a"), Value: aws.String("b")}, {Key: aws.String("c")}}})
			return err
		}, "ValidationException", "1 validation error detected: Value null at 'tags.2.member.value' failed to satisfy constraint: Member must not be null"},
		{"TagResource on a six-field ARN of nothing", func(c *dynamodb.Client) error {
			_, err := c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String("a:b:c:d:e:f/g"), Tags: []types.Tag{}})
			return err
		}, "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g"},
		{"UntagResource on a six-field ARN of nothing", func(c *dynamodb.Client) error {
			_, err := c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: aws.String("a:b:c:d:e:f/g"), TagKeys: []string{}})
			return err
		}, "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g"},
		{"TagResource's empty answer reads as success", func(c *dynamodb.Client) error {
			_, err := c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{{Key: aws.String("k"), Value: aws.String("v")}}})
			return err
		}, "", ""},
		{"UntagResource's alike", func(c *dynamodb.Client) error {
			_, err := c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: arn, TagKeys: []string{"k"}})
			return err
		}, "", ""},
	})
}
