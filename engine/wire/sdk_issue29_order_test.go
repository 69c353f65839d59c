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

func TestSDKIssue29GSIEqualKeys(t *testing.T) {
	c, _ := newClient(t)
	def := func(n string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: types.ScalarAttributeTypeS}
	}
	key := func(n string, kt types.KeyType) types.KeySchemaElement {
		return types.KeySchemaElement{AttributeName: aws.String(n), KeyType: kt}
	}
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("range"),
		AttributeDefinitions: []types.AttributeDefinition{def("a"), def("b"), def("c"), def("d")},
		KeySchema:            []types.KeySchemaElement{key("a", types.KeyTypeHash), key("b", types.KeyTypeRange)},
		BillingMode:          types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
			{IndexName: aws.String("index3"), KeySchema: []types.KeySchemaElement{key("c", types.KeyTypeHash)}, Projection: all},
			{IndexName: aws.String("index4"), KeySchema: []types.KeySchemaElement{key("c", types.KeyTypeHash), key("d", types.KeyTypeRange)}, Projection: all},
		}})
	must(t, "CreateTable", err)
	put := func(ab, cv string) {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("range"),
			Item: Item{"a": S(ab[:1]), "b": S(ab[1:]), "c": S(cv), "d": S("a")}})
		must(t, "PutItem", err)
	}
	for _, ab := range dynaliteGSIOrder.index3 {
		put(ab, "c1")
	}
	query := func(index, cv string, forward bool) []string {
		out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("range"), IndexName: aws.String(index),
			KeyConditionExpression: aws.String("c = :c"), ExpressionAttributeValues: Item{":c": S(cv)}, ScanIndexForward: aws.Bool(forward)})
		must(t, "Query", err)
		var keys []string
		for _, it := range out.Items {
			keys = append(keys, sdkValue(it["a"])+sdkValue(it["b"]))
		}
		return keys
	}
	if got := query("index3", "c1", true); !reflect.DeepEqual(got, dynaliteGSIOrder.index3) {
		t.Errorf("index3 %q, want DynamoDB's %q", got, dynaliteGSIOrder.index3)
	}
	rev := slices.Clone(dynaliteGSIOrder.index3)
	slices.Reverse(rev)
	if got := query("index3", "c1", false); !reflect.DeepEqual(got, rev) {
		t.Errorf("index3 reversed %q, want %q", got, rev)
	}
	// dynalite's second test reuses primary keys of the first: put them
	// after the first's queries, as its separate tests do.
	for _, ab := range dynaliteGSIOrder.index4 {
		put(ab, "c3")
	}
	if got := query("index4", "c3", true); !reflect.DeepEqual(got, dynaliteGSIOrder.index4) {
		t.Errorf("index4 %q, want DynamoDB's %q", got, dynaliteGSIOrder.index4)
	}
}
