package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/liveimport"
)

// Import from a live endpoint (mounted by newServer on POST /api/import):
//
//	POST /api/import?format=endpoint   Content-Type: application/json
//	     {"endpoint": URL, "region": R, "tables": [...], "sample": N}
//	-> 200 {"model": <the model document>, "warnings": [...]}
//
// The server reads DescribeTable, the time to live, tags and continuous
// backups of the tables (every table when "tables" is empty), samples N
// items per table (default liveimport.DefaultSample, at most
// liveimport.MaxSample) and infers entities from the samples' key
// prefixes. It contacts endpoints under the same policy as /api/apply
// (loopback unless listed with -apply-endpoints), and needs a JSON body
// for the same reason: a cross-site page cannot send one without a
// preflight. Errors: 400, 403 (an endpoint the server may not contact),
// 415 (not JSON), 502 (the endpoint failed). Other formats go to the file
// import of import.go.

const (
	maxEndpointImportBody = 64 << 10
)

// endpointImport is the body of an endpoint import.
type endpointImport struct {
	Endpoint string   `json:"endpoint"`
	Region   string   `json:"region"`
	Tables   []string `json:"tables"`
	Sample   int      `json:"sample"`
}

// importAPI returns the handler of POST /api/import: files through
// serveImport, live endpoints under policy.
func importAPI(endpoints string, logger *log.Logger) (http.Handler, error) {
	policy, err := apply.ParsePolicy(endpoints)
	if err != nil {
		return nil, err
	}
	files := exportAPI()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("format") {
		case "endpoint":
		case "csv": // items, not a model: csv_import_api.go
			serveCSVImport(w, r)
			return
		default:
			files.ServeHTTP(w, r)
			return
		}
		if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
			apiError(w, http.StatusUnsupportedMediaType, `send {"endpoint": URL, "tables": [...], "sample": N} with Content-Type: application/json`)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxEndpointImportBody))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxEndpointImportBody))
			return
		case err != nil:
			apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
			return
		}
		var req endpointImport
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			apiError(w, http.StatusBadRequest, `the body is {"endpoint": URL, "region": R, "tables": [...], "sample": N}: `+err.Error())
			return
		}
		if req.Endpoint == "" {
			apiError(w, http.StatusBadRequest, `which endpoint? give "endpoint": URL`)
			return
		}
		u, err := apply.ParseEndpoint(req.Endpoint)
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
		if err := policy.Allows(u); err != nil {
			apiError(w, http.StatusForbidden, err.Error())
			return
		}
		if req.Sample < 0 || req.Sample > liveimport.MaxSample {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("sample %d: 0 (the default, %d) to %d items per table", req.Sample, liveimport.DefaultSample, liveimport.MaxSample))
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), liveimport.Timeout)
		defer cancel()
		client, err := apply.NewClient(ctx, u.String(), req.Region)
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
		m, warnings, err := liveimport.Run(ctx, client, liveimport.Options{Tables: req.Tables, Sample: req.Sample})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			status := http.StatusBadGateway
			if errors.Is(err, liveimport.ErrInput) {
				status = http.StatusBadRequest
			} else {
				logger.Printf("import from %s: %v", u, err)
				if !answeredAsDynamoDB(err) {
					apiError(w, status, errNotDynamoDB)
					return
				}
			}
			apiError(w, status, err.Error())
			return
		}
		doc, err := model.Marshal(m)
		if err != nil {
			apiError(w, http.StatusInternalServerError, err.Error())
			return
		}
		exportJSON(w, http.StatusOK, importAnswer{Model: doc, Warnings: warnings})
	}), nil
}
