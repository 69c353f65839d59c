package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// runCommand runs a registered subcommand with stdin, capturing its
// output streams.
func runCommand(t *testing.T, name string, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd, ok := Commands[name]
	if !ok {
		t.Fatalf("no subcommand %q registered", name)
	}
	var out, errb bytes.Buffer
	savedIn, savedOut, savedErr := exportStdin, exportStdout, exportStderr
	exportStdin, exportStdout, exportStderr = strings.NewReader(stdin), &out, &errb
	defer func() { exportStdin, exportStdout, exportStderr = savedIn, savedOut, savedErr }()
	code = cmd(args)
	return code, out.String(), errb.String()
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestExportCommandStdout(t *testing.T) {
	in := writeTemp(t, "model.json", servertest.PatternDocument(t, "time-series", nil))
	code, out, errs := runCommand(t, "export", "", "-format", "cloudformation-yaml", in)
	if code != 0 || !strings.HasPrefix(out, "AWSTemplateFormatVersion") || !strings.Contains(out, "TableName: SensorReadings") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// Standard input.
	code, out, _ = runCommand(t, "export", string(servertest.PatternDocument(t, "time-series", nil)), "-format", "cloudformation-json", "-")
	var tpl map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &tpl) != nil {
		t.Errorf("stdin: exit %d %.100s", code, out)
	}
	// Warnings go to standard error.
	code, out, errs = runCommand(t, "export", "", "-format", "nosql-workbench", "-items", "2", in)
	if code != 0 || !strings.Contains(errs, "workbench export: warning: table SensorReadings: its time to live") || !strings.Contains(out, `"DataModel"`) {
		t.Errorf("exit %d, stderr %s", code, errs)
	}
}

func TestExportCommandFiles(t *testing.T) {
	in := writeTemp(t, "model.json", servertest.PatternDocument(t, "write-sharding", nil))
	dir := t.TempDir()

	// cdk-ts is a project: it needs a directory.
	code, _, errs := runCommand(t, "export", "", "-format", "cdk-ts", in)
	if code != 2 || !strings.Contains(errs, "give -o DIR") {
		t.Errorf("cdk-ts without -o: exit %d %s", code, errs)
	}
	app := filepath.Join(dir, "app")
	code, _, errs = runCommand(t, "export", "", "-format", "cdk-ts", "-o", app, in)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	for _, p := range []string{"package.json", "cdk.json", "tsconfig.json", "bin", "lib", "README.md"} {
		if _, err := os.Stat(filepath.Join(app, p)); err != nil {
			t.Error(err)
		}
	}
	stacks, _ := filepath.Glob(filepath.Join(app, "lib", "*-stack.ts"))
	if len(stacks) != 1 {
		t.Fatalf("stacks %v", stacks)
	}
	src, _ := os.ReadFile(stacks[0])
	if !strings.Contains(string(src), "tableName: 'Votes'") || !strings.Contains(string(src), "tableName: 'Orders'") {
		t.Error("the stack lacks a table")
	}

	// A single file: to a named file, or under its own name in a directory.
	file := filepath.Join(dir, "t.json")
	if code, _, errs := runCommand(t, "export", "", "-format", "cloudformation-json", "-o", file, in); code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	if b, err := os.ReadFile(file); err != nil || !json.Valid(b) {
		t.Errorf("%s: %v", file, err)
	}
	if code, _, errs := runCommand(t, "export", "", "-format", "cloudformation-yaml", "-o", dir, in); code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.template.yaml")); len(m) != 1 {
		t.Errorf("no template in %s: %v", dir, m)
	}
	// No temporary files are left behind.
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) != 0 {
		t.Errorf("left over: %v", m)
	}
}

func TestExportCommandErrors(t *testing.T) {
	in := writeTemp(t, "model.json", servertest.PatternDocument(t, "write-sharding", nil))
	bad := writeTemp(t, "bad.json", []byte(`{"version": 1, "name": "x", "tables": [], "settings": {}}`))
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{in}, 2, "give -format"},
		{[]string{"-format", "cdk-ts"}, 2, "give one model file"},
		{[]string{"-format", "pdf", in}, 1, "unknown export format"},
		{[]string{"-format", "cloudformation-json", filepath.Join(t.TempDir(), "missing.json")}, 1, "no such file"},
		{[]string{"-format", "cloudformation-json", bad}, 1, "a model needs at least one table"},
		{[]string{"-bogus"}, 2, "flag provided but not defined"},
	} {
		code, _, errs := runCommand(t, "export", "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("export %v: exit %d %q, want %d with %q", c.args, code, errs, c.code, c.want)
		}
	}
}

