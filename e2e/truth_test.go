package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
)

// The journeys of issue 26: every view tells the truth about the design in
// front of the user, on designs made in the test (not the patterns).

// makeBlankDesign starts a blank design from the start page, names it,
// adds one entity and one access pattern, and applies it.
func makeBlankDesign(b *browser, name string) {
	b.t.Helper()
	b.click(app.IDHome)
	b.waitFor("the start page shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDStartBlank), 10*time.Second)
	b.click(app.IDStartBlank)
	b.waitFor("the design panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignAddEntity), 10*time.Second)
	b.setField(app.IDDesignModelName, name)
	b.click(app.IDDesignAddEntity)
	b.waitFor("the entity shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignEntity+"0"+app.IDDesignAttrAdd), 10*time.Second)
	b.click(app.IDDesignAddPattern)
	b.waitFor("the access pattern shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignPattern+"0"+app.IDDesignPatName), 10*time.Second)
	b.click(app.IDDesignApply)
	b.waitFor("the design applies", fmt.Sprintf(`!document.getElementById(%q)`, app.IDDesignDirty), 10*time.Second)
	b.waitFor("the outline names the design", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDOutline, name), 10*time.Second)
}

// shareField is the share link's field's value, "" when it is not shown.
func shareField(b *browser) string {
	var v string
	b.eval("reading the share field", fmt.Sprintf(`document.getElementById(%q)?.value || ""`, app.IDShareLink), &v)
	return v
}

// TestBrowserShareFollowsTheDesign: the share field shows the link of the
// design in front of the user only. It used to keep the last link made
// when a kept design opened from the start page, so copying it shared
// the other design.
func TestBrowserShareFollowsTheDesign(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	makeBlankDesign(b, "Alpha design")
	makeBlankDesign(b, "Beta design")
	b.click(app.IDShare)
	b.waitFor("the link is made", fmt.Sprintf(`(document.getElementById(%q)?.value || "").includes("#m=")`, app.IDShareLink), 10*time.Second)
	beta := shareField(b)

	b.click(app.IDHome)
	recent := app.IDStartRecentItem + "Alpha_design"
	b.waitFor("the start page lists the first design", fmt.Sprintf(`!!document.getElementById(%q)`, recent), 10*time.Second)
	b.click(recent)
	b.waitFor("the first design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Alpha design")`, app.IDOutline), 10*time.Second)
	if got := shareField(b); got != "" {
		t.Errorf("after opening Alpha the share field shows %q (Beta's link is %q)", got, beta)
	}

	// A link made now is Alpha's; an edit makes it stale, and it goes.
	b.click(app.IDShare)
	b.waitFor("Alpha's link is made", fmt.Sprintf(`(document.getElementById(%q)?.value || "").includes("#m=")`, app.IDShareLink), 10*time.Second)
	if alpha := shareField(b); alpha == beta || !strings.Contains(alpha, "#m=") {
		t.Errorf("Alpha's link %q, Beta's %q", alpha, beta)
	}
	b.click(app.IDTab + app.TabDesign)
	b.waitFor("the design form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignModelName), 10*time.Second)
	b.setField(app.IDDesignModelName, "Alpha renamed")
	b.waitFor("the stale link goes", fmt.Sprintf(`!document.getElementById(%q)`, app.IDShareLink), 10*time.Second)
}

// loadBlankDesign makes a blank design with typical rates and 10,000
// items, and opens Load on it.
func loadBlankDesign(b *browser, name string) {
	b.t.Helper()
	makeBlankDesign(b, name)
	b.click(app.IDTab + app.TabLoad)
	missing := func(what string) {
		b.t.Helper()
		b.waitFor("Load says it needs "+what, fmt.Sprintf(`document.getElementById(%q)?.dataset.missing === %q`, app.IDMissing, what), 30*time.Second)
	}
	missing("workload")
	b.click(app.IDMissingFix)
	missing("dataset")
	b.click(app.IDMissingFix)
	b.waitFor("the load ends and Load has what it needs", fmt.Sprintf(`!document.getElementById(%q) && document.getElementById(%q)?.disabled === false`, app.IDMissing, app.IDLoadRun), 2*time.Minute)
}

// makeWizardDesign makes a design from the advisor's form (its default
// access patterns, named name), accepts it and loads 10,000 items.
func makeWizardDesign(b *browser, name string) {
	b.t.Helper()
	b.click(app.IDHome)
	b.waitFor("the start page shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDStartWizard), 10*time.Second)
	b.click(app.IDStartWizard)
	b.waitFor("the form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardPropose), 10*time.Second)
	b.setField(app.IDWizardName, name)
	propose(b)
	b.waitFor("the proposal shows", fmt.Sprintf(`document.querySelectorAll("#%s li").length > 0`, app.IDWizardReasons), 10*time.Second)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDOutline, name), 10*time.Second)
	b.click(app.IDTab + app.TabData)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, "10000")
	b.click(app.IDLoadButton)
	b.waitLoaded(10000, 2*time.Minute)
}

// TestBrowserLoadFirstRunPlays: the first simulation of a freshly made
// design with an index (two key spaces) plays: its heat map moves past
// 0:00:00 while the button says Pause, without a Pause and Play first.
func TestBrowserLoadFirstRunPlays(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	makeWizardDesign(b, "Play design")
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the run button is enabled", fmt.Sprintf(`document.getElementById(%q)?.disabled === false`, app.IDLoadRun), 10*time.Second)
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the run ends", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.run`, app.IDLoadHeatMap), 2*time.Minute)
	b.waitFor("the heat map plays", fmt.Sprintf(`(() => { const h = document.getElementById(%q); return parseInt(h.dataset.until) > 0 && parseInt(h.dataset.frame) > 0; })()`, app.IDLoadHeatMap), 20*time.Second)
	var playing string
	b.eval("reading the player", fmt.Sprintf(`document.getElementById(%q).dataset.playing + " " + document.getElementById(%q).textContent`, app.IDLoadHeatMap, app.IDLoadPlay), &playing)
	if playing != "true Pause" && playing != "false Play" {
		t.Errorf("the player says %q: the button and the loop disagree", playing)
	}

	// The per-pattern table lists every request of the workload, those
	// of other key spaces or not simulated with why.
	var rows, requests int
	b.eval("counting the table's rows", fmt.Sprintf(`document.querySelectorAll("#%s tbody tr").length`, app.IDLoadSummary), &rows)
	b.eval("counting the workload's requests", `document.querySelectorAll("[id^='wb-workload-ap-'][id$='-rate']").length`, &requests)
	if rows != requests || rows == 0 {
		t.Errorf("the per-pattern table lists %d patterns of the workload's %d", rows, requests)
	}
	// The sharding switch's text is this design's, and says why it is
	// greyed out.
	why := b.textOf(app.IDLoadShardingWhy)
	var disabled bool
	b.eval("reading the switch", fmt.Sprintf(`document.getElementById(%q).disabled`, app.IDLoadSharding), &disabled)
	if strings.Contains(why, "vote") || disabled && !strings.Contains(why, "greyed out") {
		t.Errorf("the sharding switch (disabled %v) says %q", disabled, why)
	}
	b.screenshot("truth-load-first-run")
}

// sparseSortKeyModel is a design made for the test: a tracker table whose
// GSI1 has a sort key that only some items carry. 30 items hold GSI1PK,
// 10 of them GSI1SK too: DynamoDB puts those 10 in the index.
func sparseSortKeyModel(t *testing.T) *model.Model {
	t.Helper()
	var items []string
	for i := range 30 {
		it := fmt.Sprintf(`{"PK":{"S":"ISSUE#%05d"},"SK":{"S":"META"},"GSI1PK":{"S":"PROJECT#%d"},"title":{"S":"issue %d"}`, i, i%3, i)
		if i%3 == 0 {
			it += fmt.Sprintf(`,"GSI1SK":{"S":"OPEN#%05d"}`, i)
		}
		items = append(items, it+"}")
	}
	doc := `{"version":1,"name":"Sparse tracker","tables":[{"TableName":"Tracker",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"},
 {"AttributeName":"GSI1PK","AttributeType":"S"},{"AttributeName":"GSI1SK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
"GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},{"AttributeName":"GSI1SK","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
"BillingMode":"PAY_PER_REQUEST"}],"settings":{"startTime":"2026-03-01T12:00:00Z"},
"dataset":{"items":{"Tracker":[` + strings.Join(items, ",") + `]}}}`
	m, err := model.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// openModel opens m in the page through its share link.
func openModel(b *browser, m *model.Model) {
	b.t.Helper()
	link, err := sharelink.Encode(m)
	if err != nil {
		b.t.Fatal(err)
	}
	b.open("/#m=" + link)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDOutline, m.Name), 10*time.Second)
}

