package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// Stored shares over HTTP (mounted by newServer):
//
//	POST /api/share       body: a model document   -> 201 {"id", "url": "/s/<id>"} (200 when already stored)
//	GET  /api/share/{id}  -> the canonical model document (application/json)
//
// Errors are {"error": "..."}: 400 (not a valid model, a malformed id), 404
// (no such share), 413 (a model over sharestore.MaxDocument), 429 with
// Retry-After (over a ShareQuota), 507 (the store at its maximum), 503 (the
// server runs without a store), 500 (the store failed). A refused model
// stores nothing.

// shareAPI returns the handler of /api/share. A nil store answers 503.
func shareAPI(store sharestore.Store, logger *log.Logger, q *quota) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/share", func(w http.ResponseWriter, r *http.Request) {
		if store == nil {
			apiError(w, http.StatusServiceUnavailable, errNoStore)
			return
		}
		// One byte over the limit is enough to know it is over.
		doc, err := io.ReadAll(http.MaxBytesReader(w, r.Body, sharestore.MaxDocument+1))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the model is over the %d bytes a share may hold", sharestore.MaxDocument))
			return
		case err != nil:
			apiError(w, http.StatusBadRequest, "reading the body: "+err.Error())
			return
		}
		_, id, err := sharestore.Canonical(doc)
		if err != nil {
			shareError(w, logger, err)
			return
		}
		exists := false
		if _, err := store.Get(r.Context(), id); err == nil {
			exists = true // sharing it again stores nothing: not charged
		}
		if !exists && !q.admit(w, r, int64(len(doc))) {
			return
		}
		// Content-addressed: a share that exists is the same document.
		status := http.StatusOK
		if _, err := store.Get(r.Context(), id); errors.Is(err, sharestore.ErrNotFound) {
			status = http.StatusCreated
			if id, err = store.Put(r.Context(), doc); err != nil {
				shareError(w, logger, err)
				return
			}
			q.stored(int64(len(doc)))
		} else if err != nil {
			shareError(w, logger, err)
			return
		}
		body, _ := json.Marshal(struct {
			ID  string `json:"id"`
			URL string `json:"url"`
		}{id, "/s/" + id})
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Location", "/api/share/"+id)
		w.WriteHeader(status)
		_, _ = w.Write(append(body, '\n'))
	})
	mux.HandleFunc("GET /api/share/{id}", func(w http.ResponseWriter, r *http.Request) {
		if store == nil {
			apiError(w, http.StatusServiceUnavailable, errNoStore)
			return
		}
		id := r.PathValue("id")
		if !sharestore.ValidID(id) {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a share id (%d characters of A-Z a-z 0-9 - _)", truncateID(id), sharestore.IDLength))
			return
		}
		doc, err := store.Get(r.Context(), id)
		if err != nil {
			shareError(w, logger, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		// An id names one document forever.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		_, _ = w.Write(doc)
	})
	return mux
}

const errNoStore = "this server has no share store (start it with -data DIR or -store dynamodb://TABLE)"

// shareError answers a store error with its status.
func shareError(w http.ResponseWriter, logger *log.Logger, err error) {
	var invalid *sharestore.InvalidError
	var tooLarge *sharestore.TooLargeError
	switch {
	case errors.As(err, &invalid):
		apiError(w, http.StatusBadRequest, err.Error())
	case errors.As(err, &tooLarge):
		apiError(w, http.StatusRequestEntityTooLarge, err.Error())
	case errors.Is(err, sharestore.ErrNotFound):
		apiError(w, http.StatusNotFound, err.Error())
	default:
		logger.Printf("share store: %v", err)
		apiError(w, http.StatusInternalServerError, "the share store failed: "+err.Error())
	}
}

func truncateID(id string) string {
	if len(id) > 40 {
		return id[:40] + "..."
	}
	return id
}
