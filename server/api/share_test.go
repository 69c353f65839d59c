package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/servertest"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// countingStore wraps a store and counts the Puts that reach it.
type countingStore struct {
	sharestore.Store
	puts int
}

func (s *countingStore) Put(ctx context.Context, doc []byte) (string, error) {
	s.puts++
	return s.Store.Put(ctx, doc)
}

func newShareServer(t *testing.T) (http.Handler, *countingStore) {
	t.Helper()
	b, err := sharestore.OpenBolt(filepath.Join(t.TempDir(), sharestore.BoltFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	s := &countingStore{Store: b}
	return newTestServer(t, Config{Store: s}), s
}

func shareRequest(method, path string, body []byte) *http.Request {
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

func errorOf(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var out struct{ Error string }
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || out.Error == "" {
		t.Fatalf("status %d: body %q is not {\"error\": ...}", w.Code, w.Body.String())
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("error Content-Type %q", ct)
	}
	return out.Error
}

func TestShareAPI(t *testing.T) {
	h, store := newShareServer(t)
	doc := servertest.ShareDocs(t, 1)[0]
	canon, wantID, err := sharestore.Canonical(doc)
	if err != nil {
		t.Fatal(err)
	}

	w := servertest.Serve(h, shareRequest("POST", "/api/share", doc))
	if w.Code != http.StatusCreated {
		t.Fatalf("POST: %d %s", w.Code, w.Body)
	}
	var out struct{ ID, URL string }
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != wantID || out.URL != "/s/"+wantID {
		t.Errorf("POST: %+v, want id %s", out, wantID)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("POST Content-Type %q", ct)
	}
	if loc := w.Header().Get("Location"); loc != "/api/share/"+wantID {
		t.Errorf("Location %q", loc)
	}

	// The same model, however formatted, is the same share.
	w = servertest.Serve(h, shareRequest("POST", "/api/share", canon))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), wantID) {
		t.Errorf("POST again: %d %s", w.Code, w.Body)
	}
	if store.puts != 1 {
		t.Errorf("%d Puts for one model", store.puts)
	}

	w = servertest.Serve(h, httptest.NewRequest("GET", "/api/share/"+wantID, nil))
	if w.Code != http.StatusOK || !bytes.Equal(w.Body.Bytes(), canon) {
		t.Fatalf("GET: %d, %d bytes", w.Code, w.Body.Len())
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("GET Content-Type %q", ct)
	}
	if m, err := model.Parse(w.Body.Bytes()); err != nil || m.Name == "" {
		t.Errorf("GET: not a model: %v", err)
	}

	w = servertest.Serve(h, httptest.NewRequest("GET", "/api/share/"+strings.Repeat("A", sharestore.IDLength), nil))
	if w.Code != http.StatusNotFound {
		t.Errorf("GET unknown id: %d", w.Code)
	}
	errorOf(t, w)
	for _, bad := range []string{"short", strings.Repeat("A", sharestore.IDLength) + "B", "%2e%2e%2fshare.db"} {
		w = servertest.Serve(h, httptest.NewRequest("GET", "/api/share/"+bad, nil))
		if w.Code != http.StatusBadRequest {
			t.Errorf("GET %s: %d", bad, w.Code)
		}
		errorOf(t, w)
	}
	if w := servertest.Serve(h, httptest.NewRequest("PUT", "/api/share", nil)); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("PUT: %d", w.Code)
	}
}

// TestShareAPIRefuses: malformed, hostile and oversized models get a clear
// error and nothing reaches the store.
func TestShareAPIRefuses(t *testing.T) {
	h, store := newShareServer(t)
	p, _ := patterns.Get("sparse-index")
	m := p.Model()
	m.AccessPatterns[0].Request = json.RawMessage(`{"TableName":"NoSuchTable","Key":{}}`)
	wrongTable, _ := model.Marshal(m)
	deep := strings.Repeat(`{"a":`, 100_000) + "1" + strings.Repeat("}", 100_000)
	big := append(bytes.Repeat([]byte(" "), sharestore.MaxDocument), servertest.ShareDocs(t, 1)[0]...)

	for _, tc := range []struct {
		name   string
		body   []byte
		status int
		words  string
	}{
		{"empty", nil, 400, "not a valid model"},
		{"not JSON", []byte("<script>alert(1)</script>"), 400, "not a model document"},
		{"two documents", append(servertest.ShareDocs(t, 1)[0], servertest.ShareDocs(t, 1)[0]...), 400, "not a valid model"},
		{"unknown member", []byte(`{"version":1,"name":"x","tables":[],"evil":true}`), 400, "evil"},
		{"invalid model", wrongTable, 400, "accessPatterns[0]"},
		{"newer version", []byte(`{"version":7,"name":"x"}`), 400, "newer"},
		{"deeply nested", []byte(deep), 400, "not a valid model"},
		{"over the limit", big, 413, "bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := servertest.Serve(h, shareRequest("POST", "/api/share", tc.body))
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if msg := errorOf(t, w); !strings.Contains(msg, tc.words) {
				t.Errorf("error %q lacks %q", msg, tc.words)
			}
		})
	}
	if store.puts != 0 {
		t.Errorf("refused models reached the store %d times", store.puts)
	}
}

func TestShareAPIWithoutStore(t *testing.T) {
	h := newTestServer(t, Config{})
	w := servertest.Serve(h, shareRequest("POST", "/api/share", servertest.ShareDocs(t, 1)[0]))
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, w), "-data") {
		t.Errorf("POST without a store: %d %s", w.Code, w.Body)
	}
}
