package snippet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests hand the snippets to the real tools: the Go compiler and the
// AWS SDK for Go, python3 (and boto3 and the AWS CLI where installed),
// node, sh. Where a snippet can run, it runs against a local server that
// records what it receives, and the recorded request must be the input.
// A test is skipped only when its tool is missing.

// captureServer answers every request with {} and remembers it.
type captureServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []capturedRequest
}

type capturedRequest struct {
	mark   string // for GET /mark/NAME, which a runner sends before NAME's snippet
	target string
	body   []byte
}

func newCaptureServer(t *testing.T) *captureServer {
	s := &captureServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mark, _ := strings.CutPrefix(r.URL.Path, "/mark/")
		if mark == r.URL.Path {
			mark = ""
		}
		s.mu.Lock()
		s.reqs = append(s.reqs, capturedRequest{mark, r.Header.Get("X-Amz-Target"), body})
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		io.WriteString(w, "{}")
	}))
	t.Cleanup(s.Close)
	return s
}

// take returns the requests received since the last call.
func (s *captureServer) take() []capturedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	reqs := s.reqs
	s.reqs = nil
	return reqs
}

// byMark returns the requests received since the last call, grouped by
// the mark before them.
func (s *captureServer) byMark() map[string][]capturedRequest {
	out := map[string][]capturedRequest{}
	mark := ""
	for _, r := range s.take() {
		if r.mark != "" {
			mark = r.mark
			out[mark] = []capturedRequest{}
			continue
		}
		out[mark] = append(out[mark], r)
	}
	return out
}

// expectOne checks that exactly one request arrived and that it is c's.
func (s *captureServer) expectOne(t *testing.T, c testCase, tool string) {
	t.Helper()
	checkOne(t, c, tool, s.take())
}

// checkOne checks that reqs is one request, c's.
func checkOne(t *testing.T, c testCase, tool string, reqs []capturedRequest) {
	t.Helper()
	if len(reqs) != 1 {
		t.Errorf("%s: %s sent %d requests, want 1", c.name, tool, len(reqs))
		return
	}
	if want := targetPrefix + c.req.Operation; reqs[0].target != want {
		t.Errorf("%s: %s sent X-Amz-Target %q, want %q", c.name, tool, reqs[0].target, want)
	}
	if diff := jsonDiff(reqs[0].body, normalized(t, c.req)); diff != "" {
		t.Errorf("%s: %s sent a different request: %s\nsent: %s", c.name, tool, diff, reqs[0].body)
	}
}

// normalized is the request as the SDKs should send it: the JSON
// rendering (null members dropped), compact.
func normalized(t testing.TB, r Request) []byte {
	t.Helper()
	out, err := Render(Request{Operation: r.Operation, Input: r.Input}, JSON)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// jsonDiff compares two JSON documents by value (member order aside,
// numbers by their text) and describes the first difference, or "".
func jsonDiff(got, want []byte) string {
	decode := func(b []byte) (any, error) {
		d := json.NewDecoder(bytes.NewReader(b))
		d.UseNumber()
		var v any
		err := d.Decode(&v)
		return v, err
	}
	g, err := decode(got)
	if err != nil {
		return "not JSON: " + err.Error()
	}
	w, err := decode(want)
	if err != nil {
		return "want is not JSON: " + err.Error()
	}
	return valueDiff("", g, w)
}

func valueDiff(path string, g, w any) string {
	switch w := w.(type) {
	case map[string]any:
		gm, ok := g.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %v, want an object", path, g)
		}
		for k, wv := range w {
			gv, ok := gm[k]
			if !ok {
				return fmt.Sprintf("%s.%s: missing", path, k)
			}
			if d := valueDiff(path+"."+k, gv, wv); d != "" {
				return d
			}
		}
		for k := range gm {
			if _, ok := w[k]; !ok {
				return fmt.Sprintf("%s.%s: not in the input", path, k)
			}
		}
		return ""
	case []any:
		ga, ok := g.([]any)
		if !ok || len(ga) != len(w) {
			return fmt.Sprintf("%s: got %v, want %v", path, g, w)
		}
		for i := range w {
			if d := valueDiff(fmt.Sprintf("%s[%d]", path, i), ga[i], w[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Sprintf("%s: got %v, want %v", path, g, w)
	}
	return ""
}

// run runs a command with a time limit and returns its combined output.
func run(t *testing.T, limit time.Duration, dir string, env []string, name string, args ...string) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = mergeEnv(os.Environ(), env)
	return cmd.CombinedOutput()
}

// mergeEnv sets the variables of env in base; "NAME=" unsets NAME (the AWS
// tools read an empty AWS_PROFILE as a profile called "").
func mergeEnv(base, env []string) []string {
	drop := map[string]bool{}
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop[name] = true
	}
	var out []string
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if !drop[name] {
			out = append(out, kv)
		}
	}
	for _, kv := range env {
		if name, value, _ := strings.Cut(kv, "="); value != "" || name == "" {
			out = append(out, kv)
		}
	}
	return out
}

