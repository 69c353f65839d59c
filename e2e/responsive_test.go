package e2e

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// The page answers while it works: a dataset load and a simulation run in
// slices that hand the browser its thread (app/job.go), so a click is
// answered before the work ends, and the work can be cancelled. These
// tests assert what happens, in order, never how long it takes; the
// figures are BenchmarkBrowser* (browser_bench_test.go).

// respMonitor keeps, in window.__resp, the main thread's long tasks (the
// 'longtask' entries: tasks of 50 ms and more) and the longest gap between
// two animation frames (which also sees shorter tasks and the paint), from
// the last respReset on.
const respMonitor = `(() => {
	if (window.__resp) return true;
	const r = window.__resp = {tasks: [], gap: 0, last: performance.now(), supported: false};
	if (PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.includes("longtask")) {
		r.supported = true;
		new PerformanceObserver((l) => { for (const e of l.getEntries()) r.tasks.push(e.duration); }).observe({type: "longtask"});
	}
	const frame = (now) => { r.gap = Math.max(r.gap, now - r.last); r.last = now; requestAnimationFrame(frame); };
	requestAnimationFrame(frame);
	return true;
})()`

// respReset starts a new measurement.
const respReset = `(() => { const r = window.__resp; r.tasks = []; r.gap = 0; r.last = performance.now(); return true; })()`

// respRead returns [longest long task ms (0: none), long tasks, longest
// frame gap ms, 1 if 'longtask' is observable].
const respRead = `(() => { const r = window.__resp; r.gap = Math.max(r.gap, performance.now() - r.last);
	return [r.tasks.reduce((a, b) => Math.max(a, b), 0), r.tasks.length, r.gap, r.supported ? 1 : 0]; })()`

// monitor installs the responsiveness monitor in the open page.
func (b *browser) monitor() {
	b.t.Helper()
	var ok bool
	b.eval("installing the responsiveness monitor", respMonitor, &ok)
	b.eval("starting a measurement", respReset, &ok)
}

// responsiveness reads the measurement since monitor (or the last reset):
// the longest long task, how many there were, the longest frame gap.
func (b *browser) responsiveness() (longest float64, tasks int, gap float64, supported bool) {
	b.t.Helper()
	var r []float64
	b.eval("reading the responsiveness monitor", respRead, &r)
	return r[0], int(r[1]), r[2], r[3] == 1
}

// cancelVisible is a JavaScript condition: the footer's Cancel button of a
// running dataset load is on screen.
var cancelVisible = fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadCancel)

