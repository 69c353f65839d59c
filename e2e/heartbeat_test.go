package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
)

// fleetLines is a fleet of devices whose heartbeat updates lastSeenAt at
// 5,000/s while a site is read with its devices at 10/s.
const fleetLines = `name Telemetry
Site: siteId, name, region
Device of Site 5-50: deviceId, siteId, model, firmware, lastSeenAt
Reading of Device 0-200: deviceId, recordedAt, temperature N, humidity N, expiresAt
get Site by siteId with Devices, 10/s "Site with its devices"
get Device by deviceId, 200/s "Device by id"
list Readings by deviceId range recordedAt newest first limit 60, 300/s "Latest readings of a device"
create Reading, 5000/s "Ingest a reading"
list Devices by firmware, 1/s "Devices on a firmware"
update Device set lastSeenAt, 5000/s "Heartbeat"
`

// TestBrowserHeartbeatDesign: the page's proposal for a fleet whose
// devices are updated at 5,000/s keeps them out of the site's collection
// under their own id, reads a site's devices from an index, says that the
// indexes leave out lastSeenAt (INCLUDE) so a heartbeat writes the table
// only, and turns TTL on for the readings' untyped expiresAt.
func TestBrowserHeartbeatDesign(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	proposeLines(b, fleetLines)
	text := proposalText(b)
	for _, want := range []string{"PK=DEVICE#{deviceId} SK=#DEVICE", "GSI1: GSI1PK (S), GSI1SK (S) · INCLUDE", "not lastSeenAt", "INCLUDE", "writes the table only", "time to live on expiresAt"} {
		if !strings.Contains(text, want) {
			t.Errorf("the proposal lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "DEVICE#SITE#") {
		t.Errorf("the proposal keys devices by their site:\n%s", text)
	}
	b.eval("showing the projection's reason", fmt.Sprintf(`(() => { const li = [...document.querySelectorAll("#%s li")].find(l => l.textContent.includes("not lastSeenAt")); li.scrollIntoView({block: "center"}); return true; })()`, app.IDWizardReasons), new(bool))
	shots(b, "wizard-heartbeat")
}

// TestBrowserFleetJourney: the fleet's proposal used as its user would:
// loaded with 10,000 items, every access pattern run from the Query tab
// (each answers HTTP 200, each read returns items), and Cost prices every
// pattern with a rate, the heartbeat at the table's 1 WCU (no index holds
// lastSeenAt).
func TestBrowserFleetJourney(t *testing.T) {
	t.Parallel()
	p := proposedInGo(t, fleetLines)
	b := startBrowser(t)
	b.open("/")
	proposeLines(b, fleetLines)
	proposalText(b)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Heartbeat")`, app.IDOutline), 10*time.Second)
	loadItems(b, 10000)
	runEveryPattern(t, b, p.Model)
	b.click(app.IDTab + app.TabCost)
	b.waitFor("the cost table shows", fmt.Sprintf(`document.querySelectorAll("#%s tr[data-pattern]").length === %d`, app.IDCostTable, len(p.Model.AccessPatterns)), 2*time.Minute)
	heartbeat := ""
	b.eval("the heartbeat's row", fmt.Sprintf(`document.querySelector("#%s tr[data-pattern='Heartbeat']")?.textContent || ""`, app.IDCostTable), &heartbeat)
	t.Logf("Cost, Heartbeat: %s; total: %s", heartbeat, b.textOf(app.IDCostTotal))
	if !strings.Contains(heartbeat, "1 WCU") {
		t.Errorf("the heartbeat's cost row %q does not price it at the table's 1 WCU", heartbeat)
	}
	// The sites' index has few key values: the review weighs the design's
	// rates on it, which are far from a partition's capacity.
	warnings := ""
	b.eval("the cost view's warnings", fmt.Sprintf(`document.getElementById(%q)?.textContent || ""`, app.IDCostWarnings), &warnings)
	if !strings.Contains(warnings, "low-cardinality-gsi") || !strings.Contains(warnings, "of what one partition serves: it throttles once the traffic grows about") {
		t.Errorf("the cost view's warnings do not weigh the sites' index against the rates: %q", warnings)
	}
	shots(b, "fleet-cost")
	var opened bool
	b.eval("opening the warnings", fmt.Sprintf(`(() => { const d = document.getElementById(%q); d.open = true; d.scrollIntoView(); return true; })()`, app.IDCostWarnings), &opened)
	shots(b, "fleet-cost-warnings")

	// At 1024 px the table fits its panel and a key condition reads in
	// words: the column of "Serves it" was once squeezed to a few letters
	// a line, and the Arithmetic column ran past the panel's edge.
	b.run("viewport", chromedp.EmulateViewport(1024, 900))
	var fit string
	b.eval("the cost table's fit at 1024 px", fmt.Sprintf(`(() => {
  const t = document.getElementById(%q), out = [];
  const box = t.closest("[id^='%s']").getBoundingClientRect();
  const r = t.getBoundingClientRect();
  if (r.right > box.right + 1) out.push("the table ends at " + Math.round(r.right) + " px, its panel at " + Math.round(box.right));
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const td of t.querySelectorAll(".wb-cost-serves")) {
    const w = td.getBoundingClientRect().width;
    if (w < 8 * rem) out.push("a 'Serves it' cell is " + Math.round(w) + " px wide: " + td.textContent.slice(0, 30));
  }
  return out.join("; ");
})()`, app.IDCostTable, app.IDPanel), &fit)
	if fit != "" {
		t.Errorf("1024 px: %s", fit)
	}
	b.run("viewport", chromedp.EmulateViewport(1280, 800))
}
