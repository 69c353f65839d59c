package api

import (
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

func snippetAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/snippet", serveSnippet)
	mux.HandleFunc("/api/snippet", methodNotAllowed("POST"))
	return mux
}

func serveSnippet(w http.ResponseWriter, r *http.Request) {
	var job snippet.Job
	if !readBodyMax(w, r, maxSnippetBody, &job) {
		return
	}
	if job.Operation == "" || len(job.Input) == 0 {
		apiError(w, http.StatusBadRequest, `the body is {"operation": "Query", "input": {...}} (and optionally endpoint, region, fanOut)`)
		return
	}
	apiJSON(w, map[string]any{"snippets": snippet.RenderAll(job)})
}
