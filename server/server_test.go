package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestIsDynamoDBRequest(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		header map[string]string
		want   bool
	}{
		{"API call", "POST", "/", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, true},
		{"API call, lower-case header", "POST", "/", map[string]string{"x-amz-target": "DynamoDB_20120810.ListTables"}, true},
		{"POST without target", "POST", "/", nil, false},
		{"target on the API", "POST", "/api/share", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, false},
		{"target on MCP", "POST", "/mcp", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, false},
		{"target on another path", "POST", "/dynamodb", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, true},
		{"GET with target", "GET", "/", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, true},
		{"PUT with target", "PUT", "/", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, true},
		{"GET with target elsewhere", "GET", "/x", map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables"}, true},
		{"GET without target", "GET", "/", nil, false},
		{"preflight on a path", "OPTIONS", "/dynamodb", map[string]string{"Access-Control-Request-Headers": "x-amz-target"}, true},
		{"preflight on the API", "OPTIONS", "/api/share", map[string]string{"Access-Control-Request-Headers": "x-amz-target"}, false},
		{"preflight", "OPTIONS", "/", map[string]string{
			"Origin":                         "http://localhost:3000",
			"Access-Control-Request-Method":  "POST",
			"Access-Control-Request-Headers": "amz-sdk-invocation-id,content-type,X-Amz-Target,x-amz-user-agent",
		}, true},
		{"preflight, spaces", "OPTIONS", "/", map[string]string{"Access-Control-Request-Headers": "content-type, x-amz-target"}, true},
		{"other preflight", "OPTIONS", "/", map[string]string{"Access-Control-Request-Headers": "content-type,x-amz-target-ish"}, false},
		{"plain OPTIONS", "OPTIONS", "/", nil, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(tt.method, tt.path, nil)
		for k, v := range tt.header {
			r.Header.Set(k, v)
		}
		if got := IsDynamoDBRequest(r); got != tt.want {
			t.Errorf("%s: IsDynamoDBRequest = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNewWithoutPage: New serves the API and the DynamoDB endpoint with no
// page (the program mounts one); every other GET is a 404.
func TestNewWithoutPage(t *testing.T) {
	h, err := New(Options{AllowedHosts: []string{"example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/patterns", nil))
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "write-sharding") {
		t.Errorf("GET /api/patterns: %d %.200s", w.Code, w.Body.String())
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != http.StatusNotFound {
		t.Errorf("GET / without a page: %d, want 404", w.Code)
	}
	r := httptest.NewRequest("POST", "/", strings.NewReader("{}"))
	r.Header.Set("X-Amz-Target", "DynamoDB_20120810.ListTables")
	r.Header.Set("Content-Type", "application/x-amz-json-1.0")
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "TableNames") {
		t.Errorf("ListTables: %d %s", w.Code, w.Body.String())
	}
	if _, err := New(Options{ApplyEndpoints: "gopher://x"}); err == nil {
		t.Error("New with a bad -apply-endpoints: no error")
	}
}
