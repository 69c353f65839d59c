package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/server"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// testWeb returns the committed web/ files plus the given app.wasm and
// app.wasm.gz (each left out when nil), so tests do not depend on a build.
func testWeb(t *testing.T, wasm, wasmGzip []byte) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(embeddedWeb, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == wasmFile || p == wasmGzipFile || p == wasmBrotliFile || p == wasmBrotliSumFile {
			return err
		}
		data, err := fs.ReadFile(embeddedWeb, p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if wasm != nil {
		m[wasmFile] = &fstest.MapFile{Data: wasm}
	}
	if wasmGzip != nil {
		m[wasmGzipFile] = &fstest.MapFile{Data: wasmGzip}
	}
	return m
}

func gzipBytes(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// fakeWasm is a stand-in for app.wasm: the magic number, then something
// compressible.
var fakeWasm = append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("workbench "), 1000)...)

func newTestServer(t *testing.T, opts server.Options, web fs.FS) http.Handler {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = log.New(servertest.LogWriter(t), "", 0)
	}
	// httptest.NewRequest's requests are for example.com.
	opts.AllowedHosts = append(opts.AllowedHosts, "example.com")
	h, err := newHandler(opts, web)
	if err != nil {
		t.Fatalf("newHandler: %v", err)
	}
	return h
}

