package app

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// gridModel is a single-table design of customers and their orders, with a
// sparse GSI whose key is an S, and a few items.
const gridModel = `{"version":1,"name":"Grid shop","tables":[{"TableName":"Shop",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},{"AttributeName":"GSI1PK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
"GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}],
"BillingMode":"PAY_PER_REQUEST"}],
"entities":[
 {"name":"Customer","table":"Shop","keys":{"PK":"CUSTOMER#{customerId}","SK":"PROFILE"},"keyAliases":{"SK":"profile"}},
 {"name":"Order","table":"Shop","keys":{"PK":"CUSTOMER#{customerId}","SK":"ORDER#{orderId}"}}],
"dataset":{"items":{"Shop":[
 {"PK":{"S":"CUSTOMER#1"},"SK":{"S":"PROFILE"},"name":{"S":"Ann"}},
 {"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#7"},"total":{"N":"12.5"}},
 {"PK":{"S":"CUSTOMER#2"},"SK":{"S":"PROFILE"},"name":{"S":"Bo"}}]}},
"settings":{"startTime":"2026-03-01T12:00:00Z"}}`

// testGridPanel is the grid under go-app's test engine, keeping the
// Context its handlers take.
type testGridPanel struct {
	gridPanel
	ctx goapp.Context
}

func (p *testGridPanel) OnPreRender(ctx goapp.Context) { p.ctx = ctx }

func (p *testGridPanel) html() string { return goapp.HTMLString(p.Render()) }

