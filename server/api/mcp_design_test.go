package api

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/modelschema"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// ordersTemplate is a stack as a team has it: a parameter without a
// default, a GSI, TTL and point-in-time recovery.
const ordersTemplate = `AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  Stage:
    Type: String
Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub "orders-${Stage}"
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions:
        - {AttributeName: pk, AttributeType: S}
        - {AttributeName: sk, AttributeType: S}
        - {AttributeName: status, AttributeType: S}
      KeySchema:
        - {AttributeName: pk, KeyType: HASH}
        - {AttributeName: sk, KeyType: RANGE}
      GlobalSecondaryIndexes:
        - IndexName: byStatus
          KeySchema: [{AttributeName: status, KeyType: HASH}]
          Projection: {ProjectionType: ALL}
      TimeToLiveSpecification: {AttributeName: expiresAt, Enabled: true}
      PointInTimeRecoverySpecification: {PointInTimeRecoveryEnabled: true}
`

func mcpHTTPClient(t *testing.T, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url + "/mcp", DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestMCPImportValidateRunExportApply is an agent's day one through the MCP
// SDK's client over HTTP: it imports a CloudFormation template (giving the
// parameter without a default), validates the model, adds an access pattern
// and an item, runs it, exports the design as Terraform, and applies it to
// a DynamoDB endpoint on loopback, where the pattern returns what the
// engine did; an endpoint the policy does not allow is refused.
func TestMCPImportValidateRunExportApply(t *testing.T) {
	srv := httptest.NewServer(newTestServer(t, Config{}))
	defer srv.Close()
	cs := mcpHTTPClient(t, srv.URL)

	text, failed := mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"content": ordersTemplate, "name": "template.yaml"})
	if !failed || !strings.Contains(text, "parameter Stage has no Default") {
		t.Errorf("import without Stage: %s", text)
	}
	text, failed = mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"content": ordersTemplate, "format": "cloudformation", "params": map[string]string{"Stage": "prod"}})
	if failed {
		t.Fatal(text)
	}
	var imported struct {
		Model    json.RawMessage `json:"model"`
		Warnings []string        `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(text), &imported); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(imported.Model)
	if err != nil {
		t.Fatal(err)
	}
	tb := m.Tables[0]
	if tb.TableName != "orders-prod" || len(tb.GlobalSecondaryIndexes) != 1 || !tb.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled || tb.TimeToLiveSpecification.AttributeName != "expiresAt" {
		t.Fatalf("imported %+v", tb)
	}
	if !strings.Contains(strings.Join(imported.Warnings, "\n"), `parameter Stage takes the value given, "prod"`) {
		t.Errorf("warnings %q", imported.Warnings)
	}

	// The agent adds an access pattern and an item.
	m.AccessPatterns = []model.AccessPattern{{Name: "Open orders", Operation: "Query",
		Request: json.RawMessage(`{"TableName":"orders-prod","IndexName":"byStatus","KeyConditionExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":s":{"S":"open"}}}`)}}
	var item attr.Item
	if err := json.Unmarshal([]byte(`{"pk":{"S":"c#1"},"sk":{"S":"o#1"},"status":{"S":"open"},"total":{"N":"12"}}`), &item); err != nil {
		t.Fatal(err)
	}
	m.Dataset = &model.Dataset{Items: map[string][]attr.Item{"orders-prod": {item}}}
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	obj := modelObject(t, doc)

	if text, failed = mcpCall(t, cs, mcpserver.ToolValidate, map[string]any{"model": obj}); failed || !strings.Contains(text, `"valid":true`) {
		t.Errorf("validate: %s", text)
	}
	if text, failed = mcpCall(t, cs, mcpserver.ToolRun, map[string]any{"model": obj}); failed || !strings.Contains(text, `"count":1`) || !strings.Contains(text, `"o#1"`) {
		t.Errorf("run: %.500s", text)
	}
	text, failed = mcpCall(t, cs, mcpserver.ToolExport, map[string]any{"model": obj, "format": "terraform"})
	if failed || !strings.Contains(text, `resource \"aws_dynamodb_table\" \"orders-prod\"`) || !strings.Contains(text, "point_in_time_recovery") {
		t.Errorf("export: %.500s", text)
	}

	endpoint := servertest.WireEndpoint(t)
	text, failed = mcpCall(t, cs, mcpserver.ToolApply, map[string]any{"model": obj, "endpoint": endpoint})
	if failed || !strings.Contains(text, `"match":true`) || !strings.Contains(text, `"name":"orders-prod"`) || !strings.Contains(text, `"itemsLoaded":1`) {
		t.Errorf("apply: %.600s", text)
	}
	if text, failed = mcpCall(t, cs, mcpserver.ToolApply, map[string]any{"model": obj, "endpoint": endpoint}); !failed || !strings.Contains(text, "exist") {
		t.Errorf("apply again without replace: %s", text)
	}
	if text, failed = mcpCall(t, cs, mcpserver.ToolApply, map[string]any{"model": obj, "endpoint": endpoint, "replace": true}); failed || !strings.Contains(text, `"replaced":true`) {
		t.Errorf("apply with replace: %.400s", text)
	}
	if text, failed = mcpCall(t, cs, mcpserver.ToolApply, map[string]any{"model": obj, "endpoint": "https://dynamodb.eu-west-1.amazonaws.com"}); !failed || !strings.Contains(text, "contacts only loopback endpoints") {
		t.Errorf("apply to AWS from a default server: %s", text)
	}
	if text, failed = mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"format": "endpoint", "endpoint": "http://10.0.0.1:8000"}); !failed || !strings.Contains(text, "contacts only loopback endpoints") {
		t.Errorf("endpoint import from another host: %s", text)
	}
	// The live import reads back what apply created.
	text, failed = mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"format": "endpoint", "endpoint": endpoint, "tables": []string{"orders-prod"}})
	if failed || !strings.Contains(text, `"PointInTimeRecoveryEnabled":true`) || !strings.Contains(text, `"byStatus"`) {
		t.Errorf("endpoint import: %.500s", text)
	}
}

