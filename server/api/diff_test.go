package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
)

// shardingWith returns the write-sharding pattern's model after edit.
func shardingWith(t *testing.T, edit func(m *model.Model)) []byte {
	t.Helper()
	p, ok := patterns.Get("write-sharding")
	if !ok {
		t.Fatal("no write-sharding pattern")
	}
	m := p.Model()
	edit(m)
	b, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// addOrderIndex adds a KEYS_ONLY index on OrderId to Orders.
func addOrderIndex(m *model.Model) {
	t := m.Table("Orders")
	t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: "ByOrderId",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "OrderId", KeyType: schema.KeyTypeHash}},
		Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}})
}

func postDiff(t *testing.T, h http.Handler, body string, header map[string]string) (int, []byte) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/diff", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := serve(h, req)
	return rec.Code, rec.Body.Bytes()
}

func TestDiffAPIAddIndex(t *testing.T) {
	h := newTestServer(t, serverOptions{Web: testWeb(t, fakeWasm, nil)})
	from := shardingWith(t, func(*model.Model) {})
	to := shardingWith(t, addOrderIndex)
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
	h := newTestServer(t, serverOptions{Web: testWeb(t, fakeWasm, nil)})
	m := string(shardingWith(t, func(*model.Model) {}))
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
	rec := serve(h, httptest.NewRequest(http.MethodGet, "/api/diff", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d %s", rec.Code, rec.Body)
	}
}

func TestDiffCommand(t *testing.T) {
	a := writeTemp(t, "a.json", shardingWith(t, func(*model.Model) {}))
	// B changes the sort key of Orders: a new table and a copy.
	b := writeTemp(t, "b.json", shardingWith(t, func(m *model.Model) {
		tb := m.Table("Orders")
		tb.KeySchema[1].AttributeName = "Created"
		for i := range tb.AttributeDefinitions {
			if tb.AttributeDefinitions[i].AttributeName == "OrderId" {
				tb.AttributeDefinitions[i].AttributeName = "Created"
			}
		}
		for i := range m.Entities {
			if k := m.Entities[i].Keys; m.Entities[i].Table == "Orders" {
				k["Created"] = k["OrderId"]
				delete(k, "OrderId")
			}
		}
		var kept []model.AccessPattern
		for _, ap := range m.AccessPatterns {
			if !strings.Contains(string(ap.Request), `"Orders"`) || ap.Operation == "Query" {
				kept = append(kept, ap)
			}
		}
		m.AccessPatterns = kept
		m.Workload = nil
	}))
	code, out, errs := runCommand(t, "diff", "", "-size-gb", "4", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"[NEW TABLE + COPY] [CloudFormation: REPLACEMENT] [deploy 1] key-schema Orders",
		"WARNING: A deploy replaces table Orders", "TotalSegments", "read units", "Access patterns that break:", "- Get an order:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCommand(t, "diff", "", "-json", "pattern:write-sharding", a)
	var plan diff.Plan
	if code != 0 || json.Unmarshal([]byte(out), &plan) != nil || len(plan.Steps) != 0 {
		t.Errorf("pattern vs its copy: exit %d %s", code, out)
	}
	// A share link carrying the edited design, against the pattern.
	m, err := model.Parse(shardingWith(t, addOrderIndex))
	if err != nil {
		t.Fatal(err)
	}
	frag, err := sharelink.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCommand(t, "diff", "", "pattern:write-sharding", "http://127.0.0.1:8080/#m="+frag)
	if code != 0 || !strings.Contains(out, "[ONLINE] [CloudFormation: in place] [deploy 1] add-gsi Orders / ByOrderId") {
		t.Errorf("share link: exit %d %s %s", code, out, errs)
	}
	if code, _, errs := runCommand(t, "diff", "", "pattern:write-sharding", "/#m=1.garbage"); code != 1 || !strings.Contains(errs, "the share link") {
		t.Errorf("a broken link: exit %d %s", code, errs)
	}
	if code, _, errs := runCommand(t, "diff", "", a); code != 2 || !strings.Contains(errs, "give two model files") {
		t.Errorf("one file: exit %d %s", code, errs)
	}
	if code, _, errs := runCommand(t, "diff", "", "pattern:nope", a); code != 1 || !strings.Contains(errs, "no such pattern") {
		t.Errorf("unknown pattern: exit %d %s", code, errs)
	}
}
