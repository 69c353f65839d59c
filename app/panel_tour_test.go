package app

import (
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// testTour is the tour under go-app's test engine, with the tabs it asked
// the page to show.
type testTour struct {
	tourGuide
	ctx   goapp.Context
	shown []string
}

func (t *testTour) OnPreRender(ctx goapp.Context) { t.ctx = ctx }

func newTestTour(t *testing.T, s *Store) (*testTour, goapp.TestEngine) {
	t.Helper()
	g := &testTour{}
	g.tourGuide = tourGuide{Panel: Panel{Store: s, State: s.State()}, Tab: TabData}
	g.ShowTab = func(tab string) { g.shown = append(g.shown, tab); g.Tab = tab }
	e := goapp.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return g, e
}

func (g *testTour) html() string { return goapp.HTMLString(g.Render()) }

// TestTourStepsPointAtTheirElements: every step's element is on the page
// when the step's tab shows the write-sharding pattern with its data.
func TestTourStepsPointAtTheirElements(t *testing.T) {
	if n := len(tourSteps); n < 5 || n > 7 {
		t.Errorf("%d steps: a first tour has 5 to 7", n)
	}
	s := analysisStore(t, tourPattern, 200)
	// The Cost tab shows the last measurement: make it.
	items, _ := costItems(s.State())
	mem := memoryOf(s)
	mem.mu.Lock()
	mem.cost = measureCost(nil, s.State().Model, items)
	mem.mu.Unlock()
	for i, step := range tourSteps {
		p := &workbenchPage{store: s, tab: step.Tab}
		doc := goapp.HTMLString(p.Render())
		if !hasID(doc, step.Target) {
			t.Errorf("step %d (%s): the %s tab has no #%s", i+1, step.Title, step.Tab, step.Target)
		}
		if step.Title == "" || len(step.Text) < 40 {
			t.Errorf("step %d says too little", i+1)
		}
	}
}

// TestTourWalks: Next, Back and Close, the tabs each step shows, and the
// outline of the element it talks about.
func TestTourWalks(t *testing.T) {
	s := analysisStore(t, tourPattern, 0)
	g, _ := newTestTour(t, s)
	doc := g.html()
	if !hasID(doc, IDTour) || hasID(doc, IDTourDialog) {
		t.Fatal("before the tour: no button, or a dialog")
	}
	g.toggle(g.ctx)
	doc = g.html()
	if !hasID(doc, IDTourDialog) || !disabled(doc, IDTourBack) || hasID(doc, IDTourOpen) {
		t.Fatalf("the first step: %s", tagOf(doc, IDTourDialog))
	}
	if !strings.Contains(doc, "#"+tourSteps[0].Target+" { outline") {
		t.Error("the first step's element is not outlined")
	}
	if len(g.shown) != 0 {
		t.Errorf("the first step's tab is the current one, yet the tour showed %v", g.shown)
	}
	for i := 1; i < len(tourSteps); i++ {
		g.next(g.ctx)
		doc = g.html()
		if v, _ := analysisAttr(doc, IDTourDialog, "data-step"); v != strconv.Itoa(i) {
			t.Fatalf("after %d Next: step %q", i, v)
		}
		if g.Tab != tourSteps[i].Tab {
			t.Errorf("step %d shows tab %q, want %q", i+1, g.Tab, tourSteps[i].Tab)
		}
	}
	want := []string{TabPartitions, TabLoad, TabFanOut, TabCost}
	if strings.Join(g.shown, ",") != strings.Join(want, ",") {
		t.Errorf("the tour showed tabs %v, want %v", g.shown, want)
	}
	if !strings.Contains(doc, ">Done<") {
		t.Error("the last step's button does not say Done")
	}
	g.goTo(g.ctx, g.step-1)
	if g.step != len(tourSteps)-2 || g.Tab != TabFanOut {
		t.Errorf("Back: step %d, tab %s", g.step, g.Tab)
	}
	g.next(g.ctx)
	g.next(g.ctx) // Done
	if g.open || hasID(g.html(), IDTourDialog) {
		t.Error("Done did not close the tour")
	}
	g.toggle(g.ctx)
	g.close()
	if g.open {
		t.Error("Close did not close the tour")
	}
}

// TestTourOpensItsPattern: on another design the tour offers to open
// write-sharding, which loads its data.
func TestTourOpensItsPattern(t *testing.T) {
	s := NewStore()
	g, e := newTestTour(t, s)
	g.toggle(g.ctx)
	if !hasID(g.html(), IDTourOpen) {
		t.Fatal("no offer to open the tour's pattern")
	}
	g.openPattern(g.ctx)
	e.ConsumeAll()
	waitLoaded(t, s)
	st := s.State()
	if st.Pattern != tourPattern || st.Snapshot.Table("Votes").Len() == 0 {
		t.Errorf("after Open: pattern %q, %d votes", st.Pattern, st.Snapshot.Table("Votes").Len())
	}
	g.State = st
	if hasID(g.html(), IDTourOpen) || !g.open {
		t.Error("the offer stays, or the tour closed")
	}
}
