package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const (
	modulePath = "github.com/dynamodb-workbench/workbench"
	goappPath  = "github.com/maxence-charriere/go-app/v10"
	mcpSDKPath = "github.com/modelcontextprotocol/go-sdk"
)

// engineLibraries are the modules the engine may use besides the standard
// library and itself.
var engineLibraries = []string{
	"github.com/google/btree",
	"github.com/goccy/go-json",
	"github.com/cockroachdb/apd/v3",
}

// serverParsers are the YAML and HCL parsers of the imports (and go-yaml
// the YAML writer of the exports). They stay in importers/ and exporters/,
// which only the server and the command line use: imported by
// the page they would add about 0.35 MB (go-yaml) and 0.68 MB (hcl with
// go-cty) to web/app.wasm, gzip-compressed, measured with a use of each
// compiled into ./wasm. The page posts those formats to POST /api/import
// and fetches YAML exports from POST /api/export.
var serverParsers = []string{
	"github.com/goccy/go-yaml",
	"github.com/hashicorp/hcl",
	"github.com/zclconf/go-cty",
}

// TestDependencyRule enforces DESIGN.md's dependency rule on every non-test
// Go file of the module, whatever its build constraints:
//
//   - engine/... imports only the standard library, engineLibraries and
//     engine/...;
//   - patterns/... and visualizer/... import only the standard library and
//     engine/...;
//   - only app/..., wasm/ and the root package import go-app;
//   - only mcpserver/ and the root package import the MCP SDK;
//   - only importers/... and exporters/... import serverParsers, and
//     neither app/ nor wasm/ imports them;
//   - appcode/ imports only the standard library and engine/... (plain
//     string building, no template engine), and stays out of the page
//     (app/, wasm/): it would add about 143 KB brotli to app.wasm;
//   - nothing imports syscall/js (go-app wraps it).
func TestDependencyRule(t *testing.T) {
	imports := moduleImports(t)

	for _, dir := range []string{"", "app", "engine", "wasm"} {
		if _, ok := imports[dir]; !ok {
			t.Fatalf("found no Go files in %q: is the walk broken?", "./"+dir)
		}
	}

	dirs := make([]string, 0, len(imports))
	for dir := range imports {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		for imp, files := range imports[dir] {
			if reason := forbidden(dir, imp); reason != "" {
				t.Errorf("%s imports %q: %s", files[0], imp, reason)
			}
		}
	}
}

func TestForbidden(t *testing.T) {
	tests := []struct {
		dir, imp string
		ok       bool
	}{
		{"engine", "fmt", true},
		{"engine", "github.com/google/btree", true},
		{"engine/attr", "github.com/cockroachdb/apd/v3", true},
		{"engine/wire", "github.com/goccy/go-json", true},
		{"engine/wire", modulePath + "/engine/attr", true},
		{"engine", modulePath + "/app", false},
		{"engine", modulePath + "/patterns", false},
		{"engine", goappPath + "/pkg/app", false},
		{"engine", "github.com/google/btreeish", false},
		{"engine", "golang.org/x/text", false},
		{"patterns", modulePath + "/engine/schema", true},
		{"patterns", modulePath + "/visualizer", false},
		{"visualizer", "github.com/google/btree", false},
		{"visualizer", goappPath + "/pkg/app", false},
		{"app", goappPath + "/pkg/app", true},
		{"app/panels", goappPath + "/pkg/app", true},
		{"wasm", goappPath + "/pkg/app", true},
		{"", goappPath + "/pkg/app", true},
		{"internal/tool", goappPath + "/pkg/app", false},
		{"application", goappPath + "/pkg/app", false},
		{"app", "syscall/js", false},
		{"", "syscall/js", false},
		{"", "syscall", true},
		{"mcpserver", mcpSDKPath + "/mcp", true},
		{"", mcpSDKPath + "/mcp", true},
		{"app", mcpSDKPath + "/mcp", false},
		{"ops", mcpSDKPath + "/mcp", false},
		{"importers", "github.com/goccy/go-yaml/parser", true},
		{"importers", "github.com/hashicorp/hcl/v2/hclsyntax", true},
		{"exporters", "github.com/goccy/go-yaml", true},
		{"app", modulePath + "/exporters", false},
		{"wasm", modulePath + "/importers", false},
		{"model/formats", "github.com/goccy/go-yaml", false},
		{"app", "github.com/hashicorp/hcl/v2", false},
		{"", "github.com/zclconf/go-cty/cty", false},
		{"appcode", modulePath + "/model/formats", true},
		{"appcode", "strings", true},
		{"appcode", "text/template", false},
		{"appcode", modulePath + "/patterns", false},
		{"appcode", goappPath + "/pkg/app", false},
		{"app", modulePath + "/appcode", false},
		{"wasm", modulePath + "/appcode", false},
		{"", modulePath + "/appcode", true},
	}
	for _, tt := range tests {
		reason := forbidden(tt.dir, tt.imp)
		if (reason == "") != tt.ok {
			t.Errorf("forbidden(%q, %q) = %q, want allowed=%v", tt.dir, tt.imp, reason, tt.ok)
		}
	}
}

