package main

import (
	"fmt"
	"log"
	"os"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// wasmSizeBudget is the most web/app.wasm may weigh as the browser
// downloads it, gzip- and brotli-compressed alike (issue 16): the page's
// first visit waits for it. Measure what a change adds with
// `go run ./scripts/wasmsize web/app.wasm` (README, "The page's size").
const wasmSizeBudget = 4_000_000

// requireBrowserEnv, set to 1 by `make test`, makes a missing build a
// failure rather than a skip, as in the browser journeys (e2e).
const requireBrowserEnv = "WORKBENCH_REQUIRE_BROWSER"

// TestWasmSize keeps the built page within wasmSizeBudget. It reads the
// copies the server embeds and serves (`make build` writes them), checked
// to be made from this app.wasm; it skips when the wasm is not built, and
// fails then under WORKBENCH_REQUIRE_BROWSER=1, as the browser tests do.
func TestWasmSize(t *testing.T) {
	skip := t.Skipf
	if os.Getenv(requireBrowserEnv) == "1" {
		skip = t.Fatalf
	}
	a, err := loadWebAssets(embeddedWeb, log.New(servertest.LogWriter(t), "", 0))
	if err != nil {
		t.Fatal(err)
	}
	if a.wasm == nil {
		skip("%s has not been built: use `make build` first", wasmFile)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{
		{wasmGzipFile, a.wasmGzip},
		{wasmBrotliFile, a.wasmBrotli},
	} {
		if c.data == nil {
			// Absent or stale (loadWebAssets logged which).
			skip("%s is missing or not made from this %s: use `make build` (brotli from the brotli package)", c.name, wasmFile)
			continue
		}
		t.Logf("%s: %s (app.wasm %s)", c.name, megabytes(len(c.data)), megabytes(len(a.wasm)))
		if len(c.data) > wasmSizeBudget {
			t.Errorf("%s is %d bytes, over the page's budget of %d: see what grew with `go run ./scripts/wasmsize web/app.wasm` and keep server-only code out of ./wasm's imports",
				c.name, len(c.data), wasmSizeBudget)
		}
	}
}

func megabytes(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
