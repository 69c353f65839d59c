package appcode

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// The Java data-access class: the AWS SDK for Java v2's DynamoDbClient,
// requests as the SDK's builders (enum members set by their String
// setters, which the SDK offers beside the enum ones), items as
// Map<String, AttributeValue>.

var javaReserved = []string{
	"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
	"default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
	"implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
	"protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
	"throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var",
	"record", "yield", "sealed", "permits",
	"client", "request", "response", "items", "results", "n", "shard", "num", "one", "r",
}

// javaGen writes one pattern's request.
type javaGen struct {
	// sep, when set, puts the next builder's members on lines of their
	// own (the request's, not the nested ones').
	sep  string
	op   string
	ids  map[string]string
	nums map[string]bool
	err  error
}

func (g *javaGen) fail(format string, args ...any) string {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
	return "null"
}

func (g *javaGen) str(parts []part) string {
	var out []string
	for _, p := range parts {
		if p.param != "" {
			id := g.ids[p.param]
			if g.nums[p.param] {
				id = "num(" + id + ")"
			}
			out = append(out, id)
		} else {
			out = append(out, javaString(p.lit))
		}
	}
	if len(out) == 1 && parts[0].param != "" && !g.nums[parts[0].param] {
		return out[0]
	}
	return strings.Join(out, " + ")
}

func (g *javaGen) strOf(n *node) string {
	if n.kind != kString {
		return g.fail("expected a string, found %s", kindName(n))
	}
	return g.str(n.parts)
}

// builder writes an object's members as Class.builder().member(v)...build().
func (g *javaGen) builder(class string, n *node) string {
	if n.kind != kObject {
		return g.fail("expected an object, found %s", kindName(n))
	}
	sep := g.sep
	g.sep = ""
	var b strings.Builder
	b.WriteString(class + ".builder()")
	for i, k := range n.keys {
		b.WriteString(sep)
		name := k.text()
		f, ok := goFieldOf(g.op, name)
		if !ok || !k.literal() {
			return g.fail("the request member %q is not supported by the Java generator", name)
		}
		b.WriteString("." + strings.ToLower(name[:1]) + name[1:] + "(" + g.value(f, n.vals[i]) + ")")
	}
	b.WriteString(sep + ".build()")
	return b.String()
}

func (g *javaGen) value(f goField, v *node) string {
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
		return g.mapOf(v, func(e *node) string { return g.builder(f.typ, e) })
	case gNames:
		return g.mapOf(v, g.strOf)
	case gStrList:
		return g.listOf(v, g.strOf)
	case gStructPtr:
		return g.builder(f.typ, v)
	case gStructList:
		return g.listOf(v, func(e *node) string { return g.builder(f.typ, e) })
	case gAVMapList:
		return g.listOf(v, g.avMap)
	case gAVList:
		return g.listOf(v, g.av)
	case gBatchGet:
		return g.mapOf(v, func(e *node) string { return g.builder("KeysAndAttributes", e) })
	case gBatchWrite:
		return g.mapOf(v, func(e *node) string {
			return g.listOf(e, func(w *node) string { return g.builder("WriteRequest", w) })
		})
	}
	return g.fail("unknown member kind")
}

// mapOf is Map.ofEntries(Map.entry(k, v), ...): Map.of takes at most ten.
func (g *javaGen) mapOf(v *node, val func(*node) string) string {
	if v.kind != kObject {
		return g.fail("expected an object, found %s", kindName(v))
	}
	var out []string
	for i, k := range v.keys {
		out = append(out, "Map.entry("+g.str(k.parts)+", "+val(v.vals[i])+")")
	}
	return "Map.ofEntries(" + strings.Join(out, ", ") + ")"
}

func (g *javaGen) listOf(v *node, val func(*node) string) string {
	if v.kind != kArray {
		return g.fail("expected an array, found %s", kindName(v))
	}
	var out []string
	for _, e := range v.vals {
		out = append(out, val(e))
	}
	return "List.of(" + strings.Join(out, ", ") + ")"
}

