package appcode

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// The TypeScript data-access module: AWS SDK for JavaScript v3 with
// @aws-sdk/lib-dynamodb's document client, so that items and parameters
// are plain JavaScript values.

var tsReserved = []string{
	"break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
	"else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
	"instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof",
	"var", "void", "while", "with", "yield", "let", "static", "implements", "interface", "package",
	"private", "protected", "public", "await", "arguments", "eval", "undefined", "NaN", "Infinity",
	// the functions' own names
	"client", "out", "items", "startKey", "shards", "results", "n",
}

// tsCommands maps an operation to its command class and the module that
// has it.
var tsCommands = map[string][2]string{
	"GetItem":            {"GetCommand", "@aws-sdk/lib-dynamodb"},
	"PutItem":            {"PutCommand", "@aws-sdk/lib-dynamodb"},
	"UpdateItem":         {"UpdateCommand", "@aws-sdk/lib-dynamodb"},
	"DeleteItem":         {"DeleteCommand", "@aws-sdk/lib-dynamodb"},
	"Query":              {"QueryCommand", "@aws-sdk/lib-dynamodb"},
	"Scan":               {"ScanCommand", "@aws-sdk/lib-dynamodb"},
	"BatchGetItem":       {"BatchGetCommand", "@aws-sdk/lib-dynamodb"},
	"BatchWriteItem":     {"BatchWriteCommand", "@aws-sdk/lib-dynamodb"},
	"TransactGetItems":   {"TransactGetCommand", "@aws-sdk/lib-dynamodb"},
	"TransactWriteItems": {"TransactWriteCommand", "@aws-sdk/lib-dynamodb"},
	"ExecuteStatement":   {"ExecuteStatementCommand", "@aws-sdk/lib-dynamodb"},
	"DeleteTable":        {"DeleteTableCommand", "@aws-sdk/client-dynamodb"},
}

// tsType is the document client's type for a DynamoDB type descriptor.
func tsType(t string) string {
	switch t {
	case "S":
		return "string"
	case "N":
		return "number"
	case "B":
		return "Uint8Array"
	case "BOOL":
		return "boolean"
	case "NULL":
		return "null"
	case "SS":
		return "Set<string>"
	case "NS":
		return "Set<number>"
	case "BS":
		return "Set<Uint8Array>"
	case "L":
		return "unknown[]"
	}
	return "Record<string, unknown>"
}

// tsNames are a model's TypeScript identifiers.
type tsNames struct {
	types map[*entity]string // item interfaces
	keyFn map[*entity]string // key builders
	fn    map[*pattern]string
	items map[*entity]tsItemNames // per-entity put and get
	// generic says reads return Item, not the entities' interfaces (which
	// the module does not declare).
	generic bool
}

func newTSNames(d *design, reserved ...string) *tsNames {
	n := &tsNames{types: map[*entity]string{}, keyFn: map[*entity]string{}, fn: map[*pattern]string{}, items: map[*entity]tsItemNames{}}
	top := newNamer(tsReserved, reserved, []string{"Item"})
	for _, e := range d.entities {
		n.types[e] = top.name(pascal(e.name, "E"))
	}
	for _, e := range d.entities {
		n.keyFn[e] = top.name(camel(e.name, "e") + "Keys")
	}
	for _, p := range d.patterns {
		n.fn[p] = top.name(camel(p.ap.Name, "p"))
	}
	// After the patterns', so that adding these renamed none of those.
	for _, e := range d.entities {
		n.items[e] = tsItemNames{
			input: top.name(pascal(e.name, "E") + "Input"),
			put:   top.name("put" + pascal(e.name, "E")),
			get:   top.name("get" + pascal(e.name, "E")),
		}
	}
	return n
}

// tsParamNames gives each parameter an identifier. A number parameter
// also has an entry under numberMark+name, so that tsNumber knows to use
// it as it is (a string one in an N value goes through NumberValue).
func tsParamNames(ps []*param) map[string]string {
	nm := newNamer(tsReserved)
	out := map[string]string{}
	for _, p := range ps {
		out[p.name] = nm.name(p.name)
		if p.typ == "N" {
			out[numberMark+p.name] = "1"
		}
	}
	return out
}

// numberMark prefixes the ids entries that mark number parameters (no
// parameter name holds a NUL).
const numberMark = "\x00N:"

