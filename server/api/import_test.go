package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

func testImportAPI(t *testing.T) http.Handler {
	t.Helper()
	h, err := importAPI("", log.New(io.Discard, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// decodeImport reads an import's answer.
func decodeImport(t *testing.T, rec *httptest.ResponseRecorder) (*model.Model, []string) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var ans struct {
		Model    json.RawMessage `json:"model"`
		Warnings []string        `json:"warnings"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(ans.Model)
	if err != nil {
		t.Fatal(err)
	}
	return m, ans.Warnings
}

// TestImportAPIFormats posts a file of each format to POST /api/import,
// with the format named and without it (the name and the content tell).
func TestImportAPIFormats(t *testing.T) {
	h := testImportAPI(t)
	yaml, err := os.ReadFile("importers/testdata/orders.template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tf, err := os.ReadFile("importers/testdata/game-scores.tf")
	if err != nil {
		t.Fatal(err)
	}
	nw, err := formats.RenderWith(patterns.Catalog()[0].Model(), formats.NoSQLWorkbench, formats.Options{Resolve: patterns.Generator, MaxItems: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target string
		body   []byte
		table  string
	}{
		{"/api/import?format=cloudformation", yaml, "orders-dev"},
		{"/api/import?format=cloudformation-yaml", yaml, "orders-dev"},
		{"/api/import", yaml, "orders-dev"},
		{"/api/import?format=terraform", tf, "staging-games-GameScores"},
		{"/api/import?name=main.tf", tf, "staging-games-GameScores"},
		{"/api/import", []byte(nw.Files[0].Content), patterns.Catalog()[0].Model().Tables[0].TableName},
		{"/api/import?format=nosql-workbench", []byte(nw.Files[0].Content), patterns.Catalog()[0].Model().Tables[0].TableName},
	} {
		m, _ := decodeImport(t, post(h, c.target, c.body))
		if m.Tables[0].TableName != c.table {
			t.Errorf("%s: table %s, want %s", c.target, m.Tables[0].TableName, c.table)
		}
	}
	for _, c := range []struct {
		target string
		body   []byte
		status int
		want   string
	}{
		{"/api/import?format=terraform", []byte("resource {"), 400, "not a Terraform file"},
		{"/api/import?format=cloudformation", []byte("- a"), 400, "not a mapping"},
		{"/api/import", []byte(`{"x": 1}`), 400, "DataModel"},
	} {
		rec := post(h, c.target, c.body)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want %d with %q", c.target, rec.Code, rec.Body.String(), c.status, c.want)
		}
	}
}

// keyPrefix is a template's text before its first parameter.
func keyPrefix(tpl string) string {
	prefix, _, _ := strings.Cut(tpl, "{")
	return prefix
}

// TestImportFromWorkbenchProcess loads pattern models with items of
// several entities into a second workbench process, then imports the
// tables back through POST /api/import?format=endpoint and the command
// line: the tables' keys and indexes, every entity of the pattern (found
// by its key templates' prefixes) and the sample as the dataset.
func TestImportFromWorkbenchProcess(t *testing.T) {
	bin := buildWorkbench(t)
	remote := startWorkbench(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir(), "-ttl-delay", "100000h")
	dir := t.TempDir()
	names := []string{"composite-sort-key", "multi-tenancy", "vertical-partitioning"}
	var want []*model.Model
	for _, name := range names {
		file := filepath.Join(dir, name+".json")
		if err := os.WriteFile(file, smallModel(t, name, 120), 0o600); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := runApplyCommand(context.Background(), []string{"-endpoint", remote.URL, "-skip-writes", file}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("workbench apply %s: exit %d\n%s%s", name, code, stdout.String(), stderr.String())
		}
		p, _ := patterns.Get(name)
		want = append(want, p.Model())
	}

	h := testImportAPI(t)
	body, _ := json.Marshal(map[string]any{"endpoint": remote.URL, "sample": 1000})
	req := httptest.NewRequest("POST", "/api/import?format=endpoint", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	got, warnings := decodeImport(t, rec)
	if len(warnings) != 0 {
		t.Errorf("warnings: %q", warnings)
	}
	for _, e := range got.Entities {
		t.Logf("entity %s %s %v %d attributes", e.Table, e.Name, e.Keys, len(e.Attributes))
	}
	checkLiveImport(t, want, got)

	// The command line reads one table.
	var stdout, stderr bytes.Buffer
	exportStdout, exportStderr = &stdout, &stderr
	defer func() { exportStdout, exportStderr = os.Stdout, os.Stderr }()
	if code := runImportCommand([]string{"-format", "endpoint", "-endpoint", remote.URL, "-tables", "Products", "-sample", "10"}); code != 0 {
		t.Fatalf("workbench import: exit %d: %s", code, stderr.String())
	}
	one, err := model.Parse(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Tables) != 1 || one.Tables[0].TableName != "Products" || len(one.Dataset.Items["Products"]) != 10 {
		t.Errorf("workbench import -tables Products -sample 10: %d tables, %d items", len(one.Tables), len(one.Dataset.Items["Products"]))
	}

	// Not JSON: refused before any request leaves.
	req = httptest.NewRequest("POST", "/api/import?format=endpoint", bytes.NewReader(body))
	req.Header.Set("Content-Type", "text/plain")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d %s", rec.Code, rec.Body.String())
	}

	// An endpoint the server may not contact.
	body, _ = json.Marshal(map[string]any{"endpoint": "https://dynamodb.us-east-1.amazonaws.com"})
	req = httptest.NewRequest("POST", "/api/import?format=endpoint", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("a remote endpoint: %d %s", rec.Code, rec.Body.String())
	}
}

func checkLiveImport(t *testing.T, want []*model.Model, got *model.Model) {
	t.Helper()
	for _, w := range want {
		for _, wt := range w.Tables {
			gt := got.Table(wt.TableName)
			if gt == nil {
				t.Errorf("table %s not imported", wt.TableName)
				continue
			}
			if strings.Join(gt.KeyAttributes(), ",") != strings.Join(wt.KeyAttributes(), ",") || len(gt.GlobalSecondaryIndexes) != len(wt.GlobalSecondaryIndexes) {
				t.Errorf("table %s: keys %v GSIs %d, want %v %d", wt.TableName, gt.KeyAttributes(), len(gt.GlobalSecondaryIndexes), wt.KeyAttributes(), len(wt.GlobalSecondaryIndexes))
			}
			if (gt.TimeToLiveSpecification == nil) != (wt.TimeToLiveSpecification == nil) {
				t.Errorf("table %s: ttl %+v, want %+v", wt.TableName, gt.TimeToLiveSpecification, wt.TimeToLiveSpecification)
			}
			if len(got.Dataset.Items[wt.TableName]) == 0 {
				t.Errorf("table %s: no sample items", wt.TableName)
			}
		}
		for _, we := range w.Entities {
			found := false
			for _, ge := range got.Entities {
				if ge.Table != we.Table {
					continue
				}
				match := true
				for _, k := range w.Table(we.Table).KeySchema {
					match = match && keyPrefix(ge.Keys[k.AttributeName]) == keyPrefix(we.Keys[k.AttributeName])
					// A constant template stays the constant.
					if !strings.Contains(we.Keys[k.AttributeName], "{") {
						match = match && ge.Keys[k.AttributeName] == we.Keys[k.AttributeName]
					}
				}
				if match {
					found = true
					if len(ge.Attributes) == 0 {
						t.Errorf("entity %s (for %s) has no attributes", ge.Name, we.Name)
					}
				}
			}
			if !found {
				var all []string
				for _, ge := range got.Entities {
					b, _ := json.Marshal(ge.Keys)
					all = append(all, ge.Table+" "+ge.Name+" "+string(b))
				}
				t.Errorf("entity %s %v not found among %s", we.Name, we.Keys, strings.Join(all, "; "))
			}
		}
	}
}

// TestImportCommandTerraformDirectory: a Terraform configuration is a
// directory; its variables in one file serve the table in another.
func TestImportCommandTerraformDirectory(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"variables.tf": "variable \"prefix\" {\n  default = \"prod\"\n}\n",
		"main.tf": "resource \"aws_dynamodb_table\" \"t\" {\n  name = \"${var.prefix}-orders\"\n  billing_mode = \"PAY_PER_REQUEST\"\n" +
			"  hash_key = \"id\"\n  attribute {\n    name = \"id\"\n    type = \"S\"\n  }\n}\n",
		"README.md": "not read",
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runCommand(t, "import", "", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m, err := model.Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if m.Tables[0].TableName != "prod-orders" || !strings.Contains(errs, "var prefix takes its default") {
		t.Errorf("table %s, stderr %s", m.Tables[0].TableName, errs)
	}
}
