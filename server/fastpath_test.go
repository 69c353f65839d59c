package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// serveForTest serves New(opts) on a loopback port until the test ends;
// plain serves it without the fast path (http.Server answers every
// request), as before the fast path. It returns the address and the count
// of requests the fast path answered.
func serveForTest(t *testing.T, opts Options, plain bool) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if opts.Logger == nil {
		opts.Logger = log.New(io.Discard, "", 0)
	}
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	if plain {
		h = http.HandlerFunc(h.ServeHTTP) // not a *workbench: no fast path
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h, opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String(), &fastAnswered
}

// exchange sends each raw request on one connection, one at a time, and
// returns each raw response (header and body, as received, with any 1xx
// answer before it).
func exchange(t *testing.T, addr string, reqs ...string) []string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var out []string
	var raw bytes.Buffer
	br := bufio.NewReader(io.TeeReader(c, &raw))
	for _, req := range reqs {
		c.SetDeadline(time.Now().Add(20 * time.Second))
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		raw.Reset()
		resp, err := http.ReadResponse(br, nil)
		for err == nil && resp.StatusCode < 200 { // 100 Continue, then the answer
			resp, err = http.ReadResponse(br, nil)
		}
		if err != nil {
			out = append(out, "error: "+err.Error())
			break
		}
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		out = append(out, raw.String())
		if resp.Close {
			break
		}
	}
	return out
}

var (
	dateLine      = regexp.MustCompile(`(?m)^Date: .*\r$`)
	requestIDLine = regexp.MustCompile(`(?m)^X-Amzn-Requestid: [A-Z0-9]{52}\r$`)
)

// normalize blanks what differs between any two answers: the date and the
// request id.
func normalize(resp string) string {
	resp = dateLine.ReplaceAllString(resp, "Date: -\r")
	return requestIDLine.ReplaceAllString(resp, "X-Amzn-Requestid: -\r")
}

// call is a DynamoDB request as an SDK sends it, with extra header lines.
func call(target, body string, extra ...string) string {
	h := "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: aws-sdk-go-v2/1.36.3\r\nContent-Type: application/x-amz-json-1.0\r\n" +
		"X-Amz-Target: DynamoDB_20120810." + target + "\r\nContent-Length: " + fmt.Sprint(len(body)) + "\r\n"
	for _, e := range extra {
		h += e + "\r\n"
	}
	return h + "\r\n" + body
}

const fastTable = `{"TableName":"fast","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],` +
	`"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}`

// fastSetup creates a table and 60 items of ~200 bytes in one partition
// (a Query of them is over gzip's 4 KB threshold).
func fastSetup(t *testing.T, addr string) {
	t.Helper()
	reqs := []string{call("CreateTable", fastTable)}
	for i := range 60 {
		reqs = append(reqs, call("PutItem", fmt.Sprintf(`{"TableName":"fast","Item":{"pk":{"S":"p"},"sk":{"N":"%d"},"pad":{"S":"%s"}}}`, i, strings.Repeat("x", 180))))
	}
	for i, r := range exchange(t, addr, reqs...) {
		if !strings.HasPrefix(r, "HTTP/1.1 200 ") {
			t.Fatalf("setup request %d: %s", i, r[strings.Index(r, "\r\n\r\n"):])
		}
	}
}

