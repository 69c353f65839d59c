//go:build unix

package server

import (
	"bytes"
	"net/http"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The DynamoDB endpoint's cost per request inside the server's handler
// stack (httpguard, the routes, the wire handler: headers, body, dispatch,
// response), without the network and net/http's own parsing: what the
// workbench adds to every request beyond Go's HTTP server. The requests
// carry the headers the AWS SDK for Go v2 sends. engine/wire's
// BenchmarkDispatch* measure the dispatch alone, BenchmarkWire* the whole
// path over loopback.

// sdkHeader is what the AWS SDK for Go v2 sends with a request for target.
func sdkHeader(target string, n int) http.Header {
	return http.Header{
		"Accept-Encoding":       {"identity"},
		"Amz-Sdk-Invocation-Id": {"9f208fee-ec57-4d6d-9e17-b792cd9e9e95"},
		"Amz-Sdk-Request":       {"attempt=1; max=1"},
		"Authorization":         {"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261201/us-east-1/dynamodb/aws4_request, SignedHeaders=accept-encoding;amz-sdk-invocation-id;amz-sdk-request;content-length;content-type;host;x-amz-date;x-amz-target, Signature=664f9e870fc8a1a08720bc2338ce9b5b09f1e4a493628b0b7fb0710c4703d706"},
		"Content-Length":        {strconv.Itoa(n)},
		"Content-Type":          {"application/x-amz-json-1.0"},
		"User-Agent":            {"aws-sdk-go-v2/1.36.3 ua/2.1 os/linux lang/go#1.26.8 md/GOOS#linux md/GOARCH#amd64 api/dynamodb#1.42.0 m/e"},
		"X-Amz-Date":            {"20261201T231141Z"},
		"X-Amz-Target":          {"DynamoDB_20120810." + target},
	}
}

// benchWriter is a ResponseWriter that keeps nothing, with a fresh header
// map per request as net/http's.
type benchWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *benchWriter) Header() http.Header { return w.h }
func (w *benchWriter) WriteHeader(s int)   { w.status = s }
func (w *benchWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = 200
	}
	w.n += len(b)
	return len(b), nil
}

// bodyReader replays one body (a bytes.Reader that closes).
type bodyReader struct{ bytes.Reader }

func (*bodyReader) Close() error { return nil }

func benchServe(b *testing.B, h http.Handler, target string, body func(i int) []byte) {
	b.Helper()
	bodies := make([][]byte, 1000)
	for i := range bodies {
		bodies[i] = body(i)
	}
	r, err := http.NewRequest(http.MethodPost, "http://127.0.0.1:8000/", nil)
	if err != nil {
		b.Fatal(err)
	}
	r.RemoteAddr = "127.0.0.1:40000"
	br := &bodyReader{}
	r.Body = br
	w := &benchWriter{}
	b.ReportAllocs()
	defer reportCPU(b)()
	i := 0
	for b.Loop() {
		req := bodies[i%len(bodies)]
		i++
		br.Reset(req)
		r.ContentLength = int64(len(req))
		r.Header = sdkHeader(target, len(req))
		w.h, w.status, w.n = make(http.Header), 0, 0
		h.ServeHTTP(w, r)
		if w.status != 200 {
			b.Fatalf("%s: status %d", target, w.status)
		}
	}
}

func benchHandler(b *testing.B) http.Handler {
	h, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	run := func(target, body string) {
		w := &benchWriter{h: make(http.Header)}
		r, _ := http.NewRequest(http.MethodPost, "http://127.0.0.1:8000/", bytes.NewReader([]byte(body)))
		r.Header = sdkHeader(target, len(body))
		h.ServeHTTP(w, r)
		if w.status != 200 {
			b.Fatalf("%s: status %d", target, w.status)
		}
	}
	run("CreateTable", `{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`)
	for i := range 1000 {
		run("PutItem", string(benchPutBody(i)))
	}
	return h
}

// benchPutBody is engine/wire's benchmark item i, as the SDK sends it.
func benchPutBody(i int) []byte {
	n := strconv.Itoa(i)
	return []byte(`{"Item":{"active":{"BOOL":true},"address":{"M":{"city":{"S":"London"},"street":{"S":"12 Analytical Engine Way"},"zip":{"S":"NW1 6XE"}}},` +
		`"age":{"N":"` + strconv.Itoa(20+i%60) + `"},"email":{"S":"ada.` + n + `@example.com"},"history":{"L":[{"N":"1"},{"N":"2"},{"N":"3"}]},` +
		`"name":{"S":"Ada Lovelace the ` + n + `th"},"pk":{"S":"user#` + n + `"},"score":{"N":"1234.5678"},"tags":{"SS":["alpha","beta","gamma"]}},"TableName":"bench"}`)
}

func BenchmarkServeDynamoDBPutItem(b *testing.B) {
	benchServe(b, benchHandler(b), "PutItem", benchPutBody)
}

func BenchmarkServeDynamoDBGetItem(b *testing.B) {
	benchServe(b, benchHandler(b), "GetItem", func(i int) []byte {
		return []byte(`{"Key":{"pk":{"S":"user#` + strconv.Itoa(i) + `"}},"TableName":"bench"}`)
	})
}

func BenchmarkServeDynamoDBQuery(b *testing.B) {
	benchServe(b, benchHandler(b), "Query", func(i int) []byte {
		return []byte(`{"ExpressionAttributeValues":{":pk":{"S":"user#` + strconv.Itoa(i) + `"}},"KeyConditionExpression":"pk = :pk","TableName":"bench"}`)
	})
}

// reportCPU returns the function that reports the process's CPU time (user
// and system, the collector's included) per operation since reportCPU was
// called, as cpu-ns/op: on a machine shared with other work, wall-clock
// ns/op measures the neighbours as much as the code.
func reportCPU(b *testing.B) func() {
	start := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
