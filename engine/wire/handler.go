package wire

import (
	"net/http"

	"github.com/dynamodb-workbench/workbench/engine"
)

// NewHandler returns the DynamoDB JSON 1.0 protocol handler for db.
// (Placeholder until the wire package lands; answers UnknownOperationException.)
func NewHandler(db *engine.Database) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"__type":"com.amazon.coral.service#UnknownOperationException"}`))
	})
}