// tsString is a string expression of parts: a literal, a lone parameter,
// or a template literal.
func tsString(parts []part, ids map[string]string) string {
	if len(parts) == 1 && parts[0].param == "" {
		return quote(parts[0].lit)
	}
	if len(parts) == 1 {
		return ids[parts[0].param]
	}
	var b strings.Builder
	b.WriteByte('`')
	for _, p := range parts {
		if p.param != "" {
			b.WriteString("${" + ids[p.param] + "}")
			continue
		}
		for _, r := range p.lit {
			switch r {
			case '`', '\\', '$':
				b.WriteByte('\\')
				b.WriteRune(r)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			default:
				if r < 0x20 {
					b.WriteString(`\u` + hex4(int(r)))
				} else {
					b.WriteRune(r)
				}
			}
		}
	}
	b.WriteByte('`')
	return b.String()
}

// tsKey is an object member name.
func tsKey(k *node, ids map[string]string) string {
	if k.literal() {
		if isIdent(k.text()) {
			return k.text()
		}
		return quote(k.text())
	}
	return "[" + tsString(k.parts, ids) + "]"
}

// tsValue renders a request value as a document-client value: attribute
// values in Key, Item, ... become plain values.
func tsValue(b *strings.Builder, n *node, ids map[string]string, indent string) {
	switch n.kind {
	case kString:
		b.WriteString(tsString(n.parts, ids))
	case kNumber:
		b.WriteString(n.num)
	case kBool:
		b.WriteString(strconv.FormatBool(n.b))
	case kNull:
		b.WriteString("null")
	case kArray:
		b.WriteString("[")
		for i, v := range n.vals {
			if i > 0 {
				b.WriteString(", ")
			}
			tsValue(b, v, ids, indent)
		}
		b.WriteString("]")
	case kObject:
		if len(n.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range n.keys {
			b.WriteString(indent + "  " + tsKey(k, ids) + ": ")
			name := k.text()
			v := n.vals[i]
			switch {
			case avMembers[name] && v.kind == kObject:
				tsAVMap(b, v, ids, indent+"  ")
			case name == "Keys" && v.kind == kArray:
				b.WriteString("[")
				for j, m := range v.vals {
					if j > 0 {
						b.WriteString(", ")
					}
					tsAVMap(b, m, ids, indent+"  ")
				}
				b.WriteString("]")
			case name == "Value" && v.kind == kObject:
				// The legacy Expected and AttributeUpdates members' value.
				tsAV(b, v, ids, indent+"  ")
			case (name == "Parameters" || name == "AttributeValueList") && v.kind == kArray:
				b.WriteString("[")
				for j, av := range v.vals {
					if j > 0 {
						b.WriteString(", ")
					}
					tsAV(b, av, ids, indent+"  ")
				}
				b.WriteString("]")
			default:
				tsValue(b, v, ids, indent+"  ")
			}
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
	}
}

func tsAVMap(b *strings.Builder, n *node, ids map[string]string, indent string) {
	if n.kind != kObject {
		tsValue(b, n, ids, indent)
		return
	}
	if len(n.keys) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	for i, k := range n.keys {
		key := quote(k.text())
		if !k.literal() {
			key = "[" + tsString(k.parts, ids) + "]"
		}
		b.WriteString(indent + "  " + key + ": ")
		tsAV(b, n.vals[i], ids, indent+"  ")
		b.WriteString(",\n")
	}
	b.WriteString(indent + "}")
}

// tsAV renders one attribute value ({"S": "..."}) as a plain value.
func tsAV(b *strings.Builder, n *node, ids map[string]string, indent string) {
	if n.kind != kObject || len(n.keys) != 1 || !n.keys[0].literal() {
		tsValue(b, n, ids, indent)
		return
	}
	v := n.vals[0]
	switch n.keys[0].text() {
	case "S":
		tsValue(b, v, ids, indent)
	case "N":
		b.WriteString(tsNumber(v, ids))
	case "B":
		b.WriteString(tsBytes(v, ids))
	case "BOOL", "NULL":
		if n.keys[0].text() == "NULL" {
			b.WriteString("null")
		} else {
			tsValue(b, v, ids, indent)
		}
	case "SS", "NS", "BS":
		elem := map[string]string{"SS": "string", "NS": "number", "BS": "Uint8Array"}[n.keys[0].text()]
		var items strings.Builder
		if v.kind == kArray {
			for i, e := range v.vals {
				if i > 0 {
					items.WriteString(", ")
				}
				switch elem {
				case "number":
					items.WriteString(tsNumber(e, ids))
				case "Uint8Array":
					items.WriteString(tsBytes(e, ids))
				default:
					tsValue(&items, e, ids, indent)
				}
			}
		}
		if elem == "number" && strings.Contains(items.String(), "NumberValue.from(") {
			// The document client marshals a number set of NumberValues
			// alone, not mixed with numbers.
			elem = "NumberValue"
			items.Reset()
			for i, e := range v.vals {
				if i > 0 {
					items.WriteString(", ")
				}
				if e.kind == kString {
					items.WriteString("NumberValue.from(" + tsString(e.parts, ids) + ")")
				}
			}
		}
		b.WriteString("new Set<" + elem + ">([" + items.String() + "])")
	case "L":
		b.WriteString("[")
		if v.kind == kArray {
			for i, e := range v.vals {
				if i > 0 {
					b.WriteString(", ")
				}
				tsAV(b, e, ids, indent)
			}
		}
		b.WriteString("]")
	case "M":
		tsAVMap(b, v, ids, indent)
	default:
		tsValue(b, n, ids, indent)
	}
}

// tsNumber renders an N value: a number parameter, a literal that a
// JavaScript number holds exactly, or a NumberValue that keeps the digits.
func tsNumber(v *node, ids map[string]string) string {
	if v.kind != kString {
		return "NaN"
	}
	if len(v.parts) == 1 && v.parts[0].param != "" && ids[numberMark+v.parts[0].param] != "" {
		return ids[v.parts[0].param]
	}
	if v.literal() {
		s := v.text()
		if f, err := strconv.ParseFloat(s, 64); err == nil && strconv.FormatFloat(f, 'f', -1, 64) == s {
			return s
		}
	}
	return "NumberValue.from(" + tsString(v.parts, ids) + ")"
}

// tsBytes renders a B value (base64 in the request) as bytes.
func tsBytes(v *node, ids map[string]string) string {
	if v.kind == kString && v.literal() {
		if raw, err := base64.StdEncoding.DecodeString(v.text()); err == nil {
			var b strings.Builder
			b.WriteString("new Uint8Array([")
			for i, c := range raw {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(strconv.Itoa(int(c)))
			}
			b.WriteString("])")
			return b.String()
		}
	}
	return "Uint8Array.from(atob(" + tsString(v.parts, ids) + "), (c) => c.charCodeAt(0))"
}

// header is the opening comment of a generated file, in the language's
// line-comment syntax.
func header(d *design, commentPrefix, what string) string {
	return commentPrefix + " " + what + "\n" +
		commentPrefix + " Generated by the DynamoDB workbench from the model " + quote(comment(d.name)) + ".\n"
}

// tsEntityTypes writes an interface per entity and its key builder.
func tsEntityTypes(b *strings.Builder, d *design, n *tsNames) {
	b.WriteString("/** An item of any kind. */\nexport type Item = Record<string, unknown>;\n")
	for _, e := range d.entities {
		b.WriteString("\n/** " + comment(e.name) + ": an item of table " + comment(e.table.name) + ". */\n")
		b.WriteString("export interface " + n.types[e] + " {\n")
		for _, f := range e.fields {
			opt := "?"
			if f.required {
				opt = ""
			}
			b.WriteString("  " + quote(f.name) + opt + ": " + tsType(f.typ) + ";\n")
		}
		for _, f := range tsParamFields(newToolboxEntity(e)) {
			b.WriteString("  " + quote(f.name) + "?: " + tsType(f.typ) + ";\n")
		}
		b.WriteString("}\n")
		if len(e.keys) == 0 {
			continue
		}
		ids := tsParamNames(e.params)
		b.WriteString("\n/** The key attributes of " + comment(e.name) + " from their templates:")
		for _, k := range e.keys {
			b.WriteString(" " + comment(k.attr) + " = " + comment(k.tmpl.String()) + ";")
		}
		b.WriteString(" */\n")
		b.WriteString("export function " + n.keyFn[e] + "(" + tsParams(e.params, ids) + "): Pick<" + n.types[e] + ", ")
		for i, k := range e.keys {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(quote(k.attr))
		}
		b.WriteString("> {\n  return {\n")
		for _, k := range e.keys {
			b.WriteString("    " + quote(k.attr) + ": " + tsTemplate(k, ids) + ",\n")
		}
		b.WriteString("  };\n}\n")
	}
}

// tsTemplate is a key template as an expression of its parameters.
func tsTemplate(k *key, ids map[string]string) string {
	if k.tmpl.IsParam() {
		return ids[k.tmpl.Params()[0]]
	}
	return tsString(templateParts(k), ids)
}

// templateParts splits a key template into parts.
func templateParts(k *key) []part {
	return splitParams(k.tmpl.String())
}

func tsParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "string"
		if p.typ == "N" {
			t = "number"
		}
		out = append(out, ids[p.name]+": "+t)
	}
	return strings.Join(out, ", ")
}

