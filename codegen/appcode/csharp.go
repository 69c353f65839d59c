package appcode

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// The C# data-access class: the AWS SDK for .NET's IAmazonDynamoDB
// (AmazonDynamoDBClient implements it), requests as the SDK's model
// classes with object initializers (enum members given as strings, which
// the SDK's ConstantClass enums convert implicitly), items as
// Dictionary<string, AttributeValue>.

var csReserved = []string{
	"abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const",
	"continue", "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern",
	"false", "finally", "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface",
	"internal", "is", "lock", "long", "namespace", "new", "null", "object", "operator", "out", "override",
	"params", "private", "protected", "public", "readonly", "ref", "return", "sbyte", "sealed", "short",
	"sizeof", "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true", "try", "typeof",
	"uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual", "void", "volatile", "while",
	"async", "await", "var", "dynamic", "value", "yield",
	"client", "request", "response", "items", "results", "n", "shard", "r", "Num", "Access",
}

type csGen struct {
	top  bool // the next object is the request: a member per line
	op   string
	ids  map[string]string
	nums map[string]bool
	err  error
}

func (g *csGen) fail(format string, args ...any) string {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
	return "null"
}

func (g *csGen) str(parts []part) string {
	var out []string
	for _, p := range parts {
		if p.param != "" {
			id := g.ids[p.param]
			if g.nums[p.param] {
				id = "Num(" + id + ")"
			}
			out = append(out, id)
		} else {
			out = append(out, csString(p.lit))
		}
	}
	return strings.Join(out, " + ")
}

func (g *csGen) strOf(n *node) string {
	if n.kind != kString {
		return g.fail("expected a string, found %s", kindName(n))
	}
	return g.str(n.parts)
}

// object writes an object's members as new Class { Member = v, ... }.
func (g *csGen) object(class string, n *node) string {
	if n.kind != kObject {
		return g.fail("expected an object, found %s", kindName(n))
	}
	top := g.top
	g.top = false
	var out []string
	for i, k := range n.keys {
		name := k.text()
		f, ok := goFieldOf(g.op, name)
		if !ok || !k.literal() {
			return g.fail("the request member %q is not supported by the C# generator", name)
		}
		out = append(out, name+" = "+g.value(f, n.vals[i]))
	}
	if top {
		return "new " + class + "\n        {\n            " + strings.Join(out, ",\n            ") + "\n        }"
	}
	return "new " + class + " { " + strings.Join(out, ", ") + " }"
}

func (g *csGen) value(f goField, v *node) string {
	switch f.kind {
	case gStr, gEnum:
		return g.strOf(v)
	case gBool:
		if v.kind != kBool {
			return g.fail("expected a boolean")
		}
		return strconv.FormatBool(v.b)
	case gInt32:
		if v.kind != kNumber {
			return g.fail("expected a number")
		}
		return v.num
	case gAVMap:
		return g.avMap(v)
	case gAV:
		return g.av(v)
	case gStructMap:
		return g.dict(f.typ, v, func(e *node) string { return g.object(f.typ, e) })
	case gNames:
		return g.dict("string", v, g.strOf)
	case gStrList:
		return g.list("string", v, g.strOf)
	case gStructPtr:
		return g.object(f.typ, v)
	case gStructList:
		return g.list(f.typ, v, func(e *node) string { return g.object(f.typ, e) })
	case gAVMapList:
		return g.list("Dictionary<string, AttributeValue>", v, g.avMap)
	case gAVList:
		return g.list("AttributeValue", v, g.av)
	case gBatchGet:
		return g.dict("KeysAndAttributes", v, func(e *node) string { return g.object("KeysAndAttributes", e) })
	case gBatchWrite:
		return g.dict("List<WriteRequest>", v, func(e *node) string {
			return g.list("WriteRequest", e, func(w *node) string { return g.object("WriteRequest", w) })
		})
	}
	return g.fail("unknown member kind")
}

