package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// viewJobs makes the panels build every view as a job, whatever the
// table's size, for the test.
func viewJobs(t *testing.T) {
	t.Helper()
	old := viewSyncItems
	viewSyncItems = -1
	t.Cleanup(func() { viewSyncItems = old })
}

// mountForJobs loads a Partitions panel in go-app's test engine and
// mounts it as the browser does (natively go-app mounts nothing, and the
// first render built the model in the render, as the server's pre-render
// does): its next render computes as a job.
func mountForJobs(t *testing.T, p *testPartitions) goapp.TestEngine {
	t.Helper()
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	p.OnMount(p.ctx)
	p.data, p.cache = viewWork{}, partitionsCache{}
	return e
}

// touchFirstItem writes an attribute of a table's first item through the
// store: a new Version of the table.
func touchFirstItem(t *testing.T, s *Store, table, value string) {
	t.Helper()
	var first attr.Item
	s.State().Snapshot.Table(table).Items(func(it attr.Item) bool { first = it; return false })
	hash, rng := keyNames(s.State().Snapshot)(table)
	if r, err := s.UpdateAttribute(table, keyOfNames(first, hash, rng), "touched", attr.String(value)); err != nil || r.Status != 200 {
		t.Fatalf("UpdateAttribute: %v %+v", err, r)
	}
}

