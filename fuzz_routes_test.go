package main

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/dynamodb-workbench/workbench/server"
)

var (
	fuzzOnce    sync.Once
	fuzzHandler http.Handler
)

// FuzzRoutes sends garbage methods, paths, hosts and headers through the
// whole routing layer (httpguard, the mux, go-app's handler, the wire
// handler): no panic, and no 5xx.
func FuzzRoutes(f *testing.F) {
	for _, s := range []struct{ method, path, host, header, value, body string }{
		{"GET", "/", "127.0.0.1", "", "", ""},
		{"GET", "/v/ads.txt", "127.0.0.1:9999", "", "", ""},
		{"POST", "/", "localhost", "X-Amz-Target", "DynamoDB_20120810.ListTables", "{}"},
		{"OPTIONS", "/", "localhost", "Origin", "https://evil.example", ""},
		{"POST", "/api/share", "evil.example", "Content-Type", "text/plain", "{}"},
		{"POST", "/api/simulate", "[::1]", "Content-Type", "application/json", `{"model":{}}`},
		{"GET", "/api/patterns/write-sharding", "127.0.0.1", "Accept", "*/*", ""},
		{"PROPFIND", "/web/../../etc/passwd", "127.0.0.1", "Range", "bytes=0-1", ""},
		{"GET", "/s/AAAAAAAAAAAAAAAAAAAAAAAA", "localhost.", "If-None-Match", "*", ""},
	} {
		f.Add(s.method, s.path, s.host, s.header, s.value, s.body)
	}
	f.Fuzz(func(t *testing.T, method, path, host, header, value, body string) {
		fuzzOnce.Do(func() {
			h, err := newHandler(server.Options{Version: "v-fuzz", Logger: log.New(io.Discard, "", 0)}, nil)
			if err != nil {
				panic(err)
			}
			fuzzHandler = h
		})
		r, err := http.NewRequest("GET", "http://127.0.0.1/", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		// Set the parts as a server would see them, however odd.
		r.Method = method
		r.URL.Path = "/" + strings.TrimPrefix(path, "/")
		r.RequestURI = r.URL.Path
		r.Host = host
		if header != "" && validHeader(header) {
			r.Header.Set(header, value)
		}
		if strings.Contains(path, "?") {
			// Query strings reach handlers parsed.
			p, q, _ := strings.Cut(r.URL.Path, "?")
			r.URL.Path, r.URL.RawQuery = p, q
		}
		w := httptest.NewRecorder()
		fuzzHandler.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Errorf("%q %q Host %q %s: %q: %d %.200s", method, path, host, header, value, w.Code, w.Body.String())
		}
	})
}

// validHeader reports whether a header name is a token, as net/http's
// server requires of what it passes on.
func validHeader(name string) bool {
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || strings.ContainsRune("\"(),/:;<=>?@[\\]{}", c) {
			return false
		}
	}
	return name != ""
}