// TestMCPImportFormats: import_design reads every file format, the format
// named or told by the name and content.
func TestMCPImportFormats(t *testing.T) {
	srv := httptest.NewServer(newTestServer(t, Config{}))
	defer srv.Close()
	cs := mcpHTTPClient(t, srv.URL)
	for _, c := range []struct{ file, format, table string }{
		{"orders.template.yaml", "", "orders-dev"},
		{"game-scores.tf", "terraform", "staging-games-GameScores"},
		{"terraform-module/main.tf", "", ""},
		{"crm.onetable.json", "onetable", ""},
		{"onetable-shapes/store.schema.ts", "", "OneTable"},
		{"cfn-shapes/sam-simpletable.yaml", "cloudformation", "todos"},
		{"library.schema.json", "", ""},
	} {
		data, err := os.ReadFile("../importers/testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		text, failed := mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"content": string(data), "name": c.file, "format": c.format})
		if failed || !strings.Contains(text, `"tables":[{`) || c.table != "" && !strings.Contains(text, `"TableName":"`+c.table+`"`) {
			t.Errorf("%s: %.300s", c.file, text)
		}
	}
	if text, failed := mcpCall(t, cs, mcpserver.ToolImport, map[string]any{"content": "hello"}); !failed || !strings.Contains(text, "does not tell its format") {
		t.Errorf("an unknown file: %s", text)
	}
}

// TestMCPModelSchema: the model's JSON Schema is one document, the same as
// docs/model.schema.json, at GET /api/schema (behind the guard's host
// check), as the MCP resource, and inside every tool's input schema that
// takes a model; a model sent as a string is refused naming the argument,
// without echoing it.
func TestMCPModelSchema(t *testing.T) {
	srv := httptest.NewServer(newTestServer(t, Config{}))
	defer srv.Close()
	want, err := modelschema.JSON()
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("../../docs/model.schema.json")
	if err != nil || string(file) != string(want) {
		t.Errorf("docs/model.schema.json differs from the served schema (%v)", err)
	}
	resp, err := http.Get(srv.URL + "/api/schema")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/schema+json" || string(body) != string(want) {
		t.Errorf("GET /api/schema: %d %q, %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/schema", nil)
	req.Host = "evil.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("GET /api/schema for another host: %v %v", resp, err)
	}
	if rec := servertest.Serve(newTestServer(t, Config{}), httptest.NewRequest(http.MethodPost, "/api/schema", strings.NewReader("{}"))); rec.Code != http.StatusMethodNotAllowed && rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("POST /api/schema: %d", rec.Code)
	}

	cs := mcpHTTPClient(t, srv.URL)
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: modelschema.URI})
	if err != nil || len(res.Contents) != 1 || res.Contents[0].Text != string(want) || res.Contents[0].MIMEType != "application/schema+json" {
		t.Errorf("the schema resource: %v", err)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	takesModel := map[string]bool{mcpserver.ToolValidate: true, mcpserver.ToolRun: true, mcpserver.ToolAnalyze: true, mcpserver.ToolSimulate: true,
		mcpserver.ToolCompare: true, mcpserver.ToolExport: true, mcpserver.ToolShare: true, mcpserver.ToolApply: true}
	for _, tool := range tools.Tools {
		var s struct {
			Properties map[string]struct {
				Ref string `json:"$ref"`
			} `json:"properties"`
			Defs map[string]struct {
				Properties map[string]any `json:"properties"`
			} `json:"$defs"`
		}
		b, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		if !takesModel[tool.Name] {
			continue
		}
		delete(takesModel, tool.Name)
		for _, p := range []string{"model", "from", "to"} {
			if r, ok := s.Properties[p]; ok && r.Ref != "#/$defs/model" {
				t.Errorf("%s: %s is %q, not the model's schema", tool.Name, p, r.Ref)
			}
		}
		if d := s.Defs["model"]; d.Properties["tables"] == nil || d.Properties["accessPatterns"] == nil {
			t.Errorf("%s: no model schema in $defs: %.300s", tool.Name, b)
		}
	}
	if len(takesModel) > 0 {
		t.Errorf("tools missing: %v", takesModel)
	}

	big := strings.Repeat(`{"version":1,"tables":[]}`, 190) // 4.75 KB
	for name, args := range map[string]map[string]any{
		mcpserver.ToolValidate: {"model": big},
		mcpserver.ToolApply:    {"model": big, "endpoint": "http://127.0.0.1:1"},
		mcpserver.ToolExport:   {"model": big, "format": "terraform"},
		mcpserver.ToolCompare:  {"from": map[string]any{}, "to": big},
	} {
		text, failed := mcpCall(t, cs, name, args)
		if !failed || len(text) > 300 || strings.Contains(text, `{"version"`) || !strings.Contains(text, ": a string where an object (a model document") {
			t.Errorf("%s with the model as a string: %d bytes: %.300s", name, len(text), text)
		}
	}
	if text, failed := mcpCall(t, cs, mcpserver.ToolValidate, map[string]any{"model": map[string]any{}, "colour": strings.Repeat("x", 5000)}); !failed || len(text) > 200 || !strings.Contains(text, `unknown argument "colour"`) {
		t.Errorf("an unknown argument: %.300s", text)
	}
}
