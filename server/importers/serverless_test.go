package importers

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/server/exporters"
)

// TestServerlessService imports two Serverless Framework service files:
// the table under resources.Resources (a mapping, and a list of fragments
// beside a file reference), its name from ${self:...}, ${sls:stage} and
// ${opt:stage, 'dev'} from the stage given or dev, a capacity chosen by a
// nested variable with a fallback, and warnings naming what a deployment
// would read (the other file, SSM, the account, the environment).
func TestServerlessService(t *testing.T) {
	for _, c := range []struct {
		file, stage, table string
		capacity           int64
		warnings           []string
	}{
		{"orders.yml", "", "orders-api-orders-dev", 0, []string{"${sls:stage} takes dev"}},
		{"orders.yml", "prod", "orders-api-orders-prod", 0, nil},
		{"catalog.yml", "", "acme-catalog-dev-products", 2, []string{"resources/s3.yml", "${ssm:/acme/kms/key-id} is not resolved", "${aws:accountId} is not resolved", "env:OWNER is not read here", "${sls:stage} takes dev"}},
		{"catalog.yml", "prod", "acme-catalog-prod-products", 50, []string{"resources/s3.yml"}},
	} {
		data, err := os.ReadFile("testdata/serverless/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		var params map[string]string
		if c.stage != "" {
			params = map[string]string{"stage": c.stage}
		}
		m, warnings, err := ImportCloudFormationWith(data, params)
		what := c.file + " stage " + c.stage
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		if len(m.Tables) != 1 || m.Tables[0].TableName != c.table {
			t.Errorf("%s: tables %+v, want %s", what, m.Tables, c.table)
			continue
		}
		tb := m.Tables[0]
		if c.capacity > 0 && (tb.ProvisionedThroughput == nil || *tb.ProvisionedThroughput.ReadCapacityUnits != c.capacity) {
			t.Errorf("%s: throughput %+v, want %d", what, tb.ProvisionedThroughput, c.capacity)
		}
		all := strings.Join(warnings, "\n")
		for _, w := range c.warnings {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no warning says %q:\n%s", what, w, all)
			}
		}
		if c.stage != "" && strings.Contains(all, "takes dev") {
			t.Errorf("%s: the given stage is not taken:\n%s", what, all)
		}
	}
	orders, _ := os.ReadFile("testdata/serverless/orders.yml")
	m, _, _ := ImportCloudFormation(orders)
	if tb := m.Tables[0]; len(tb.GlobalSecondaryIndexes) != 1 || tb.TimeToLiveSpecification == nil || tb.TimeToLiveSpecification.AttributeName != "ttl" || tb.StreamSpecification == nil {
		t.Errorf("orders.yml: %+v", tb)
	}
	if m.Name != "orders-api" {
		t.Errorf("orders.yml: the model is named %q, want the service's", m.Name)
	}
}

// TestServerlessWrapsEveryTemplate: every pattern's CloudFormation export,
// put under a Serverless service's resources, imports to the same tables
// as the template itself.
func TestServerlessWrapsEveryTemplate(t *testing.T) {
	for _, m := range roundTripModels(t) {
		r, err := exporters.RenderWith(m, formats.CloudFormationYAML, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		direct, _, err := ImportCloudFormation([]byte(r.Files[0].Content))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("service: wrapped\nprovider:\n  name: aws\nresources:\n")
		for _, line := range strings.Split(r.Files[0].Content, "\n") {
			b.WriteString("  " + line + "\n")
		}
		wrapped, warnings, err := ImportCloudFormation([]byte(b.String()))
		if err != nil {
			t.Errorf("%s wrapped: %v", m.Name, err)
			continue
		}
		if len(warnings) != 0 {
			t.Errorf("%s wrapped: warnings %q", m.Name, warnings)
		}
		sameTables(t, m.Name+" wrapped", direct, wrapped)
	}
}

// TestServerlessVariablesBounded: variables that refer to each other in a
// circle, that double a value at each level, or that are too many in one
// value are refused with a clear error; the server's environment is never
// read, whatever the file asks.
func TestServerlessVariablesBounded(t *testing.T) {
	t.Setenv("WB_SECRET_FOR_TEST", "s3cr3t")
	table := func(name string) string {
		return "resources:\n  Resources:\n    T:\n      Type: AWS::DynamoDB::Table\n      Properties:\n        TableName: \"" + name + "\"\n" +
			"        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]\n        KeySchema: [{AttributeName: id, KeyType: HASH}]\n        BillingMode: PAY_PER_REQUEST\n"
	}
	var doubling strings.Builder
	doubling.WriteString("service: s\ncustom:\n  v0: abcdefghijklmnopqrstuvwxyz0123456789\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&doubling, "  v%d: ${self:custom.v%d}${self:custom.v%d}\n", i, i-1, i-1)
	}
	doubling.WriteString(table("${self:custom.v20}"))
	var wide strings.Builder
	wide.WriteString("service: s\ncustom:\n  v0: x\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&wide, "  v%d: \"%s\"\n", i, strings.Repeat(fmt.Sprintf("${self:custom.v%d}", i-1), 200))
	}
	wide.WriteString(table("${self:custom.v9}"))
	for _, c := range []struct{ name, file, want string }{
		{"wide", wide.String(), "more than"},
		{"circle", "service: s\ncustom:\n  a: ${self:custom.b}\n  b: ${self:custom.a}\n" + table("${self:custom.a}"), "refer to each other"},
		{"doubling", doubling.String(), "more than"},
		{"many", "service: s\n" + table(strings.Repeat("${opt:x, 'a'}", 300)), "more than 256 Serverless variables"},
	} {
		_, _, err := ImportCloudFormation([]byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
		var limit *LimitError
		if c.name == "doubling" && !errors.As(err, &limit) && !strings.Contains(fmt.Sprint(err), "deep") {
			t.Errorf("doubling: %v is not a limit", err)
		}
	}
	m, warnings, err := ImportCloudFormation([]byte("service: s\n" + table("t-${env:WB_SECRET_FOR_TEST}")))
	if err != nil {
		t.Fatal(err)
	}
	if name := m.Tables[0].TableName; strings.Contains(name, "s3cr3t") || !strings.Contains(strings.Join(warnings, " "), "env:WB_SECRET_FOR_TEST") {
		t.Errorf("an environment variable: table %q, warnings %q", name, warnings)
	}
}

// FuzzServerlessVariables: whatever a value's variables say, the import
// answers (a model or an error) without a panic, in bounded time.
func FuzzServerlessVariables(f *testing.F) {
	for _, s := range []string{"${self:custom.a}", "${opt:stage, 'dev'}-x", "${self:custom.${sls:stage}, 'd'}", "${AWS::Region}${sls:stage}", "${", "}${", "${self:}", "${file(x)}", "${,,}", "${self:custom.a}${self:custom.a}"} {
		f.Add(s, "${self:custom.b}-v", "b")
	}
	f.Fuzz(func(t *testing.T, name, a, b string) {
		file := fmt.Sprintf("service: s\ncustom:\n  a: %q\n  b: %q\nresources:\n  Resources:\n    T:\n      Type: AWS::DynamoDB::Table\n      Properties:\n        TableName: %q\n"+
			"        AttributeDefinitions: [{AttributeName: id, AttributeType: S}]\n        KeySchema: [{AttributeName: id, KeyType: HASH}]\n        BillingMode: PAY_PER_REQUEST\n", a, b, name)
		m, _, err := ImportCloudFormation([]byte(file))
		if err == nil && m.Validate() != nil {
			t.Fatalf("an import that does not validate: %v", m.Validate())
		}
	})
}
