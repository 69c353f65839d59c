package main

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/sharestore"
)

// screenshotsEnv names a directory; when set, the browser tests save a
// screenshot of each main view there (`make screenshots` sets it).
const screenshotsEnv = "WORKBENCH_SCREENSHOTS"

// browser is one headless Chromium driving the workbench served by the
// real handler, with what the page logged kept for failure reports.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string

	mu            sync.Mutex
	messages      []string
	wasmEncodings []string // Content-Encoding of each /web/app.wasm response
}

// cspRecorder keeps each Content-Security-Policy violation of a page in
// window.__cspViolations.
const cspRecorder = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`

// startBrowser serves the workbench and opens a browser on it, at the
// smallest window the workbench supports (1280x800). It skips, or fails
// under WORKBENCH_REQUIRE_BROWSER=1, when the wasm is not built or Chromium
// is missing.
func startBrowser(t *testing.T) *browser {
	t.Helper()
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

	store, err := sharestore.OpenBolt(filepath.Join(t.TempDir(), "share.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	h, err := newServer(serverOptions{Version: "browser-test", Store: store})
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		if r.URL.Path == "/web/app.wasm" {
			b.mu.Lock()
			b.wasmEncodings = append(b.wasmEncodings, w.Header().Get("Content-Encoding"))
			b.mu.Unlock()
		}
	}))
	t.Cleanup(srv.Close)
	b.url = srv.URL

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("no-first-run", true),
		// Containers often have a small /dev/shm, where Chromium crashes.
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	// Chromium on a busy CI machine now and then exits before it listens
	// ("chrome failed to start", the launcher's own output and nothing
	// else); a second start works. Try three times before failing.
	var browserCtx context.Context
	for attempt := 1; ; attempt++ {
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(allocCtx)
		// Start the browser on the long-lived context: a first Run on a
		// timeout context would tie the browser's life to that timeout.
		err := chromedp.Run(ctx)
		if err == nil {
			browserCtx = ctx
			// Close the browser and wait for it to exit before t.TempDir's
			// cleanup removes its profile (cleanups run last-registered first).
			t.Cleanup(func() {
				if err := chromedp.Cancel(ctx); err != nil {
					t.Logf("closing the browser: %v", err)
				}
				cancelBrowser()
				cancelAlloc()
			})
			break
		}
		cancelBrowser()
		cancelAlloc()
		if attempt == 3 {
			t.Fatalf("starting %s (%d attempts): %v", chromiumPath(), attempt, err)
		}
		t.Logf("starting %s, attempt %d: %v; trying again", chromiumPath(), attempt, err)
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	// Record the page's Content-Security-Policy violations (none may
	// happen: see TestBrowserCSP) from the first script on.
	if err := chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(cspRecorder).Do(ctx)
		return err
	})); err != nil {
		t.Fatalf("installing the CSP recorder: %v", err)
	}
	ctx, cancel := context.WithTimeout(browserCtx, 3*time.Minute)
	t.Cleanup(cancel)
	b.ctx = ctx

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
		b.mu.Lock()
		b.messages = append(b.messages, msg)
		b.mu.Unlock()
	})
	t.Cleanup(func() {
		if t.Failed() {
			b.mu.Lock()
			defer b.mu.Unlock()
			for _, m := range b.messages {
				t.Log(m)
			}
		}
	})
	return b
}

// run runs actions and fails the test, with the status line, on error.
func (b *browser) run(what string, actions ...chromedp.Action) {
	b.t.Helper()
	if err := chromedp.Run(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v (status line: %q, error line: %q)", what, err, b.textOf(app.IDStatus), b.textOf(app.IDError))
	}
}

// open navigates to path and waits until the wasm has replaced the
// pre-rendered page and the engine is running; it returns how long that
// took.
func (b *browser) open(path string) time.Duration {
	b.t.Helper()
	start := time.Now()
	b.run("opening "+path,
		chromedp.Navigate(b.url+path),
		chromedp.WaitReady("#"+app.IDStatus, chromedp.ByQuery),
		chromedp.WaitNotPresent("#app-wasm-loader", chromedp.ByQuery),
		chromedp.WaitVisible("#"+app.IDClockNow, chromedp.ByQuery),
	)
	return time.Since(start)
}

// waitFor polls a JavaScript condition until it holds.
func (b *browser) waitFor(what, cond string, timeout time.Duration) {
	b.t.Helper()
	b.run(what, chromedp.Poll(cond, nil,
		chromedp.WithPollingInterval(50*time.Millisecond),
		chromedp.WithPollingTimeout(timeout)))
}

// waitLoaded waits until the page's dataset load has finished with items
// items loaded (any number when items is 0).
func (b *browser) waitLoaded(items int, timeout time.Duration) {
	b.t.Helper()
	done := "parseInt(p.dataset.done) > 0"
	if items > 0 {
		done = fmt.Sprintf("p.dataset.done === %q", fmt.Sprint(items))
	}
	b.waitFor("the load finishes", fmt.Sprintf(`(() => { const p = document.getElementById(%q);
		return !!p && p.dataset.running === "false" && %s; })()`, app.IDLoadProgress, done), timeout)
}

// click clicks the element with the id, first brought to the middle of
// the window: the clock bar is fixed at the bottom, and an element that
// Chromium scrolls only just into view would be under it.
func (b *browser) click(id string) {
	b.t.Helper()
	center := fmt.Sprintf(`(() => { const el = document.getElementById(%q); if (el) el.scrollIntoView({block: "center"}); return true; })()`, id)
	var ok bool
	b.run("clicking #"+id,
		chromedp.WaitVisible("#"+id, chromedp.ByQuery),
		chromedp.Evaluate(center, &ok),
		chromedp.Click("#"+id, chromedp.ByQuery, chromedp.NodeVisible))
}

// eval evaluates JavaScript and stores its result in out.
func (b *browser) eval(what, js string, out any) {
	b.t.Helper()
	b.run(what, chromedp.Evaluate(js, out))
}

// setField sets a form field's value and fires its change event, as typing
// and leaving the field does.
func (b *browser) setField(id, value string) {
	b.t.Helper()
	js := fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = %q;
		el.dispatchEvent(new Event('input', {bubbles: true}));
		el.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, id, value)
	var ok bool
	b.eval("setting #"+id, js, &ok)
}

// textOf returns an element's text, or "" (never failing: for diagnostics).
func (b *browser) textOf(id string) string {
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Second)
	defer cancel()
	var s string
	_ = chromedp.Run(ctx, chromedp.Evaluate(
		fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, id), &s))
	return strings.TrimSpace(s)
}

// screenshot saves the page as name.png in the screenshots directory, when
// one is set.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	dir := os.Getenv(screenshotsEnv)
	if dir == "" {
		return
	}
	var png []byte
	b.run("screenshot "+name, chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&png))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}
