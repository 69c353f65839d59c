package e2e

import (
	"fmt"
	"os"
	"path/filepath"
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

// webFile is the path of a file of the repository's web/ folder (tests run
// in e2e/).
func webFile(name string) string { return filepath.Join("..", "web", name) }

// TestBrowserBootsWorkbench serves the real handler, opens the page in
// headless Chromium, waits for the wasm to replace the pre-rendered page's
// loader, and checks that the page says the engine is ready and that the
// wasm travelled compressed. It reports the wasm's size and the time until
// the page is interactive.
func TestBrowserBootsWorkbench(t *testing.T) {
	b := startBrowser(t)
	took := b.open("/")
	b.waitFor("the status line says the engine is ready",
		fmt.Sprintf(`document.getElementById(%q).textContent === %q`, app.IDStatus, app.StatusReady), 30*time.Second)
	t.Logf("time until interactive (navigation to the engine running, loopback, cold cache): %s", took.Round(time.Millisecond))
	// The binary embeds the repository's web/ as make build left it.
	if raw, err := os.ReadFile(webFile("app.wasm")); err == nil {
		gz, _ := os.ReadFile(webFile("app.wasm.gz"))
		br, _ := os.ReadFile(webFile("app.wasm.br"))
		t.Logf("app.wasm: %d bytes; %d bytes gzip-compressed; %d bytes brotli-compressed", len(raw), len(gz), len(br))
	}
	b.screenshot("start")

	// Chromium accepts br and gzip, also over plain HTTP on loopback: the
	// wasm must travel with the smallest encoding built.
	want := ""
	if _, err := os.Stat(webFile("app.wasm.gz")); err == nil {
		want = "gzip"
	}
	if _, err := os.Stat(webFile("app.wasm.br")); err == nil {
		want = "br"
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.wasmEncodings) == 0 {
		t.Error("the tab received no /web/app.wasm response")
	}
	for _, enc := range b.wasmEncodings {
		if enc != want {
			t.Errorf("app.wasm responses %q, want each with Content-Encoding %q", b.wasmEncodings, want)
			break
		}
	}
}

// TestBrowserServiceWorkerCachesWasm: the service worker does not precache
// the wasm during the first visit (it would compete with the page's own
// download), but caches it on the next, so the workbench starts offline
// from then on.
func TestBrowserServiceWorkerCachesWasm(t *testing.T) {
	b := startBrowser(t)
	b.open("/")
	b.waitFor("the service worker controls the page", `!!navigator.serviceWorker.controller`, 30*time.Second)
	var cached bool
	b.run("looking in the cache after the first visit", chromedp.Evaluate(
		`caches.match("/web/app.wasm").then((r) => !!r)`, &cached,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if cached {
		t.Error("the wasm was precached during the first visit")
	}
	b.open("/")
	b.waitFor("the wasm is cached after the second visit", `(async () => !!(await caches.match("/web/app.wasm")))()`, 30*time.Second)
}

// TestBrowserCSP checks that the page starts and works under the server's
// Content-Security-Policy: the policy is in force (the browser refuses an
// inline script), and the start-up and the service worker's installation
// cause no violation.
func TestBrowserCSP(t *testing.T) {
	b := startBrowser(t)
	b.open("/")
	b.waitFor("the status line says the engine is ready",
		fmt.Sprintf(`document.getElementById(%q).textContent === %q`, app.IDStatus, app.StatusReady), 30*time.Second)
	// An inline script added to the page must not run, and is reported.
	var ran bool
	b.run("adding an inline script", chromedp.Evaluate(`(() => {
		const s = document.createElement("script");
		s.textContent = "window.__inlineRan = true";
		document.head.appendChild(s);
		return !!window.__inlineRan;
	})()`, &ran))
	if ran {
		t.Errorf("an inline script ran: the Content-Security-Policy is not in force")
	}
	b.waitFor("the inline script's violation is reported", `window.__cspViolations.some((v) => v.startsWith("script-src"))`, 10*time.Second)
	b.waitFor("the service worker controls the page", `!!navigator.serviceWorker.controller`, 30*time.Second)
	var violations []string
	b.run("reading the violations", chromedp.Evaluate(`window.__cspViolations.filter((v) => !(v.startsWith("script-src") && v.includes(" inline ")))`, &violations))
	if len(violations) > 0 {
		t.Errorf("Content-Security-Policy violations: %q", violations)
	}
}
