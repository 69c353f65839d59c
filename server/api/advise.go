package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
)

// The design advisor over HTTP:
//
//	POST /api/advise  {"text": "Customer: email\nget Customer by customerId, 100/s"}
//	               or {"input": {"entities": [...], "patterns": [...]}}
//
// answers {"model": <model document>, "reasons": [{"where", "text"}]}: a
// starting design whose every access pattern is a runnable request with
// examples from a generated dataset (model/advise). Errors are
// {"error": "..."} with 400 (input it cannot read, naming the line, entity
// or pattern), 405 or 413.

// maxAdviseBody bounds a request body: a design in words is small.
const maxAdviseBody = 256 << 10

// adviseRequest is the body of POST /api/advise: exactly one of Text and
// Input.
type adviseRequest struct {
	Text  string        `json:"text,omitempty"`
	Input *advise.Input `json:"input,omitempty"`
}

// adviseAnswer is the answer of POST /api/advise.
type adviseAnswer struct {
	Model   *model.Model `json:"model"`
	Reasons []reasonJSON `json:"reasons"`
}

type reasonJSON struct {
	Where    string          `json:"where"`
	Location advise.Location `json:"location"`
	Text     string          `json:"text"`
}

func adviseAPI() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/advise", serveAdvise)
	mux.HandleFunc("/api/advise", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "POST")
		apiError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s /api/advise: method not allowed (use POST)", r.Method))
	})
	return mux
}

func serveAdvise(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxAdviseBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxAdviseBody))
			return
		}
		apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return
	}
	var req adviseRequest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil || dec.More() {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("the body is not one JSON value for this endpoint: %v", err))
		return
	}
	var in advise.Input
	switch {
	case req.Text != "" && req.Input != nil:
		apiError(w, http.StatusBadRequest, "give text or input, not both")
		return
	case req.Text != "":
		in, err = advise.Parse(req.Text)
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
	case req.Input != nil:
		in = *req.Input
	default:
		apiError(w, http.StatusBadRequest, `the body is {"text": "..."} (the design in plain lines) or {"input": {...}}`)
		return
	}
	p, err := advise.Propose(in)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	ans := adviseAnswer{Model: p.Model, Reasons: []reasonJSON{}}
	for _, r := range p.Reasons {
		ans.Reasons = append(ans.Reasons, reasonJSON{Where: r.Where.String(), Location: r.Where, Text: r.Text})
	}
	apiJSON(w, ans)
}