func TestNewServerEmbedded(t *testing.T) {
	// The embedded web/ works whether or not app.wasm has been built.
	h := newTestServer(t, server.Options{}, nil)
	w := servertest.Serve(h, httptest.NewRequest("GET", "/web/icon.svg", nil))
	if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), "image/svg+xml") {
		t.Errorf("GET /web/icon.svg: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
}

func TestNewServerMissingAssets(t *testing.T) {
	web := testWeb(t, nil, nil)
	delete(web, "web/icon.svg")
	if _, err := newHandler(server.Options{Logger: log.New(io.Discard, "", 0)}, web); err == nil {
		t.Fatal("newServer without web/icon.svg: no error")
	}
}

func TestPage(t *testing.T) {
	h := newTestServer(t, server.Options{Version: "v-test"}, testWeb(t, fakeWasm, nil))
	w := servertest.Serve(h, httptest.NewRequest("GET", "/", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("GET /: %d", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{
		"<title>DynamoDB Workbench</title>",
		`id="` + app.IDRoot + `"`,
		`id="` + app.IDStatus + `"`,
		app.StatusLoading,
		`id="app-wasm-loader"`,
		`href="/web/icon.svg"`,
		`src="/web/icon-192.png"`,
		`href="/web/workbench.css"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("GET / lacks %q", want)
		}
	}
	if strings.Contains(body, app.StatusReady) {
		t.Errorf("the pre-rendered page already says %q", app.StatusReady)
	}

	if w := servertest.Serve(h, httptest.NewRequest("GET", "/no-such-page", nil)); w.Code != http.StatusNotFound {
		t.Errorf("GET /no-such-page: %d, want 404", w.Code)
	}
}

// TestSelfHosted checks that nothing the page or the service worker loads
// comes from another origin: go-app's default icons do, and break the
// service worker's precache offline.
func TestSelfHosted(t *testing.T) {
	h := newTestServer(t, server.Options{Version: "v-test"}, testWeb(t, fakeWasm, nil))
	for _, p := range []string{"/", "/app.js", "/app-worker.js", "/manifest.webmanifest"} {
		w := servertest.Serve(h, httptest.NewRequest("GET", p, nil))
		if w.Code != http.StatusOK {
			t.Errorf("GET %s: %d", p, w.Code)
			continue
		}
		body := w.Body.String()
		for _, remote := range []string{"raw.githubusercontent.com", "https://", "http://"} {
			if p != "/" && strings.Contains(body, remote) {
				t.Errorf("GET %s refers to %q", p, remote)
			}
		}
		if strings.Contains(body, "raw.githubusercontent.com") {
			t.Errorf("GET %s loads go-app's default icons", p)
		}
	}

	worker := servertest.Serve(h, httptest.NewRequest("GET", "/app-worker.js", nil)).Body.String()
	for _, want := range []string{`"v-test"`, "/web/icon-192.png", "/web/icon-512.png", "/web/workbench.css", "/web/app.wasm"} {
		if !strings.Contains(worker, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	appJS := servertest.Serve(h, httptest.NewRequest("GET", "/app.js", nil)).Body.String()
	if want := `goappWasmContentLength = "` + strconv.Itoa(len(fakeWasm)) + `"`; !strings.Contains(appJS, want) {
		t.Errorf("app.js lacks %s", want)
	}
}

func TestWasm(t *testing.T) {
	gz := gzipBytes(t, fakeWasm)
	tests := []struct {
		name           string
		gz             []byte
		acceptEncoding string
		wantGzip       bool
	}{
		{"gzip accepted", gz, "gzip, deflate, br", true},
		{"no Accept-Encoding", gz, "", false},
		{"gzip refused", gz, "gzip;q=0, *", false},
		{"wildcard", gz, "*", true},
		{"br only", gz, "br", false},
		{"no gz built", nil, "gzip", false},
		{"stale gz", gzipBytes(t, fakeWasm[:100]), "gzip", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestServer(t, server.Options{Version: "v-test"}, testWeb(t, fakeWasm, tt.gz))
			for _, p := range []string{"/web/app.wasm", "/app.wasm"} {
				r := httptest.NewRequest("GET", p, nil)
				if tt.acceptEncoding != "" {
					r.Header.Set("Accept-Encoding", tt.acceptEncoding)
				}
				w := servertest.Serve(h, r)
				if w.Code != http.StatusOK {
					t.Fatalf("GET %s: %d", p, w.Code)
				}
				if got := w.Header().Get("Content-Type"); got != "application/wasm" {
					t.Errorf("Content-Type %q", got)
				}
				if got := w.Header().Get("Vary"); got != "Accept-Encoding" {
					t.Errorf("Vary %q", got)
				}
				body := w.Body.Bytes()
				if got := w.Header().Get("Content-Length"); got != strconv.Itoa(len(body)) {
					t.Errorf("Content-Length %s for %d bytes", got, len(body))
				}
				gotGzip := w.Header().Get("Content-Encoding") == "gzip"
				if gotGzip != tt.wantGzip {
					t.Fatalf("Content-Encoding %q, want gzip=%v", w.Header().Get("Content-Encoding"), tt.wantGzip)
				}
				if gotGzip {
					zr, err := gzip.NewReader(bytes.NewReader(body))
					if err != nil {
						t.Fatal(err)
					}
					if body, err = io.ReadAll(zr); err != nil {
						t.Fatal(err)
					}
				}
				if !bytes.Equal(body, fakeWasm) {
					t.Errorf("GET %s: body is not app.wasm", p)
				}

				// The ETag names the representation, so a cache never
				// answers a gzip request with the raw bytes or the reverse.
				r2 := httptest.NewRequest("GET", p, nil)
				r2.Header.Set("Accept-Encoding", tt.acceptEncoding)
				r2.Header.Set("If-None-Match", w.Header().Get("ETag"))
				if w2 := servertest.Serve(h, r2); w2.Code != http.StatusNotModified {
					t.Errorf("conditional GET %s: %d, want 304", p, w2.Code)
				}
			}
		})
	}
}

// TestWasmBrotli checks that a brotli copy made from this app.wasm is
// preferred when the browser accepts br, that gzip is the fallback, and
// that a copy made from another build is never served. The test cannot
// make brotli (no encoder in the standard library); it checks the bytes
// served are the file's.
func TestWasmBrotli(t *testing.T) {
	br := []byte("pretend brotli stream")
	sum := sha256.Sum256(fakeWasm)
	other := sha256.Sum256([]byte("another build"))
	tests := []struct {
		name, sum, accept, wantEncoding string
	}{
		{"br preferred", hex.EncodeToString(sum[:]), "gzip, deflate, br, zstd", "br"},
		{"br refused", hex.EncodeToString(sum[:]), "gzip, br;q=0", "gzip"},
		{"gzip only", hex.EncodeToString(sum[:]), "gzip", "gzip"},
		{"stale br", hex.EncodeToString(other[:]), "gzip, br", "gzip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			web := testWeb(t, fakeWasm, gzipBytes(t, fakeWasm))
			web[wasmBrotliFile] = &fstest.MapFile{Data: br}
			web[wasmBrotliSumFile] = &fstest.MapFile{Data: []byte(tt.sum + "\n")}
			h := newTestServer(t, server.Options{Version: "v-test"}, web)
			r := httptest.NewRequest("GET", "/web/app.wasm", nil)
			r.Header.Set("Accept-Encoding", tt.accept)
			w := servertest.Serve(h, r)
			if got := w.Header().Get("Content-Encoding"); got != tt.wantEncoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if tt.wantEncoding == "br" && !bytes.Equal(w.Body.Bytes(), br) {
				t.Error("the br response is not app.wasm.br")
			}
			if !strings.HasSuffix(w.Header().Get("ETag"), "-"+tt.wantEncoding+`"`) {
				t.Errorf("ETag %s does not name the %s representation", w.Header().Get("ETag"), tt.wantEncoding)
			}
		})
	}
}

func TestWasmNotBuilt(t *testing.T) {
	h := newTestServer(t, server.Options{}, testWeb(t, nil, nil))
	if w := servertest.Serve(h, httptest.NewRequest("GET", "/web/app.wasm", nil)); w.Code != http.StatusNotFound {
		t.Errorf("GET /web/app.wasm without a build: %d, want 404", w.Code)
	}
	if w := servertest.Serve(h, httptest.NewRequest("GET", "/", nil)); w.Code != http.StatusOK {
		t.Errorf("GET / without a build: %d", w.Code)
	}
}

func TestFallbackVersion(t *testing.T) {
	a, err := loadWebAssets(testWeb(t, fakeWasm, nil), log.Default())
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadWebAssets(testWeb(t, append(fakeWasm[:len(fakeWasm):len(fakeWasm)], 1), nil), log.Default())
	if err != nil {
		t.Fatal(err)
	}
	if va, vb := a.fallbackVersion(), b.fallbackVersion(); va == vb || !strings.HasPrefix(va, "dev-") {
		t.Errorf("fallback versions %q and %q: want distinct dev-<hash>", va, vb)
	}
}

// TestRootFilesAreNotProxied checks that /robots.txt, /sitemap.xml and
// /ads.txt never make the server fetch anything: go-app's default handler
// requests them from the Host header the client sent.
func TestRootFilesAreNotProxied(t *testing.T) {
	var fetched atomic.Int32
	bait := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched.Add(1)
		io.WriteString(w, "fetched from the client-supplied host")
	}))
	defer bait.Close()

	h := newTestServer(t, server.Options{}, testWeb(t, nil, nil))
	for _, tt := range []struct {
		path string
		code int
	}{
		{"/robots.txt", http.StatusOK},
		{"/sitemap.xml", http.StatusNotFound},
		{"/ads.txt", http.StatusNotFound},
	} {
		r := httptest.NewRequest("GET", tt.path, nil)
		r.Host = strings.TrimPrefix(bait.URL, "http://")
		w := servertest.Serve(h, r)
		if w.Code != tt.code {
			t.Errorf("GET %s: %d, want %d", tt.path, w.Code, tt.code)
		}
		if strings.Contains(w.Body.String(), "client-supplied") {
			t.Errorf("GET %s: served the client-supplied host's file", tt.path)
		}
	}
	if n := fetched.Load(); n != 0 {
		t.Errorf("the server made %d requests to the client-supplied host", n)
	}
	w := servertest.Serve(h, httptest.NewRequest("GET", "/robots.txt", nil))
	if !strings.Contains(w.Body.String(), "User-agent: *") {
		t.Errorf("robots.txt: %q", w.Body.String())
	}
}

