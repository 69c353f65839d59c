package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/cli"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// mcpCall calls a tool and returns its text and whether it failed.
func mcpCall(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var text string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text += tc.Text
		}
	}
	return text, res.IsError
}

// modelObject is a model document as a JSON object.
func modelObject(t *testing.T, doc []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// checkMCPSession runs the journey both transports must pass: a bad model,
// a failing access pattern, a comparison and a share link.
func checkMCPSession(t *testing.T, cs *mcp.ClientSession, linkPrefix string) {
	t.Helper()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) < 9 {
		t.Fatalf("tools: %v %v", err, tools)
	}
	bad := modelObject(t, servertest.PatternDocument(t, "write-sharding", func(m *model.Model) { m.Tables[1].KeySchema = nil }))
	text, failed := mcpCall(t, cs, mcpserver.ToolValidate, map[string]any{"model": bad})
	if failed || !strings.Contains(text, `"valid":false`) || !strings.Contains(text, "tables[1]") {
		t.Errorf("validate a bad model: %s", text)
	}
	failing := modelObject(t, servertest.PatternDocument(t, "write-sharding", func(m *model.Model) {
		ap := m.AccessPattern("Get an order")
		ap.Request = json.RawMessage(strings.Replace(string(ap.Request), `"Key":{`, `"Key":{"Extra":{"S":"x"},`, 1))
	}))
	text, failed = mcpCall(t, cs, mcpserver.ToolRun, map[string]any{"model": failing, "accessPatterns": []string{"Get an order", "Read the total"}, "items": 100})
	if failed || !strings.Contains(text, "ValidationException: The provided key element does not match the schema") || !strings.Contains(text, `"consumedCapacity":[{`) {
		t.Errorf("run with a failing pattern: %s", text)
	}
	from := modelObject(t, servertest.PatternDocument(t, "write-sharding", func(*model.Model) {}))
	to := modelObject(t, servertest.PatternDocument(t, "write-sharding", servertest.AddOrderIndex))
	text, failed = mcpCall(t, cs, mcpserver.ToolCompare, map[string]any{"from": from, "to": to, "sizeGB": 10})
	if failed || !strings.Contains(text, `"kind":"add-gsi"`) || !strings.Contains(text, `"brokenAccessPatterns":[]`) {
		t.Errorf("compare: %.400s", text)
	}
	text, failed = mcpCall(t, cs, mcpserver.ToolShare, map[string]any{"model": from})
	if failed || !strings.Contains(text, `"url":"`+linkPrefix+`/#m=2.`) {
		t.Errorf("share link: %s (want %s/#m=...)", text, linkPrefix)
	}
}

func TestMCPOverHTTP(t *testing.T) {
	srv := httptest.NewServer(newTestServer(t, Config{}))
	defer srv.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL + "/mcp", DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	checkMCPSession(t, cs, srv.URL)

	// The guard stands in front of /mcp as of every route.
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for name, c := range map[string]struct {
		header map[string]string
		host   string
		code   int
	}{
		"cross origin": {map[string]string{"Origin": "https://evil.example", "Content-Type": "application/json"}, "", http.StatusForbidden},
		"text/plain":   {map[string]string{"Content-Type": "text/plain"}, "", http.StatusUnsupportedMediaType},
		"rebinding":    {map[string]string{"Content-Type": "application/json"}, "evil.example", http.StatusMisdirectedRequest},
		"same origin":  {map[string]string{"Origin": srv.URL, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}, "", http.StatusOK},
	} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/mcp", strings.NewReader(init))
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		if c.host != "" {
			req.Host = c.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.code {
			t.Errorf("%s: status %d, want %d", name, resp.StatusCode, c.code)
		}
	}
}

// TestMCPStdioHelper is `workbench mcp` when TestMCPOverStdio runs this
// test binary as a child.
func TestMCPStdioHelper(t *testing.T) {
	if os.Getenv("WORKBENCH_MCP_CHILD") != "1" {
		t.Skip("run by TestMCPOverStdio")
	}
	os.Exit(cli.Commands["mcp"]([]string{"-url", "http://workbench.test"}))
}

func TestMCPOverStdio(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestMCPStdioHelper$")
	cmd.Env = append(os.Environ(), "WORKBENCH_MCP_CHILD=1")
	cmd.Stderr = os.Stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).
		Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	checkMCPSession(t, cs, "http://workbench.test")
}
