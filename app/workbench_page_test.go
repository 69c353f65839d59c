package app

import (
	"net/url"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// testPage is the workbench page under go-app's test engine, keeping the
// Context that OnPreRender receives so the test can call event handlers.
type testPage struct {
	workbenchPage
	ctx goapp.Context
}

func (p *testPage) OnPreRender(ctx goapp.Context) { p.ctx = ctx }

func TestWorkbenchPagePreRendered(t *testing.T) {
	p := &workbenchPage{}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()

	// Natively, go-app never calls OnMount: this is the server's view.
	checks := []struct {
		name     string
		expected goapp.UI
		path     []int
	}{
		{"header", goapp.Header().Class("wb-header"), []int{0, 0}},
		{"title", goapp.Text("DynamoDB Workbench"), []int{0, 0, 0, 0, 0}},
	}
	for _, c := range checks {
		if err := goapp.Match(c.expected, p, c.path...); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	html := goapp.HTMLString(p.Render())
	for _, want := range []string{`id="` + IDRoot + `"`, `id="` + IDStatus + `"`, StatusLoading} {
		if !strings.Contains(html, want) {
			t.Errorf("the pre-rendered page lacks %s", want)
		}
	}
	if strings.Contains(html, `id="`+IDOutline+`"`) {
		t.Error("the pre-rendered page shows the model outline before the engine runs")
	}
}

func TestWorkbenchPageRendersTheWorkbench(t *testing.T) {
	p := &workbenchPage{store: NewStore(), tab: TabData}
	html := goapp.HTMLString(p.Render())
	for _, id := range []string{IDOutline, IDTab + TabDesign, IDTab + TabQuery, IDPanel + TabData, IDClockNow, IDClockPlay, IDLoadButton, IDCollections, IDPatternSelect, IDUndo} {
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("the workbench lacks #%s", id)
		}
	}
	if !strings.Contains(html, StatusReady) {
		t.Errorf("the status line does not say %q", StatusReady)
	}
}

func TestWorkbenchPageOpensPatternFromURL(t *testing.T) {
	p := &testPage{workbenchPage: workbenchPage{store: NewStore()}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	p.openPattern(p.ctx, "sparse-index", url.Values{"items": {"300"}})
	e.ConsumeAll()
	// The load runs on its own goroutine; the store reports its end.
	waitLoaded(t, p.store)
	st := p.store.State()
	if st.Pattern != "sparse-index" || st.Snapshot.Table("DeviceStatus").Len() != 300 {
		t.Fatalf("after opening by URL: pattern %q, %d items", st.Pattern, st.Snapshot.Table("DeviceStatus").Len())
	}
	p.pub = publication{st}
	html := goapp.HTMLString(p.Render())
	if !strings.Contains(html, "EscalationIndex") || !strings.Contains(html, IDAccessPattern+"Recent_escalations") {
		t.Error("the outline does not show the pattern's index and access patterns")
	}
}

func TestRegisterIsIdempotent(t *testing.T) {
	Register()
	Register()
}

// waitLoaded waits for a background load to finish.
func waitLoaded(t *testing.T, s *Store) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		ld := s.State().Load
		if ld.Total > 0 && !ld.Running {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the load did not finish: %+v", s.State().Load)
}

// TestPublishReachesThePage checks the data flow's last step: a State
// published by an action arrives in the page through go-app's state.
func TestPublishReachesThePage(t *testing.T) {
	p := &testPage{workbenchPage: workbenchPage{store: NewStore()}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	p.ctx.ObserveState(stateKey, &p.pub)
	if err := p.store.OpenPattern("time-series"); err != nil {
		t.Fatal(err)
	}
	publish(p.ctx, p.store)
	e.ConsumeAll()
	if p.pub.State != p.store.State() {
		t.Fatalf("the page holds state %v, want the store's latest %v", p.pub.State, p.store.State())
	}
	if p.state().Pattern != "time-series" {
		t.Errorf("the page renders pattern %q", p.state().Pattern)
	}
}

// TestWorkbenchPageStartPage: the start page shows the gallery (each
// pattern with its problem and a picture of its keys), the three ways to
// begin and the recent designs, and hides the panels.
func TestWorkbenchPageStartPage(t *testing.T) {
	p := &workbenchPage{store: NewStore(), tab: TabData, start: true,
		recent: []recentDesign{{Name: "My shop", Doc: "{}"}}}
	html := goapp.HTMLString(p.Render())
	for _, id := range []string{IDStart, IDStartWizard, IDStartBlank, IDStartOpenFile, IDStartGallery, IDStartRecent, IDStartRecentItem + "My_shop"} {
		if !strings.Contains(html, `id="`+id+`"`) {
			t.Errorf("the start page lacks #%s", id)
		}
	}
	for _, c := range gallery() {
		if !strings.Contains(html, `id="`+IDStartPattern+c.Name+`"`) || c.Problem == "" || !strings.Contains(c.Keys, "<svg") {
			t.Errorf("the gallery's %s card: %+v", c.Name, c)
		}
	}
	if strings.Contains(html, `id="`+IDOutline+`"`) || strings.Contains(html, `id="`+IDTab+TabDesign+`"`) {
		t.Error("the start page shows the panels")
	}
	if strings.Contains(html, `id="`+IDClockNow+`"`) {
		t.Error("the start page shows the clock bar, which nothing on it can use")
	}
}

func TestRecentDesigns(t *testing.T) {
	var list []recentDesign
	for i := 0; i < maxRecent+2; i++ {
		list = addRecent(list, recentDesign{Name: "d" + string(rune('a'+i))})
	}
	if len(list) != maxRecent || list[0].Name != "d"+string(rune('a'+maxRecent+1)) {
		t.Errorf("%d designs, first %q", len(list), list[0].Name)
	}
	list = addRecent(list, recentDesign{Name: list[3].Name})
	if len(list) != maxRecent || list[0].Name != "dg" {
		t.Errorf("a design saved again: %d designs, first %q", len(list), list[0].Name)
	}
	s := NewStore()
	if worthKeeping(s.State()) {
		t.Error("the untouched blank design is kept")
	}
	s.OpenPattern("sparse-index")
	if worthKeeping(s.State()) {
		t.Error("an unchanged pattern is kept")
	}
	s.EditWorkload(defaultWorkload)
	if !worthKeeping(s.State()) {
		t.Error("a changed pattern is not kept")
	}
	doc, ok := recentDoc(s.State().Model)
	if !ok {
		t.Fatal("no document")
	}
	if err := NewStore().OpenModel([]byte(doc)); err != nil {
		t.Errorf("the kept document does not open: %v", err)
	}
}

func TestOneLine(t *testing.T) {
	if got := oneLine("Short. Second sentence.", 100); got != "Short." {
		t.Errorf("%q", got)
	}
	long := strings.Repeat("word ", 50)
	if got := oneLine(long, 40); len(got) > 44 || !strings.HasSuffix(got, "…") {
		t.Errorf("%q", got)
	}
}
