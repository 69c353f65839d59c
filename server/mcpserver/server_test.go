package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// connect starts the server in-process and connects the SDK's client.
func connect(t *testing.T, cfg mcpserver.Config) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := mcpserver.New(cfg).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and decodes its JSON answer; failed reports a tool
// error, whose text is in msg.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (out map[string]any, failed bool, msg string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	var text string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text += tc.Text
		}
	}
	if res.IsError {
		return nil, true, text
	}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatalf("%s: answer is not a JSON object: %v\n%.300s", name, err, text)
	}
	return out, false, text
}

// patternModel is a pattern's model as a JSON object, after edit.
func patternModel(t *testing.T, name string, edit func(*model.Model)) map[string]any {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal(servertest.PatternDocument(t, name, edit), &obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

func TestToolsAreListedWithSchemas(t *testing.T) {
	cs := connect(t, mcpserver.Config{})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		schema, _ := json.Marshal(tool.InputSchema)
		if tool.Description == "" || !strings.Contains(string(schema), `"type":"object"`) {
			t.Errorf("%s: description %q, input schema %s", tool.Name, tool.Description, schema)
		}
	}
	for _, want := range []string{mcpserver.ToolListPatterns, mcpserver.ToolGetPattern, mcpserver.ToolValidate, mcpserver.ToolRun,
		mcpserver.ToolAnalyze, mcpserver.ToolSimulate, mcpserver.ToolCompare, mcpserver.ToolExport, mcpserver.ToolShare} {
		if !slices.Contains(names, want) {
			t.Errorf("tool %s missing from %v", want, names)
		}
	}
	// The compare tool's schema names its members.
	for _, tool := range res.Tools {
		if tool.Name == mcpserver.ToolCompare {
			schema, _ := json.Marshal(tool.InputSchema)
			for _, m := range []string{`"from"`, `"to"`, `"sizeGB"`} {
				if !strings.Contains(string(schema), m) {
					t.Errorf("compare_models schema lacks %s: %s", m, schema)
				}
			}
		}
	}
}

func TestPatternsAndValidation(t *testing.T) {
	cs := connect(t, mcpserver.Config{})
	out, failed, msg := call(t, cs, mcpserver.ToolListPatterns, map[string]any{})
	if failed {
		t.Fatal(msg)
	}
	if !strings.Contains(msg, `"name":"write-sharding"`) {
		t.Errorf("list_patterns: %.300s", msg)
	}
	out, failed, msg = call(t, cs, mcpserver.ToolGetPattern, map[string]any{"name": "write-sharding"})
	if failed {
		t.Fatal(msg)
	}
	m := out["model"].(map[string]any)
	out, failed, _ = call(t, cs, mcpserver.ToolValidate, map[string]any{"model": m})
	if failed || out["valid"] != true {
		t.Errorf("validate the pattern: %v", out)
	}
	// A bad model: a key attribute without a definition, answered with
	// DynamoDB's CreateTable message at its path.
	bad := patternModel(t, "write-sharding", func(m *model.Model) {
		m.Tables[0].AttributeDefinitions = nil
	})
	out, failed, msg = call(t, cs, mcpserver.ToolValidate, map[string]any{"model": bad})
	if failed || out["valid"] != false {
		t.Fatalf("validate a bad model: %v %s", out, msg)
	}
	errs, _ := json.Marshal(out["errors"])
	if !strings.Contains(string(errs), `"path":"tables[0]"`) || !strings.Contains(string(errs), "Invalid KeySchema: Some index key attribute have no definition") {
		t.Errorf("errors = %s", errs)
	}
	// Not a model at all.
	out, failed, _ = call(t, cs, mcpserver.ToolValidate, map[string]any{"model": map[string]any{"version": 1, "tables": "no"}})
	if failed || out["valid"] != false {
		t.Errorf("validate garbage: %v", out)
	}
	// Bad arguments are tool errors, not crashes.
	if _, failed, msg = call(t, cs, mcpserver.ToolGetPattern, map[string]any{"name": "nope"}); !failed || !strings.Contains(msg, `no pattern "nope"`) {
		t.Errorf("unknown pattern: %v %s", failed, msg)
	}
	if _, failed, msg = call(t, cs, mcpserver.ToolValidate, map[string]any{"model": "text"}); !failed {
		t.Errorf("a string model: %s", msg)
	}
}

func TestRunAccessPatterns(t *testing.T) {
	cs := connect(t, mcpserver.Config{})
	// A failing access pattern: a Query whose key condition names an
	// attribute that is not the table's key.
	m := patternModel(t, "write-sharding", func(m *model.Model) {
		ap := m.AccessPattern("Orders of a day")
		ap.Request = json.RawMessage(strings.Replace(string(ap.Request), "PK", "#nokey", 1))
		var req map[string]any
		_ = json.Unmarshal(ap.Request, &req)
		names, _ := req["ExpressionAttributeNames"].(map[string]any)
		if names == nil {
			names = map[string]any{}
		}
		names["#nokey"] = "Nokey"
		req["ExpressionAttributeNames"] = names
		ap.Request, _ = json.Marshal(req)
	})
	out, failed, msg := call(t, cs, mcpserver.ToolRun, map[string]any{"model": m})
	if failed {
		t.Fatal(msg)
	}
	loaded, _ := out["loaded"].(map[string]any)
	if loaded["Votes"] == nil || loaded["Orders"] == nil {
		t.Errorf("loaded = %v", out["loaded"])
	}
	runs, _ := out["patterns"].([]any)
	if len(runs) != 7 {
		t.Fatalf("runs = %d: %s", len(runs), msg)
	}
	var sawFailure, sawRead bool
	for _, r := range runs {
		pr := r.(map[string]any)
		switch pr["name"] {
		case "Orders of a day":
			e, _ := pr["error"].(string)
			sawFailure = strings.Contains(e, "ValidationException") && strings.Contains(e, "Query condition missed key schema element")
			if !sawFailure {
				t.Errorf("the failing pattern: %v", pr)
			}
		case "Get an order":
			cc, _ := pr["consumedCapacity"].([]any)
			sawRead = pr["error"] == nil && pr["count"].(float64) == 1 && len(cc) == 1 && pr["capacityUnits"].(float64) == 0.5
			if !sawRead {
				t.Errorf("Get an order: %v", pr)
			}
		default:
			if pr["error"] != nil {
				t.Errorf("%s: %v", pr["name"], pr["error"])
			}
		}
	}
	if !sawFailure || !sawRead {
		t.Errorf("runs: %s", msg)
	}
	// Unknown names are the caller's error.
	if _, failed, msg = call(t, cs, mcpserver.ToolRun, map[string]any{"model": m, "accessPatterns": []string{"nope"}}); !failed || !strings.Contains(msg, `no access pattern "nope"`) {
		t.Errorf("unknown pattern: %s", msg)
	}
}

func TestCompareExportShare(t *testing.T) {
	cs := connect(t, mcpserver.Config{BaseURL: "http://workbench.test"})
	from := patternModel(t, "write-sharding", nil)
	to := patternModel(t, "write-sharding", func(m *model.Model) {
		m.Table("Orders").KeySchema[1].AttributeName = "PK"
	})
	// The edit is invalid (a key twice): refused with the reason.
	if _, failed, msg := call(t, cs, mcpserver.ToolCompare, map[string]any{"from": from, "to": to}); !failed || !strings.Contains(msg, "to: ") {
		t.Errorf("invalid to: %s", msg)
	}
	if _, failed, msg := call(t, cs, mcpserver.ToolCompare, map[string]any{"from": from}); !failed {
		t.Errorf("no to: %s", msg)
	}
	to = patternModel(t, "write-sharding", func(m *model.Model) {
		m.Table("Votes").BillingMode = "PROVISIONED"
		rcu, wcu := int64(10), int64(20)
		m.Table("Votes").ProvisionedThroughput = &schemaPT{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu}
	})
	out, failed, msg := call(t, cs, mcpserver.ToolCompare, map[string]any{"from": from, "to": to, "sizeGB": 3})
	if failed {
		t.Fatal(msg)
	}
	steps, _ := out["steps"].([]any)
	if len(steps) != 1 || steps[0].(map[string]any)["kind"] != "billing-mode" || steps[0].(map[string]any)["online"] != true {
		t.Errorf("steps = %v", out["steps"])
	}

	out, failed, msg = call(t, cs, mcpserver.ToolExport, map[string]any{"model": from, "format": "cloudformation-json"})
	if failed || !strings.Contains(msg, "AWS::DynamoDB::Table") {
		t.Errorf("export: %v %.200s", failed, msg)
	}
	// YAML (rendered server-side) in the production profile.
	_, failed, msg = call(t, cs, mcpserver.ToolExport, map[string]any{"model": from, "format": "cloudformation-yaml", "profile": "production"})
	if failed || !strings.Contains(msg, "PointInTimeRecoveryEnabled: true") || !strings.Contains(msg, "ReadThrottleEvents") {
		t.Errorf("production yaml export: %v %.300s", failed, msg)
	}
	if _, failed, msg = call(t, cs, mcpserver.ToolExport, map[string]any{"model": from, "format": "nope"}); !failed {
		t.Errorf("unknown format: %s", msg)
	}

	out, failed, msg = call(t, cs, mcpserver.ToolShare, map[string]any{"model": from})
	if failed {
		t.Fatal(msg)
	}
	url, _ := out["url"].(string)
	frag, ok := strings.CutPrefix(url, "http://workbench.test/#m=")
	if !ok {
		t.Fatalf("url = %q", url)
	}
	back, err := sharelink.Decode(frag)
	if err != nil || back.Name != from["name"] || len(back.Tables) != 2 {
		t.Errorf("the link's design: %v, %v", err, back)
	}
}

func TestAnalyzeAndSimulate(t *testing.T) {
	cs := connect(t, mcpserver.Config{})
	m := patternModel(t, "write-sharding", nil)
	out, failed, msg := call(t, cs, mcpserver.ToolAnalyze, map[string]any{"model": m, "items": 200})
	if failed || out["accessPatterns"] == nil {
		t.Fatalf("analyze: %v %.300s", failed, msg)
	}
	out, failed, msg = call(t, cs, mcpserver.ToolSimulate, map[string]any{"model": m, "seconds": 60, "items": 200})
	if failed {
		t.Fatal(msg)
	}
	ks, _ := out["keySpaces"].([]any)
	if out["seconds"] != 60.0 || len(ks) == 0 {
		t.Fatalf("simulate: %.300s", msg)
	}
	totals := ks[0].(map[string]any)["totals"].(map[string]any)
	if totals["requests"].(float64) <= 0 {
		t.Errorf("no requests simulated: %v", totals)
	}
	if _, failed, msg = call(t, cs, mcpserver.ToolSimulate, map[string]any{"model": m, "seconds": 100000}); !failed || !strings.Contains(msg, "seconds 100000") {
		t.Errorf("a simulation over a day: %s", msg)
	}
}

type schemaPT = schema.ProvisionedThroughput