// awsEnv makes the SDKs and the CLI run without any configuration of the
// machine: fixed credentials, no profile, no instance metadata (the empty
// ones are unset).
func awsEnv(dir string) []string {
	return []string{
		"AWS_ACCESS_KEY_ID=snippet", "AWS_SECRET_ACCESS_KEY=snippet", "AWS_SESSION_TOKEN=",
		"AWS_PROFILE=", "AWS_DEFAULT_PROFILE=", "AWS_REGION=", "AWS_DEFAULT_REGION=",
		"AWS_CONFIG_FILE=" + filepath.Join(dir, "no-config"),
		"AWS_SHARED_CREDENTIALS_FILE=" + filepath.Join(dir, "no-credentials"),
		"AWS_EC2_METADATA_DISABLED=true", "AWS_ENDPOINT_URL=", "AWS_ENDPOINT_URL_DYNAMODB=",
		"AWS_PAGER=", "NO_PROXY=127.0.0.1,localhost", "no_proxy=127.0.0.1,localhost",
	}
}

func lookPath(t *testing.T, tool string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err != nil {
		t.Skipf("%s is not installed: %v", tool, err)
	}
	return path
}

func readGolden(t *testing.T, name string, lang Language) string {
	t.Helper()
	b, err := os.ReadFile(goldenPath(name, lang))
	if err != nil {
		t.Fatalf("%v (run go test -run TestGolden -update)", err)
	}
	return string(b)
}

// renderAt renders c for the capture server.
func renderAt(t *testing.T, c testCase, lang Language, endpoint string) string {
	t.Helper()
	r := c.req
	r.Endpoint = endpoint
	out, err := Render(r, lang)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return out
}

// hasBinary reports whether a request holds a B or BS value.
func hasBinary(r Request) bool {
	return bytes.Contains(r.Input, []byte(`"B"`)) || bytes.Contains(r.Input, []byte(`"BS"`))
}

// ---- Python ----

// boto3Stub stands in for boto3: it records the client's arguments and
// the call, with bytes as base64 (as the wire carries them).
const boto3Stub = `import base64, json, os

def _default(o):
    if isinstance(o, bytes):
        return base64.b64encode(o).decode()
    raise TypeError(type(o).__name__)

class _Client:
    def __init__(self, service, **kwargs):
        self.config = dict(service=service, **kwargs)
    def __getattr__(self, method):
        def call(*args, **params):
            if args:
                raise TypeError("boto3 client methods take keyword arguments only")
            with open(os.environ["SNIPPET_CAPTURE"], "w") as f:
                json.dump({"client": self.config, "method": method, "params": params}, f, default=_default)
            return {}
        return call

def client(service, **kwargs):
    return _Client(service, **kwargs)
`

