package main

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
)

// requireBrowserEnv, when set to 1 (as `make test` does), turns the browser
// test's skips into failures, so CI cannot pass without running it.
const requireBrowserEnv = "WORKBENCH_REQUIRE_BROWSER"

// chromiumPath is where Debian's chromium package installs the browser;
// CHROMIUM overrides it.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// TestBrowserBootsWorkbench serves the real handler, opens the page in
// headless Chromium, waits for the wasm to replace the pre-rendered page's
// loader, and checks that the page says the engine is ready.
func TestBrowserBootsWorkbench(t *testing.T) {
	skip := t.Skipf
	if os.Getenv(requireBrowserEnv) == "1" {
		skip = t.Fatalf
	}
	if _, err := fs.Stat(embeddedWeb, wasmFile); err != nil {
		skip("%s has not been built, so the browser test cannot run: use `make test`, or `make build` first", wasmFile)
	}
	if _, err := os.Stat(chromiumPath()); err != nil {
		skip("no Chromium at %s (install the chromium package, or set CHROMIUM): %v", chromiumPath(), err)
	}

	h, err := newServer(serverOptions{Version: "browser-test"})
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu              sync.Mutex
		wasmResponses   []string // Content-Encoding of each /web/app.wasm response
		browserMessages []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.URL.Path == "/web/app.wasm" {
			mu.Lock()
			wasmResponses = append(wasmResponses, w.Header().Get("Content-Encoding"))
			mu.Unlock()
		}
	}))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browserCtx, cancelBrowser := chromedp.NewContext(allocCtx)
	defer cancelBrowser()
	// Close the browser and wait for it to exit before t.TempDir's cleanup
	// removes its profile.
	defer func() {
		if err := chromedp.Cancel(browserCtx); err != nil {
			t.Logf("closing the browser: %v", err)
		}
	}()
	// Start the browser on the long-lived context: a first Run on a timeout
	// context would tie the browser's life to that timeout.
	if err := chromedp.Run(browserCtx); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath(), err)
	}
	ctx, cancel := context.WithTimeout(browserCtx, 2*time.Minute)
	defer cancel()

	chromedp.ListenTarget(browserCtx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value))
			}
			msg = fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " "))
		case *runtime.EventExceptionThrown:
			msg = "exception: " + ev.ExceptionDetails.Error()
		default:
			return
		}
		mu.Lock()
		browserMessages = append(browserMessages, msg)
		mu.Unlock()
	})
	defer func() {
		if t.Failed() {
			mu.Lock()
			defer mu.Unlock()
			for _, m := range browserMessages {
				t.Log(m)
			}
		}
	}()

	var status string
	err = chromedp.Run(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitReady("#"+app.IDStatus, chromedp.ByQuery),
		chromedp.WaitNotPresent("#app-wasm-loader", chromedp.ByQuery),
		chromedp.Poll(
			fmt.Sprintf(`document.getElementById(%q).textContent === %q`, app.IDStatus, app.StatusReady),
			nil,
			chromedp.WithPollingInterval(50*time.Millisecond),
			chromedp.WithPollingTimeout(30*time.Second),
		),
		chromedp.Text("#"+app.IDStatus, &status, chromedp.ByQuery),
	)
	if err != nil {
		var last string
		diagCtx, cancelDiag := context.WithTimeout(browserCtx, 5*time.Second)
		defer cancelDiag()
		_ = chromedp.Run(diagCtx, chromedp.Evaluate(
			fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, app.IDStatus), &last))
		t.Fatalf("the page did not boot: %v (status line: %q)", err, last)
	}
	if strings.TrimSpace(status) != app.StatusReady {
		t.Errorf("status line %q, want %q", status, app.StatusReady)
	}

	if _, err := fs.Stat(embeddedWeb, wasmGzipFile); err == nil {
		mu.Lock()
		defer mu.Unlock()
		gzipped := false
		for _, enc := range wasmResponses {
			gzipped = gzipped || enc == "gzip"
		}
		if !gzipped {
			t.Errorf("app.wasm responses %q: none gzip-compressed, though %s is embedded", wasmResponses, wasmGzipFile)
		}
	}
}
