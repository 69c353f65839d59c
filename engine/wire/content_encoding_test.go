package wire

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

func compress(t *testing.T, coding string, data []byte) string {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch coding {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "zlib":
		w = zlib.NewWriter(&buf)
	default:
		fw, err := flate.NewWriter(&buf, flate.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		w = fw
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestRequestContentEncoding: bodies sent with Content-Encoding gzip or
// deflate (zlib-wrapped or raw) are decoded; a body that inflates past the
// request limit is a 413, and one that does not inflate a 400.
func TestRequestContentEncoding(t *testing.T) {
	h := NewHandler(engine.New())
	create := `{"TableName":"%s","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`
	for _, c := range []struct{ header, coding, table string }{
		{"gzip", "gzip", "gzipped"},
		{"deflate", "zlib", "zlibbed"},
		{"deflate", "raw", "raw"},
		{"GZIP", "gzip", "upper"},
	} {
		body := compress(t, c.coding, []byte(strings.Replace(create, "%s", c.table, 1)))
		resp := serve(t, h, request{target: TargetPrefix + "CreateTable", body: body, headers: map[string]string{"Content-Encoding": c.header}})
		got := readAll(t, resp)
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(got), `"TableName":"`+c.table+`"`) {
			t.Errorf("%s (%s): %d %s", c.header, c.coding, resp.StatusCode, got)
		}
	}

	// A zip bomb: 17 MB of spaces inside a few kilobytes.
	bomb := compress(t, "gzip", append([]byte(`{"TableName":"x"`), bytes.Repeat([]byte(" "), MaxRequestBytes+1)...))
	if len(bomb) > 100<<10 {
		t.Fatalf("the bomb is %d bytes compressed", len(bomb))
	}
	resp := serve(t, h, request{target: TargetPrefix + "DescribeTable", body: bomb, headers: map[string]string{"Content-Encoding": "gzip"}})
	got := readAll(t, resp)
	if typ, _ := errorOf(t, got); resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.HasSuffix(typ, "RequestEntityTooLargeException") {
		t.Errorf("zip bomb: %d %s", resp.StatusCode, got)
	}

	resp = serve(t, h, request{target: TargetPrefix + "ListTables", body: "not gzip at all", headers: map[string]string{"Content-Encoding": "gzip"}})
	got = readAll(t, resp)
	if typ, _ := errorOf(t, got); resp.StatusCode != http.StatusBadRequest || !strings.HasSuffix(typ, "SerializationException") {
		t.Errorf("corrupt gzip: %d %s", resp.StatusCode, got)
	}
	resp = serve(t, h, request{target: TargetPrefix + "ListTables", body: "{}", headers: map[string]string{"Content-Encoding": "identity"}})
	if got := readAll(t, resp); resp.StatusCode != http.StatusOK {
		t.Errorf("identity: %d %s", resp.StatusCode, got)
	}
}

// TestUnknownContentEncoding: a coding DynamoDB does not know is a 500 and
// the request is not run (Alternator's test_garbage_content_encoding,
// against DynamoDB; issue 29: the engine used to write the item).
func TestUnknownContentEncoding(t *testing.T) {
	db := engine.New()
	h := NewHandler(db)
	if status, resp := Dispatch(db, TargetPrefix+"CreateTable", []byte(`{"TableName":"enc","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`)); status != 200 {
		t.Fatalf("CreateTable: %d %s", status, resp)
	}
	resp := serve(t, h, request{target: TargetPrefix + "PutItem", body: `{"TableName":"enc","Item":{"pk":{"S":"a"}}}`, headers: map[string]string{"Content-Encoding": "garbage"}})
	got := readAll(t, resp)
	if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(got), "InternalServerError") {
		t.Errorf("garbage coding: %d %s, want 500 InternalServerError", resp.StatusCode, got)
	}
	if _, out := Dispatch(db, TargetPrefix+"Scan", []byte(`{"TableName":"enc","Select":"COUNT"}`)); !strings.Contains(string(out), `"Count":0`) {
		t.Errorf("the request ran: %s", out)
	}
}
