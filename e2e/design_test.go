package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// Journeys of issue 13: from the start page to a design of one's own, with
// data, runnable access patterns, a workload, partitions and cost.

// TestBrowserStartPage: a plain visit shows the start page with a card per
// pattern (its problem and a picture of its keys); a card opens the
// pattern's workbench; a deep link skips the start page.
func TestBrowserStartPage(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	b.waitFor("the start page shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDStart), 30*time.Second)
	var cards int
	b.eval("counting the gallery's cards", fmt.Sprintf(`document.querySelectorAll("#%s .wb-start-card svg").length`, app.IDStartGallery), &cards)
	if cards != len(patterns.Catalog()) {
		t.Errorf("%d cards with a picture, want %d", cards, len(patterns.Catalog()))
	}
	var panels bool
	b.eval("looking for the panels", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTab+app.TabDesign), &panels)
	if panels {
		t.Error("the start page shows the panels")
	}
	b.screenshot("start-page")
	b.click(app.IDStartPattern + "sparse-index")
	b.waitLoaded(0, time.Minute)
	if outline := b.textOf(app.IDOutline); !strings.Contains(outline, "Sparse") {
		t.Errorf("the pattern's outline reads %q", outline)
	}
	b.open("/?pattern=time-series&items=50")
	b.waitLoaded(50, time.Minute)
	var start bool
	b.eval("looking for the start page", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDStart), &start)
	if start {
		t.Error("a deep link shows the start page")
	}
}

