//go:build !js

package wire_test

// issue29_order_test.go's orders through the AWS SDK for Go v2.

import (
	"reflect"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func sdkValue(v types.AttributeValue) string {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return x.Value
	case *types.AttributeValueMemberN:
		return x.Value
	}
	return ""
}

func sdkScanValues(t *testing.T, c *dynamodb.Client, in *dynamodb.ScanInput) []string {
	t.Helper()
	out, err := c.Scan(ctx, in)
	must(t, "Scan", err)
	var vals []string
	for _, it := range out.Items {
		vals = append(vals, sdkValue(it["a"]))
	}
	return vals
}

func sdkHashOnly(t *testing.T, c *dynamodb.Client, table, typ string) {
	t.Helper()
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String(table),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("a"), AttributeType: types.ScalarAttributeType(typ)}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("a"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest})
	must(t, "CreateTable", err)
}

func sdkKey(typ, v string) types.AttributeValue {
	if typ == "N" {
		return N(v)
	}
	return S(v)
}

func TestSDKIssue29ScanOrder(t *testing.T) {
	c, _ := newClient(t)
	for typ, want := range dynaliteScanOrder {
		table := "hash" + typ
		sdkHashOnly(t, c, table, typ)
		var puts []types.WriteRequest
		for _, k := range want {
			puts = append(puts, types.WriteRequest{PutRequest: &types.PutRequest{Item: Item{"a": sdkKey(typ, k)}}})
		}
		_, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: puts}})
		must(t, "BatchWriteItem", err)
		if got := sdkScanValues(t, c, &dynamodb.ScanInput{TableName: aws.String(table)}); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Scan order %q\nwant (DynamoDB's) %q", typ, got, want)
		}
	}
}

func TestSDKIssue29ScanSegments(t *testing.T) {
	c, _ := newClient(t)
	sdkHashOnly(t, c, "segS", "S")
	sdkHashOnly(t, c, "segN", "N")
	for _, k := range dynaliteSegments {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("seg" + k.typ), Item: Item{"a": sdkKey(k.typ, k.key)}})
		must(t, "PutItem", err)
	}
	for _, k := range dynaliteSegments {
		got := sdkScanValues(t, c, &dynamodb.ScanInput{TableName: aws.String("seg" + k.typ), Segment: aws.Int32(int32(k.seg)), TotalSegments: aws.Int32(4096)})
		if !slices.Contains(got, k.key) {
			t.Errorf("%s %s: segment %d of 4096 holds %q; DynamoDB puts the key there", k.typ, k.key, k.seg, got)
		}
	}
}
