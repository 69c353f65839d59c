package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// getPatterns sends a request to patternsAPI.
func getPatterns(t *testing.T, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	patternsAPI().ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestPatternsAPIList(t *testing.T) {
	rec := getPatterns(t, "GET", "/api/patterns")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var body struct {
		Patterns []patternSummary `json:"patterns"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	catalog := patterns.Catalog()
	if len(body.Patterns) != len(catalog) || len(catalog) < 10 {
		t.Fatalf("%d patterns listed, catalogue has %d", len(body.Patterns), len(catalog))
	}
	for i, s := range body.Patterns {
		p := catalog[i]
		if s.Name != p.Name || s.Href != "/api/patterns/"+p.Name || s.Summary == "" || len(s.Tables) == 0 ||
			len(s.AccessPatterns) == 0 || s.MinSize != patterns.MinSize || s.MaxSize != patterns.MaxSize {
			t.Errorf("entry %d: %+v", i, s)
		}
	}
}

// TestPatternsAPIModel: the default answer is a valid model document whose
// dataset holds the pattern's default number of items and loads into the
// engine.
func TestPatternsAPIModel(t *testing.T) {
	for _, p := range patterns.Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			rec := getPatterns(t, "GET", "/api/patterns/"+p.Name)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
				t.Fatalf("status %d, content type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
			}
			m, err := model.Parse(rec.Body.Bytes())
			if err != nil {
				t.Fatalf("the document does not parse: %v", err)
			}
			g := m.Dataset.Generator
			if g == nil || g.Pattern != p.Name || g.Seed != patterns.DefaultSeed || g.Size != p.DefaultSize {
				t.Errorf("generator spec = %+v", g)
			}
			db, _ := m.NewDatabase()
			st, err := m.Load(db, nil)
			if err != nil || st.Items != p.DefaultSize {
				t.Fatalf("loading the served dataset: %+v, %v", st, err)
			}
		})
	}
}

// TestPatternsAPIDeterministic: the same URL gives the same bytes, and the
// bytes of the pattern's own writer.
func TestPatternsAPIDeterministic(t *testing.T) {
	url := "/api/patterns/time-series?items=50&seed=3"
	a, b := getPatterns(t, "GET", url), getPatterns(t, "GET", url)
	if a.Code != 200 || !bytes.Equal(a.Body.Bytes(), b.Body.Bytes()) {
		t.Fatalf("two answers differ (status %d)", a.Code)
	}
	p, _ := patterns.Get("time-series")
	var want bytes.Buffer
	if err := p.WriteDocument(&want, model.GeneratorSpec{Seed: 3, Size: 50}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Body.Bytes(), want.Bytes()) {
		t.Error("the answer differs from Pattern.WriteDocument")
	}
	m, err := model.Parse(a.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, items := range m.Dataset.Items {
		n += len(items)
	}
	if n != 50 {
		t.Errorf("%d items, want 50", n)
	}
}

// TestPatternsAPINDJSON: every line is a PutItem request the engine
// accepts, in load order.
func TestPatternsAPINDJSON(t *testing.T) {
	rec := getPatterns(t, "GET", "/api/patterns/bulk-upload-hot-cold?items=200&format=ndjson&order=sequential")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("status %d, content type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, "bulk-upload-hot-cold-seed1-200.ndjson") {
		t.Errorf("Content-Disposition %q", cd)
	}
	p, _ := patterns.Get("bulk-upload-hot-cold")
	m := p.Model()
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(rec.Body)
	lines := 0
	var first []string
	for sc.Scan() {
		var in engine.PutItemInput
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			t.Fatalf("line %d: %v", lines, err)
		}
		if _, err := db.PutItem(&in); err != nil {
			t.Fatalf("line %d: PutItem: %v", lines, err)
		}
		if lines < 3 {
			first = append(first, string(in.Item["UserID"].(attr.String))+"/"+in.Item["MessageID"].(attr.Number).String())
		}
		lines++
	}
	if lines != 200 {
		t.Errorf("%d lines, want 200", lines)
	}
	if got := strings.Join(first, " "); got != "U1/1 U1/2 U1/3" {
		t.Errorf("first lines of the sequential upload: %s", got)
	}
}

func TestPatternsAPILargeIsNDJSON(t *testing.T) {
	rec := getPatterns(t, "GET", "/api/patterns/write-sharding?items=20000")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if n := bytes.Count(rec.Body.Bytes(), []byte{'\n'}); n != 20000 {
		t.Errorf("%d lines, want 20000", n)
	}
	rec = getPatterns(t, "GET", "/api/patterns/write-sharding?items=20000&format=json")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("format=json: status %d, content type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if _, err := model.Parse(rec.Body.Bytes()); err != nil {
		t.Errorf("format=json with 20,000 items: %v", err)
	}
}

func TestPatternsAPIHead(t *testing.T) {
	rec := getPatterns(t, "HEAD", "/api/patterns/time-series?items=1000000")
	if rec.Code != 200 || rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "application/x-ndjson" {
		t.Errorf("HEAD: status %d, %d body bytes, content type %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Type"))
	}
}

func TestPatternsAPIErrors(t *testing.T) {
	tests := []struct {
		method, target string
		status         int
		want           string
	}{
		{"GET", "/api/patterns/nope", 404, `no pattern \"nope\"`},
		{"GET", "/api/patterns/time-series?items=5", 400, "items=5: the dataset size is an integer from 10 to 1000000"},
		{"GET", "/api/patterns/time-series?items=1000001", 400, "items=1000001"},
		{"GET", "/api/patterns/time-series?items=ten", 400, "items=ten"},
		{"GET", "/api/patterns/time-series?seed=x", 400, "seed=x: the seed is a 64-bit integer"},
		{"GET", "/api/patterns/time-series?format=xml", 400, "format=xml: the format is json or ndjson"},
		{"GET", "/api/patterns/time-series?size=10", 400, `unknown query parameter \"size\"`},
		{"GET", "/api/patterns/time-series?items=10&items=20", 400, "query parameter items is given 2 times"},
		{"GET", "/api/patterns/bulk-upload-hot-cold?order=random", 400, `option order: \"random\" is not one of`},
		{"POST", "/api/patterns", 405, ""},
		{"DELETE", "/api/patterns/time-series", 405, ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			rec := getPatterns(t, tt.method, tt.target)
			if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
				t.Fatalf("status %d, body %q; want %d with %q", rec.Code, rec.Body.String(), tt.status, tt.want)
			}
			if tt.status == 405 && !strings.Contains(rec.Header().Get("Allow"), "GET") {
				t.Errorf("Allow = %q", rec.Header().Get("Allow"))
			}
		})
	}
}
