package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// screenshotsEnv names a directory; when set, the browser tests save a
// screenshot of each main view there (`make screenshots` sets it).
const screenshotsEnv = "WORKBENCH_SCREENSHOTS"

// browser is one headless Chromium driving the workbench served by the
// real handler, with what the page logged kept for failure reports.
type browser struct {
	t   testing.TB
	ctx context.Context
	url string

	mu            sync.Mutex
	messages      []string
	wasmEncodings []string // Content-Encoding of each /web/app.wasm response the tab received
}

// cspRecorder keeps each Content-Security-Policy violation of a page in
// window.__cspViolations.
const cspRecorder = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`

// One Chromium serves every browser test of the package: starting one
// costs seconds on a busy machine, a tab almost nothing. Each test gets its
// own tab on its own fresh server, so its page, storage, service worker
// and caches (all per origin, and each server listens on a new port) are
// its own; tests that call t.Parallel() run side by side, at most
// browserParallel at a time.

// browserParallelEnv overrides how many browser tests run at once.
const browserParallelEnv = "WORKBENCH_BROWSER_PARALLEL"

// browserParallel is how many browser tests drive the shared Chromium at
// once by default: two keep a two-core machine busy without starving the
// pages' own work.
const browserParallel = 2

// chrome is the shared Chromium, started by the first test that needs it
// and closed by TestMain.
var chrome struct {
	mu      sync.Mutex
	ctx     context.Context // the browser's first tab's context; new tabs derive from it
	stop    func()
	profile string
	slots   chan struct{}
}

// TestMain closes the shared Chromium after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	closeChrome()
	os.Exit(code)
}

// sharedChrome returns the running shared Chromium's context, starting it
// (again, after a crash) when needed.
func sharedChrome(t testing.TB) context.Context {
	t.Helper()
	chrome.mu.Lock()
	defer chrome.mu.Unlock()
	if chrome.ctx != nil && chrome.ctx.Err() == nil {
		return chrome.ctx
	}
	if chrome.stop != nil {
		chrome.stop()
		chrome.stop = nil
	}
	if chrome.profile == "" {
		dir, err := os.MkdirTemp("", "workbench-chromium-")
		if err != nil {
			t.Fatal(err)
		}
		chrome.profile = dir
	}
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
		// A tab in the background must run as one in front: the tests
		// drive several at once.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.UserDataDir(chrome.profile),
	)
	// Chromium on a busy CI machine now and then exits before it listens
	// ("chrome failed to start", the launcher's own output and nothing
	// else); a second start works. Try three times before failing.
	for attempt := 1; ; attempt++ {
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(allocCtx)
		// Start the browser on the long-lived context: a first Run on a
		// timeout context would tie the browser's life to that timeout.
		err := chromedp.Run(ctx)
		if err == nil {
			chrome.ctx = ctx
			chrome.stop = func() {
				_ = chromedp.Cancel(ctx)
				cancelBrowser()
				cancelAlloc()
			}
			return ctx
		}
		cancelBrowser()
		cancelAlloc()
		if attempt == 3 {
			t.Fatalf("starting %s (%d attempts): %v", chromiumPath(), attempt, err)
		}
		t.Logf("starting %s, attempt %d: %v; trying again", chromiumPath(), attempt, err)
		time.Sleep(time.Duration(attempt) * time.Second)
	}
}

// closeChrome closes the shared Chromium and waits for it to exit, then
// removes its profile.
func closeChrome() {
	chrome.mu.Lock()
	defer chrome.mu.Unlock()
	if chrome.stop != nil {
		chrome.stop()
		chrome.stop, chrome.ctx = nil, nil
	}
	if chrome.profile != "" {
		os.RemoveAll(chrome.profile)
		chrome.profile = ""
	}
}

// browserSlot waits for one of the browserParallel places and gives it
// back when the test ends (once per test, however many tabs it opens).
func browserSlot(t testing.TB) {
	t.Helper()
	chrome.mu.Lock()
	if chrome.slots == nil {
		n := browserParallel
		if v, err := strconv.Atoi(os.Getenv(browserParallelEnv)); err == nil && v > 0 {
			n = v
		}
		chrome.slots = make(chan struct{}, n)
	}
	slots := chrome.slots
	chrome.mu.Unlock()
	if _, held := slotHolders.LoadOrStore(t, true); held {
		return
	}
	slots <- struct{}{}
	t.Cleanup(func() {
		slotHolders.Delete(t)
		<-slots
	})
}

// slotHolders are the tests holding a browserSlot.
var slotHolders sync.Map // testing.TB -> bool

// startBrowser serves the workbench and opens a tab of the shared Chromium
// on it, at the smallest window the workbench supports (1280x800). It
// skips, or fails under WORKBENCH_REQUIRE_BROWSER=1, when the wasm is not
// built or Chromium is missing. A test that calls t.Parallel() first runs
// beside the others (see browserParallel).
func startBrowser(t *testing.T) *browser {
	t.Helper()
	return startBrowserTB(t)
}

// startBrowserTB is startBrowser for a test or a benchmark.
func startBrowserTB(t testing.TB) *browser {
	t.Helper()
	skip := t.Skipf
	if os.Getenv(requireBrowserEnv) == "1" {
		skip = t.Fatalf
	}
	if _, err := os.Stat(chromiumPath()); err != nil {
		skip("no Chromium at %s (install the chromium package, or set CHROMIUM): %v", chromiumPath(), err)
	}
	browserSlot(t)
	// The workbench as it ships: the binary, built once for the package's
	// tests, each test with a server process and a share store of its own.
	proc := servertest.Start(t, servertest.Build(t), "-addr", "127.0.0.1:0", "-data", t.TempDir())
	if resp, err := http.Head(proc.URL + "/web/app.wasm"); err != nil {
		t.Fatal(err)
	} else if resp.Body.Close(); resp.StatusCode != http.StatusOK {
		skip("the binary has no web/app.wasm (HEAD: %s), so the browser test cannot run: use `make test`, or `make build` first", resp.Status)
	}
	b := &browser{t: t, url: proc.URL}

	// A new tab; should the shared browser have died (a crash under
	// memory pressure), start it again once.
	var tabCtx context.Context
	for attempt := 1; ; attempt++ {
		ctx, cancelTab := chromedp.NewContext(sharedChrome(t))
		err := chromedp.Run(ctx, chromedp.EmulateViewport(1280, 800))
		if err == nil {
			tabCtx = ctx
			// Close the tab when the test ends (cleanups run
			// last-registered first: before the server closes).
			t.Cleanup(func() {
				if err := chromedp.Cancel(ctx); err != nil {
					t.Logf("closing the tab: %v", err)
				}
				cancelTab()
			})
			break
		}
		cancelTab()
		if attempt == 2 {
			t.Fatalf("opening a tab of %s: %v", chromiumPath(), err)
		}
		t.Logf("opening a tab: %v; starting the browser again", err)
		chrome.mu.Lock()
		if chrome.stop != nil {
			chrome.stop()
			chrome.stop, chrome.ctx = nil, nil
		}
		chrome.mu.Unlock()
	}
	// The port may be one an earlier test's server had, whose service
	// worker, caches and storage the shared browser still keeps for the
	// same origin: start from none. Then record the page's
	// Content-Security-Policy violations (none may happen: see
	// TestBrowserCSP) from the first script on.
	if err := chromedp.Run(tabCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		if err := storage.ClearDataForOrigin(b.url, "all").Do(ctx); err != nil {
			return fmt.Errorf("clearing %s's storage: %w", b.url, err)
		}
		_, err := page.AddScriptToEvaluateOnNewDocument(cspRecorder).Do(ctx)
		return err
	})); err != nil {
		t.Fatalf("preparing the tab (storage, CSP recorder): %v", err)
	}
	ctx, cancel := context.WithTimeout(tabCtx, 3*time.Minute)
	t.Cleanup(cancel)
	b.ctx = ctx

	chromedp.ListenTarget(tabCtx, func(ev any) {
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
		case *network.EventResponseReceived:
			if u, err := url.Parse(ev.Response.URL); err == nil && u.Path == "/web/app.wasm" {
				enc := ""
				for k, v := range ev.Response.Headers {
					if strings.EqualFold(k, "Content-Encoding") {
						enc = fmt.Sprint(v)
					}
				}
				b.mu.Lock()
				b.wasmEncodings = append(b.wasmEncodings, enc)
				b.mu.Unlock()
			}
			return
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
		// The clock shows on a design, the start page instead of it
		// (it has no clock): either says the engine runs.
		chromedp.WaitVisible("#"+app.IDClockNow+", #"+app.IDStart, chromedp.ByQuery),
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