func (g *javaGen) avMap(v *node) string { return g.mapOf(v, g.av) }

// javaAVSetters are AttributeValue's builder methods by type (NULL's is
// nul, null being a keyword).
var javaAVSetters = map[string]string{
	"S": "s", "N": "n", "B": "b", "SS": "ss", "NS": "ns", "BS": "bs", "M": "m", "L": "l", "NULL": "nul", "BOOL": "bool",
}

func (g *javaGen) av(n *node) string {
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
		val = g.listOf(v, g.strOf)
	case "BS":
		val = g.listOf(v, g.bytes)
	case "L":
		val = g.listOf(v, g.av)
	case "M":
		val = g.avMap(v)
	default:
		return g.fail("unknown attribute value type %q", t)
	}
	return "AttributeValue.builder()." + javaAVSetters[t] + "(" + val + ").build()"
}

func (g *javaGen) bytes(v *node) string {
	if v.kind != kString || !v.literal() {
		return g.fail("a binary value with parameters is not supported by the Java generator")
	}
	raw, err := base64.StdEncoding.DecodeString(v.text())
	if err != nil {
		return g.fail("a binary value is not base64")
	}
	var out []string
	for _, c := range raw {
		out = append(out, "(byte) "+strconv.Itoa(int(c)))
	}
	return "SdkBytes.fromByteArray(new byte[] {" + strings.Join(out, ", ") + "})"
}

