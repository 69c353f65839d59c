package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"

	"github.com/dynamodb-workbench/workbench/app"
)

// The browser tests of what the views show: the layout from 1024 px wide,
// the contrast of every button and link in both themes, the keyspace
// picture's text size, and where a query's result appears.

// mainTabs are the workbench's tabs, in the order of the tab bar.
var mainTabs = []string{app.TabDesign, app.TabData, app.TabIndexes, app.TabQuery, app.TabTime,
	app.TabPartitions, app.TabLoad, app.TabFanOut, app.TabCost, app.TabExport}

// viewport sets the window's size (CSS pixels) for the rest of the test.
func (b *browser) viewport(w, h int64) {
	b.t.Helper()
	b.run(fmt.Sprintf("setting the viewport to %dx%d", w, h),
		emulation.SetDeviceMetricsOverride(w, h, 1, false))
}

// showTab clicks a tab and waits for its panel.
func (b *browser) showTab(tab string) {
	b.t.Helper()
	b.click(app.IDTab + tab)
	b.waitFor("the "+tab+" panel", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDPanel+tab), 30*time.Second)
}

// offscreenJS lists the elements of the selectors (each "#id" or a
// selector) that are missing, hidden, or not wholly inside the window
// horizontally (and, with vertical, vertically); "" when all are inside.
const offscreenJS = `((sels, vertical) => {
  const out = [];
  for (const sel of sels) {
    const els = document.querySelectorAll(sel);
    if (els.length === 0) { out.push(sel + ": missing"); continue; }
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) { out.push(sel + ": not shown"); continue; }
      if (r.left < -0.5 || r.right > innerWidth + 0.5) out.push(sel + ": x " + Math.round(r.left) + "–" + Math.round(r.right) + " of " + innerWidth);
      if (vertical && (r.top < -0.5 || r.bottom > innerHeight + 0.5)) out.push(sel + ": y " + Math.round(r.top) + "–" + Math.round(r.bottom) + " of " + innerHeight);
    }
  }
  return out.join("; ");
})`

// clippedJS lists the visible buttons, labels, table heads and stat labels
// whose text is cut: wider than their box.
const clippedJS = `(() => {
  const out = [];
  for (const el of document.querySelectorAll("button, label, th, .wb-stat-label, .wb-tab, select")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
    if (el.classList.contains("wb-visually-hidden") || el.closest(".wb-visually-hidden")) continue;
    if (el.tagName === "TH" && el.closest(".wb-query-items")) continue; // attribute names, scrolled
    if (el.scrollWidth > el.clientWidth + 1) out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + el.className) + " '" + el.textContent.trim().slice(0, 30) + "' " + el.scrollWidth + ">" + el.clientWidth);
  }
  return out.join("; ");
})()`

