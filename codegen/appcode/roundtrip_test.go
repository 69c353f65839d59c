package appcode

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// TestToolboxRoundTripsTypeScript: for every entity of every checked model
// and of a few random ones, an item written by the typed TypeScript
// module's put is read back whole by the DynamoDB-Toolbox entity's get, and
// an item the Toolbox entity puts is read by the typed get as the same
// stored item the typed put makes: key attributes from the model's
// templates, the templates' parameters and the attributes, each under one
// name and one type in both. The modules run with node against the
// engine's DynamoDB endpoint.
func TestToolboxRoundTripsTypeScript(t *testing.T) {
	dir := codecheckDir(t)
	work, err := os.MkdirTemp(dir, "roundtrip-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(work)
	seed := int64(27)
	if s := os.Getenv("ROUNDTRIP_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Logf("random models from seed %d (ROUNDTRIP_SEED)", seed)
	models := checkedModels(t)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 4; i++ {
		src := randomModel(r, i)
		m, err := model.Parse(src)
		if err != nil {
			t.Fatalf("random model %d: %v\n%s", i, err, src)
		}
		models = append(models, namedModel{"random" + strconv.Itoa(i), m})
	}
	var files []string
	for _, nm := range models {
		for _, format := range []string{Toolbox, TypeScript} {
			res, err := formats.Render(nm.m, format)
			if err != nil {
				t.Fatalf("%s: %v", nm.name, err)
			}
			for _, w := range res.Warnings {
				t.Errorf("%s: %s: warning: %s", nm.name, format, w)
			}
			for _, f := range res.Files {
				path := filepath.Join(work, patternDir(nm.name), f.Path)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				mustWrite(t, path, f.Content)
				files = append(files, path)
			}
		}
	}
	mustWrite(t, filepath.Join(work, "tsconfig.json"), `{
  "compilerOptions": {"strict": true, "outDir": "js", "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext", "skipLibCheck": true, "types": []},
  "files": `+jsonList(files, work)+`
}`)
	mustWrite(t, filepath.Join(work, "package.json"), `{"type": "module"}`)
	cmd := exec.Command("node", filepath.Join(dir, "node_modules", "typescript", "bin", "tsc"), "-p", work)
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tsc over %d files: %v\n%s", len(files), err, out)
	}
	checked, putPatterns := 0, 0
	for _, nm := range models {
		e, p := roundTrip(t, work, nm)
		checked += e
		putPatterns += p
	}
	if checked == 0 {
		t.Fatal("no entity was round-tripped")
	}
	t.Logf("%d entities of %d models round-tripped both ways; %d PutItem access patterns write the same item in both", checked, len(models), putPatterns)
	if putPatterns == 0 {
		t.Fatal("no PutItem access pattern was compared")
	}
}

// rtCase is one entity's round trip, as the script gets it.
type rtCase struct {
	Entity  string         `json:"entity"`
	Toolbox string         `json:"toolbox"` // the Entity's constant in toolbox.ts
	Put     string         `json:"put"`     // the typed module's put and get
	Get     string         `json:"get"`
	A, B    map[string]any `json:"-"`
	InputA  map[string]any `json:"a"` // the items, tagged (see rtScript)
	InputB  map[string]any `json:"b"`
	KeyA    map[string]any `json:"keyA"` // the primary key's parameters
	KeyB    map[string]any `json:"keyB"`
	ArgsA   []any          `json:"argsA"`
	ArgsB   []any          `json:"argsB"`
}

// rtResult is what the script read: Toolbox's get of the item the typed
// put wrote (ToolboxA), the typed get of it (TypedA), the typed get of the
// item Toolbox put (TypedB) and Toolbox's get of that (ToolboxB).
type rtResult struct {
	ToolboxA, TypedA, TypedB, ToolboxB map[string]any
	Error                              string
}

// roundTrip runs nm's cases, returning how many entities and PutItem
// patterns it compared.
func roundTrip(t *testing.T, work string, nm namedModel) (int, int) {
	d, err := newDesign(nm.m)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(work, patternDir(nm.name), "toolbox.ts"))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	for _, mm := range entityVar.FindAllStringSubmatch(string(src), -1) {
		name, _ := strconv.Unquote(mm[2])
		vars[name] = mm[1]
	}
	names := newTSNames(d)
	var cases []rtCase
	stored := map[string][2]map[string]any{}
	formatted := map[string][2]map[string]any{}
	for i, e := range d.entities {
		if !hasPrimaryKeys(e) {
			continue
		}
		if vars[e.name] == "" {
			t.Errorf("%s: no Toolbox entity for %s", nm.name, e.name)
			continue
		}
		c := rtCase{Entity: e.name, Toolbox: vars[e.name], Put: names.items[e].put, Get: names.items[e].get}
		var s, f [2]map[string]any
		c.InputA, c.KeyA, c.ArgsA, s[0], f[0] = rtItem(t, e, fmt.Sprintf("a%d", i))
		c.InputB, c.KeyB, c.ArgsB, s[1], f[1] = rtItem(t, e, fmt.Sprintf("b%d", i))
		stored[e.name], formatted[e.name] = s, f
		cases = append(cases, c)
	}
	pcases := putPatternCases(t, d, string(src), names)
	if len(cases) == 0 {
		return 0, 0
	}
	db, _ := nm.m.NewDatabase()
	if err := nm.m.CreateTables(db); err != nil {
		t.Fatalf("%s: %v", nm.name, err)
	}
	plan, _ := json.Marshal(map[string]any{"endpoint": endpoint(t, db), "cases": cases, "patterns": pcases})
	dir := filepath.Join(work, "js", patternDir(nm.name))
	path := filepath.Join(dir, "roundtrip.mjs")
	mustWrite(t, path, rtScript)
	cmd := exec.Command("node", path)
	cmd.Dir = dir
	cmd.Stdin = bytesReader(plan)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("%s: node %s: %v\n%s", nm.name, path, err, stderr)
	}
	var res struct {
		Cases    []rtResult
		Patterns []struct {
			Typed, Toolbox map[string]any
			Error          string
		}
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res.Cases) != len(cases) || len(res.Patterns) != len(pcases) {
		t.Fatalf("%s: %d and %d results for %d and %d cases (%v)\n%s", nm.name, len(res.Cases), len(res.Patterns), len(cases), len(pcases), err, out)
	}
	got := res.Cases
	compared := 0
	for i, c := range pcases {
		g := res.Patterns[i]
		switch {
		case g.Error != "":
			t.Errorf("%s: %q: %s", nm.name, c.Pattern, g.Error)
		case g.Typed == nil:
			t.Errorf("%s: %q: the typed function's item is not there", nm.name, c.Pattern)
		default:
			if rtSame(t, nm.name, c.Pattern, "the item the typed function writes, against the Toolbox function's", g.Typed, g.Toolbox) {
				compared++
			}
			for _, name := range c.Saved {
				if _, ok := g.Typed[name]; !ok {
					t.Errorf("%s: %q: the item lacks the parameter attribute %s", nm.name, c.Pattern, name)
				}
			}
		}
	}
	n := 0
	for i, c := range cases {
		g := got[i]
		if g.Error != "" {
			t.Errorf("%s: %s: %s", nm.name, c.Entity, g.Error)
			continue
		}
		s, f := stored[c.Entity], formatted[c.Entity]
		ok := rtSame(t, nm.name, c.Entity, "Toolbox's get of the typed put's item", g.ToolboxA, f[0])
		ok = rtSame(t, nm.name, c.Entity, "the typed get of the typed put's item", g.TypedA, s[0]) && ok
		ok = rtSame(t, nm.name, c.Entity, "the typed get of Toolbox's put's item", g.TypedB, s[1]) && ok
		ok = rtSame(t, nm.name, c.Entity, "Toolbox's get of its own put's item", g.ToolboxB, f[1]) && ok
		if ok {
			n++
		}
	}
	return n, compared
}

