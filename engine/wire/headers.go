package wire

import "net/http"

// MaxHeaderBytes is the most a request's line and headers may weigh:
// DynamoDB's front end refuses more than 16 KB of them with a 400 Bad
// Request before reading the body or checking the signature (scylladb
// issue 23438, and the tests of its pull request 23442, which pass
// against DynamoDB: 17,000 bytes of URL or of headers get a 400 whose body
// is not an InvalidSignatureException).
const MaxHeaderBytes = 16 << 10

// headerTooLargeBody answers such a request: empty, for the captures
// record the status only (what body DynamoDB sends is unverified).
var headerTooLargeBody = []byte{}

// headerBytes is the size of r's request line and headers as they came on
// the wire, each line with its CRLF.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto) + 2
	if r.Host != "" && r.Header.Get("Host") == "" {
		n += len("Host: ") + len(r.Host) + 2 // Go moves Host out of Header
	}
	for name, values := range r.Header {
		for _, v := range values {
			n += len(name) + 2 + len(v) + 2
		}
	}
	return n
}
