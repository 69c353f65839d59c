package main

import (
	"fmt"
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

// engineLibraries are the modules the emulator and the design layer may
// use besides the standard library and the module itself.
var engineLibraries = []string{
	"github.com/google/btree",
	"github.com/goccy/go-json",
	"github.com/cockroachdb/apd/v3",
}

// serverParsers are the YAML and HCL parsers of the imports (and go-yaml
// the YAML writer of the exports). They stay in server/importers and
// server/exporters, which only the server and the command line use:
// imported by the page they would add about 0.35 MB (go-yaml) and 0.68 MB
// (hcl with go-cty) to web/app.wasm, gzip-compressed, measured with a use
// of each compiled into ./wasm. The page posts those formats to
// POST /api/import and fetches YAML exports from POST /api/export.
var serverParsers = []string{
	"github.com/goccy/go-yaml",
	"github.com/hashicorp/hcl",
	"github.com/zclconf/go-cty",
}

// serverClients are the libraries that reach other servers or the disk:
// the AWS SDK (apply, live import, the DynamoDB share store) and bbolt
// (the embedded share store). Only server/... imports them.
var serverClients = []string{
	"github.com/aws/aws-sdk-go-v2",
	"github.com/aws/smithy-go",
	"go.etcd.io/bbolt",
}

// layers is the dependency rule (ARCHITECTURE.md), from the bottom up: the
// packages under each root may import the standard library, the module's
// packages under the roots in may, and the third-party modules in libs
// (nil: any the cross-cutting rules of forbidden allow). The module's
// packages not under a root listed here (the program at the root, cmd/,
// scripts/) follow only the cross-cutting rules.
var layers = []struct {
	root string
	may  []string
	libs []string
}{
	// The emulator: DynamoDB itself, nothing of the design layer, the UI
	// or the server.
	{"engine", []string{"engine"}, engineLibraries},
	// The design layer, on top of the emulator.
	{"model", []string{"engine", "model"}, engineLibraries},
	// The building blocks of the seeds, as models; pure view models.
	{"patterns", []string{"engine", "model"}, []string{}},
	{"visualizer", []string{"engine", "model"}, []string{}},
	// Code generation: plain string building, no template engine (see
	// forbidden).
	{"codegen", []string{"engine", "model", "codegen"}, []string{}},
	// The UI: the layers below, and of code generation only the request
	// snippets (appcode would add about 143 KB brotli to app.wasm; the
	// page asks POST /api/export for its formats).
	{"app", []string{"engine", "model", "patterns", "visualizer", "codegen/snippet", "app"}, append([]string{goappPath}, engineLibraries...)},
	{"wasm", []string{"app"}, []string{goappPath}},
	// The server: everything but the UI and the command line.
	{"server", []string{"engine", "model", "patterns", "visualizer", "codegen", "server"}, nil},
	// The command line: the server's packages, never the UI.
	{"cli", []string{"engine", "model", "patterns", "codegen", "server"}, nil},
}

// TestDependencyRule enforces the dependency rule (layers, and the
// cross-cutting rules of forbidden) on every non-test Go file of the
// module, whatever its build constraints.
func TestDependencyRule(t *testing.T) {
	imports := moduleImports(t)

	for _, dir := range []string{"", "app", "engine", "model", "server", "server/api", "wasm"} {
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
		{"engine", modulePath + "/model", false},
		{"engine/wire", modulePath + "/model/formats", false},
		{"engine", modulePath + "/server/api", false},
		{"engine", goappPath + "/pkg/app", false},
		{"engine", "github.com/google/btreeish", false},
		{"engine", "golang.org/x/text", false},
		{"engineering", modulePath + "/app", true}, // not under engine/
		{"model", modulePath + "/engine", true},
		{"model/formats", modulePath + "/model/gen", true},
		{"model/analysis", modulePath + "/engine/partition", true},
		{"model", modulePath + "/app", false},
		{"model", modulePath + "/patterns", false},
		{"model/formats", modulePath + "/server/importers", false},
		{"model/diff", modulePath + "/visualizer", false},
		{"model/formats", "github.com/goccy/go-yaml", false},
		{"model/formats", goappPath + "/pkg/app", false},
		{"patterns", modulePath + "/model", true},
		{"patterns", modulePath + "/visualizer", false},
		{"visualizer", modulePath + "/model/analysis", true},
		{"visualizer", "github.com/google/btree", false},
		{"visualizer", goappPath + "/pkg/app", false},
		{"app", goappPath + "/pkg/app", true},
		{"app/panels", goappPath + "/pkg/app", true},
		{"app", modulePath + "/codegen/snippet", true},
		{"app", modulePath + "/codegen/appcode", false},
		{"app", modulePath + "/server/exporters", false},
		{"app", modulePath + "/server/api", false},
		{"app", modulePath + "/cli", false},
		{"app", "github.com/hashicorp/hcl/v2", false},
		{"wasm", goappPath + "/pkg/app", true},
		{"wasm", modulePath + "/server/importers", false},
		{"wasm", modulePath + "/codegen/appcode", false},
		{"", goappPath + "/pkg/app", true},
		{"", modulePath + "/codegen/appcode", true},
		{"", "github.com/zclconf/go-cty/cty", false},
		{"server", goappPath + "/pkg/app", false},
		{"server/api", modulePath + "/app", false},
		{"server/api", modulePath + "/cli", false},
		{"server/api", modulePath + "/server/mcpserver", true},
		{"server/mcpserver", mcpSDKPath + "/mcp", true},
		{"server/api", mcpSDKPath + "/mcp", false},
		{"cli", mcpSDKPath + "/mcp", false},
		{"", mcpSDKPath + "/mcp", false},
		{"server/importers", "github.com/goccy/go-yaml/parser", true},
		{"server/importers", "github.com/hashicorp/hcl/v2/hclsyntax", true},
		{"server/exporters", "github.com/goccy/go-yaml", true},
		{"server/api", "github.com/goccy/go-yaml", false},
		{"server/apply", "github.com/aws/aws-sdk-go-v2/service/dynamodb", true},
		{"server/sharestore", "go.etcd.io/bbolt", true},
		{"model", "go.etcd.io/bbolt", false},
		{"cli", "github.com/aws/aws-sdk-go-v2", false},
		{"server/api", modulePath + "/server/servertest", false},
		{"codegen/appcode", modulePath + "/codegen/internal/sdkstub", false},
		{"codegen/snippet", modulePath + "/codegen/internal/ddbapi", true},
		{"app", modulePath + "/codegen/internal/ddbapi", false},
		{"cli", modulePath + "/app", false},
		{"cli", modulePath + "/server/importers", true},
		{"codegen/appcode", modulePath + "/model/formats", true},
		{"codegen/appcode", "strings", true},
		{"codegen/appcode", "text/template", false},
		{"codegen/snippet", "html/template", false},
		{"codegen/appcode", modulePath + "/patterns", false},
		{"codegen/appcode", goappPath + "/pkg/app", false},
		{"codegen/appcode", modulePath + "/codegen/snippet", true},
		{"internal/tool", goappPath + "/pkg/app", false},
		{"application", goappPath + "/pkg/app", false},
		{"app", "syscall/js", false},
		{"", "syscall/js", false},
		{"", "syscall", true},
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
	case within(imp, mcpSDKPath) && !within(dir, "server/mcpserver"):
		return "only server/mcpserver imports the MCP SDK (a server-side dependency, never in the page)"
	case within(imp, modulePath+"/server/servertest"), within(imp, modulePath+"/codegen/internal/sdkstub"):
		return "server/servertest and codegen/internal/sdkstub are for tests: only _test.go files import them"
	case within(dir, "codegen") && (within(imp, "text/template") || within(imp, "html/template")):
		return "code generation is plain string building: no template engine (templates keep every exported method reachable)"
	}
	for _, lib := range serverParsers {
		if within(imp, lib) && !within(dir, "server/importers") && !within(dir, "server/exporters") {
			return "the YAML and HCL parsers stay in server/importers and server/exporters, out of the page's WebAssembly"
		}
	}
	for _, lib := range serverClients {
		if within(imp, lib) && !within(dir, "server") {
			return "the AWS SDK and bbolt are the server's (server/...): never in the page, the design layer or the command line"
		}
	}
	for _, l := range layers {
		if !within(dir, l.root) {
			continue
		}
		if module, ok := strings.CutPrefix(imp, modulePath+"/"); ok || imp == modulePath {
			for _, root := range l.may {
				if within(module, root) {
					return ""
				}
			}
			return fmt.Sprintf("%s/... imports only the module's %s (the layers below it)", l.root, strings.Join(l.may, ", "))
		}
		if isStandard(imp) || l.libs == nil {
			return ""
		}
		for _, lib := range l.libs {
			if within(imp, lib) {
				return ""
			}
		}
		if len(l.libs) == 0 {
			return l.root + "/... imports no third-party module"
		}
		return l.root + "/... imports of third-party modules only " + strings.Join(l.libs, ", ")
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
	{modulePath + "/server", "the HTTP API, the guard, MCP, the share store, apply and the imports are the server's"},
	{modulePath + "/cli", "the command line is the server binary's"},
	{modulePath + "/codegen/appcode", "the application-code exports are the server's (about 143 KB brotli)"},
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
		{modulePath + "/server/importers", false},
		{modulePath + "/server", false},
		{modulePath + "/serverless", true},
		{modulePath + "/codegen/appcode", false},
		{modulePath + "/codegen/snippet", true},
		{modulePath + "/model/sharelink", true},
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

// TestWasmBuildHasNoSDK: the AWS SDK, bbolt and the server-only packages
// that use them never reach the WebAssembly build (the page and every
// package of the UI), and the share link's codec (which the page compiles)
// stays on the standard library, the emulator and the model document.
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
	for _, dep := range list("./wasm", "./app/...", "./model/sharelink") {
		for _, banned := range []string{"github.com/aws/", "go.etcd.io/bbolt", modulePath + "/server/", modulePath + "/cli",
			"github.com/goccy/go-yaml", "github.com/hashicorp/hcl", "github.com/zclconf/go-cty"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("the wasm build compiles %s", dep)
			}
		}
	}
	deps := list("./model/sharelink")
	if !slices.Contains(deps, modulePath+"/model") {
		t.Fatalf("go list found no model under sharelink: %v", deps)
	}
	for _, dep := range deps {
		if isStandard(dep) || within(dep, modulePath+"/engine") || dep == modulePath+"/model" ||
			within(dep, modulePath+"/model/gen") || within(dep, modulePath+"/model/sharelink") {
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
