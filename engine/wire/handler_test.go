package wire

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Protocol tests through the http.Handler, without a network (they run
// under GOOS=js too).

type request struct {
	method  string
	target  string
	body    string
	headers map[string]string
	// reader, when set, replaces body (to send a body of unknown length).
	reader io.Reader
}

func serve(t *testing.T, h http.Handler, req request) *http.Response {
	t.Helper()
	method := req.method
	if method == "" {
		method = http.MethodPost
	}
	var body io.Reader = strings.NewReader(req.body)
	if req.reader != nil {
		body = req.reader
	}
	r := httptest.NewRequest(method, "/", body)
	if req.reader != nil {
		r.ContentLength = -1
	}
	if req.target != "" {
		r.Header.Set("X-Amz-Target", req.target)
	}
	r.Header.Set("Content-Type", "application/x-amz-json-1.0")
	for k, v := range req.headers {
		if v == "" {
			r.Header.Del(k)
			continue
		}
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec.Result()
}

func readAll(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var requestIDPattern = regexp.MustCompile(`^[A-Z0-9]{52}$`)

// checkCommonHeaders checks what every response carries.
func checkCommonHeaders(t *testing.T, resp *http.Response, body []byte) {
	t.Helper()
	if got := resp.Header.Get("Content-Type"); got != "application/x-amz-json-1.0" {
		t.Errorf("Content-Type = %q", got)
	}
	if id := resp.Header.Get("x-amzn-RequestId"); !requestIDPattern.MatchString(id) {
		t.Errorf("x-amzn-RequestId = %q, want 52 chars [A-Z0-9]", id)
	}
	want := strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)
	if got := resp.Header.Get("x-amz-crc32"); got != want {
		t.Errorf("x-amz-crc32 = %q, want %s (crc of %q)", got, want, body)
	}
	if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(body)) {
		t.Errorf("Content-Length = %q, body has %d bytes", got, len(body))
	}
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("Access-Control-Allow-Origin = %q: CORS is httpguard's decision", got)
	}
}

func errorOf(t *testing.T, body []byte) (typ, msg string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("error body is not JSON: %v: %s", err, body)
	}
	typ, _ = m["__type"].(string)
	if s, ok := m["message"].(string); ok {
		msg = s
	}
	if s, ok := m["Message"].(string); ok {
		msg = s
	}
	return typ, msg
}

func TestUnknownOperation(t *testing.T) {
	h := NewHandler(engine.New())
	for _, target := range []string{
		"DynamoDB_20120810.Nope",
		"DynamoDB_20120810.ListTable",
		"DynamoDB_20111205.ListTables",
		"dynamodb_20120810.ListTables",
		"ListTables",
		"DynamoDB_20120810.",
		"whatever",
		"", // no target at all
	} {
		t.Run(target, func(t *testing.T) {
			resp := serve(t, h, request{target: target, body: "{}"})
			body := readAll(t, resp)
			if resp.StatusCode != 400 {
				t.Errorf("status = %d", resp.StatusCode)
			}
			if string(body) != `{"__type":"com.amazon.coral.service#UnknownOperationException"}` {
				t.Errorf("body = %s", body)
			}
			checkCommonHeaders(t, resp, body)
		})
	}
	// DynamoDB's own checksum for this body (dynalite's recorded test).
	resp := serve(t, h, request{target: "x", body: "{}"})
	if got := resp.Header.Get("x-amz-crc32"); got != "1368724161" {
		t.Errorf("crc32 = %s, want 1368724161", got)
	}
	// No body and no target.
	resp = serve(t, h, request{})
	if body := readAll(t, resp); resp.StatusCode != 400 || !bytes.Contains(body, []byte("UnknownOperationException")) {
		t.Errorf("empty request: %d %s", resp.StatusCode, body)
	}
}

func TestEngineUnknownOperationMapsToCoral(t *testing.T) {
	status, body := appendError(nil, &engine.Error{Code: engine.CodeUnknownOperation, Message: "operation Foo is not implemented yet"})
	if status != 400 || string(body) != `{"__type":"com.amazon.coral.service#UnknownOperationException"}` {
		t.Errorf("got %d %s", status, body)
	}
}

