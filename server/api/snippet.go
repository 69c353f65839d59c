package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// A request as code, over HTTP (the page's Query tab asks here, so that
// its wasm does not carry the eight languages' writers: 295 KB, 55 KB
// gzip):
//
//	POST /api/snippet  {"operation": "Query", "input": {...}, "endpoint": "http://127.0.0.1:8080",
//	                    "region": "us-east-1", "fanOut": {"parameter": "shard", "from": 0, "to": 9, "width": 0}}
//
// answers {"snippets": {"cli": "...", "python": "...", ...}} with every
// language of snippet.Languages; a language that cannot write the request
// holds its error's text, as the page shows it. Errors are {"error": "..."}
// with 400 (a body it cannot read, an unknown operation), 405 or 413.

// maxSnippetBody bounds a request body: DynamoDB's own requests stop at
// 16 MB, the page's at a few KB; a megabyte of request is a megabyte of
// code in eight languages.
const maxSnippetBody = 1 << 20

// snippetRequest is the body of POST /api/snippet.
type snippetRequest struct {
	Operation string          `json:"operation"`
	Input     json.RawMessage `json:"input"`
	Endpoint  string          `json:"endpoint,omitempty"`
	Region    string          `json:"region,omitempty"`
	FanOut    *snippetFanOut  `json:"fanOut,omitempty"`
}

// snippetFanOut is a fan-out access pattern's loop: the input holds
// snippet.FanOut's marker ("@@shard@@") where the parameter goes.
type snippetFanOut struct {
	Parameter string `json:"parameter"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	Width     int    `json:"width,omitempty"`
}

func snippetAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/snippet", serveSnippet)
	mux.HandleFunc("/api/snippet", methodNotAllowed("POST"))
	return mux
}

func serveSnippet(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxSnippetBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxSnippetBody))
			return
		}
		apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return
	}
	var req snippetRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || dec.More() {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("the body is not one JSON value for this endpoint: %v", err))
		return
	}
	if req.Operation == "" || len(req.Input) == 0 {
		apiError(w, http.StatusBadRequest, `the body is {"operation": "Query", "input": {...}} (and optionally endpoint, region, fanOut)`)
		return
	}
	sr := snippet.Request{Operation: req.Operation, Input: req.Input, Endpoint: req.Endpoint, Region: req.Region}
	out := map[snippet.Language]string{}
	for _, l := range snippet.Languages() {
		var text string
		var err error
		if req.FanOut != nil {
			f := req.FanOut
			text, err = snippet.RenderFanOut(sr, snippet.FanOut{Parameter: f.Parameter, From: f.From, To: f.To, Width: f.Width}, l)
		} else {
			text, err = snippet.Render(sr, l)
		}
		if err != nil {
			text = err.Error()
		}
		out[l] = text
	}
	apiJSON(w, map[string]any{"snippets": out})
}
