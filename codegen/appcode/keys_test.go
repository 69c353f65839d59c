package appcode

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// The key builders of the typed modules are run (by the code checks in
// codecheck_test.go) with example parameters; what they build must be the
// model's key templates expanded, byte for byte.

// exampleParams gives each of the entity's parameters an example value.
func exampleParams(e *entity) model.Params {
	vals := model.Params{}
	for i, p := range e.params {
		if p.typ == "N" {
			vals[p.name] = strconv.Itoa(40 + i)
		} else {
			vals[p.name] = "v" + strconv.Itoa(i) + "-" + p.name + "#x"
		}
	}
	return vals
}

// expectedKeys expands the entity's key templates with vals: attribute
// name to its type and value ({"S": "USER#v0-userId#x"}).
func expectedKeys(t *testing.T, e *entity, vals model.Params) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, k := range e.keys {
		s, err := k.tmpl.ExpandParams(vals)
		if err != nil {
			t.Fatal(err)
		}
		typ := k.typ
		if typ == "" {
			typ = "S"
		}
		out[k.attr] = map[string]string{typ: s}
	}
	return out
}

// argList writes the example parameters as call arguments, in order.
func argList(e *entity, vals model.Params) string {
	var args []string
	for _, p := range e.params {
		if p.typ == "N" {
			args = append(args, vals[p.name])
		} else {
			args = append(args, quote(vals[p.name]))
		}
	}
	return strings.Join(args, ", ")
}

// keyCase is one entity's key builder call and what it must build.
type keyCase struct {
	pattern, entity string
	call            string
	want            map[string]map[string]string
}

// keyCases lists every entity of every pattern with fn naming its key
// builder.
func keyCases(t *testing.T, fn func(e *entity) string) []keyCase {
	var out []keyCase
	for _, p := range checkedModels(t) {
		d, err := newDesign(p.m)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range d.entities {
			vals := exampleParams(e)
			out = append(out, keyCase{pattern: p.name, entity: e.name, call: fn(e) + "(" + argList(e, vals) + ")", want: expectedKeys(t, e, vals)})
		}
	}
	if len(out) == 0 {
		t.Fatal("no entity in the patterns")
	}
	return out
}

// compareKeys reads the JSON a key-builder run printed (pattern -> entity
// -> attribute -> {type: value}) and compares it with the cases.
func compareKeys(t *testing.T, lang string, cases []keyCase, out []byte) {
	t.Helper()
	var got map[string]map[string]map[string]map[string]string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s key builders: %v\n%s", lang, err, out)
	}
	for _, c := range cases {
		g := got[c.pattern][c.entity]
		if len(g) != len(c.want) {
			t.Errorf("%s: %s: %s built %v, want %v", lang, c.pattern, c.entity, g, c.want)
			continue
		}
		for attr, w := range c.want {
			for typ, v := range w {
				if g[attr][typ] != v {
					t.Errorf("%s: %s: %s: %s = %v, want %s %q (the model's template)", lang, c.pattern, c.entity, attr, g[attr], typ, v)
				}
			}
		}
	}
}

func patternDir(name string) string { return strings.ReplaceAll(name, "-", "_") }

// checkTypeScriptKeys runs the typescript modules' key builders (emitted
// as JavaScript into work/js).
func checkTypeScriptKeys(t *testing.T, work string) {
	cases := keyCases(t, func(e *entity) string { return camel(e.name, "e") + "Keys" })
	var b strings.Builder
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.pattern] {
			seen[c.pattern] = true
			b.WriteString("import * as " + patternDir(c.pattern) + " from \"./" + patternDir(c.pattern) + "/access.js\";\n")
		}
	}
	b.WriteString("const out = {};\nconst typed = (v) => typeof v === \"number\" ? { N: String(v) } : { S: v };\n")
	b.WriteString("const put = (p, e, keys) => { out[p] ??= {}; out[p][e] = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, typed(v)])); };\n")
	for _, c := range cases {
		b.WriteString("put(" + quote(c.pattern) + ", " + quote(c.entity) + ", " + patternDir(c.pattern) + "." + c.call + ");\n")
	}
	b.WriteString("console.log(JSON.stringify(out));\n")
	path := filepath.Join(work, "js", "keys.mjs")
	mustWrite(t, path, b.String())
	out, err := exec.Command("node", path).CombinedOutput()
	if err != nil {
		t.Fatalf("node keys.mjs: %v\n%s", err, out)
	}
	compareKeys(t, "typescript", cases, out)
}