func (g *csGen) dict(elem string, v *node, val func(*node) string) string {
	if v.kind != kObject {
		return g.fail("expected an object, found %s", kindName(v))
	}
	var out []string
	for i, k := range v.keys {
		out = append(out, "{ "+g.str(k.parts)+", "+val(v.vals[i])+" }")
	}
	return "new Dictionary<string, " + elem + "> { " + strings.Join(out, ", ") + " }"
}

func (g *csGen) list(elem string, v *node, val func(*node) string) string {
	if v.kind != kArray {
		return g.fail("expected an array, found %s", kindName(v))
	}
	var out []string
	for _, e := range v.vals {
		out = append(out, val(e))
	}
	return "new List<" + elem + "> { " + strings.Join(out, ", ") + " }"
}

func (g *csGen) avMap(v *node) string { return g.dict("AttributeValue", v, g.av) }

func (g *csGen) av(n *node) string {
	if n.kind != kObject || len(n.keys) != 1 || !n.keys[0].literal() {
		return g.fail("expected an attribute value")
	}
	t, v := n.keys[0].text(), n.vals[0]
	var val string
	switch t {
	case "S", "N":
		val = g.strOf(v)
	case "B":
		val = g.bytes(v)
	case "BOOL":
		if v.kind != kBool {
			return g.fail("expected a boolean")
		}
		val = strconv.FormatBool(v.b)
	case "NULL":
		val = "true"
	case "SS", "NS":
		val = g.list("string", v, g.strOf)
	case "BS":
		val = g.list("MemoryStream", v, g.bytes)
	case "L":
		val = g.list("AttributeValue", v, g.av)
	case "M":
		val = g.avMap(v)
	default:
		return g.fail("unknown attribute value type %q", t)
	}
	return "new AttributeValue { " + t + " = " + val + " }"
}

func (g *csGen) bytes(v *node) string {
	if v.kind != kString || !v.literal() {
		return g.fail("a binary value with parameters is not supported by the C# generator")
	}
	raw, err := base64.StdEncoding.DecodeString(v.text())
	if err != nil {
		return g.fail("a binary value is not base64")
	}
	var out []string
	for _, c := range raw {
		out = append(out, strconv.Itoa(int(c)))
	}
	return "new MemoryStream(new byte[] { " + strings.Join(out, ", ") + " })"
}

// csString is s as a C# string literal in ASCII.
func csString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x10000:
			b.WriteString(`\u` + hex4(int(r)))
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func csParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "string"
		if p.typ == "N" {
			t = "double"
		}
		out = append(out, t+" "+ids[p.name])
	}
	return strings.Join(out, ", ")
}

const csItem = "Dictionary<string, AttributeValue>"

func renderCSharp(d *design) (string, []string) {
	var warnings []string
	top := newNamer(csReserved)
	var body strings.Builder
	for _, p := range d.patterns {
		name := top.name(pascal(p.ap.Name, "P"))
		src, err := csPattern(p, name, top)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("access pattern %q is left out of the C# class: %v.", p.ap.Name, err))
			continue
		}
		body.WriteString("\n" + src)
	}
	var b strings.Builder
	b.WriteString(header(d, "//", "Typed data access: one method per access pattern (AWS SDK for .NET)."))
	b.WriteString("// A Query or Scan without a Limit reads every page; a fan-out loops over its shards\n// and merges the results.\n")
	b.WriteString("using System.Collections.Generic;\nusing System.Globalization;\nusing System.IO;\nusing System.Threading.Tasks;\n")
	b.WriteString("using Amazon.DynamoDBv2;\nusing Amazon.DynamoDBv2.Model;\n\n")
	b.WriteString("public static class Access\n{\n")
	b.WriteString("    // A number as text DynamoDB reads (round-trip precision, invariant culture).\n")
	b.WriteString("    static string Num(double v) { return v.ToString(\"R\", CultureInfo.InvariantCulture); }\n\n")
	b.WriteString("    // Keep the usings used whatever the patterns are.\n    static readonly System.Type[] Used = { typeof(MemoryStream), typeof(List<int>) };\n")
	b.WriteString(body.String())
	b.WriteString("}\n")
	return b.String(), warnings
}