// rtPattern is a PutItem access pattern that both modules have a function
// for: each writes the item of the pattern's examples, read back with the
// typed get.
type rtPattern struct {
	Pattern string   `json:"pattern"`
	Typed   string   `json:"typed"`
	Toolbox string   `json:"toolbox"`
	Get     string   `json:"get"`
	Args    []any    `json:"args"`
	KeyArgs []any    `json:"keyArgs"`
	Table   string   `json:"table"`
	Key     any      `json:"key"` // the item's primary key, deleted before each write
	Saved   []string `json:"-"`   // the parameters' attributes the item must carry
}

// putPatternCases are d's PutItem patterns of an entity with a put and
// get, with their functions' names in the typed module and in toolbox.ts.
func putPatternCases(t *testing.T, d *design, toolboxSrc string, names *tsNames) []rtPattern {
	var out []rtPattern
	for _, p := range d.patterns {
		if p.ap.Operation != "PutItem" || p.entity == nil || p.fanOut != nil || !hasPrimaryKeys(p.entity) {
			continue
		}
		fn := regexp.MustCompile(`/\*\* ` + regexp.QuoteMeta(comment(p.ap.Name)) + `: PutItem[^\n]*(?:\n \*[^\n]*)*\nexport async function (\w+)\(`).FindStringSubmatch(toolboxSrc)
		if fn == nil {
			t.Errorf("%q: no function in toolbox.ts", p.ap.Name)
			continue
		}
		ex := p.ap.Examples()
		val := func(name, typ string) any {
			if typ == "N" {
				f, _ := strconv.ParseFloat(ex[name], 64)
				return f
			}
			return ex[name]
		}
		c := rtPattern{Pattern: p.ap.Name, Typed: names.fn[p], Toolbox: fn[1], Get: names.items[p.entity].get}
		in := map[string]bool{}
		for _, q := range p.params {
			c.Args = append(c.Args, val(q.name, q.typ))
			in[q.name] = true
		}
		te := newToolboxEntity(p.entity)
		primary := primaryParams(p.entity)
		c.Table = p.entity.table.name
		key := map[string]any{}
		for _, k := range p.entity.keys {
			if isPrimary(p.entity.table, k.attr) {
				v, err := k.tmpl.ExpandParams(ex)
				if err != nil {
					t.Fatal(err)
				}
				key[k.attr] = v
				if k.typ == "N" {
					key[k.attr], _ = strconv.ParseFloat(v, 64)
				}
			}
		}
		c.Key = key
		for _, q := range p.entity.params {
			if primary[q.name] {
				c.KeyArgs = append(c.KeyArgs, val(q.name, q.typ))
			}
			if in[q.name] {
				c.Saved = append(c.Saved, te.savedName(q.name))
			}
		}
		out = append(out, c)
	}
	return out
}

