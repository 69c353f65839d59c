//go:build !js

package wire_test

// Issue 29's third pass through the AWS SDK for Go v2 (issue29_more_test.go
// has the raw JSON twins and the sources).

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestSDKIssue29More(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	create := func(name string, tags []types.Tag) func(c *dynamodb.Client) error {
		return func(c *dynamodb.Client) error {
			_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(name),
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("p"), AttributeType: types.ScalarAttributeTypeS}},
				KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("p"), KeyType: types.KeyTypeHash}},
				BillingMode:          types.BillingModePayPerRequest, Tags: tags})
			return err
		}
	}
	runSDKCases(t, c, []sdkCase{
		{"CreateTable with a Tag without Value", create("tagged", []types.Tag{{Key: aws.String("a"), Value: aws.String("b")}, {Key: aws.String("c")}}),
			"ValidationException", "1 validation error detected: Value null at 'tags.2.member.value' failed to satisfy constraint: Member must not be null"},
		{"CreateTable of a new on-demand table", create("ondemand", nil), "", ""},
	})
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("ondemand"), Item: Item{"p": S("x"), "animal": S("cat")}})
	must(t, "PutItem", err)
	for _, tc := range []struct {
		consistent bool
		want       float64
	}{{true, 4}, {false, 2}} {
		out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("ondemand"), ConsistentRead: aws.Bool(tc.consistent),
			ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
		must(t, "Scan", err)
		if got := aws.ToFloat64(out.ConsumedCapacity.CapacityUnits); got != tc.want {
			t.Errorf("Scan ConsistentRead=%v: %v RCU, want %v (Alternator's test_scan_consumed_capacity)", tc.consistent, got, tc.want)
		}
	}
}