// TestBrowserDesignFromAccessPatterns: from the start page, describe three
// entities and four access patterns (the form's example, one pattern
// retyped), accept the proposed design, load 10,000 generated items, run
// every access pattern (each returns items), then raise the workload and
// see the heat map, its partitions and the monthly cost change.
func TestBrowserDesignFromAccessPatterns(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	b.click(app.IDStartWizard)
	b.waitFor("the form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardPropose), 10*time.Second)
	var rows []int
	b.eval("counting the form's rows", fmt.Sprintf(`[document.querySelectorAll("#%s > .wb-wizard-row").length, document.querySelectorAll("#%s > .wb-wizard-row").length]`,
		app.IDWizardEntities, app.IDWizardPatterns), &rows)
	if len(rows) != 2 || rows[0] != 3 || rows[1] != 4 {
		t.Fatalf("entities and patterns in the form: %v, want 3 and 4", rows)
	}
	// Type as a person would: the design's name, a product's attributes,
	// the last pattern's rate.
	b.setField(app.IDWizardName, "Browser shop")
	b.setField(app.IDWizardEntityRow+"2"+app.IDWizardAttrs, "productId, title, category, price:N, stock:N")
	b.setField(app.IDWizardPatternRow+"3"+app.IDWizardRate, "40")
	propose(b)
	b.waitFor("the proposal shows", fmt.Sprintf(`document.querySelectorAll("#%s li").length > 0`, app.IDWizardReasons), 10*time.Second)
	var shown bool
	b.eval("showing the proposal", fmt.Sprintf(`(() => { document.getElementById(%q).scrollIntoView({block: "start"}); return true; })()`, app.IDWizardProposal), &shown)
	b.screenshot("design-from-access-patterns")
	// The clock bar is fixed at the bottom: bring the button clear of it.
	b.eval("showing the accept button", fmt.Sprintf(`(() => { document.getElementById(%q).scrollIntoView({block: "center"}); return true; })()`, app.IDWizardAccept), &shown)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Browser shop")`, app.IDOutline), 10*time.Second)

	b.click(app.IDTab + app.TabData)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, "10000")
	b.click(app.IDLoadButton)
	b.waitLoaded(10000, 2*time.Minute)

	var names []string
	b.eval("listing the access patterns", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s .wb-aps button")).map(b => b.id)`, app.IDOutline), &names)
	if len(names) != 4 {
		t.Fatalf("%d access patterns in the outline, want 4", len(names))
	}
	for _, id := range names {
		b.click(id)
		b.waitFor("the result of "+id, fmt.Sprintf(`!!document.getElementById(%q) || !!document.getElementById(%q)`, app.IDResultItems, app.IDResultError), 30*time.Second)
		var n int
		b.eval("counting its items", fmt.Sprintf(`document.querySelectorAll("#%s tbody tr").length`, app.IDResultItems), &n)
		if n == 0 {
			t.Errorf("%s returns no items (%s)", id, b.textOf(app.IDResult))
		}
	}

	// The workload: the proposal's rates, simulated and priced.
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the workload editor shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWorkloadPattern+"1"+app.IDWorkloadRate), 10*time.Second)
	b.waitFor("the run button is enabled", fmt.Sprintf(`document.getElementById(%q)?.disabled === false`, app.IDLoadRun), 10*time.Second)
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the first run ends", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.run`, app.IDLoadHeatMap), 2*time.Minute)
	req1 := analysisInt(b, app.IDLoadHeatMap, "requests")
	parts1 := analysisInt(b, app.IDLoadHeatMap, "partitions")
	run1 := analysisInt(b, app.IDLoadHeatMap, "run")
	b.click(app.IDTab + app.TabCost)
	b.waitFor("the cost shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("$")`, app.IDCostTotal), 2*time.Minute)
	cost1 := b.textOf(app.IDCostTotal)

	// Raise the orders-of-a-customer reads a thousandfold.
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the workload editor shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWorkloadPattern+"1"+app.IDWorkloadRate), 10*time.Second)
	b.setField(app.IDWorkloadPattern+"1"+app.IDWorkloadRate, "20000")
	b.waitFor("the design's run follows", fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.run) > %d`, app.IDLoadHeatMap, run1), 2*time.Minute)
	req2 := analysisInt(b, app.IDLoadHeatMap, "requests")
	parts2 := analysisInt(b, app.IDLoadHeatMap, "partitions")
	if req2 <= req1 || parts2 <= parts1 {
		t.Errorf("after the raise: %d requests on %d partitions, before %d on %d", req2, parts2, req1, parts1)
	}
	var opened bool
	b.eval("opening the workload editor for the picture", `(() => { const d = document.querySelector(".wb-sim-workload"); d.open = true; return true; })()`, &opened)
	b.screenshot("workload")
	b.click(app.IDTab + app.TabPartitions)
	b.waitFor("the partitions show", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.count`, app.IDPartCount), 30*time.Second)
	b.click(app.IDTab + app.TabCost)
	b.waitFor("the cost follows", fmt.Sprintf(`(() => { const t = document.getElementById(%q)?.textContent || ""; return t.includes("$") && t !== %q; })()`,
		app.IDCostTotal, cost1), 2*time.Minute)
	short := func(s string) string { return s[:min(len(s), 90)] }
	t.Logf("the raise: %d -> %d requests, %d -> %d partitions; cost %q -> %q", req1, req2, parts1, parts2, short(cost1), short(b.textOf(app.IDCostTotal)))

	// The design is kept in the browser: the start page lists it, and it
	// opens again with the raised workload.
	b.click(app.IDHome)
	recent := app.IDStartRecentItem + "Browser_shop"
	b.waitFor("the start page lists the design", fmt.Sprintf(`!!document.getElementById(%q)`, recent), 10*time.Second)
	b.click(recent)
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the design opens with its workload", fmt.Sprintf(`document.getElementById(%q)?.value === "20000"`, app.IDWorkloadPattern+"1"+app.IDWorkloadRate), 10*time.Second)
}

