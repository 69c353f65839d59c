package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// unexplainedJS lists the page's disabled controls (buttons, fields,
// selects and their options, file inputs too) that do not say why they
// are greyed out: neither their title, nor their label's, nor the text
// they are described by says "greyed out" and goes on; and counts them all.
const unexplainedJS = `(() => {
  const out = []; let n = 0;
  for (const el of document.querySelectorAll("button:disabled, input:disabled, select:disabled, textarea:disabled, option:disabled")) {
    // Chromium 156 counts the options of a disabled select as disabled:
    // the select, walked itself, says why for them.
    if (el.tagName === "OPTION" && !el.hasAttribute("disabled") && el.closest("select:disabled")) continue;
    n++;
    const own = el.getAttribute("title") || "";
    const lab = (el.closest("label") || (el.id && document.querySelector('label[for="' + el.id + '"]')) || {getAttribute: () => ""}).getAttribute("title") || "";
    const desc = (el.getAttribute("aria-describedby") || "").split(" ").map(id => (document.getElementById(id) || {}).textContent || "").join(" ");
    const why = own + " " + lab + " " + desc;
    if (!/greyed out[^a-z]*\s*\S.{10,}/i.test(why)) out.push((el.id ? "#" + el.id : el.tagName.toLowerCase() + "." + el.className) + " '" + (el.textContent || "").trim().slice(0, 30) + "' title " + JSON.stringify(own));
  }
  return JSON.stringify({n, out});
})()`

// walkDisabled checks the disabled controls on screen and returns how many
// there were.
func walkDisabled(t *testing.T, b *browser, where string) int {
	t.Helper()
	var raw string
	b.eval("walking the disabled controls", unexplainedJS, &raw)
	var got struct {
		N   int      `json:"n"`
		Out []string `json:"out"`
	}
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	for _, o := range got.Out {
		t.Errorf("%s: a greyed-out control does not say why: %s", where, o)
	}
	return got.N
}

// TestBrowserDisabledControlsSayWhy walks every tab of a design made for
// the test, before and after a run, with an edit not applied, and a blank
// design: each greyed-out control says why and what would enable it, and
// no text speaks of another pattern's data (votes, candidates).
func TestBrowserDisabledControlsSayWhy(t *testing.T) {
	t.Parallel()
	m := countersModel(t)
	b := startBrowser(t)
	b.viewport(1440, 900)
	openModel(b, m)
	seen := 0
	walkTabs := func(when string) {
		for _, tab := range append([]string{app.TabGrid}, mainTabs...) {
			b.showTab(tab)
			time.Sleep(200 * time.Millisecond)
			seen += walkDisabled(t, b, when+", tab "+tab)
			var text string
			b.eval("reading the page", `document.body.innerText`, &text)
			for _, w := range []string{"vote", "candidate", "CANDIDATE#"} {
				if strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
					t.Errorf("%s, tab %s: the page speaks of %q, which this design has nothing of", when, tab, w)
				}
			}
		}
	}
	walkTabs("the counters design")

	// A run: the remedies, the switches.
	b.showTab(app.TabLoad)
	b.setField(app.IDLoadDuration, "3600")
	b.click(app.IDLoadRun)
	b.waitFor("the run ends", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadRemedy+"shard"), 2*time.Minute)
	seen += walkDisabled(t, b, "after a run")
	// An edit not applied greys the remedy out.
	b.showTab(app.TabDesign)
	b.setField(app.IDDesignModelName, "Counters renamed")
	b.waitFor("the edit shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignDirty), 10*time.Second)
	b.showTab(app.TabLoad)
	b.waitFor("the remedy is greyed out", fmt.Sprintf(`document.getElementById(%q)?.disabled === true`, app.IDLoadRemedy+"shard"), 30*time.Second)
	seen += walkDisabled(t, b, "with an edit not applied")

	// A blank design.
	b.click(app.IDNewBlank)
	b.waitFor("the blank design opens", fmt.Sprintf(`document.getElementById(%q)?.disabled === true`, app.IDUndo), 10*time.Second)
	for _, tab := range []string{app.TabDesign, app.TabLoad, app.TabFanOut, app.TabTime} {
		b.showTab(tab)
		time.Sleep(200 * time.Millisecond)
		seen += walkDisabled(t, b, "a blank design, tab "+tab)
	}
	if seen < 10 {
		t.Errorf("only %d disabled controls seen: the walk finds none", seen)
	}
	t.Logf("%d disabled controls walked", seen)
}
