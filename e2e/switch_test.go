package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// TestBrowserViewsFollowTheDesign: after a design was loaded and every
// view looked at (and Load's simulation run), opening another design
// leaves no view showing the first one's tables or access patterns.
func TestBrowserViewsFollowTheDesign(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=500")
	b.waitLoaded(0, time.Minute)
	tabs := []string{app.TabDesign, app.TabData, app.TabGrid, app.TabIndexes, app.TabQuery, app.TabTime, app.TabPartitions, app.TabLoad, app.TabFanOut, app.TabCost, app.TabExport}
	visit := func() map[string]string {
		out := map[string]string{}
		for _, tab := range tabs {
			b.click(app.IDTab + tab)
			b.waitFor("the "+tab+" panel", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDPanel+tab), 10*time.Second)
			time.Sleep(300 * time.Millisecond)
			out[tab] = b.textOf(app.IDPanel + tab)
		}
		return out
	}
	before := visit()
	if !strings.Contains(before[app.TabDesign], "Cast a vote") {
		t.Fatalf("the design tab does not show the first design: %.300s", before[app.TabDesign])
	}
	b.setField(app.IDPatternSelect, "sparse-index")
	b.waitFor("the second design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("DeviceStatus")`, app.IDOutline), 20*time.Second)
	b.waitLoaded(0, time.Minute)
	after := visit()
	for tab, text := range after {
		for _, old := range []string{"Cast a vote", "Gather the shards", "Read the total", "Place an order", "Votes", "Orders of a day"} {
			if i := strings.Index(text, old); i >= 0 {
				t.Errorf("after opening sparse-index, the %s tab still shows %q: …%s…", tab, old, text[max(0, i-150):min(len(text), i+150)])
			}
		}
	}
	shots(b, "switch-after")
}
