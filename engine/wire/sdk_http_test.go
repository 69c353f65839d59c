//go:build !js

package wire_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// TestSDKSerializationRaw sends bodies no SDK would: DynamoDB answers them
// with SerializationException (read back through the SDK's error parser via
// a raw request, then checked on the wire).
func TestSDKSerializationRaw(t *testing.T) {
	_, srv := newClient(t)
	for _, tc := range []struct{ target, body, want string }{
		{"DescribeTable", `{"TableName":5}`, `{"__type":"com.amazon.coral.service#SerializationException","Message":"NUMBER_VALUE cannot be converted to String"}`},
		{"GetItem", `{"TableName":"abc","Key":{"a":{"S":true}}}`, `"__type":"com.amazon.coral.service#SerializationException"`},
		{"ListTables", `{"Limit":`, `"__type":"com.amazon.coral.service#SerializationException"`},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/x-amz-json-1.0")
		req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+tc.target)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 400 || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s %s: %d %s, want %s", tc.target, tc.body, resp.StatusCode, body, tc.want)
		}
	}
}

// TestSDKUnsigned checks that a request without credentials is served.
func TestSDKUnsigned(t *testing.T) {
	_, srv := newClient(t)
	c := clientFor(srv.URL, func(o *dynamodb.Options) { o.Credentials = aws.AnonymousCredentials{} })
	_, err := c.ListTables(ctx, &dynamodb.ListTablesInput{})
	must(t, "ListTables unsigned", err)
}

// TestSDKGzip has the SDK ask for gzip: large responses come compressed and
// the SDK's CRC-32 check (of the compressed bytes) passes.
func TestSDKGzip(t *testing.T) {
	var mu sync.Mutex
	var encodings []string
	h := wire.NewHandler(engine.New())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		mu.Lock()
		encodings = append(encodings, w.Header().Get("Content-Encoding"))
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL, func(o *dynamodb.Options) { o.EnableAcceptEncodingGzip = true })
	createUsers(t, c)
	pad := strings.Repeat("x", 400)
	for i := range 30 {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("users"), Item: Item{"id": S(strconv.Itoa(i)), "pad": S(pad)}})
		must(t, "PutItem", err)
	}
	s, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("users")})
	must(t, "Scan (gzipped)", err)
	if len(s.Items) != 30 {
		t.Errorf("Scan: %d items", len(s.Items))
	}
	mu.Lock()
	defer mu.Unlock()
	if encodings[len(encodings)-1] != "gzip" {
		t.Errorf("the Scan response was not gzipped: %v", encodings)
	}
}
