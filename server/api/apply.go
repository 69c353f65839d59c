package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"
	"strconv"

	"github.com/aws/smithy-go"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
)

// Apply over HTTP (mounted by newServer), for the page's Apply button:
//
//	POST /api/apply?endpoint=URL[&region=R][&replace=true][&skipWrites=true]
//	     Content-Type: application/json, body: a model document
//	-> 200 the apply.Report as JSON (its "match" says whether the endpoint
//	   agreed with the engine)
//
// Errors are {"error": "..."} (with "report" when tables were already
// created): 400 (bad parameters, an invalid model or dataset), 403 (an
// endpoint this server may not contact), 409 (a table exists and replace
// is off), 413 (a body over maxApplyBody), 415 (not JSON), 502 (the
// endpoint failed).
//
// Security: the server itself contacts the endpoint, with its own AWS
// credentials for endpoints that are not loopback. So by default it
// contacts only loopback endpoints (localhost, 127.0.0.0/8, ::1: this
// workbench, DynamoDB Local); -apply-endpoints adds others (a comma-separated
// list of URLs, compared by scheme, host and port) or, as "none", turns the
// API off. Requiring a JSON body makes a cross-site page's request need a
// CORS preflight, which this server never grants, so a web page cannot
// apply (or, with replace, delete tables) through a user's local workbench.

const (
	// maxApplyBody bounds the posted model.
	maxApplyBody = 4 << 20
	// maxApplyItems bounds the dataset the server loads at an endpoint and
	// in its own engine for one request.
	maxApplyItems = 100_000
)

// applyAPI returns the handler of POST /api/apply under the -apply-endpoints
// policy.
// One apply at a time (busy, shared with the MCP apply_design tool): each
// loads a dataset twice and may create and delete tables, which concurrent
// applies to one endpoint would race on.
func applyAPI(policy apply.Policy, busy chan struct{}, logger *log.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
			apiError(w, http.StatusUnsupportedMediaType, "the body is a model document: send it with Content-Type: application/json")
			return
		}
		q := r.URL.Query()
		for k := range q {
			switch k {
			case "endpoint", "region", "replace", "skipWrites":
			default:
				apiError(w, http.StatusBadRequest, fmt.Sprintf("unknown parameter %q (endpoint, region, replace, skipWrites)", k))
				return
			}
		}
		var opts apply.Options
		for name, dst := range map[string]*bool{"replace": &opts.Replace, "skipWrites": &opts.SkipWrites} {
			if v := q.Get(name); v != "" {
				b, err := strconv.ParseBool(v)
				if err != nil {
					apiError(w, http.StatusBadRequest, fmt.Sprintf("%s=%q: expected true or false", name, v))
					return
				}
				*dst = b
			}
		}
		endpoint := q.Get("endpoint")
		if endpoint == "" {
			apiError(w, http.StatusBadRequest, "which endpoint? add ?endpoint=URL (for example this server's own address)")
			return
		}
		u, err := apply.ParseEndpoint(endpoint)
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
		if err := policy.Allows(u); err != nil {
			apiError(w, http.StatusForbidden, err.Error())
			return
		}

		doc, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxApplyBody))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxApplyBody))
			return
		case err != nil:
			apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
			return
		}
		m, err := model.Parse(doc)
		if err != nil {
			apiError(w, http.StatusBadRequest, "model: "+err.Error())
			return
		}

		select {
		case busy <- struct{}{}:
			defer func() { <-busy }()
		case <-r.Context().Done():
			return
		}
		client, err := apply.NewClient(r.Context(), u.String(), q.Get("region"))
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
		opts.MaxItems = maxApplyItems
		opts.Endpoint = u.String()
		rep, err := apply.Run(r.Context(), m, client, opts)
		if err != nil {
			status := http.StatusBadGateway
			switch {
			case errors.Is(err, apply.ErrInput):
				status = http.StatusBadRequest
			case errors.Is(err, apply.ErrTableExists):
				status = http.StatusConflict
			case errors.Is(err, context.Canceled):
				return // the client went away
			default:
				logger.Printf("apply to %s: %v", u, err)
				if !answeredAsDynamoDB(err) {
					apiError(w, status, errNotDynamoDB)
					return
				}
			}
			applyFailure(w, status, err, rep)
			return
		}
		apiJSON(w, rep)
	})
}

// errNotDynamoDB is the one answer, with 502, when an endpoint did not
// answer as DynamoDB: a closed port, a filtered one (the dial times out),
// and one where another service listens all get it, so that /api/apply and
// the live import cannot tell a page's user, or anyone who can post to a
// shared server, which ports of the server's machine are open. The real
// error goes to the server's log.
const errNotDynamoDB = "the endpoint did not answer as DynamoDB (nothing listens there, the connection was refused " +
	"or timed out, or another service answered): check its address and that DynamoDB or an emulator runs there"

// answeredAsDynamoDB reports whether err carries an error DynamoDB (or an
// emulator speaking its protocol) answered: an API error the SDK decoded
// from a JSON error body. The SDK's UnknownError is what it makes of an
// answer without one (an empty body), and a body that is not JSON is a
// deserialization error: neither says DynamoDB is there.
func answeredAsDynamoDB(err error) bool {
	var apiErr smithy.APIError
	return errors.As(err, &apiErr) && apiErr.ErrorCode() != "" && apiErr.ErrorCode() != "UnknownError"
}

// applyFailure answers an error with the partial report, if any.
func applyFailure(w http.ResponseWriter, status int, err error, rep *apply.Report) {
	body, _ := json.Marshal(struct {
		Error  string        `json:"error"`
		Report *apply.Report `json:"report,omitempty"`
	}{err.Error(), rep})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
