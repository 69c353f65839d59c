package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
)

// heatInt reads one of the heat map's data attributes.
func heatInt(b *browser, name string) int64 { return analysisInt(b, app.IDLoadHeatMap, name) }

// countersModel is the design both Load tests open: app/testdata/counters.json,
// a counter updated fast enough to throttle.
func countersModel(t *testing.T) *model.Model {
	t.Helper()
	doc, err := os.ReadFile("../app/testdata/counters.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBrowserRemedyJourney is issue 26's journey on a design made for the
// test (not a pattern): a counter updated 2,700 times a second throttles
// in Load; the proposed write sharding applies in one click; the next run
// shows 0 throttled beside the run before, with the read's fan-out cost;
// Undo brings back both the design and the throttled run.
func TestBrowserRemedyJourney(t *testing.T) {
	t.Parallel()
	m := countersModel(t)
	b := startBrowser(t)
	b.viewport(1440, 900)
	openModel(b, m)
	b.showTab(app.TabLoad)
	b.waitFor("the run button is enabled", fmt.Sprintf(`document.getElementById(%q)?.disabled === false`, app.IDLoadRun), 30*time.Second)
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the run ends", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.run`, app.IDLoadHeatMap), 2*time.Minute)
	throttled := heatInt(b, "throttled")
	if throttled == 0 {
		t.Fatal("the hot counter throttles nothing")
	}
	shard := app.IDLoadRemedy + "shard"
	b.waitFor("sharding is proposed", fmt.Sprintf(`!!document.getElementById(%q)`, shard), 10*time.Second)
	why := b.textOf(app.IDLoadRemedies)
	if !strings.Contains(why, "2,700 ÷ 1,000") || !strings.Contains(b.textOf(shard), "over 6 keys") || !strings.Contains(why, "Read a counter") {
		t.Errorf("the remedy says %q, its button %q", why, b.textOf(shard))
	}
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 900)
		// scrollIntoView returns a value in Chromium 156 (an object): the comma keeps the answer a bool.
		b.eval("scrolling to the answer", fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: "start"}), true)`, app.IDLoadAnswer), new(bool))
		b.screenshot(fmt.Sprintf("remedy-proposed-%d", w))
	}
	b.viewport(1440, 900)
	b.click(shard)
	b.waitFor("the run after the remedy", fmt.Sprintf(`!!document.getElementById(%q) && !!document.getElementById(%q)`, app.IDLoadRemedyApplied, app.IDLoadCompare), 2*time.Minute)
	if got := heatInt(b, "throttled"); got != 0 {
		t.Errorf("after sharding %d requests are throttled", got)
	}
	if a, bb := analysisInt(b, app.IDLoadCompare, "aThrottled"), analysisInt(b, app.IDLoadCompare, "bThrottled"); a != throttled || bb != 0 {
		t.Errorf("the comparison shows %d → %d throttled, want %d → 0", a, bb, throttled)
	}
	var fan string
	b.eval("reading the read's cost", fmt.Sprintf(`(() => { const li = document.querySelector("#%s li[data-pattern='Read a counter']"); return li ? li.dataset.fanOut + " " + li.dataset.before + " " + li.dataset.after : ""; })()`, app.IDLoadRemedyApplied), &fan)
	if fan != "6 100 600" {
		t.Errorf("the read's fan-out and RCU/s before and after: %q, want 6, 100 → 600", fan)
	}
	if outline := b.textOf(app.IDOutline); !strings.Contains(outline, "COUNTER#{counterId}#{shard}") {
		t.Errorf("the outline does not show the sharded key: %q", outline)
	}
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 900)
		b.eval("scrolling to the remedy", fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: "start"}), true)`, app.IDLoadAnswer), new(bool))
		b.screenshot(fmt.Sprintf("remedy-applied-%d", w))
	}
	b.viewport(1440, 900)

	b.click(app.IDLoadRemedyUndo)
	b.waitFor("the undo applies", fmt.Sprintf(`document.getElementById(%q)?.dataset.undone === "true"`, app.IDLoadRemedyApplied), 2*time.Minute)
	if got := heatInt(b, "throttled"); got != throttled {
		t.Errorf("after Undo the run shows %d throttled, the first run %d", got, throttled)
	}
	if outline := b.textOf(app.IDOutline); strings.Contains(outline, "{shard}") || !strings.Contains(outline, "COUNTER#{counterId}") {
		t.Errorf("after Undo the outline shows %q", outline)
	}
}
