package api

import (
	"encoding/json"
	"net/http"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/importers"
)

// POST /api/import?format=F reads a design file into a model document (the
// formats of server/importers; without a format, the file tells). A
// CloudFormation template's parameters take the values of
// &param=NAME=VALUE (repeatable), the others their defaults. The
// endpoint and CSV imports are import_endpoint.go and import_csv.go.

// importAnswer is the answer of POST /api/import.
type importAnswer struct {
	Model    json.RawMessage `json:"model"`
	Warnings []string        `json:"warnings"`
}

func serveImport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	format := importers.FormatName(q.Get("format"))
	data, ok := readExportBody(w, r)
	if !ok {
		return
	}
	if format == "" {
		// Without a format the file tells: a name (?name=) ending in .tf, a
		// template's sections, a NoSQL Workbench model's DataModel...; what
		// it cannot tell is read as NoSQL Workbench's, as it always was.
		format = importers.Detect(q.Get("name"), data)
		if format == "" {
			format = importers.NoSQLWorkbench
		}
	}
	params, err := importers.ParseParams(q["param"])
	if err != nil {
		apiError(w, http.StatusBadRequest, "param: "+err.Error())
		return
	}
	if len(params) > 0 && format != importers.CloudFormation {
		apiError(w, http.StatusBadRequest, "param gives a CloudFormation template's parameters, not a "+format+" file's")
		return
	}
	m, warnings, err := importers.ImportWith(format, data, importers.Options{Params: params})
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	doc, err := model.Marshal(m)
	if err != nil {
		apiError(w, http.StatusInternalServerError, err.Error())
		return
	}
	exportJSON(w, http.StatusOK, importAnswer{Model: doc, Warnings: warnings})
}