// forbidden returns why the package in dir (relative to the module root,
// "" for the root) may not import imp, or "" when it may.
func forbidden(dir, imp string) string {
	switch {
	case imp == "syscall/js" || strings.HasPrefix(imp, "syscall/js/"):
		return "nothing imports syscall/js directly; go through go-app"
	case within(imp, goappPath) && !(dir == "" || dir == "wasm" || within(dir, "app")):
		return "only app/, wasm/ and the root package import go-app"
	case within(imp, modulePath+"/appcode") && (dir == "wasm" || within(dir, "app")):
		return "appcode stays out of the page's WebAssembly (about 143 KB brotli); the page asks POST /api/export for its formats"
	case within(imp, mcpSDKPath) && !(dir == "" || within(dir, "mcpserver")):
		return "only mcpserver/ and the root package import the MCP SDK (a server-side dependency, never in the page)"
	}
	for _, lib := range serverParsers {
		if within(imp, lib) && !within(dir, "importers") && !within(dir, "exporters") {
			return "the YAML and HCL parsers stay in importers/ and exporters/, out of the page's WebAssembly"
		}
	}
	if (within(imp, modulePath+"/importers") || within(imp, modulePath+"/exporters")) && (within(dir, "app") || dir == "wasm") {
		return "the page posts to the server what importers/ and exporters/ do: their YAML and HCL libraries stay out of the WebAssembly"
	}
	switch {
	case within(dir, "engine"):
		if isStandard(imp) || within(imp, modulePath+"/engine") {
			return ""
		}
		for _, lib := range engineLibraries {
			if within(imp, lib) {
				return ""
			}
		}
		return "engine/... imports only the standard library, " + strings.Join(engineLibraries, ", ") + " and engine/..."
	case within(dir, "appcode"):
		if isStandard(imp) && !within(imp, "text/template") && !within(imp, "html/template") || within(imp, modulePath+"/engine") {
			return ""
		}
		return "appcode imports only the standard library (no template engine) and engine/..."
	case within(dir, "patterns"), within(dir, "visualizer"):
		if isStandard(imp) || within(imp, modulePath+"/engine") {
			return ""
		}
		return "patterns and visualizer import only the standard library and engine/..."
	}
	return ""
}

// within reports whether the slash-separated path p is root or below it.
func within(p, root string) bool {
	return p == root || strings.HasPrefix(p, root+"/")
}

// isStandard reports whether imp is a standard-library path: its first
// element has no dot (as the go command decides).
func isStandard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".")
}