func TestNoDirectoryListing(t *testing.T) {
	h := newTestServer(t, server.Options{}, testWeb(t, nil, nil))
	for _, p := range []string{"/web/", "/web"} {
		if w := servertest.Serve(h, httptest.NewRequest("GET", p, nil)); w.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, w.Code)
		}
	}
}

// TestDynamoDBEndpoint checks that an API call reaches the wire handler (it
// answers in DynamoDB's JSON, never with the page), and that other methods
// on / are refused.
func TestDynamoDBEndpoint(t *testing.T) {
	h := newTestServer(t, server.Options{}, testWeb(t, nil, nil))

	r := httptest.NewRequest("POST", "/", strings.NewReader("{}"))
	r.Header.Set("X-Amz-Target", "DynamoDB_20120810.NoSuchOperation")
	r.Header.Set("Content-Type", "application/x-amz-json-1.0")
	w := servertest.Serve(h, r)
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/x-amz-json-1.0") {
		t.Errorf("API call: Content-Type %q, want application/x-amz-json-1.0", ct)
	}
	if !strings.Contains(w.Body.String(), "__type") {
		t.Errorf("API call: body %q is not a DynamoDB error", w.Body.String())
	}

	for _, method := range []string{"POST", "PUT", "DELETE"} {
		if w := servertest.Serve(h, httptest.NewRequest(method, "/", nil)); w.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s / without X-Amz-Target: %d, want 405", method, w.Code)
		}
	}
}