func csPattern(p *pattern, name string, top *namer) (string, error) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	nm := newNamer(csReserved)
	ids := map[string]string{}
	for _, q := range all {
		ids[q.name] = nm.name(camel(q.name, "p"))
	}
	nums := map[string]bool{}
	for _, q := range p.params {
		nums[q.name] = q.typ == "N"
	}
	g := &csGen{op: p.ap.Operation, ids: ids, nums: nums, top: true}
	op := p.ap.Operation
	req := g.object(op+"Request", p.req)
	if g.err != nil {
		return "", g.err
	}
	call := "await client." + op + "Async"
	paginated := (op == "Query" || op == "Scan") && !p.limited
	var one, body string
	switch {
	case paginated:
		one = "List<" + csItem + ">"
		body = "        var request = " + req + ";\n" +
			"        var items = new List<" + csItem + ">();\n" +
			"        while (true)\n        {\n" +
			"            var response = " + call + "(request);\n" +
			"            items.AddRange(response.Items);\n" +
			"            if (response.LastEvaluatedKey == null || response.LastEvaluatedKey.Count == 0)\n            {\n" +
			"                return items;\n            }\n" +
			"            request.ExclusiveStartKey = response.LastEvaluatedKey;\n" +
			"        }\n"
	case op == "Query" || op == "Scan" || op == "ExecuteStatement":
		one = "List<" + csItem + ">"
		body = "        return (" + call + "(" + req + ")).Items;\n"
	case op == "GetItem":
		one = csItem
		body = "        var response = " + call + "(" + req + ");\n" +
			"        return response.IsItemSet ? response.Item : null;\n"
	default:
		one = op + "Response"
		body = "        return " + call + "(" + req + ");\n"
	}
	params := csParams(p.params, ids)
	var b strings.Builder
	doc := "    /// <summary>" + csDoc(name+" runs \""+p.ap.Name+"\": "+op)
	doc += p.docTail(csDoc, "It fans out")
	b.WriteString(doc + ".</summary>\n")
	if p.fanOut == nil {
		b.WriteString("    public static async Task<" + one + "> " + name + "(" + join("IAmazonDynamoDB client", params) + ")\n    {\n" + body + "    }\n")
		return b.String(), nil
	}
	f := p.fanOut
	oneName := top.name(name + "Shard")
	whole := "List<" + one + ">"
	add := "results.Add(r);"
	switch {
	case op == "GetItem":
		whole = "List<" + csItem + ">"
		add = "if (r != null)\n            {\n                results.Add(r);\n            }"
	case strings.HasPrefix(one, "List<"):
		whole = one
		add = "results.AddRange(r);"
	}
	var args []string
	for _, q := range p.params {
		args = append(args, ids[q.name])
	}
	args = append(args, "shard")
	verb := "0"
	if f.Width > 1 {
		verb = strings.Repeat("0", f.Width)
	}
	b.WriteString("    public static async Task<" + whole + "> " + name + "(" + join("IAmazonDynamoDB client", params) + ")\n    {\n")
	b.WriteString("        var results = new " + whole + "();\n")
	b.WriteString("        for (var n = " + strconv.Itoa(f.From) + "; n <= " + strconv.Itoa(f.To) + "; n++)\n        {\n")
	b.WriteString("            var shard = n.ToString(\"" + verb + "\", CultureInfo.InvariantCulture);\n")
	b.WriteString("            var r = await " + oneName + "(client, " + strings.Join(args, ", ") + ");\n")
	b.WriteString("            " + add + "\n        }\n        return results;\n    }\n\n")
	b.WriteString("    static async Task<" + one + "> " + oneName + "(" + join("IAmazonDynamoDB client", params, "string "+ids[f.Parameter]) + ")\n    {\n" + body + "    }\n")
	return b.String(), nil
}

// csDoc is s safe in a /// XML comment.
func csDoc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(comment(s))
}
