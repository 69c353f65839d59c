package app

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

func TestPartiQLFormBody(t *testing.T) {
	f := partiqlForm{Statement: `SELECT * FROM "T" WHERE PK = ?`, Parameters: `[{"S": "a<b"}]`, Limit: "5", Consistent: true}
	body, err := f.body("tok")
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "Statement": "SELECT * FROM \"T\" WHERE PK = ?",
  "Parameters": [
    {"S": "a<b"}
  ],
  "ConsistentRead": true,
  "NextToken": "tok",
  "ReturnConsumedCapacity": "INDEXES",
  "Limit": 5
}`
	if body != want {
		t.Errorf("body:\n%s\nwant:\n%s", body, want)
	}
	back, ok := partiqlFormOf([]byte(body))
	if !ok || back.Statement != f.Statement || back.Limit != "5" || !back.Consistent || !strings.Contains(back.Parameters, `"a<b"`) {
		t.Errorf("read back %+v", back)
	}
	for _, bad := range []partiqlForm{{}, {Statement: "SELECT * FROM T", Parameters: "{"}, {Statement: "SELECT * FROM T", Limit: "x"}} {
		if _, err := bad.body(""); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestQueryPanelPartiQL switches the panel to PartiQL, runs a keyed SELECT
// page by page, and sees items, consumed capacity, NextToken and the
// execute-statement snippets in the same result panel.
func TestQueryPanelPartiQL(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)
	p.setMode(p.ctx, true)
	e.ConsumeAll()
	out := p.html()
	for _, id := range []string{IDQueryModePartiQL, IDPartiQLStatement, IDPartiQLParams, IDQueryRun, IDPartiQLTemplate + "INSERT"} {
		if !strings.Contains(out, `id="`+id+`"`) {
			t.Errorf("PartiQL mode lacks #%s", id)
		}
	}
	if strings.Contains(out, `id="`+IDQueryEditor+`"`) {
		t.Error("PartiQL mode still shows the JSON editor")
	}
	if !strings.HasPrefix(p.q.pq.Statement, `SELECT * FROM "Photos" WHERE "PK" = ?`) {
		t.Errorf("the starting statement is %q", p.q.pq.Statement)
	}

	p.q.pq = partiqlForm{Statement: `SELECT SK, caption FROM Photos WHERE PK = ? AND begins_with(SK, 'PHOTO#')`, Parameters: `[{"S": "TENANT#acme"}]`, Limit: "3"}
	p.run(p.ctx) // what Ctrl/⌘+Enter does
	e.ConsumeAll()
	var seen []string
	for page := 1; ; page++ {
		r := p.State.Result
		if r == nil || r.Status != 200 || r.Operation != "ExecuteStatement" {
			t.Fatalf("page %d: %+v", page, r)
		}
		if r.TotalCapacity() <= 0 {
			t.Errorf("page %d reports no consumed capacity: %s", page, r.Response)
		}
		for _, it := range r.Items {
			seen = append(seen, string(it["SK"].(attr.String)))
		}
		out := p.html()
		for _, want := range []string{`id="` + IDResultItems + `"`, `id="` + IDResultCapacity + `"`, "aws dynamodb execute-statement", "ExecuteStatementCommand", "execute_statement"} {
			if !strings.Contains(out, want) {
				t.Errorf("page %d: the result lacks %s", page, want)
			}
		}
		if nextTokenOf(r) == "" {
			break
		}
		if !strings.Contains(out, `id="`+IDResultNextToken+`"`) {
			t.Fatalf("page %d: a NextToken but no next-page control", page)
		}
		p.nextPartiQL(p.ctx)
		e.ConsumeAll()
		if page > 5 {
			t.Fatal("paging does not end")
		}
	}
	if strings.Join(seen, ",") != "PHOTO#p-0001,PHOTO#p-0002,PHOTO#p-0003,PHOTO#p-0004" {
		t.Errorf("pages gave %v", seen)
	}

	if out := p.html(); !strings.Contains(out, `id="`+IDResultPlan+`"`) || !strings.Contains(out, `data-operation="Query"`) {
		t.Error("the keyed SELECT is not shown as a Query")
	}
	// A SELECT without a partition-key condition is a full scan, and the
	// result says so beside its cost.
	p.q.pq = partiqlForm{Statement: `SELECT * FROM Photos WHERE begins_with(SK, 'PHOTO#')`}
	p.runPartiQL(p.ctx)
	e.ConsumeAll()
	if out := p.html(); !strings.Contains(out, `data-operation="Scan"`) || !strings.Contains(out, "Full scan of Photos") {
		t.Error("the full scan is not said")
	}
	if r := p.State.Result; r.Status != 200 || r.TotalCapacity() <= 0.5 {
		t.Errorf("the scan answered %d and cost %v", r.Status, r.TotalCapacity())
	}

	// A statement error is DynamoDB's, shown verbatim.
	p.q.pq = partiqlForm{Statement: `SELECT * FROM Photos WHERE PK = ?`}
	p.runPartiQL(p.ctx)
	e.ConsumeAll()
	if r := p.State.Result; r.Status != 400 || r.ErrorMessage != "Number of parameters in request and statement don't match." {
		t.Errorf("got %d %s: %q", r.Status, r.ErrorType, r.ErrorMessage)
	}
	// Back to the expression API: the JSON editor returns.
	p.setMode(p.ctx, false)
	e.ConsumeAll()
	if out := p.html(); !strings.Contains(out, `id="`+IDQueryEditor+`"`) || strings.Contains(out, `id="`+IDPartiQLStatement+`"`) {
		t.Error("the expression API mode does not show the JSON editor")
	}
}

// TestQueryPanelPartiQLPattern: an access pattern written as PartiQL runs
// from the panel and opens in PartiQL mode with its bound statement.
func TestQueryPanelPartiQLPattern(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)
	err := p.Store.Edit(func(m *model.Model) {
		m.AccessPatterns = append(m.AccessPatterns, model.AccessPattern{Name: "Photos (PartiQL)", Operation: "ExecuteStatement", Rate: 1,
			Parameters: []model.Parameter{{Name: "tenantId", Example: "acme"}},
			Request:    []byte(`{"Statement": "SELECT SK FROM Photos WHERE PK = ? AND begins_with(SK, 'PHOTO#')", "Parameters": [{"S": "TENANT#{tenantId}"}]}`)})
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Store.Apply(); err != nil {
		t.Fatal(err)
	}
	p.State = p.Store.State()
	e.ConsumeAll()
	p.runPattern(p.ctx, "Photos (PartiQL)")
	e.ConsumeAll()
	r := p.State.Result
	if r == nil || r.Status != 200 || r.Operation != "ExecuteStatement" || len(r.Items) != 4 || r.TotalCapacity() <= 0 {
		t.Fatalf("result %+v", r)
	}
	if !p.q.partiql || !strings.Contains(p.q.pq.Statement, "begins_with(SK, 'PHOTO#')") || !strings.Contains(p.q.pq.Parameters, "TENANT#acme") {
		t.Errorf("the pattern did not open in PartiQL mode: %+v", p.q.pq)
	}
	out := p.html()
	for _, want := range []string{`id="` + IDPartiQLStatement + `"`, `id="` + IDQueryPatternNote + `"`, `data-operation="Query"`, "aws dynamodb execute-statement"} {
		if !strings.Contains(out, want) {
			t.Errorf("the panel lacks %s", want)
		}
	}
	// Another pattern returns to the expression API's editor.
	p.runPattern(p.ctx, "Tenant's photos")
	e.ConsumeAll()
	if p.q.partiql || !strings.Contains(p.html(), `id="`+IDQueryEditor+`"`) {
		t.Error("a Query pattern did not return to the JSON editor")
	}
}
