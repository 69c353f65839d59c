package api

import (
	"io"
	"log"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

func testImportAPI(t *testing.T) http.Handler {
	t.Helper()
	h, err := importAPI("", log.New(io.Discard, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestImportAPIFormats posts a file of each format to POST /api/import,
// with the format named and without it (the name and the content tell).
func TestImportAPIFormats(t *testing.T) {
	h := testImportAPI(t)
	yaml, err := os.ReadFile("../importers/testdata/orders.template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tf, err := os.ReadFile("../importers/testdata/game-scores.tf")
	if err != nil {
		t.Fatal(err)
	}
	nw, err := formats.RenderWith(patterns.Catalog()[0].Model(), formats.NoSQLWorkbench, formats.Options{Resolve: patterns.Generator, MaxItems: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target string
		body   []byte
		table  string
	}{
		{"/api/import?format=cloudformation", yaml, "orders-dev"},
		{"/api/import?format=cloudformation-yaml", yaml, "orders-dev"},
		{"/api/import", yaml, "orders-dev"},
		{"/api/import?format=terraform", tf, "staging-games-GameScores"},
		{"/api/import?name=main.tf", tf, "staging-games-GameScores"},
		{"/api/import", []byte(nw.Files[0].Content), patterns.Catalog()[0].Model().Tables[0].TableName},
		{"/api/import?format=nosql-workbench", []byte(nw.Files[0].Content), patterns.Catalog()[0].Model().Tables[0].TableName},
	} {
		m, _ := servertest.DecodeImport(t, post(h, c.target, c.body))
		if m.Tables[0].TableName != c.table {
			t.Errorf("%s: table %s, want %s", c.target, m.Tables[0].TableName, c.table)
		}
	}
	for _, c := range []struct {
		target string
		body   []byte
		status int
		want   string
	}{
		{"/api/import?format=terraform", []byte("resource {"), 400, "not a Terraform file"},
		{"/api/import?format=cloudformation", []byte("- a"), 400, "not a mapping"},
		{"/api/import", []byte(`{"x": 1}`), 400, "DataModel"},
	} {
		rec := post(h, c.target, c.body)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want %d with %q", c.target, rec.Code, rec.Body.String(), c.status, c.want)
		}
	}
}

// TestImportAPIParams: a template whose parameters have no default is
// imported with &param=NAME=VALUE (repeatable, AWS::Region too); a missing
// one is a 400 naming it, a malformed one too, and a parameter given to
// another format is refused.
func TestImportAPIParams(t *testing.T) {
	h := testImportAPI(t)
	tpl, err := os.ReadFile("../importers/testdata/cfn-shapes/params-no-default.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, warnings := servertest.DecodeImport(t, post(h, "/api/import?format=cloudformation&param=Stage=prod&param=ServiceName=billing&param=ReadUnits=7", tpl))
	if tb := m.Tables[0]; tb.TableName != "billing-prod-orders" || *tb.ProvisionedThroughput.ReadCapacityUnits != 7 {
		t.Errorf("table %s %+v", tb.TableName, tb.ProvisionedThroughput)
	}
	if !strings.Contains(strings.Join(warnings, "\n"), `parameter ServiceName takes the value given, "billing"`) {
		t.Errorf("warnings %q", warnings)
	}
	for _, c := range []struct{ target, want string }{
		{"/api/import?format=cloudformation&param=Stage=prod", "parameter ServiceName has no Default: give its value (?param=ServiceName=VALUE"},
		{"/api/import?format=cloudformation&param=Stage", `param: parameter \"Stage\": write NAME=VALUE`},
		{"/api/import?format=cloudformation&param=Stage=a&param=Stage=b", "parameter Stage is given twice"},
		{"/api/import?format=terraform&param=Stage=prod", "param gives a CloudFormation template's parameters"},
	} {
		rec := post(h, c.target, tpl)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d %s, want 400 with %q", c.target, rec.Code, rec.Body.String(), c.want)
		}
	}
}
