package app

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// testQueryPanel is the Query panel under go-app's test engine, keeping the
// Context that OnPreRender receives so the test can call its handlers.
type testQueryPanel struct {
	queryPanel
	ctx goapp.Context
}

func (p *testQueryPanel) OnPreRender(ctx goapp.Context) { p.ctx = ctx }

// newQueryPanel opens a pattern with n items and mounts the panel on it.
func newQueryPanel(t *testing.T, pattern string, n int) (*testQueryPanel, goapp.TestEngine) {
	t.Helper()
	s := NewStore()
	if err := s.OpenPattern(pattern); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(n, 0, nil); err != nil {
		t.Fatal(err)
	}
	p := &testQueryPanel{queryPanel: queryPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if p.ctx.Src() == nil {
		t.Fatal("the panel did not receive a Context")
	}
	return p, e
}

// otherTab stands for another tab's panel.
type otherTab struct{ goapp.Compo }

func (o *otherTab) Render() goapp.UI { return goapp.Div() }

func (p *testQueryPanel) html() string { return goapp.HTMLString(p.Render()) }

func TestQueryPanelRunsAnAccessPattern(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 200)
	html0 := p.html()
	for _, id := range []string{IDQueryOperation, IDQueryTable, IDQueryEditor, IDQueryRun, IDQueryPatterns,
		IDQueryPattern + idSafe("Tenant's photos"), queryParamID("Tenant's photos", "tenantId"), IDResult} {
		if !strings.Contains(html0, `id="`+id+`"`) {
			t.Errorf("the panel lacks #%s", id)
		}
	}
	// Before anything runs, the form has written a Query into the editor.
	if !strings.Contains(p.q.editor, `"KeyConditionExpression": "PK = :PK"`) {
		t.Errorf("the editor does not hold the form's query:\n%s", p.q.editor)
	}

	p.runPattern(p.ctx, "Tenant's photos")
	e.ConsumeAll()
	r := p.State.Result
	if r == nil || r.Status != 200 || r.Pattern != "Tenant's photos" {
		t.Fatalf("result %+v", r)
	}
	if len(r.Items) != 4 || r.Count != 4 || !r.HasCount {
		t.Errorf("acme's photos: %d items, Count %d", len(r.Items), r.Count)
	}
	if r.TotalCapacity() <= 0 {
		t.Errorf("no consumed capacity: %s", r.Response)
	}
	// The editor shows the request that ran.
	if !strings.Contains(p.q.editor, `"TENANT#acme"`) || p.operation() != "Query" || p.q.pattern != "Tenant's photos" {
		t.Errorf("the editor does not show the pattern's request (%s):\n%s", p.operation(), p.q.editor)
	}
	out := p.html()
	for _, want := range []string{
		`id="` + IDResultCount + `"`, `data-count="4"`,
		`id="` + IDResultScanned + `"`,
		`id="` + IDResultCapacity + `"`, `data-units="` + unitsString(r.TotalCapacity()) + `"`,
		unitsString(r.TotalCapacity()) + " RCU",
		`id="` + IDResultItems + `"`, "PHOTO#p-0001", "Launch party",
		`id="` + IDSnippet + string(snippet.CLI) + `"`, "aws dynamodb query",
		`id="` + IDSnippet + string(snippet.Python) + `"`,
		`id="` + IDSnippet + string(snippet.Java) + `"`, "QueryResponse response = client.query(QueryRequest.builder()",
		`id="` + IDSnippet + string(snippet.CSharp) + `"`, "await client.QueryAsync(new QueryRequest",
		`id="` + IDSnippet + string(snippet.Rust) + `"`, ".query()",
		`id="` + IDSnippetTab + string(snippet.Java) + `"`, `id="` + IDSnippetCopy + string(snippet.Java) + `"`,
		`id="` + IDQueryPatternNote + `"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the rendered panel lacks %s", want)
		}
	}
	// Key attributes lead the item table's columns.
	if cols := resultColumns(p.State.Model, r); len(cols) < 3 || cols[0] != "PK" || cols[1] != "SK" {
		t.Errorf("columns %v", cols)
	}
}

func TestQueryPanelShowsErrorsVerbatim(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)

	p.writeEditor(`{"TableName": "Photos", `)
	p.run(p.ctx)
	e.ConsumeAll()
	r := p.State.Result
	if r.Status != 400 || r.ErrorType != "SerializationException" || r.ErrorMessage == "" {
		t.Fatalf("invalid JSON: %d %s %q", r.Status, r.ErrorType, r.ErrorMessage)
	}
	out := p.html()
	if !strings.Contains(out, `id="`+IDResultError+`"`) || !strings.Contains(out, "SerializationException") ||
		!strings.Contains(out, html.EscapeString(r.ErrorMessage)) {
		t.Errorf("the error is not shown verbatim: %q", r.ErrorMessage)
	}

	p.writeEditor(`{"TableName":"Photos","KeyConditionExpression":"PK = :p"}`)
	p.run(p.ctx)
	e.ConsumeAll()
	r = p.State.Result
	const msg = "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :p"
	if r.ErrorType != "ValidationException" || r.ErrorMessage != msg {
		t.Fatalf("got %s: %q", r.ErrorType, r.ErrorMessage)
	}
	if out := p.html(); !strings.Contains(out, "ValidationException") || !strings.Contains(out, html.EscapeString(msg)) {
		t.Error("the validation error is not shown verbatim")
	}
}

func TestQueryPanelNextPage(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)
	p.formChanged(p.ctx, func(f *queryForm) {
		f.Operation, f.Table, f.Limit = "Query", "Photos", "2"
		f.Key["PK"] = "TENANT#acme"
	})
	p.run(p.ctx)
	e.ConsumeAll()
	// acme has a profile and four photos: pages of 2, 2 and 1.
	var seen []string
	for page := 1; ; page++ {
		r := p.State.Result
		if r.Status != 200 {
			t.Fatalf("page %d: %s %s", page, r.ErrorType, r.ErrorMessage)
		}
		for _, it := range r.Items {
			seen = append(seen, string(it["SK"].(attr.String)))
		}
		if r.LastEvaluatedKey == nil {
			if page != 3 || r.Count != 1 {
				t.Errorf("the last page is page %d with %d items", page, r.Count)
			}
			break
		}
		if r.Count != 2 {
			t.Errorf("page %d has %d items", page, r.Count)
		}
		if page > 3 {
			t.Fatal("more pages than items")
		}
		if out := p.html(); !strings.Contains(out, `id="`+IDQueryNext+`"`) || !strings.Contains(out, `id="`+IDResultLastKey+`"`) {
			t.Fatal("no next-page button beside LastEvaluatedKey")
		}
		p.next(p.ctx)
		e.ConsumeAll()
		if !strings.Contains(p.q.editor, `"ExclusiveStartKey"`) {
			t.Fatalf("the editor's next request has no ExclusiveStartKey:\n%s", p.q.editor)
		}
	}
	want := []string{"PHOTO#p-0001", "PHOTO#p-0002", "PHOTO#p-0003", "PHOTO#p-0004", "PROFILE"}
	if strings.Join(seen, ",") != strings.Join(want, ",") {
		t.Errorf("pages returned %v, want %v", seen, want)
	}
}

func TestQueryPanelShortcutAndFanOut(t *testing.T) {
	p, e := newQueryPanel(t, "write-sharding", 300)
	p.OnMount(p.ctx)
	e.ConsumeAll()

	// Ctrl/⌘+Enter: the page posts actionRunQuery; the panel runs its editor.
	p.selectOperation(p.ctx, "Scan")
	p.formChanged(p.ctx, func(f *queryForm) { f.Limit = "7" })
	p.ctx.NewAction(actionRunQuery)
	e.ConsumeAll()
	r := p.State.Result
	if r == nil || r.Operation != "Scan" || r.Status != 200 || r.Count != 7 {
		t.Fatalf("the shortcut ran %+v", r)
	}

	var fan string
	for _, ap := range p.State.Model.AccessPatterns {
		if ap.FanOut != nil {
			fan = ap.Name
		}
	}
	if fan == "" {
		t.Fatal("write-sharding has no fan-out access pattern")
	}
	p.runPattern(p.ctx, fan)
	e.ConsumeAll()
	ap := p.State.Model.AccessPattern(fan)
	n := len(ap.FanOut.Values())
	if r := p.State.Result; r.Requests != n || len(p.q.fanOut) != n {
		t.Errorf("fan-out: %d requests run, %d shown, want %d", r.Requests, len(p.q.fanOut), n)
	}
	out := p.html()
	if !strings.Contains(out, `id="`+IDQueryFanOut+`"`) {
		t.Error("the fan-out's requests are not shown")
	}
	// The snippets loop over every request, not the first alone.
	v := p.viewOf(p.State.Result)
	f := ap.FanOut
	for lang, want := range map[snippet.Language]string{snippet.CLI: fmt.Sprintf("for %s in $(seq %d %d); do", f.Parameter, f.From, f.To),
		snippet.Python:     fmt.Sprintf("for i in range(%d, %d):", f.From, f.To+1),
		snippet.JavaScript: fmt.Sprintf("for (let i = %d; i <= %d; i++) {", f.From, f.To),
		snippet.Go:         fmt.Sprintf("for i := %d; i <= %d; i++ {", f.From, f.To)} {
		if !strings.Contains(v.snippets[lang], want) {
			t.Errorf("the %s snippet of the fan-out lacks %q:\n%s", lang, want, v.snippets[lang])
		}
	}
	if got := strings.Count(v.snippets[snippet.JSON], `"TableName"`); got != n {
		t.Errorf("the JSON snippet holds %d requests, want %d", got, n)
	}
	if !strings.Contains(out, html.EscapeString(fmt.Sprintf("for %s in $(seq %d %d); do", f.Parameter, f.From, f.To))) {
		t.Error("the page does not show the fan-out snippet")
	}
}

func TestQueryPanelFollowsTheSidebarAndKeepsItsState(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)
	// A run from the sidebar reaches the panel through the State.
	if _, err := p.Store.RunPattern("Photo", nil); err != nil {
		t.Fatal(err)
	}
	p.State = p.Store.State()
	p.html()
	if p.q.pattern != "Photo" || p.operation() != "GetItem" || !strings.Contains(p.q.editor, `"PHOTO#p-0002"`) {
		t.Errorf("the editor does not show the sidebar's run (%s):\n%s", p.operation(), p.q.editor)
	}

	// Editing by hand, then a new mount (another tab and back) keeps it.
	p.q.editor = `{"TableName": "Photos", "Key": {}}`
	p.save(p.ctx)
	again := &testQueryPanel{queryPanel: queryPanel{Panel: Panel{Store: p.Store, State: p.Store.State()}}}
	// Another component in between, or go-app would update p in place.
	if err := e.Load(&otherTab{}); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := e.Load(again); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	again.OnMount(again.ctx)
	e.ConsumeAll()
	if again.q.editor != p.q.editor || again.operation() != "GetItem" {
		t.Errorf("the new mount lost the editor: %q (%s)", again.q.editor, again.operation())
	}

	// A new design resets a form whose table is gone.
	if err := p.Store.OpenBlank(); err != nil {
		t.Fatal(err)
	}
	again.State = p.Store.State()
	again.html()
	if again.q.form.Table != "AppTable" || !strings.Contains(again.q.editor, `"AppTable"`) {
		t.Errorf("after a new design: table %q, editor\n%s", again.q.form.Table, again.q.editor)
	}
}

func TestQueryPanelFormOperations(t *testing.T) {
	p, _ := newQueryPanel(t, "multi-tenancy", 20)
	for _, op := range formOperations {
		p.selectOperation(p.ctx, op)
		if p.q.formErr != "" {
			t.Errorf("%s: %s", op, p.q.formErr)
		}
		if !strings.Contains(p.q.editor, `"Photos"`) {
			t.Errorf("%s: the editor does not name the table:\n%s", op, p.q.editor)
		}
		out := p.html()
		if fieldsFor(op).Keys && !strings.Contains(out, `id="`+IDQueryKey+"PK"+`"`) {
			t.Errorf("%s: no key field", op)
		}
		if fieldsFor(op).Item && !strings.Contains(out, `id="`+IDQueryItem+`"`) {
			t.Errorf("%s: no item field", op)
		}
	}
	// A Limit that is not a number leaves the editor alone and says why.
	p.selectOperation(p.ctx, "Query")
	before := p.q.editor
	p.formChanged(p.ctx, func(f *queryForm) { f.Limit = "lots" })
	if p.q.editor != before || !strings.Contains(p.html(), `id="`+IDQueryFormError+`"`) {
		t.Error("an invalid Limit changed the editor or went unexplained")
	}
}

func TestQueryCapacityRows(t *testing.T) {
	half, two := 0.5, 2.0
	r := &Result{Operation: "Query", Capacity: []engine.ConsumedCapacity{{
		TableName: "Photos", CapacityUnits: 2.5,
		Table:                  &engine.Capacity{CapacityUnits: 0.5},
		GlobalSecondaryIndexes: map[string]engine.Capacity{"ByTag": {CapacityUnits: 2}},
		LocalSecondaryIndexes:  map[string]engine.Capacity{"ByDate": {CapacityUnits: 0.5, ReadCapacityUnits: &half}},
	}, {TableName: "Tags", CapacityUnits: 3, ReadCapacityUnits: &half, WriteCapacityUnits: &two}}}
	total, rows := capacityRows(r)
	if total != "5.5 RCU" {
		t.Errorf("total %q", total)
	}
	var got []string
	for _, row := range rows {
		got = append(got, strings.TrimSpace(row.Label)+"="+row.Units)
	}
	want := "Photos=2.5 RCU|table=0.5 RCU|GSI ByTag=2 RCU|LSI ByDate=0.5 RCU|Tags=0.5 RCU, 2 WCU"
	if strings.Join(got, "|") != want {
		t.Errorf("rows %s\nwant %s", strings.Join(got, "|"), want)
	}
	if total, rows := capacityRows(&Result{Operation: "PutItem"}); total != "" || rows != nil {
		t.Error("no capacity printed something")
	}
}

// TestQueryPanelEditorDrivesTheForm checks that an edit by hand takes the
// access pattern's tag away and shows in the form's fields, and that a run
// says how it went under the Run button.
func TestQueryPanelEditorDrivesTheForm(t *testing.T) {
	p, e := newQueryPanel(t, "multi-tenancy", 50)
	p.showPattern("Tenant's photos", nil)
	doc := p.html()
	if !strings.Contains(doc, `id="`+IDQueryPatternNote+`"`) || p.operation() != "Query" {
		t.Fatalf("the pattern's request is not shown with its tag (%s)", p.operation())
	}
	if strings.Contains(doc, `id="`+IDQueryRunStatus+`"`) {
		t.Error("a run status before any run")
	}
	table := p.q.form.Table
	ft := formTableOf(p.State.Model, table)
	pk := ft.Keys[0].Name
	p.q.editor = `{"TableName": "` + table + `", "KeyConditionExpression": "` + pk + ` = :p",
		"ExpressionAttributeValues": {":p": {"S": "TENANT#t9"}}, "Limit": 4}`
	if !p.editedByHand() {
		t.Fatal("an edit by hand asks for no render")
	}
	doc = p.html()
	if strings.Contains(doc, `id="`+IDQueryPatternNote+`"`) || p.q.pattern != "" {
		t.Error("the access pattern's tag stays after an edit by hand")
	}
	if p.q.form.Key[pk] != "TENANT#t9" || p.q.form.Limit != "4" {
		t.Errorf("the form did not follow the editor: %+v", p.q.form)
	}
	if !strings.Contains(tagOf(doc, IDQueryKey+idSafe(pk)), `value="TENANT#t9"`) || !strings.Contains(tagOf(doc, IDQueryLimit), `value="4"`) {
		t.Errorf("the form's inputs do not show the edit: %s %s", tagOf(doc, IDQueryKey+idSafe(pk)), tagOf(doc, IDQueryLimit))
	}
	// Text that is not a request leaves the form as it was.
	p.q.editor = `{"TableName": `
	if p.editedByHand() || p.q.form.Key[pk] != "TENANT#t9" {
		t.Error("half-typed JSON changed the form")
	}

	p.q.editor = `{"TableName": "` + table + `", "KeyConditionExpression": "` + pk + ` = :p", "ExpressionAttributeValues": {":p": {"S": "TENANT#t9"}}}`
	p.editedByHand()
	p.run(p.ctx)
	e.ConsumeAll()
	doc = p.html()
	status := tagOf(doc, IDQueryRunStatus)
	if status == "" {
		t.Fatal("no run status under the Run button after a run")
	}
	run, result := strings.Index(doc, `id="`+IDQueryRun+`"`), strings.Index(doc, `id="`+IDQueryRunStatus+`"`)
	if result < run {
		t.Error("the run status is not under the Run button")
	}
	if i := strings.Index(doc, `id="`+IDQueryRunStatus+`"`); !strings.Contains(doc[i:i+300], "Query: HTTP 200") {
		t.Errorf("the run status does not say how it went: %s", doc[i:i+300])
	}
}

// TestQueryPanelPatternFillsTheForm: showing an access pattern's request
// fills the form with it too, for every pattern of the catalog the form
// can read: its table, its index, its key values. The form kept the last
// request's fields, so a GSI's Query was shown beside a form for the
// table's.
func TestQueryPanelPatternFillsTheForm(t *testing.T) {
	shown := 0
	for _, name := range []string{"multi-tenancy", "sparse-index", "student-data"} {
		p, _ := newQueryPanel(t, name, 50)
		for _, ap := range p.State.Model.AccessPatterns {
			p.q.form = queryForm{Operation: "Query", Table: p.State.Model.Tables[0].TableName, SortOp: "=", Key: map[string]string{"stale": "x"}}
			p.showPattern(ap.Name, nil)
			var req struct{ TableName, IndexName string }
			if err := json.Unmarshal([]byte(p.q.editor), &req); err != nil || req.TableName == "" {
				continue // a PartiQL statement or a batch: not the form's
			}
			if p.q.form.Key["stale"] != "" {
				if _, ok := formFromRequest(queryForm{Operation: ap.Operation}, []byte(p.q.editor), func(n string) *formTable { return formTableOf(p.State.Model, n) }); ok {
					t.Errorf("%s / %s: the form kept the last request's fields beside %s", name, ap.Name, p.q.editor)
				}
				continue
			}
			shown++
			if p.q.form.Table != req.TableName || p.q.form.Index != req.IndexName {
				t.Errorf("%s / %s: the form shows %s/%s for a request on %s/%s", name, ap.Name, p.q.form.Table, p.q.form.Index, req.TableName, req.IndexName)
			}
		}
	}
	if shown < 10 {
		t.Errorf("the form read %d of the patterns' requests", shown)
	}
}
