package wire

import (
	"bytes"
	"testing"
	"time"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
)

// FuzzDispatch feeds arbitrary bodies to every operation (and to unknown
// targets): Dispatch must not panic (a recovered panic shows up as a 500),
// and every answer must be JSON: a success body, or an error document with
// a __type.
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
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]`,
	}
	var targets []string
	for _, op := range Operations() {
		targets = append(targets, TargetPrefix+op)
	}
	for _, op := range StreamsOperations() {
		targets = append(targets, StreamsTargetPrefix+op)
	}
	for i, s := range seeds {
		f.Add(uint8(i), []byte(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		db := engine.New()
		Dispatch(db, TargetPrefix+"CreateTable", []byte(`{"TableName":"fuzz","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`))
		Dispatch(db, TargetPrefix+"PutItem", []byte(`{"TableName":"fuzz","Item":{"pk":{"S":"a"},"n":{"N":"1"}}}`))
		target := TargetPrefix + "Bogus"
		if int(which) < 2*len(targets) {
			target = targets[int(which)%len(targets)]
		}
		var status int
		var resp []byte
		done := make(chan struct{})
		go func() { status, resp = Dispatch(db, target, body); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("HANG %s %q", target, body)
		}
		if status == 500 {
			t.Fatalf("%s %q: internal error (a recovered panic?): %s", target, body, resp)
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
