package importers

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The inputs of issue 24, each refused by a limit of the budget.

const tfTable = `
resource "aws_dynamodb_table" "t" {
  name     = "orders"
  hash_key = "pk"
  billing_mode = "PAY_PER_REQUEST"
  attribute {
    name = "pk"
    type = "S"
  }
}
`

// TenfoldLocals: each local joins ten copies of the one before.
func TenfoldLocals(levels int) string {
	var b strings.Builder
	b.WriteString("locals {\n  l0 = \"xxxxxxxxxx\"\n")
	for i := 1; i < levels; i++ {
		b.WriteString("  l" + itoa(i) + " = \"")
		for range 10 {
			b.WriteString("${local.l" + itoa(i-1) + "}")
		}
		b.WriteString("\"\n")
	}
	b.WriteString("}\n")
	return b.String() + tfTable
}

// ConcatDoubling: each local concatenates two copies of the one before.
func ConcatDoubling(levels int) string {
	var b strings.Builder
	b.WriteString("locals {\n  c0 = [\"xxxxxxxx\"]\n")
	for i := 1; i < levels; i++ {
		b.WriteString("  c" + itoa(i) + " = concat(local.c" + itoa(i-1) + ", local.c" + itoa(i-1) + ")\n")
	}
	b.WriteString("}\n")
	return b.String() + tfTable
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestBudgetRefusesIssueInputs(t *testing.T) {
	cases := []struct {
		name, format, in, want string
	}{
		{"tenfold locals", Terraform, TenfoldLocals(12), "bytes of values"},
		{"concat doubling", Terraform, ConcatDoubling(40), "bytes of values"},
		{"parentheses", Terraform, "locals { a = " + strings.Repeat("(", 100_000) + "1" + strings.Repeat(")", 100_000) + "}\n" + tfTable, "nests deeper"},
		{"unary", Terraform, "locals { a = " + strings.Repeat("!", 100_000) + "true }\n" + tfTable, "nests deeper"},
		{"conditionals", Terraform, "locals { a = " + strings.Repeat("true ? 1 : ", 50_000) + "1 }\n" + tfTable, "nests deeper"},
		{"interpolations", Terraform, "locals { a = " + strings.Repeat(`"${`, 50_000) + "1" + strings.Repeat(`}"`, 50_000) + "}\n" + tfTable, "nests deeper"},
		{"flow sequences", CloudFormation, "Resources: " + strings.Repeat("[", 100_000), "nests deeper"},
		{"flow behind a quote", CloudFormation, "Resources: it's " + strings.Repeat("[", 1000), "nests deeper"},
		{"json", CloudFormation, `{"Resources": ` + strings.Repeat("[", 100_000), "nests deeper"},
		{"sub of a long default", CloudFormation, "Parameters:\n  P:\n    Type: String\n    Default: " + strings.Repeat("x", 100_000) + "\nResources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: !Sub \"" + strings.Repeat("${P}", 100) + "\"\n", "bytes of values"},
		{"too large", CloudFormation, "Resources: {}\n" + strings.Repeat("#", MaxTemplateBytes), "over"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Import(c.format, []byte(c.in))
			var limit *LimitError
			if !errors.As(err, &limit) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Import = %v, want a LimitError with %q", err, c.want)
			}
		})
	}
}

func TestBudgetKeepsOrdinaryConfigurations(t *testing.T) {
	in := TenfoldLocals(4) // 10 KB: well within
	if _, _, err := Import(Terraform, []byte(in)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Import(Terraform, []byte(ConcatDoubling(8))); err != nil {
		t.Fatal(err)
	}
}

func TestYAMLNesting(t *testing.T) {
	for in, want := range map[string]int{
		"a: [1, [2, {b: 3}]]":       3,
		"a: \"[[[[\"":               0,
		"a: '[[['' [['":             0,
		"a: it's [x]":               1,
		"# [[[[\na: 1":              0,
		"a: b#[[[":                  3,
		"a: ]]]]\nb: [[1]]":         2,
		`{"a": "\"[[[", "b": [[]]}`: 3,
	} {
		if got := yamlNesting([]byte(in), 100); got != want {
			t.Errorf("yamlNesting(%q) = %d, want %d", in, got, want)
		}
	}
}