// tsResultType is what a pattern's function resolves to.
func tsResultType(p *pattern, n *tsNames) (elem, whole string) {
	cmd := tsCommands[p.ap.Operation][0]
	if !p.reads() {
		out := strings.TrimSuffix(cmd, "Command") + "CommandOutput"
		if p.fanOut != nil {
			return out, out + "[]"
		}
		return out, out
	}
	elem = "Item"
	if p.entity != nil && !n.generic && (p.ap.Operation == "GetItem" || p.ap.Operation == "Query" || p.ap.Operation == "Scan") {
		elem = n.types[p.entity]
		if p.partial {
			elem = "Partial<" + elem + ">"
		}
	}
	if p.ap.Operation == "GetItem" && p.fanOut == nil {
		return elem, elem + " | undefined"
	}
	return elem, elem + "[]"
}

// renderTypeScript writes the typed data-access module.
func renderTypeScript(d *design) (string, []string) {
	n := newTSNames(d)
	var b strings.Builder
	b.WriteString(header(d, "//", "Typed data access: one function per access pattern (AWS SDK for JavaScript v3, @aws-sdk/lib-dynamodb)."))
	b.WriteString("// Items and parameters are plain values; numbers are JavaScript numbers (NumberValue where a\n// literal needs more digits). A Query or Scan without a Limit reads every page.\n\n")
	tsImports(&b, d, false)
	b.WriteString("\n")
	tsEntityTypes(&b, d, n)
	for _, e := range d.entities {
		if hasPrimaryKeys(e) {
			tsEntityItem(&b, e, n)
		}
	}
	for _, p := range d.patterns {
		b.WriteString("\n")
		tsPattern(&b, p, n, "client")
	}
	return b.String(), nil
}