// checkPythonKeys runs the python modules' key builders; the modules are
// work/<pattern>_access.py.
func checkPythonKeys(t *testing.T, py, work string) {
	cases := keyCases(t, func(e *entity) string { return snake(e.name, "e") + "_keys" })
	var b strings.Builder
	b.WriteString("import json, sys\nsys.path.insert(0, sys.argv[1])\nout = {}\n")
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.pattern] {
			seen[c.pattern] = true
			b.WriteString("import " + patternDir(c.pattern) + "_access\n")
		}
		b.WriteString("out.setdefault(" + quote(c.pattern) + ", {})[" + quote(c.entity) + "] = " + patternDir(c.pattern) + "_access." + c.call + "\n")
	}
	b.WriteString("print(json.dumps(out))\n")
	script := filepath.Join(work, "keys.py")
	mustWrite(t, script, b.String())
	out, err := exec.Command(py, script, work).CombinedOutput()
	if err != nil {
		t.Fatalf("python keys.py: %v\n%s", err, out)
	}
	compareKeys(t, "python", cases, out)
}

// checkGoKeys runs the go packages' key builders from a program in the
// temporary module at work (module example.com/access, one package per
// pattern).
func checkGoKeys(t *testing.T, run func(args ...string) ([]byte, error), work string) {
	cases := keyCases(t, func(e *entity) string { return pascal(e.name, "E") + "Keys" })
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\n\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n")
	seen := map[string]bool{}
	for _, c := range cases {
		if !seen[c.pattern] {
			seen[c.pattern] = true
			b.WriteString("\t" + patternDir(c.pattern) + " \"example.com/access/" + patternDir(c.pattern) + "\"\n")
		}
	}
	b.WriteString(")\n\nfunc main() {\n\tout := map[string]map[string]map[string]map[string]string{}\n")
	b.WriteString("\tput := func(p, e string, keys map[string]types.AttributeValue) {\n\t\tif out[p] == nil {\n\t\t\tout[p] = map[string]map[string]map[string]string{}\n\t\t}\n")
	b.WriteString("\t\tm := map[string]map[string]string{}\n\t\tfor k, v := range keys {\n\t\t\tswitch v := v.(type) {\n")
	b.WriteString("\t\t\tcase *types.AttributeValueMemberS:\n\t\t\t\tm[k] = map[string]string{\"S\": v.Value}\n")
	b.WriteString("\t\t\tcase *types.AttributeValueMemberN:\n\t\t\t\tm[k] = map[string]string{\"N\": v.Value}\n")
	b.WriteString("\t\t\tdefault:\n\t\t\t\tm[k] = map[string]string{\"?\": \"\"}\n\t\t\t}\n\t\t}\n\t\tout[p][e] = m\n\t}\n")
	for _, c := range cases {
		b.WriteString("\tput(" + quote(c.pattern) + ", " + quote(c.entity) + ", " + patternDir(c.pattern) + "." + c.call + ")\n")
	}
	b.WriteString("\t_ = json.NewEncoder(os.Stdout).Encode(out)\n}\n")
	if err := os.MkdirAll(filepath.Join(work, "cmd", "keys"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(work, "cmd", "keys", "main.go"), b.String())
	out, err := run("run", "./cmd/keys")
	if err != nil {
		t.Fatalf("go run ./cmd/keys: %v\n%s", err, out)
	}
	compareKeys(t, "go", cases, out)
}
