package app

import (
	"fmt"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// testCost is the Cost panel under go-app's test engine.
type testCost struct {
	costPanel
	ctx goapp.Context
}

func (t *testCost) OnPreRender(ctx goapp.Context) { t.ctx = ctx }

// newTestCost mounts a Cost panel and lets its first measurement finish
// (natively go-app does not call OnMount: the test does).
func newTestCost(t *testing.T, s *Store) (*testCost, goapp.TestEngine) {
	t.Helper()
	c := &testCost{costPanel: costPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	c.OnMount(c.ctx)
	e.ConsumeAll()
	return c, e
}

func (c *testCost) html() string { return goapp.HTMLString(c.Render()) }

func TestCostItemsAndModel(t *testing.T) {
	st := &State{}
	if n, ok := costItems(st); n != 0 || !ok {
		t.Errorf("nothing loaded: %d, %v", n, ok)
	}
	st.Load = LoadState{Running: true, Done: 10, Total: 100}
	if _, ok := costItems(st); ok {
		t.Error("a running load is measured")
	}
	st.Load = LoadState{Done: 100, Total: 100}
	if n, ok := costItems(st); n != 100 || !ok {
		t.Errorf("100 loaded: %d, %v", n, ok)
	}
	st.Load = LoadState{Done: 2 * analysis.MaxItems, Total: 2 * analysis.MaxItems}
	if n, _ := costItems(st); n != analysis.MaxItems {
		t.Errorf("a large load measures %d items", n)
	}

	p, _ := patterns.Get("time-series")
	m := p.Model()
	sized := costModelFor(m, 250)
	if sized.Dataset.Generator.Size != 250 || m.Dataset.Generator.Size == 250 {
		t.Errorf("sized %d, original %d", sized.Dataset.Generator.Size, m.Dataset.Generator.Size)
	}
	if costModelFor(m, 0) != m || costModelFor(BlankModel(), 10).Dataset != nil {
		t.Error("nothing to size was copied or changed")
	}
}

// TestCostPanelTimeSeries: the time-series pattern's cost table has a row
// per access pattern with its dollars, the totals, the chart and the
// warnings next to the elements they concern.
func TestCostPanelTimeSeries(t *testing.T) {
	s := analysisStore(t, "time-series", 500)
	c, _ := newTestCost(t, s)
	if c.res == nil || c.res.Err != "" || c.res.Items != 500 {
		t.Fatalf("measurement %+v", c.res)
	}
	t.Logf("the analysis of 500 items took %s", c.res.Elapsed)
	doc := c.html()
	for _, id := range []string{IDCostRun, IDCostTable, IDCostTotal, IDCostChart, IDCostStorage, IDCostWarnings} {
		if !hasID(doc, id) {
			t.Errorf("the panel lacks #%s", id)
		}
	}
	m := s.State().Model
	for _, ap := range m.AccessPatterns {
		row := costRow(doc, ap.Name)
		if row == "" {
			t.Errorf("no row for %s", ap.Name)
			continue
		}
		if !strings.Contains(row, "$") {
			t.Errorf("the row of %s has no dollar figure", ap.Name)
		}
	}
	v := c.res.View
	if !strings.Contains(v.Dataset, "500") {
		t.Errorf("the analysis loaded %q, not the 500 items the page loaded", v.Dataset)
	}
	if od, _ := analysisAttr(doc, IDCostTotal, "data-on-demand"); od != costAttr(v.Totals.OnDemand) || v.Totals.OnDemand <= 0 {
		t.Errorf("total on demand %q, view %v", od, v.Totals.OnDemand)
	}
	// Every pattern's warnings sit under its row.
	for _, p := range v.Patterns {
		if len(p.Warnings) > 0 && !strings.Contains(doc, `data-warnings-for="`+p.Name+`"`) {
			t.Errorf("the warnings of %s are not next to it", p.Name)
		}
	}

	// The figures a person reads, as a golden file.
	var b strings.Builder
	for _, p := range v.Patterns {
		fmt.Fprintf(&b, "%s | %s/s | %s %s | on demand %s | provisioned %s | %d warnings\n",
			p.Name, fmtNum(p.Rate), fmtNum(p.Units), p.Unit, fmtDollars(p.OnDemand), fmtDollars(p.Provisioned), len(p.Warnings))
	}
	fmt.Fprintf(&b, "total | on demand %s | provisioned %s | storage %s | %s cheaper\n",
		fmtDollars(v.Totals.OnDemand), fmtDollars(v.Totals.Provisioned), fmtDollars(v.Totals.Storage), v.Totals.Cheaper)
	analysisGolden(t, "cost_time_series.txt", []byte(b.String()))
}

// costRow returns the pattern row's HTML, from its opening tag to its end.
func costRow(doc, pattern string) string {
	i := strings.Index(doc, `data-pattern="`+pattern+`"`)
	if i < 0 {
		return ""
	}
	i = strings.LastIndex(doc[:i], "<tr")
	end := strings.Index(doc[i:], "</tr>")
	if end < 0 {
		return ""
	}
	return doc[i : i+end]
}

// TestCostPanelFollowsTheDesign: a new design is measured again, and the
// old design's figures are never shown meanwhile; the last measurement
// survives a tab switch.
func TestCostPanelFollowsTheDesign(t *testing.T) {
	s := analysisStore(t, "write-sharding", 100)
	c, e := newTestCost(t, s)
	first := c.res
	if first == nil || first.View == nil {
		t.Fatalf("no measurement: %+v", first)
	}
	if c.stale(c.State) {
		t.Error("a fresh measurement is stale")
	}
	// Remounted: no new measurement.
	d, _ := newTestCost(t, s)
	if d.res != first {
		t.Error("a remounted panel measured again")
	}

	if err := s.OpenPattern("time-series"); err != nil {
		t.Fatal(err)
	}
	c.State = s.State()
	if !c.stale(c.State) {
		t.Fatal("a new design is not stale")
	}
	if hasID(c.html(), IDCostTable) {
		t.Error("the old design's figures are still shown")
	}
	c.OnUpdate(c.ctx)
	if !c.running || !strings.Contains(c.html(), "Measuring") {
		t.Error("the panel does not say it is measuring")
	}
	e.ConsumeAll()
	if c.res == first || c.res.Model != s.State().Model {
		t.Error("the new design was not measured")
	}
	if costRow(c.html(), "Record a reading") == "" {
		t.Error("no row for the new design's pattern")
	}

	// Measure again, forced.
	before := c.res
	c.refresh(c.ctx, true)
	e.ConsumeAll()
	if c.res == before {
		t.Error("Measure again did not measure")
	}
}

// TestCostPanelShowsErrors: an analysis that fails says why.
func TestCostPanelShowsErrors(t *testing.T) {
	r := measureCost(nil, nil, 0)
	if r.Err == "" {
		t.Fatal("no error for no model")
	}
	s := NewStore()
	c, _ := newTestCost(t, s)
	r.Model = c.State.Model
	c.res = r
	if !hasID(c.html(), IDCostError) {
		t.Error("the error is not shown")
	}
}

// TestCostWarningsNextToTheirElement: the write-sharding design without
// its shards gets a hot-partition warning, shown under the vote's row and
// in the list of all warnings with the element it concerns.
func TestCostWarningsNextToTheirElement(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	m := p.Model()
	for i := range m.Workload.Requests {
		for j := range m.Workload.Requests[i].Keys {
			if m.Workload.Requests[i].Keys[j].Parameter == "shard" {
				m.Workload.Requests[i].Keys[j].Cardinality = 1
			}
		}
	}
	r := measureCost(nil, m, 100)
	if r.Err != "" {
		t.Fatal(r.Err)
	}
	hot := r.View.WarningsFor("pattern:Cast a vote")
	if len(hot) == 0 || hot[0].Kind != analysis.WarnHotPartition {
		t.Fatalf("warnings on Cast a vote: %+v", hot)
	}
	doc := goapp.HTMLString(renderCost(r.View, false))
	i := strings.Index(doc, `data-warnings-for="Cast a vote"`)
	if i < 0 || !strings.Contains(doc[i:], "hot partition") {
		t.Fatal("the hot-partition warning is not under the vote's row")
	}
	if row := costRow(doc, "Cast a vote"); !strings.Contains(row, "warned") {
		t.Error("the vote's row is not marked as warned")
	}
	if !strings.Contains(doc, `data-target="pattern:Cast a vote"`) || !strings.Contains(doc, "access pattern Cast a vote: ") {
		t.Error("the list of all warnings does not name the element")
	}
}

// TestCostPanelSaysWhatIsMissing: a design without access patterns, then
// one whose patterns have no calls per second, says so; the offered fix
// adds typical rates to the running design.
func TestCostPanelSaysWhatIsMissing(t *testing.T) {
	s := NewStore()
	c, _ := newTestCost(t, s)
	if v, _ := analysisAttr(c.html(), IDMissing, "data-missing"); v != "access-patterns" {
		t.Errorf("blank design: missing %q", v)
	}
	if err := s.OpenPattern("sparse-index"); err != nil {
		t.Fatal(err)
	}
	if err := s.EditWorkload(func(m *model.Model) {
		m.Workload = nil
		for i := range m.AccessPatterns {
			m.AccessPatterns[i].Rate = 0
		}
	}); err != nil {
		t.Fatal(err)
	}
	c.State = s.State()
	doc := c.html()
	if v, _ := analysisAttr(doc, IDMissing, "data-missing"); v != "workload" || !hasID(doc, IDMissingFix) {
		t.Fatalf("no rates: missing %q, fix shown %v", v, hasID(doc, IDMissingFix))
	}
	c.act(c.ctx, func() { s.EditWorkload(defaultWorkload) })
	if costMissing(c.State.Model) != "" || hasID(c.html(), IDMissing) {
		t.Error("typical rates did not satisfy the cost")
	}
}

// TestCostPanelCancel: Cancel stops a running measurement, the panel says
// so and does not start it again by itself; Measure again does.
func TestCostPanelCancel(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	c, e := newTestCost(t, s)
	if c.res == nil || c.running {
		t.Fatalf("the first measurement did not end: %+v", c.res)
	}
	if err := s.OpenPattern("time-series"); err != nil {
		t.Fatal(err)
	}
	c.State = s.State()
	c.OnUpdate(c.ctx)
	if !c.running || !hasID(c.html(), IDCostCancel) {
		t.Fatal("a running measurement offers no Cancel")
	}
	c.cancel()
	e.ConsumeAll()
	if c.running || hasID(c.html(), IDCostCancel) {
		t.Error("the measurement still runs after Cancel")
	}
	if c.res != nil && c.res.Model == s.State().Model {
		t.Error("the cancelled measurement's result was taken")
	}
	if !strings.Contains(c.html(), "Measurement cancelled") {
		t.Errorf("the panel does not say the measurement was cancelled")
	}
	c.OnUpdate(c.ctx)
	if c.running {
		t.Error("a cancelled measurement started again by itself")
	}
	c.refresh(c.ctx, true)
	e.ConsumeAll()
	if c.res == nil || c.res.Model != s.State().Model {
		t.Error("Measure again did not measure the design")
	}
}