func newGridPanel(t *testing.T) (*testGridPanel, goapp.TestEngine) {
	t.Helper()
	s := NewStore()
	if err := s.OpenModel([]byte(gridModel)); err != nil {
		t.Fatal(err)
	}
	p := &testGridPanel{gridPanel: gridPanel{Panel: Panel{Store: s, State: s.State()}}}
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

// gridRow returns the grid row of the item with this key.
func gridRow(t *testing.T, p *testGridPanel, pk, sk string) visualizer.GridRow {
	t.Helper()
	grid := gridOf(p.State, "Shop")
	key := visualizer.ItemKey(attr.Item{"PK": attr.String(pk), "SK": attr.String(sk)}, "PK", "SK")
	for _, r := range grid.Rows {
		if r.Key == key {
			return r
		}
	}
	t.Fatalf("no row %s/%s", pk, sk)
	return visualizer.GridRow{}
}

func gridColumn(t *testing.T, p *testGridPanel, name string) visualizer.GridColumn {
	t.Helper()
	grid := gridOf(p.State, "Shop")
	i := grid.Column(name)
	if i < 0 {
		return visualizer.GridColumn{Name: name, Kind: visualizer.GridAttr}
	}
	return grid.Columns[i]
}

// stored reads an item from the engine with GetItem, through the store.
func stored(t *testing.T, p *testGridPanel, pk, sk string) attr.Item {
	t.Helper()
	r, err := p.Store.Run("GetItem", []byte(`{"TableName":"Shop","Key":{"PK":{"S":"`+pk+`"},"SK":{"S":"`+sk+`"}},"ConsistentRead":true}`))
	if err != nil || r.Status != 200 {
		t.Fatalf("GetItem: %v %s", err, r.Response)
	}
	if len(r.Items) == 0 {
		return nil
	}
	return r.Items[0]
}

func TestGridPanelRendersColumnsAndRows(t *testing.T) {
	p, _ := newGridPanel(t)
	h := p.html()
	for _, id := range []string{IDGrid, IDGridFilter, IDGridFacets, IDGridAdd,
		IDGridHeader + "PK", IDGridHeader + "SK", IDGridHeader + "GSI1PK", IDGridHeader + gridEntityCol, IDGridHeader + "name", IDGridColFilter + "total"} {
		if !strings.Contains(h, `id="`+id+`"`) {
			t.Errorf("the grid lacks #%s", id)
		}
	}
	// Key columns first, then the index key, the entity, the rest by name.
	order := []string{`data-col="PK"`, `data-col="SK"`, `data-col="GSI1PK"`, `data-col="` + gridEntityCol + `"`, `data-col="name"`, `data-col="total"`}
	row := h[strings.Index(h, `id="`+IDGridRow):]
	last := -1
	for _, c := range order {
		i := strings.Index(row, c)
		if i < last {
			t.Errorf("%s out of order in the row", c)
		}
		last = i
	}
	if !strings.Contains(h, `data-rows="3"`) || !strings.Contains(h, `data-items="3"`) {
		t.Errorf("counts: %s", h[strings.Index(h, `id="wb-grid"`):][:200])
	}
	if !strings.Contains(h, `data-type="N"`) || !strings.Contains(h, "12.5") {
		t.Error("the number cell is not typed N")
	}
	// A column added by hand is empty until a cell of it is written.
	p.addColumn(" vip ")
	p.addColumn("vip")
	h = p.html()
	if !strings.Contains(h, `id="`+IDGridHeader+`vip"`) || strings.Count(h, `data-col="vip"`) != 3 {
		t.Errorf("the added column: %d cells", strings.Count(h, `data-col="vip"`))
	}
	if last := strings.LastIndex(h, `id="`+IDGridHeader); !strings.HasPrefix(h[last:], `id="`+IDGridHeader+`vip"`) {
		t.Error("the added column is not last")
	}
}

func TestGridPanelSortAndFilter(t *testing.T) {
	p, e := newGridPanel(t)
	p.sortBy("name")
	e.ConsumeAll()
	h := p.html()
	if a, b := strings.Index(h, ">Ann<"), strings.Index(h, ">Bo<"); a < 0 || b < 0 || a > b {
		t.Errorf("ascending by name: Ann at %d, Bo at %d", a, b)
	}
	if !strings.Contains(h, `aria-sort="ascending"`) {
		t.Error("no aria-sort on the sorted header")
	}
	p.sortBy("name")
	h = p.html()
	if a, b := strings.Index(h, ">Ann<"), strings.Index(h, ">Bo<"); a < b {
		t.Error("descending by name: Ann before Bo")
	}
	p.filter = "order"
	if h = p.html(); !strings.Contains(h, `data-rows="1"`) || strings.Contains(h, ">Ann<") {
		t.Error("the filter 'order' keeps more than the order")
	}
	p.filter = ""
	p.setColFilter("name", "b")
	if h = p.html(); !strings.Contains(h, `data-rows="1"`) || !strings.Contains(h, ">Bo<") {
		t.Error("the name filter 'b' does not keep Bo alone")
	}
}

func TestGridPanelEditsCellsOfEveryType(t *testing.T) {
	p, e := newGridPanel(t)
	cases := []struct {
		col, typ, text string
		want           string // DynamoDB JSON of the stored value
	}{
		{"name", "S", "Annie", `{"S":"Annie"}`},
		{"total", "N", "42.50", `{"N":"42.5"}`},
		{"blob", "B", "AQID", `{"B":"AQID"}`},
		{"vip", "BOOL", "true", `{"BOOL":true}`},
		{"gone", "NULL", "", `{"NULL":true}`},
		{"tags", visualizer.CellJSON, `{"SS":["b","a"]}`, `{"SS":["a","b"]}`},
		{"scores", visualizer.CellJSON, `{"NS":["2","1"]}`, `{"NS":["1","2"]}`},
		{"keys", visualizer.CellJSON, `{"BS":["AQ=="]}`, `{"BS":["AQ=="]}`},
		{"lines", visualizer.CellJSON, `{"L":[{"S":"x"},{"N":"1"}]}`, `{"L":[{"S":"x"},{"N":"1"}]}`},
		{"address", visualizer.CellJSON, `{"M":{"city":{"S":"Oslo"}}}`, `{"M":{"city":{"S":"Oslo"}}}`},
	}
	for _, c := range cases {
		p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "PROFILE"), gridColumn(t, p, c.col))
		p.edit.typ, p.edit.text = c.typ, c.text
		p.saveEdit(p.ctx)
		e.ConsumeAll()
		if p.edit != nil {
			t.Fatalf("%s: the editor stays open: %s", c.col, p.edit.err)
		}
		got, _ := attr.MarshalValue(stored(t, p, "CUSTOMER#1", "PROFILE")[c.col])
		if string(got) != c.want {
			t.Errorf("%s: stored %s, want %s", c.col, got, c.want)
		}
		if r := p.State.Result; r == nil || r.Operation != "UpdateItem" {
			t.Errorf("%s: the edit ran %+v, want an UpdateItem", c.col, r)
		}
	}
	// The edited row flashes.
	if h := p.html(); !strings.Contains(h, "wb-mark-update") {
		t.Error("the edited row does not flash")
	}
	// Remove an attribute.
	p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "PROFILE"), gridColumn(t, p, "gone"))
	p.removeAttr(p.ctx)
	if _, ok := stored(t, p, "CUSTOMER#1", "PROFILE")["gone"]; ok || p.edit != nil {
		t.Error("the attribute was not removed")
	}
}

