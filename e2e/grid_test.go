package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// gridNoSQLWorkbench is a NoSQL Workbench model of a shop: customers,
// whose facet names the keys "Customer Id" and "profile", and orders,
// whose aliases are their templates' parameters.
const gridNoSQLWorkbench = `{"ModelName":"Grid shop","ModelMetadata":{"Author":"","DateCreated":"","DateLastModified":"","Description":"","AWSService":"Amazon DynamoDB","Version":"3.0"},
"DataModel":[{"TableName":"Shop",
"KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},
"NonKeyAttributes":[{"AttributeName":"name","AttributeType":"S"},{"AttributeName":"total","AttributeType":"N"}],
"TableFacets":[
 {"FacetName":"Customer","KeyAttributeAlias":{"PartitionKeyAlias":"Customer Id","SortKeyAlias":"profile"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"PROFILE"},"name":{"S":"Ann"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"PROFILE"},"name":{"S":"Bo"}}],
  "NonKeyAttributes":["name"],"DataAccess":{"MySql":{}}},
 {"FacetName":"Order","KeyAttributeAlias":{"PartitionKeyAlias":"customerId","SortKeyAlias":"orderId"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#7"},"total":{"N":"12.5"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"ORDER#8"},"total":{"N":"3"}}],
  "NonKeyAttributes":["total"],"DataAccess":{"MySql":{}}}],
"DataAccess":{"MySql":{}},"BillingMode":"PAY_PER_REQUEST"}]}`

