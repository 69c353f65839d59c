package api

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/server/servertest"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

func TestShareQuota(t *testing.T) {
	store, err := sharestore.OpenBolt(t.TempDir())
	if err != nil {
		t.Skip(err)
	}
	defer store.Close()
	docs := servertest.ShareDocs(t, 5)
	q := newQuota(ShareQuota{PerClient: int64(len(docs[0]) + len(docs[1])), Total: 1 << 30})
	clock := time.Unix(1000, 0)
	q.now = func() time.Time { return clock }
	h := shareAPI(store, nil, q)
	post := func(doc []byte, addr string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", "/api/share", bytes.NewReader(doc))
		r.RemoteAddr = addr
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for i, want := range []int{201, 201, 429} {
		if w := post(docs[i], "10.0.0.1:1"); w.Code != want {
			t.Fatalf("share %d: %d %s, want %d", i, w.Code, w.Body, want)
		} else if want == 429 && w.Header().Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	if w := post(docs[0], "10.0.0.1:1"); w.Code != http.StatusOK {
		t.Errorf("sharing a stored model again: %d, want 200 (not charged)", w.Code)
	}
	if w := post(docs[2], "10.0.0.2:1"); w.Code != 201 {
		t.Errorf("another client: %d", w.Code)
	}
	clock = clock.Add(time.Minute)
	if w := post(docs[3], "10.0.0.1:1"); w.Code != 201 {
		t.Errorf("the next minute: %d", w.Code)
	}
	full := newQuota(ShareQuota{MaxStore: 10})
	if w := shareAPIPost(store, full, docs[4]); w.Code != http.StatusInsufficientStorage {
		t.Errorf("a full store: %d", w.Code)
	}
}

func shareAPIPost(store sharestore.Store, q *quota, doc []byte) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", "/api/share", bytes.NewReader(doc))
	w := httptest.NewRecorder()
	shareAPI(store, nil, q).ServeHTTP(w, r)
	return w
}
