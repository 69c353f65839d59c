package wire

import (
	"bytes"
	"compress/gzip"
	"errors"
	"hash/crc32"
	"io"
	"log"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine"
)

// gzipThreshold is the response size above which a response is gzipped
// when the client accepts it (DynamoDB compresses responses above ~4 KB).
const gzipThreshold = 4 << 10

// Header values shared by all responses (net/http does not modify them).
var (
	hdrContentType  = []string{"application/x-amz-json-1.0"}
	hdrGzip         = []string{"gzip"}
	hdrZeroLength   = []string{"0"}
	hdrVaryEncoding = []string{"Accept-Encoding"}
)

// notFoundBody is what DynamoDB answers a request that is not a POST, or a
// POST whose body has a content type other than JSON: HTTP 404 and this
// text (recorded by dynalite's tests, crc32 3552371480).
var notFoundBody = []byte("<UnknownOperationException/>\n")

// NewHandler returns the http.Handler that speaks DynamoDB's JSON 1.0
// protocol for db:
//
//   - POST with X-Amz-Target: DynamoDB_20120810.<Operation> and a JSON body
//     (Content-Type application/x-amz-json-1.0, 1.1, application/json, or
//     none) runs the operation through Dispatch;
//   - any other method, or a body of another content type, gets DynamoDB's
//     404 "<UnknownOperationException/>".
//
// Every response carries Content-Type application/x-amz-json-1.0, a
// 52-character x-amzn-RequestId and x-amz-crc32 (CRC-32 of the bytes
// sent). Cross-origin access (CORS) is the server's decision, made in front
// of this handler (httpguard), not here. Responses above 4 KB are gzipped when the client
// accepts gzip (the checksum is then of the compressed bytes). Request
// bodies are limited to MaxRequestBytes. SigV4 Authorization headers are
// accepted without verification, and unsigned requests too.
func NewHandler(db *engine.Database) http.Handler {
	return &handler{db: db}
}

type handler struct {
	db *engine.Database
}

// bufPool recycles request and response buffers. go-json copies the request
// body before decoding, so nothing keeps a reference to a pooled buffer once
// the response is written.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// maxPooledBuffer keeps one large batch from pinning memory in the pool.
const maxPooledBuffer = 1 << 20

func getBuf() *[]byte { return bufPool.Get().(*[]byte) }

func putBuf(b *[]byte) {
	if cap(*b) > maxPooledBuffer {
		return
	}
	*b = (*b)[:0]
	bufPool.Put(b)
}

var gzipPool = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return w
}}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	wroteHeader := false
	defer func() {
		// dispatch recovers the engine's panics; this covers the HTTP
		// plumbing itself.
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			log.Printf("wire: panic in handler: %v\n%s", p, debug.Stack())
			if !wroteHeader {
				_, body := appendError(nil, errInternal)
				writeResponse(w, http.StatusInternalServerError, body)
			}
		}
	}()
	hdr["X-Amzn-Requestid"] = []string{newRequestID()}

	switch r.Method {
	case http.MethodPost:
	default:
		wroteHeader = true
		writeResponse(w, http.StatusNotFound, notFoundBody)
		return
	}

	if headerBytes(r) > MaxHeaderBytes {
		wroteHeader = true
		hdr["Connection"] = []string{"close"}
		writeResponse(w, http.StatusBadRequest, headerTooLargeBody)
		return
	}
	if r.ContentLength > MaxRequestBytes {
		wroteHeader = true
		hdr["Connection"] = []string{"close"}
		writeResponse(w, http.StatusRequestEntityTooLarge, tooLargeBody)
		return
	}
	reqBuf := getBuf()
	defer putBuf(reqBuf)
	body, err := readBody(w, r, *reqBuf)
	*reqBuf = body[:0]
	if err != nil {
		wroteHeader = true
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeResponse(w, http.StatusRequestEntityTooLarge, tooLargeBody)
			return
		}
		// The client went away mid-body: nobody will read an answer.
		writeResponse(w, http.StatusBadRequest, appendSerialization(nil, "Unable to read the request body"))
		return
	}
	if body, err = decodeContentEncoding(r.Header["Content-Encoding"], body); err != nil {
		wroteHeader = true
		if errors.Is(err, errBodyTooLarge) {
			writeResponse(w, http.StatusRequestEntityTooLarge, tooLargeBody)
			return
		}
		if errors.Is(err, errUnknownCoding) {
			_, resp := appendError(nil, errInternal)
			writeResponse(w, http.StatusInternalServerError, resp)
			return
		}
		// Unverified wording: a body that does not decompress.
		writeResponse(w, http.StatusBadRequest, appendSerialization(nil, "Unable to decompress the request body"))
		return
	}
	if len(body) > 0 && !jsonContentType(r.Header["Content-Type"]) {
		wroteHeader = true
		writeResponse(w, http.StatusNotFound, notFoundBody)
		return
	}

	var target string
	if v := r.Header["X-Amz-Target"]; len(v) > 0 {
		target = v[0]
	}
	respBuf, zBuf := getBuf(), getBuf()
	defer putBuf(respBuf)
	defer putBuf(zBuf)
	status, resp, zipped := Respond(h.db, target, body, acceptsGzip(r.Header["Accept-Encoding"]), *respBuf, *zBuf)
	*respBuf = resp[:0]
	if zipped != nil {
		*zBuf = zipped[:0]
		resp = zipped
		hdr["Content-Encoding"] = hdrGzip
		hdr["Vary"] = hdrVaryEncoding
	}
	wroteHeader = true
	writeResponse(w, status, resp)
}

