package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

func runApplyCLI(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runApplyCommand(context.Background(), args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestApplyCommand(t *testing.T) {
	if _, ok := Commands["apply"]; !ok {
		t.Fatal("apply is not registered as a subcommand")
	}
	ep := servertest.WireEndpoint(t)
	file := filepath.Join(t.TempDir(), "model.json")
	if err := os.WriteFile(file, servertest.SmallModel(t, "multi-tenancy", 20), 0o600); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := runApplyCLI(t, nil, "-endpoint", ep, file)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"applied to " + ep, "created", "20 items loaded", "ok ", "All access patterns match."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}

	// Again: the tables exist; -replace recreates them, the model from
	// standard input.
	code, _, errOut = runApplyCLI(t, nil, "-endpoint", ep, file)
	if code != 1 || !strings.Contains(errOut, "already at the endpoint") || !strings.Contains(errOut, "-replace") && !strings.Contains(errOut, "replace") {
		t.Errorf("existing tables: exit %d, %q", code, errOut)
	}
	doc, _ := os.ReadFile(file)
	code, out, errOut = runApplyCLI(t, doc, "-endpoint", ep, "-replace", "-skip-writes", "-")
	if code != 0 || !strings.Contains(out, "replaced") || !strings.Contains(out, "skip") {
		t.Errorf("-replace from stdin: exit %d\n%s%s", code, out, errOut)
	}
}

// TestApplyCommandMismatch: an endpoint whose indexes lag disagrees with the
// engine, and the command says so with exit code 1.
func TestApplyCommandMismatch(t *testing.T) {
	ep := servertest.WireEndpoint(t, engine.WithGSIPropagationDelay(time.Hour))
	file := filepath.Join(t.TempDir(), "model.json")
	if err := os.WriteFile(file, servertest.SmallModel(t, "sparse-index", 20), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runApplyCLI(t, nil, "-endpoint", ep, "-retries", "0", file)
	if code != 1 || !strings.Contains(out, "DIFF") || !strings.Contains(out, "differ") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

func TestApplyCommandUsage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "model.json")
	os.WriteFile(file, servertest.SmallModel(t, "multi-tenancy", 20), 0o600)
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"name":"x"}`), 0o600)
	for _, tc := range []struct {
		args  []string
		code  int
		words string
	}{
		{[]string{file}, 2, "-endpoint is required"},
		{[]string{"-endpoint", "http://127.0.0.1:1"}, 2, "one model file"},
		{[]string{"-endpoint", "http://127.0.0.1:1", file, file}, 2, "one model file"},
		{[]string{"-endpoint", "http://127.0.0.1:1", "-retries", "-1", file}, 2, "-retries"},
		{[]string{"-no-such-flag"}, 2, "not defined"},
		{[]string{"-endpoint", "http://127.0.0.1:1", filepath.Join(t.TempDir(), "missing.json")}, 1, "no such file"},
		{[]string{"-endpoint", "http://127.0.0.1:1", bad}, 1, "bad.json"},
		{[]string{"-endpoint", "gopher://x", file}, 1, "scheme"},
	} {
		code, _, errOut := runApplyCLI(t, nil, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.words) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.words)
		}
	}
}
