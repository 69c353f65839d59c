package api

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/server/importers"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

func exportServer(t *testing.T) http.Handler {
	t.Helper()
	return newTestServer(t, Config{})
}

func post(h http.Handler, target string, body []byte) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("POST", target, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, r)
	return rec
}

func warningsHeader(t *testing.T, rec *httptest.ResponseRecorder) []string {
	t.Helper()
	var ws []string
	h := rec.Header().Get("X-Workbench-Warnings")
	if err := json.Unmarshal([]byte(h), &ws); err != nil {
		t.Fatalf("X-Workbench-Warnings %q: %v", h, err)
	}
	for _, c := range h {
		if c > 0x7e {
			t.Errorf("X-Workbench-Warnings is not ASCII: %q", h)
			break
		}
	}
	return ws
}

func TestExportAPISingleFiles(t *testing.T) {
	h := exportServer(t)
	doc := servertest.PatternDocument(t, "ttl-archive", nil)

	rec := post(h, "/api/export?format=cloudformation-json", doc)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("cloudformation-json: %d %s %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	var tpl map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &tpl); err != nil || tpl["Resources"] == nil {
		t.Errorf("not a template: %v", err)
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, `attachment; filename="`) || !strings.Contains(cd, ".template.json") {
		t.Errorf("Content-Disposition %q", cd)
	}
	if ws := warningsHeader(t, rec); len(ws) != 0 {
		t.Errorf("warnings %q", ws)
	}

	rec = post(h, "/api/export?format=cloudformation-yaml", doc)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/yaml") ||
		!strings.HasPrefix(rec.Body.String(), "AWSTemplateFormatVersion: \"2010-09-09\"\n") {
		t.Errorf("cloudformation-yaml: %d %s\n%.200s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}

	// A pattern's generated dataset is sampled through the catalogue.
	rec = post(h, "/api/export?format=nosql-workbench&items=3", doc)
	if rec.Code != 200 {
		t.Fatalf("nosql-workbench: %d %s", rec.Code, rec.Body)
	}
	var nw struct {
		DataModel []struct {
			TableName   string
			TableFacets []struct{ TableData []any }
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &nw); err != nil || len(nw.DataModel) != 2 {
		t.Fatalf("not a NoSQL Workbench model: %v", err)
	}
	if n := len(nw.DataModel[0].TableFacets[0].TableData); n != 3 {
		t.Errorf("%d sample items, want 3", n)
	}
	if ws := warningsHeader(t, rec); !containsText(ws, "time to live") {
		t.Errorf("warnings %q", ws)
	}
	rec = post(h, "/api/export?format=nosql-workbench&items=0", doc)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), `"S": "USER#`) {
		t.Errorf("items=0 still has sample data: %d", rec.Code)
	}
}

func containsText(ws []string, s string) bool {
	for _, w := range ws {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

func TestExportAPIProject(t *testing.T) {
	h := exportServer(t)
	doc := servertest.PatternDocument(t, "sparse-index", nil)
	rec := post(h, "/api/export?format=cdk-ts", doc)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("cdk-ts: %d %s", rec.Code, rec.Body)
	}
	var res formats.Result
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{}
	for _, f := range res.Files {
		paths[f.Path] = f.Content
	}
	stack := paths["lib/sparse-gsi-escalated-device-status-reports-stack.ts"]
	if paths["package.json"] == "" || paths["cdk.json"] == "" || !strings.Contains(stack, "new dynamodb.Table(this, 'DeviceStatus'") {
		t.Errorf("files %v", len(res.Files))
	}
	if res.Warnings == nil || res.Format != "cdk-ts" {
		t.Errorf("format %q warnings %v", res.Format, res.Warnings)
	}
	// '<', '>' and '&' are not escaped in the JSON answer.
	if strings.Contains(rec.Body.String(), `\u003c`) {
		t.Error("HTML-escaped JSON")
	}

	rec = post(h, "/api/export?format=cdk-ts&as=zip", doc)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/zip" {
		t.Fatalf("zip: %d %s", rec.Code, rec.Body)
	}
	zr, err := zip.NewReader(bytes.NewReader(rec.Body.Bytes()), int64(rec.Body.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(res.Files) {
		t.Errorf("%d files in the zip, %d in the JSON", len(zr.File), len(res.Files))
	}
	if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, "sparse-gsi-escalated-device-status-reports-cdk-ts.zip") {
		t.Errorf("Content-Disposition %q", cd)
	}

	// A single-file format as JSON.
	rec = post(h, "/api/export?format=cloudformation-yaml&as=json", doc)
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || len(res.Files) != 1 || res.ContentType != "application/yaml" {
		t.Errorf("as=json: %d %v %+v", rec.Code, err, res)
	}
}

func TestExportAPIErrors(t *testing.T) {
	h := exportServer(t)
	doc := servertest.PatternDocument(t, "multi-tenancy", nil)
	for _, c := range []struct {
		target string
		body   []byte
		code   int
		want   string
	}{
		{"/api/export", doc, 400, "give ?format="},
		{"/api/export?format=pdf", doc, 400, "unknown export format"},
		{"/api/export?format=cdk-ts&as=file", doc, 400, "ask for as=json or as=zip"},
		{"/api/export?format=cloudformation-json&as=pdf", doc, 400, "one of file, json, zip"},
		{"/api/export?format=nosql-workbench&items=-2", doc, 400, "items="},
		{"/api/export?format=nosql-workbench&items=lots", doc, 400, "items="},
		{"/api/export?format=cloudformation-json", nil, 400, "the body is empty"},
		{"/api/export?format=cloudformation-json", []byte("{not json"), 400, "model: "},
		{"/api/export?format=cloudformation-json", []byte(`{"version":1,"name":"x","tables":[],"settings":{}}`), 400, "a model needs at least one table"},
		{"/api/export?format=cloudformation-json", bytes.Repeat([]byte(" "), maxExportBody+1), 413, "request body over"},
		{"/api/import?format=cloudformation-json", []byte("{}"), 400, `no "Resources"`},
		{"/api/import?format=pdf", []byte("{}"), 400, "unknown import format"},
		{"/api/import", []byte(`{"DataModel": 3}`), 400, "DataModel"},
		{"/api/import", []byte("garbage"), 400, "not a NoSQL Workbench model"},
	} {
		rec := post(h, c.target, c.body)
		var out map[string]string
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Errorf("%s: the error is not JSON: %s", c.target, rec.Body)
			continue
		}
		if rec.Code != c.code || !strings.Contains(out["error"], c.want) {
			t.Errorf("%s: %d %q, want %d with %q", c.target, rec.Code, out["error"], c.code, c.want)
		}
	}
	// The handler alone refuses other methods.
	rec := httptest.NewRecorder()
	exportAPI().ServeHTTP(rec, httptest.NewRequest("GET", "/api/export?format=cdk-ts", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET: %d", rec.Code)
	}
}

func TestImportAPI(t *testing.T) {
	h := exportServer(t)
	data, err := os.ReadFile(filepath.Join("..", "..", "model", "formats", "testdata", "nosql-workbench", "facets-provisioned.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec := post(h, "/api/import?format=nosql-workbench", data)
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var ans struct {
		Model    json.RawMessage
		Warnings []string
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(ans.Model)
	if err != nil {
		t.Fatalf("the imported model does not parse: %v", err)
	}
	if m.Name != "Card offers" || len(m.Entities) != 4 || m.Tables[0].AutoScaling == nil {
		t.Errorf("model %q with %d entities, auto scaling %+v, warnings %q", m.Name, len(m.Entities), m.Tables[0].AutoScaling, ans.Warnings)
	}

	// Export to NoSQL Workbench and import again through the API.
	rec = post(h, "/api/export?format=nosql-workbench", ans.Model)
	if rec.Code != 200 {
		t.Fatalf("export: %d %s", rec.Code, rec.Body)
	}
	rec = post(h, "/api/import", rec.Body.Bytes())
	var again struct{ Model json.RawMessage }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &again) != nil {
		t.Fatalf("import of the export: %d %s", rec.Code, rec.Body)
	}
	m2, err := model.Parse(again.Model)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := model.Marshal(m)
	b, _ := model.Marshal(m2)
	if !bytes.Equal(a, b) {
		t.Error("import -> export -> import changed the model")
	}
}

func TestASCIIJSON(t *testing.T) {
	got := asciiJSON([]string{"Zoë ☃ 😀 \"q\""})
	if got != `["Zo\u00eb \u2603 \ud83d\ude00 \"q\""]` {
		t.Errorf("asciiJSON = %s", got)
	}
	var back []string
	if err := json.Unmarshal([]byte(got), &back); err != nil || back[0] != "Zoë ☃ 😀 \"q\"" {
		t.Errorf("does not decode back: %v %q", err, back)
	}
}

// TestServerFormatsMatchAppcode: the formats the page asks the server for
// are the application-code formats appcode registers, by name and title.
func TestServerFormatsMatchAppcode(t *testing.T) {
	registered := map[string]formats.FormatInfo{}
	for _, f := range formats.Formats() {
		registered[f.Name] = f
	}
	for _, f := range app.ServerFormats() {
		if r, ok := registered[f.Name]; !ok || r.Title != f.Title {
			t.Errorf("the page offers %+v from the server; the server registers %+v", f, r)
		}
		delete(registered, f.Name)
	}
	for _, name := range []string{"electrodb", "dynamodb-toolbox", "typescript", "python", "go", "java", "csharp", "rust"} {
		if _, left := registered[name]; left {
			t.Errorf("the server registers %s, which the page does not offer", name)
		}
	}
}

// TestExportAPIApplicationCode: the application-code formats over HTTP,
// each one file with its name.
func TestExportAPIApplicationCode(t *testing.T) {
	h := exportServer(t)
	doc := servertest.PatternDocument(t, "write-sharding", nil)
	for format, want := range map[string][2]string{
		"electrodb":        {"entities.ts", `template: "CANDIDATE#${candidate}#${shard}", casing: "none"`},
		"dynamodb-toolbox": {"toolbox.ts", `PK: ` + "`CANDIDATE#${x.candidate}#${x.shard}`"},
		"typescript":       {"access.ts", "export async function ordersOfADay(client: DynamoDBDocumentClient, date: string): Promise<Order[]>"},
		"python":           {"access.py", "def orders_of_a_day(client: DynamoDBClient, date: str) -> List[Order]:"},
		"go":               {"access.go", "func OrdersOfADay(ctx context.Context, client Client, date string) ([]Order, error)"},
		"csharp":           {"Access.cs", "public static async Task<List<Dictionary<string, AttributeValue>>> OrdersOfADay(IAmazonDynamoDB client, string date)"},
		"rust":             {"access.rs", "pub async fn orders_of_a_day(client: &Client, date: &str) -> Result<Vec<Item>, Error>"},
		"java":             {"Access.java", "public static List<Map<String, AttributeValue>> ordersOfADay(DynamoDbClient client, String date)"},
	} {
		rec := post(h, "/api/export?format="+format, doc)
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
			t.Fatalf("%s: %d %s %s", format, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
		if cd := rec.Header().Get("Content-Disposition"); !strings.Contains(cd, `filename="`+want[0]+`"`) {
			t.Errorf("%s: Content-Disposition %q", format, cd)
		}
		if !strings.Contains(rec.Body.String(), want[1]) {
			t.Errorf("%s: the file lacks %q", format, want[1])
		}
		if ws := warningsHeader(t, rec); len(ws) != 0 {
			t.Errorf("%s: warnings %q", format, ws)
		}
	}
	// A model that does not validate is refused, as for every format.
	rec := post(h, "/api/export?format=python", []byte(`{"version": 1, "name": "x", "tables": [{"TableName": "T"}], "settings": {}}`))
	if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Errorf("an invalid model: %d %s", rec.Code, rec.Body)
	}
}

// TestExportAPIProductionAndYAML: profile=production reaches the
// CloudFormation (JSON and YAML, the YAML rendered by the server) and CDK
// exports; other formats and unknown profiles are refused with 400.
func TestExportAPIProductionAndYAML(t *testing.T) {
	h := exportServer(t)
	doc := servertest.PatternDocument(t, "bulk-upload-hot-cold", nil)
	rec := post(h, "/api/export?format=cloudformation-yaml&profile=production", doc)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/yaml") {
		t.Fatalf("yaml production: %d %s", rec.Code, rec.Body)
	}
	y := rec.Body.String()
	for _, want := range []string{"Type: AWS::ApplicationAutoScaling::ScalableTarget", "PointInTimeRecoveryEnabled: true", "DeletionProtectionEnabled: true",
		"HasKmsKey:", "MetricName: WriteThrottleEvents", "DeletionPolicy: Retain", "UpdateReplacePolicy: Retain", "Fn::Sub: UserMessages-${Stage}"} {
		if !strings.Contains(y, want) {
			t.Errorf("the production YAML lacks %q", want)
		}
	}
	if !strings.Contains(rec.Header().Get("Content-Disposition"), "-production.template.yaml") {
		t.Errorf("file name %q", rec.Header().Get("Content-Disposition"))
	}
	back, _, err := importers.Import(importers.CloudFormation, rec.Body.Bytes())
	if err != nil || back.Table("Clicks_2026_03-prod") == nil || back.Table("Clicks_2026_03-prod").AutoScaling == nil {
		t.Errorf("the production YAML does not import back with its auto scaling: %v", err)
	}
	rec = post(h, "/api/export?format=cloudformation-yaml", doc)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "HasStage") || !strings.Contains(rec.Body.String(), "TableName: UserMessages") {
		t.Errorf("default yaml: %d %.300s", rec.Code, rec.Body)
	}
	rec = post(h, "/api/export?format=cdk-ts&profile=production", doc)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "appscaling.CfnScalableTarget") {
		t.Errorf("cdk production: %d %.300s", rec.Code, rec.Body)
	}
	for _, q := range []string{"format=terraform&profile=production", "format=cloudformation-json&profile=staging"} {
		rec = post(h, "/api/export?"+q, doc)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), "profile") {
			t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
		}
	}
}