// TestBrowserCostCountsTheIndexItems: Cost and Indexes give the same count
// of GSI1's items. Cost counted every item with the index's partition key,
// missing sort key or not (30), where DynamoDB and Indexes hold 10.
func TestBrowserCostCountsTheIndexItems(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	openModel(b, sparseSortKeyModel(t))
	b.click(app.IDTab + app.TabIndexes)
	b.waitFor("the index summary shows", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.in`, app.IDIndexSummary), 30*time.Second)
	in := analysisInt(b, app.IDIndexSummary, "in")
	b.click(app.IDTab + app.TabCost)
	b.waitFor("the cost's index line shows", fmt.Sprintf(`!!document.querySelector("#%s li[data-index='GSI1']")?.dataset.items`, app.IDCostStorage), 2*time.Minute)
	var cost int64
	b.eval("reading Cost's count", fmt.Sprintf(`parseInt(document.querySelector("#%s li[data-index='GSI1']").dataset.items)`, app.IDCostStorage), &cost)
	if in != 10 || cost != in {
		t.Errorf("GSI1 holds %d items on Indexes and %d on Cost, want 10 on both", in, cost)
	}
}

// TestBrowserUseThisDesignOpensAtTheTop: after Use this design, at the
// bottom of the advisor's long form, the Design tab opens scrolled to its
// top with the tabs in view; the start page shows no clock bar, which
// nothing on it can use.
func TestBrowserUseThisDesignOpensAtTheTop(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	var clock bool
	b.eval("looking for the clock", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDClockNow), &clock)
	if clock {
		t.Error("the start page shows the clock bar")
	}
	b.click(app.IDStartWizard)
	b.waitFor("the form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardPropose), 10*time.Second)
	b.setField(app.IDWizardName, "Top design")
	propose(b)
	b.waitFor("the proposal shows", fmt.Sprintf(`document.querySelectorAll("#%s li").length > 0`, app.IDWizardReasons), 10*time.Second)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTab+app.TabDesign), 10*time.Second)
	var top struct {
		ScrollY float64 `json:"scrollY"`
		TabTop  float64 `json:"tabTop"`
	}
	b.eval("where the page is", fmt.Sprintf(`({scrollY: scrollY, tabTop: document.getElementById(%q).getBoundingClientRect().top})`, app.IDTab+app.TabDesign), &top)
	if top.ScrollY > 1 || top.TabTop < 0 || top.TabTop > 200 {
		t.Errorf("the Design tab opens scrolled %v px, its tab at %v px from the window's top", top.ScrollY, top.TabTop)
	}
	b.eval("looking for the clock", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDClockNow), &clock)
	if !clock {
		t.Error("the design shows no clock bar")
	}
}

// TestBrowserGridHeaderSorts: a click anywhere on a column's header, its
// lower half included, sorts; the column's filter is in a row of its own.
func TestBrowserGridHeaderSorts(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	openModel(b, sparseSortKeyModel(t))
	b.showTab(app.TabGrid)
	h := app.IDGridHeader + "title"
	b.waitFor("the grid's header", fmt.Sprintf(`!!document.getElementById(%q)`, h), 30*time.Second)
	var hit string
	b.eval("clicking the header's lower half", fmt.Sprintf(`(() => {
	  const th = document.getElementById(%q); th.scrollIntoView({block: "center", inline: "center"});
	  const r = th.getBoundingClientRect();
	  const el = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
	  const what = el.closest(".wb-grid-sort") ? "sort" : (el.tagName + "." + el.className);
	  el.click();
	  return what;
	})()`, h), &hit)
	if hit != "sort" {
		t.Errorf("the header's lower half is %s, not its sort button", hit)
	}
	b.waitFor("the grid sorted by title", fmt.Sprintf(`document.getElementById(%q).getAttribute("aria-sort") === "ascending"`, h), 10*time.Second)
	var focused string
	b.eval("the focus", `document.activeElement ? document.activeElement.id : ""`, &focused)
	if strings.HasPrefix(focused, app.IDGridColFilter) {
		t.Errorf("the click focused %s", focused)
	}
}

// TestBrowserQueryFormFollowsTheEditor: a request edited by hand that no
// longer has a filter empties the form's filter field. go-app renders an
// empty value by removing the attribute, which left the old text showing.
func TestBrowserQueryFormFollowsTheEditor(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	openModel(b, sparseSortKeyModel(t))
	b.showTab(app.TabQuery)
	b.setField(app.IDQueryOperation, "Scan")
	b.waitFor("the filter field", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDQueryFilter), 10*time.Second)
	b.setField(app.IDQueryFilter, `title = "issue 1"`)
	b.waitFor("the editor has the filter", fmt.Sprintf(`document.getElementById(%q).value.includes("FilterExpression")`, app.IDQueryEditor), 10*time.Second)
	b.setField(app.IDQueryEditor, `{"TableName": "Tracker", "Limit": 5}`)
	b.waitFor("the form follows the editor", fmt.Sprintf(`document.getElementById(%q).value === "5"`, app.IDQueryLimit), 10*time.Second)
	if got := b.textOfValue(app.IDQueryFilter); got != "" {
		t.Errorf("the filter field still shows %q after the request lost its filter", got)
	}
}

// textOfValue is a field's value.
func (b *browser) textOfValue(id string) string {
	var v string
	b.eval("reading #"+id, fmt.Sprintf(`document.getElementById(%q)?.value ?? ""`, id), &v)
	return v
}