// TestPartitionsPanelComputesAsAJob: with a large table the panel renders
// at once with its computing notice and no partitions; the job's result
// shows once it ends; renders after it (the clock's ticks: new snapshots
// of the same items) reuse it; a write starts one new computation.
func TestPartitionsPanelComputesAsAJob(t *testing.T) {
	viewJobs(t)
	s := analysisStore(t, "write-sharding", 1000)
	p := &testPartitions{partitionsPanel: partitionsPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := mountForJobs(t, p)
	doc := p.html()
	if !hasID(doc, IDPartComputing) || hasID(doc, IDPartCount) || !strings.Contains(doc, `data-state="computing"`) {
		t.Fatalf("before the job ends the panel shows %s", doc)
	}
	e.ConsumeAll()
	doc = p.html()
	if hasID(doc, IDPartComputing) || !strings.Contains(doc, `data-state="ready"`) || !strings.Contains(doc, "<svg") {
		t.Fatalf("after the job the panel shows %s", doc)
	}
	if n := p.count(t); n < 1 || p.data.started != 1 {
		t.Fatalf("%d partitions after %d computations", n, p.data.started)
	}
	items := p.cache.out.View.LoadedItems
	if votes := s.State().Snapshot.Table("Votes").Len(); items != votes {
		t.Errorf("the view places %d items; the table holds %d", items, votes)
	}
	// A tick of the clock: a new snapshot, the same items.
	s.Advance(time.Minute)
	if p.State.Snapshot == s.State().Snapshot {
		t.Fatal("the clock's advance published no new snapshot")
	}
	p.State = s.State()
	p.html()
	e.ConsumeAll()
	if p.data.started != 1 || p.data.running() {
		t.Errorf("a new snapshot of the same items computed again (%d computations)", p.data.started)
	}
	// A write: the next render computes again, once.
	touchFirstItem(t, s, "Votes", "x")
	p.State = s.State()
	if !hasID(p.html(), IDPartComputing) {
		t.Error("after a write the panel does not compute again")
	}
	p.html()
	e.ConsumeAll()
	if !hasID(p.html(), IDPartCount) || p.data.started != 2 {
		t.Errorf("after a write: %d computations", p.data.started)
	}
	// While a load runs every step of it is a new version: the panel
	// waits for its end rather than start a read per step.
	touchFirstItem(t, s, "Votes", "w")
	loading := *s.State()
	loading.Load.Running = true
	p.State = &loading
	if doc := p.html(); !hasID(doc, IDPartComputing) || p.data.started != 2 || p.data.running() {
		t.Errorf("during a load: %d computations (running %v)", p.data.started, p.data.running())
	}
	p.State = s.State()
	p.html()
	e.ConsumeAll()
	if !hasID(p.html(), IDPartCount) || p.data.started != 3 {
		t.Errorf("after the load: %d computations", p.data.started)
	}
}

// TestViewWorkSupersedes: a computation of older inputs still running when
// newer ones come is cancelled, and its result is never kept, even when it
// had finished before the newer render.
func TestViewWorkSupersedes(t *testing.T) {
	viewJobs(t)
	s := analysisStore(t, "write-sharding", 1000)
	p := &testPartitions{partitionsPanel: partitionsPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := mountForJobs(t, p)
	p.html() // starts the computation of the first version
	first := p.data.job
	touchFirstItem(t, s, "Votes", "y")
	p.State = s.State()
	want := s.State().Snapshot.Table("Votes").Version()
	p.html() // supersedes it
	if first.ctx.Err() == nil {
		t.Fatal("the first computation was not cancelled")
	}
	e.ConsumeAll()
	_, key, ok := p.data.last()
	if k, _ := key.(partitionsKey); !ok || k.version != want || p.data.started != 2 {
		t.Fatalf("kept %+v (ok %v) after %d computations; want version %d", key, ok, p.data.started, want)
	}
	// Dismounting stops a running computation.
	touchFirstItem(t, s, "Votes", "z")
	p.State = s.State()
	p.html()
	j := p.data.job
	p.OnDismount()
	if j == nil || j.ctx.Err() == nil || p.data.running() {
		t.Error("the panel went and its computation runs on")
	}
}

// TestGridPanelBuildsAsAJob: with a large table the Grid panel renders at
// once with its notice and no grid; the job's grid shows once it ends and
// renders after it reuse it; after a write the grid shown last stays,
// marked computing, until the next one is built.
func TestGridPanelBuildsAsAJob(t *testing.T) {
	viewJobs(t)
	p, e := newGridPanel(t)
	p.OnMount(p.ctx)
	p.work, p.grid = viewWork{}, nil
	// A version of the table no grid was built for.
	touchFirstItem(t, p.Store, "Shop", "a")
	p.State = p.Store.State()
	doc := p.html()
	if !hasID(doc, IDGridComputing) || hasID(doc, IDGrid) || !strings.Contains(doc, `data-state="computing"`) {
		t.Fatalf("before the job ends the panel shows %s", doc)
	}
	e.ConsumeAll()
	doc = p.html()
	if hasID(doc, IDGridComputing) || !strings.Contains(doc, `data-state="ready"`) || !strings.Contains(doc, `data-items="3"`) {
		t.Fatalf("after the job the panel shows %s", doc)
	}
	p.Store.Advance(time.Minute)
	p.State = p.Store.State()
	p.html()
	e.ConsumeAll()
	if p.work.started != 1 {
		t.Errorf("%d builds for one version of the table", p.work.started)
	}
	touchFirstItem(t, p.Store, "Shop", "b")
	p.State = p.Store.State()
	doc = p.html()
	if !hasID(doc, IDGrid) || !strings.Contains(doc, `data-state="computing"`) || !strings.Contains(doc, `>a<`) {
		t.Fatalf("while the next grid builds the panel shows %s", doc)
	}
	e.ConsumeAll()
	if doc = p.html(); !strings.Contains(doc, `data-state="ready"`) || !strings.Contains(doc, `>b<`) || p.work.started != 2 {
		t.Fatalf("after the write's build (%d builds) the panel shows %s", p.work.started, doc)
	}
}

// TestGridPanelSortsAsAJob: on a large grid a sort is worked out by a
// job: the panel shows the rows in their order before, marked computing,
// then sorted; the next render of the same sort starts nothing.
func TestGridPanelSortsAsAJob(t *testing.T) {
	viewJobs(t)
	p, e := newGridPanel(t)
	p.OnMount(p.ctx)
	p.html()
	e.ConsumeAll()
	order := func(doc string) []string {
		var keys []string
		for _, part := range strings.Split(doc, `id="`+IDGridRow)[1:] {
			keys = append(keys, part[:strings.IndexByte(part, '"')])
		}
		return keys
	}
	before := order(p.html())
	if len(before) != 3 {
		t.Fatalf("rows %v", before)
	}
	// Sorted by SK (ties in storage order), in whichever direction
	// changes the order.
	var items []attr.Item
	p.State.Snapshot.Table("Shop").Items(func(it attr.Item) bool { items = append(items, it); return true })
	var want []string
	for _, desc := range []bool{false, true} {
		sorted := slices.Clone(items)
		slices.SortStableFunc(sorted, func(a, b attr.Item) int {
			c := strings.Compare(string(a["SK"].(attr.String)), string(b["SK"].(attr.String)))
			if desc {
				c = -c
			}
			return c
		})
		want = want[:0]
		for _, it := range sorted {
			want = append(want, visualizer.ItemKey(it, "PK", "SK"))
		}
		p.sortBy("SK")
		if !slices.Equal(want, before) {
			break
		}
	}
	doc := p.html()
	if !strings.Contains(doc, `data-state="computing"`) || !slices.Equal(order(doc), before) {
		t.Fatalf("while the sort is worked out the rows are %v (before %v): %s", order(doc), before, doc)
	}
	e.ConsumeAll()
	doc = p.html()
	after := order(doc)
	if !strings.Contains(doc, `data-state="ready"`) || !slices.Equal(after, want) {
		t.Fatalf("sorted by SK the rows are %v, want %v", after, want)
	}
	started := p.prep.started
	p.html()
	e.ConsumeAll()
	if p.prep.started != started || started != 1 {
		t.Errorf("%d sorts worked out for one", p.prep.started)
	}
	// Typing a filter: its texts are worked out once, not again for each
	// letter typed meanwhile.
	p.filter = "o"
	if doc := p.html(); !strings.Contains(doc, `data-state="computing"`) || p.prep.started != 2 {
		t.Fatalf("a first filter: %d jobs, %s", p.prep.started, doc)
	}
	p.filter = "or"
	p.html()
	e.ConsumeAll()
	doc = p.html()
	if p.prep.started != 2 || !strings.Contains(doc, `data-state="ready"`) || !strings.Contains(doc, `data-rows="1"`) {
		t.Errorf("after typing on: %d jobs; %s", p.prep.started, doc)
	}
}
