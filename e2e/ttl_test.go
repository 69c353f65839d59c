package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
)

// sessionsModel is a design made for the test: one table of sessions
// whose expiresAt generator puts 30% of the items already expired; ttl
// turns time to live on, attr gives the entity the attribute.
func sessionsModel(t *testing.T, ttl, attr bool) *model.Model {
	t.Helper()
	spec, exp := "", ""
	if ttl {
		spec = `,"TimeToLiveSpecification":{"AttributeName":"expiresAt","Enabled":true}`
	}
	if attr {
		exp = `,{"name":"expiresAt","type":"N","generator":"ttl(30%,-1d,+7d)"}`
	}
	m, err := model.Parse([]byte(`{"version":1,"name":"Sessions test","tables":[{"TableName":"Sessions",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"` + spec + `}],
"entities":[{"name":"Session","table":"Sessions","keys":{"PK":"SESSION#{id}"},
 "attributes":[{"name":"id","type":"S","generator":"seq(6)"},{"name":"user","type":"S","generator":"email"}` + exp + `]}],
"settings":{"startTime":"2026-03-01T12:00:00Z"}}`))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// loadItems loads n items of the open design from the Data tab.
func loadItems(b *browser, n int) {
	b.t.Helper()
	b.click(app.IDTab + app.TabData)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, fmt.Sprint(n))
	b.click(app.IDLoadButton)
	b.waitLoaded(n, 2*time.Minute)
}

// ttlCount reads one of the Time tab's counts.
func ttlCount(b *browser, name string) int64 { return analysisInt(b, app.IDTTLCounts, name) }

// TestBrowserTTLAwaitingDeletion: 10,000 generated sessions, 30% of them
// already expired, all load ("Loaded 10000 items" and the table holds
// 10,000); the Time tab counts the expired ones as awaiting deletion, and
// the sweeper takes them once the clock has passed the design's deletion
// delay (48 h by default), not at the next tick as it did.
func TestBrowserTTLAwaitingDeletion(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	openModel(b, sessionsModel(t, true, true))
	loadItems(b, 10000)
	if st := b.textOf(app.IDStatus); !strings.Contains(st, "Loaded 10000 items") {
		t.Fatalf("status after the load: %q", st)
	}
	b.showTab(app.TabTime)
	b.waitFor("the TTL counts show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTTLCounts), 30*time.Second)
	items, with, expired := ttlCount(b, "items"), ttlCount(b, "withTtl"), ttlCount(b, "expired")
	if items != 10000 || with != 10000 || expired < 2500 || expired > 3500 {
		t.Fatalf("the Time tab counts %d items, %d with a TTL, %d expired awaiting deletion; want 10000, 10000, about 3000", items, with, expired)
	}
	if intro := b.textOf(app.IDPanel + app.TabTime); !strings.Contains(intro, "2 days after its expiry") {
		t.Errorf("the Time tab does not give the deletion delay: %q", intro[:min(len(intro), 400)])
	}
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 900)
		b.screenshot(fmt.Sprintf("ttl-awaiting-deletion-%d", w))
	}
	b.viewport(1440, 900)
	// A day later they are still there; two days after the load, gone.
	b.click(app.IDClockJump + "1d")
	b.waitFor("the clock moves a day", fmt.Sprintf(`document.getElementById(%q).textContent.includes("2026-03-02")`, app.IDClockNow), 10*time.Second)
	if n := ttlCount(b, "items"); n != 10000 {
		t.Fatalf("a day after the load the table holds %d of 10000", n)
	}
	b.click(app.IDClockJump + "1d")
	b.waitFor("the sweeper deletes the expired items", fmt.Sprintf(`parseInt(document.getElementById(%q)?.dataset.items) <= %d`, app.IDTTLCounts, 10000-expired), 30*time.Second)
	n := ttlCount(b, "items")
	if n < 10000-expired-100 {
		t.Errorf("two days after the load the table holds %d: more than the %d expired items went", n, expired)
	}
	// Every deletion counts, not only the latest the list keeps.
	if d := ttlCount(b, "deleted"); d != 10000-n {
		t.Errorf("the Time tab says %d items were deleted by TTL; the table went from 10000 to %d", d, n)
	}
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 900)
		b.screenshot(fmt.Sprintf("ttl-deleted-%d", w))
	}
}

// TestBrowserTTLFillAfterApply: time to live turned on for a loaded design
// whose items have no expiresAt says so at Apply and offers the fill; one
// click gives every item a value by the attribute's generator (the name's:
// the entity has no expiresAt), and the Time tab shows them.
func TestBrowserTTLFillAfterApply(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.viewport(1440, 900)
	openModel(b, sessionsModel(t, false, false))
	loadItems(b, 1000)
	b.showTab(app.TabDesign)
	b.click(app.IDDesignTable + "0" + app.IDDesignTTL)
	b.waitFor("the draft has TTL", fmt.Sprintf(`document.getElementById(%q)?.value === "expiresAt"`, app.IDDesignTable+"0"+app.IDDesignTTLAttr), 10*time.Second)
	b.click(app.IDDesignApply)
	fill := app.IDTTLFill + "Sessions"
	b.waitFor("the fill is offered", fmt.Sprintf(`!!document.getElementById(%q)`, fill), 30*time.Second)
	if st := b.textOf(app.IDStatus); !strings.Contains(st, "1000 items of Sessions have no expiresAt") {
		t.Errorf("status after Apply: %q", st)
	}
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 900)
		b.screenshot(fmt.Sprintf("ttl-fill-offer-%d", w))
	}
	b.viewport(1440, 900)
	b.click(fill)
	b.waitFor("the fill is done", fmt.Sprintf(`!document.getElementById(%q) && document.getElementById(%q).textContent.includes("Filled expiresAt on 1000 items")`, fill, app.IDStatus), 30*time.Second)
	b.showTab(app.TabTime)
	b.waitFor("the TTL counts show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDTTLCounts), 30*time.Second)
	if with, exp := ttlCount(b, "withTtl"), ttlCount(b, "expired"); with != 1000 || exp == 0 {
		t.Errorf("after the fill the Time tab counts %d items with a TTL, %d expired; want 1000, some", with, exp)
	}
}