// TestBrowserBlankDesignHotKey: a blank design with one entity and one
// access pattern; Load says what it lacks and adds it; a hot key on a high
// rate throttles.
func TestBrowserBlankDesignHotKey(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	b.click(app.IDStartBlank)
	b.waitFor("the design panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignAddEntity), 10*time.Second)
	b.click(app.IDDesignAddEntity)
	b.waitFor("the entity shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignEntity+"0"+app.IDDesignAttrAdd), 10*time.Second)
	b.click(app.IDDesignAddPattern)
	b.waitFor("the access pattern shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignPattern+"0"+app.IDDesignPatName), 10*time.Second)
	b.click(app.IDDesignApply)
	b.waitFor("the design applies", fmt.Sprintf(`!document.getElementById(%q)`, app.IDDesignDirty), 10*time.Second)

	b.click(app.IDTab + app.TabLoad)
	missing := func(what string) {
		t.Helper()
		b.waitFor("Load says it needs "+what, fmt.Sprintf(`document.getElementById(%q)?.dataset.missing === %q`, app.IDMissing, what), 30*time.Second)
	}
	missing("workload")
	b.click(app.IDMissingFix)
	missing("dataset")
	b.click(app.IDMissingFix)
	b.waitFor("the load ends and Load has what it needs", fmt.Sprintf(`!document.getElementById(%q) && document.getElementById(%q)?.disabled === false`, app.IDMissing, app.IDLoadRun), 2*time.Minute)

	rate := app.IDWorkloadPattern + "0" + app.IDWorkloadRate
	b.setField(rate, "20000")
	kind := app.IDWorkloadPattern + "0" + app.IDWorkloadParam + "id" + app.IDWorkloadKind
	b.waitFor("the key distribution shows", fmt.Sprintf(`!!document.getElementById(%q)`, kind), 10*time.Second)
	b.setField(kind, "hot")
	hot := app.IDWorkloadPattern + "0" + app.IDWorkloadParam + "id" + app.IDWorkloadHot
	b.waitFor("the hot share shows", fmt.Sprintf(`!!document.getElementById(%q)`, hot), 10*time.Second)
	b.setField(hot, "0.9")
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the run ends", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.run`, app.IDLoadHeatMap), 2*time.Minute)
	if th := analysisInt(b, app.IDLoadHeatMap, "throttled"); th <= 0 {
		t.Errorf("a hot key at 20,000 calls/s throttled %d requests, want some", th)
	}
	b.screenshot("hot-key")
}

// TestBrowserDesignEditors: in a blank design, the question before a shared
// key attribute's type changes, an entity's attribute schema (a generator
// that cannot make the attribute's type shows its message next to the
// field), and the Indexes panel naming the table's keys as always
// projected.
func TestBrowserDesignEditors(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	b.click(app.IDStartBlank)
	b.waitFor("the design panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignAddEntity), 10*time.Second)

	// A GSI keyed on the table's sort key: changing its type asks.
	b.click(app.IDDesignTable + "0" + app.IDDesignAddGSI)
	gsi := app.IDDesignTable + "0" + app.IDDesignGSI + "0"
	b.waitFor("the GSI shows", fmt.Sprintf(`!!document.getElementById(%q)`, gsi+app.IDDesignPK), 10*time.Second)
	b.setField(gsi+app.IDDesignPK, "SK")
	b.setField(gsi+app.IDDesignPKType, "N")
	b.waitFor("the question shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("the table's sort key")`, app.IDDesignTypeConfirm), 10*time.Second)
	var skType string
	b.eval("reading the table's sort key type", fmt.Sprintf(`document.getElementById(%q).value`, app.IDDesignTable+"0"+app.IDDesignSKType), &skType)
	if skType != "S" {
		t.Errorf("the table's sort key changed to %s before the answer", skType)
	}
	b.screenshot("key-type-question")
	b.click(app.IDDesignTypeConfirmYes)
	b.waitFor("both keys are numbers", fmt.Sprintf(`document.getElementById(%q)?.value === "N" && !document.getElementById(%q)`,
		app.IDDesignTable+"0"+app.IDDesignSKType, app.IDDesignTypeConfirm), 10*time.Second)
	b.setField(gsi+app.IDDesignProjection, "KEYS_ONLY")

	// Attribute schema (the entity is added after the type change, so
	// its sort key template is a number parameter).
	b.click(app.IDDesignAddEntity)
	add := app.IDDesignEntity + "0" + app.IDDesignAttrAdd
	b.waitFor("the entity shows", fmt.Sprintf(`!!document.getElementById(%q)`, add), 10*time.Second)
	b.click(add)
	row := app.IDDesignEntity + "0" + app.IDDesignAttr + "0"
	b.waitFor("the attribute row shows", fmt.Sprintf(`!!document.getElementById(%q)`, row+app.IDDesignAttrGen), 10*time.Second)
	b.setField(row+app.IDDesignName, "total")
	b.setField(row+app.IDDesignAttrType, "N")
	b.setField(row+app.IDDesignAttrGen, "choice(a,b)")
	b.waitFor("the generator's problem shows next to it",
		fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("choice")`, row+app.IDDesignAttrGen+app.IDDesignErrorSuffix), 10*time.Second)
	b.setField(row+app.IDDesignAttrGen, "price(1,500)")
	b.waitFor("the problem goes", fmt.Sprintf(`!document.getElementById(%q)`, row+app.IDDesignAttrGen+app.IDDesignErrorSuffix), 10*time.Second)

	b.click(app.IDDesignApply)
	b.waitFor("the design applies", fmt.Sprintf(`!document.getElementById(%q)`, app.IDDesignDirty), 10*time.Second)

	b.click(app.IDTab + app.TabIndexes)
	b.waitFor("the index says what it holds", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("always projected")`, app.IDIndexProjected), 10*time.Second)
	var keys string
	b.eval("reading the table's keys", fmt.Sprintf(`document.getElementById(%q).dataset.tableKeys`, app.IDIndexProjected), &keys)
	if keys != "PK,SK" {
		t.Errorf("the table's keys shown as projected: %q", keys)
	}
}

// TestBrowserDesignFromPlainLines: the new-design form takes the design in
// plain lines; a line it cannot read says which; the proposal opens.
func TestBrowserDesignFromPlainLines(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	openWizardLines(b)
	b.setField(app.IDWizardText, "Player: handle, score N\nfrobnicate Player")
	propose(b)
	b.waitFor("the error names the line", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("line 2")`, app.IDWizardError), 10*time.Second)
	b.setField(app.IDWizardText, "name Game\nPlayer: handle, score N\nget Player by playerId, 100/s\nlist Players by handle, 10/s")
	propose(b)
	b.waitFor("the proposal shows", fmt.Sprintf(`document.querySelectorAll("#%s li").length > 0`, app.IDWizardReasons), 10*time.Second)
	b.eval("showing the accept button", fmt.Sprintf(`(() => { document.getElementById(%q).scrollIntoView({block: "center"}); return true; })()`, app.IDWizardAccept), new(bool))
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Game")`, app.IDOutline), 10*time.Second)
}

// TestBrowserOpenNoSQLWorkbenchFromStart: the start page opens a NoSQL
// Workbench data model (sample items, no facets), and the design loads a
// generated dataset of 5,000 items shaped like its samples.
func TestBrowserOpenNoSQLWorkbenchFromStart(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	b.waitFor("the start page shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDStartOpenFile), 30*time.Second)
	path, err := filepath.Abs("../model/formats/testdata/nosql-workbench/table-data-gsis.json")
	if err != nil {
		t.Fatal(err)
	}
	b.run("choosing the file", chromedp.SetUploadFiles("#"+app.IDStartOpenFile, []string{path}, chromedp.ByQuery))
	b.waitFor("the model opens", fmt.Sprintf(`!!document.getElementById(%q) && !document.getElementById(%q)`, app.IDOutline, app.IDStart), 10*time.Second)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, "5000")
	b.click(app.IDLoadButton)
	b.waitLoaded(5000, 2*time.Minute)
	var items int
	b.eval("counting the items", fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.items || "0")`, app.IDCollections), &items)
	if items < 4000 {
		t.Errorf("%d items in the collections view after generating 5,000", items)
	}
}
