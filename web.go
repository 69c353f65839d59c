package main

import (
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"path"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/app"
)

// newPage is the page's handler for server.Options.Page, serving the files
// of web (nil: the embedded copy): every GET and HEAD that is not the API.
// /robots.txt, /sitemap.xml, /ads.txt, /web/... and the wasm come from the
// files, with or without go-app's /<version>/ prefix (go-app's handler
// would fetch the first three from the client-supplied Host); /web/app.wasm
// is served brotli- or gzip-compressed when the client accepts it and the
// build made the copy; the rest goes to go-app, which pre-renders the
// pages registered by app.Register and serves its own generated files. It
// returns the version the page uses: version, or when empty one derived
// from app.wasm (fallbackVersion).
func newPage(web fs.FS, version string, logger *log.Logger) (http.Handler, string, error) {
	assets, err := loadWebAssets(web, logger)
	if err != nil {
		return nil, "", err
	}
	if version == "" {
		version = assets.fallbackVersion()
	}
	app.Register()
	return assets.appHandler(version, assets.wasmHandler(version)), version, nil
}

// embeddedWeb is the web/ directory, built into the binary. The pattern
// names the directory, not app.wasm, so the package builds (and vet and
// tests run) on a clean checkout where app.wasm has not been built yet: the
// committed icons, stylesheet and robots.txt keep the directory non-empty.
//
//go:embed web
var embeddedWeb embed.FS

// Paths of the built WebAssembly program and its gzip copy, within the web
// file system.
const (
	wasmFile     = "web/app.wasm"
	wasmGzipFile = "web/app.wasm.gz"
	// wasmBrotliFile is app.wasm compressed with brotli, when the build
	// machine has the brotli tool (about 20% smaller than gzip: the page's
	// largest download); wasmBrotliSumFile holds the SHA-256 (hex) of the
	// app.wasm it was made from, since a brotli stream records no size to
	// catch a stale copy by.
	wasmBrotliFile    = "web/app.wasm.br"
	wasmBrotliSumFile = "web/app.wasm.br.sha256"
)

// requiredWebFiles are the committed assets the page refers to.
var requiredWebFiles = []string{
	"web/icon.svg",
	"web/icon-192.png",
	"web/icon-512.png",
	"web/workbench.css",
	"web/panel-design.css",
	"web/panel-query.css",
	"web/panel-analysis.css",
	"web/panel-compare.css",
	"web/panel-grid.css",
}

// webAssets are the files under web/ and what the server derives from them.
type webAssets struct {
	fsys     fs.FS  // names start with "web/"
	wasm     []byte // web/app.wasm; nil when it has not been built
	wasmGzip []byte // web/app.wasm.gz; nil when absent or not a copy of wasm
	// wasmBrotli is web/app.wasm.br; nil when absent or made from another wasm.
	wasmBrotli []byte
}

// webFS returns fsys, or the embedded copy when fsys is nil.
func webFS(fsys fs.FS) fs.FS {
	if fsys == nil {
		return embeddedWeb
	}
	return fsys
}

// wasmBuilt reports whether fsys (nil: the embedded copy) holds app.wasm.
func wasmBuilt(fsys fs.FS) bool {
	_, err := fs.Stat(webFS(fsys), wasmFile)
	return err == nil
}

func loadWebAssets(fsys fs.FS, logger *log.Logger) (*webAssets, error) {
	a := &webAssets{fsys: webFS(fsys)}
	for _, name := range requiredWebFiles {
		if _, err := fs.Stat(a.fsys, name); err != nil {
			return nil, fmt.Errorf("web assets: %w", err)
		}
	}

	wasm, err := fs.ReadFile(a.fsys, wasmFile)
	switch {
	case err == nil:
		a.wasm = wasm
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("web assets: %w", err)
	}

	gz, err := fs.ReadFile(a.fsys, wasmGzipFile)
	switch {
	case err == nil && a.wasm != nil:
		if gzipOf(gz, a.wasm) {
			a.wasmGzip = gz
		} else {
			logger.Printf("%s is not a gzip copy of %s (stale build?); serving the wasm uncompressed", wasmGzipFile, wasmFile)
		}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("web assets: %w", err)
	}

	br, err := fs.ReadFile(a.fsys, wasmBrotliFile)
	switch {
	case err == nil && a.wasm != nil:
		sum, _ := fs.ReadFile(a.fsys, wasmBrotliSumFile)
		raw := sha256.Sum256(a.wasm)
		if strings.TrimSpace(string(sum)) == hex.EncodeToString(raw[:]) {
			a.wasmBrotli = br
		} else {
			logger.Printf("%s was not made from this %s (stale build?); serving gzip instead", wasmBrotliFile, wasmFile)
		}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("web assets: %w", err)
	}
	return a, nil
}

