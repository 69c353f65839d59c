package app

import (
	"strconv"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// testPartitions is the Partitions panel under go-app's test engine.
type testPartitions struct {
	partitionsPanel
	ctx goapp.Context
}

func (t *testPartitions) OnPreRender(ctx goapp.Context) { t.ctx = ctx }

func newTestPartitions(t *testing.T, s *Store) *testPartitions {
	t.Helper()
	p := &testPartitions{partitionsPanel: partitionsPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return p
}

func (p *testPartitions) html() string { return goapp.HTMLString(p.Render()) }

func (p *testPartitions) count(t *testing.T) int {
	t.Helper()
	v, ok := analysisAttr(p.html(), IDPartCount, "data-count")
	if !ok {
		t.Fatalf("no #%s with data-count", IDPartCount)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPartitionsPanelShowsTheKeyspace: the write-sharding pattern's Votes
// table is on demand, so 4 partitions; the loaded items are all placed.
func TestPartitionsPanelShowsTheKeyspace(t *testing.T) {
	s := analysisStore(t, "write-sharding", 1000)
	p := newTestPartitions(t, s)
	doc := p.html()
	for _, id := range []string{IDTableSelect, IDPartCount, IDPartKeyspace, IDPartSteps, IDPartList, IDPartMode, IDPartRCU, IDPartWCU, IDPartSize, IDPartPeakRRU, IDPartPeakWRU, IDPartReset} {
		if !hasID(doc, id) {
			t.Errorf("the panel lacks #%s", id)
		}
	}
	if n := p.count(t); n != partition.OnDemandPartitions {
		t.Errorf("%d partitions, want %d", n, partition.OnDemandPartitions)
	}
	if w, _ := analysisAttr(doc, IDPartCount, "data-whatif"); w != "false" {
		t.Errorf("data-whatif %q before any change", w)
	}
	out := p.cache.out
	votes := s.State().Snapshot.Table("Votes").Len()
	if out.View.LoadedItems != votes || !out.View.Mapped {
		t.Errorf("the view places %d items (mapped %v); the table holds %d", out.View.LoadedItems, out.View.Mapped, votes)
	}
	if !strings.Contains(doc, "<svg") || !strings.Contains(doc, `data-partition="`) {
		t.Error("no keyspace picture or partition rows")
	}
	// On demand, throughput is not an input; the peaks are.
	if !disabled(doc, IDPartRCU) || !disabled(doc, IDPartWCU) || disabled(doc, IDPartPeakWRU) {
		t.Error("on demand: RCU/WCU should be disabled and the peaks enabled")
	}
	if !disabled(doc, IDPartReset) {
		t.Error("the reset button is enabled without a what-if")
	}
}

// TestPartitionsWhatIfDoublesTheCount: switching to provisioned with one
// partition's worth of writes more than the partitions carry doubles them,
// and the step says so; the reset goes back to the table.
func TestPartitionsWhatIfDoublesTheCount(t *testing.T) {
	s := analysisStore(t, "write-sharding", 300)
	p := newTestPartitions(t, s)
	base := p.count(t)
	p.setMode(partition.Provisioned.String())
	p.setInput(IDPartWCU, strconv.Itoa((base+1)*int(partition.PartitionWCU)))
	if n := p.count(t); n != 2*base {
		t.Fatalf("%d partitions after raising the writes, want %d", n, 2*base)
	}
	doc := p.html()
	if w, _ := analysisAttr(doc, IDPartCount, "data-whatif"); w != "true" {
		t.Errorf("data-whatif %q after a change: %s", w, tagOf(doc, IDPartCount))
	}
	if b, _ := analysisAttr(doc, IDPartCount, "data-base"); b != strconv.Itoa(base) {
		t.Errorf("data-base %q, want %d", b, base)
	}
	if !strings.Contains(doc, `class="wb-part-step new"`) {
		t.Error("the what-if's steps are not marked new")
	}
	last := p.cache.out.View.Steps[len(p.cache.out.View.Steps)-1]
	if last.To != 2*base || len(last.Lines) == 0 {
		t.Errorf("last step %+v", last)
	}
	if !strings.Contains(doc, "switch: "+strconv.Itoa(base)+" → "+strconv.Itoa(2*base)+" partitions") {
		t.Errorf("no step title for the raise in %+v", p.cache.out.View.Steps)
	}
	if disabled(doc, IDPartWCU) || !disabled(doc, IDPartPeakWRU) {
		t.Error("provisioned: WCU should be enabled and the peaks disabled")
	}

	// Text that is not a number marks the field and changes nothing.
	p.setInput(IDPartWCU, "lots")
	doc = p.html()
	if !invalid(doc, IDPartWCU) || p.count(t) != 2*base {
		t.Errorf("after an invalid WCU: invalid %v, %d partitions", invalid(doc, IDPartWCU), p.count(t))
	}

	// A what-if starts from the table as it is: a little throughput
	// keeps its partitions, which never merge.
	p.setInput(IDPartWCU, "1")
	if n := p.count(t); n != base {
		t.Errorf("%d partitions with 1 WCU, want the table's %d", n, base)
	}

	p.reset()
	if n := p.count(t); n != base {
		t.Errorf("%d partitions after the reset, want %d", n, base)
	}
	if invalid(p.html(), IDPartWCU) {
		t.Error("the reset left a field marked invalid")
	}
}

// TestPartitionsWhatIfSizeAndErrors: data past 10 GB a partition splits
// them; an impossible size shows the what-if's error next to the form.
func TestPartitionsWhatIfSizeAndErrors(t *testing.T) {
	s := analysisStore(t, "write-sharding", 100)
	p := newTestPartitions(t, s)
	p.setInput(IDPartSize, "100")
	if n := p.count(t); n < 10 {
		t.Errorf("%d partitions for 100 GB, want at least 10", n)
	}
	p.setInput(IDPartSize, "1e12")
	doc := p.html()
	if !hasID(doc, IDPartError) {
		t.Error("no error for a size no layout holds")
	}
	if n := p.count(t); n != partition.OnDemandPartitions {
		t.Errorf("with an error the count is %d, want the table's %d", n, partition.OnDemandPartitions)
	}
}

// TestPartitionsPanelCachesAndFollowsWrites: renders reuse the mapping
// until the table's data changes.
func TestPartitionsPanelCachesAndFollowsWrites(t *testing.T) {
	s := analysisStore(t, "write-sharding", 200)
	p := newTestPartitions(t, s)
	first := p.cache.out
	p.html()
	if p.cache.out != first {
		t.Error("a second render recomputed the view")
	}
	if _, err := s.PutItem("Votes", []byte(`{"PK":{"S":"CANDIDATE#zed#0"},"Votes":{"N":"1"}}`)); err != nil {
		t.Fatal(err)
	}
	p.State = s.State()
	p.html()
	if p.cache.out == first {
		t.Fatal("a write did not refresh the view")
	}
	if got, want := p.cache.out.View.LoadedItems, first.View.LoadedItems+1; got != want {
		t.Errorf("%d items placed after a put, want %d", got, want)
	}
}

// TestPartitionsPanelTables: the table select switches tables and the
// form follows the new table.
func TestPartitionsPanelTables(t *testing.T) {
	s := analysisStore(t, "write-sharding", 200)
	p := newTestPartitions(t, s)
	p.setInput(IDPartSize, "50")
	p.table = "Orders"
	doc := p.html()
	if p.edited {
		t.Error("the what-if carried over to another table")
	}
	if !analysisSelected(doc, "Orders") || analysisSelected(doc, "Votes") {
		t.Error("the table select does not show Orders")
	}
	if p.cache.out.View.LoadedItems != s.State().Snapshot.Table("Orders").Len() {
		t.Errorf("Orders view places %d items", p.cache.out.View.LoadedItems)
	}

	blank := NewStore()
	b := newTestPartitions(t, blank)
	if n := b.count(t); n != partition.OnDemandPartitions {
		t.Errorf("a blank model's table has %d partitions", n)
	}
}

func TestPartitionsInputText(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 0.0000147493: "0.000015", 5000: "5000", 1.5: "1.5", 0.0000001: "0"} {
		if got := partitionsInputText(v); got != want {
			t.Errorf("partitionsInputText(%v) = %q, want %q", v, got, want)
		}
	}
}
