package appcode

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// The Java data-access class: the AWS SDK for Java v2's DynamoDbClient,
// requests as the SDK's builders, written by snippet's Java renderer (an
// enum member whose value holds a parameter set by its String setter,
// which the SDK offers beside the enum one), items as
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
	r, err := newSDKRequest(p, snippet.Java, javaReserved, camel, "num")
	if err != nil {
		return "", err
	}
	req, ids := r.req, r.ids
	op := p.ap.Operation
	call := "client." + strings.ToLower(op[:1]) + op[1:]
	var one, body string
	switch {
	case r.paginated:
		one = "List<" + javaItem + ">"
		body = req.Statement(2, op+"Request request = ", ";") +
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
		body = req.Statement(2, "return "+call+"(", ").items();")
	case op == "GetItem":
		one = javaItem
		body = req.Statement(2, "GetItemResponse response = "+call+"(", ");") +
			"        return response.hasItem() ? response.item() : null;\n"
	default:
		one = op + "Response"
		body = req.Statement(2, "return "+call+"(", ");")
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
	args := append(r.args, "shard")
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
