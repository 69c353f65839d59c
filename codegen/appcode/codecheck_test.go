package appcode

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The code checks compile what every pattern exports with each language's
// real toolchain and pinned libraries. Each skips when its toolchain is
// absent; .ci/run installs them (scripts/codecheck-setup for npm, apt for
// mypy and boto3), and WORKBENCH_REQUIRE_CODECHECK=1 turns a skip into a
// failure.

// namedModel is a model the code checks compile the exports of.
type namedModel struct {
	name string
	m    *model.Model
}

// checkedModels are every pattern's model, testdata/operations.json (a
// model whose access patterns use every operation, the legacy request
// members and every attribute value type) and testdata/bare.json (a table
// without entities or access patterns).
func checkedModels(t *testing.T) []namedModel {
	t.Helper()
	var out []namedModel
	for _, p := range patterns.Catalog() {
		out = append(out, namedModel{p.Name, p.Model()})
	}
	for _, name := range []string{"operations", "bare", "orders"} {
		data, err := os.ReadFile(filepath.Join("testdata", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := model.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, namedModel{name, m})
	}
	return out
}

// exportAll renders format for every checked model, writing each one's
// file into dir/<model>/, and returns the paths written. A warning fails
// the test: every pattern's design is expressible in every format.
func exportAll(t *testing.T, dir, format string) []string {
	t.Helper()
	var paths []string
	for _, p := range checkedModels(t) {
		res, err := formats.Render(p.m, format)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		for _, w := range res.Warnings {
			t.Errorf("%s: %s: warning: %s", p.name, format, w)
		}
		for _, f := range res.Files {
			path := filepath.Join(dir, patternDir(p.name), f.Path)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(f.Content), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
		}
	}
	return paths
}

func skipOrFail(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("WORKBENCH_REQUIRE_CODECHECK") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// codecheckDir is where scripts/codecheck-setup installed the npm packages.
func codecheckDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("WORKBENCH_CODECHECK_DIR")
	if dir == "" {
		out, err := exec.Command("go", "env", "GOCACHE").Output()
		if err != nil {
			skipOrFail(t, "go env GOCACHE: "+err.Error())
		}
		dir = filepath.Join(strings.TrimSpace(string(out)), "..", "workbench-codecheck")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", "tsc")); err != nil {
		skipOrFail(t, "no TypeScript toolchain in "+dir+": run scripts/codecheck-setup")
	}
	if _, err := exec.LookPath("node"); err != nil {
		skipOrFail(t, "node is not installed")
	}
	return dir
}

// TestTypeScriptTypeChecks runs one strict tsc over the electrodb,
// dynamodb-toolbox and typescript exports of every pattern.
func TestTypeScriptTypeChecks(t *testing.T) {
	dir := codecheckDir(t)
	work, err := os.MkdirTemp(dir, "check-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(work)
	var files []string
	for _, f := range []string{ElectroDB, Toolbox, TypeScript} {
		files = append(files, exportAll(t, work, f)...)
	}
	tsconfig := `{
  "compilerOptions": {
    "strict": true,
    "outDir": "js",
    "target": "es2022",
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "skipLibCheck": true,
    "noUnusedLocals": true,
    "noUnusedParameters": true,
    "types": []
  },
  "files": ` + jsonList(files, work) + `
}`
	mustWrite(t, filepath.Join(work, "tsconfig.json"), tsconfig)
	mustWrite(t, filepath.Join(work, "package.json"), `{"type": "module"}`)
	// One strict tsc over everything; it also emits JavaScript, which the
	// key checks below run.
	cmd := exec.Command("node", filepath.Join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", work, "--strict")
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tsc over %d files: %v\n%s", len(files), err, out)
	}
	t.Run("TypeScriptKeys", func(t *testing.T) { checkTypeScriptKeys(t, work) })
	t.Run("TypeScriptRunsAgainstTheEngine", func(t *testing.T) { runTypeScript(t, work, "access") })
	t.Run("ToolboxRunsAgainstTheEngine", func(t *testing.T) { runTypeScript(t, work, "toolbox") })
	t.Run("ElectroDBReadsTheDataset", func(t *testing.T) { runElectroDBGets(t, work) })
	t.Run("ElectroDBKeys", func(t *testing.T) { checkLibraryKeys(t, work, ElectroDB) })
	t.Run("ToolboxKeys", func(t *testing.T) { checkLibraryKeys(t, work, Toolbox) })
}

// entityVar finds the exported constant of each Entity in a generated
// library module: ElectroDB's names the entity in model.entity, Toolbox's
// in name.
var entityVar = regexp.MustCompile(`export const (\w+) = new Entity\(\{\n  (?:model: \{ entity|name): ("(?:[^"\\]|\\.)*")`)

// checkLibraryKeys builds an item of every entity of every pattern with
// the library (ElectroDB's put().params(), Toolbox's PutItemCommand
// params()) and checks that its key attributes are the model's key
// templates expanded byte for byte.
func checkLibraryKeys(t *testing.T, work, format string) {
	checked := 0
	for _, p := range checkedModels(t) {
		d, err := newDesign(p.m)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(work, "js", patternDir(p.name))
		file := map[string]string{ElectroDB: "entities", Toolbox: "toolbox"}[format]
		src, err := os.ReadFile(filepath.Join(work, patternDir(p.name), file+".ts"))
		if err != nil {
			t.Fatal(err)
		}
		vars := map[string]string{}
		for _, mm := range entityVar.FindAllStringSubmatch(string(src), -1) {
			name, err := strconv.Unquote(mm[2])
			if err != nil {
				t.Fatal(err)
			}
			vars[name] = mm[1]
		}
		var script strings.Builder
		script.WriteString("import * as m from \"./" + file + ".js\";\n")
		if format == Toolbox {
			script.WriteString("import { PutItemCommand } from \"dynamodb-toolbox/entity/actions/put\";\n")
		}
		script.WriteString("const out = {};\n")
		want := map[string]map[string]any{}
		for _, e := range d.entities {
			v := vars[e.name]
			if v == "" {
				t.Errorf("%s: %s: no Entity for %s", p.name, format, e.name)
				continue
			}
			rename := map[string]string{}
			if format == ElectroDB {
				rename = electroAttrs(e)
			}
			item, keys, vals := exampleItem(t, e, rename)
			if format == Toolbox {
				// A parameter that is also an attribute of the model is
				// that attribute: a put writes it under its own name.
				for _, f := range e.fields {
					if v, ok := vals[f.name]; ok && !f.key {
						keys[f.name] = v
					}
				}
			}
			want[e.name] = keys
			if format == ElectroDB {
				script.WriteString("out[" + quote(e.name) + "] = m." + v + ".put(" + item + ").params().Item;\n")
			} else {
				script.WriteString("out[" + quote(e.name) + "] = m." + v + ".build(PutItemCommand).item(" + item + ").params().Item;\n")
			}
		}
		script.WriteString("console.log(JSON.stringify(out));\n")
		path := filepath.Join(dir, "keycheck_"+file+".mjs")
		mustWrite(t, path, script.String())
		cmd := exec.Command("node", path)
		cmd.Dir = dir
		outb, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Errorf("%s: node %s: %v\n%s\n%s", p.name, path, err, stderr, script.String())
			continue
		}
		var got map[string]map[string]any
		if err := json.Unmarshal(outb, &got); err != nil {
			t.Fatalf("%s: %v: %s", p.name, err, outb)
		}
		for name, keys := range want {
			for attr, w := range keys {
				if g := got[name][attr]; g != w {
					t.Errorf("%s: %s: entity %s: %s = %#v, want %#v (the model's template)", p.name, format, name, attr, g, w)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no key was checked")
	}
}

// exampleItem returns a JavaScript item for entity e: its key templates'
// parameters and required attributes with example values, the key
// attributes the model's templates make of those values, and the
// parameters' values as JSON would decode them.
func exampleItem(t *testing.T, e *entity, rename map[string]string) (string, map[string]any, map[string]any) {
	t.Helper()
	vals := model.Params{}
	var members []string
	names := map[string]bool{}
	for i, p := range e.params {
		names[p.name] = true
		name := p.name
		if r := rename[p.name]; r != "" {
			name = r
		}
		if p.typ == "N" {
			vals[p.name] = strconv.Itoa(40 + i)
			members = append(members, quote(name)+": "+vals[p.name])
			continue
		}
		vals[p.name] = "v" + strconv.Itoa(i) + "-" + p.name
		members = append(members, quote(name)+": "+quote(vals[p.name]))
	}
	for _, f := range e.fields {
		if f.key || names[f.name] || !f.required {
			continue
		}
		v := map[string]string{"S": `"text"`, "N": "1", "BOOL": "true", "SS": `new Set(["a"])`, "NS": "new Set([1])", "L": "[]", "M": "{}"}[f.typ]
		if v == "" {
			t.Fatalf("entity %s: no example for type %s", e.name, f.typ)
		}
		members = append(members, quote(f.name)+": "+v)
	}
	keys := map[string]any{}
	for _, k := range e.keys {
		s, err := k.tmpl.ExpandParams(vals)
		if err != nil {
			t.Fatal(err)
		}
		if k.typ == "N" {
			f, _ := strconv.ParseFloat(s, 64)
			keys[k.attr] = f
		} else {
			keys[k.attr] = s
		}
	}
	params := map[string]any{}
	for _, p := range e.params {
		params[p.name] = vals[p.name]
		if p.typ == "N" {
			params[p.name], _ = strconv.ParseFloat(vals[p.name], 64)
		}
	}
	return "{ " + strings.Join(members, ", ") + " }", keys, params
}

func jsonList(paths []string, base string) string {
	var q []string
	for _, p := range paths {
		rel, _ := filepath.Rel(base, p)
		q = append(q, quote(filepath.ToSlash(rel)))
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPythonTypeChecks compiles every pattern's python export and runs
// mypy --strict over all of them at once. boto3 has no type stubs: the
// modules type their client with a Protocol, so mypy checks our code
// without them; the import test below loads each module next to boto3.
func TestPythonTypeChecks(t *testing.T) {
	py := pythonWith(t, "mypy")
	work := t.TempDir()
	var files []string
	for _, path := range exportAll(t, filepath.Join(work, "src"), Python) {
		// One directory, one module name per pattern: mypy refuses two
		// modules of the same name.
		name := filepath.Join(work, filepath.Base(filepath.Dir(path))+"_access.py")
		if err := os.Rename(path, name); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	if out, err := exec.Command(py, append([]string{"-m", "py_compile"}, files...)...).CombinedOutput(); err != nil {
		t.Fatalf("py_compile: %v\n%s", err, out)
	}
	args := append([]string{"-m", "mypy", "--strict", "--no-incremental", "--cache-dir", filepath.Join(work, ".mypy_cache")}, files...)
	cmd := exec.Command(py, args...)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mypy --strict over %d modules: %v\n%s", len(files), err, out)
	}
	// Import each module with boto3 present, and call a key builder's
	// neighbour: the module runs, not only parses.
	script := "import importlib, sys\nsys.path.insert(0, sys.argv[1])\nimport boto3\nfor name in sys.argv[2:]:\n    importlib.import_module(name)\n"
	var mods []string
	for _, f := range files {
		mods = append(mods, strings.TrimSuffix(filepath.Base(f), ".py"))
	}
	if out, err := exec.Command(py, append([]string{"-c", script, work}, mods...)...).CombinedOutput(); err != nil {
		t.Fatalf("importing the modules: %v\n%s", err, out)
	}
	checkPythonKeys(t, py, work)
	t.Run("RunsAgainstTheEngine", func(t *testing.T) { runPython(t, py, work) })
}

// pythonWith returns a python3 that has module (and boto3), preferring
// Debian's, where .ci/run installs mypy and python3-boto3.
func pythonWith(t *testing.T, module string) string {
	t.Helper()
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		path, err := exec.LookPath(py)
		if err != nil {
			continue
		}
		if exec.Command(path, "-c", "import "+module+", boto3").Run() == nil {
			return path
		}
	}
	skipOrFail(t, "no python3 with "+module+" and boto3 (apt-get install mypy python3-boto3)")
	return ""
}

// goSDK pins the aws-sdk-go-v2 modules the Go export builds against in a
// temporary module (not this module's go.mod: the generated package is
// not part of the workbench).
var goSDK = []string{
	"github.com/aws/aws-sdk-go-v2 v1.36.3",
	"github.com/aws/aws-sdk-go-v2/service/dynamodb v1.42.4",
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue v1.18.12",
	"github.com/aws/smithy-go v1.22.2",
}

// TestGoBuilds builds and vets every pattern's go export, one package per
// pattern, in a temporary module requiring goSDK.
func TestGoBuilds(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		skipOrFail(t, "go is not on PATH")
	}
	work := t.TempDir()
	exportAll(t, work, Go)
	mustWrite(t, filepath.Join(work, "go.mod"), "module example.com/access\n\ngo 1.22\n\nrequire (\n\t"+strings.Join(goSDK, "\n\t")+"\n)\n")
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	run := func(args ...string) ([]byte, error) {
		cmd := exec.Command(goBin, args...)
		cmd.Dir = work
		cmd.Env = env
		return cmd.CombinedOutput()
	}
	if out, err := run("mod", "download", "all"); err != nil {
		skipOrFail(t, "downloading the pinned SDK modules: "+string(out))
	}
	if out, err := run("vet", "./..."); err != nil {
		t.Fatalf("go vet over the Go exports: %v\n%s", err, out)
	}
	checkGoKeys(t, run, work)
	t.Run("RunsAgainstTheEngine", func(t *testing.T) { runGo(t, run, work) })
}

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
