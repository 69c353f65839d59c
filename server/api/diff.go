package api

import (
	"encoding/json"
	"net/http"

	"github.com/dynamodb-workbench/workbench/server/ops"
)

// POST /api/diff compares two versions of a design and plans the migration
// (model/diff, through ops.Diff, as the CLI's `workbench diff` and the MCP
// tool compare_models do):
//
//	{"from": MODEL, "to": MODEL, "sizeGB": N}
//
// sizeGB is the data's size in production (absent or 0: measured on the
// "from" model's dataset). The answer is the diff.Plan: "steps" (each with
// kind, table, index, online, replacement, deploy, estimate {seconds,
// dollars, arithmetic}, text, cloudFormation, copyPlan), and
// "brokenAccessPatterns", "entities", "sizes", "deploys", "total". The
// request is state-free: nothing is stored. The "to" model may be any the
// designer can save: an access pattern it leaves invalid (one using an
// index it removes) is reported among brokenAccessPatterns. Errors are {"error": "..."}
// with 400 or 413.

// diffRequest is the body of POST /api/diff.
type diffRequest struct {
	From   json.RawMessage `json:"from"`
	To     json.RawMessage `json:"to"`
	SizeGB float64         `json:"sizeGB,omitempty"`
}

func serveDiff(w http.ResponseWriter, r *http.Request) {
	var req diffRequest
	if !readBody(w, r, &req) {
		return
	}
	from, err := ops.ParseModel("from", req.From)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	// The new version may break access patterns: the plan reports them.
	to, err := ops.ParseDesign("to", req.To)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	plan, err := ops.Diff(r.Context(), from, to, req.SizeGB)
	if err != nil {
		analysisFailed(w, r, err)
		return
	}
	apiJSON(w, plan)
}

// methodNotAllowed answers 405 naming the methods allow.
func methodNotAllowed(allow string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		apiError(w, http.StatusMethodNotAllowed, r.Method+" "+r.URL.Path+": method not allowed (use "+allow+")")
	}
}