// Respond answers one DynamoDB request whose body has been read and checked
// as the handler checks it (a POST, at most MaxRequestBytes, decoded from
// its Content-Encoding, of a JSON content type): the HTTP status and the
// response body, appended to dst. When the client accepts gzip and the
// body is larger than 4 KB, zipped is its gzip encoding, appended to zdst
// (the handler then sends zipped with Content-Encoding: gzip and Vary:
// Accept-Encoding); nil otherwise. The server's fast path for the SDKs'
// connections (package server) answers through it, as the handler does.
func Respond(db *engine.Database, target string, body []byte, acceptGzip bool, dst, zdst []byte) (status int, resp, zipped []byte) {
	status, resp = dispatch(db, target, body, dst, lookupAll)
	if len(resp) <= gzipThreshold || !acceptGzip {
		return status, resp, nil
	}
	z := bytes.NewBuffer(zdst[:0])
	gz := gzipPool.Get().(*gzip.Writer)
	gz.Reset(z)
	_, _ = gz.Write(resp)
	_ = gz.Close()
	gzipPool.Put(gz)
	return status, resp, z.Bytes()
}

// AcceptsGzip reports whether an Accept-Encoding header's values admit gzip,
// as the handler reads them.
func AcceptsGzip(values []string) bool { return acceptsGzip(values) }

// JSONContentType reports whether a request's Content-Type values are one
// the handler reads as JSON (none is: see NewHandler).
func JSONContentType(values []string) bool { return jsonContentType(values) }

// writeResponse sets the content headers and writes body with status.
func writeResponse(w http.ResponseWriter, status int, body []byte) {
	hdr := w.Header()
	hdr["Content-Type"] = hdrContentType
	hdr["X-Amz-Crc32"] = []string{strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)}
	hdr["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// readBody reads the request body into buf (reusing its storage), refusing
// more than MaxRequestBytes.
func readBody(w http.ResponseWriter, r *http.Request, buf []byte) ([]byte, error) {
	if r.Body == nil || r.Body == http.NoBody {
		return buf[:0], nil
	}
	rd := http.MaxBytesReader(w, r.Body, MaxRequestBytes)
	if n := r.ContentLength; n >= 0 {
		if int64(cap(buf)) < n {
			buf = make([]byte, 0, n)
		}
		buf = buf[:n]
		_, err := io.ReadFull(rd, buf)
		if err != nil {
			return buf[:0], err
		}
		return buf, nil
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf[:0], err
		}
	}
}

// jsonContentType reports whether a request's Content-Type is one DynamoDB
// reads as JSON. A missing Content-Type is accepted (lenient: DynamoDB
// itself answers 404 to a body without one).
func jsonContentType(values []string) bool {
	if len(values) == 0 {
		return true
	}
	mt, _, _ := strings.Cut(values[0], ";")
	mt = strings.TrimSpace(mt)
	return strings.EqualFold(mt, "application/x-amz-json-1.0") ||
		strings.EqualFold(mt, "application/x-amz-json-1.1") ||
		strings.EqualFold(mt, "application/json") ||
		mt == ""
}

// acceptsGzip reports whether an Accept-Encoding header admits gzip.
func acceptsGzip(values []string) bool {
	for _, v := range values {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(part, ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			if q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				return false
			}
			return true
		}
	}
	return false
}

// appendSerialization appends a SerializationException body.
func appendSerialization(dst []byte, msg string) []byte {
	_, b := appendError(dst, serialization(msg))
	return b
}
