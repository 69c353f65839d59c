package appcode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/export"
	"github.com/dynamodb-workbench/workbench/engine/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The code checks compile what every pattern exports with each language's
// real toolchain and pinned libraries. Each skips when its toolchain is
// absent; .ci/run installs them (scripts/codecheck-setup for npm, apt for
// mypy and boto3), and WORKBENCH_REQUIRE_CODECHECK=1 turns a skip into a
// failure.

// exportAll renders format for every pattern, writing each pattern's file
// into dir/<pattern>/, and returns the paths written.
func exportAll(t *testing.T, dir, format string) []string {
	t.Helper()
	var paths []string
	for _, p := range patterns.Catalog() {
		m := p.Model()
		res, err := export.Render(m, format)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		for _, f := range res.Files {
			path := filepath.Join(dir, strings.ReplaceAll(p.Name, "-", "_"), f.Path)
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
    "noEmit": true,
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
	cmd := exec.Command("node", filepath.Join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", work, "--noEmit", "--strict")
	cmd.Dir = work
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tsc over %d files: %v\n%s", len(files), err, out)
	}
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

var _ = model.Version
