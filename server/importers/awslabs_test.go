package importers

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TestAWSLabsSchema reads a schema.json shaped like the MCP server's
// modeling output: key types from the fields, GSIs with projections,
// entities with templates and GSI mappings, and access patterns with
// consistent reads, range conditions (>=, begins_with, between), an
// entity parameter and an update; an operation the workbench does not
// model from the schema is reported.
func TestAWSLabsSchema(t *testing.T) {
	data := readTestdata(t, "library.schema.json")
	if f := Detect("schema.json", data); f != AWSLabs {
		t.Errorf("Detect: %q", f)
	}
	m, warnings, err := Import(AWSLabs, data)
	if err != nil {
		t.Fatal(err)
	}
	tb := m.Table("Library")
	if tb == nil || len(tb.GlobalSecondaryIndexes) != 2 || tb.AttributeType("published_year") != schema.TypeN || tb.AttributeType("due_date") != schema.TypeS {
		t.Fatalf("table %+v", tb)
	}
	if g := tb.GSI("LoansByMember"); g.Projection.ProjectionType != schema.ProjectInclude || strings.Join(g.Projection.NonKeyAttributes, ",") != "title,status" {
		t.Errorf("projection %+v", g.Projection)
	}
	book, loan := m.Entity("Book"), m.Entity("Loan")
	if book == nil || loan == nil || book.Keys["pk"] != "BOOK#{isbn}" || book.Keys["sk"] != "METADATA" || book.Keys["author_id"] != "{author_id}" ||
		loan.Keys["sk"] != "LOAN#{loan_date}#{member_id}" || loan.Keys["due_date"] != "{due_date}" {
		t.Fatalf("entities %+v %+v", book, loan)
	}
	types := map[string]string{}
	for _, a := range book.Attributes {
		types[a.Name] = a.Type
	}
	if types["price"] != "N" || types["in_print"] != "BOOL" || types["tags"] != "L" || types["details"] != "M" || types["title"] != "S" {
		t.Errorf("attribute types %v", types)
	}
	want := map[string]string{
		"get_book":                 `"ConsistentRead":true`,
		"add_book":                 `"published_year":{"N":"{published_year}"}`,
		"books_by_author_since":    `#pk = :pk AND #sk >= :sk`,
		"loans_of_book":            `"ExpressionAttributeValues":{":pk":{"S":"BOOK#{isbn}"},":sk":{"S":"LOAN#"}},"KeyConditionExpression":"#pk = :pk AND begins_with(#sk, :sk)"`,
		"member_loans_due_between": `#sk BETWEEN :sk1 AND :sk2`,
		"return_loan":              `"UpdateExpression":"SET #u0 = :u0"`,
	}
	for name, frag := range want {
		ap := m.AccessPattern(name)
		if ap == nil {
			t.Errorf("no access pattern %s", name)
			continue
		}
		if !strings.Contains(string(ap.Request), frag) {
			t.Errorf("%s: %s lacks %s", name, ap.Request, frag)
		}
	}
	if ap := m.AccessPattern("books_by_author_since"); ap.Parameters[1].Name != "since_year" || ap.Parameters[1].Example != "1" {
		t.Errorf("parameters %+v", ap.Parameters)
	}
	hasWarning(t, warnings, "loans_in_a_batch", "BatchGetItem")
}

// TestAWSLabsBadInput: clear errors, never a panic.
func TestAWSLabsBadInput(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"not json", "tables:", "not an AWS Labs schema.json"},
		{"no tables", `{"tables": []}`, `no "tables"`},
		{"no key", `{"tables": [{"table_config": {"table_name": "T"}}]}`, "partition_key"},
		{"bad gsi key", `{"tables": [{"table_config": {"table_name": "Tbl", "partition_key": "pk"}, "gsi_list": [{"name": "G", "partition_key": 5}]}]}`, "a key is a string or a list"},
		{"five key attributes", `{"tables": [{"table_config": {"table_name": "Tbl", "partition_key": "pk"}, "gsi_list": [{"name": "G", "partition_key": ["a","b","c","d","e"]}]}]}`, "over the 4"},
		{"entities a list", `{"tables": [{"table_config": {"table_name": "T", "partition_key": "pk"}, "entities": []}]}`, "entities"},
	} {
		m, _, err := Import(AWSLabs, []byte(c.doc))
		if err == nil {
			t.Errorf("%s: imported %+v", c.name, m)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to mention %q", c.name, err, c.want)
		}
	}
}
