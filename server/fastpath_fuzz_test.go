package server

import (
	"bufio"
	"bytes"
	"net/http"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/httpguard"
)

// FuzzFastParse: parseFast never panics, and a request it takes is one
// net/http reads the same way: a POST of / with the same Host,
// Content-Length and X-Amz-Target, no transfer coding, and a header that
// ends where parseFast says.
func FuzzFastParse(f *testing.F) {
	for _, s := range []string{
		call("GetItem", `{"TableName":"fast","Key":{"pk":{"S":"p"}}}`),
		call("ListTables", ``, "Accept-Encoding: gzip, deflate"),
		call("ListTables", `{}`, "Connection: keep-alive", "X-Pad:  a\tb "),
		call("ListTables", `{}`, "Transfer-Encoding: chunked"),
		"POST / HTTP/1.1\r\nHost: [::1]:8000\r\nX-Amz-Target: a\r\nContent-Length: 0\r\n\r\n",
		"POST / HTTP/1.1\r\nhost: localhost\r\nx-amz-target: a\r\ncontent-length: 3\r\ncontent-type: application/json\r\n\r\n{}\n",
		"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: a\r\nContent-Length: 1\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	guard := httpguard.New(httpguard.Config{}, nil)
	f.Fuzz(func(t *testing.T, data []byte) {
		fc := &fastConn{br: bufio.NewReaderSize(bytes.NewReader(data), fastBufSize)}
		req, n, err := parseFast(fc, guard)
		if err != nil || n == 0 {
			return
		}
		r, rerr := http.ReadRequest(bufio.NewReader(bytes.NewReader(data)))
		if rerr != nil {
			t.Fatalf("parseFast took a request net/http refuses (%v): %q", rerr, data)
		}
		if r.Method != http.MethodPost || r.RequestURI != "/" || r.ProtoMinor != 1 || len(r.TransferEncoding) > 0 {
			t.Fatalf("parseFast took %s %s HTTP/1.%d (transfer %v): %q", r.Method, r.RequestURI, r.ProtoMinor, r.TransferEncoding, data)
		}
		if r.Host != fc.host || r.ContentLength != int64(req.length) || r.Header.Get("X-Amz-Target") != fc.target {
			t.Fatalf("parseFast read Host %q, length %d, target %q; net/http %q, %d, %q: %q",
				fc.host, req.length, fc.target, r.Host, r.ContentLength, r.Header.Get("X-Amz-Target"), data)
		}
		if len(r.Header.Values("X-Amz-Target")) != 1 || r.Header.Get("Origin") != "" || r.Header.Get("Sec-Fetch-Site") != "" || r.Header.Get("Content-Encoding") != "" {
			t.Fatalf("parseFast took a request the guard or the wire handler reads otherwise: %q", data)
		}
		if head := bytes.Index(data, []byte("\r\n\r\n")) + 4; head != n {
			t.Fatalf("parseFast's header ends at %d, the request's at %d: %q", n, head, data)
		}
	})
}
