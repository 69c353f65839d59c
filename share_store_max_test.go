package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// TestShareStoreMaxCountsTheStore: -share-store-max bounds the store's
// real size, not what one process wrote: a server restarted on a store
// that an earlier run filled past the limit refuses the next share with
// 507, and one run posting into it is refused once the file reaches the
// limit.
func TestShareStoreMaxCountsTheStore(t *testing.T) {
	bin := servertest.Build(t)
	data := t.TempDir()
	// Distinct documents of about 100 KB (a long description makes each
	// large; its number makes each another share).
	doc := func(i int) []byte {
		return servertest.PatternDocument(t, "write-sharding", func(m *model.Model) {
			m.Description = fmt.Sprintf("share %d: %s", i, strings.Repeat("padding ", 12_000))
		})
	}
	post := func(url string, i int) (int, string, string) {
		resp, err := http.Post(url+"/api/share", "application/json", bytes.NewReader(doc(i)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), string(body)
	}

	// A first run without a store limit writes about 2 MB.
	first := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data, "-share-store-max", "0")
	const n = 20
	for i := range n {
		if code, _, body := post(first.URL, i); code != http.StatusOK && code != http.StatusCreated {
			t.Fatalf("first run, share %d: %d %s", i, code, body)
		}
	}
	first.Kill()

	// The next run's limit is 1 MB, which the store is over already.
	second := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data, "-share-store-max", "1")
	code, retry, body := post(second.URL, n)
	if code != http.StatusInsufficientStorage {
		t.Errorf("a share into a store over -share-store-max, after a restart: %d %s, want 507", code, body)
	}
	if retry != "" {
		t.Errorf("507 with Retry-After %q: a full store does not empty itself", retry)
	}
	second.Kill()

	// One run posting until it is refused: 507 once the file reaches
	// 2 MB, before the per-client quota (8 MB a minute) says 429.
	third := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data, "-share-store-max", "3")
	for i := n + 1; ; i++ {
		code, retry, body := post(third.URL, i)
		if code == http.StatusOK || code == http.StatusCreated {
			if i > n+100 {
				t.Fatalf("%d shares of 100 KB accepted under a 3 MB limit", i-n)
			}
			continue
		}
		if code != http.StatusInsufficientStorage && !(code == http.StatusTooManyRequests && retry != "") {
			t.Fatalf("share %d: %d (Retry-After %q) %s, want 507, or 429 with Retry-After", i, code, retry, body)
		}
		if code != http.StatusInsufficientStorage {
			t.Errorf("share %d: %d %s before the store reached 3 MB, want 507", i, code, body)
		}
		t.Logf("refused after %d more shares: %d %s", i-n-1, code, body)
		break
	}
}
