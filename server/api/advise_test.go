package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

func TestAdviseAPI(t *testing.T) {
	h := adviseAPI()
	post := func(body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/advise", strings.NewReader(body)))
		return rec
	}
	text := "Customer: email\nOrder of Customer 1-5: total N\nget Customer by customerId, 100/s\nlist Orders by customerId range createdAt, 20/s\nlist Customers by email"
	body, _ := json.Marshal(map[string]string{"text": text})
	rec := post(string(body))
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var ans struct {
		Model   json.RawMessage `json:"model"`
		Reasons []struct {
			Where, Text string
		} `json:"reasons"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(ans.Model)
	if err != nil {
		t.Fatalf("the answer's model does not parse: %v", err)
	}
	if len(m.AccessPatterns) != 3 || m.Entity("Order").Keys["PK"] != "CUSTOMER#{customerId}" {
		t.Errorf("model %s", ans.Model)
	}
	if len(ans.Reasons) == 0 || ans.Reasons[0].Where == "" || ans.Reasons[0].Text == "" {
		t.Errorf("reasons %+v", ans.Reasons)
	}
	for body, want := range map[string]string{
		`{"text": "Customer"}`: "line 1 (Customer): not an entity",
		`{}`:                   "the design in plain lines",
		`{"text": "A: x", "input": {"entities": []}}`:                             "text or input, not both",
		`{"input": {"entities": [{"name": "A"}], "patterns": [{"entity": "B"}]}}`: "is not in the design",
		`{"txt": "A: x"}`: "not one JSON value",
		`{"text": "` + strings.Repeat("A", 300<<10) + `"}`: "request body over",
	} {
		rec := post(body)
		if rec.Code != 400 && rec.Code != 413 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("POST %.60s: %d %s, want an error containing %q", body, rec.Code, rec.Body, want)
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/advise", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d %v", rec.Code, rec.Header())
	}
}
