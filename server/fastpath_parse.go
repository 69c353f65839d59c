package server

import (
	"bytes"
	"hash/crc32"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/server/httpguard"
)

// fastRequest is what the fast path needs of a request's header (the
// target is left in fastConn.target).
type fastRequest struct {
	length int  // Content-Length
	gzip   bool // Accept-Encoding admits gzip
}

const fastRequestLine = "POST / HTTP/1.1\r\n"

// parseFast reads the header of the request at the head of fc.br without
// consuming it. n is the header's length when the request has the fast
// path's shape (see fastpath.go), 0 when http.Server is to answer it; err
// is set when the connection failed or timed out before the header ended.
func parseFast(fc *fastConn, g *httpguard.Guard) (req fastRequest, n int, err error) {
	br := fc.br
	var head []byte
	for from := 0; ; {
		b, _ := br.Peek(br.Buffered())
		if i := bytes.Index(b[from:], []byte("\r\n\r\n")); i >= 0 {
			head = b[:from+i+4]
			break
		}
		if len(b) >= br.Size() {
			return req, 0, nil // longer than the buffer: http.Server's
		}
		if len(b) >= len(fastRequestLine) && string(b[:len(fastRequestLine)]) != fastRequestLine {
			return req, 0, nil // not a POST / HTTP/1.1: no need to wait for the rest
		}
		from = max(0, len(b)-3)
		if _, err := br.Peek(len(b) + 1); err != nil {
			return req, 0, err
		}
	}
	if string(head[:min(len(head), len(fastRequestLine))]) != fastRequestLine {
		return req, 0, nil
	}
	var host, length, target, ctype, accept []byte
	var seen uint8 // the fields met, each at most once
	const (
		seenHost = 1 << iota
		seenLength
		seenTarget
		seenType
		seenAccept
	)
	lines := head[len(fastRequestLine) : len(head)-2]
	for len(lines) > 0 {
		i := bytes.IndexByte(lines, '\n')
		if i < 1 || lines[i-1] != '\r' {
			return req, 0, nil
		}
		line := lines[:i-1]
		lines = lines[i+1:]
		colon := bytes.IndexByte(line, ':')
		if colon < 1 || !isToken(line[:colon]) {
			return req, 0, nil // also an obs-fold line, which starts with a space
		}
		name, value := line[:colon], trimOWS(line[colon+1:])
		if !isFieldValue(value) {
			return req, 0, nil
		}
		var bit uint8
		switch {
		case bytes.EqualFold(name, []byte("Host")):
			bit, host = seenHost, value
		case bytes.EqualFold(name, []byte("Content-Length")):
			bit, length = seenLength, value
		case bytes.EqualFold(name, []byte("X-Amz-Target")):
			bit, target = seenTarget, value
		case bytes.EqualFold(name, []byte("Content-Type")):
			bit, ctype = seenType, value
		case bytes.EqualFold(name, []byte("Accept-Encoding")):
			bit, accept = seenAccept, value
		case bytes.EqualFold(name, []byte("Connection")):
			if !bytes.EqualFold(value, []byte("keep-alive")) {
				return req, 0, nil
			}
		case handedOver(name):
			return req, 0, nil
		}
		if seen&bit != 0 {
			return req, 0, nil // a repeated field: http.Server's
		}
		seen |= bit
	}
	if seen&(seenHost|seenLength|seenTarget) != seenHost|seenLength|seenTarget || len(target) == 0 {
		return req, 0, nil
	}
	if req.length = contentLength(length); req.length < 0 {
		return req, 0, nil
	}
	if seen&seenType != 0 && !jsonType(ctype) {
		return req, 0, nil
	}
	if string(host) != fc.host {
		if !g.AllowsHost(string(host)) {
			return req, 0, nil // refused by the guard, through http.Server
		}
		fc.host = string(host)
	}
	if string(target) != fc.target {
		fc.target = string(target)
	}
	req.gzip = len(accept) > 0 && !bytes.EqualFold(accept, []byte("identity")) && wire.AcceptsGzip([]string{string(accept)})
	return req, len(head), nil
}

