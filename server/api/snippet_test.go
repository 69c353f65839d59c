package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestSnippetAPI: for every access pattern of every pattern, bound with
// its examples (a fan-out one with the marker, as the page sends it), POST
// /api/snippet answers every language with exactly what snippet.Render
// (RenderFanOut) writes, or its error's text; bad bodies are refused with
// 400, 413 and 405.
func TestSnippetAPI(t *testing.T) {
	h := snippetAPI()
	post := func(method, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, "/api/snippet", strings.NewReader(body)))
		return rec
	}
	n := 0
	for _, p := range patterns.Catalog() {
		m := p.Model()
		for _, ap := range m.AccessPatterns {
			params := ap.Examples()
			req := snippet.Job{Operation: ap.Operation, Endpoint: "http://127.0.0.1:8080", Region: "eu-west-1"}
			var fan *snippet.FanOut
			if f := ap.FanOut; f != nil {
				fan = &snippet.FanOut{Parameter: f.Parameter, From: f.From, To: f.To, Width: f.Width}
				params[f.Parameter] = fan.Marker()
				req.FanOut = fan
			}
			body, err := ap.Bind(params)
			if err != nil {
				t.Fatalf("%s: %v", ap.Name, err)
			}
			req.Input = body
			js, _ := json.Marshal(req)
			rec := post(http.MethodPost, string(js))
			var ans struct {
				Snippets map[snippet.Language]string `json:"snippets"`
			}
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil {
				t.Fatalf("%s: %d %s", ap.Name, rec.Code, rec.Body)
			}
			sr := snippet.Request{Operation: ap.Operation, Input: body, Endpoint: req.Endpoint, Region: req.Region}
			for _, l := range snippet.Languages() {
				want, err := snippet.Render(sr, l)
				if fan != nil {
					want, err = snippet.RenderFanOut(sr, *fan, l)
				}
				if err != nil {
					want = err.Error()
				}
				if got := ans.Snippets[l]; got != want || got == "" {
					t.Errorf("%s, %s: the API writes\n%s\nsnippet.Render\n%s", ap.Name, l, got, want)
				}
			}
			n++
		}
	}
	if n < 20 {
		t.Fatalf("only %d access patterns", n)
	}
	for _, c := range []struct {
		method, body string
		code         int
	}{
		{http.MethodPost, `{}`, 400},
		{http.MethodPost, `{"operation": "Query"}`, 400},
		{http.MethodPost, `{"operation": "Query", "input": {}, "extra": 1}`, 400},
		{http.MethodPost, `{"operation": "Query", "input": {}} {}`, 400},
		{http.MethodPost, `{"operation": "Query", "input": "` + strings.Repeat("x", maxSnippetBody) + `"}`, 413},
		{http.MethodGet, ``, 405},
	} {
		if rec := post(c.method, c.body); rec.Code != c.code || !strings.Contains(rec.Body.String(), `"error"`) {
			t.Errorf("%s %.60s: %d %.200s, want %d", c.method, c.body, rec.Code, rec.Body, c.code)
		}
	}
	// An operation the writers do not know: each language says so.
	rec := post(http.MethodPost, `{"operation": "Frobnicate", "input": {}}`)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Frobnicate") {
		t.Errorf("an unknown operation: %d %s", rec.Code, rec.Body)
	}
}
