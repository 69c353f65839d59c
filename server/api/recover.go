package api

import (
	"log"
	"net/http"
	"runtime/debug"
)

// recovering answers a panic in h with a 400 instead of net/http's
// dropped connection. The panics /api/* has seen came from decoding a
// malformed body (go-json's over-read, engine/json), the client's input:
// the answer says so, and the stack goes to the log for the operator.
// http.ErrAbortHandler is the handler's own way to drop a connection and
// is passed on.
func recovering(h http.Handler, logger *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &headerWatch{ResponseWriter: w}
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if p == http.ErrAbortHandler {
				panic(p)
			}
			logger.Printf("api: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			if !rw.wrote {
				apiError(w, http.StatusBadRequest, "the request could not be decoded")
			}
		}()
		h.ServeHTTP(rw, r)
	})
}

// headerWatch records whether the header was sent, so a panic after it
// does not write a second one.
type headerWatch struct {
	http.ResponseWriter
	wrote bool
}

func (w *headerWatch) WriteHeader(code int) {
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *headerWatch) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes,
// deadlines).
func (w *headerWatch) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush passes a flush on (the MCP transport streams its answers).
func (w *headerWatch) Flush() {
	w.wrote = true
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}
