package appcode

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// The C# data-access class: the AWS SDK for .NET's IAmazonDynamoDB
// (AmazonDynamoDBClient implements it), requests as the SDK's model
// classes with object and collection initializers, written by snippet's
// C# renderer, items as Dictionary<string, AttributeValue>.

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
	usings := []string{"System.Collections.Generic", "System.Globalization", "System.IO", "System.Threading.Tasks"}
	var body strings.Builder
	for _, p := range d.patterns {
		name := top.name(pascal(p.ap.Name, "P"))
		src, err := csPattern(p, name, top, &usings)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("access pattern %q is left out of the C# class: %v.", p.ap.Name, err))
			continue
		}
		body.WriteString("\n" + src)
	}
	var b strings.Builder
	b.WriteString(header(d, "//", "Typed data access: one method per access pattern (AWS SDK for .NET)."))
	b.WriteString("// A Query or Scan without a Limit reads every page; a fan-out loops over its shards\n// and merges the results.\n")
	slices.Sort(usings)
	for _, u := range usings {
		b.WriteString("using " + u + ";\n")
	}
	b.WriteString("using Amazon.DynamoDBv2;\nusing Amazon.DynamoDBv2.Model;\n\n")
	b.WriteString("public static class Access\n{\n")
	b.WriteString("    // A number as text DynamoDB reads (round-trip precision, invariant culture).\n")
	b.WriteString("    static string Num(double v) { return v.ToString(\"R\", CultureInfo.InvariantCulture); }\n\n")
	b.WriteString("    // Keep the usings used whatever the patterns are.\n    static readonly System.Type[] Used = { typeof(MemoryStream), typeof(List<int>) };\n")
	b.WriteString(body.String())
	b.WriteString("}\n")
	return b.String(), warnings
}

func csPattern(p *pattern, name string, top *namer, usings *[]string) (string, error) {
	r, err := newSDKRequest(p, snippet.CSharp, csReserved, camel, "Num")
	if err != nil {
		return "", err
	}
	req, ids := r.req, r.ids
	for _, u := range req.Imports() {
		if !slices.Contains(*usings, u) {
			*usings = append(*usings, u)
		}
	}
	op := p.ap.Operation
	call := "await client." + op + "Async"
	var one, body string
	switch {
	case r.paginated:
		one = "List<" + csItem + ">"
		body = req.Statement(2, "var request = ", ";") +
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
		body = req.Statement(2, "return ("+call+"(", ")).Items;")
	case op == "GetItem":
		one = csItem
		body = req.Statement(2, "var response = "+call+"(", ");") +
			"        return response.IsItemSet ? response.Item : null;\n"
	default:
		one = op + "Response"
		body = req.Statement(2, "return "+call+"(", ");")
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
	args := append(r.args, "shard")
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
