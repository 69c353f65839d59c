package wire_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// TestFidelityDifferences pins behaviours where the emulator once answered
// differently from DynamoDB (issue 15's list), request by request through
// Dispatch. Each step names the operation, the JSON body, and either the
// error it must answer (code and a piece of the message) or "" for success
// with a piece of the body.
func TestFidelityDifferences(t *testing.T) {
	db := engine.New()
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	setup := []struct{ op, body string }{
		{"CreateTable", `{"TableName":"fid","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"}],
			"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST",
			"GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}],
			"StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}}`},
		{"CreateTable", `{"TableName":"prov","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
			"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}}`},
		{"PutItem", `{"TableName":"fid","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"g":{"S":"x"},"v":{"S":"one"},"bin":{"B":"` + b64("hello world") + `"}}}`},
		{"PutItem", `{"TableName":"fid","Item":{"pk":{"S":"a"},"sk":{"N":"2"},"g":{"S":"x"},"v":{"S":"two"},"bin":{"B":"` + b64("goodbye") + `"}}}`},
	}
	for _, s := range setup {
		if status, resp := wire.Dispatch(db, wire.TargetPrefix+s.op, []byte(s.body)); status != 200 {
			t.Fatalf("setup %s: %d %s", s.op, status, resp)
		}
	}
	_, desc := wire.Dispatch(db, wire.TargetPrefix+"DescribeTable", []byte(`{"TableName":"fid"}`))
	streamArn := between(string(desc), `"LatestStreamArn":"`, `"`)
	_, shards := wire.Dispatch(db, wire.StreamsTargetPrefix+"DescribeStream", []byte(`{"StreamArn":"`+streamArn+`"}`))
	shardID := between(string(shards), `"ShardId":"`, `"`)
	big := strings.Repeat("x", 350<<10)
	var twelve []string
	for i := range 12 {
		twelve = append(twelve, fmt.Sprintf(`{"Put":{"TableName":"fid","Item":{"pk":{"S":"big%d"},"sk":{"N":"1"},"blob":{"S":"%s"}}}}`, i, big))
	}

	steps := []struct {
		name, op, body string
		code, want     string // code "" means success; want is a piece of the answer
	}{
		{"KeyConditions with FilterExpression and ProjectionExpression", "Query",
			`{"TableName":"fid","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"FilterExpression":"v = :v","ProjectionExpression":"v","ExpressionAttributeValues":{":v":{"S":"two"}}}`,
			"", `"Items":[{"v":{"S":"two"}}],"Count":1,"ScannedCount":2`},
		{"KeyConditions with KeyConditionExpression", "Query",
			`{"TableName":"fid","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}}}`,
			"ValidationException", "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}"},
		{"QueryFilter with FilterExpression", "Query",
			`{"TableName":"fid","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"v":{"ComparisonOperator":"NOT_NULL"}},"FilterExpression":"v = :v","ExpressionAttributeValues":{":v":{"S":"two"}}}`,
			"ValidationException", "Non-expression parameters: {QueryFilter}"},
		{"contains on a B", "Scan",
			`{"TableName":"fid","FilterExpression":"contains(bin, :b)","ExpressionAttributeValues":{":b":{"B":"` + b64("lo wo") + `"}}}`,
			"", `"Count":1,`},
		{"legacy CONTAINS on a B", "Scan",
			`{"TableName":"fid","ScanFilter":{"bin":{"ComparisonOperator":"CONTAINS","AttributeValueList":[{"B":"` + b64("bye") + `"}]}}}`,
			"", `"v":{"S":"two"}}],"Count":1,"ScannedCount":2`},
		{"legacy NOT_CONTAINS on a B", "Scan",
			`{"TableName":"fid","ScanFilter":{"bin":{"ComparisonOperator":"NOT_CONTAINS","AttributeValueList":[{"B":"` + b64("bye") + `"}]}}}`,
			"", `"v":{"S":"one"}}],"Count":1,"ScannedCount":2`},
		{"attribute_type on a value", "Scan",
			`{"TableName":"fid","FilterExpression":"attribute_type(:v, :t)","ExpressionAttributeValues":{":v":{"S":"x"},":t":{"S":"S"}}}`,
			"", `"Count":2,`},
		{"ConditionalOperator without Expected", "PutItem",
			`{"TableName":"fid","Item":{"pk":{"S":"c"},"sk":{"N":"1"}},"ConditionalOperator":"OR"}`,
			"ValidationException", "ConditionalOperator"},
		{"ConditionalOperator with an empty Expected", "DeleteItem",
			`{"TableName":"fid","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{},"ConditionalOperator":"AND"}`,
			"ValidationException", "ConditionalOperator"},
		{"ConditionalOperator without ScanFilter", "Scan",
			`{"TableName":"fid","ConditionalOperator":"AND"}`,
			"ValidationException", "ConditionalOperator"},
		{"Expected IN with a list value", "PutItem",
			`{"TableName":"fid","Item":{"pk":{"S":"c"},"sk":{"N":"1"}},"Expected":{"v":{"ComparisonOperator":"IN","AttributeValueList":[{"L":[{"S":"one"}]}]}}}`,
			"ValidationException", "ComparisonOperator IN is not valid for L AttributeValue type"},
		{"AttributesToGet empty", "GetItem",
			`{"TableName":"fid","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"AttributesToGet":[]}`,
			"ValidationException", "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"UpdateTable PROVISIONED with unchanged throughput", "UpdateTable",
			`{"TableName":"prov","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}}`,
			"ValidationException", "The provisioned throughput for the table will not change"},
		{"TransactGetItems naming one item twice", "TransactGetItems",
			`{"TransactItems":[{"Get":{"TableName":"fid","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}},{"Get":{"TableName":"fid","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}}]}`,
			"ValidationException", "Transaction request cannot include multiple operations on one item"},
		{"TransactWriteItems over 4 MB", "TransactWriteItems",
			`{"TransactItems":[` + strings.Join(twelve, ",") + `]}`,
			// Was "maximum allowed size" (an unverified wording); issue 29:
			// Alternator's test_transact_write_items_put_5MB matches "size
			// cannot exceed" against DynamoDB.
			"ValidationException", "size cannot exceed"},
		{"nothing of the refused transaction was written", "GetItem",
			`{"TableName":"fid","Key":{"pk":{"S":"big0"},"sk":{"N":"1"}}}`,
			"", `{}`},
		{"DescribeStream with a CHILD_SHARDS filter", "DescribeStream",
			`{"StreamArn":"` + streamArn + `","ShardFilter":{"Type":"CHILD_SHARDS","ShardId":"` + shardID + `"}}`,
			"", `"Shards":[]`},
		{"DescribeStream with a bad filter type", "DescribeStream",
			`{"StreamArn":"` + streamArn + `","ShardFilter":{"Type":"PARENT","ShardId":"` + shardID + `"}}`,
			"ValidationException", "Value 'PARENT' at 'shardFilter.type' failed to satisfy constraint: Member must satisfy enum value set: [CHILD_SHARDS]"},
		{"INDEXES on an index read reports the table's zero", "Query",
			`{"TableName":"fid","IndexName":"byG","KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}},"ReturnConsumedCapacity":"INDEXES"}`,
			"", `"Table":{"CapacityUnits":0.0}`},
		{"CreateTable with an empty TableName", "CreateTable",
			`{"TableName":"","AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],"KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`,
			"ValidationException", "Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		{"DeleteTable answers the shorter description", "DeleteTable",
			`{"TableName":"prov"}`,
			"", `"TableStatus":"DELETING"`},
	}
	for _, s := range steps {
		target := wire.TargetPrefix + s.op
		if s.op == "DescribeStream" {
			target = wire.StreamsTargetPrefix + s.op
		}
		status, resp := wire.Dispatch(db, target, []byte(s.body))
		got := string(resp)
		switch {
		case s.code == "" && (status != 200 || !strings.Contains(got, s.want)):
			t.Errorf("%s: %d %.400s\nwant success containing %s", s.name, status, got, s.want)
		case s.code != "" && (status != 400 || !strings.Contains(got, "#"+s.code) || !strings.Contains(got, s.want)):
			t.Errorf("%s: %d %.400s\nwant %s containing %q", s.name, status, got, s.code, s.want)
		}
		if s.op == "DeleteTable" {
			for _, absent := range []string{"KeySchema", "AttributeDefinitions", "CreationDateTime", "GlobalSecondaryIndexes"} {
				if strings.Contains(got, absent) {
					t.Errorf("DeleteTable answers %s: %s", absent, got)
				}
			}
		}
	}
}

// between returns the text of s after the first from, up to the next to.
func between(s, from, to string) string {
	_, rest, _ := strings.Cut(s, from)
	v, _, _ := strings.Cut(rest, to)
	return v
}