// TestBrowserTabAnswersDuringLoad starts a 100,000-item load, clicks
// another tab while it runs and sees the tab switch before the load ends;
// then cancels the load from the footer and sees the page say how many
// items were loaded, which the Data tab then shows.
func TestBrowserTabAnswersDuringLoad(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	const items = 100000
	b.open("/?pattern=multi-tenancy&items=100")
	b.waitLoaded(100, time.Minute)
	// Record, at the moment the Query tab becomes the selected one,
	// whether the load is still running.
	var ok bool
	b.eval("watching the Query tab", fmt.Sprintf(`(() => {
		const tab = document.getElementById(%q);
		window.__switched = null;
		new MutationObserver((ms, o) => {
			const t = document.getElementById(%q);
			if (t && t.getAttribute("aria-selected") === "true") {
				window.__switched = {running: %s, status: document.getElementById(%q).textContent};
				o.disconnect();
			}
		}).observe(document.body, {attributes: true, subtree: true, attributeFilter: ["aria-selected"]});
		return !!tab; })()`, app.IDTab+app.TabQuery, app.IDTab+app.TabQuery, cancelVisible, app.IDStatus), &ok)
	b.setField(app.IDLoadSize, strconv.Itoa(items))
	b.click(app.IDLoadButton)
	// The page paints the load's progress while it runs: it would not,
	// were the load holding the thread.
	b.waitFor("the load shows its progress (some items loaded, Cancel offered)",
		fmt.Sprintf(`%s && /loading items: [1-9]/.test(document.getElementById(%q).textContent)`, cancelVisible, app.IDStatus), time.Minute)
	b.click(app.IDTab + app.TabQuery)
	b.waitFor("the Query tab is selected", `window.__switched !== null`, 2*time.Minute)
	var during bool
	var status string
	b.eval("reading the switch", `window.__switched.running`, &during)
	b.eval("reading the status at the switch", `window.__switched.status`, &status)
	if !during {
		t.Fatalf("the tab switched only after the load ended (status then: %q): the load held the page", status)
	}
	if !strings.HasPrefix(status, "loading items:") {
		t.Errorf("while loading the status line read %q, want the load's progress", status)
	}

	// Cancel from the Query tab: the footer's button is on every tab.
	b.click(app.IDLoadCancel)
	b.waitFor("the load stops", fmt.Sprintf(`!%s && document.getElementById(%q).textContent.startsWith("Load cancelled")`, cancelVisible, app.IDStatus), time.Minute)
	status = b.textOf(app.IDStatus)
	var loaded, total int
	if _, err := fmt.Sscanf(status, "Load cancelled: %d of %d items loaded", &loaded, &total); err != nil {
		t.Fatalf("the status reads %q: want how many items were loaded (%v)", status, err)
	}
	if total != items || loaded <= 0 || loaded >= items {
		t.Fatalf("the status reads %q: want some of the %d items", status, items)
	}
	b.click(app.IDTab + app.TabData)
	b.waitFor("the collections count what was loaded",
		fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.items) === %d`, app.IDCollections, loaded), 30*time.Second)
	var cancelled string
	b.eval("reading the progress bar", fmt.Sprintf(`document.getElementById(%q).dataset.cancelled`, app.IDLoadProgress), &cancelled)
	if cancelled != "true" {
		t.Errorf("the progress bar's data-cancelled is %q after a cancelled load", cancelled)
	}
}

// TestBrowserLoadTellsPace starts a 1,000,000-item load and reads the
// progress bar while it runs: it says how many items are loaded, at what
// rate (items/s) and how long the rest takes, in words and in its data-
// attributes, the footer the same; Cancel stops it, and the bar then
// tells no time left.
func TestBrowserLoadTellsPace(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	const items = 1_000_000 // the largest load (issue 28)
	b.open("/?pattern=vertical-partitioning&items=100")
	b.waitLoaded(100, time.Minute)
	b.setField(app.IDLoadSize, strconv.Itoa(items))
	b.click(app.IDLoadButton)
	pace := regexp.MustCompile(`^(\d+)% · ([\d,]+) of 1,000,000 · ([\d,]+) items/s · about (\d+ min )?\d+ s left$`)
	b.waitFor("the bar tells the rate and the time left", fmt.Sprintf(`(() => {
		const p = document.getElementById(%q);
		return p.dataset.running === "true" && parseInt(p.dataset.rate) > 0 && parseInt(p.dataset.leftMs) >= 0 &&
			/items\/s · about/.test(document.getElementById(%q).textContent); })()`, app.IDLoadProgress, app.IDLoadPace), 2*time.Minute)
	shots(b, "load-pace")
	var bar struct {
		Text, Status string
		Rate, Left   int
		Done, Total  int
		Running      string
	}
	b.eval("reading the bar", fmt.Sprintf(`(() => { const p = document.getElementById(%q);
		return {Text: document.getElementById(%q).textContent, Status: document.getElementById(%q).textContent,
			Rate: parseInt(p.dataset.rate), Left: parseInt(p.dataset.leftMs), Done: parseInt(p.dataset.done),
			Total: parseInt(p.dataset.total), Running: p.dataset.running}; })()`, app.IDLoadProgress, app.IDLoadPace, app.IDStatus), &bar)
	m := pace.FindStringSubmatch(bar.Text)
	if m == nil {
		t.Fatalf("the bar reads %q: want percent, done of total, items/s and time left", bar.Text)
	}
	if bar.Total != items || bar.Done <= 0 || bar.Done >= items {
		t.Fatalf("the bar holds %d of %d while running: want some of %d", bar.Done, bar.Total, items)
	}
	// The time left is the items still to load at the rate shown (the bar
	// and its attributes are one render: they agree).
	if want := float64(items-bar.Done) / float64(bar.Rate) * 1000; math.Abs(float64(bar.Left)-want) > want*0.01+1 {
		t.Errorf("data-left-ms %d at %d items/s with %d to go: want about %.0f", bar.Left, bar.Rate, items-bar.Done, want)
	}
	if !strings.Contains(bar.Status, "items/s · about") {
		t.Errorf("the footer reads %q during the load: want the rate and the time left too", bar.Status)
	}
	b.click(app.IDLoadCancel)
	b.waitFor("the load stops", fmt.Sprintf(`!%s && document.getElementById(%q).dataset.running === "false"`, cancelVisible, app.IDLoadProgress), time.Minute)
	text := b.textOf(app.IDLoadPace)
	var left int
	b.eval("reading the time left", fmt.Sprintf(`parseInt(document.getElementById(%q).dataset.leftMs)`, app.IDLoadProgress), &left)
	if !strings.HasPrefix(text, "cancelled: ") || strings.Contains(text, "left") || left != -1 {
		t.Errorf("after Cancel the bar reads %q with data-left-ms %d: want it cancelled, no time left", text, left)
	}
	shots(b, "load-pace-cancelled")
}

// TestBrowserCancelSimulation starts a day's simulation of the
// write-sharding pattern, sees its progress, cancels it and sees the page
// say how far it got, with nothing of it kept; a new run then finishes.
func TestBrowserCancelSimulation(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "write-sharding")
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the Load panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadRun), 30*time.Second)
	var seconds string
	b.eval("reading the duration", fmt.Sprintf(`document.getElementById(%q).value`, app.IDLoadDuration), &seconds)
	if seconds != "86400" {
		t.Fatalf("the simulation runs %s s, want a day", seconds)
	}
	b.click(app.IDLoadRun)
	// The run shows how far it got while it runs: it hands the page its
	// thread between slices.
	b.waitFor("the simulation shows its progress",
		fmt.Sprintf(`/Simulating… [1-9]/.test(document.getElementById(%q).textContent) && !!document.getElementById(%q)`, app.IDLoadRun, app.IDLoadRunCancel), 2*time.Minute)
	b.click(app.IDLoadRunCancel)
	b.waitFor("the page says the simulation was cancelled",
		fmt.Sprintf(`!!document.getElementById(%q) && !document.getElementById(%q)`, app.IDLoadRunCancelled, app.IDLoadRunCancel), time.Minute)
	if text := b.textOf(app.IDLoadRunCancelled); !strings.Contains(text, "cancelled after") || !strings.Contains(text, "of 1 day") {
		t.Errorf("the page says %q: want how far the day's simulation got", text)
	}
	var run string
	b.eval("looking for a heat map", fmt.Sprintf(`(document.getElementById(%q) || {dataset: {}}).dataset.run || ""`, app.IDLoadHeatMap), &run)
	if run != "" {
		t.Errorf("a cancelled first simulation left heat map run %q", run)
	}
	var disabled bool
	b.eval("reading the Run button", fmt.Sprintf(`document.getElementById(%q).disabled`, app.IDLoadRun), &disabled)
	if disabled {
		t.Fatal("the Run button stays disabled after the cancel")
	}
	// Shorter, to end: an hour.
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the next run ends", fmt.Sprintf(`document.getElementById(%q)?.dataset.run === "1"`, app.IDLoadHeatMap), 2*time.Minute)
	if b.textOf(app.IDLoadRunCancelled) != "" {
		t.Error("the cancelled run's note stays after a finished run")
	}
}

// TestBrowserCollectionsDrawInTurns opens the next page of item
// collections and sees it drawn over several browser turns (the table's
// data-shown grows to data-page: fewer collections first, then all; no
// turn adds more than app.CollectionsTurnRows rows, stopping inside a
// collection larger than that), then clicks an item's attribute and sees
// that item in the editor: one handler on the table finds the row clicked.
func TestBrowserCollectionsDrawInTurns(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=multi-tenancy&items=2000")
	b.waitLoaded(2000, time.Minute)
	table := fmt.Sprintf(`document.querySelector("#%s table.wb-items")`, app.IDCollections)
	var ok bool
	b.waitFor("the first page is drawn whole", fmt.Sprintf(`(() => { const t = %s; return !!t && t.dataset.shown === t.dataset.page; })()`, table), 30*time.Second)
	// Each change of data-shown, as the old value it replaced; the
	// current value ends the list.
	b.eval("watching the table's drawing", fmt.Sprintf(`(() => {
		window.__shown = []; window.__rows = [];
		new MutationObserver((ms) => { for (const m of ms) window.__shown.push(parseInt(m.oldValue)); })
			.observe(document.getElementById(%q), {attributes: true, subtree: true, attributeOldValue: true, attributeFilter: ["data-shown"]});
		new MutationObserver((ms) => { for (const m of ms) window.__rows.push(parseInt(m.target.dataset.rows)); })
			.observe(document.getElementById(%q), {attributes: true, subtree: true, attributeFilter: ["data-rows"]});
		return true; })()`, app.IDRoot, app.IDRoot), &ok)
	b.click(app.IDNextPage)
	b.waitFor("the next page is drawn whole", fmt.Sprintf(`(() => { const t = %s;
		return !!t && t.dataset.shown === t.dataset.page && document.getElementById(%q).textContent.includes("showing 11–"); })()`,
		table, app.IDCollections), 30*time.Second)
	var seen []int
	b.eval("reading the drawing's turns", fmt.Sprintf(`window.__shown.concat([parseInt(%s.dataset.shown)])`, table), &seen)
	var page int
	b.eval("reading the page's size", fmt.Sprintf(`parseInt(%s.dataset.page)`, table), &page)
	// The old page was whole; the new one starts with fewer collections
	// and grows to all of them.
	if len(seen) < 3 || seen[0] != page || seen[1] >= page || seen[len(seen)-1] != page {
		t.Fatalf("data-shown over the next page's drawing: %v of %d; want fewer collections first, then all", seen, page)
	}
	for i := 2; i < len(seen); i++ {
		if seen[i] < seen[i-1] {
			t.Fatalf("data-shown went back: %v", seen)
		}
	}
	var rows int
	b.eval("counting the rows", fmt.Sprintf(`%s.querySelectorAll("tr.wb-item").length`, table), &rows)
	if rows < page {
		t.Fatalf("%d rows for %d collections", rows, page)
	}
	// The rows drawn after each turn: from the new page's first turn up
	// to all of them, never more than a turn's rows at once.
	var drawn []int
	b.eval("reading the rows' turns", `window.__rows`, &drawn)
	if i := slices.Index(drawn, rows); i < 1 {
		t.Fatalf("rows drawn turn by turn: %v, never %d (the page's) after fewer", drawn, rows)
	} else {
		drawn = drawn[:i+1]
	}
	var largest int
	b.eval("the page's largest collection", fmt.Sprintf(`Math.max(...Array.from(%s.querySelectorAll("tbody.wb-collection"), (c) => c.querySelectorAll("tr.wb-item").length))`, table), &largest)
	for i := 1; i < len(drawn); i++ {
		if d := drawn[i] - drawn[i-1]; d < 0 || d > app.CollectionsTurnRows {
			t.Fatalf("rows drawn turn by turn: %v; a turn drew %d (at most %d; the largest collection has %d)", drawn, d, app.CollectionsTurnRows, largest)
		}
	}
	t.Logf("rows drawn turn by turn: %v (the largest collection: %d rows)", drawn, largest)
	// A click lands on an attribute's name inside the row, as a person's does.
	var key string
	b.eval("clicking an item's attribute", fmt.Sprintf(`(() => { const rows = %s.querySelectorAll("tr.wb-item");
		const tr = rows[rows.length - 1]; tr.querySelector(".wb-attr-name").click(); return tr.id; })()`, table), &key)
	b.waitFor("the row is selected", fmt.Sprintf(`document.getElementById(%q)?.classList.contains("selected")`, key), 10*time.Second)
	var editor, sk string
	b.eval("reading the editor", fmt.Sprintf(`document.getElementById(%q).value`, app.IDItemEditor), &editor)
	b.eval("reading the row's sort key", fmt.Sprintf(`document.getElementById(%q).querySelector(".wb-sk").textContent`, key), &sk)
	if sk == "" || !strings.Contains(editor, sk) {
		t.Fatalf("the editor shows %q after a click on the row with sort key %q", editor, sk)
	}
}

// tabStates records, in window.__tabStates, what happens once a tab is
// clicked: "selected:<state>" when it shows selected, with its panel's
// data-state then, and then each new data-state of the panel
// (computing, ready), in order.
const tabStates = `((tab, panel) => {
	const log = window.__tabStates = [];
	let last = null, selected = false;
	const look = () => {
		const p = document.querySelector("#" + panel + " [data-state]");
		const state = p ? p.dataset.state : "none";
		if (!selected) {
			const t = document.getElementById(tab);
			if (!t || t.getAttribute("aria-selected") !== "true") return;
			selected = true;
			log.push("selected:" + state);
		}
		if (state !== last) { log.push(state); last = state; }
	};
	new MutationObserver(look).observe(document.body, {attributes: true, childList: true, subtree: true});
	return true;
})`

// TestBrowserTabsAnswerAfterLoad loads 100,000 items, then clicks the
// Grid, Partitions and Cost tabs in turn: each shows selected with its
// panel in its computing state (the work runs as a job, after the click
// is answered), then its view appears. It asserts the order of what the
// page shows, not how long anything takes (BenchmarkBrowserTabsAfterLoad
// has the figures).
func TestBrowserTabsAnswerAfterLoad(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	const items = 100000
	b.open(fmt.Sprintf("/?pattern=multi-tenancy&items=%d", items))
	b.waitLoaded(items, 5*time.Minute)
	for _, tc := range []struct {
		tab, result string
		// first are the states the panel may show as the tab is selected.
		first []string
	}{
		{app.TabGrid, fmt.Sprintf(`document.getElementById(%q)?.dataset.items === "%d"`, app.IDGrid, items), []string{"computing"}},
		{app.TabPartitions, fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.count) > 0 && !!document.querySelector("#%s svg")`, app.IDPartCount, app.IDPartKeyspace), []string{"computing"}},
		// The cost panel starts its measurement once mounted.
		{app.TabCost, fmt.Sprintf(`!!document.getElementById(%q)`, app.IDCostTotal), []string{"idle", "computing"}},
	} {
		var ok bool
		b.eval("watching the "+tc.tab+" tab", fmt.Sprintf(`%s(%q, %q)`, tabStates, app.IDTab+tc.tab, app.IDPanel+tc.tab), &ok)
		b.click(app.IDTab + tc.tab)
		b.waitFor("the "+tc.tab+" panel is ready", fmt.Sprintf(`(document.querySelector("#%s [data-state]") || {dataset: {}}).dataset.state === "ready" && %s`,
			app.IDPanel+tc.tab, tc.result), 5*time.Minute)
		var log []string
		b.eval("reading what the "+tc.tab+" panel showed", `window.__tabStates`, &log)
		if len(log) == 0 || !strings.HasPrefix(log[0], "selected:") {
			t.Fatalf("%s: the page showed %v: want the tab selected first", tc.tab, log)
		}
		if first := strings.TrimPrefix(log[0], "selected:"); !slices.Contains(tc.first, first) {
			t.Errorf("%s: when the tab showed selected its panel was %q (%v): want %v, the view not yet there", tc.tab, first, log, tc.first)
		}
		computing, ready := slices.Index(log, "computing"), slices.Index(log, "ready")
		if computing < 0 || ready < computing || log[len(log)-1] != "ready" {
			t.Errorf("%s: the panel showed %v: want computing, then ready", tc.tab, log)
		}
		if tc.tab == app.TabGrid {
			gridSortsAsAJob(t, b)
		}
	}
}