func rtSame(t *testing.T, model, entity, what string, got, want map[string]any) bool {
	t.Helper()
	if reflect.DeepEqual(got, want) {
		return true
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	t.Errorf("%s: %s: %s:\n got %s\nwant %s", model, entity, what, g, w)
	return false
}

// rtItem makes an item of e whose every parameter and attribute has a value
// (distinct by tag): the input both puts take, the primary key's
// parameters for Toolbox's get and as the typed get's arguments, the item
// as stored (key attributes from the model's templates, parameters under
// the names Toolbox saves them, attributes) and as Toolbox's get formats
// it (the input, plus the index keys it links).
func rtItem(t *testing.T, e *entity, tag string) (input, key map[string]any, args []any, stored, formatted map[string]any) {
	t.Helper()
	te := newToolboxEntity(e)
	primary := primaryParams(e)
	input, key, stored, formatted = map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}
	vals := model.Params{}
	params := map[string]bool{}
	for i, p := range e.params {
		params[p.name] = true
		var v any = tag + "-" + p.name
		vals[p.name] = v.(string)
		if p.typ == "N" {
			n := 40 + i
			if tag[0] == 'b' {
				n += 100
			}
			v, vals[p.name] = float64(n), strconv.Itoa(n)
		}
		input[p.name] = v
		stored[te.savedName(p.name)] = v
		if primary[p.name] {
			key[p.name] = v
			args = append(args, v)
		}
	}
	for _, f := range e.fields {
		if f.key || params[f.name] {
			continue
		}
		v := rtValue(t, f.typ, tag)
		input[f.name], stored[f.name] = v, v
	}
	for k, v := range input {
		formatted[k] = v
	}
	for _, k := range e.keys {
		s, err := k.tmpl.ExpandParams(vals)
		if err != nil {
			t.Fatal(err)
		}
		var v any = s
		if k.typ == "N" {
			v, _ = strconv.ParseFloat(s, 64)
		}
		stored[k.attr] = v
		linked := !isPrimary(e.table, k.attr) && !(k.tmpl.IsParam() && te.savedAs[k.tmpl.Params()[0]] == k.attr)
		if linked {
			formatted[k.attr] = v
		}
	}
	return input, key, args, stored, formatted
}

