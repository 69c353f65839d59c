package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

func postDiff(t *testing.T, h http.Handler, body string, header map[string]string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/diff", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := servertest.Serve(h, req)
	return rec.Code, rec.Body.Bytes()
}

func TestDiffAPIAddIndex(t *testing.T) {
	h := newTestServer(t, Config{})
	from := servertest.PatternDocument(t, "write-sharding", func(*model.Model) {})
	to := servertest.PatternDocument(t, "write-sharding", servertest.AddOrderIndex)
	code, body := postDiff(t, h, `{"from":`+string(from)+`,"to":`+string(to)+`,"sizeGB":10}`, nil)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var raw struct {
		Steps []map[string]any `json:"steps"`
		// Broken is [] when none: present, not null.
		Broken json.RawMessage `json:"brokenAccessPatterns"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	if string(raw.Broken) != "[]" || len(raw.Steps) != 1 {
		t.Fatalf("answer: %s", body)
	}
	s := raw.Steps[0]
	est, _ := s["estimate"].(map[string]any)
	if s["kind"] != diff.KindAddGSI || s["table"] != "Orders" || s["index"] != "ByOrderId" || s["online"] != true || s["replacement"] != false ||
		est == nil || est["seconds"].(float64) <= 0 || est["dollars"].(float64) <= 0 || s["text"] == "" {
		t.Errorf("step = %v", s)
	}
	// The sizes come from the pattern's generated dataset, scaled to 10 GB
	// over both tables.
	var plan diff.Plan
	if err := json.Unmarshal(body, &plan); err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, sz := range plan.Sizes {
		if sz.Items == 0 || sz.Scale <= 0 {
			t.Errorf("size %+v: not measured", sz)
		}
		total += sz.SizeGB
	}
	if !near(total, 10) {
		t.Errorf("sizes add up to %v GB, want 10", total)
	}
}

func TestDiffAPIBadInput(t *testing.T) {
	h := newTestServer(t, Config{})
	m := servertest.PatternJSON(t, "write-sharding", nil)
	for name, c := range map[string]struct {
		body   string
		header map[string]string
		code   int
		want   string
	}{
		"no to":         {`{"from":` + m + `}`, nil, 400, `a model document is needed`},
		"invalid to":    {`{"from":` + m + `,"to":{"version":1,"name":"x","tables":[]}}`, nil, 400, "to: "},
		"unknown field": {`{"from":` + m + `,"to":` + m + `,"size":1}`, nil, 400, "unknown field"},
		"negative size": {`{"from":` + m + `,"to":` + m + `,"sizeGB":-3}`, nil, 400, "sizeGB -3"},
		"not json":      {`from=1`, nil, 400, "not valid JSON"},
		"cross origin":  {`{"from":` + m + `,"to":` + m + `}`, map[string]string{"Origin": "https://evil.example"}, 403, "cross-origin"},
		"text/plain":    {`{"from":` + m + `,"to":` + m + `}`, map[string]string{"Content-Type": "text/plain"}, 415, "must be JSON"},
	} {
		code, body := postDiff(t, h, c.body, c.header)
		if code != c.code || !strings.Contains(string(body), c.want) {
			t.Errorf("%s: %d %s, want %d with %q", name, code, body, c.code, c.want)
		}
	}
	rec := servertest.Serve(h, httptest.NewRequest(http.MethodGet, "/api/diff", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d %s", rec.Code, rec.Body)
	}
}

// TestDiffAPIToRemovesUsedIndex: the new version removes an index an
// access pattern still queries. The designer saves such a model; the plan
// reports the pattern as broken (it was 400 "table X has no index").
func TestDiffAPIToRemovesUsedIndex(t *testing.T) {
	h := newTestServer(t, Config{})
	var used string
	from := servertest.PatternDocument(t, "write-sharding", func(m *model.Model) {
		servertest.AddOrderIndex(m)
		ap := m.AccessPatterns[0]
		ap.Name = "orderById"
		ap.Operation = "Query"
		ap.Entity = ""
		ap.Request = json.RawMessage(`{"TableName":"Orders","IndexName":"ByOrderId","KeyConditionExpression":"OrderId = :o","ExpressionAttributeValues":{":o":{"S":"{orderId}"}}}`)
		ap.Parameters = []model.Parameter{{Name: "orderId", Example: "o-1"}}
		m.AccessPatterns = append(m.AccessPatterns, ap)
		used = ap.Name
	})
	var m model.Model
	if err := json.Unmarshal(from, &m); err != nil {
		t.Fatal(err)
	}
	for i := range m.Tables {
		m.Tables[i].GlobalSecondaryIndexes = nil
	}
	to, err := json.Marshal(&m)
	if err != nil {
		t.Fatal(err)
	}
	code, body := postDiff(t, h, `{"from":`+string(from)+`,"to":`+string(to)+`}`, nil)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var plan diff.Plan
	if err := json.Unmarshal(body, &plan); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, b := range plan.BrokenAccessPatterns {
		if b.Name == used && strings.Contains(strings.Join(b.Reasons, " "), "ByOrderId") {
			found = true
		}
	}
	if !found {
		t.Errorf("broken access patterns %+v, want %s", plan.BrokenAccessPatterns, used)
	}
	// A design problem of the new version is still refused.
	bad := strings.Replace(string(to), `"AttributeType":"S"`, `"AttributeType":"X"`, 1)
	if code, body := postDiff(t, h, `{"from":`+string(from)+`,"to":`+bad+`}`, nil); code != http.StatusBadRequest || !strings.Contains(string(body), "to:") {
		t.Errorf("bad design: %d %s", code, body)
	}
}