// gridSortsAsAJob clicks the SK header of the grid of 100,000 rows: the
// panel computes (the sort is a job), then shows the rows sorted by SK.
func gridSortsAsAJob(t *testing.T, b *browser) {
	t.Helper()
	var ok bool
	b.eval("watching the grid", fmt.Sprintf(`%s(%q, %q)`, tabStates, app.IDTab+app.TabGrid, app.IDPanel+app.TabGrid), &ok)
	b.eval("clicking the SK header", fmt.Sprintf(`(() => { document.querySelector("#%s button").click(); return true; })()`, app.IDGridHeader+"SK"), &ok)
	b.waitFor("the grid is sorted", fmt.Sprintf(`document.getElementById(%q)?.getAttribute("aria-sort") === "ascending" &&
		document.querySelector("#%s [data-state]")?.dataset.state === "ready"`, app.IDGridHeader+"SK", app.IDPanel+app.TabGrid), 5*time.Minute)
	var log []string
	b.eval("reading what the grid showed", `window.__tabStates`, &log)
	if computing := slices.Index(log, "computing"); computing < 0 || log[len(log)-1] != "ready" {
		t.Errorf("sorting the grid showed %v: want computing, then ready", log)
	}
	var sks []string
	b.eval("reading the SK column", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s tr.wb-grid-row td[data-col='SK']")).map(td => td.textContent)`, app.IDGrid), &sks)
	if len(sks) < 10 || !slices.IsSorted(sks) {
		t.Errorf("the rows shown after the sort by SK: %v", sks)
	}
}
