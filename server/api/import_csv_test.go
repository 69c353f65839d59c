package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/itemcsv"
	"github.com/dynamodb-workbench/workbench/patterns"
)

type csvAnswerForTest struct {
	Table      string             `json:"table"`
	Rows       int                `json:"rows"`
	Columns    []itemcsv.Column   `json:"columns"`
	Items      []attr.Item        `json:"items"`
	Errors     []itemcsv.RowError `json:"errors"`
	MoreErrors int                `json:"moreErrors"`
}

func postCSV(t *testing.T, query, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/import?format=csv"+query, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	testImportAPI(t).ServeHTTP(rec, req)
	return rec
}

func decodeCSVAnswer(t *testing.T, rec *httptest.ResponseRecorder) csvAnswerForTest {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var ans csvAnswerForTest
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatalf("%v: %s", err, rec.Body.String())
	}
	return ans
}

// TestCSVImportWithKeyParameters is the curl form: the CSV as text/csv,
// the key in the query. Good rows come back as DynamoDB JSON, bad ones as
// errors naming row, line and column.
func TestCSVImportWithKeyParameters(t *testing.T) {
	csv := "PK,SK:N,name,price,tags:SS\n" +
		"c#1,1,Ann,12.5,\"[\"\"a\"\"]\"\n" +
		"c#2,x,Bob,,\n" +
		",3,Cy,,\n" +
		"c#4,4,Di,007,\n"
	ans := decodeCSVAnswer(t, postCSV(t, "&table=Orders&key=PK:S&key=SK:N", "text/csv; charset=utf-8", csv))
	if ans.Table != "Orders" || ans.Rows != 4 || len(ans.Items) != 2 || len(ans.Errors) != 2 {
		t.Fatalf("answer %+v", ans)
	}
	want := `{"PK":{"S":"c#1"},"SK":{"N":"1"},"name":{"S":"Ann"},"price":{"N":"12.5"},"tags":{"SS":["a"]}}`
	if got, _ := json.Marshal(ans.Items[0]); string(got) != want {
		t.Errorf("item 1: %s\nwant %s", got, want)
	}
	if ans.Items[1]["price"] != attr.String("007") {
		t.Errorf("007 read as %v, want the string", ans.Items[1]["price"])
	}
	e := ans.Errors[0]
	if e.Row != 2 || e.Line != 3 || e.Column != "SK" || !strings.Contains(e.Message, "not a valid number") && !strings.Contains(e.Message, "x") {
		t.Errorf("error 1: %+v", e)
	}
	e = ans.Errors[1]
	if e.Row != 3 || e.Column != "PK" || e.Message != "One or more parameter values were invalid: Missing the key PK in the item" {
		t.Errorf("error 2: %+v", e)
	}
	var cols []string
	for _, c := range ans.Columns {
		cols = append(cols, c.Name+":"+c.Type+" "+fmt.Sprint(c.Seen))
	}
	if got := strings.Join(cols, " "); got != "PK: map[S:2] SK:N map[N:2] name: map[S:2] price: map[N:1 S:1] tags:SS map[SS:1]" {
		t.Errorf("columns: %s", got)
	}
}