// handedOver reports whether a header field makes http.Server answer the
// request: the fields the guard, the wire handler or net/http itself read
// besides those parseFast takes.
func handedOver(name []byte) bool {
	for _, f := range [...]string{"Transfer-Encoding", "Content-Encoding", "Expect", "Origin", "Sec-Fetch-Site",
		"Upgrade", "TE", "Trailer", "Access-Control-Request-Method", "Access-Control-Request-Headers"} {
		if len(name) == len(f) && bytes.EqualFold(name, []byte(f)) {
			return true
		}
	}
	return false
}

// contentLength parses a Content-Length the fast path takes: decimal
// digits, no leading zero, at most wire.MaxRequestBytes; -1 otherwise.
func contentLength(b []byte) int {
	if len(b) == 0 || len(b) > 9 || len(b) > 1 && b[0] == '0' {
		return -1
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	if n > wire.MaxRequestBytes {
		return -1
	}
	return n
}

// jsonType reports whether a Content-Type is one the wire handler reads as
// JSON, written without parameters (others go to http.Server).
func jsonType(b []byte) bool {
	return bytes.EqualFold(b, []byte("application/x-amz-json-1.0")) || bytes.EqualFold(b, []byte("application/x-amz-json-1.1")) ||
		bytes.EqualFold(b, []byte("application/json"))
}

func isToken(b []byte) bool {
	for _, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return len(b) > 0
}

// isFieldValue reports whether b holds only visible ASCII, spaces and tabs.
func isFieldValue(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

func trimOWS(b []byte) []byte {
	return bytes.TrimFunc(b, func(r rune) bool { return r == ' ' || r == '\t' })
}

// A response header field: a fixed value, or one of the answer's own.
type header struct {
	name, value string
	kind        uint8
}

const (
	fixedValue uint8 = iota
	requestIDValue
	crcValue
	lengthValue
)

// responseHeaders are the fields of a plain answer and of a gzipped one, as
// httpguard and the wire handler set them, sorted by name as net/http
// writes them.
var responseHeaders = [2][]header{responseFields(false), responseFields(true)}

func responseFields(gzipped bool) []header {
	var h []header
	for _, s := range httpguard.SecurityHeaders {
		h = append(h, header{name: s.Name, value: s.Value})
	}
	vary := "Origin"
	if gzipped {
		h = append(h, header{name: "Content-Encoding", value: "gzip"})
		vary = "Accept-Encoding"
	}
	h = append(h,
		header{name: "Vary", value: vary},
		header{name: "Content-Type", value: "application/x-amz-json-1.0"},
		header{name: "X-Amzn-Requestid", kind: requestIDValue},
		header{name: "X-Amz-Crc32", kind: crcValue},
		header{name: "Content-Length", kind: lengthValue},
	)
	slices.SortFunc(h, func(a, b header) int { return strings.Compare(a.name, b.name) })
	return h
}

// appendResponseHead appends the status line and header of an answer with
// body, as http.Server writes what httpguard and the wire handler set:
// the fields sorted by name, then Date.
func appendResponseHead(dst []byte, status int, body []byte, gzipped bool, now time.Time) []byte {
	dst = append(dst, "HTTP/1.1 "...)
	dst = strconv.AppendInt(dst, int64(status), 10)
	dst = append(dst, ' ')
	dst = append(dst, http.StatusText(status)...)
	dst = append(dst, "\r\n"...)
	fields := responseHeaders[0]
	if gzipped {
		fields = responseHeaders[1]
	}
	for _, f := range fields {
		dst = append(dst, f.name...)
		dst = append(dst, ": "...)
		switch f.kind {
		case fixedValue:
			dst = append(dst, f.value...)
		case requestIDValue:
			dst = wire.AppendRequestID(dst)
		case crcValue:
			dst = strconv.AppendUint(dst, uint64(crc32.ChecksumIEEE(body)), 10)
		case lengthValue:
			dst = strconv.AppendInt(dst, int64(len(body)), 10)
		}
		dst = append(dst, "\r\n"...)
	}
	dst = append(dst, "Date: "...)
	dst = now.UTC().AppendFormat(dst, http.TimeFormat)
	return append(dst, "\r\n\r\n"...)
}
