package wire

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// maxFuzzBody bounds fuzzed bodies. The fuzzer minimizes every input that
// finds new coverage by trying to remove each span of its bytes, quadratic
// in its length: with bodies of several hundred bytes, each minimization
// held a worker for tens of seconds, and a 30-second run did a few
// thousand executions. A kilobyte holds any request shape.
const maxFuzzBody = 1024

// fuzzDatabase is a database with the table the seeds name, built through
// the Go API (an input's setup was three JSON requests, ten times the cost
// of the request under test).
func fuzzDatabase(t *testing.T) *engine.Database {
	db := engine.New()
	_, err := db.CreateTable(&engine.CreateTableInput{
		TableName:            "fuzz",
		AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "pk", AttributeType: schema.TypeS}},
		KeySchema:            []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}},
		BillingMode:          schema.BillingPayPerRequest,
		StreamSpecification:  &schema.StreamSpecification{StreamEnabled: true, StreamViewType: schema.StreamNewAndOldImages},
	})
	if err == nil {
		table := "fuzz"
		_, err = db.PutItem(&engine.PutItemInput{TableName: &table, Item: attr.Item{"pk": attr.String("a"), "n": attr.MustNumber("1")}})
	}
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// FuzzDispatch feeds arbitrary bodies to every registered operation (and to
// unknown targets): no answer may be a 5xx (a recovered panic is a 500), and
// every answer must be JSON: a success body, or an error document with a
// __type.
func FuzzDispatch(f *testing.F) {
	seeds := []string{
		`{}`, ``, `null`, `[]`, `5`, `"x"`, `{"TableName":5}`, `{"TableName":"fuzz"}`,
		`{"TableName":"fuzz","Key":{"pk":{"S":"a"}}}`,
		`{"TableName":"fuzz","Item":{"pk":{"S":"a"},"n":{"N":"1.5"},"l":{"L":[{"M":{"x":{"NULL":true}}}]},"ss":{"SS":["a","b"]}}}`,
		`{"TableName":"fuzz","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET n = n + :one","ExpressionAttributeValues":{":one":{"N":"1"}},"ReturnValues":"ALL_NEW"}`,
		`{"TableName":"fuzz","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"a"}},"Limit":1}`,
		`{"TableName":"fuzz","Segment":0,"TotalSegments":2,"Select":"COUNT"}`,
		`{"RequestItems":{"fuzz":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}]}}}`,
		`{"RequestItems":{"fuzz":[{"PutRequest":{"Item":{"pk":{"S":"c"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}]}}`,
		`{"TransactItems":[{"Put":{"TableName":"fuzz","Item":{"pk":{"S":"d"}},"ConditionExpression":"attribute_not_exists(pk)"}}]}`,
		`{"TransactItems":[{"Get":{"TableName":"fuzz","Key":{"pk":{"S":"d"}}}}]}`,
		`{"TableName":"fuzz2","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`,
		`{"Limit":"x","ExclusiveStartTableName":[1,{"a":[true]}]}`,
		`{"TableName":"fuzz","Key":{"pk":{"B":"!!"}}}`,
		`{"TableName":"fuzz","Key":{"pk":{"S":"\ud800"}}}`,
		`{"KeyConditions":{},"TableName":"fuzz"}`,
		`{"TableName":"fuzz","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"QueryFilter":{"n":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"0"}]}},"Limit":-9223372036854775809}`,
		`{"TableName":"fuzz","Key":{"pk":{"S":"a"}},"AttributeUpdates":{"n":{"Action":"ADD","Value":{"N":"1"}},"":{"Action":"DELETE"}},"Expected":{"n":{"Value":{"N":"1"}}}}`,
		`{"TableName":"fuzz","StreamSpecification":{"StreamEnabled":false},"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"n"}}`,
		`{"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/stream/2024-01-01T00:00:00.000","ShardId":"shardId-00000000000000000000-00000000","ShardIteratorType":"TRIM_HORIZON"}`,
		`{"ShardIterator":"arn:aws:dynamodb:us-east-1:000000000000:table/fuzz/stream/x|1|AAAA","Limit":1}`,
		"{\"TableName\":\"fu\xffzz\",\"Item\":{\"pk\":{\"S\":\"\\udc00\"}}}",
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]`,
	}
	var targets []string
	for _, op := range Operations() {
		targets = append(targets, TargetPrefix+op)
	}
	for _, op := range StreamsOperations() {
		targets = append(targets, StreamsTargetPrefix+op)
	}
	// Every seed body goes to every operation (which selects the
	// target), so each operation starts from every shape.
	for j := range targets {
		for _, s := range seeds {
			f.Add(uint8(j), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		if len(body) > maxFuzzBody {
			return
		}
		db := fuzzDatabase(t)
		target := TargetPrefix + "Bogus"
		if int(which) < 2*len(targets) {
			target = targets[int(which)%len(targets)]
		}
		// A request that never ends kills the worker with the input
		// (the fuzzer records it as a crash); no goroutine per input.
		hang := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("HANG %s %q", target, body)) })
		status, resp := Dispatch(db, target, body)
		hang.Stop()
		if status >= 500 {
			t.Fatalf("%s %q: status %d (a recovered panic?): %s", target, body, status, resp)
		}
		if !json.Valid(resp) {
			t.Fatalf("%s %q: response is not JSON: %q", target, body, resp)
		}
		if status != 200 {
			var e map[string]any
			if err := json.Unmarshal(resp, &e); err != nil {
				t.Fatalf("%s %q: error body %q: %v", target, body, resp, err)
			}
			if typ, _ := e["__type"].(string); typ == "" || !bytes.Contains(resp, []byte(`"__type":"com.amazon`)) {
				t.Fatalf("%s %q: status %d without __type: %s", target, body, status, resp)
			}
			return
		}
		if len(resp) == 0 || resp[0] != '{' {
			t.Fatalf("%s %q: success body is not an object: %s", target, body, resp)
		}
	})
}