func TestImportCommand(t *testing.T) {
	fixture := filepath.Join("..", "model", "formats", "testdata", "nosql-workbench", "facets-provisioned.json")
	code, out, errs := runCommand(t, "import", "", "-format", "nosql-workbench", fixture)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	m, err := model.Parse([]byte(out))
	if err != nil {
		t.Fatalf("the output is not a valid model: %v", err)
	}
	// The file's auto scaling is kept in the model, not warned about.
	if m.Name != "Card offers" || m.Tables[0].AutoScaling == nil || m.Tables[0].AutoScaling.Read == nil {
		t.Errorf("model %q, auto scaling %+v, stderr %s", m.Name, m.Tables[0].AutoScaling, errs)
	}

	// To a file, from standard input; then export what was imported.
	data, _ := os.ReadFile(fixture)
	file := filepath.Join(t.TempDir(), "model.json")
	if code, _, errs := runCommand(t, "import", string(data), "-o", file, "-"); code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	if code, out, errs := runCommand(t, "export", "", "-format", "cloudformation-json", file); code != 0 || !strings.Contains(out, `"TableName": "CardOffers"`) {
		t.Errorf("exporting the import: exit %d %s", code, errs)
	}

	// A template's parameters without defaults, given with -param.
	tpl := filepath.Join("..", "server", "importers", "testdata", "cfn-shapes", "params-no-default.yaml")
	code, out, errs = runCommand(t, "import", "", "-param", "Stage=staging", "-param", "ServiceName=cart", tpl)
	if code != 0 || !strings.Contains(out, `"TableName": "cart-staging-orders"`) || !strings.Contains(errs, "parameter Stage takes the value given") {
		t.Errorf("import -param: exit %d %s %s", code, errs, out)
	}

	for _, c := range []struct {
		args  []string
		stdin string
		code  int
		want  string
	}{
		{[]string{"-format", "dynamodb-json", fixture}, "", 2, "unknown import format"},
		{[]string{}, "", 2, "give one file to import"},
		{[]string{"-format", "terraform", "-"}, "resource {", 1, "not a Terraform file"},
		{[]string{"-format", "endpoint", fixture}, "", 2, "-format endpoint needs -endpoint URL"},
		{[]string{"-"}, "not json", 1, "not a NoSQL Workbench model"},
		{[]string{"-param", "Stage=prod", tpl}, "", 1, "parameter ServiceName has no Default: give its value"},
		{[]string{"-param", "Stage", tpl}, "", 2, "-param: parameter \"Stage\": write NAME=VALUE"},
		{[]string{"-param", "Stage=prod", fixture}, "", 2, "-param gives a CloudFormation template's parameters"},
	} {
		code, _, errs := runCommand(t, "import", c.stdin, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("import %v: exit %d %q, want %d with %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestExportCommandApplicationCode: workbench export -format go writes the
// data-access package.
func TestExportCommandApplicationCode(t *testing.T) {
	in := writeTemp(t, "model.json", servertest.PatternDocument(t, "time-series", nil))
	code, out, errs := runCommand(t, "export", "", "-format", "go", in)
	if code != 0 || !strings.Contains(out, "package access") || !strings.Contains(out, "func HotDeviceLatest(ctx context.Context, client Client, deviceId string) ([]ShardedReading, error)") {
		t.Fatalf("exit %d\n%.300s\n%s", code, out, errs)
	}
	dir := t.TempDir()
	code, _, errs = runCommand(t, "export", "", "-format", "python", "-o", filepath.Join(dir, "access.py"), in)
	data, err := os.ReadFile(filepath.Join(dir, "access.py"))
	if code != 0 || err != nil || !strings.Contains(string(data), "def hot_device_latest(client: DynamoDBClient, device_id: str) -> List[ShardedReading]:") {
		t.Errorf("-o: exit %d, %v, %s", code, err, errs)
	}
}

// TestExportCommandProfile: -profile production reaches the CloudFormation
// and CDK exports (the warning about assumed auto scaling on standard
// error); another format or profile is refused.
func TestExportCommandProfile(t *testing.T) {
	in := writeTemp(t, "model.json", servertest.PatternDocument(t, "bulk-upload-hot-cold", nil))
	code, out, errs := runCommand(t, "export", "", "-format", "cloudformation-yaml", "-profile", "production", in)
	if code != 0 || !strings.Contains(out, "DeletionProtectionEnabled: true") || !strings.Contains(out, "ScalableDimension: dynamodb:table:ReadCapacityUnits") {
		t.Fatalf("exit %d\n%.500s\n%s", code, out, errs)
	}
	if !strings.Contains(errs, "warning: Table Clicks_2026_03: the model sets no auto scaling") {
		t.Errorf("stderr %q", errs)
	}
	dir := t.TempDir()
	if code, _, errs = runCommand(t, "export", "", "-format", "cdk-ts", "-profile", "production", "-o", dir, in); code != 0 {
		t.Fatalf("cdk-ts: exit %d %s", code, errs)
	}
	stack, err := os.ReadFile(filepath.Join(dir, "lib", "bulk-upload-order-and-hot-cold-time-tables-stack.ts"))
	if err != nil || !strings.Contains(string(stack), "new cdk.CfnParameter(this, 'Stage'") {
		t.Errorf("the CDK stack: %v", err)
	}
	for _, args := range [][]string{{"-format", "terraform", "-profile", "production"}, {"-format", "cloudformation-json", "-profile", "staging"}} {
		if code, _, errs = runCommand(t, "export", "", append(args, in)...); code != 1 || !strings.Contains(errs, "profile") {
			t.Errorf("%v: exit %d %s", args, code, errs)
		}
	}
}