func TestGridPanelRefusesBadValues(t *testing.T) {
	p, _ := newGridPanel(t)
	before := stored(t, p, "CUSTOMER#1", "ORDER#7")
	bad := []struct{ col, typ, text, msg string }{
		{"total", "N", "12,5", "The parameter cannot be converted to a numeric value: 12,5"},
		{"blob", "B", "not base64!", "Base64"},
		{"tags", visualizer.CellJSON, `{"SS":[]}`, "may not be empty"},
		{"vip", "BOOL", "maybe", "true or false"},
		// Valid as a value, refused by DynamoDB: the GSI key is declared S.
		{"GSI1PK", "N", "7", "ValidationException: One or more parameter values were invalid: Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1"},
	}
	for _, c := range bad {
		p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#7"), gridColumn(t, p, c.col))
		p.edit.typ, p.edit.text = c.typ, c.text
		p.saveEdit(p.ctx)
		if p.edit == nil || !strings.Contains(p.edit.err, c.msg) {
			t.Errorf("%s %s %q: error %+v, want %q", c.col, c.typ, c.text, p.edit, c.msg)
			continue
		}
		if h := p.html(); !strings.Contains(h, `id="`+IDGridEditError+`"`) {
			t.Errorf("%s: the error is not shown", c.col)
		}
	}
	if after := stored(t, p, "CUSTOMER#1", "ORDER#7"); !attr.Equal(attr.Map(before), attr.Map(after)) {
		t.Errorf("a refused edit changed the item: %v -> %v", before, after)
	}
}

func TestGridPanelMovesAKeyAfterConfirmation(t *testing.T) {
	p, e := newGridPanel(t)
	p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#7"), gridColumn(t, p, "SK"))
	if !p.edit.isKey {
		t.Fatal("SK is not edited as a key")
	}
	p.edit.text = "ORDER#8"
	p.saveEdit(p.ctx)
	// Nothing written yet: the move waits for its confirmation.
	if stored(t, p, "CUSTOMER#1", "ORDER#7") == nil || p.edit == nil || p.edit.move == nil {
		t.Fatal("the key changed without confirmation")
	}
	if h := p.html(); !strings.Contains(h, `id="`+IDGridMoveConfirm+`"`) {
		t.Fatal("no confirmation shown")
	}
	p.confirmMove(p.ctx)
	e.ConsumeAll()
	if stored(t, p, "CUSTOMER#1", "ORDER#7") != nil {
		t.Error("the old item is still there")
	}
	moved := stored(t, p, "CUSTOMER#1", "ORDER#8")
	if moved == nil || moved["total"].(attr.Number).String() != "12.5" {
		t.Errorf("the moved item %v", moved)
	}
	if p.State.Result.Operation != "TransactWriteItems" {
		t.Errorf("the move ran %s", p.State.Result.Operation)
	}
	// Moving onto an existing key is refused by DynamoDB, and nothing
	// changes.
	p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#8"), gridColumn(t, p, "SK"))
	p.edit.text = "PROFILE"
	p.saveEdit(p.ctx)
	p.confirmMove(p.ctx)
	if p.edit == nil || !strings.Contains(p.edit.err, "TransactionCanceledException") || !strings.Contains(p.edit.err, "ConditionalCheckFailed: The conditional request failed") {
		t.Fatalf("moving onto another item: %+v", p.edit)
	}
	if stored(t, p, "CUSTOMER#1", "ORDER#8") == nil || stored(t, p, "CUSTOMER#1", "PROFILE")["name"] == nil {
		t.Error("a refused move changed the items")
	}
	// An empty key: DynamoDB's reason is shown.
	p.startEdit("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#8"), gridColumn(t, p, "SK"))
	p.edit.text = ""
	p.saveEdit(p.ctx)
	p.confirmMove(p.ctx)
	if p.edit == nil || !strings.Contains(p.edit.err, "The AttributeValue for a key attribute cannot contain an empty string value. Key: SK") {
		t.Errorf("moving to an empty key: %+v", p.edit)
	}
	if stored(t, p, "CUSTOMER#1", "ORDER#8") == nil {
		t.Error("a refused move deleted the item")
	}
}