func TestPythonSnippets(t *testing.T) {
	python := lookPath(t, "python3")
	cases := loadCases(t)
	dir := t.TempDir()

	// Every golden file parses.
	var files []string
	for _, c := range cases {
		files = append(files, goldenPath(c.name, Python))
	}
	out, err := run(t, time.Minute, "", nil, python, append([]string{"-c",
		"import ast, sys\nfor f in sys.argv[1:]:\n    ast.parse(open(f, encoding='utf-8').read(), f)"}, files...)...)
	if err != nil {
		t.Fatalf("python3 could not parse the snippets: %v\n%s", err, out)
	}

	// Every golden file runs with the stub, which gets the request's
	// parameters as keyword arguments.
	stub := filepath.Join(dir, "stub", "boto3")
	if err := os.MkdirAll(stub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stub, "__init__.py"), []byte(boto3Stub), 0o644); err != nil {
		t.Fatal(err)
	}
	// One interpreter runs them all, each recording to its own file.
	runner := "import os, runpy, sys\nfor capture, path in zip(sys.argv[1::2], sys.argv[2::2]):\n" +
		"    os.environ['SNIPPET_CAPTURE'] = capture\n    runpy.run_path(path, run_name='__main__')\n"
	args := []string{"-c", runner}
	for _, c := range cases {
		args = append(args, filepath.Join(dir, c.name+".json"), filepath.Join(mustAbs(t, "."), goldenPath(c.name, Python)))
	}
	if out, err := run(t, time.Minute, dir, []string{"PYTHONPATH=" + filepath.Dir(stub)}, python, args...); err != nil {
		t.Fatalf("running the snippets: %v\n%s", err, out)
	}
	for _, c := range cases {
		capture := filepath.Join(dir, c.name+".json")
		var got struct {
			Client map[string]string
			Method string
			Params json.RawMessage
		}
		data, err := os.ReadFile(capture)
		if err == nil {
			err = json.Unmarshal(data, &got)
		}
		if err != nil {
			t.Errorf("%s: no call recorded: %v", c.name, err)
			continue
		}
		if want := strings.ReplaceAll(cliCommands[c.req.Operation], "-", "_"); got.Method != want {
			t.Errorf("%s: called %s, want %s", c.name, got.Method, want)
		}
		wantClient := map[string]string{"service": "dynamodb", "region_name": regionOf(c.req)}
		if c.req.Endpoint != "" {
			wantClient["endpoint_url"] = c.req.Endpoint
		}
		if !reflect.DeepEqual(got.Client, wantClient) {
			t.Errorf("%s: boto3.client(%v), want %v", c.name, got.Client, wantClient)
		}
		if diff := jsonDiff(got.Params, normalized(t, c.req)); diff != "" {
			t.Errorf("%s: parameters differ from the input: %s", c.name, diff)
		}
	}
}

