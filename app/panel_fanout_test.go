package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// testFanOut is the Fan-out panel under go-app's test engine.
type testFanOut struct {
	fanOutPanel
	ctx goapp.Context
}

func (t *testFanOut) OnPreRender(ctx goapp.Context) { t.ctx = ctx }

func newTestFanOut(t *testing.T, s *Store) *testFanOut {
	t.Helper()
	f := &testFanOut{fanOutPanel: fanOutPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(f); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return f
}

func (f *testFanOut) html() string { return goapp.HTMLString(f.Render()) }

func TestFanOutPatternsAndParams(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	m := p.Model()
	var names []string
	for _, ap := range fanOutPatterns(m) {
		names = append(names, ap.Name)
	}
	if strings.Join(names, ",") != "Gather the shards,Orders of a day" {
		t.Errorf("fan-out patterns %v", names)
	}
	if n := len(fanOutPatterns(BlankModel())); n != 0 {
		t.Errorf("a blank model has %d fan-out patterns", n)
	}
	ap := m.AccessPattern("Gather the shards")
	got := fanOutParams(ap, model.Params{"candidate": "bob", "shard": "3"})
	if got["candidate"] != "bob" || len(got) != 1 {
		t.Errorf("params %v: want the typed candidate and no shard", got)
	}
	if paramsKey(model.Params{"b": "2", "a": "1"}) != paramsKey(model.Params{"a": "1", "b": "2"}) {
		t.Error("the cache key depends on the map's order")
	}
	if paramsKey(model.Params{"a": "1b"}) == paramsKey(model.Params{"a1": "b"}) {
		t.Error("the cache key confuses names and values")
	}
}

// TestFanOutPanelVotes: alice's 20 vote counters read by 20 GetItems,
// each on a partition, 10 RCU against 0.5 for one read of the same items.
func TestFanOutPanelVotes(t *testing.T) {
	s := analysisStore(t, "write-sharding", 200)
	f := newTestFanOut(t, s)
	doc := f.html()
	for _, id := range []string{IDFanPattern, IDFanParam + "candidate", IDFanPicture, IDFanShards, IDFanMerged, IDFanCost} {
		if !hasID(doc, id) {
			t.Errorf("the panel lacks #%s", id)
		}
	}
	if hasID(doc, IDFanParam+"shard") {
		t.Error("the fan-out's own parameter is offered as an input")
	}
	if v, _ := analysisAttr(doc, IDFanShards, "data-shards"); v != "20" {
		t.Errorf("data-shards %q, want 20", v)
	}
	if sc, _ := analysisAttr(doc, IDFanCost, "data-scatter"); sc != "10" {
		t.Errorf("scatter-gather %q RCU, want 10", sc)
	}
	if sg, _ := analysisAttr(doc, IDFanCost, "data-single"); sg != "0.5" {
		t.Errorf("single read %q RCU, want 0.5", sg)
	}
	if !strings.Contains(doc, "CANDIDATE#alice#7") || !strings.Contains(doc, "20× the single-key read") {
		t.Error("the shards or the ratio are not shown")
	}
	v := f.cache.view
	for _, sh := range v.Shards {
		if sh.PartitionID < 0 {
			t.Errorf("shard %s is on no partition", sh.Key)
		}
	}
	if !strings.Contains(doc, `data-partition="`) {
		t.Error("the shard rows do not name their partitions")
	}

	// Another candidate: the typed value runs.
	first := f.cache.view
	f.setParam("Gather the shards", "candidate", "c00001")
	doc = f.html()
	if f.cache.view == first || !strings.Contains(doc, "CANDIDATE#c00001#19") {
		t.Error("the typed candidate did not run")
	}
	// The cache holds while nothing changes.
	again := f.cache.view
	f.html()
	if f.cache.view != again {
		t.Error("a second render ran the fan-out again")
	}

	// A day of orders: 200 Queries.
	f.pattern = "Orders of a day"
	doc = f.html()
	if v, _ := analysisAttr(doc, IDFanShards, "data-shards"); v != "200" {
		t.Errorf("orders: data-shards %q, want 200", v)
	}
	if !analysisSelected(doc, "Orders of a day") || analysisSelected(doc, "Gather the shards") {
		t.Error("the select does not show the chosen pattern")
	}
}

func TestFanOutPanelWithoutFanOut(t *testing.T) {
	f := newTestFanOut(t, NewStore())
	if doc := f.html(); !strings.Contains(doc, " fans out. A read fans out when") || strings.Contains(doc, "vote") || hasID(doc, IDFanPicture) {
		t.Error("a design without a fan-out is not told so, in its own words (no pattern's votes)")
	}
}

// TestFanOutPanelShowsErrors: a fan-out that cannot run (here, a design
// whose table the engine lacks) says why instead of drawing.
func TestFanOutPanelShowsErrors(t *testing.T) {
	s := NewStore() // its engine runs the blank model: no Votes table
	f := newTestFanOut(t, s)
	st := *s.State()
	p, _ := patterns.Get("write-sharding")
	st.Model = p.Model()
	f.State = &st
	doc := f.html()
	if !hasID(doc, IDFanError) || hasID(doc, IDFanPicture) {
		t.Fatal("no error shown for a table the engine lacks")
	}
	if !strings.Contains(doc, "Votes") {
		t.Errorf("the error does not name the table: %s", f.cache.err)
	}
}
