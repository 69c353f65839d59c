package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

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
	b.click(app.IDStartWizard)
	b.click(app.IDWizardAsText)
	b.waitFor("the lines show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardText), 10*time.Second)
	b.setField(app.IDWizardText, fleetLines)
	propose(b)
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