// tsImports writes the imports the patterns need (toolbox: for Toolbox's
// module, which always names the document client's type).
func tsImports(b *strings.Builder, d *design, toolbox bool) {
	mods := map[string][]string{}
	if toolbox || len(d.patterns) > 0 {
		// The functions' client parameter; Toolbox's setDocumentClient.
		mods["@aws-sdk/lib-dynamodb"] = []string{"DynamoDBDocumentClient"}
	}
	typeMods := map[string][]string{}
	add := func(m map[string][]string, mod, name string) {
		for _, x := range m[mod] {
			if x == name {
				return
			}
		}
		m[mod] = append(m[mod], name)
	}
	if !toolbox {
		for _, e := range d.entities {
			if hasPrimaryKeys(e) {
				// The entities' put and get.
				add(mods, "@aws-sdk/lib-dynamodb", "DynamoDBDocumentClient")
				add(mods, "@aws-sdk/lib-dynamodb", "GetCommand")
				add(mods, "@aws-sdk/lib-dynamodb", "PutCommand")
				add(typeMods, "@aws-sdk/lib-dynamodb", "PutCommandOutput")
				break
			}
		}
	}
	for _, p := range d.patterns {
		c := tsCommands[p.ap.Operation]
		add(mods, c[1], c[0])
		if !p.reads() {
			add(typeMods, c[1], strings.TrimSuffix(c[0], "Command")+"CommandOutput")
		}
		if usesNumberValue(p) {
			add(mods, "@aws-sdk/lib-dynamodb", "NumberValue")
		}
	}
	for _, mod := range sortedKeys(mods) {
		b.WriteString("import { " + strings.Join(mods[mod], ", ") + " } from " + quote(mod) + ";\n")
	}
	for _, mod := range sortedKeys(typeMods) {
		b.WriteString("import type { " + strings.Join(typeMods[mod], ", ") + " } from " + quote(mod) + ";\n")
	}
}

// usesNumberValue reports whether the pattern's TypeScript needs NumberValue.
func usesNumberValue(p *pattern) bool {
	var b strings.Builder
	tsValue(&b, p.req, tsParamNames(p.params), "")
	return strings.Contains(b.String(), "NumberValue.from(")
}