// javaString is s as a Java string literal in ASCII (javac before Java 18
// reads source in the platform's encoding): control characters as octal
// (a \u escape of a line break would end the literal), the rest of
// non-ASCII as \u escapes, UTF-16 surrogate pairs beyond the BMP.
func javaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\%03o`, r)
		case r < 0x10000:
			b.WriteString(`\u` + hex4(int(r)))
		default:
			r -= 0x10000
			b.WriteString(`\u` + hex4(int(0xd800+(r>>10))) + `\u` + hex4(int(0xdc00+(r&0x3ff))))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// javaComment is s safe inside a /** */ comment, in ASCII (\u escapes are
// read even in comments, so a backslash followed by u is broken up).
func javaComment(s string) string {
	s = strings.ReplaceAll(comment(s), `\u`, `\ u`)
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}

func javaParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "String"
		if p.typ == "N" {
			t = "double"
		}
		out = append(out, t+" "+ids[p.name])
	}
	return strings.Join(out, ", ")
}

func javaParamNames(ps []*param) map[string]string {
	nm := newNamer(javaReserved)
	out := map[string]string{}
	for _, p := range ps {
		out[p.name] = nm.name(camel(p.name, "p"))
	}
	return out
}

const javaItem = "Map<String, AttributeValue>"

func renderJava(d *design) (string, []string) {
	var warnings []string
	top := newNamer(javaReserved, []string{"Access", "main"})
	var body strings.Builder
	for _, p := range d.patterns {
		name := top.name(camel(p.ap.Name, "p"))
		src, err := javaPattern(p, name, top)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("access pattern %q is left out of the Java class: %v.", p.ap.Name, err))
			continue
		}
		body.WriteString("\n" + src)
	}
	var b strings.Builder
	b.WriteString(header(d, "//", "Typed data access: one method per access pattern (AWS SDK for Java v2)."))
	b.WriteString("// A Query or Scan without a Limit reads every page; a fan-out loops over its shards\n// and merges the results.\n\n")
	b.WriteString("import java.math.BigDecimal;\nimport java.util.ArrayList;\nimport java.util.List;\nimport java.util.Map;\n\n")
	b.WriteString("import software.amazon.awssdk.core.SdkBytes;\nimport software.amazon.awssdk.services.dynamodb.DynamoDbClient;\nimport software.amazon.awssdk.services.dynamodb.model.*;\n\n")
	b.WriteString("public final class Access {\n    private Access() {}\n\n")
	b.WriteString("    /** A number as DynamoDB reads it: no exponent, no trailing zeros. */\n")
	b.WriteString("    static String num(double v) {\n        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();\n    }\n\n")
	b.WriteString("    // Keep the imports used whatever the patterns are.\n    static final Class<?>[] USED = {ArrayList.class, List.class, Map.class, SdkBytes.class, AttributeValue.class};\n")
	b.WriteString(body.String())
	b.WriteString("}\n")
	return b.String(), warnings
}

func javaPattern(p *pattern, name string, top *namer) (string, error) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	ids := javaParamNames(all)
	nums := map[string]bool{}
	for _, q := range p.params {
		nums[q.name] = q.typ == "N"
	}
	g := &javaGen{op: p.ap.Operation, ids: ids, nums: nums, sep: "\n                "}
	op := p.ap.Operation
	req := g.builder(op+"Request", p.req)
	if g.err != nil {
		return "", g.err
	}
	call := "client." + strings.ToLower(op[:1]) + op[1:]
	paginated := (op == "Query" || op == "Scan") && !p.limited
	var one, body string
	switch {
	case paginated:
		one = "List<" + javaItem + ">"
		body = "        " + op + "Request request = " + req + ";\n" +
			"        List<" + javaItem + "> items = new ArrayList<>();\n" +
			"        while (true) {\n" +
			"            " + op + "Response response = " + call + "(request);\n" +
			"            items.addAll(response.items());\n" +
			"            if (response.lastEvaluatedKey() == null || response.lastEvaluatedKey().isEmpty()) {\n" +
			"                return items;\n            }\n" +
			"            request = request.toBuilder().exclusiveStartKey(response.lastEvaluatedKey()).build();\n" +
			"        }\n"
	case op == "Query" || op == "Scan" || op == "ExecuteStatement":
		one = "List<" + javaItem + ">"
		body = "        return " + call + "(" + req + ").items();\n"
	case op == "GetItem":
		one = javaItem
		body = "        GetItemResponse response = " + call + "(" + req + ");\n" +
			"        return response.hasItem() ? response.item() : null;\n"
	default:
		one = op + "Response"
		body = "        return " + call + "(" + req + ");\n"
	}
	params := javaParams(p.params, ids)
	var b strings.Builder
	doc := "    /** " + javaComment(name+" runs \""+p.ap.Name+"\": "+op)
	doc += p.docTail(javaComment, "It fans out")
	b.WriteString(doc + ". */\n")
	if p.fanOut == nil {
		b.WriteString("    public static " + one + " " + name + "(" + join("DynamoDbClient client", params) + ") {\n" + body + "    }\n")
		return b.String(), nil
	}
	f := p.fanOut
	shard := ids[f.Parameter]
	oneName := top.name(name + "Shard")
	whole := "List<" + one + ">"
	add := "results.add(r);"
	switch {
	case op == "GetItem":
		whole = "List<" + javaItem + ">"
		add = "if (r != null) {\n                results.add(r);\n            }"
	case strings.HasPrefix(one, "List<"):
		whole = one
		add = "results.addAll(r);"
	}
	var args []string
	for _, q := range p.params {
		args = append(args, ids[q.name])
	}
	args = append(args, "shard")
	b.WriteString("    public static " + whole + " " + name + "(" + join("DynamoDbClient client", params) + ") {\n")
	b.WriteString("        " + whole + " results = new ArrayList<>();\n")
	b.WriteString("        for (int n = " + strconv.Itoa(f.From) + "; n <= " + strconv.Itoa(f.To) + "; n++) {\n")
	verb := "%d"
	if f.Width > 1 {
		verb = "%0" + strconv.Itoa(f.Width) + "d"
	}
	b.WriteString("            String shard = String.format(\"" + verb + "\", n);\n")
	b.WriteString("            " + one + " r = " + oneName + "(client, " + strings.Join(args, ", ") + ");\n")
	b.WriteString("            " + add + "\n        }\n        return results;\n    }\n\n")
	b.WriteString("    private static " + one + " " + oneName + "(" + join("DynamoDbClient client", params, "String "+shard) + ") {\n" + body + "    }\n")
	return b.String(), nil
}

// join joins the non-empty parts with ", ".
func join(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ", ")
}