// TestBrowserLayoutAt1024 checks the smallest window the workbench
// supports, 1024x768: the tabs, the theme toggle, Apply design and a
// query's result are wholly on screen, the page does not scroll sideways,
// no label is cut, and the clock bar covers no control scrolled into view.
func TestBrowserLayoutAt1024(t *testing.T) {
	b := startBrowser(t)
	b.viewport(1024, 768)
	b.open("/?pattern=write-sharding&items=500")
	b.waitLoaded(500, time.Minute)

	var bad string
	tabs := make([]string, 0, len(mainTabs))
	for _, tab := range mainTabs {
		tabs = append(tabs, "#"+app.IDTab+tab)
	}
	b.eval("the header at 1024 px", offscreenJS+fmt.Sprintf("(%s, true)", jsStrings(append(tabs, "#"+app.IDTheme, "#"+app.IDTour, "#"+app.IDNewBlank))), &bad)
	if bad != "" {
		t.Errorf("off screen at 1024x768: %s", bad)
	}
	var sideways bool
	for _, tab := range mainTabs {
		b.showTab(tab)
		b.eval("sideways scroll on "+tab, `document.documentElement.scrollWidth > innerWidth + 1`, &sideways)
		if sideways {
			var w int
			b.eval("the page's width", `document.documentElement.scrollWidth`, &w)
			t.Errorf("%s: the page is %d px wide in a 1024 px window", tab, w)
		}
		b.eval("clipped labels on "+tab, clippedJS, &bad)
		if bad != "" {
			t.Errorf("%s: clipped labels: %s", tab, bad)
		}
	}

	b.showTab(app.TabDesign)
	b.eval("Apply design at 1024 px", offscreenJS+fmt.Sprintf("(%s, false)", jsStrings([]string{"#" + app.IDDesignApply})), &bad)
	if bad != "" {
		t.Errorf("Design at 1024x768: %s", bad)
	}

	// A run from the access patterns, at the bottom of the Query panel:
	// its result comes into view, wholly inside the window's width.
	b.showTab(app.TabQuery)
	b.click(app.IDQueryPattern + "Cast_a_vote")
	b.waitFor("the run's status under Run", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDQueryRunStatus), 30*time.Second)
	b.waitFor("the result in view", fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect();
		return r.top < innerHeight - 40 && r.bottom > 0; })()`, app.IDResult), 10*time.Second)
	b.eval("the result at 1024 px", offscreenJS+fmt.Sprintf("(%s, false)", jsStrings([]string{"#" + app.IDResult, "#" + app.IDResultStatus, "#" + app.IDQueryRunStatus})), &bad)
	if bad != "" {
		t.Errorf("Query at 1024x768: %s", bad)
	}

	// Every control of the Query panel, scrolled into view as focus
	// scrolls it, is the element at its centre: the clock bar covers none.
	var covered string
	b.eval("controls under the clock bar", `(() => {
	  const out = [];
	  for (const el of document.querySelectorAll("#wb-panel-query button, #wb-panel-query input, #wb-panel-query select, #wb-panel-query textarea")) {
	    const r0 = el.getBoundingClientRect();
	    if (r0.width === 0 || r0.height === 0 || el.closest("[hidden]") || el.closest("details:not([open])")) continue;
	    el.scrollIntoView({block: "nearest"});
	    const r = el.getBoundingClientRect();
	    const x = Math.min(r.left + r.width / 2, innerWidth - 1), y = Math.min(r.top + r.height / 2, innerHeight - 1);
	    const top = document.elementFromPoint(x, y);
	    if (top !== el && !el.contains(top) && !(el.labels && [...el.labels].some(l => l.contains(top)))) {
	      out.push((el.id || el.tagName) + " under " + (top ? (top.id || top.className || top.tagName) : "nothing"));
	    }
	  }
	  return out.join("; ");
	})()`, &covered)
	if covered != "" {
		t.Errorf("controls covered after scrolling them into view: %s", covered)
	}
	b.screenshot("layout-1024-query")
}

// jsStrings is a JavaScript array literal of strings.
func jsStrings(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// contrastJS lists the visible, enabled buttons and links whose text does
// not reach WCAG AA's 4.5:1 against the background behind them: the first
// ancestor's opaque background, with translucent ones composited over it.
const contrastJS = `(() => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const over = (top, under) => ({r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1});
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = {r: 255, g: 255, b: 255, a: 1};
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
  const out = []; let checked = 0;
  for (const el of document.querySelectorAll("button, a, label.wb-btn")) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (r.width === 0 || r.height === 0 || cs.visibility === "hidden" || el.disabled || el.closest(".wb-visually-hidden")) continue;
    if (!el.textContent.trim()) continue;
    let fg = parse(cs.color);
    const bg = background(el);
    if (fg.a < 1) fg = over(fg, bg);
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity < 1) fg = over({...fg, a: opacity}, bg);
    const l1 = lum(fg), l2 = lum(bg);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    checked++;
    if (ratio < 4.5) out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + el.className.replace(/ /g, ".")) +
      " '" + el.textContent.trim().slice(0, 24) + "' " + ratio.toFixed(2) + ":1 (" + cs.color + " on rgb(" + [bg.r, bg.g, bg.b].map(Math.round) + "))");
  }
  return {checked, bad: out};
})()`

// contrastReport is contrastJS's answer.
type contrastReport struct {
	Checked int      `json:"checked"`
	Bad     []string `json:"bad"`
}

// TestBrowserContrast checks WCAG AA contrast (4.5:1 for normal text) of
// every visible, enabled button and link on each main tab and in the
// tour's dialog, in the light and the dark theme.
func TestBrowserContrast(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	// A query result adds its snippet tabs, copy and page buttons.
	b.showTab(app.TabQuery)
	b.click(app.IDQueryPattern + "Read_the_total")
	b.waitFor("a result", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDQueryRunStatus), 30*time.Second)
	for _, theme := range []string{"light", "dark"} {
		if theme == "dark" {
			b.click(app.IDTheme)
			b.waitFor("the dark theme", `!!document.querySelector(".wb.theme-dark")`, 10*time.Second)
		}
		total := 0
		for _, tab := range mainTabs {
			b.showTab(tab)
			var rep contrastReport
			b.eval("contrast on "+tab, contrastJS, &rep)
			total += rep.Checked
			t.Logf("%s %s: %d checked", theme, tab, rep.Checked)
			for _, bad := range rep.Bad {
				t.Errorf("%s theme, %s tab: %s", theme, tab, bad)
			}
		}
		// The tour's dialog floats over the page with its own buttons.
		b.click(app.IDTour)
		b.waitFor("the tour's dialog", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTourDialog), 10*time.Second)
		var rep contrastReport
		b.eval("contrast in the tour", contrastJS, &rep)
		for _, bad := range rep.Bad {
			t.Errorf("%s theme, tour: %s", theme, bad)
		}
		var tourButtons int
		b.eval("the tour's buttons", fmt.Sprintf(`[%q, %q].filter(id => { const e = document.getElementById(id); return e && e.getBoundingClientRect().width > 0; }).length`,
			app.IDTourNext, app.IDTourClose), &tourButtons)
		if tourButtons != 2 {
			t.Errorf("%s theme: %d of the tour's Next and Close buttons shown", theme, tourButtons)
		}
		b.screenshot("tour-" + theme)
		b.click(app.IDTourClose)
		if total < 50 {
			t.Errorf("%s theme: only %d buttons and links checked", theme, total)
		}
	}
}

// TestBrowserKeyspaceTextSize checks that every text of the Partitions
// tab's keyspace picture is drawn at 11 px or more, at the smallest window
// and at the usual one.
func TestBrowserKeyspaceTextSize(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	for _, w := range []int64{1024, 1280} {
		b.viewport(w, 800)
		b.showTab(app.TabPartitions)
		b.waitFor("the keyspace picture", fmt.Sprintf(`!!document.querySelector("#%s svg text")`, app.IDPartKeyspace), 30*time.Second)
		var small []string
		b.eval("the keyspace picture's text sizes", fmt.Sprintf(`(() => {
		  const svg = document.querySelector("#%s svg");
		  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		  const out = [];
		  for (const t of svg.querySelectorAll("text")) {
		    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
		    if (px < 10.95) out.push(t.textContent.slice(0, 24) + ": " + px.toFixed(1) + "px");
		  }
		  return out;
		})()`, app.IDPartKeyspace), &small)
		if len(small) > 0 {
			t.Errorf("at %d px wide the keyspace picture has text under 11 px: %s", w, strings.Join(small, "; "))
		}
	}
}

// TestBrowserLoadAnswerFirst checks that the Load tab says what the run
// found before the heat map, with the hottest key as a key.
func TestBrowserLoadAnswerFirst(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	b.showTab(app.TabLoad)
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the run's answer", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadAnswer), 2*time.Minute)
	var order struct {
		AnswerTop  float64 `json:"answerTop"`
		HeatMapTop float64 `json:"heatMapTop"`
		Key        string  `json:"key"`
	}
	b.eval("the answer and the heat map", fmt.Sprintf(`(() => ({
	  answerTop: document.getElementById(%q).getBoundingClientRect().top,
	  heatMapTop: document.getElementById(%q).getBoundingClientRect().top,
	  key: document.getElementById(%q).dataset.hotKey }))()`, app.IDLoadAnswer, app.IDLoadHeatMap, app.IDLoadAnswer), &order)
	if order.AnswerTop >= order.HeatMapTop {
		t.Errorf("the answer (at %v px) is not above the heat map (at %v px)", order.AnswerTop, order.HeatMapTop)
	}
	if !strings.HasPrefix(order.Key, "CANDIDATE#") {
		t.Errorf("the hottest key reads %q, want a key of the Votes table", order.Key)
	}
	b.screenshot("load-answer")
}

// TestBrowserQueryEditorDrivesTheForm checks, typing in the editor, that
// the access pattern's tag goes and the form's fields follow the request.
func TestBrowserQueryEditorDrivesTheForm(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	b.showTab(app.TabQuery)
	b.click(app.IDQueryPatternShow + "Read_the_total")
	b.waitFor("the pattern's tag", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDQueryPatternNote), 10*time.Second)
	b.setField(app.IDQueryEditor, `{"TableName": "Votes", "Key": {"PK": {"S": "CANDIDATE#bob#TOTAL"}}, "ConsistentRead": true}`)
	b.waitFor("the tag gone and the form following", fmt.Sprintf(`(() => {
	  const key = document.getElementById(%q), strong = document.getElementById(%q);
	  return !document.getElementById(%q) && key && key.value === "CANDIDATE#bob#TOTAL" && strong && strong.checked; })()`,
		app.IDQueryKey+"PK", app.IDQueryConsistent, app.IDQueryPatternNote), 10*time.Second)
	// And the other way: a field of the form rewrites the editor.
	b.setField(app.IDQueryKey+"PK", "CANDIDATE#carol#TOTAL")
	b.waitFor("the editor following the form", fmt.Sprintf(`document.getElementById(%q).value.includes("CANDIDATE#carol#TOTAL")`, app.IDQueryEditor), 10*time.Second)
}

// TestBrowserNewAndNarrative checks that New drops the previous model's
// share link, and that the sidebar's narrative is open on the first visit
// and folded after a reload.
func TestBrowserNewAndNarrative(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	var open bool
	b.eval("the narrative on the first visit", fmt.Sprintf(`document.getElementById(%q).open`, app.IDNarrative), &open)
	if !open {
		t.Error("the narrative is folded on the first visit")
	}
	b.open("/?pattern=write-sharding&items=300")
	b.waitLoaded(300, time.Minute)
	b.eval("the narrative after a reload", fmt.Sprintf(`document.getElementById(%q).open`, app.IDNarrative), &open)
	if open {
		t.Error("the narrative is open again after a reload")
	}
	var shown bool
	b.eval("the access patterns in the sidebar", fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })()`,
		app.IDAccessPattern+"Cast_a_vote"), &shown)
	if !shown {
		t.Error("with the narrative folded, the sidebar's access patterns are still below the window")
	}

	b.click(app.IDShare)
	b.waitFor("the share link", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDShareLink), 10*time.Second)
	b.click(app.IDNewBlank)
	b.waitFor("New's status", fmt.Sprintf(`document.getElementById(%q).textContent.includes("New blank model")`, app.IDStatus), 10*time.Second)
	var link bool
	b.eval("the share link after New", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDShareLink), &link)
	if link {
		t.Error("the previous model's share link stays after New")
	}
}
