package appcode

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The generated code runs: every access pattern's function is called with
// its example parameters against the engine's DynamoDB endpoint (the wire
// protocol over HTTP), holding the model's dataset, and finds what the
// model's own request finds in a twin database.

// runCall is one function call of a run, and what it must return.
type runCall struct {
	Module   string     `json:"module"`
	Function string     `json:"function"`
	Args     []runArg   `json:"args"`
	Want     int        `json:"want"` // items found; -1 for a write's output
	WantErr  bool       `json:"wantErr"`
	Pattern  string     `json:"pattern"`
	model    namedModel // not sent
}

type runArg struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Number bool   `json:"number"`
}

// runResult is what the script reports of a call.
type runResult struct {
	OK    bool   `json:"ok"`
	Count int    `json:"count"`
	Error string `json:"error"`
}

// endpoint serves db over DynamoDB's JSON protocol.
func endpoint(t *testing.T, db *engine.Database) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		status, out := wire.Dispatch(db, r.Header.Get("X-Amz-Target"), body)
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.WriteHeader(status)
		w.Write(out)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// smallDataset loads a model's dataset, at most 300 items of a pattern's.
func loadDataset(t *testing.T, m *model.Model, db *engine.Database) {
	t.Helper()
	if m.Dataset != nil && m.Dataset.Generator != nil && m.Dataset.Generator.Size > 300 {
		g := *m.Dataset.Generator
		g.Size = 300
		m.Dataset = &model.Dataset{Generator: &g, Items: m.Dataset.Items}
	}
	if _, err := m.Load(db, patterns.Generator); err != nil {
		t.Fatalf("%s: loading the dataset: %v", m.Name, err)
	}
}

// plannedCalls runs every model's access patterns in a twin database, in
// order, and returns the calls the generated code must answer alike, with
// one database per model for the generated code to run against.
func plannedCalls(t *testing.T, fn func(d *design) map[*pattern]string, ids func(ps []*param) map[string]string, module func(name string) string) ([]runCall, map[string]*engine.Database) {
	var calls []runCall
	dbs := map[string]*engine.Database{}
	for _, nm := range checkedModels(t) {
		d, err := newDesign(nm.m)
		if err != nil {
			t.Fatal(err)
		}
		twin, _ := nm.m.NewDatabase()
		live, _ := nm.m.NewDatabase()
		loadDataset(t, nm.m, twin)
		loadDataset(t, nm.m, live)
		dbs[nm.name] = live
		names := fn(d)
		for _, p := range d.patterns {
			examples := p.ap.Examples()
			c := runCall{Module: module(nm.name), Function: names[p], Pattern: p.ap.Name, Want: -1, model: nm}
			pid := ids(p.params)
			for _, q := range p.params {
				c.Args = append(c.Args, runArg{Name: pid[q.name], Value: examples[q.name], Number: q.typ == "N"})
			}
			res, err := p.ap.Run(twin, examples)
			c.WantErr = err != nil
			if err == nil && p.reads() {
				c.Want = len(res.Items)
			}
			calls = append(calls, c)
		}
	}
	return calls, dbs
}

// compareRuns checks the script's results against the calls.
func compareRuns(t *testing.T, lang string, calls []runCall, out []byte) {
	t.Helper()
	var got []runResult
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(calls) {
		t.Fatalf("%s: %d results for %d calls (%v)\n%s", lang, len(got), len(calls), err, out)
	}
	checked := 0
	for i, c := range calls {
		g := got[i]
		switch {
		case c.WantErr && g.OK:
			t.Errorf("%s: %s: %q succeeded where the engine refuses the request", lang, c.model.name, c.Pattern)
		case !c.WantErr && !g.OK:
			t.Errorf("%s: %s: %q failed: %s", lang, c.model.name, c.Pattern, g.Error)
		case g.OK && g.Count != c.Want:
			t.Errorf("%s: %s: %q returned %d items, want %d", lang, c.model.name, c.Pattern, g.Count, c.Want)
		default:
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no call checked")
	}
}

// runPython calls every pattern's function of the python modules (in
// work, named <model>_access.py) against the engine.
func runPython(t *testing.T, py, work string) {
	calls, dbs := plannedCalls(t,
		func(d *design) map[*pattern]string { _, _, fn := pyNames(d); return fn },
		pyParamNames,
		func(name string) string { return patternDir(name) + "_access" })
	urls := map[string]string{}
	for name, db := range dbs {
		urls[patternDir(name)+"_access"] = endpoint(t, db)
	}
	plan, _ := json.Marshal(map[string]any{"calls": calls, "endpoints": urls})
	script := `import importlib, json, sys
from decimal import Decimal
import boto3
sys.path.insert(0, sys.argv[1])
plan = json.load(sys.stdin)
clients = {m: boto3.client("dynamodb", endpoint_url=u, region_name="us-east-1",
    aws_access_key_id="test", aws_secret_access_key="test") for m, u in plan["endpoints"].items()}
out = []
for c in plan["calls"]:
    fn = getattr(importlib.import_module(c["module"]), c["function"])
    kwargs = {a["name"]: (Decimal(a["value"]) if a["number"] else a["value"]) for a in c["args"] or []}
    try:
        r = fn(clients[c["module"]], **kwargs)
    except Exception as e:
        out.append({"ok": False, "count": 0, "error": repr(e)})
        continue
    if isinstance(r, list):
        n = len(r)
        if r and "ResponseMetadata" in r[0]:
            n = -1
    elif r is None:
        n = 0
    elif "ResponseMetadata" in r:
        n = -1
    else:
        n = 1
    out.append({"ok": True, "count": n, "error": ""})
print(json.dumps(out))
`
	path := filepath.Join(work, "run.py")
	mustWrite(t, path, script)
	cmd := exec.Command(py, path, work)
	cmd.Stdin = bytesReader(plan)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("python run.py: %v\n%s", err, stderr)
	}
	compareRuns(t, "python", calls, out)
}