// TestWasmExecJS checks that go-app serves the wasm_exec.js of the Go that
// builds app.wasm: the two must match, or the page fails to start.
func TestWasmExecJS(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("go env GOROOT: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Skipf("reading Go's wasm_exec.js: %v", err)
	}
	h := newTestServer(t, server.Options{}, testWeb(t, nil, nil))
	got := servertest.Serve(h, httptest.NewRequest("GET", "/wasm_exec.js", nil)).Body.Bytes()
	if !bytes.Equal(got, want) {
		t.Errorf("go-app's /wasm_exec.js (%d bytes) differs from $GOROOT/lib/wasm/wasm_exec.js (%d bytes): update go-app or Go together", len(got), len(want))
	}
}

// TestRunShutsDown starts the real server, makes a request, and stops it
// through its context, as SIGINT and SIGTERM do.
func TestRunShutsDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- runWorkbench(ctx, ln, server.Options{}, testWeb(t, nil, nil), io.Discard)
	}()

	res, err := http.Get("http://" + ln.Addr().String() + "/robots.txt")
	if err != nil {
		t.Fatalf("GET /robots.txt: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET /robots.txt: %s", res.Status)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(15 * time.Second): // the server's shutdown timeout, and 5 s
		t.Fatal("run did not return after cancellation")
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/robots.txt"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// TestServerMountsPatterns checks that the pattern library is served by the
// whole server, next to the page and the DynamoDB endpoint.
func TestServerMountsPatterns(t *testing.T) {
	h, err := newHandler(server.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/patterns/sparse-index?items=10&seed=3")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(body), "EscalatedTo") {
		t.Fatalf("GET /api/patterns/sparse-index: %d %.200s", resp.StatusCode, body)
	}
}

// TestAppWorker checks that the service worker leaves the wasm out of its
// install-time precache and caches it on its first fetch instead.
func TestAppWorker(t *testing.T) {
	h := newTestServer(t, server.Options{Version: "v-test"}, testWeb(t, fakeWasm, nil))
	w := servertest.Serve(h, httptest.NewRequest("GET", "/app-worker.js", nil))
	if w.Code != http.StatusOK {
		t.Fatalf("GET /app-worker.js: %d", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{
		`resourcesToCache.filter((url) => !url.endsWith(".wasm"))`,
		`await cache.put(request, response.clone());`,
		`"/web/app.wasm"`, // still listed, for the filter to drop
	} {
		if !strings.Contains(body, want) {
			t.Errorf("app-worker.js lacks %q", want)
		}
	}
	if strings.Contains(body, "await cache.addAll(resourcesToCache);") {
		t.Error("app-worker.js still precaches every resource, the wasm included")
	}
}