// TestCSVImportWithModel is the JSON form: the model's table, indexes
// included, checks the rows.
func TestCSVImportWithModel(t *testing.T) {
	p, _ := patterns.Get("sparse-index")
	m := p.Model()
	var tbl *model.Table
	for i := range m.Tables {
		if len(m.Tables[i].GlobalSecondaryIndexes) > 0 {
			tbl = &m.Tables[i]
		}
	}
	if tbl == nil {
		t.Fatal("the pattern has no GSI")
	}
	gsiKey := tbl.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName
	var header, good, bad []string
	for _, k := range tbl.KeySchema {
		typ := declared(tbl.AttributeDefinitions, k.AttributeName)
		header = append(header, k.AttributeName+":"+string(typ))
		good = append(good, sample(typ))
		bad = append(bad, sample(typ)+"2")
	}
	wrong := "{\"BOOL\":true}" // no key type is BOOL
	csv := strings.Join(append(header, gsiKey), ",") + "\n" +
		strings.Join(append(good, ""), ",") + "\n" +
		strings.Join(append(bad, `"`+strings.ReplaceAll(wrong, `"`, `""`)+`"`), ",") + "\n"
	doc, _ := model.Marshal(m)
	body, _ := json.Marshal(map[string]any{"model": json.RawMessage(doc), "table": tbl.TableName, "csv": csv})
	ans := decodeCSVAnswer(t, postCSV(t, "", "application/json", string(body)))
	if len(ans.Items) != 1 || len(ans.Errors) != 1 {
		t.Fatalf("answer %+v\nCSV:\n%s", ans, csv)
	}
	if e := ans.Errors[0]; e.Row != 2 || e.Column != gsiKey || !strings.Contains(e.Message, "Type mismatch for Index Key "+gsiKey) {
		t.Errorf("error %+v", e)
	}

	// An unknown table names the model's tables.
	body, _ = json.Marshal(map[string]any{"model": json.RawMessage(doc), "table": "Nope", "csv": csv})
	if rec := postCSV(t, "", "application/json", string(body)); rec.Code != 400 || !strings.Contains(rec.Body.String(), tbl.TableName) {
		t.Errorf("unknown table: %d %s", rec.Code, rec.Body.String())
	}
}

func declared(defs []schema.AttributeDefinition, name string) schema.ScalarType {
	for _, d := range defs {
		if d.AttributeName == name {
			return d.AttributeType
		}
	}
	return ""
}

func sample(t schema.ScalarType) string {
	switch t {
	case schema.TypeN:
		return "1"
	case schema.TypeB:
		return "AQ=="
	}
	return "k"
}

// TestCSVImportRefusals: every bad request is a clear 4xx that reads no
// further.
func TestCSVImportRefusals(t *testing.T) {
	for _, c := range []struct {
		name, query, ct, body string
		status                int
		words                 string
	}{
		{"no key", "&table=T", "text/csv", "PK\na\n", 400, "key=NAME:TYPE"},
		{"three keys", "&key=a:S&key=b:S&key=c:S", "text/csv", "a\n1\n", 400, "key=NAME:TYPE"},
		{"bad key type", "&key=PK:BOOL", "text/csv", "PK\na\n", 400, "TYPE S, N or B"},
		{"no key name", "&key=:S", "text/csv", "PK\na\n", 400, "NAME:TYPE"},
		{"same key twice", "&key=PK:S&key=PK:S", "text/csv", "PK\na\n", 400, "the table the parameters describe"},
		{"empty body", "&key=PK:S", "text/csv", "", 400, "empty"},
		{"bad header", "&key=PK:S", "text/csv", "PK,,x\n", 400, "no attribute name"},
		{"not JSON", "", "application/json", "PK\na\n", 400, "the body is"},
		{"no model", "", "application/json", `{"csv":"PK\na\n"}`, 400, "which table?"},
		{"unknown field", "", "application/json", `{"modle":{}}`, 400, "unknown field"},
		{"bad model", "", "application/json", `{"model":{"version":1,"tables":[{}]},"csv":"a"}`, 400, "the model"},
		{"other type", "&key=PK:S", "application/xml", "<a/>", 415, "text/csv"},
	} {
		rec := postCSV(t, c.query, c.ct, c.body)
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.words) {
			t.Errorf("%s: %d %s, want %d with %q", c.name, rec.Code, rec.Body.String(), c.status, c.words)
		}
	}

	// Over the body limit: 413, read no further.
	big := "PK\n" + strings.Repeat("a\n", maxExportBody/2+1)
	if rec := postCSV(t, "&key=PK:S", "text/csv", big); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over %d bytes: %d %.200s", maxExportBody, rec.Code, rec.Body.String())
	}
	// Over the row limit, under the body limit.
	var b bytes.Buffer
	b.WriteString("PK\n")
	for i := 0; i <= maxCSVRows; i++ {
		b.WriteString("a\n")
	}
	if rec := postCSV(t, "&key=PK:S", "text/csv", b.String()); rec.Code != 400 || !strings.Contains(rec.Body.String(), "more than") {
		t.Errorf("%d rows: %d %.200s", maxCSVRows+1, rec.Code, rec.Body.String())
	}
}