// moduleImports parses the imports of every non-test Go file in the module
// and returns them by package directory (relative, slash-separated) and
// import path, with the files that import it.
func moduleImports(t *testing.T) map[string]map[string][]string {
	t.Helper()
	imports := make(map[string]map[string][]string)
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != "." && (name == "testdata" || name == "vendor" || name == "node_modules" ||
				strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if p != "." {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") ||
			strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := path.Dir(filepath.ToSlash(p))
		if dir == "." {
			dir = ""
		}
		if imports[dir] == nil {
			imports[dir] = make(map[string][]string)
		}
		for _, spec := range f.Imports {
			imp, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			imports[dir][imp] = append(imports[dir][imp], filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return imports
}

// wasmForbidden are packages that must never be compiled into the page's
// WebAssembly (./wasm and everything it imports), each with the reason:
// they are the server's, or they cost more of web/app.wasm than the page
// gains from them (TestWasmSize holds the total to its budget).
var wasmForbidden = []struct{ path, reason string }{
	{"github.com/goccy/go-yaml", "the YAML parser is the server's (POST /api/import)"},
	{"github.com/hashicorp/hcl", "the HCL parser is the server's (POST /api/import)"},
	{"github.com/zclconf/go-cty", "HCL's values are the server's (POST /api/import)"},
	{mcpSDKPath, "the MCP server is the server's"},
	{"github.com/goccy/go-json", "the page decodes with encoding/json through engine/json: go-json's encoders add 0.65 MB gzip"},
	{"github.com/aws/aws-sdk-go-v2", "the AWS SDK is the server's (apply, live import)"},
	{"github.com/aws/smithy-go", "the AWS SDK is the server's (apply, live import)"},
	{"go.etcd.io/bbolt", "the share store is the server's"},
	{"github.com/chromedp", "a test dependency"},
	{"net/http/httptest", "a test dependency"},
	{"net/http/pprof", "the server's"},
	{"text/template", "templates keep every exported method of every type reachable (reflect's MethodByName)"},
	{"html/template", "templates keep every exported method of every type reachable (reflect's MethodByName)"},
	{modulePath + "/importers", "the YAML and HCL importers are the server's"},
	{modulePath + "/mcpserver", "the MCP server is the server's"},
	{modulePath + "/apply", "apply uses the AWS SDK, the server's"},
	{modulePath + "/liveimport", "live import uses the AWS SDK, the server's"},
	{modulePath + "/sharestore", "the share store is the server's"},
	{modulePath + "/httpguard", "the HTTP middleware is the server's"},
}

// wasmForbiddenReason returns why pkg may not be in the page's build, or "".
func wasmForbiddenReason(pkg string) string {
	for _, f := range wasmForbidden {
		if within(pkg, f.path) {
			return f.reason
		}
	}
	return ""
}

func TestWasmForbiddenReason(t *testing.T) {
	tests := []struct {
		pkg string
		ok  bool
	}{
		{"github.com/goccy/go-yaml/parser", false},
		{"github.com/goccy/go-json", false},
		{"github.com/goccy/go-json/internal/encoder/vm", false},
		{"github.com/goccy/go-jsonish", true},
		{"github.com/hashicorp/hcl/v2/hclsyntax", false},
		{mcpSDKPath + "/mcp", false},
		{"net/http", true},
		{"net/http/httptest", false},
		{"encoding/json", true},
		{"text/template/parse", false},
		{modulePath + "/importers", false},
		{modulePath + "/engine/json", true},
		{modulePath + "/app", true},
		{goappPath + "/pkg/app", true},
	}
	for _, tt := range tests {
		if got := wasmForbiddenReason(tt.pkg) == ""; got != tt.ok {
			t.Errorf("wasmForbiddenReason(%q) allowed=%v, want %v", tt.pkg, got, tt.ok)
		}
	}
}

// TestWasmDependencies lists what the page's WebAssembly compiles in
// (`GOOS=js GOARCH=wasm go list -deps ./wasm`) and refuses wasmForbidden.
func TestWasmDependencies(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	cmd := exec.Command(goBin, "list", "-deps", "./wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list -deps ./wasm: %v\n%s", err, stderr)
	}
	pkgs := strings.Fields(string(out))
	if !slices.Contains(pkgs, modulePath+"/app") || !slices.Contains(pkgs, modulePath+"/engine") {
		t.Fatalf("go list -deps ./wasm lists %d packages without the app and the engine: is the listing broken?", len(pkgs))
	}
	for _, pkg := range pkgs {
		if reason := wasmForbiddenReason(pkg); reason != "" {
			t.Errorf("the page's WebAssembly compiles in %s: %s", pkg, reason)
		}
	}
}
