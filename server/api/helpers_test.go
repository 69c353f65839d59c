package api

import (
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/httpguard"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// newTestServer is the API mounted as the server mounts it, behind the
// same guard (without the page and the DynamoDB endpoint, which the
// server package's tests cover). httptest.NewRequest's requests are for
// example.com, which it allows.
func newTestServer(t *testing.T, cfg Config) http.Handler {
	t.Helper()
	if cfg.Logger == nil {
		cfg.Logger = log.New(servertest.LogWriter(t), "", 0)
	}
	mux := http.NewServeMux()
	if err := Mount(mux, cfg); err != nil {
		t.Fatalf("Mount: %v", err)
	}
	return httpguard.New(httpguard.Config{Hosts: []string{"example.com"}, Expensive: IsExpensive, MaxExpensive: 4, FileBody: TakesFile}, mux)
}

// liveServer serves newTestServer on loopback and returns its URL.
func liveServer(t *testing.T, cfg Config) string {
	t.Helper()
	srv := httptest.NewServer(newTestServer(t, cfg))
	t.Cleanup(srv.Close)
	return srv.URL
}
