package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The Partitions, Load, Fan-out and Cost tabs and the guided tour, in
// headless Chromium on the wasm engine and simulator.

// analysisOpen opens a pattern by deep link and waits for its dataset.
func analysisOpen(b *browser, pattern string) {
	b.t.Helper()
	b.open("/?pattern=" + pattern)
	b.waitLoaded(0, 2*time.Minute)
}

// analysisInt reads an integer data attribute of the element with id.
func analysisInt(b *browser, id, name string) int64 {
	b.t.Helper()
	var s string
	b.eval("reading "+id+" "+name, fmt.Sprintf(`(document.getElementById(%q)?.dataset[%q]) || ""`, id, name), &s)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		b.t.Fatalf("#%s data %s = %q: %v", id, name, s, err)
	}
	return n
}

// TestBrowserPartitionsWhatIf raises the Votes table's capacity in the
// what-if by one partition's worth more than it has and sees the partition
// count double.
func TestBrowserPartitionsWhatIf(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "write-sharding")
	b.click(app.IDTab + app.TabPartitions)
	b.waitFor("the partition count shows",
		fmt.Sprintf(`!!document.getElementById(%q)?.dataset.count && !!document.querySelector("#%s svg")`, app.IDPartCount, app.IDPartKeyspace),
		30*time.Second)
	base := analysisInt(b, app.IDPartCount, "count")
	if base < 1 {
		t.Fatalf("%d partitions", base)
	}
	var rows int
	b.eval("counting partition rows", fmt.Sprintf(`document.querySelectorAll("#%s tbody tr").length`, app.IDPartList), &rows)
	if int64(rows) != base {
		t.Errorf("%d partition rows for %d partitions", rows, base)
	}

	b.setField(app.IDPartMode, partition.Provisioned.String())
	b.waitFor("the write capacity is editable", fmt.Sprintf(`document.getElementById(%q)?.disabled === false`, app.IDPartWCU), 10*time.Second)
	b.setField(app.IDPartWCU, strconv.FormatInt((base+1)*int64(partition.PartitionWCU), 10))
	b.waitFor("the count doubles",
		fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.count) === %d`, app.IDPartCount, 2*base), 10*time.Second)
	if w := b.textOf(app.IDPartCount); !strings.Contains(w, strconv.FormatInt(2*base, 10)) || !strings.Contains(w, "what-if") {
		t.Errorf("the count reads %q", w)
	}
	var step string
	b.eval("reading the last step", fmt.Sprintf(`document.querySelector("#%s li.wb-part-step.new:last-child")?.textContent || ""`, app.IDPartSteps), &step)
	if !strings.Contains(step, fmt.Sprintf("double to %d", 2*base)) {
		t.Errorf("the last step says %q", step)
	}
	b.screenshot("partitions")
}

// TestBrowserLoadSharding simulates a day of the write-sharding pattern's
// votes without shards (throttled requests in the heat map), then with
// them (none), and compares the two runs. It logs the time a day takes to
// simulate under wasm and the frames per second while the heat map plays.
func TestBrowserLoadSharding(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "write-sharding")
	b.click(app.IDTab + app.TabLoad)
	b.waitFor("the Load panel shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadRun), 30*time.Second)
	var seconds string
	b.eval("reading the duration", fmt.Sprintf(`document.getElementById(%q).value`, app.IDLoadDuration), &seconds)
	if seconds != strconv.Itoa(partition.Day) {
		t.Errorf("the default duration is %s s, want a day", seconds)
	}

	run := func(n int, sharding bool) {
		t.Helper()
		var checked bool
		b.eval("reading the sharding switch", fmt.Sprintf(`document.getElementById(%q).checked`, app.IDLoadSharding), &checked)
		if checked != sharding {
			b.click(app.IDLoadSharding)
		}
		start := time.Now()
		b.click(app.IDLoadRun)
		b.waitFor(fmt.Sprintf("run %d ends", n),
			fmt.Sprintf(`document.getElementById(%q)?.dataset.run === "%d"`, app.IDLoadHeatMap, n), 2*time.Minute)
		t.Logf("run %d (sharding %v): a day simulated under wasm in %d ms, the access patterns measured in %d ms; from the click to the heat map %s",
			n, sharding, analysisInt(b, app.IDLoadHeatMap, "computeMs"), analysisInt(b, app.IDLoadHeatMap, "prepareMs"),
			time.Since(start).Round(time.Millisecond))
	}

	run(1, false)
	if th := analysisInt(b, app.IDLoadHeatMap, "throttled"); th <= 0 {
		t.Errorf("without shards the heat map counts %d throttled requests, want some", th)
	}
	var cells int
	b.eval("counting the heat map's cells", fmt.Sprintf(`document.querySelectorAll("#%s svg rect").length`, app.IDLoadHeatMap), &cells)
	if cells == 0 {
		t.Error("the heat map draws nothing")
	}

	// Frames per second while the day plays (it plays in 24 s by default).
	fps := func(what string) {
		t.Helper()
		var s0, s1 []float64
		sample := fmt.Sprintf(`(() => { const h = document.getElementById(%q);
			return [parseInt(h.dataset.frame), performance.now(), h.dataset.playing === "true" ? 1 : 0]; })()`, app.IDLoadHeatMap)
		b.eval("sampling frames", sample, &s0)
		b.run("watching it play", chromedp.Sleep(2*time.Second))
		b.eval("sampling frames", sample, &s1)
		if s0[2] == 0 || s1[2] == 0 {
			t.Errorf("%s: the heat map is not playing (%v, %v)", what, s0, s1)
			return
		}
		frames, ms := s1[0]-s0[0], s1[1]-s0[1]
		t.Logf("%s: %.0f frames in %.0f ms, %.1f frames per second", what, frames, ms, 1000*frames/ms)
		if frames <= 0 {
			t.Errorf("%s: no frame was drawn while playing", what)
		}
	}
	fps("one run playing")

	run(2, true)
	// A small part of the first run's: (Zero until issue 29, when the engine took DynamoDB's hash: two of the 20 shard keys now share a partition until it splits for heat, so a few votes wait; luck, not design, had kept them apart.)
	th := analysisInt(b, app.IDLoadHeatMap, "throttled")
	b.waitFor("the comparison shows", fmt.Sprintf(`!!document.querySelector("#%s svg")`, app.IDLoadCompare), 10*time.Second)
	if a := analysisInt(b, app.IDLoadCompare, "aThrottled"); a <= 0 {
		t.Errorf("the comparison's first run throttled %d", a)
	}
	if a, bt := analysisInt(b, app.IDLoadCompare, "aThrottled"), analysisInt(b, app.IDLoadCompare, "bThrottled"); bt != th || 20*bt > a {
		t.Errorf("the comparison's second run throttled %d (its heat map %d), want a small part of the first's %d", bt, th, a)
	}
	fps("two runs playing side by side")
	text := b.textOf(app.IDLoadCompare)
	for _, want := range []string{"#1 sharding off", "#2 sharding on"} {
		if !strings.Contains(text, want) {
			t.Errorf("the comparison does not name %q", want)
		}
	}
	// The picture for people: both whole days side by side.
	b.setField(app.IDLoadTime, strconv.Itoa(partition.Day))
	b.waitFor("the end of the day shows",
		fmt.Sprintf(`document.getElementById(%q)?.dataset.until === "%d"`, app.IDLoadHeatMap, partition.Day), 10*time.Second)
	var scrolled bool
	b.eval("showing the throttled partition side by side", fmt.Sprintf(`(() => {
		const c = document.getElementById(%q);
		const hot = c.querySelector('rect[fill="#d7191c"]');
		(hot || c).scrollIntoView({block: "center"}); return true; })()`, app.IDLoadCompare), &scrolled)
	b.screenshot("load")
}

// TestBrowserFanOut shows alice's 20 vote shards read by 20 GetItems and
// their cost next to the single read they replace.
func TestBrowserFanOut(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "write-sharding")
	b.click(app.IDTab + app.TabFanOut)
	b.waitFor("the fan-out shows", fmt.Sprintf(`!!document.querySelector("#%s svg")`, app.IDFanPicture), 30*time.Second)
	if n := analysisInt(b, app.IDFanShards, "shards"); n != 20 {
		t.Errorf("%d shard queries, want 20", n)
	}
	var scatter, single string
	b.eval("reading the costs", fmt.Sprintf(`document.getElementById(%q).dataset.scatter`, app.IDFanCost), &scatter)
	b.eval("reading the costs", fmt.Sprintf(`document.getElementById(%q).dataset.single`, app.IDFanCost), &single)
	if scatter != "10" || single != "0.5" {
		t.Errorf("scatter-gather %s RCU, single %s RCU; want 10 and 0.5", scatter, single)
	}
	b.screenshot("fanout")
}

// TestBrowserCostTable opens the time-series pattern and reads its cost
// table: a row per access pattern, each with a dollar figure, and the
// totals.
func TestBrowserCostTable(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "time-series")
	b.click(app.IDTab + app.TabCost)
	p, _ := patterns.Get("time-series")
	aps := p.Model().AccessPatterns
	b.waitFor("the cost table shows",
		fmt.Sprintf(`document.querySelectorAll("#%s tr[data-pattern]").length === %d`, app.IDCostTable, len(aps)), time.Minute)
	var rows []struct {
		Pattern string `json:"pattern"`
		Text    string `json:"text"`
	}
	b.eval("reading the rows", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s tr[data-pattern]")).map(r =>
		({pattern: r.dataset.pattern, text: r.textContent}))`, app.IDCostTable), &rows)
	got := map[string]string{}
	for _, r := range rows {
		got[r.Pattern] = r.Text
	}
	for _, ap := range aps {
		text, ok := got[ap.Name]
		if !ok {
			t.Errorf("no row for %s", ap.Name)
			continue
		}
		if !strings.Contains(text, "$") {
			t.Errorf("the row of %s has no dollar figure: %q", ap.Name, text)
		}
	}
	total := b.textOf(app.IDCostTotal)
	if !strings.Contains(total, "$") || !strings.Contains(total, "Total") {
		t.Errorf("the totals read %q", total)
	}
	b.waitFor("the chart shows", fmt.Sprintf(`!!document.querySelector("#%s svg")`, app.IDCostChart), 10*time.Second)
	b.screenshot("cost")
}

