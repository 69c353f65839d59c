package wire

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"strings"
)

// errBodyTooLarge reports a request body that decompresses to more than
// MaxRequestBytes: a zip bomb gets the same 413 as an oversized body.
var errBodyTooLarge = errors.New("decompressed request body exceeds the limit")

// errUnknownCoding reports a Content-Encoding other than gzip, deflate and
// identity. DynamoDB answers it with a 500 and does not run the request
// (Alternator's test_garbage_content_encoding, against DynamoDB: a PutItem
// with "Content-Encoding: garbage" is not written).
var errUnknownCoding = errors.New("unsupported Content-Encoding")

// decodeContentEncoding undoes a request's Content-Encoding (gzip or
// deflate, as SDKs configured for request compression send), reading at
// most MaxRequestBytes of output whatever the compressed size. "identity"
// and an absent header leave the body as it is; another coding is
// errUnknownCoding.
func decodeContentEncoding(values []string, body []byte) ([]byte, error) {
	if len(values) == 0 || len(body) == 0 {
		return body, nil
	}
	for _, v := range values {
		for coding := range strings.SplitSeq(v, ",") {
			coding = strings.ToLower(strings.TrimSpace(coding))
			var rd io.Reader
			switch coding {
			case "gzip", "x-gzip":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					return nil, err
				}
				rd = zr
			case "deflate":
				// HTTP's deflate is zlib-wrapped (RFC 9110); some clients
				// send raw DEFLATE, which has no zlib header.
				if zr, err := zlib.NewReader(bytes.NewReader(body)); err == nil {
					rd = zr
				} else {
					rd = flate.NewReader(bytes.NewReader(body))
				}
			case "identity", "":
				continue
			default:
				return nil, errUnknownCoding
			}
			out, err := io.ReadAll(io.LimitReader(rd, MaxRequestBytes+1))
			if err != nil {
				return nil, err
			}
			if len(out) > MaxRequestBytes {
				return nil, errBodyTooLarge
			}
			body = out
		}
	}
	return body, nil
}
