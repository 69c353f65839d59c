package wire

import (
	"runtime"
	"strings"
	"testing"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
)

// TestRefusedInput: request bodies DynamoDB refuses get its 400 answer,
// never a wrapped integer, a U+FFFD-mangled string or a 500, and change
// nothing.
func TestRefusedInput(t *testing.T) {
	db := engine.New()
	mustDispatch(t, db, "CreateTable", `{"TableName":"Tbl","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`)
	const (
		ser = "com.amazon.coral.service#SerializationException"
		val = "com.amazon.coral.validate#ValidationException"
	)
	intRange := " out of range of int (-2147483648 - 2147483647)"
	longRange := " out of range of long (-9223372036854775808 - 9223372036854775807)"
	long := strings.Repeat("n", 65536)
	cases := []struct {
		name, op, body, typ, msg string
	}{
		{"Limit below int64", "Scan", `{"TableName":"Tbl","Limit":-9223372036854775809}`, ser, "Numeric value (-9223372036854775809)" + intRange},
		{"Limit 2^63", "Scan", `{"TableName":"Tbl","Limit":9223372036854775808}`, ser, "Numeric value (9223372036854775808)" + intRange},
		{"Limit 2^31", "Query", `{"TableName":"Tbl","Limit":2147483648,"KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}}}`, ser, "Numeric value (2147483648)" + intRange},
		{"Limit 2^64+1", "Scan", `{"TableName":"Tbl","Limit":18446744073709551617}`, ser, "Numeric value (18446744073709551617)" + intRange},
		{"Segment", "Scan", `{"TableName":"Tbl","Segment":4294967296,"TotalSegments":2}`, ser, "Numeric value (4294967296)" + intRange},
		{"a Long", "UpdateTable", `{"TableName":"Tbl","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":9223372036854775808,"WriteCapacityUnits":1}}`, ser, "Numeric value (9223372036854775808)" + longRange},
		{"streams Limit", "GetRecords", `{"ShardIterator":"x","Limit":99999999999}`, ser, "Numeric value (99999999999)" + intRange},
		{"bad UTF-8 in a table name", "DescribeTable", "{\"TableName\":\"Tb\xffl\"}", ser, "Invalid UTF-8 start byte 0xff at offset 16"},
		{"bad UTF-8 in a key", "PutItem", "{\"TableName\":\"Tbl\",\"Item\":{\"pk\":{\"S\":\"a\xfe\"}}}", ser, "Invalid UTF-8 start byte 0xfe at offset 39"},
		{"unpaired surrogate in a key", "PutItem", `{"TableName":"Tbl","Item":{"pk":{"S":"a\ud800"}}}`, ser, `Unpaired surrogate \ud800 in a string at offset 39`},
		{"unpaired surrogate in a set", "PutItem", `{"TableName":"Tbl","Item":{"pk":{"S":"a"},"ss":{"SS":["\udfff"]}}}`, ser, `Unpaired surrogate \udfff in a string at offset 55`},
		{"unpaired surrogate in a name", "UpdateItem", `{"TableName":"Tbl","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET #n = :v","ExpressionAttributeNames":{"#n":"x\ud800"},"ExpressionAttributeValues":{":v":{"S":"x"}}}`, ser, `Unpaired surrogate \ud800 in a string at offset 110`},
		// "Query condition missed key schema element: pk" until issue 29;
		// dynalite's suite, against DynamoDB, words it so, before the table.
		{"empty KeyConditions", "Query", `{"TableName":"Tbl","KeyConditions":{}}`, val, "Conditions can be of length 1 or 2 only"},
		{"empty attribute name", "PutItem", `{"TableName":"Tbl","Item":{"pk":{"S":"a"},"":{"S":"x"}}}`, val, "One or more parameter values were invalid: Empty attribute name"},
		{"nested empty attribute name", "BatchWriteItem", `{"RequestItems":{"Tbl":[{"PutRequest":{"Item":{"pk":{"S":"a"},"m":{"M":{"":{"S":"x"}}}}}}]}}`, val, "One or more parameter values were invalid: Empty attribute name"},
		{"attribute name too long", "TransactWriteItems", `{"TransactItems":[{"Put":{"TableName":"Tbl","Item":{"pk":{"S":"a"},"` + long + `":{"S":"x"}}}}]}`, val, "One or more parameter values were invalid: Attribute name is too large, must be less than 65536 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, resp := Dispatch(db, TargetPrefix+tc.op, []byte(tc.body))
			if tc.op == "GetRecords" {
				status, resp = Dispatch(db, StreamsTargetPrefix+tc.op, []byte(tc.body))
			}
			var e struct {
				Type     string `json:"__type"`
				Message  string `json:"message"`
				Message2 string `json:"Message"`
			}
			if err := json.Unmarshal(resp, &e); err != nil {
				t.Fatalf("%d %s: %v", status, resp, err)
			}
			if status != 400 || e.Type != tc.typ || e.Message+e.Message2 != tc.msg {
				t.Fatalf("got %d %s\nwant 400 %s %q", status, resp, tc.typ, tc.msg)
			}
		})
	}
	// go-json's Valid panicked on a long unterminated string of invalid
	// UTF-8 (FuzzDispatch's find): a 500 for a known operation, and for
	// an unknown one too.
	broken := []byte(`{"` + strings.Repeat("\x8f", 1000))
	for _, target := range []string{TargetPrefix + "BatchWriteItem", TargetPrefix + "Bogus"} {
		status, resp := Dispatch(db, target, broken)
		if status != 400 || !strings.Contains(string(resp), ser) || !strings.Contains(string(resp), "Malformed JSON at offset") {
			t.Errorf("%s with an unterminated invalid string: %d %s", target, status, resp)
		}
	}
	// Nothing was written, and the largest values in range still work.
	if _, resp := Dispatch(db, TargetPrefix+"Scan", []byte(`{"TableName":"Tbl","Limit":2147483647}`)); !strings.Contains(string(resp), `"Count":0`) {
		t.Fatalf("Scan: %s", resp)
	}
}

func mustDispatch(t *testing.T, db *engine.Database, op, body string) []byte {
	t.Helper()
	status, resp := Dispatch(db, TargetPrefix+op, []byte(body))
	if status != 200 {
		t.Fatalf("%s: %d %s", op, status, resp)
	}
	return resp
}

// heapSink keeps garbage alive until the test lets it go.
var heapSink [][]byte

// TestTrailingBackslash: a body ending in a backslash inside an object key
// ({"\) made go-json read past the end of its copy of the body; with the
// heap's free slots full of old bytes (as here), that was a panic, a 500
// (found by FuzzDispatch). It is a SerializationException.
func TestTrailingBackslash(t *testing.T) {
	db := engine.New()
	for round := range 5 {
		heapSink = nil
		for i := range 20000 {
			heapSink = append(heapSink, []byte(strings.Repeat("a", 1+i%40)))
		}
		heapSink = nil
		runtime.GC()
		for _, body := range []string{`{"\`, `{"abc\`, `{"StreamArn\`, `{"a":1,"b\`, `{"abcdefghijklmn\`, "{\"\\\x00", "{\"Stream\\\x00\x00"} {
			for _, target := range []string{StreamsTargetPrefix + "DescribeStream", TargetPrefix + "GetItem", TargetPrefix + "Scan"} {
				for range 20 {
					status, resp := Dispatch(db, target, []byte(body))
					if status != 400 || !strings.Contains(string(resp), "SerializationException") || !strings.Contains(string(resp), "Malformed JSON at offset") {
						t.Fatalf("round %d: %s %s: %d %s", round, target, body, status, resp)
					}
				}
			}
		}
	}
}
