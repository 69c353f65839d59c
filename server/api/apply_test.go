package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

func TestParseApplyEndpoints(t *testing.T) {
	p, err := apply.ParsePolicy(" https://dynamodb.eu-west-1.amazonaws.com, http://alternator.internal:8000 ,")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		endpoint string
		ok       bool
	}{
		{"http://127.0.0.1:8000", true},
		{"http://localhost:8080", true},
		{"http://[::1]:8000", true},
		{"https://dynamodb.eu-west-1.amazonaws.com", true},
		{"https://DynamoDB.eu-west-1.amazonaws.com:443", true},
		{"http://dynamodb.eu-west-1.amazonaws.com", false}, // another scheme
		{"http://alternator.internal:8000", true},
		{"http://alternator.internal:8001", false},
		{"http://169.254.169.254", false},
		{"http://10.0.0.1:8000", false},
	} {
		u, err := url.Parse(tc.endpoint)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Allows(u); (err == nil) != tc.ok {
			t.Errorf("%s: allowed=%v, want %v (%v)", tc.endpoint, err == nil, tc.ok, err)
		}
	}
	none, _ := apply.ParsePolicy("none")
	if u, _ := url.Parse("http://127.0.0.1:8000"); none.Allows(u) == nil {
		t.Error("none allows loopback")
	}
	if _, err := apply.ParsePolicy("ftp://x"); err == nil {
		t.Error("a bad -apply-endpoints: no error")
	}
}

func postApply(t *testing.T, h http.Handler, query string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	return servertest.Serve(h, shareRequest("POST", "/api/apply?"+query, body))
}

func TestApplyAPI(t *testing.T) {
	ep := servertest.WireEndpoint(t)
	h := newTestServer(t, Config{})
	doc := servertest.SmallModel(t, "composite-sort-key", 30)
	q := "endpoint=" + url.QueryEscape(ep)

	w := postApply(t, h, q, doc)
	if w.Code != http.StatusOK {
		t.Fatalf("apply: %d %s", w.Code, w.Body)
	}
	var rep apply.Report
	if err := json.Unmarshal(w.Body.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Match || rep.ItemsLoaded != 30 || len(rep.Patterns) == 0 || rep.Endpoint != ep {
		t.Errorf("report: %+v", rep)
	}

	// Again: the table exists.
	w = postApply(t, h, q, doc)
	if w.Code != http.StatusConflict || !strings.Contains(errorOf(t, w), "already") {
		t.Errorf("apply again: %d %s", w.Code, w.Body)
	}
	w = postApply(t, h, q+"&replace=true&skipWrites=1", doc)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"replaced":true`) {
		t.Errorf("apply with replace: %d %s", w.Code, w.Body)
	}

	noJSON := httptest.NewRequest("POST", "/api/apply?"+q, bytes.NewReader(doc))
	noJSON.Header.Set("Content-Type", "text/plain") // what a cross-site form may send
	if w := servertest.Serve(h, noJSON); w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", w.Code)
	}
	for _, tc := range []struct {
		name, query string
		body        []byte
		status      int
		words       string
	}{
		{"no endpoint", "", doc, 400, "endpoint"},
		{"bad endpoint", "endpoint=file:///etc/passwd", doc, 400, "scheme"},
		{"not loopback", "endpoint=http://169.254.169.254", doc, 403, "-apply-endpoints"},
		{"unknown parameter", q + "&table=x", doc, 400, "unknown parameter"},
		{"bad bool", q + "&replace=maybe", doc, 400, "true or false"},
		{"bad model", q, []byte(`{"version":1}`), 400, "model"},
		{"too many items", q, servertest.SmallModel(t, "time-series", maxApplyItems+1), 400, "over the"},
		{"too large", q, bytes.Repeat([]byte(" "), maxApplyBody+1), 413, "bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := postApply(t, h, tc.query, tc.body)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if msg := errorOf(t, w); !strings.Contains(msg, tc.words) {
				t.Errorf("error %q lacks %q", msg, tc.words)
			}
		})
	}

	off := newTestServer(t, Config{ApplyEndpoints: "none"})
	if w := postApply(t, off, q, doc); w.Code != http.StatusForbidden {
		t.Errorf("-apply-endpoints none: %d", w.Code)
	}
	if err := Mount(http.NewServeMux(), Config{ApplyEndpoints: "gopher://x"}); err == nil {
		t.Error("Mount with a bad -apply-endpoints: no error")
	}
}