// runTypeScript calls every pattern's function of the typescript modules
// (emitted as JavaScript into work/js) against the engine.
func runTypeScript(t *testing.T, work, file string) []runResult {
	calls, dbs := plannedCalls(t,
		func(d *design) map[*pattern]string { return newTSNames(d).fn },
		tsParamNames,
		func(name string) string { return "./" + patternDir(name) + "/" + file + ".js" })
	urls := map[string]string{}
	for name, db := range dbs {
		urls["./"+patternDir(name)+"/"+file+".js"] = endpoint(t, db)
	}
	plan, _ := json.Marshal(map[string]any{"calls": calls, "endpoints": urls})
	script := `import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { readFileSync } from "node:fs";
const plan = JSON.parse(readFileSync(0, "utf8"));
const clients = {};
for (const [m, url] of Object.entries(plan.endpoints)) {
  clients[m] = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: url, region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } }));
}
const out = [];
for (const c of plan.calls) {
  const mod = await import(c.module);
  const args = (c.args ?? []).map((a) => (a.number ? Number(a.value) : a.value));
  try {
    let r;
    if (mod.setDocumentClient) {
      mod.setDocumentClient(clients[c.module]);
      r = await mod[c.function](...args);
    } else {
      r = await mod[c.function](clients[c.module], ...args);
    }
    let n;
    if (Array.isArray(r)) n = r.length > 0 && r[0] && r[0].$metadata ? -1 : r.length;
    else if (r === undefined) n = 0;
    else if (r.$metadata) n = -1;
    else n = 1;
    out.push({ ok: true, count: n, error: "" });
  } catch (e) {
    out.push({ ok: false, count: 0, error: String(e) });
  }
}
console.log(JSON.stringify(out));
`
	path := filepath.Join(work, "js", "run_"+file+".mjs")
	mustWrite(t, path, script)
	cmd := exec.Command("node", path)
	cmd.Dir = filepath.Join(work, "js")
	cmd.Stdin = bytesReader(plan)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node %s: %v\n%s", path, err, stderr)
	}
	compareRuns(t, file, calls, out)
	var got []runResult
	json.Unmarshal(out, &got)
	return got
}

// runGo calls every pattern's function of the go packages (in the
// temporary module at work) from a program against the engine.
func runGo(t *testing.T, run func(args ...string) ([]byte, error), work string) {
	calls, dbs := plannedCalls(t,
		func(d *design) map[*pattern]string { _, _, fn := goNames(d); return fn },
		goParamNames,
		func(name string) string { return patternDir(name) })
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"os\"\n\t\"reflect\"\n\t\"strings\"\n\n")
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/aws\"\n\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n")
	for _, nm := range checkedModels(t) {
		if len(nm.m.AccessPatterns) > 0 {
			b.WriteString("\t" + patternDir(nm.name) + " \"example.com/access/" + patternDir(nm.name) + "\"\n")
		}
	}
	b.WriteString(")\n\n")
	b.WriteString(`type result struct {
	OK    bool   ` + "`json:\"ok\"`" + `
	Count int    ` + "`json:\"count\"`" + `
	Error string ` + "`json:\"error\"`" + `
}

func client(url string) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		BaseEndpoint:     aws.String(url),
		Region:           "us-east-1",
		Credentials: aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) {
			return aws.Credentials{AccessKeyID: "test", SecretAccessKey: "test"}, nil
		}),
	})
}

// count is what a function returned: items found, or -1 for a write's output.
func count(v any, err error) result {
	if err != nil {
		return result{Error: err.Error()}
	}
	r := reflect.ValueOf(v)
	output := func(t reflect.Type) bool {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		return strings.HasSuffix(t.Name(), "Output")
	}
	switch {
	case r.Kind() == reflect.Slice && output(r.Type().Elem()):
		return result{OK: true, Count: -1}
	case r.Kind() == reflect.Slice:
		return result{OK: true, Count: r.Len()}
	case output(r.Type()):
		return result{OK: true, Count: -1}
	case r.IsNil():
		return result{OK: true}
	}
	return result{OK: true, Count: 1}
}

func main() {
	ctx := context.Background()
	var out []result
`)
	for _, nm := range checkedModels(t) {
		if len(nm.m.AccessPatterns) > 0 {
			b.WriteString("\tc" + patternDir(nm.name) + " := client(" + quote(endpoint(t, dbs[nm.name])) + ")\n")
		}
	}
	for _, c := range calls {
		var args []string
		for _, a := range c.Args {
			if a.Number {
				args = append(args, a.Value)
			} else {
				args = append(args, quote(a.Value))
			}
		}
		call := c.Module + "." + c.Function + "(" + strings.Join(append([]string{"ctx", "c" + c.Module}, args...), ", ") + ")"
		b.WriteString("\t{\n\t\tv, err := " + call + "\n\t\tout = append(out, count(v, err))\n\t}\n")
	}
	b.WriteString("\t_ = json.NewEncoder(os.Stdout).Encode(out)\n}\n")
	if err := os.MkdirAll(filepath.Join(work, "cmd", "run"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(work, "cmd", "run", "main.go"), b.String())
	out, err := run("run", "./cmd/run")
	if err != nil {
		t.Fatalf("go run ./cmd/run: %v\n%s", err, out)
	}
	compareRuns(t, "go", calls, out)
}