// TestPythonSnippetsWithBoto3 runs the snippets with the real boto3, which
// validates the parameters against DynamoDB's model and sends them.
func TestPythonSnippetsWithBoto3(t *testing.T) {
	python := lookPath(t, "python3")
	if out, err := run(t, time.Minute, "", nil, python, "-c", "import boto3"); err != nil {
		t.Skipf("boto3 is not installed: %s", out)
	}
	srv := newCaptureServer(t)
	dir := t.TempDir()
	cases := loadCases(t)
	// One interpreter runs them all, marking each on the server first.
	args := []string{"-c", markRunner + "    runpy.run_path(arg, run_name='__main__')\n", srv.URL}
	for _, c := range cases {
		file := filepath.Join(dir, c.name+".py")
		writeFile(t, file, renderAt(t, c, Python, srv.URL))
		args = append(args, c.name, file)
	}
	if out, err := run(t, 2*time.Minute, dir, awsEnv(dir), python, args...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := srv.byMark()
	for _, c := range cases {
		checkOne(t, c, "boto3", got[c.name])
	}
}

// markRunner is the head of a Python program that, for each pair NAME ARG
// of its arguments after the server's URL, marks NAME on the server and
// then runs its body with arg.
const markRunner = `import json, runpy, sys, urllib.request
base = sys.argv[1]
for name, arg in zip(sys.argv[2::2], sys.argv[3::2]):
    urllib.request.urlopen(base + "/mark/" + name).read()
`

func regionOf(r Request) string {
	if r.Region == "" {
		return DefaultRegion
	}
	return r.Region
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// ---- JavaScript ----

// jsStub stands in for @aws-sdk/client-dynamodb: the client records its
// configuration, the command's class and its input, with Uint8Arrays as
// base64.
func jsStub() string {
	var b strings.Builder
	b.WriteString(`import { writeFileSync } from "node:fs";

class Command {
  constructor(input) {
    this.input = input;
  }
}

export class DynamoDBClient {
  constructor(config) {
    this.config = config;
  }
  async send(command) {
    const record = { config: this.config, command: command.constructor.name, input: command.input };
    writeFileSync(process.env.SNIPPET_CAPTURE, JSON.stringify(record, function (key, value) {
      const raw = this[key];
      if (raw instanceof Uint8Array) {
        return Buffer.from(raw).toString("base64");
      }
      return value;
    }));
    return {};
  }
}
`)
	for _, op := range Operations() {
		fmt.Fprintf(&b, "export class %sCommand extends Command {}\n", op)
	}
	return b.String()
}

func TestJavaScriptSnippets(t *testing.T) {
	node := lookPath(t, "node")
	dir := t.TempDir()
	pkg := filepath.Join(dir, "node_modules", "@aws-sdk", "client-dynamodb")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"package.json": `{"name": "@aws-sdk/client-dynamodb", "type": "module", "exports": "./index.js"}`,
		"index.js":     jsStub(),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Each file parses, and one node process runs them all, each
	// recording to its own file, from copies beside the stub, where the
	// import resolves to it.
	cases := loadCases(t)
	var runner strings.Builder
	for _, c := range cases {
		golden := goldenPath(c.name, JavaScript)
		if out, err := run(t, 30*time.Second, "", nil, node, "--check", golden); err != nil {
			t.Errorf("%s: node --check: %v\n%s", c.name, err, out)
		}
		writeFile(t, filepath.Join(dir, c.name+".mjs"), readGolden(t, c.name, JavaScript))
		fmt.Fprintf(&runner, "process.env.SNIPPET_CAPTURE = %q;\nawait import(%q);\n", filepath.Join(dir, c.name+".json"), "./"+c.name+".mjs")
	}
	writeFile(t, filepath.Join(dir, "run.mjs"), runner.String())
	if out, err := run(t, time.Minute, dir, nil, node, "run.mjs"); err != nil {
		t.Fatalf("running the snippets: %v\n%s", err, out)
	}
	for _, c := range cases {
		capture := filepath.Join(dir, c.name+".json")
		var got struct {
			Config  map[string]string
			Command string
			Input   json.RawMessage
		}
		data, err := os.ReadFile(capture)
		if err == nil {
			err = json.Unmarshal(data, &got)
		}
		if err != nil {
			t.Errorf("%s: no command recorded: %v", c.name, err)
			continue
		}
		if want := c.req.Operation + "Command"; got.Command != want {
			t.Errorf("%s: sent a %s, want a %s", c.name, got.Command, want)
		}
		wantConfig := map[string]string{"region": regionOf(c.req)}
		if c.req.Endpoint != "" {
			wantConfig["endpoint"] = c.req.Endpoint
		}
		if !reflect.DeepEqual(got.Config, wantConfig) {
			t.Errorf("%s: new DynamoDBClient(%v), want %v", c.name, got.Config, wantConfig)
		}
		if diff := jsonDiff(got.Input, normalized(t, c.req)); diff != "" {
			t.Errorf("%s: the command's input differs from the request: %s", c.name, diff)
		}
	}
}

// ---- AWS CLI ----

// cliCommands are the AWS CLI's commands (and, with underscores, boto3's
// methods) for the operations, as `aws dynamodb help` lists them.
var cliCommands = map[string]string{
	"BatchGetItem": "batch-get-item", "BatchWriteItem": "batch-write-item", "CreateTable": "create-table",
	"DeleteItem": "delete-item", "DeleteTable": "delete-table", "DescribeTable": "describe-table",
	"DescribeTimeToLive": "describe-time-to-live", "GetItem": "get-item", "ListTables": "list-tables",
	"PutItem": "put-item", "Query": "query", "Scan": "scan", "TransactGetItems": "transact-get-items",
	"TransactWriteItems": "transact-write-items", "UpdateItem": "update-item", "UpdateTable": "update-table",
	"UpdateTimeToLive": "update-time-to-live", "ExecuteStatement": "execute-statement",
	"BatchExecuteStatement": "batch-execute-statement", "ExecuteTransaction": "execute-transaction",
}

// shellArgs runs the command line under sh with aws defined as a function
// that prints its arguments, and returns them: the shell's own reading of
// the quoting.
func shellArgs(t *testing.T, sh, command string) []string {
	t.Helper()
	script := "aws() { printf '%s\\0' \"$@\"; }\n" + command
	out, err := run(t, 30*time.Second, "", nil, sh, "-c", script)
	if err != nil {
		t.Fatalf("sh: %v\n%s", err, out)
	}
	args := strings.Split(string(out), "\x00")
	return args[:len(args)-1] // after the last NUL
}

// TestCLISnippets reads each golden command back through sh and rebuilds
// the request from its options: every member must come back as it was.
func TestCLISnippets(t *testing.T) {
	sh := lookPath(t, "sh")
	for _, c := range loadCases(t) {
		args := shellArgs(t, sh, readGolden(t, c.name, CLI))
		op := operations[c.req.Operation]
		if len(args) < 2 || args[0] != "dynamodb" || args[1] != cliCommands[op.Name] {
			t.Errorf("%s: aws %q, want aws dynamodb %s", c.name, args, cliCommands[op.Name])
			continue
		}
		byOption := map[string]field{}
		for _, f := range op.Input.Fields {
			byOption["--"+joinWords(f.Name, "-")] = f
		}
		rebuilt := map[string]any{}
		var endpoint, region string
		paginate := true
		for i := 2; i < len(args); i++ {
			opt, value, hasValue := strings.Cut(args[i], "=")
			next := func() string {
				if hasValue {
					return value
				}
				i++
				if i == len(args) {
					t.Fatalf("%s: %s has no value", c.name, opt)
				}
				return args[i]
			}
			switch opt {
			case "--no-paginate":
				paginate = false
				continue
			case "--endpoint-url":
				endpoint = next()
				continue
			case "--region":
				region = next()
				continue
			}
			f, ok := byOption[opt]
			if !ok {
				if f, ok = byOption["--"+strings.TrimPrefix(opt, "--no-")]; !ok || f.Shape.Kind != kBool {
					t.Errorf("%s: unknown option %s", c.name, opt)
					continue
				}
				rebuilt[f.Name] = false
				continue
			}
			switch f.Shape.Kind {
			case kBool:
				rebuilt[f.Name] = true
			case kString, kEnum:
				rebuilt[f.Name] = next()
			default:
				rebuilt[f.Name] = json.RawMessage(next())
			}
		}
		if paginate == op.Paginated {
			t.Errorf("%s: --no-paginate is %v, want %v", c.name, !paginate, op.Paginated)
		}
		if endpoint != c.req.Endpoint {
			t.Errorf("%s: --endpoint-url %q, want %q", c.name, endpoint, c.req.Endpoint)
		}
		if want := c.req.Region; want == "" && c.req.Endpoint != "" {
			if region != DefaultRegion {
				t.Errorf("%s: --region %q with an endpoint, want %q", c.name, region, DefaultRegion)
			}
		} else if region != want {
			t.Errorf("%s: --region %q, want %q", c.name, region, want)
		}
		got, err := json.Marshal(rebuilt)
		if err != nil {
			t.Errorf("%s: an option's value is not JSON: %v", c.name, err)
			continue
		}
		if diff := jsonDiff(got, normalized(t, c.req)); diff != "" {
			t.Errorf("%s: the options differ from the request: %s", c.name, diff)
		}
	}
}

// TestCLISnippetsWithAWSCLI runs the commands with the installed AWS CLI.
// AWS CLI v1 base64-encodes binary values a second time (v2, which the
// snippets target, does not), so with v1 the requests holding them are
// left out.
func TestCLISnippetsWithAWSCLI(t *testing.T) {
	aws := lookPath(t, "aws")
	sh := lookPath(t, "sh")
	if testing.Short() {
		t.Skip("slow: the AWS CLI takes a second or so per command")
	}
	version, err := run(t, time.Minute, "", nil, aws, "--version")
	if err != nil {
		t.Skipf("aws --version: %v\n%s", err, version)
	}
	v1 := strings.HasPrefix(string(version), "aws-cli/1.")
	srv := newCaptureServer(t)
	dir := t.TempDir()
	var cases []testCase
	for _, c := range loadCases(t) {
		if v1 && hasBinary(c.req) {
			t.Logf("%s: skipped: %s encodes binary values twice", c.name, bytes.TrimSpace(version))
			continue
		}
		cases = append(cases, c)
	}

	// AWS CLI v1 is Python: one interpreter can run every command through
	// the same entry point as the aws script, with the arguments as sh
	// reads them, which saves starting it once per command.
	python, err := exec.LookPath("python3")
	if err == nil && v1 {
		_, err = run(t, time.Minute, "", nil, python, "-c", "import awscli.clidriver")
	}
	if err == nil && v1 {
		args := []string{"-c", markRunner +
			"    from awscli.clidriver import create_clidriver\n" +
			"    rc = create_clidriver().main(json.loads(arg))\n" +
			"    if rc: print(name, 'exited with', rc, file=sys.stderr)\n", srv.URL}
		for _, c := range cases {
			argv, err := json.Marshal(shellArgs(t, sh, renderAt(t, c, CLI, srv.URL)))
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, c.name, string(argv))
		}
		out, err := run(t, 2*time.Minute, dir, awsEnv(dir), python, args...)
		if err != nil || bytes.Contains(out, []byte("exited with")) {
			t.Errorf("%v\n%s", err, out)
		}
		got := srv.byMark()
		for _, c := range cases {
			checkOne(t, c, "the AWS CLI", got[c.name])
		}
		return
	}

	for _, c := range cases {
		if out, err := run(t, time.Minute, dir, awsEnv(dir), sh, "-c", renderAt(t, c, CLI, srv.URL)); err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, out)
			srv.take()
			continue
		}
		srv.expectOne(t, c, "the AWS CLI")
	}
}