// TestBrowserGrid: a NoSQL Workbench model opens with its facets; in the
// Grid tab a person sorts and filters, edits cells of every type (and sees
// a bad number refused), moves an item by editing its key, adds,
// duplicates and deletes rows, and switches facets on and off, in the grid
// and in the item collections. Each step is checked in the grid's
// re-render, which reads the engine's data after the write.
func TestBrowserGrid(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=multi-tenancy&items=20")
	b.waitLoaded(20, time.Minute)

	path := filepath.Join(t.TempDir(), "grid-shop.json")
	if err := os.WriteFile(path, []byte(gridNoSQLWorkbench), 0o644); err != nil {
		t.Fatal(err)
	}
	b.run("choosing the model", chromedp.SetUploadFiles("#"+app.IDOpenFile, []string{path}, chromedp.ByQuery, chromedp.NodeReady))
	b.waitFor("the model opens", `document.body.innerText.includes("Grid shop")`, 30*time.Second)
	b.click(app.IDTab + app.TabGrid)
	gridCount := func(what string, rows, items int) {
		t.Helper()
		b.waitFor(what, fmt.Sprintf(`(() => { const g = document.getElementById(%q);
			return !!g && g.dataset.rows === "%d" && g.dataset.items === "%d"; })()`, app.IDGrid, rows, items), 30*time.Second)
	}
	gridCount("the grid shows the four items", 4, 4)

	key := func(pk, sk string) string {
		return visualizer.ItemKey(attr.Item{"PK": attr.String(pk), "SK": attr.String(sk)}, "PK", "SK")
	}
	cell := func(k, col string) string { return fmt.Sprintf(`#%s%s td[data-col=%q]`, app.IDGridRow, k, col) }
	clickSel := func(sel string) {
		t.Helper()
		var ok bool
		b.run("clicking "+sel,
			chromedp.WaitVisible(sel, chromedp.ByQuery),
			chromedp.Evaluate(fmt.Sprintf(`(() => { document.querySelector(%q).scrollIntoView({block: "center"}); return true; })()`, sel), &ok),
			chromedp.Click(sel, chromedp.ByQuery, chromedp.NodeVisible))
	}
	// cellIs waits until a cell shows a value of the type with the text.
	cellIs := func(k, col, typ, text string) {
		t.Helper()
		b.waitFor(fmt.Sprintf("%s is a %s reading %q", col, typ, text), fmt.Sprintf(`(() => { const c = document.querySelector(%q);
			return !!c && c.dataset.type === %q && c.textContent.endsWith(%q); })()`, cell(k, col), typ, text), 30*time.Second)
	}
	present := func(what, sel string, want bool) {
		t.Helper()
		b.waitFor(what, fmt.Sprintf(`!!document.querySelector(%q) === %v`, sel, want), 30*time.Second)
	}

	// Sort and filter.
	clickSel("#" + app.IDGridHeader + "name button")
	b.waitFor("sorted by name", fmt.Sprintf(`(() => { const h = document.getElementById(%q);
		const names = [...document.querySelectorAll('#%s td[data-col="name"]')].map(c => c.textContent).filter(s => s);
		return h.getAttribute("aria-sort") === "ascending" && names.join() === "Ann,Bo"; })()`, app.IDGridHeader+"name", app.IDGrid), 30*time.Second)
	b.setField(app.IDGridFilter, "order#")
	gridCount("the filter keeps the orders", 2, 4)
	b.setField(app.IDGridFilter, "")
	b.setField(app.IDGridColFilter+"name", "b")
	gridCount("the name filter keeps Bo", 1, 4)
	b.setField(app.IDGridColFilter+"name", "")
	gridCount("no filter", 4, 4)

	// Edit cells of every type.
	ann, order7, order8 := key("CUSTOMER#1", "PROFILE"), key("CUSTOMER#1", "ORDER#7"), key("CUSTOMER#2", "ORDER#8")
	edit := func(k, col, typ, value string) {
		t.Helper()
		// The editor sits above the grid: wait until the last one has
		// gone, so that the grid is where the click aims.
		present("no editor", "#"+app.IDGridEditor, false)
		clickSel(cell(k, col))
		b.waitFor("the editor opens on "+col, fmt.Sprintf(`(document.getElementById(%q) || {dataset: {}}).dataset.col === %q`, app.IDGridEditor, col), 30*time.Second)
		b.setField(app.IDGridEditType, typ)
		tag := map[string]string{"BOOL": "SELECT", visualizer.CellJSON: "TEXTAREA"}[typ]
		if tag == "" {
			tag = "INPUT"
		}
		b.waitFor("the "+typ+" field", fmt.Sprintf(`(document.getElementById(%q) || {}).tagName === %q`, app.IDGridEditValue, tag), 30*time.Second)
		if typ != "NULL" {
			b.setField(app.IDGridEditValue, value)
		}
		b.click(app.IDGridEditSave)
	}
	for _, col := range []string{"blob", "vip", "gone", "tags", "scores", "bins", "lines", "address"} {
		b.setField(app.IDGridAddColumn, col)
		present("the "+col+" column", "#"+app.IDGridHeader+col, true)
	}
	for _, c := range []struct{ col, typ, value, wantType, wantText string }{
		{"name", "S", "Annie", "S", "Annie"},
		{"blob", "B", "AQID", "B", "AQID"},
		{"vip", "BOOL", "true", "BOOL", "true"},
		{"gone", "NULL", "", "NULL", "null"},
		{"tags", visualizer.CellJSON, `{"SS": ["b", "a"]}`, "SS", `{"a", "b"}`},
		{"scores", visualizer.CellJSON, `{"NS": ["10", "9.5"]}`, "NS", `{9.5, 10}`},
		{"bins", visualizer.CellJSON, `{"BS": ["AQ=="]}`, "BS", `{AQ==}`},
		{"lines", visualizer.CellJSON, `{"L": [{"S": "x"}, {"N": "1"}]}`, "L", `["x", 1]`},
		{"address", visualizer.CellJSON, `{"M": {"city": {"S": "Oslo"}}}`, "M", `{city: "Oslo"}`},
	} {
		edit(ann, c.col, c.typ, c.value)
		cellIs(ann, c.col, c.wantType, c.wantText)
		present("the editor closes", "#"+app.IDGridEditor, false)
	}
	edit(order7, "total", "N", "42.50")
	cellIs(order7, "total", "N", "42.5")
	// A bad number is refused in DynamoDB's words, and nothing changes.
	edit(order7, "total", "N", "12,5")
	b.waitFor("the bad number is refused", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent?.includes("The parameter cannot be converted to a numeric value: 12,5")`, app.IDGridEditError), 30*time.Second)
	b.click(app.IDGridEditCancel)
	cellIs(order7, "total", "N", "42.5")

	// A key cell moves the item, after a confirmation.
	edit(order8, "SK", "S", "ORDER#9")
	b.click(app.IDGridMoveConfirm)
	order9 := key("CUSTOMER#2", "ORDER#9")
	present("the moved item's row", "#"+app.IDGridRow+order9, true)
	present("the old key's row is gone", "#"+app.IDGridRow+order8, false)
	cellIs(order9, "total", "N", "3")
	// DynamoDB refuses an empty key, and the item stays.
	edit(order9, "SK", "S", "")
	b.click(app.IDGridMoveConfirm)
	b.waitFor("the empty key is refused", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent?.includes("empty string")`, app.IDGridEditError), 30*time.Second)
	b.click(app.IDGridEditCancel)
	present("the item keeps its key", "#"+app.IDGridRow+order9, true)

	// Add a row, duplicate one, delete the duplicate.
	b.click(app.IDGridAdd)
	present("the new row's form", "#"+app.IDGridNew+"-PK", true)
	b.setField(app.IDGridNew+"-PK", "CUSTOMER#3")
	b.setField(app.IDGridNew+"-SK", "PROFILE")
	b.click(app.IDGridNewSave)
	present("the new row", "#"+app.IDGridRow+key("CUSTOMER#3", "PROFILE"), true)
	present("the form closes", "#"+app.IDGridNew, false)
	gridCount("five items", 5, 5)
	b.click(app.IDGridDuplicate + order7)
	b.waitFor("the copy's key is proposed", fmt.Sprintf(`(document.getElementById(%q) || {}).value === "ORDER#7-copy"`, app.IDGridNew+"-SK"), 30*time.Second)
	b.click(app.IDGridNewSave)
	copyKey := key("CUSTOMER#1", "ORDER#7-copy")
	cellIs(copyKey, "total", "N", "42.5")
	present("the form closes", "#"+app.IDGridNew, false)
	gridCount("six items", 6, 6)
	b.click(app.IDGridDelete + copyKey)
	present("the deleted row is gone", "#"+app.IDGridRow+copyKey, false)
	gridCount("five items again", 5, 5)

	// Facets on: each row names its keys as its entity does.
	facet := func(where, name string, want bool) {
		t.Helper()
		b.waitFor(fmt.Sprintf("facet %q shown: %v", name, want), fmt.Sprintf(`[...document.querySelectorAll(%q)].some(e => e.textContent === %q) === %v`, where+" .wb-facet-name", name, want), 30*time.Second)
	}
	b.click(app.IDGridFacets)
	facet("#"+app.IDGrid, "Customer Id", true) // the facet's alias, kept on import
	facet("#"+app.IDGrid, "profile", true)
	facet("#"+app.IDGrid, "orderId", true) // the template's parameter
	var ok bool
	b.eval("scrolling the grid home", fmt.Sprintf(`(() => { const g = document.getElementById(%q); g.scrollLeft = 0; window.scrollTo(0, 0); return true; })()`, app.IDGrid), &ok)
	b.screenshot("grid")
	// The collections view shares the setting, and turns it off.
	b.click(app.IDTab + app.TabData)
	facet("#"+app.IDCollections, "orderId", true)
	b.click(app.IDFacets)
	facet("#"+app.IDCollections, "orderId", false)
	b.click(app.IDTab + app.TabGrid)
	gridCount("the grid again", 5, 5)
	facet("#"+app.IDGrid, "Customer Id", false)
	var checked bool
	b.eval("reading the facets toggle", fmt.Sprintf(`document.getElementById(%q).checked`, app.IDGridFacets), &checked)
	if checked {
		t.Error("the grid's facets toggle is on after the collections view turned facets off")
	}
}