// rtValue is a value of a DynamoDB type, tagged as the script revives it:
// {"$set": [...]} a Set, {"$bytes": [...]} a Uint8Array.
func rtValue(t *testing.T, typ, tag string) any {
	bytes := func(s string) any {
		var out []any
		for _, c := range []byte(s) {
			out = append(out, float64(c))
		}
		return map[string]any{"$bytes": out}
	}
	switch typ {
	case "S":
		return "text " + tag
	case "N":
		return 7.5
	case "B":
		return bytes(tag)
	case "BOOL":
		return true
	case "NULL":
		return nil
	case "SS":
		return map[string]any{"$set": []any{"x " + tag, "y"}}
	case "NS":
		return map[string]any{"$set": []any{1.0, 2.5}}
	case "BS":
		return map[string]any{"$set": []any{bytes("p"), bytes(tag)}}
	case "L":
		return []any{"one " + tag, 2.0, map[string]any{"three": true}}
	case "M":
		return map[string]any{"name": "m " + tag, "n": 3.0, "nested": []any{"x"}}
	}
	t.Fatalf("no value for type %s", typ)
	return nil
}

// rtScript runs the cases against the endpoint and prints each one's four
// reads, with Sets and bytes tagged back, set members in a stable order.
const rtScript = `import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetItemCommand } from "dynamodb-toolbox/entity/actions/get";
import { PutItemCommand } from "dynamodb-toolbox/entity/actions/put";
import { readFileSync } from "node:fs";
import * as typed from "./access.js";
import * as toolbox from "./toolbox.js";

const plan = JSON.parse(readFileSync(0, "utf8"));
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: plan.endpoint, region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } }));
toolbox.setDocumentClient(client);

const revive = (v) => {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === "object") {
    if ("$set" in v) return new Set(v.$set.map(revive));
    if ("$bytes" in v) return new Uint8Array(v.$bytes);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  }
  return v;
};
const tag = (v) => {
  if (v instanceof Set) return { $set: [...v].map(tag).sort((a, b) => JSON.stringify(a) < JSON.stringify(b) ? -1 : 1) };
  if (v instanceof Uint8Array) return { $bytes: Array.from(v) };
  if (Array.isArray(v)) return v.map(tag);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tag(x)]));
  return v;
};

const out = [];
for (const c of plan.cases) {
  try {
    const entity = toolbox[c.toolbox];
    await typed[c.put](client, revive(c.a));
    const toolboxA = (await entity.build(GetItemCommand).key(revive(c.keyA)).options({ consistent: true }).send()).Item;
    const typedA = await typed[c.get](client, ...c.argsA);
    await entity.build(PutItemCommand).item(revive(c.b)).send();
    const typedB = await typed[c.get](client, ...c.argsB);
    const toolboxB = (await entity.build(GetItemCommand).key(revive(c.keyB)).options({ consistent: true }).send()).Item;
    out.push({ ToolboxA: tag(toolboxA), TypedA: tag(typedA), TypedB: tag(typedB), ToolboxB: tag(toolboxB), Error: "" });
  } catch (e) {
    out.push({ Error: String(e && e.stack ? e.stack : e) });
  }
}
const patterns = [];
for (const c of plan.patterns ?? []) {
  try {
    const clear = () => client.send(new DeleteCommand({ TableName: c.table, Key: c.key }));
    await clear();
    await typed[c.typed](client, ...c.args);
    const t = await typed[c.get](client, ...c.keyArgs);
    await clear();
    await toolbox[c.toolbox](...c.args);
    const b = await typed[c.get](client, ...c.keyArgs);
    patterns.push({ Typed: tag(t), Toolbox: tag(b), Error: "" });
  } catch (e) {
    patterns.push({ Error: String(e && e.stack ? e.stack : e) });
  }
}
console.log(JSON.stringify({ Cases: out, Patterns: patterns }));
`

