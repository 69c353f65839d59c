package jsliteral

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestReadModules(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"export default", "// schema\nexport default {\n  a: 'x', \"b\": 2, c: [1, 2,], }\n", `{"a":"x","b":2,"c":[1,2]}`},
		{"const as const", "import { Table } from 'dynamodb-onetable'\nconst Schema = {\n  version: `0.0.1`, // trailing\n  on: true, off: false, none: null, gone: undefined,\n} as const\nexport default Schema\n", `{"version":"0.0.1","on":true,"off":false,"none":null,"gone":null}`},
		{"module.exports", "'use strict'\n/* a\n block */\nmodule.exports = { n: -1.5e3, h: 0xff, o: 0o17, b: 0b101, big: 1_000_000, dot: .5 }\n", `{"n":-1.5e3,"h":255,"o":15,"b":5,"big":1000000,"dot":0.5}`},
		{"typed const, first with models", "const other = { x: 1 }\nexport const Schema: OneSchema = {\n  models: { User: { pk: { type: String, value: 'user#${id}' } } },\n}\n", `{"models":{"User":{"pk":{"type":"string","value":"user#${id}"}}}}`},
		{"nested as const and satisfies", "export default {\n  models: { A: {} } as const,\n  params: {} satisfies Params,\n} as const\n", `{"models":{"A":{}},"params":{}}`},
		{"constructors", "export default { t: [String, Number, Boolean, Date, Object, Array, Buffer, Set] }", `{"t":["string","number","boolean","date","object","array","binary","set"]}`},
		{"regex and members", "const Match = { ulid: /^[0-9A-Z]{26}$/i, name: /^[a-z \\/]+$/ }\nexport default { id: { validate: Match.ulid }, n: { validate: Match.name }, r: /a\\/b/g }\n", `{"id":{"validate":"/^[0-9A-Z]{26}$/i"},"n":{"validate":"/^[a-z \\/]+$/"},"r":"/a\\/b/g"}`},
		{"escapes", `export default { s: 'it\'s \u00e9 \x41 \u{1F600} \n', d: "a\"b", k: 'line\` + "\n" + `cont' }`, `{"s":"it's é A 😀 \n","d":"a\"b","k":"linecont"}`},
		{"keys", "export default { 'quoted key': 1, 42: 'n', default: 'kw', $x_y: 2 }", `{"quoted key":1,"42":"n","default":"kw","$x_y":2}`},
		{"other code around", "import x from 'y'\nconst client = new DynamoDBClient({ region: 'eu-west-1' })\nconst f = (a) => a / 2 / 3\nconst tpl = `${f(1)} and ${`nested ${1}`}`\nexport default { ok: 1 }\nexport const table = new Table({ client, schema: {} })\n", `{"ok":1}`},
		{"bare object", "{\n  // JSON with comments\n  \"indexes\": {},\n}\n", `{"indexes":{}}`},
		{"shebang", "#!/usr/bin/env node\nmodule.exports = {a: 1}", `{"a":1}`},
	} {
		got, err := Read([]byte(c.src))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: not JSON: %s", c.name, got)
		}
	}
}

// TestReadRefuses: what is not a literal is refused with its line and
// column, nothing run.
func TestReadRefuses(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		want      string
	}{
		{"export default {\n  a: f(),\n}", 2, 7, "a call is not a literal"},
		{"export default {\n  ...base,\n}", 2, 3, "a spread"},
		{"export default {\n  [k]: 1 }", 2, 3, "a computed key"},
		{"export default { a: `x${y}` }", 1, 21, "template string with ${...}"},
		{"export default { a }", 1, 18, "shorthand property a"},
		{"export default { a: 1 + 2 }", 1, 23, "an operator makes it an expression"},
		{"export default { a: imported }", 1, 21, "imported is not defined in the module"},
		{"export default { a() { return 1 } }", 1, 19, "a method or a getter"},
		{"export default { a: new Date() }", 1, 21, `"new" starts an expression`},
		{"const A = { b: A }\nexport default A", 1, 16, "A refers to itself"},
		{"export default { a: 'open", 1, 21, "not closed on its line"},
		{"export default { a: [1,,2] }", 1, 24, "a hole"},
		{"export default { a: 1 ", 1, 23, "the module ends inside brackets"},
		{"function f() { return 1 }", 1, 1, "exports no object literal"},
		{"export default 'text'", 1, 16, "not an object literal"},
		{"export default { a: Match.nope }\nconst Match = { x: 1 }", 1, 27, "Match has no member nope"},
	} {
		_, err := Read([]byte(c.src))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != c.line || se.Column != c.col || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%q: %v, want line %d, column %d: %q", c.src, err, c.line, c.col, c.want)
		}
	}
}

// TestReadBounded: nesting, size and expansion through names are refused
// before they are walked.
func TestReadBounded(t *testing.T) {
	deep := "export default " + strings.Repeat("{a:", 100) + "1" + strings.Repeat("}", 100)
	if _, err := Read([]byte(deep)); err == nil || !strings.Contains(err.Error(), "nest deeper") {
		t.Errorf("100 levels: %v", err)
	}
	deepTpl := "export default {a: 1}\nconst x = `" + strings.Repeat("${`", 100) + strings.Repeat("`}", 100) + "`"
	if _, err := Read([]byte(deepTpl)); err == nil || !strings.Contains(err.Error(), "nest deeper") {
		t.Errorf("nested templates: %v", err)
	}
	if _, err := Read([]byte("export default {a: '" + strings.Repeat("x", MaxBytes) + "'}")); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("over MaxBytes: %v", err)
	}
	// Each level doubles: 2^25 values if expanded.
	var b strings.Builder
	b.WriteString("const L0 = [1, 1]\n")
	for i := 1; i <= 25; i++ {
		b.WriteString("const L" + itoa(i) + " = [L" + itoa(i-1) + ", L" + itoa(i-1) + "]\n")
	}
	b.WriteString("export default { x: L25 }\n")
	if _, err := Read([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("doubling names: %v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// FuzzRead: any input is read or refused, never a panic, and what is read
// is JSON.
func FuzzRead(f *testing.F) {
	f.Add("export default { a: [1, 'x', {b: null}], c: String } as const")
	f.Add("const A = {x: /re/g}\nmodule.exports = {y: A.x, t: `s`}")
	f.Add("export default {a: `${`${1}`}`}")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		out, err := Read([]byte(src))
		if err == nil && !json.Valid(out) {
			t.Fatalf("%q read as %s, not JSON", src, out)
		}
	})
}
