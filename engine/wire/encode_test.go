package wire

import (
	"errors"
	"math"
	"testing"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func ptr[T any](v T) *T { return &v }

func TestAppendJavaDouble(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{1, "1.0"},
		{0.5, "0.5"},
		{2.5, "2.5"},
		{10, "10.0"},
		{-3, "-3.0"},
		{0.001, "0.001"},
		{0.0001, "1.0E-4"},
		{1234567, "1234567.0"},
		{9999999.5, "9999999.5"},
		{1e7, "1.0E7"},
		{1795325231.451, "1.795325231451E9"},
		{1.5e300, "1.5E300"},
		{math.NaN(), "0.0"},
		{math.Inf(1), "0.0"},
	} {
		if got := string(appendJavaDouble(nil, tc.in)); got != tc.want {
			t.Errorf("appendJavaDouble(%v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `quo"te`, `back\slash`, "ctl\x00\x01\x1f\n\r\t", "<html>&", "héllo 世界 🎉", "\u2028\u2029"} {
		b := appendString(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("appendString(%q) = %s: round trip %q, %v", s, b, back, err)
		}
	}
	if got := string(appendString(nil, "<&>")); got != `"<&>"` {
		t.Errorf("HTML escaped: %s", got)
	}
	if got := string(appendString(nil, "a\xffb")); got != `"a\ufffdb"` {
		t.Errorf("invalid UTF-8: %s", got)
	}
}

func item(kv ...string) attr.Item {
	it := attr.Item{}
	for i := 0; i+1 < len(kv); i += 2 {
		it[kv[i]] = attr.String(kv[i+1])
	}
	return it
}

// TestPresenceRules checks the members whose presence the engine's structs
// cannot express with omitempty.
func TestPresenceRules(t *testing.T) {
	one := 1.0
	for _, tc := range []struct {
		name string
		got  []byte
		want string
	}{
		{"GetItem no item", encodeGetItem(nil, nil, &engine.GetItemOutput{}), `{}`},
		{"GetItem empty projection", encodeGetItem(nil, nil, &engine.GetItemOutput{Item: attr.Item{}}), `{"Item":{}}`},
		{"GetItem item", encodeGetItem(nil, nil, &engine.GetItemOutput{Item: item("pk", "a")}), `{"Item":{"pk":{"S":"a"}}}`},
		{"GetItem capacity", encodeGetItem(nil, nil, &engine.GetItemOutput{ConsumedCapacity: &engine.ConsumedCapacity{TableName: "t", CapacityUnits: 0.5}}),
			`{"ConsumedCapacity":{"TableName":"t","CapacityUnits":0.5}}`},
		{"PutItem nothing", encodePutItem(nil, nil, &engine.PutItemOutput{}), `{}`},
		{"PutItem empty attributes", encodePutItem(nil, nil, &engine.PutItemOutput{Attributes: attr.Item{}}), `{}`},
		{"PutItem old item", encodePutItem(nil, nil, &engine.PutItemOutput{Attributes: item("pk", "a")}), `{"Attributes":{"pk":{"S":"a"}}}`},
		{"UpdateItem capacity indexes", encodeUpdateItem(nil, nil, &engine.UpdateItemOutput{ConsumedCapacity: &engine.ConsumedCapacity{
			TableName: "t", CapacityUnits: 3, WriteCapacityUnits: &one, Table: &engine.Capacity{CapacityUnits: 1},
			GlobalSecondaryIndexes: map[string]engine.Capacity{"g2": {CapacityUnits: 1}, "g1": {CapacityUnits: 1}},
			LocalSecondaryIndexes:  map[string]engine.Capacity{"l": {CapacityUnits: 0}},
		}}), `{"ConsumedCapacity":{"TableName":"t","CapacityUnits":3.0,"WriteCapacityUnits":1.0,"Table":{"CapacityUnits":1.0},"LocalSecondaryIndexes":{"l":{"CapacityUnits":0.0}},"GlobalSecondaryIndexes":{"g1":{"CapacityUnits":1.0},"g2":{"CapacityUnits":1.0}}}}`},
		{"DeleteItem metrics", encodeDeleteItem(nil, nil, &engine.DeleteItemOutput{ItemCollectionMetrics: &engine.ItemCollectionMetrics{
			ItemCollectionKey: item("pk", "a"), SizeEstimateRangeGB: []float64{0, 1}}}),
			`{"ItemCollectionMetrics":{"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]}}`},
		{"Query nothing matched", encodeQuery(nil, &engine.QueryInput{}, &engine.QueryOutput{}), `{"Items":[],"Count":0,"ScannedCount":0}`},
		{"Query COUNT", encodeQuery(nil, &engine.QueryInput{Select: "COUNT"}, &engine.QueryOutput{Count: 3, ScannedCount: 4}), `{"Count":3,"ScannedCount":4}`},
		{"Scan page", encodeScan(nil, &engine.ScanInput{}, &engine.ScanOutput{Items: []attr.Item{item("pk", "a")}, Count: 1, ScannedCount: 1, LastEvaluatedKey: item("pk", "a")}),
			`{"Items":[{"pk":{"S":"a"}}],"Count":1,"ScannedCount":1,"LastEvaluatedKey":{"pk":{"S":"a"}}}`},
		{"BatchGetItem empty", encodeBatchGetItem(nil, nil, &engine.BatchGetItemOutput{}), `{"Responses":{},"UnprocessedKeys":{}}`},
		{"BatchGetItem table without items", encodeBatchGetItem(nil, nil, &engine.BatchGetItemOutput{Responses: map[string][]attr.Item{"t": nil}}),
			`{"Responses":{"t":[]},"UnprocessedKeys":{}}`},
		{"BatchGetItem unprocessed", encodeBatchGetItem(nil, nil, &engine.BatchGetItemOutput{UnprocessedKeys: map[string]engine.KeysAndAttributes{
			"t": {Keys: []attr.Item{item("pk", "a")}, ProjectionExpression: ptr("#a"), ExpressionAttributeNames: map[string]string{"#a": "a"}, ConsistentRead: ptr(true)}}}),
			`{"Responses":{},"UnprocessedKeys":{"t":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"#a","ExpressionAttributeNames":{"#a":"a"},"ConsistentRead":true}}}`},
		{"BatchWriteItem empty", encodeBatchWriteItem(nil, nil, &engine.BatchWriteItemOutput{}), `{"UnprocessedItems":{}}`},
		{"BatchWriteItem unprocessed", encodeBatchWriteItem(nil, nil, &engine.BatchWriteItemOutput{
			UnprocessedItems: map[string][]engine.WriteRequest{"t": {{PutRequest: &engine.PutRequest{Item: item("pk", "a")}}, {DeleteRequest: &engine.DeleteRequest{Key: item("pk", "b")}}}},
			ConsumedCapacity: []engine.ConsumedCapacity{{TableName: "t", CapacityUnits: 2}}}),
			`{"UnprocessedItems":{"t":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"b"}}}}]},"ConsumedCapacity":[{"TableName":"t","CapacityUnits":2.0}]}`},
		{"TransactWriteItems", encodeTransactWriteItems(nil, nil, &engine.TransactWriteItemsOutput{}), `{}`},
		{"TransactGetItems", encodeTransactGetItems(nil, nil, &engine.TransactGetItemsOutput{Responses: []engine.ItemResponse{{}, {Item: item("pk", "a")}, {Item: attr.Item{}}}}),
			`{"Responses":[{},{"Item":{"pk":{"S":"a"}}},{"Item":{}}]}`},
		{"TransactGetItems none", encodeTransactGetItems(nil, nil, &engine.TransactGetItemsOutput{}), `{"Responses":[]}`},
		{"ListTables none", encodeListTables(nil, nil, &engine.ListTablesOutput{}), `{"TableNames":[]}`},
		{"ListTables page", encodeListTables(nil, nil, &engine.ListTablesOutput{TableNames: []string{"a", "b"}, LastEvaluatedTableName: "b"}),
			`{"LastEvaluatedTableName":"b","TableNames":["a","b"]}`},
	} {
		if string(tc.got) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, tc.got, tc.want)
		}
		if !json.Valid(tc.got) {
			t.Errorf("%s: invalid JSON %s", tc.name, tc.got)
		}
	}
}

func TestErrorBodies(t *testing.T) {
	for _, tc := range []struct {
		name   string
		err    error
		status int
		want   string
	}{
		{"validation", &engine.Error{Code: engine.CodeValidation, Message: "The provided key element does not match the schema"}, 400,
			`{"__type":"com.amazon.coral.validate#ValidationException","message":"The provided key element does not match the schema"}`},
		{"not found", &engine.Error{Code: engine.CodeResourceNotFound, Message: "Requested resource not found"}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}`},
		{"conditional", &engine.Error{Code: engine.CodeConditionalCheckFailed, Message: "The conditional request failed"}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"}`},
		{"conditional with item", &engine.Error{Code: engine.CodeConditionalCheckFailed, Message: "The conditional request failed", Item: item("pk", "a")}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed","Item":{"pk":{"S":"a"}}}`},
		{"cancelled", &engine.Error{Code: engine.CodeTransactionCanceled,
			Message:             "Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
			CancellationReasons: []engine.CancellationReason{{Code: "None"}, {Code: "ConditionalCheckFailed", Message: "The conditional request failed", Item: item("pk", "a")}}}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","CancellationReasons":[{"Code":"None"},{"Code":"ConditionalCheckFailed","Message":"The conditional request failed","Item":{"pk":{"S":"a"}}}],"Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]"}`},
		{"cancelled, empty code", &engine.Error{Code: engine.CodeTransactionCanceled, Message: "m", CancellationReasons: []engine.CancellationReason{{}}}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","CancellationReasons":[{"Code":"None"}],"Message":"m"}`},
		{"serialization", &engine.Error{Code: engine.CodeSerialization, Message: "x"}, 400,
			`{"__type":"com.amazon.coral.service#SerializationException","Message":"x"}`},
		{"internal", &engine.Error{Code: engine.CodeInternalServerError, Message: InternalErrorMessage}, 500,
			`{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"The server encountered an internal error trying to fulfill the request."}`},
		{"attr validation", &attr.ValidationError{Message: "bad"}, 400, `{"__type":"com.amazon.coral.validate#ValidationException","message":"bad"}`},
		{"attr serialization", &attr.SerializationError{Message: "bad"}, 400, `{"__type":"com.amazon.coral.service#SerializationException","Message":"bad"}`},
		{"plain error", errors.New("disk on fire"), 500, `{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"The server encountered an internal error trying to fulfill the request."}`},
		{"throttled", &engine.Error{Code: engine.CodeProvisionedThroughputExceeded, Message: "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."}, 400,
			`{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."}`},
	} {
		status, got := appendError(nil, tc.err)
		if status != tc.status || string(got) != tc.want {
			t.Errorf("%s:\n got %d %s\nwant %d %s", tc.name, status, got, tc.status, tc.want)
		}
	}
}
