package api

import (
	"net/http"

	"github.com/dynamodb-workbench/workbench/server/modelschema"
)

// GET /api/schema answers the model document's JSON Schema
// (server/modelschema, docs/model.schema.json): what an editor or an agent
// validates a model against without the workbench.
func serveSchema(w http.ResponseWriter, r *http.Request) {
	doc, err := modelschema.JSON()
	if err != nil {
		apiError(w, http.StatusInternalServerError, err.Error())
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/schema+json")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(doc)
}