// randomModel is a model of one table with a random key schema (S or N
// keys, a sort key or not, a GSI or not) and two entities whose key
// templates mix literals and parameters (some named like the entity's
// attributes or like a key attribute), with attributes of every type.
func randomModel(r *rand.Rand, n int) []byte {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	pkName, skName := pick("PK", "pk", "id"), pick("SK", "sk", "sort")
	pkType := pick("S", "S", "N")
	hasSK := r.Intn(4) > 0
	skType := pick("S", "S", "N")
	hasGSI := r.Intn(2) == 0
	defs := []string{`{"AttributeName": "` + pkName + `", "AttributeType": "` + pkType + `"}`}
	ks := []string{`{"AttributeName": "` + pkName + `", "KeyType": "HASH"}`}
	if hasSK {
		defs = append(defs, `{"AttributeName": "`+skName+`", "AttributeType": "`+skType+`"}`)
		ks = append(ks, `{"AttributeName": "`+skName+`", "KeyType": "RANGE"}`)
	}
	gsi := ""
	if hasGSI {
		defs = append(defs, `{"AttributeName": "GSI1PK", "AttributeType": "S"}`, `{"AttributeName": "GSI1SK", "AttributeType": "S"}`)
		gsi = `, "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "GSI1SK", "KeyType": "RANGE"}], "Projection": {"ProjectionType": "ALL"}}]`
	}
	types := []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"}
	var ents []string
	for ei := 0; ei < 2; ei++ {
		prefix := fmt.Sprintf("E%d", ei)
		// Attributes first: a string attribute may lend a template its name.
		var attrs []string
		var strAttrs []string
		for ai := 0; ai < 2+r.Intn(4); ai++ {
			name := pick("status", "name", "createdAt", "total", "tags", "data") + strconv.Itoa(ai)
			typ := types[r.Intn(len(types))]
			if typ == "S" {
				strAttrs = append(strAttrs, name)
			}
			attrs = append(attrs, fmt.Sprintf(`{"name": %q, "type": %q, "required": %v}`, name, typ, r.Intn(2) == 0))
		}
		param := func() string {
			if len(strAttrs) > 0 && r.Intn(3) == 0 {
				return strAttrs[r.Intn(len(strAttrs))]
			}
			return pick("userId", "orderId", "sk", "SK", "day", "kind")
		}
		tmpl := func(typ string) string {
			if typ == "N" {
				return "{" + pick("num", "seq", "version") + "}"
			}
			s := prefix + "#{" + param() + "}"
			if r.Intn(2) == 0 {
				s += "#" + pick("X", "Y") + "#{" + param() + "}"
			}
			return s
		}
		keys := []string{fmt.Sprintf("%q: %q", pkName, tmpl(pkType))}
		if hasSK {
			keys = append(keys, fmt.Sprintf("%q: %q", skName, tmpl(skType)))
		}
		if hasGSI && r.Intn(3) > 0 {
			keys = append(keys, fmt.Sprintf(`"GSI1PK": %q, "GSI1SK": %q`, tmpl("S"), tmpl("S")))
		}
		ents = append(ents, fmt.Sprintf(`{"name": "Thing%d", "table": "Random%d", "keys": {%s}, "attributes": [%s]}`, ei, n, strings.Join(keys, ", "), strings.Join(attrs, ", ")))
	}
	return []byte(fmt.Sprintf(`{"version": 1, "name": "random %d", "tables": [{"TableName": "Random%d", "KeySchema": [%s], "AttributeDefinitions": [%s], "BillingMode": "PAY_PER_REQUEST"%s}], "entities": [%s], "accessPatterns": [], "settings": {}}`,
		n, n, strings.Join(ks, ", "), strings.Join(defs, ", "), gsi, strings.Join(ents, ", ")))
}