// TestBrowserTour walks the guided tour: each step shows its tab and the
// element it talks about, and Done closes it.
func TestBrowserTour(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	analysisOpen(b, "write-sharding")
	var mounted bool
	b.eval("finding the tour button", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTour), &mounted)
	if !mounted {
		t.Skipf("the page does not mount the tour yet (no #%s)", app.IDTour)
	}
	b.click(app.IDTour)
	for i := 0; ; i++ {
		b.waitFor(fmt.Sprintf("step %d shows", i+1),
			fmt.Sprintf(`document.getElementById(%q)?.dataset.step === "%d"`, app.IDTourDialog, i), 10*time.Second)
		var step struct {
			Tab    string `json:"tab"`
			Target string `json:"target"`
		}
		b.eval("reading the step", fmt.Sprintf(`(() => { const d = document.getElementById(%q).dataset;
			return {tab: d.tab, target: d.target}; })()`, app.IDTourDialog), &step)
		b.waitFor(fmt.Sprintf("step %d's element (#%s on the %s tab)", i+1, step.Target, step.Tab),
			fmt.Sprintf(`!!document.getElementById(%q) && document.getElementById(%q)?.getAttribute("aria-selected") === "true"`,
				step.Target, app.IDTab+step.Tab), 30*time.Second)
		if i == 3 {
			b.screenshot("tour")
		}
		var last bool
		b.eval("is it the last step", fmt.Sprintf(`document.getElementById(%q).textContent === "Done"`, app.IDTourNext), &last)
		b.click(app.IDTourNext)
		if last {
			break
		}
	}
	b.waitFor("the tour closes", fmt.Sprintf(`!document.getElementById(%q)`, app.IDTourDialog), 10*time.Second)
}