// runElectroDBGets reads, with the ElectroDB entities, every item an
// entity's GetItem access pattern finds in the dataset (items ElectroDB
// did not write: ignoreOwnership), against the engine.
func runElectroDBGets(t *testing.T, work string) {
	var script strings.Builder
	script.WriteString("import { DynamoDBClient } from \"@aws-sdk/client-dynamodb\";\nimport { DynamoDBDocumentClient } from \"@aws-sdk/lib-dynamodb\";\nconst out = [];\n")
	script.WriteString("const client = (url) => DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: url, region: \"us-east-1\", credentials: { accessKeyId: \"test\", secretAccessKey: \"test\" } }));\n")
	type check struct{ model, pattern string }
	var checks []check
	for _, nm := range checkedModels(t) {
		d, err := newDesign(nm.m)
		if err != nil {
			t.Fatal(err)
		}
		db, _ := nm.m.NewDatabase()
		loadDataset(t, nm.m, db)
		mod := "m_" + patternDir(nm.name)
		wrote := false
		for _, p := range d.patterns {
			if p.ap.Operation != "GetItem" || p.entity == nil || p.fanOut != nil {
				continue
			}
			// The request's key must be the entity's templates.
			key := p.req.get("Key")
			same := key != nil && len(key.keys) > 0
			for i, k := range key.keys {
				ek := p.entity.key(k.text())
				s := key.vals[i]
				same = same && ek != nil && isPrimary(p.entity.table, ek.attr) && s.kind == kObject && len(s.vals) == 1 && s.vals[0].kind == kString && s.vals[0].text() == ek.tmpl.String()
			}
			if !same {
				continue
			}
			if !wrote {
				wrote = true
				script.WriteString("const " + mod + " = await import(\"./" + patternDir(nm.name) + "/entities.js\");\n")
				script.WriteString(mod + ".setClient(client(" + quote(endpoint(t, db)) + "));\n")
			}
			examples := p.ap.Examples()
			attrs := electroAttrs(p.entity)
			var members []string
			primary := primaryParams(p.entity)
			for _, q := range p.entity.params {
				if !primary[q.name] {
					continue
				}
				v := quote(examples[q.name])
				if q.typ == "N" {
					v = examples[q.name]
				}
				members = append(members, quote(attrs[q.name])+": "+v)
			}
			ent := ""
			src, _ := os.ReadFile(filepath.Join(work, patternDir(nm.name), "entities.ts"))
			for _, mm := range entityVar.FindAllStringSubmatch(string(src), -1) {
				if name, _ := strconv.Unquote(mm[2]); name == p.entity.name {
					ent = mm[1]
				}
			}
			script.WriteString("try {\n  const r = await " + mod + "." + ent + ".get({ " + strings.Join(members, ", ") + " }).go({ ignoreOwnership: true });\n")
			script.WriteString("  out.push({ ok: true, count: r.data ? 1 : 0, error: \"\" });\n} catch (e) {\n  out.push({ ok: false, count: 0, error: String(e) });\n}\n")
			checks = append(checks, check{nm.name, p.ap.Name})
		}
	}
	script.WriteString("console.log(JSON.stringify(out));\n")
	if len(checks) == 0 {
		t.Fatal("no GetItem pattern to read with ElectroDB")
	}
	path := filepath.Join(work, "js", "run_electrodb.mjs")
	mustWrite(t, path, script.String())
	cmd := exec.Command("node", path)
	cmd.Dir = filepath.Join(work, "js")
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node %s: %v\n%s", path, err, stderr)
	}
	var got []runResult
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(checks) {
		t.Fatalf("%d results for %d reads: %v\n%s", len(got), len(checks), err, out)
	}
	for i, c := range checks {
		if !got[i].OK || got[i].Count != 1 {
			t.Errorf("electrodb: %s: %q did not read the item: %+v", c.model, c.pattern, got[i])
		}
	}
}