// gzipOf reports whether gz looks like a gzip stream of raw: the magic
// number, and the trailer's ISIZE (the uncompressed size modulo 2³²). It
// catches a stale app.wasm.gz left beside a rebuilt app.wasm without
// decompressing megabytes at start-up.
func gzipOf(gz, raw []byte) bool {
	const minGzip = 18 // header (10) + trailer (8)
	if len(gz) < minGzip || gz[0] != 0x1f || gz[1] != 0x8b {
		return false
	}
	return binary.LittleEndian.Uint32(gz[len(gz)-4:]) == uint32(len(raw))
}

// fallbackVersion names a build that was not given a version: "dev-" and a
// hash of app.wasm, or "dev" when the wasm has not been built.
func (a *webAssets) fallbackVersion() string {
	if a.wasm == nil {
		return "dev"
	}
	sum := sha256.Sum256(a.wasm)
	return "dev-" + hex.EncodeToString(sum[:6])
}

// newAppHandler configures go-app's handler: self-hosted icons (go-app's
// defaults load them from the internet, which breaks the service worker's
// precache offline), the build's version, and the wasm's raw size for the
// loading progress, since the wasm may travel gzip-compressed.
func newAppHandler(version string, a *webAssets) *goapp.Handler {
	const background = "#1d2b3a"
	h := &goapp.Handler{
		Name:        "DynamoDB Workbench",
		ShortName:   "Workbench",
		Title:       "DynamoDB Workbench",
		Description: "A data-modeling workbench for Amazon DynamoDB that runs in the browser.",
		Icon: goapp.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-512.png",
			SVG:      "/web/icon.svg",
		},
		BackgroundColor: background,
		ThemeColor:      background,
		LoadingLabel:    "loading engine… {progress}%",
		Styles:          []string{"/web/workbench.css", "/web/panel-design.css", "/web/panel-query.css", "/web/panel-analysis.css", "/web/panel-compare.css", "/web/panel-grid.css"},
		// Resources resolves paths only: it is deliberately not an
		// http.Handler, for go-app then builds the URL of its proxied files
		// (robots.txt, ...) from the request's Host header and fetches it
		// (see appHandler, which never lets a request reach that code).
		Resources: webResources{},
		// Start downloading (and compiling) the wasm while the page's
		// scripts load: go-app's loader asks for it only once app.js has
		// run. The attributes match the loader's fetch() (same-origin,
		// credentials same-origin), so the browser reuses the response.
		RawHeaders:            []string{`<link rel="preload" href="/web/app.wasm" as="fetch" type="application/wasm" crossorigin="anonymous">`},
		Version:               version,
		ServiceWorkerTemplate: appWorkerJS,
	}
	if a.wasm != nil {
		h.WasmContentLength = strconv.Itoa(len(a.wasm))
	}
	return h
}

// webResources resolves resource paths as go-app's LocalDir("") does, so
// the page refers to /web/... on this server (appHandler serves them).
type webResources struct{}

// Resolve maps a resource path to the URL the page uses.
func (webResources) Resolve(location string) string {
	switch {
	case location == "" || location == "/":
		return "/"
	case strings.HasPrefix(location, "http://"), strings.HasPrefix(location, "https://"):
		return location
	case location == "web", location == "/web",
		strings.HasPrefix(location, "web/"), strings.HasPrefix(location, "/web/"):
		return "/" + strings.Trim(location, "/")
	default:
		return location
	}
}

// staticFileHandler serves the files of fsys by their URL path and answers
// 404 for directories rather than listing them.
func staticFileHandler(fsys fs.FS) http.Handler {
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if info, err := fs.Stat(fsys, name); err != nil || info.IsDir() {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

// wasmHandler serves app.wasm, gzip-compressed when the client accepts gzip
// and a matching app.wasm.gz exists.
func (a *webAssets) wasmHandler(version string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.wasm == nil {
			http.Error(w, "web/app.wasm has not been built: run `make build`", http.StatusNotFound)
			return
		}
		h := w.Header()
		h.Add("Vary", "Accept-Encoding")
		h.Set("Content-Type", "application/wasm")
		h.Set("Cache-Control", "no-cache")
		body, etag := a.wasm, `"`+version+`"`
		accept := r.Header.Values("Accept-Encoding")
		switch {
		case a.wasmBrotli != nil && accepts(accept, "br"):
			body, etag = a.wasmBrotli, `"`+version+`-br"`
			h.Set("Content-Encoding", "br")
		case a.wasmGzip != nil && accepts(accept, "gzip"):
			body, etag = a.wasmGzip, `"`+version+`-gzip"`
			h.Set("Content-Encoding", "gzip")
		}
		h.Set("ETag", etag)
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	})
}

