package snippet

import (
	"slices"
	"strings"
	"testing"
)

// TestExpressionIsRendersRequest: without parts, an expression laid out
// as Render lays out its request is the very text of Render's program,
// for every request of the corpus.
func TestExpressionIsRendersRequest(t *testing.T) {
	for _, c := range checkCorpus(t) {
		op := operations[strings.TrimPrefix(c.req.Operation, targetPrefix)].Name
		for _, lang := range []Language{Java, CSharp, Rust} {
			prog, err := Render(c.req, lang)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			e, err := Expression(c.req, lang, nil)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, lang, err)
			}
			var stmt string
			switch lang {
			case Java:
				stmt = e.Statement(2, op+"Response response = client."+lowerCamel(op)+"(", ");")
			case CSharp:
				stmt = e.Statement(2, "var response = await client."+op+"Async(", ");")
			case Rust:
				stmt = e.Call(".send()").Call(".await?").Statement(1, "let output = ", ";")
			}
			if !strings.Contains(prog, stmt) {
				t.Errorf("%s: %s: the expression\n%s\nis not in\n%s", c.name, lang, stmt, prog)
			}
			for _, imp := range e.Imports() {
				name := imp[strings.LastIndexAny(imp, ".:")+1:]
				if !strings.Contains(prog, name) {
					t.Errorf("%s: %s: imports %s, which the program does not use", c.name, lang, imp)
				}
			}
		}
	}
}

// params splits "{name}" references out of a string, as a code generator
// with parameters does: name becomes the expression id(name).
func params(s string) []Part {
	var out []Part
	for s != "" {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s, '}')
		if i < 0 || j < i {
			return append(out, Part{Text: s})
		}
		if i > 0 {
			out = append(out, Part{Text: s[:i]})
		}
		out = append(out, Part{Text: "id(" + s[i+1:j] + ")", Expr: true})
		s = s[j+1:]
	}
	return out
}

func TestExpressionParts(t *testing.T) {
	req := Request{Operation: "Query", Input: []byte(`{
		"TableName": "T",
		"KeyConditionExpression": "PK = :pk",
		"ExpressionAttributeValues": {":pk": {"S": "USER#{u}"}, ":{k}": {"N": "{n}"}, ":ss": {"SS": ["a{b}", "{c}"]}},
		"Select": "{sel}",
		"ReturnConsumedCapacity": "TOTAL"
	}`)}
	for _, tt := range []struct {
		lang    Language
		want    []string
		imports []string
	}{
		{Java, []string{
			`.s("USER#" + id(u))`, `":" + id(k), AttributeValue.builder().n(id(n)).build()`,
			`.ss(List.of("a" + id(b), id(c)))`, `.select(id(sel))`, `.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)`,
		}, []string{"java.util.List", "java.util.Map", javaModel + "AttributeValue", javaModel + "QueryRequest", javaModel + "ReturnConsumedCapacity"}},
		{CSharp, []string{
			`S = "USER#" + id(u)`, `[":" + id(k)] = new AttributeValue { N = id(n) }`,
			`SS = new List<string> { "a" + id(b), id(c) }`, `Select = new Select(id(sel))`, `ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL`,
		}, []string{"System.Collections.Generic"}},
		{Rust, []string{
			`.expression_attribute_values(":pk", AttributeValue::S(format!("USER#{}", id(u))))`,
			`.expression_attribute_values(format!(":{}", id(k)), AttributeValue::N(`, `format!("{}", id(n))`,
			`vec![format!("a{}", id(b)), format!("{}", id(c))]`,
			`.select(Select::from(format!("{}", id(sel)).as_str()))`, `.return_consumed_capacity(ReturnConsumedCapacity::Total)`,
			"\n        .send()\n        .await?;",
		}, []string{"aws_sdk_dynamodb::types::AttributeValue", "aws_sdk_dynamodb::types::ReturnConsumedCapacity", "aws_sdk_dynamodb::types::Select"}},
	} {
		e, err := Expression(req, tt.lang, params)
		if err != nil {
			t.Fatalf("%s: %v", tt.lang, err)
		}
		if tt.lang == Rust {
			e.Call(".send()").Call(".await?")
		}
		got := e.Statement(1, "x = ", ";")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", tt.lang, w, got)
			}
		}
		if !slices.Equal(e.Imports(), tt.imports) {
			t.Errorf("%s: imports %q, want %q", tt.lang, e.Imports(), tt.imports)
		}
	}
}

func TestExpressionLiteralParts(t *testing.T) {
	// Parts without an expression are a literal, of their joined text:
	// an enum's constant, a Rust setter's &str.
	req := Request{Operation: "Scan", Input: []byte(`{"TableName": "T{{x}}", "Select": "COUNT"}`)}
	unescape := func(s string) []Part {
		return []Part{{Text: strings.ReplaceAll(s, "{{", "{")}, {Text: ""}}
	}
	for lang, want := range map[Language][]string{
		Java:   {`.tableName("T{x}}")`, `.select(Select.COUNT)`},
		CSharp: {`TableName = "T{x}}"`, `Select = Select.COUNT`},
		Rust:   {`.table_name("T{x}}")`, `.select(Select::Count)`},
	} {
		e, err := Expression(req, lang, unescape)
		if err != nil {
			t.Fatal(err)
		}
		got := e.Statement(0, "", "")
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, got)
			}
		}
	}
}

func TestExpressionErrors(t *testing.T) {
	for _, tt := range []struct {
		req  Request
		lang Language
		want string
	}{
		{Request{Operation: "Query", Input: []byte(`{}`)}, Go, `snippet: Query: no expression in "go"`},
		{Request{Operation: "Nope"}, Java, `snippet: unknown operation "Nope"`},
		{Request{Operation: "Query", Input: []byte(`{"Limit": "{n}"}`)}, Rust, "snippet: Query: Limit: want a number, not a string"},
		{Request{Operation: "PutItem", Input: []byte(`{"Item": {"B": {"B": "{b}"}}}`)}, CSharp, "binary values are base64"},
	} {
		_, err := Expression(tt.req, tt.lang, params)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: error %v, want %q", tt.req.Operation, tt.lang, err, tt.want)
		}
	}
}

func TestExpressionCall(t *testing.T) {
	req := Request{Operation: "GetItem", Input: []byte(`{"TableName": "T"}`)}
	for lang, want := range map[Language]string{
		Java:   `x = GetItemRequest.builder().tableName("T").build().toBuilder();` + "\n",
		CSharp: `x = new GetItemRequest { TableName = "T" }.ToString();` + "\n",
		Rust:   `x = client.get_item().table_name("T").send().await?;` + "\n",
	} {
		e, err := Expression(req, lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		switch lang {
		case Java:
			e.Call(".toBuilder()")
		case CSharp:
			e.Call(".ToString()")
		case Rust:
			e.Call(".send()").Call(".await?")
		}
		if got := e.Statement(0, "x = ", ";"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}