// TestBrowserGridScrolls: the grid renders only the rows in view, and
// scrolling renders the rows scrolled to.
func TestBrowserGridScrolls(t *testing.T) {
	b := startBrowser(t)
	const items = 3000
	b.open(fmt.Sprintf("/?pattern=multi-tenancy&items=%d", items))
	b.waitLoaded(items, 2*time.Minute)
	b.click(app.IDTab + app.TabGrid)
	window := func() (from, to, rows int) {
		t.Helper()
		var w []int
		b.eval("reading the window", fmt.Sprintf(`(() => { const g = document.getElementById(%q);
			return [parseInt(g.dataset.from), parseInt(g.dataset.to), document.querySelectorAll('#%s tr.wb-grid-row').length]; })()`, app.IDGrid, app.IDGrid), &w)
		return w[0], w[1], w[2]
	}
	b.waitFor("the grid", fmt.Sprintf(`(document.getElementById(%q) || {dataset: {}}).dataset.items === "%d"`, app.IDGrid, items), time.Minute)
	from, to, rows := window()
	if from != 0 || rows != to-from || rows > 60 {
		t.Errorf("at the top: rows %d–%d, %d in the page", from, to, rows)
	}
	var ok bool
	b.eval("scrolling to row 2000", fmt.Sprintf(`(() => { const g = document.getElementById(%q);
		g.scrollTop = 2000 * 28; g.dispatchEvent(new Event("scroll")); return true; })()`, app.IDGrid), &ok)
	b.waitFor("the rows scrolled to", fmt.Sprintf(`(() => { const g = document.getElementById(%q);
		return parseInt(g.dataset.from) <= 2000 && parseInt(g.dataset.to) > 2015; })()`, app.IDGrid), 30*time.Second)
	from, to, rows = window()
	if rows != to-from || rows > 60 {
		t.Errorf("scrolled: rows %d–%d, %d in the page", from, to, rows)
	}
	// The row at the viewport's top is the view's row 2000.
	var top string
	b.eval("the row in view", fmt.Sprintf(`(() => { const g = document.getElementById(%q); const r = g.getBoundingClientRect();
		const el = document.elementFromPoint(r.left + 20, r.top + 60); const tr = el && el.closest("tr");
		return tr ? tr.getAttribute("aria-rowindex") : ""; })()`, app.IDGrid), &top)
	if top < "1995" || top > "2010" || len(top) != 4 {
		t.Errorf("the row at the top of the viewport has aria-rowindex %q, want about 2001", top)
	}
}