// etagMatches reports whether an If-None-Match header value names etag
// (weak comparison, as RFC 9110 asks for If-None-Match).
func etagMatches(ifNoneMatch, etag string) bool {
	for _, tag := range strings.Split(ifNoneMatch, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}

// accepts reports whether the Accept-Encoding header values admit coding
// ("gzip" or "br"): an explicit entry (x-gzip counting as gzip) decides by
// its weight, otherwise a wildcard does.
func accepts(values []string, coding string) bool {
	codingQ, anyQ := -1.0, -1.0
	for _, v := range values {
		for _, entry := range strings.Split(v, ",") {
			name, params, _ := strings.Cut(entry, ";")
			q := weight(params)
			switch name = strings.ToLower(strings.TrimSpace(name)); {
			case name == coding, coding == "gzip" && name == "x-gzip":
				codingQ = max(codingQ, q)
			case name == "*":
				anyQ = max(anyQ, q)
			}
		}
	}
	if codingQ >= 0 {
		return codingQ > 0
	}
	return anyQ > 0
}

// weight returns the q parameter of an Accept-Encoding entry (1 when absent
// or malformed).
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 1
		}
		return q
	}
	return 1
}

// rootFileHandler serves web/<name> at /<name> when it exists, and 404
// otherwise. It replaces go-app's proxy for /robots.txt, /sitemap.xml and
// /ads.txt, which fetches them over HTTP from the request's own Host header
// (a server-side request forgery).
func (a *webAssets) rootFileHandler(name string) http.Handler {
	file := "web/" + name
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info, err := fs.Stat(a.fsys, file); err != nil || info.IsDir() {
			http.NotFound(w, r)
			return
		}
		http.ServeFileFS(w, r, a.fsys, file)
	})
}

// proxiedFiles are the paths go-app's handler answers by fetching
// http://<Host header>/web/<name> and caching the answer for everyone
// (pkg/app/http.go, serveProxyResource, in go-app v10.1.11): the server
// must answer them itself.
var proxiedFiles = []string{"robots.txt", "sitemap.xml", "ads.txt"}

// appHandler serves every GET and HEAD that is not the API: go-app's page
// and its generated files (/app.js, /wasm_exec.js, /app-worker.js,
// /manifest.webmanifest, /app.css, /goapp.js, /manifest.json, all built in
// memory), and, answered here from the embedded files, /web/..., the wasm
// and the files go-app would fetch over HTTP. go-app also serves each of
// its paths under /<version>/; this strips that prefix the same way first,
// so no path, versioned or not, reaches go-app's fetch.
func (a *webAssets) appHandler(version string, wasm http.Handler) http.Handler {
	goApp := newAppHandler(version, a)
	static := staticFileHandler(a.fsys)
	own := map[string]http.Handler{"/app.wasm": wasm, "/goapp.wasm": wasm, "/web/app.wasm": wasm}
	for _, name := range proxiedFiles {
		own["/"+name] = a.rootFileHandler(name)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if rest, ok := strings.CutPrefix(p, "/"+version+"/"); ok {
			p = "/" + rest
		}
		if h, ok := own[p]; ok {
			h.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(p, "/web/") {
			r2 := r.Clone(r.Context())
			r2.URL.Path, r2.URL.RawPath = p, ""
			static.ServeHTTP(w, r2)
			return
		}
		goApp.ServeHTTP(w, r)
	})
}

// appWorkerJS is go-app's service worker with one change: it no longer
// precaches the wasm when it installs, which on a first visit happens while
// the page itself downloads and compiles the same megabytes, and delayed
// the page by about half a second on a two-core machine. The worker caches
// the wasm instead the first time the page fetches it through the worker
// (from the second visit on), so the workbench still starts offline after
// that. TestAppWorker checks both edits took.
var appWorkerJS = strings.NewReplacer(
	"await cache.addAll(resourcesToCache);",
	"await cache.addAll(resourcesToCache.filter((url) => !url.endsWith(\".wasm\")));",
	"return await fetch(request);",
	`const response = await fetch(request);
  if (request.method === "GET" && new URL(request.url).pathname.endsWith(".wasm") && response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;`,
).Replace(goapp.DefaultAppWorkerJS)