func TestMalformedJSON(t *testing.T) {
	h := NewHandler(engine.New())
	for _, tc := range []struct{ name, target, body string }{
		{"not JSON", "DynamoDB_20120810.ListTables", "hi"},
		{"not JSON, unknown target", "DynamoDB_20120810.Nope", "hi"},
		{"not JSON, no target", "", "hi"},
		{"trailing comma", "DynamoDB_20120810.ListTables", `{"Limit":5,}`},
		{"trailing garbage", "DynamoDB_20120810.ListTables", `{"Limit":5}x`},
		{"truncated", "DynamoDB_20120810.GetItem", `{"TableName":"abc","Key":{"a":{"S":"x"}}`},
		{"empty body", "DynamoDB_20120810.ListTables", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := serve(t, h, request{target: tc.target, body: tc.body})
			body := readAll(t, resp)
			if resp.StatusCode != 400 {
				t.Errorf("status = %d", resp.StatusCode)
			}
			typ, msg := errorOf(t, body)
			if typ != "com.amazon.coral.service#SerializationException" {
				t.Errorf("__type = %q (%s)", typ, body)
			}
			if msg == "" {
				t.Errorf("no message: %s", body)
			}
			checkCommonHeaders(t, resp, body)
		})
	}
}

// TestWrongJSONTypes checks DynamoDB's wording of JSON type mismatches
// (recorded against the service; see shape.go).
func TestWrongJSONTypes(t *testing.T) {
	h := NewHandler(engine.New())
	for _, tc := range []struct{ op, body, want string }{
		{"ListTables", `{"Limit":"x"}`, "STRING_VALUE cannot be converted to Integer"},
		{"ListTables", `{"Limit":true}`, "TRUE_VALUE cannot be converted to Integer"},
		{"ListTables", `{"Limit":false}`, "FALSE_VALUE cannot be converted to Integer"},
		{"ListTables", `{"Limit":[]}`, "Unrecognized collection type class java.lang.Integer"},
		{"ListTables", `{"Limit":{}}`, "Start of structure or map found where not expected"},
		{"ListTables", `{"ExclusiveStartTableName":5}`, "NUMBER_VALUE cannot be converted to String"},
		{"ListTables", `{"ExclusiveStartTableName":2147483648}`, "NUMBER_VALUE cannot be converted to String"},
		{"ListTables", `{"ExclusiveStartTableName":34.56}`, "DECIMAL_VALUE cannot be converted to String"},
		{"ListTables", `{"ExclusiveStartTableName":true}`, "TRUE_VALUE cannot be converted to String"},
		{"ListTables", `{"ExclusiveStartTableName":[]}`, "Unrecognized collection type class java.lang.String"},
		{"ListTables", `{"ExclusiveStartTableName":{}}`, "Start of structure or map found where not expected"},
		{"ListTables", `5`, "Unexpected field type"},
		{"ListTables", `[]`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ListTablesInput"},
		{"DescribeTable", `{"TableName":5}`, "NUMBER_VALUE cannot be converted to String"},
		{"GetItem", `{"TableName":"abc","ConsistentRead":"true"}`, "Unexpected token received from parser"},
		{"GetItem", `{"TableName":"abc","ConsistentRead":1}`, "NUMBER_VALUE cannot be converted to Boolean"},
		{"GetItem", `{"TableName":"abc","ConsistentRead":34.56}`, "DECIMAL_VALUE cannot be converted to Boolean"},
		{"GetItem", `{"TableName":"abc","ConsistentRead":[]}`, "Unrecognized collection type class java.lang.Boolean"},
		{"GetItem", `{"TableName":"abc","ExpressionAttributeNames":[]}`, "Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>"},
		{"GetItem", `{"TableName":"abc","ExpressionAttributeNames":5}`, "Unexpected field type"},
		{"GetItem", `{"TableName":"abc","ExpressionAttributeNames":{"#a":5}}`, "NUMBER_VALUE cannot be converted to String"},
		{"GetItem", `{"TableName":"abc","AttributesToGet":"x"}`, "Unexpected field type"},
		{"GetItem", `{"TableName":"abc","AttributesToGet":{}}`, "Start of structure or map found where not expected"},
		{"GetItem", `{"TableName":"abc","AttributesToGet":[true]}`, "TRUE_VALUE cannot be converted to String"},
		{"GetItem", `{"TableName":"abc","Key":5}`, "Unexpected field type"},
		{"GetItem", `{"TableName":"abc","Key":[]}`, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
		{"Query", `{"TableName":"abc","Limit":"5"}`, "STRING_VALUE cannot be converted to Integer"},
		{"Scan", `{"TableName":"abc","TotalSegments":true}`, "TRUE_VALUE cannot be converted to Integer"},
		{"CreateTable", `{"TableName":"abc","ProvisionedThroughput":[]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.ProvisionedThroughput"},
		{"CreateTable", `{"TableName":"abc","ProvisionedThroughput":5}`, "Unexpected field type"},
		{"CreateTable", `{"TableName":"abc","ProvisionedThroughput":{"ReadCapacityUnits":"5"}}`, "STRING_VALUE cannot be converted to Long"},
		{"CreateTable", `{"TableName":"abc","KeySchema":[5]}`, "Unexpected value type in payload"},
		{"CreateTable", `{"TableName":"abc","KeySchema":[[]]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.KeySchemaElement"},
		{"CreateTable", `{"TableName":"abc","KeySchema":[{"AttributeName":true}]}`, "TRUE_VALUE cannot be converted to String"},
		{"BatchWriteItem", `{"RequestItems":[]}`, "Unrecognized collection type java.util.Map<java.lang.String, java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>"},
		{"BatchWriteItem", `{"RequestItems":{"abc":5}}`, castMessage},
		{"BatchWriteItem", `{"RequestItems":{"abc":{}}}`, "Start of structure or map found where not expected"},
		{"BatchWriteItem", `{"RequestItems":{"abc":[5]}}`, "Unexpected value type in payload"},
		{"BatchGetItem", `{"RequestItems":{"abc":{"Keys":[5]}}}`, castMessage},
		{"BatchGetItem", `{"RequestItems":{"abc":{"Keys":[[]]}}}`, "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"},
		{"TransactWriteItems", `{"TransactItems":[{"Put":[]}]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.Put"},
		{"UpdateTable", `{"TableName":"abc","GlobalSecondaryIndexUpdates":[{"Delete":[]}]}`, "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.DeleteGlobalSecondaryIndexAction"},
		// The first mismatch in document order wins.
		{"ListTables", `{"ExclusiveStartTableName":5,"Limit":"x"}`, "NUMBER_VALUE cannot be converted to String"},
		{"ListTables", `{"Limit":"x","ExclusiveStartTableName":5}`, "STRING_VALUE cannot be converted to Integer"},
	} {
		t.Run(tc.op+" "+tc.body, func(t *testing.T) {
			resp := serve(t, h, request{target: TargetPrefix + tc.op, body: tc.body})
			body := readAll(t, resp)
			if resp.StatusCode != 400 {
				t.Errorf("status = %d", resp.StatusCode)
			}
			want := map[string]string{"__type": "com.amazon.coral.service#SerializationException", "Message": tc.want}
			var got map[string]string
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatalf("%v: %s", err, body)
			}
			if got["__type"] != want["__type"] || got["Message"] != want["Message"] || len(got) != 2 {
				t.Errorf("body = %s\nwant  %q", body, tc.want)
			}
		})
	}
}

func TestCRC32AndRequestID(t *testing.T) {
	h := NewHandler(engine.New())
	seen := map[string]bool{}
	for range 100 {
		resp := serve(t, h, request{target: TargetPrefix + "Nope", body: "{}"})
		body := readAll(t, resp)
		checkCommonHeaders(t, resp, body)
		id := resp.Header.Get("x-amzn-RequestId")
		if seen[id] {
			t.Fatalf("request id %s repeated", id)
		}
		seen[id] = true
	}
}

// TestNoCORS checks that the handler grants no cross-origin access by
// itself: a preflight is not an API call (the server's httpguard answers
// the origins its operator allows).
func TestNoCORS(t *testing.T) {
	h := NewHandler(engine.New())
	resp := serve(t, h, request{method: http.MethodOptions, headers: map[string]string{
		"Origin":                         "http://localhost:3000",
		"Access-Control-Request-Headers": "content-type,x-amz-target,x-amz-date,authorization",
		"Access-Control-Request-Method":  "POST",
	}})
	readAll(t, resp)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("preflight: %d, want 404", resp.StatusCode)
	}
	for _, k := range []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Headers", "Access-Control-Allow-Methods"} {
		if got := resp.Header.Get(k); got != "" {
			t.Errorf("%s = %q, want none", k, got)
		}
	}
}

func TestMethodsAndContentTypes(t *testing.T) {
	h := NewHandler(engine.New())
	for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
		resp := serve(t, h, request{method: m})
		body := readAll(t, resp)
		if resp.StatusCode != 404 || string(body) != "<UnknownOperationException/>\n" {
			t.Errorf("%s: %d %q", m, resp.StatusCode, body)
		}
		if got := resp.Header.Get("x-amz-crc32"); got != "3552371480" {
			t.Errorf("%s: crc32 %s, want DynamoDB's 3552371480", m, got)
		}
	}
	resp := serve(t, h, request{target: TargetPrefix + "Nope", body: "{}", headers: map[string]string{"Content-Type": "text/plain"}})
	if body := readAll(t, resp); resp.StatusCode != 404 {
		t.Errorf("text/plain: %d %s", resp.StatusCode, body)
	}
	for _, ct := range []string{"application/x-amz-json-1.0", "application/x-amz-json-1.1", "application/json", "application/x-amz-json-1.0; charset=utf-8", ""} {
		resp := serve(t, h, request{target: TargetPrefix + "Nope", body: "{}", headers: map[string]string{"Content-Type": ct}})
		body := readAll(t, resp)
		if resp.StatusCode != 400 || !bytes.Contains(body, []byte("UnknownOperationException")) {
			t.Errorf("Content-Type %q: %d %s", ct, resp.StatusCode, body)
		}
	}
}

func TestBodyLimit(t *testing.T) {
	h := NewHandler(engine.New())
	check := func(t *testing.T, resp *http.Response) {
		t.Helper()
		body := readAll(t, resp)
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("status = %d (%.200s)", resp.StatusCode, body)
		}
		typ, msg := errorOf(t, body)
		if typ != "com.amazon.coral.service#RequestEntityTooLargeException" || msg == "" {
			t.Errorf("body = %s", body)
		}
		checkCommonHeaders(t, resp, body)
	}
	big := strings.Repeat(" ", MaxRequestBytes-2) + "{}"
	t.Run("over, with length", func(t *testing.T) {
		check(t, serve(t, h, request{target: TargetPrefix + "ListTables", body: big + " "}))
	})
	t.Run("over, chunked", func(t *testing.T) {
		check(t, serve(t, h, request{target: TargetPrefix + "ListTables", reader: strings.NewReader(big + " ")}))
	})
	t.Run("at the limit", func(t *testing.T) {
		resp := serve(t, h, request{target: TargetPrefix + "Nope", body: big})
		if body := readAll(t, resp); resp.StatusCode != 400 || !bytes.Contains(body, []byte("UnknownOperation")) {
			t.Errorf("16 MB body: %d %.200s", resp.StatusCode, body)
		}
		resp = serve(t, h, request{target: TargetPrefix + "Nope", reader: strings.NewReader(big)})
		if body := readAll(t, resp); resp.StatusCode != 400 || !bytes.Contains(body, []byte("UnknownOperation")) {
			t.Errorf("16 MB chunked body: %d %.200s", resp.StatusCode, body)
		}
	})
	t.Run("Dispatch", func(t *testing.T) {
		status, body := Dispatch(engine.New(), TargetPrefix+"ListTables", []byte(big+" "))
		if status != 413 || !bytes.Contains(body, []byte("RequestEntityTooLarge")) {
			t.Errorf("Dispatch: %d %s", status, body)
		}
	})
}

// withOperation registers a test-only operation for the duration of a test.
func withOperation(t *testing.T, name string, fn operation) string {
	t.Helper()
	target := TargetPrefix + name
	operations[target] = fn
	t.Cleanup(func() { delete(operations, target) })
	return target
}

func TestPanicContained(t *testing.T) {
	check := func(t *testing.T, status int, body []byte) {
		t.Helper()
		if status != 500 {
			t.Errorf("status = %d", status)
		}
		typ, msg := errorOf(t, body)
		if typ != "com.amazonaws.dynamodb.v20120810#InternalServerError" || msg != InternalErrorMessage {
			t.Errorf("body = %s", body)
		}
	}
	t.Run("nil database", func(t *testing.T) {
		// Every engine method dereferences its receiver.
		status, body := Dispatch(nil, TargetPrefix+"ListTables", []byte("{}"))
		check(t, status, body)
	})
	t.Run("panicking operation", func(t *testing.T) {
		target := withOperation(t, "TestPanic", func(*engine.Database, []byte, []byte) ([]byte, error) {
			panic("boom")
		})
		status, body := Dispatch(engine.New(), target, []byte("{}"))
		check(t, status, body)
	})
	t.Run("over HTTP", func(t *testing.T) {
		resp := serve(t, NewHandler(nil), request{target: TargetPrefix + "DescribeTable", body: `{"TableName":"abc"}`})
		body := readAll(t, resp)
		check(t, resp.StatusCode, body)
		checkCommonHeaders(t, resp, body)
	})
}

func TestGzip(t *testing.T) {
	big := `{"Blob":"` + strings.Repeat("abcdefgh", 1000) + `"}`
	target := withOperation(t, "TestBig", func(_ *engine.Database, _, dst []byte) ([]byte, error) {
		return append(dst, big...), nil
	})
	h := NewHandler(engine.New())

	resp := serve(t, h, request{target: target, body: "{}", headers: map[string]string{"Accept-Encoding": "gzip"}})
	raw := readAll(t, resp)
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", resp.Header)
	}
	checkCommonHeaders(t, resp, raw) // the checksum is of the gzipped bytes
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || string(plain) != big {
		t.Fatalf("gunzip: %v, %d bytes", err, len(plain))
	}

	for _, ae := range []string{"", "identity", "gzip;q=0", "br"} {
		resp := serve(t, h, request{target: target, body: "{}", headers: map[string]string{"Accept-Encoding": ae}})
		body := readAll(t, resp)
		if resp.Header.Get("Content-Encoding") != "" || string(body) != big {
			t.Errorf("Accept-Encoding %q: encoded %q", ae, resp.Header.Get("Content-Encoding"))
		}
		checkCommonHeaders(t, resp, body)
	}
	// Small responses are never compressed.
	resp = serve(t, h, request{target: TargetPrefix + "Nope", body: "{}", headers: map[string]string{"Accept-Encoding": "gzip"}})
	if resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("small response gzipped")
	}
}

func TestOperationsList(t *testing.T) {
	got := map[string]bool{}
	for _, op := range Operations() {
		got[op] = true
	}
	for _, op := range []string{"BatchGetItem", "BatchWriteItem", "CreateTable", "DeleteItem", "DeleteTable", "DescribeTable",
		"GetItem", "ListTables", "PutItem", "Query", "Scan", "TransactGetItems", "TransactWriteItems", "UpdateItem", "UpdateTable"} {
		if !got[op] {
			t.Errorf("%s is not dispatched (Operations() = %v)", op, Operations())
		}
	}
	for _, op := range []string{"Observe", "Snapshot", "Tick", "ListStreams", "GetRecords"} {
		if got[op] {
			t.Errorf("%s is dispatched under %s", op, TargetPrefix)
		}
	}
	for _, op := range StreamsOperations() {
		if _, ok := lookupAll(StreamsTargetPrefix + op); !ok {
			t.Errorf("streams operation %s not under %s", op, StreamsTargetPrefix)
		}
	}
}

// TestConcurrentRequests runs many requests at once through the handler:
// pooled buffers must never leak one response into another (run with -race).
func TestConcurrentRequests(t *testing.T) {
	h := NewHandler(engine.New())
	resp := serve(t, h, request{target: TargetPrefix + "CreateTable", body: `{"TableName":"conc","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`})
	if body := readAll(t, resp); resp.StatusCode != 200 {
		t.Fatalf("CreateTable: %s", body)
	}
	const workers, each = 8, 100
	errs := make(chan string, workers*each)
	done := make(chan struct{})
	for w := range workers {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range each {
				key := strconv.Itoa(w) + "-" + strconv.Itoa(i)
				pad := strings.Repeat(key, 1+i%700) // some responses go over the gzip threshold
				item := `{"pk":{"S":"` + key + `"},"pad":{"S":"` + pad + `"}}`
				r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(`{"TableName":"conc","Item":`+item+`}`))
				r.Header.Set("X-Amz-Target", TargetPrefix+"PutItem")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, r)
				if rec.Code != 200 {
					errs <- "PutItem " + key + ": " + rec.Body.String()
					continue
				}
				r = httptest.NewRequest(http.MethodPost, "/", strings.NewReader(`{"TableName":"conc","Key":{"pk":{"S":"`+key+`"}},"ConsistentRead":true}`))
				r.Header.Set("X-Amz-Target", TargetPrefix+"GetItem")
				rec = httptest.NewRecorder()
				h.ServeHTTP(rec, r)
				want := `{"Item":{"pad":{"S":"` + pad + `"},"pk":{"S":"` + key + `"}}}`
				if got := rec.Body.String(); got != want {
					errs <- "GetItem " + key + ": got " + got[:min(len(got), 200)]
				}
				if crc := strconv.FormatUint(uint64(crc32.ChecksumIEEE(rec.Body.Bytes())), 10); rec.Header().Get("x-amz-crc32") != crc {
					errs <- "GetItem " + key + ": wrong crc32"
				}
			}
		}()
	}
	for range workers {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestStreamsTarget(t *testing.T) {
	db := engine.New()
	status, body := Dispatch(db, StreamsTargetPrefix+"ListStreams", []byte(`{}`))
	if status != 200 || !bytes.Contains(body, []byte(`"Streams"`)) {
		t.Errorf("ListStreams: %d %s", status, body)
	}
	status, body = Dispatch(db, TargetPrefix+"ListStreams", []byte(`{}`))
	if status != 400 || string(body) != string(unknownOperationBody) {
		t.Errorf("ListStreams under the DynamoDB prefix: %d %s", status, body)
	}
}