// TestFastPathAnswersAsHTTPServer sends the same requests, each
// connection's in turn, to a server with the fast path and to one without:
// every answer is the same bytes but for the date and the request id, and
// the fast path answered the requests of its shape.
func TestFastPathAnswersAsHTTPServer(t *testing.T) {
	fast, answered := serveForTest(t, Options{}, false)
	plain, _ := serveForTest(t, Options{}, true)
	fastSetup(t, fast)
	fastSetup(t, plain)

	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	io.WriteString(zw, `{"TableName":"fast","Key":{"pk":{"S":"p"},"sk":{"N":"1"}}}`)
	zw.Close()
	chunked := "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n" +
		"Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
	query := `{"TableName":"fast","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}}`

	conns := map[string][]string{
		"items": {
			call("GetItem", `{"TableName":"fast","Key":{"pk":{"S":"p"},"sk":{"N":"7"}}}`),
			call("GetItem", `{"TableName":"fast","Key":{"pk":{"S":"p"},"sk":{"N":"700"}}}`),
			call("PutItem", `{"TableName":"fast","Item":{"pk":{"S":"p"},"sk":{"N":"7"},"v":{"SS":["b","a"]}},"ReturnValues":"ALL_OLD"}`),
			call("Query", query+"\n"),
			call("Query", query, "Accept-Encoding: gzip"),
			call("Query", query, "Accept-Encoding: identity"),
			call("UpdateItem", `{"TableName":"fast","Key":{"pk":{"S":"p"},"sk":{"N":"8"}},"UpdateExpression":"SET n = :n","ExpressionAttributeValues":{":n":{"N":"1"}},"ReturnValues":"ALL_NEW"}`),
			call("DeleteItem", `{"TableName":"fast","Key":{"pk":{"S":"p"},"sk":{"N":"9"}},"ReturnConsumedCapacity":"TOTAL"}`),
			call("ListTables", ``),
			call("ListTables", `{}`, "Connection: keep-alive", "Authorization: AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0"),
		},
		"errors": {
			call("GetItem", `{"Key":{}`),
			call("GetItem", `{"TableName":"nope","Key":{"pk":{"S":"p"}}}`),
			call("PutItem", `{"TableName":"fast","Item":{"pk":{"S":"p"}}}`),
			call("Frobnicate", `{}`),
			call("GetItem", `null`),
			call("PutItem", `{"TableName":"fast","Item":{"pk":{"S":"p"},"sk":{"N":"1"},"bad":{"SS":[]}}}`),
			call("GetItem", "{\"TableName\":\"t\",\"Key\":\xff}"),
		},
		"content types": {
			strings.Replace(call("ListTables", `{}`), "Content-Type: application/x-amz-json-1.0\r\n", "", 1),
			strings.Replace(call("ListTables", `{}`), "application/x-amz-json-1.0", "application/json", 1),
			strings.Replace(call("ListTables", `{}`), "application/x-amz-json-1.0", "APPLICATION/X-AMZ-JSON-1.1", 1),
			strings.Replace(call("ListTables", `{}`), "application/x-amz-json-1.0", "application/x-amz-json-1.0; charset=utf-8", 1),
			strings.Replace(call("ListTables", `{}`), "application/x-amz-json-1.0", "text/plain", 1),
		},
		"fast, then handed over, then fast-shaped again": {
			call("ListTables", `{}`),
			chunked,
			call("ListTables", `{}`),
		},
		"gzip body":       {call("GetItem", zipped.String(), "Content-Encoding: gzip")},
		"other origin":    {call("ListTables", `{}`, "Origin: https://evil.example")},
		"own origin":      {call("ListTables", `{}`, "Origin: http://127.0.0.1")},
		"cross-site":      {call("ListTables", `{}`, "Sec-Fetch-Site: cross-site")},
		"other host":      {strings.Replace(call("ListTables", `{}`), "Host: 127.0.0.1", "Host: evil.example", 1)},
		"two hosts":       {strings.Replace(call("ListTables", `{}`), "Host: 127.0.0.1\r\n", "Host: 127.0.0.1\r\nHost: evil.example\r\n", 1)},
		"no host":         {strings.Replace(call("ListTables", `{}`), "Host: 127.0.0.1\r\n", "", 1)},
		"path":            {strings.Replace(call("ListTables", `{}`), "POST / ", "POST /dynamodb ", 1)},
		"api path":        {strings.Replace(call("ListTables", `{}`), "POST / ", "POST /api/patterns ", 1)},
		"GET":             {strings.Replace(call("ListTables", ``), "POST / ", "GET / ", 1)},
		"HTTP/1.0":        {strings.Replace(call("ListTables", `{}`), "HTTP/1.1\r\n", "HTTP/1.0\r\n", 1)},
		"expect":          {call("ListTables", `{}`, "Expect: 100-continue")},
		"too large":       {strings.Replace(call("ListTables", ``), "Content-Length: 0", "Content-Length: 16777217", 1)},
		"close":           {call("ListTables", `{}`, "Connection: close")},
		"two lengths":     {call("ListTables", `{}`, "Content-Length: 2")},
		"no target":       {strings.Replace(call("ListTables", `{}`), "X-Amz-Target: DynamoDB_20120810.ListTables\r\n", "", 1)},
		"lower-case":      {strings.ToLower(call("ListTables", `{}`)[:4]) + call("ListTables", `{}`)[4:]},
		"header case":     {strings.Replace(call("ListTables", `{}`), "X-Amz-Target", "x-amz-TARGET", 1)},
		"folded header":   {call("ListTables", `{}`, "X-Thing: a", " b")},
		"long header":     {call("ListTables", `{}`, "X-Pad: "+strings.Repeat("p", 5000))},
		"leading zero":    {strings.Replace(call("ListTables", `{}`), "Content-Length: 2", "Content-Length: 02", 1)},
		"bad header name": {call("ListTables", `{}`, "X Pad: 1")},
	}
	before := answered.Load()
	for name, reqs := range conns {
		got, want := exchange(t, fast, reqs...), exchange(t, plain, reqs...)
		if len(got) != len(want) {
			t.Errorf("%s: %d answers, want %d:\n%q\n%q", name, len(got), len(want), got, want)
			continue
		}
		for i := range got {
			if g, w := normalize(got[i]), normalize(want[i]); g != w {
				t.Errorf("%s, request %d:\nfast path: %q\nhttp.Server: %q", name, i, g, w)
			}
		}
	}
	// The requests of the fast path's shape: "items", "errors", 4 of the
	// content types, the first of the mixed connection.
	if n := answered.Load() - before; n != 10+7+4+1 {
		t.Errorf("the fast path answered %d requests, want %d", n, 10+7+4+1)
	}
}

