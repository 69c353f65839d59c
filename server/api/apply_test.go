package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// smallModel returns a pattern's model document with a dataset of n items.
func smallModel(t *testing.T, name string, n int) []byte {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	m := p.Model()
	m.Dataset.Generator.Size = n
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// wireEndpoint serves a fresh engine's DynamoDB API on loopback.
func wireEndpoint(t *testing.T, opts ...engine.Option) string {
	t.Helper()
	srv := httptest.NewServer(wire.NewHandler(engine.New(opts...)))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestParseApplyEndpoints(t *testing.T) {
	p, err := parseApplyEndpoints(" https://dynamodb.eu-west-1.amazonaws.com, http://alternator.internal:8000 ,")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		endpoint string
		ok       bool
	}{
		{"http://127.0.0.1:8000", true},
		{"http://localhost:8080", true},
		{"http://[::1]:8000", true},
		{"https://dynamodb.eu-west-1.amazonaws.com", true},
		{"https://DynamoDB.eu-west-1.amazonaws.com:443", true},
		{"http://dynamodb.eu-west-1.amazonaws.com", false}, // another scheme
		{"http://alternator.internal:8000", true},
		{"http://alternator.internal:8001", false},
		{"http://169.254.169.254", false},
		{"http://10.0.0.1:8000", false},
	} {
		u, err := url.Parse(tc.endpoint)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.allows(u); (err == nil) != tc.ok {
			t.Errorf("%s: allowed=%v, want %v (%v)", tc.endpoint, err == nil, tc.ok, err)
		}
	}
	none, _ := parseApplyEndpoints("none")
	if u, _ := url.Parse("http://127.0.0.1:8000"); none.allows(u) == nil {
		t.Error("none allows loopback")
	}
	if _, err := parseApplyEndpoints("ftp://x"); err == nil {
		t.Error("a bad -apply-endpoints: no error")
	}
}

func postApply(t *testing.T, h http.Handler, query string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	return serve(h, shareRequest("POST", "/api/apply?"+query, body))
}

func TestApplyAPI(t *testing.T) {
	ep := wireEndpoint(t)
	h := newTestServer(t, serverOptions{Web: testWeb(t, nil, nil)})
	doc := smallModel(t, "composite-sort-key", 30)
	q := "endpoint=" + url.QueryEscape(ep)

	w := postApply(t, h, q, doc)
	if w.Code != http.StatusOK {
		t.Fatalf("apply: %d %s", w.Code, w.Body)
	}
	var rep apply.Report
	if err := json.Unmarshal(w.Body.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Match || rep.ItemsLoaded != 30 || len(rep.Patterns) == 0 || rep.Endpoint != ep {
		t.Errorf("report: %+v", rep)
	}

	// Again: the table exists.
	w = postApply(t, h, q, doc)
	if w.Code != http.StatusConflict || !strings.Contains(errorOf(t, w), "already") {
		t.Errorf("apply again: %d %s", w.Code, w.Body)
	}
	w = postApply(t, h, q+"&replace=true&skipWrites=1", doc)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"replaced":true`) {
		t.Errorf("apply with replace: %d %s", w.Code, w.Body)
	}

	noJSON := httptest.NewRequest("POST", "/api/apply?"+q, bytes.NewReader(doc))
	noJSON.Header.Set("Content-Type", "text/plain") // what a cross-site form may send
	if w := serve(h, noJSON); w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: %d", w.Code)
	}
	for _, tc := range []struct {
		name, query string
		body        []byte
		status      int
		words       string
	}{
		{"no endpoint", "", doc, 400, "endpoint"},
		{"bad endpoint", "endpoint=file:///etc/passwd", doc, 400, "scheme"},
		{"not loopback", "endpoint=http://169.254.169.254", doc, 403, "-apply-endpoints"},
		{"unknown parameter", q + "&table=x", doc, 400, "unknown parameter"},
		{"bad bool", q + "&replace=maybe", doc, 400, "true or false"},
		{"bad model", q, []byte(`{"version":1}`), 400, "model"},
		{"too many items", q, smallModel(t, "time-series", maxApplyItems+1), 400, "over the"},
		{"too large", q, bytes.Repeat([]byte(" "), maxApplyBody+1), 413, "bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := postApply(t, h, tc.query, tc.body)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if msg := errorOf(t, w); !strings.Contains(msg, tc.words) {
				t.Errorf("error %q lacks %q", msg, tc.words)
			}
		})
	}

	off := newTestServer(t, serverOptions{Web: testWeb(t, nil, nil), ApplyEndpoints: "none"})
	if w := postApply(t, off, q, doc); w.Code != http.StatusForbidden {
		t.Errorf("-apply-endpoints none: %d", w.Code)
	}
	if _, err := newServer(serverOptions{Web: testWeb(t, nil, nil), ApplyEndpoints: "gopher://x"}); err == nil {
		t.Error("newServer with a bad -apply-endpoints: no error")
	}
}

// TestApplyAgainstWorkbenchProcess applies pattern models to a second
// workbench process, through the SDK, with the command line and with the
// process's own /api/apply: every access pattern must match.
func TestApplyAgainstWorkbenchProcess(t *testing.T) {
	bin := buildWorkbench(t)
	// TTLs far in the future of the dataset's dates would be deleted by
	// today's clock; a long deletion delay keeps them, as DynamoDB does
	// for up to a few days.
	remote := startWorkbench(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir(), "-ttl-delay", "100000h")
	dir := t.TempDir()
	for _, name := range []string{"composite-sort-key", "sparse-index", "multi-tenancy", "time-series"} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, name+".json")
			if err := os.WriteFile(file, smallModel(t, name, 50), 0o600); err != nil {
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
		"application/json", bytes.NewReader(smallModel(t, "sparse-index", 40)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	var rep apply.Report
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &rep) != nil || !rep.Match || !rep.Tables[0].Replaced {
		t.Errorf("POST /api/apply: %d %s\n%s", resp.StatusCode, body, remote.log())
	}
}

// TestWasmBuildHasNoSDK: the AWS SDK, bbolt and the server-only packages
// that use them never reach the WebAssembly build, and sharelink (which
// the page compiles) stays on the standard library and the engine.
func TestWasmBuildHasNoSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	list := func(pkgs ...string) []string {
		cmd := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list: %v", err)
		}
		return strings.Fields(string(out))
	}
	for _, dep := range list("./wasm", "./app/...", "./sharelink") {
		for _, banned := range []string{"github.com/aws/", "go.etcd.io/bbolt", modulePath + "/sharestore", modulePath + "/apply",
			modulePath + "/importers", modulePath + "/liveimport", "github.com/goccy/go-yaml", "github.com/hashicorp/hcl", "github.com/zclconf/go-cty"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("the wasm build compiles %s", dep)
			}
		}
	}
	deps := list("./sharelink")
	if !slices.Contains(deps, modulePath+"/model") {
		t.Fatalf("go list found no model under sharelink: %v", deps)
	}
	for _, dep := range deps {
		if isStandard(dep) || within(dep, modulePath+"/engine") || within(dep, modulePath+"/sharelink") {
			continue
		}
		ok := false
		for _, lib := range engineLibraries {
			ok = ok || within(dep, lib)
		}
		if !ok {
			t.Errorf("sharelink depends on %s", dep)
		}
	}
}