// tsPattern writes a pattern's function. client is the expression of the
// document client.
func tsPattern(b *strings.Builder, p *pattern, n *tsNames, client string) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	ids := tsParamNames(all)
	elem, whole := tsResultType(p, n)
	cmd := tsCommands[p.ap.Operation][0]
	b.WriteString("/** " + comment(p.ap.Name) + ": " + p.ap.Operation)
	b.WriteString(p.docTail(comment, "Fans out"))
	b.WriteString(".")
	for _, pd := range p.paramDocs(p.params) {
		b.WriteString("\n * @param " + ids[pd[0]] + " " + pd[1])
	}
	b.WriteString(" */\n")
	params := tsParams(p.params, ids)
	if client == "client" {
		if params != "" {
			params = ", " + params
		}
		params = "client: DynamoDBDocumentClient" + params
	}
	b.WriteString("export async function " + n.fn[p] + "(" + params + "): Promise<" + whole + "> {\n")
	ind := "  "
	if p.fanOut != nil {
		f := p.fanOut
		sid := ids[f.Parameter]
		b.WriteString("  const shards: string[] = [];\n")
		b.WriteString("  for (let n = " + strconv.Itoa(f.From) + "; n <= " + strconv.Itoa(f.To) + "; n++) shards.push(String(n).padStart(" + strconv.Itoa(f.Width) + ", \"0\"));\n")
		one := elem
		if p.reads() && p.ap.Operation != "GetItem" {
			one = elem + "[]"
		} else if p.ap.Operation == "GetItem" {
			one = elem + " | undefined"
		}
		b.WriteString("  const results = await Promise.all(shards.map(async (" + sid + "): Promise<" + one + "> => {\n")
		ind = "    "
	}
	req := withSavedParams(p)
	call := func(extra string) string {
		var rb strings.Builder
		tsValue(&rb, req, ids, ind)
		s := rb.String()
		if extra != "" {
			s = strings.TrimSuffix(s, "}") + "  " + extra + ",\n" + ind + "}"
		}
		return client + ".send(new " + cmd + "(" + s + "))"
	}
	paginated := (p.ap.Operation == "Query" || p.ap.Operation == "Scan") && !p.limited
	switch {
	case paginated:
		b.WriteString(ind + "const items: " + elem + "[] = [];\n")
		b.WriteString(ind + "let startKey: Record<string, unknown> | undefined;\n")
		b.WriteString(ind + "do {\n")
		b.WriteString(ind + "  const out = await " + strings.ReplaceAll(call("ExclusiveStartKey: startKey"), "\n", "\n  ") + ";\n")
		b.WriteString(ind + "  items.push(...((out.Items ?? []) as " + elem + "[]));\n")
		b.WriteString(ind + "  startKey = out.LastEvaluatedKey;\n")
		b.WriteString(ind + "} while (startKey);\n")
		b.WriteString(ind + "return items;\n")
	case p.ap.Operation == "Query" || p.ap.Operation == "Scan" || p.ap.Operation == "ExecuteStatement":
		b.WriteString(ind + "const out = await " + call("") + ";\n")
		b.WriteString(ind + "return (out.Items ?? []) as " + elem + "[];\n")
	case p.ap.Operation == "GetItem":
		b.WriteString(ind + "const out = await " + call("") + ";\n")
		b.WriteString(ind + "return out.Item as " + elem + " | undefined;\n")
	case p.ap.Operation == "BatchGetItem":
		b.WriteString(ind + "const out = await " + call("") + ";\n")
		b.WriteString(ind + "return Object.values(out.Responses ?? {}).flat() as " + elem + "[];\n")
	case p.ap.Operation == "TransactGetItems":
		b.WriteString(ind + "const out = await " + call("") + ";\n")
		b.WriteString(ind + "return (out.Responses ?? []).flatMap((r) => (r.Item ? [r.Item as " + elem + "] : []));\n")
	default:
		b.WriteString(ind + "return " + call("") + ";\n")
	}
	if p.fanOut != nil {
		b.WriteString("  }));\n")
		switch {
		case p.ap.Operation == "GetItem":
			b.WriteString("  return results.filter((x): x is " + elem + " => x !== undefined);\n")
		case p.reads():
			b.WriteString("  return results.flat();\n")
		default:
			b.WriteString("  return results;\n")
		}
	}
	b.WriteString("}\n")
}