// TestFastPathIdleConnectionsDoNotHoldSlots: twice -max-connections idle
// keep-alive connections that each had a DynamoDB request answered by the
// fast path, then requests on new connections, each answered.
func TestFastPathIdleConnectionsDoNotHoldSlots(t *testing.T) {
	const limit = 4
	addr, answered := serveForTest(t, Options{MaxConnections: limit}, false)
	before := answered.Load()
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for i := 0; i < 2*limit; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
		io.WriteString(c, call("ListTables", `{}`))
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("idle connection %d: %v", i, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	for i := range 6 {
		if r := exchange(t, addr, call("ListTables", `{}`)); len(r) != 1 || !strings.HasPrefix(r[0], "HTTP/1.1 200 ") {
			t.Fatalf("request %d on a new connection, with %d idle ones: %q", i, 2*limit, r)
		}
	}
	if n := answered.Load() - before; n != 2*limit+6 {
		t.Errorf("the fast path answered %d requests, want %d", n, 2*limit+6)
	}
}

// TestFastPathShutdown: a shutdown closes the fast path's idle
// connections and Serve returns at once.
func TestFastPathShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Logger: log.New(io.Discard, "", 0)}
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h, opts) }()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	io.WriteString(c, call("ListTables", `{}`))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	fresh, err := net.Dial("tcp", ln.Addr().String()) // no request yet
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(8 * time.Second): // the shutdown timeout is 10 s
		t.Fatal("Serve did not return: the idle connections were not closed")
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); err == nil {
		t.Error("the idle connection is still open after the shutdown")
	}
	t.Logf("shut down in %v", time.Since(start))
}