func TestGridPanelAddsDuplicatesAndDeletesRows(t *testing.T) {
	p, e := newGridPanel(t)
	// Add: the key form, then PutItem.
	p.openNew("Shop", nil)
	if p.adding == nil || len(p.adding.fields) != 2 {
		t.Fatalf("new row form %+v", p.adding)
	}
	if h := p.html(); !strings.Contains(h, `id="`+IDGridNew+`-PK"`) || !strings.Contains(h, `id="`+IDGridNewSave+`"`) {
		t.Error("the new row form lacks its fields")
	}
	p.adding.fields[0].Value, p.adding.fields[1].Value = "CUSTOMER#3", "PROFILE"
	p.saveNew(p.ctx)
	e.ConsumeAll()
	if p.adding != nil || stored(t, p, "CUSTOMER#3", "PROFILE") == nil {
		t.Fatalf("the new row was not added: %+v", p.adding)
	}
	// Adding onto an existing key is refused: nothing is replaced.
	p.openNew("Shop", nil)
	p.adding.fields[0].Value, p.adding.fields[1].Value = "CUSTOMER#1", "PROFILE"
	p.saveNew(p.ctx)
	if p.adding == nil || !strings.Contains(p.adding.err, "ConditionalCheckFailedException: The conditional request failed") {
		t.Errorf("adding over an item: %+v", p.adding)
	}
	if stored(t, p, "CUSTOMER#1", "PROFILE")["name"] == nil {
		t.Error("the existing item was replaced")
	}
	// Duplicate: a free key is proposed, the attributes copied.
	p.openNew("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#7").Item())
	if got := p.adding.fields[1].Value; got != "ORDER#7-copy" {
		t.Errorf("the duplicate's key %q, want ORDER#7-copy", got)
	}
	p.saveNew(p.ctx)
	e.ConsumeAll()
	dup := stored(t, p, "CUSTOMER#1", "ORDER#7-copy")
	if dup == nil || dup["total"].(attr.Number).String() != "12.5" {
		t.Fatalf("the duplicate %v", dup)
	}
	p.openNew("Shop", gridRow(t, p, "CUSTOMER#1", "ORDER#7").Item())
	if got := p.adding.fields[1].Value; got != "ORDER#7-copy2" {
		t.Errorf("the second duplicate's key %q, want ORDER#7-copy2", got)
	}
	p.adding = nil
	// Delete.
	key := gridRow(t, p, "CUSTOMER#1", "ORDER#7-copy").Key
	if h := p.html(); !strings.Contains(h, `id="`+IDGridDelete+key+`"`) || !strings.Contains(h, `id="`+IDGridDuplicate+key+`"`) {
		t.Error("the row lacks its buttons")
	}
	p.deleteRow(p.ctx, "Shop", dup)
	if stored(t, p, "CUSTOMER#1", "ORDER#7-copy") != nil {
		t.Error("the row was not deleted")
	}
	if p.State.Result.Operation != "DeleteItem" {
		t.Errorf("delete ran %s", p.State.Result.Operation)
	}
	if !strings.Contains(p.State.Message, "Deleted the item PK = CUSTOMER#1, SK = ORDER#7-copy") {
		t.Errorf("status line %q", p.State.Message)
	}
}

func TestGridPanelFacets(t *testing.T) {
	p, e := newGridPanel(t)
	if h := p.html(); strings.Contains(h, "wb-facet-name") {
		t.Error("facet names shown while facets are off")
	}
	p.Store.SetFacets(true)
	p.State = p.Store.State()
	e.ConsumeAll()
	h := p.html()
	// PK named by the template's parameter; SK by the Customer's alias;
	// the order's SK by its parameter.
	for _, want := range []string{"customerId", "profile", "orderId"} {
		if !hasFacet(h, want) {
			t.Errorf("facets on: %s missing", want)
		}
	}
	// Every row in view is a customer's: the PK header says customerId.
	head := h[strings.Index(h, `id="`+IDGridHeader+`PK"`):]
	head = head[:strings.Index(head, "</th>")]
	if !strings.Contains(head, "customerId") {
		t.Errorf("PK header %s", head)
	}
	// The collections view shows the same names under the same setting.
	d := &dataPanel{Panel: Panel{Store: p.Store, State: p.Store.State()}}
	dh := goapp.HTMLString(d.Render())
	if !strings.Contains(dh, `id="`+IDFacets+`"`) || !strings.Contains(dh, ">customerId <") || !hasFacet(dh, "orderId") {
		t.Error("the collections view does not show the facets")
	}
	p.Store.SetFacets(false)
	p.State = p.Store.State()
	if h := p.html(); strings.Contains(h, "wb-facet-name") {
		t.Error("facet names shown after facets went off")
	}
}

func TestGridPanelWindowsLargeTables(t *testing.T) {
	p, _ := newGridPanel(t)
	for i := 0; i < 2000; i++ {
		if _, err := p.Store.PutItem("Shop", []byte(`{"PK":{"S":"C#`+strings.Repeat("x", i%5)+`"},"SK":{"S":"`+string(rune('a'+i%26))+strconv.Itoa(i)+`"}}`)); err != nil {
			t.Fatal(err)
		}
	}
	p.State = p.Store.State()
	h := p.html()
	if n := strings.Count(h, `id="`+IDGridRow); n > gridViewport/gridRowHeight+1+2*gridMargin {
		t.Errorf("%d rows rendered of 2003", n)
	}
	p.scrollTop = 1000 * gridRowHeight
	h = p.html()
	if !strings.Contains(h, `data-from="985"`) {
		t.Errorf("scrolled to row 1000: %s", h[strings.Index(h, `id="wb-grid"`):][:160])
	}
}

// hasFacet reports whether the page shows a facet name (go-app writes an
// element's attributes in no fixed order).
func hasFacet(h, name string) bool {
	return regexp.MustCompile(`class="wb-facet-name"[^>]*>` + regexp.QuoteMeta(name) + `<`).MatchString(h)
}
