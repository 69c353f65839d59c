package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// Tests of the commands against a running workbench, and of the diff and
// import commands on files.

// TestApplyAgainstWorkbenchProcess applies pattern models to a second
// workbench process, through the SDK, with the command line and with the
// process's own /api/apply: every access pattern must match.
func TestApplyAgainstWorkbenchProcess(t *testing.T) {
	bin := servertest.Build(t)
	// TTLs far in the future of the dataset's dates would be deleted by
	// today's clock; a long deletion delay keeps them, as DynamoDB does
	// for up to a few days.
	remote := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir(), "-ttl-delay", "100000h")
	dir := t.TempDir()
	for _, name := range []string{"composite-sort-key", "sparse-index", "multi-tenancy", "time-series"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, name+".json")
			if err := os.WriteFile(file, servertest.SmallModel(t, name, 50), 0o600); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := runApplyCommand(context.Background(), []string{"-endpoint", remote.URL, "-json", file}, nil, &stdout, &stderr)
			if code != 0 {
				t.Fatalf("workbench apply: exit %d\n%s%s", code, stdout.String(), stderr.String())
			}
			var rep apply.Report
			if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
				t.Fatalf("report: %v\n%s", err, stdout.String())
			}
			if !rep.Match || rep.ItemsLoaded != 50 {
				t.Errorf("report: match %v, %d items", rep.Match, rep.ItemsLoaded)
			}
			ran := 0
			for _, p := range rep.Patterns {
				if p.Skipped == "" {
					ran++
				}
				if !p.Match || p.Note != "" {
					t.Errorf("%s: match %v, note %q, diff %q", p.Name, p.Match, p.Note, p.Diff)
				}
			}
			if ran == 0 {
				t.Error("no access pattern ran")
			}
		})
	}

	// The process applies a model to itself through its own API.
	resp, err := http.Post(remote.URL+"/api/apply?replace=true&endpoint="+url.QueryEscape(remote.URL),
		"application/json", bytes.NewReader(servertest.SmallModel(t, "sparse-index", 40)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var rep apply.Report
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &rep) != nil || !rep.Match || !rep.Tables[0].Replaced {
		t.Errorf("POST /api/apply: %d %s\n%s", resp.StatusCode, body, remote.Log())
	}
}

// TestImportFromWorkbenchProcess loads pattern models with items of
// several entities into a second workbench process, then imports the
// tables back through POST /api/import?format=endpoint and the command
// line: the tables' keys and indexes, every entity of the pattern (found
// by its key templates' prefixes) and the sample as the dataset.
func TestImportFromWorkbenchProcess(t *testing.T) {
	bin := servertest.Build(t)
	remote := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir(), "-ttl-delay", "100000h")
	dir := t.TempDir()
	names := []string{"composite-sort-key", "multi-tenancy", "vertical-partitioning"}
	var want []*model.Model
	for _, name := range names {
		file := filepath.Join(dir, name+".json")
		if err := os.WriteFile(file, servertest.SmallModel(t, name, 120), 0o600); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := runApplyCommand(context.Background(), []string{"-endpoint", remote.URL, "-skip-writes", file}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("workbench apply %s: exit %d\n%s%s", name, code, stdout.String(), stderr.String())
		}
		p, _ := patterns.Get(name)
		want = append(want, p.Model())
	}

	h := proxyTo(t, remote.URL)
	body, _ := json.Marshal(map[string]any{"endpoint": remote.URL, "sample": 1000})
	req := httptest.NewRequest("POST", "/api/import?format=endpoint", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	got, warnings := servertest.DecodeImport(t, rec)
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

func TestDiffCommand(t *testing.T) {
	a := writeTemp(t, "a.json", servertest.PatternDocument(t, "write-sharding", func(*model.Model) {}))
	// B changes the sort key of Orders: a new table and a copy.
	b := writeTemp(t, "b.json", servertest.PatternDocument(t, "write-sharding", func(m *model.Model) {
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
	m, err := model.Parse(servertest.PatternDocument(t, "write-sharding", servertest.AddOrderIndex))
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

// keyPrefix is a template's text before its first parameter.
func keyPrefix(tpl string) string {
	prefix, _, _ := strings.Cut(tpl, "{")
	return prefix
}

// proxyTo is a handler that passes requests on to the server at base, as
// its own host: the process under test answers its own API.
func proxyTo(t *testing.T, base string) http.Handler {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	return &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) { r.SetURL(u) }}
}
