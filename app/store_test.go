package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// newTestStore returns a store whose real-time clock the test moves.
func newTestStore(t *testing.T) (*Store, *time.Time) {
	t.Helper()
	wall := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s := NewStore()
	s.wall = func() time.Time { return wall }
	return s, &wall
}

func TestStoreOpenPatternAndLoad(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if st.Pattern != "multi-tenancy" || st.Model.Table("Photos") == nil {
		t.Fatalf("state after OpenPattern: pattern %q, tables %v", st.Pattern, st.Model.Tables)
	}
	if n := st.Snapshot.Table("Photos").Len(); n != 0 {
		t.Fatalf("a freshly opened pattern holds %d items, want 0 before the load", n)
	}
	progress := 0
	if err := s.LoadDataset(5000, 0, func() { progress++ }); err != nil {
		t.Fatal(err)
	}
	st = s.State()
	if st.Load.Running || st.Load.Done != 5000 || st.Load.Total != 5000 {
		t.Errorf("load state %+v, want 5000 of 5000 done", st.Load)
	}
	if got := st.Snapshot.Table("Photos").Len(); got != 5000 {
		t.Errorf("the table holds %d items after loading 5000", got)
	}
	// A report at the start, one per slice, and one at the end.
	if progress < 2 {
		t.Errorf("progress reported %d times, want at least the start and the end", progress)
	}
	if len(st.Marks) != 0 {
		t.Errorf("a bulk load left %d views of highlights; it should highlight nothing", len(st.Marks))
	}
}

func TestStoreUnknownPatternChangesNothing(t *testing.T) {
	s, _ := newTestStore(t)
	before := s.State()
	if err := s.OpenPattern("no-such-pattern"); err == nil {
		t.Fatal("opening an unknown pattern succeeded")
	}
	st := s.State()
	if st.Model != before.Model || !strings.Contains(st.Error, "no-such-pattern") {
		t.Errorf("after a failed open: model changed %v, error %q", st.Model != before.Model, st.Error)
	}
}

func TestStoreOpenModelRefusesInvalid(t *testing.T) {
	s, _ := newTestStore(t)
	before := s.State().Model
	err := s.OpenModel([]byte(`{"version":1,"name":"x","tables":[{"TableName":"T","KeySchema":[],"AttributeDefinitions":[]}]}`))
	if err == nil {
		t.Fatal("an invalid model opened")
	}
	if s.State().Model != before {
		t.Error("a refused model replaced the design")
	}
}

func TestStoreEditUndoRedoApply(t *testing.T) {
	s, _ := newTestStore(t)
	if _, err := s.PutItem("AppTable", []byte(`{"PK":{"S":"A"},"SK":{"S":"1"},"GSI1PK":{"S":"G"}}`)); err != nil {
		t.Fatal(err)
	}
	addGSI := func(m *model.Model) {
		t := &m.Tables[0]
		t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "GSI1PK", AttributeType: schema.TypeS})
		t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{
			IndexName:  "GSI1",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "GSI1PK", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		})
	}
	if err := s.Edit(addGSI); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if !st.Dirty || !st.CanUndo || st.CanRedo || len(st.Problems) != 0 {
		t.Fatalf("after an edit: dirty %v, undo %v, redo %v, problems %v", st.Dirty, st.CanUndo, st.CanRedo, st.Problems)
	}
	if !s.Undo() || len(s.State().Draft.Tables[0].GlobalSecondaryIndexes) != 0 {
		t.Fatal("undo did not remove the GSI from the draft")
	}
	if !s.Redo() || len(s.State().Draft.Tables[0].GlobalSecondaryIndexes) != 1 {
		t.Fatal("redo did not bring the GSI back")
	}
	if err := s.Apply(); err != nil {
		t.Fatal(err)
	}
	st = s.State()
	if st.Dirty {
		t.Error("the design is still dirty after Apply")
	}
	ts := st.Snapshot.Table("AppTable")
	if ts.Len() != 1 {
		t.Fatalf("Apply kept %d items, want 1", ts.Len())
	}
	n := 0
	if !ts.IndexItems("GSI1", func(attr.Item) bool { n++; return true }) || n != 1 {
		t.Errorf("the new GSI holds %d entries, want the 1 item that has GSI1PK", n)
	}
}

func TestStoreEditProblemsUseDynamoDBWording(t *testing.T) {
	s, _ := newTestStore(t)
	s.Edit(func(m *model.Model) {
		m.Tables[0].GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{{
			IndexName:  "ByMissing",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "Missing", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		}}
	})
	st := s.State()
	if len(st.Problems) == 0 {
		t.Fatal("a GSI on an undefined attribute validated")
	}
	p := st.Problems[0]
	if !strings.HasPrefix(p.Path, "tables[0]") || !strings.Contains(p.Message, "Missing") {
		t.Errorf("problem %q at %q: want it on tables[0], naming the attribute", p.Message, p.Path)
	}
	if err := s.Apply(); err == nil {
		t.Error("a design with problems was applied")
	}
}

func TestStoreRunReturnsWireAnswer(t *testing.T) {
	s, _ := newTestStore(t)
	s.PutItem("AppTable", []byte(`{"PK":{"S":"A"},"SK":{"S":"1"},"V":{"S":"x"}}`))
	s.PutItem("AppTable", []byte(`{"PK":{"S":"A"},"SK":{"S":"2"},"V":{"S":"y"}}`))
	r, _ := s.Run("Query", []byte(`{"TableName":"AppTable","KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"A"}},"Limit":1,"ReturnConsumedCapacity":"TOTAL"}`))
	if r.Status != 200 || r.Count != 1 || r.ScannedCount != 1 || len(r.Items) != 1 {
		t.Fatalf("query result %+v", r)
	}
	if r.LastEvaluatedKey == nil {
		t.Error("a Limit 1 query of 2 items has no LastEvaluatedKey")
	}
	if got := r.TotalCapacity(); got != 0.5 {
		t.Errorf("consumed %v RCU, want 0.5 (eventually consistent, one 4 KB unit)", got)
	}
	bad, _ := s.Run("Query", []byte(`{"TableName":"AppTable","KeyConditionExpression":"PK = :p"}`))
	if bad.Status != 400 || bad.ErrorType != "ValidationException" ||
		bad.ErrorMessage != "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :p" {
		t.Errorf("bad query: %d %s %q", bad.Status, bad.ErrorType, bad.ErrorMessage)
	}
}

func TestStoreRunPatternFanOut(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(2000, 0, nil); err != nil {
		t.Fatal(err)
	}
	var fan *model.AccessPattern
	for i := range s.State().Model.AccessPatterns {
		if ap := &s.State().Model.AccessPatterns[i]; ap.FanOut != nil {
			fan = ap
		}
	}
	if fan == nil {
		t.Fatal("the write-sharding pattern has no fan-out access pattern")
	}
	r, err := s.RunPattern(fan.Name, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(fan.FanOut.Values()); r.Requests != want {
		t.Errorf("the fan-out made %d requests, want %d", r.Requests, want)
	}
	if r.Status != 200 || r.TotalCapacity() <= 0 {
		t.Errorf("fan-out result: status %d, capacity %v", r.Status, r.TotalCapacity())
	}
}

func TestStoreLiveMarksAndTTL(t *testing.T) {
	s, wall := newTestStore(t)
	if err := s.OpenPattern("ttl-ephemeral"); err != nil {
		t.Fatal(err)
	}
	now := s.State().Now.Unix()
	item := `{"PK":{"S":"USER#t"},"SK":{"S":"MSG#1"},"From":{"S":"a"},"Body":{"S":"b"},"ExpiresAt":{"N":"` + strconv.FormatInt(now+60, 10) + `"}}`
	if r, _ := s.PutItem("EphemeralMessages", []byte(item)); r.Status != 200 {
		t.Fatalf("PutItem: %s", r.Response)
	}
	st := s.State()
	marks := st.Marks["EphemeralMessages"]
	if len(marks) != 1 {
		t.Fatalf("marks after one put: %v", st.Marks)
	}
	for _, m := range marks {
		if m.Kind != visualizer.MarkPut {
			t.Errorf("a new item is marked %v, want MarkPut", m.Kind)
		}
	}
	// The highlight lasts a few seconds of real time.
	*wall = wall.Add(markLifetime + time.Second)
	s.Tick(0)
	if len(s.State().Marks) != 0 {
		t.Errorf("marks outlived their time: %v", s.State().Marks)
	}

	s.Advance(2 * time.Minute) // expired; the sweeper waits 6 h
	if n := s.State().Snapshot.Table("EphemeralMessages").Len(); n != 1 {
		t.Fatalf("the expired item was deleted before the sweeper's delay (%d items)", n)
	}
	s.Advance(7 * time.Hour)
	st = s.State()
	if n := st.Snapshot.Table("EphemeralMessages").Len(); n != 0 {
		t.Fatalf("the sweeper has not deleted the expired item (%d items)", n)
	}
	if len(st.Ghosts["EphemeralMessages"]) != 1 {
		t.Errorf("ghosts %v: want the deleted item fading out", st.Ghosts)
	}
	evs := st.TTLDeletes["EphemeralMessages"]
	if len(evs) != 1 || evs[0].ExpiredAt.Unix() != now+60 || !evs[0].At.After(evs[0].ExpiredAt) {
		t.Errorf("TTL deletions %+v", evs)
	}
	for _, m := range st.Marks["EphemeralMessages"] {
		if m.Kind != visualizer.MarkTTLDelete {
			t.Errorf("the TTL delete is marked %v", m.Kind)
		}
	}
}

// TestStoreLoadSlicesAndCancels: a load yields between slices, publishing
// its progress before each yield; cancelled from a yield it stops, keeps
// the whole batches written so far and says how many.
func TestStoreLoadSlicesAndCancels(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	yields := 0
	var seen []int
	s.budget = time.Nanosecond // every few items
	s.yield = func() {
		yields++
		seen = append(seen, s.State().Load.Done)
		if yields == 40 {
			if !s.CancelLoad() {
				t.Error("CancelLoad found no running load")
			}
		}
	}
	const total = 20000
	err := s.LoadDataset(total, 0, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled load returned %v, want context.Canceled", err)
	}
	if yields != 40 {
		t.Errorf("the load yielded %d times, want it to stop at the 40th", yields)
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Fatalf("progress before each yield %v: want it growing", seen)
		}
	}
	st := s.State()
	n := st.Snapshot.Table("Photos").Len()
	if !st.Load.Cancelled || st.Load.Running || st.Load.Done != n {
		t.Errorf("load state %+v with %d items in the table: want cancelled, not running, Done = the items held", st.Load, n)
	}
	if n == 0 || n >= total {
		t.Errorf("%d items kept: want some, fewer than %d", n, total)
	}
	if want := fmt.Sprintf("%d of %d items loaded", n, total); !strings.Contains(st.Message, want) {
		t.Errorf("the status says %q, want it to contain %q", st.Message, want)
	}
	if s.CancelLoad() {
		t.Error("CancelLoad after the load ended says one was running")
	}
	// The engine is usable: a new load runs to the end.
	s.yield = nil
	if err := s.LoadDataset(500, 0, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.State().Snapshot.Table("Photos").Len(); got != 500 {
		t.Errorf("the next load left %d items, want 500", got)
	}
}

// TestStoreApplyInSlices: the page's Apply copies the items as a job: it
// ends as Apply does; cancelled, or with the engine written meanwhile, it
// leaves the previous design running with all its items.
func TestStoreApplyInSlices(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(3000, 0, nil); err != nil {
		t.Fatal(err)
	}
	rename := func(m *model.Model) { m.Name = "renamed" }
	if err := s.Edit(rename); err != nil {
		t.Fatal(err)
	}
	before := s.State()
	s.budget = time.Nanosecond

	// Cancelled at the third slice.
	yields := 0
	s.yield = func() {
		yields++
		if st := s.State(); !st.Load.Running || !st.Load.Applying || st.Load.Total != 3000 {
			t.Errorf("while applying, the load state is %+v", st.Load)
		}
		if yields == 3 {
			s.CancelLoad()
		}
	}
	if err := s.ApplyInSlices(nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled apply: %v", err)
	}
	st := s.State()
	if !st.Dirty || st.Model != before.Model || st.Snapshot.Table("Photos").Len() != 3000 || st.Load.Running || st.Load.Done != 3000 {
		t.Fatalf("after a cancelled apply: dirty %v, same design %v, %d items, load %+v", st.Dirty, st.Model == before.Model, st.Snapshot.Table("Photos").Len(), st.Load)
	}
	if !strings.Contains(st.Message, "Apply cancelled") {
		t.Errorf("the status says %q", st.Message)
	}

	// A write during the copy: refused, the previous design still runs.
	yields = 0
	s.yield = func() {
		yields++
		if yields == 2 {
			if _, err := s.PutItem("Photos", []byte(`{"PK":{"S":"TENANT#new"},"SK":{"S":"PHOTO#1"}}`)); err != nil {
				t.Error(err)
			}
		}
	}
	if err := s.ApplyInSlices(nil); err == nil || !strings.Contains(err.Error(), "apply it again") {
		t.Fatalf("apply with a write meanwhile: %v", err)
	}
	if st := s.State(); !st.Dirty || st.Snapshot.Table("Photos").Len() != 3001 {
		t.Fatalf("after the refused apply: dirty %v, %d items", st.Dirty, st.Snapshot.Table("Photos").Len())
	}

	// Run to the end: as Apply.
	s.yield = func() {}
	if err := s.ApplyInSlices(nil); err != nil {
		t.Fatal(err)
	}
	st = s.State()
	if st.Dirty || st.Model.Name != "renamed" || st.Snapshot.Table("Photos").Len() != 3001 || st.Load.Running {
		t.Fatalf("after the apply: dirty %v, name %q, %d items, load %+v", st.Dirty, st.Model.Name, st.Snapshot.Table("Photos").Len(), st.Load)
	}
	if !strings.Contains(st.Message, "3001 items kept") {
		t.Errorf("the status says %q", st.Message)
	}
}

// TestStoreLoadReportsProgressAlone: between a load's first report and its
// last, a report carries the new progress and nothing taken again (the
// page paints it without a render: load_paint.go), so the State keeps the
// snapshot of the load's start; the last report, made without the store's
// lock (the page's callback reads the State), holds the loaded tables.
// The same holds for Apply's copy.
func TestStoreLoadReportsProgressAlone(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	s.budget = time.Nanosecond
	s.yield = func() {}
	var reports []*State
	report := func() { reports = append(reports, s.State()) } // s.State locks: a report under the lock hangs
	const total = 20000
	if err := s.LoadDataset(total, 0, report); err != nil {
		t.Fatal(err)
	}
	if len(reports) < 5 {
		t.Fatalf("%d reports: want the start, several slices and the end", len(reports))
	}
	first, last := reports[0], reports[len(reports)-1]
	for i, st := range reports[1 : len(reports)-1] {
		if !st.Load.Running || st.Snapshot != first.Snapshot || st.Load.Done < reports[i].Load.Done {
			t.Fatalf("report %d: running %v, Done %d after %d, the start's snapshot %v: want a running load's count, never less, alone",
				i+1, st.Load.Running, st.Load.Done, reports[i].Load.Done, st.Snapshot == first.Snapshot)
		}
	}
	if last.Load.Running || last.Load.Done != total || last.Snapshot == first.Snapshot || last.Snapshot.Table("Photos").Len() == 0 {
		t.Fatalf("the last report: %+v: want the load ended with its %d items in a new snapshot", last.Load, total)
	}

	reports = nil
	if err := s.Edit(func(m *model.Model) { m.Name = "renamed" }); err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyInSlices(report); err != nil {
		t.Fatal(err)
	}
	if len(reports) < 3 {
		t.Fatalf("%d reports of the apply: want the start, its slices and the end", len(reports))
	}
	first, last = reports[0], reports[len(reports)-1]
	for i, st := range reports[1 : len(reports)-1] {
		if !st.Load.Applying || st.Snapshot != first.Snapshot {
			t.Fatalf("apply report %d: applying %v, the start's snapshot %v: want the copy's progress alone", i+1, st.Load.Applying, st.Snapshot == first.Snapshot)
		}
	}
	if last.Load.Running || last.Model.Name != "renamed" {
		t.Fatalf("the apply's last report: running %v, model %q: want the design applied", last.Load.Running, last.Model.Name)
	}
}

// TestOutlineCountDuringLoad: the outline does not tell the count of the
// snapshot a running load's progress reports keep (that of its start):
// during the load it says the table loads, after it the items loaded.
func TestOutlineCountDuringLoad(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	s.budget = time.Nanosecond
	var during []string
	s.yield = func() {
		if st := s.State(); st.Load.Running && st.Load.Done > 0 {
			during = append(during, outlineCount(st, "Photos"))
		}
	}
	if err := s.LoadDataset(5000, 0, nil); err != nil {
		t.Fatal(err)
	}
	if len(during) == 0 {
		t.Fatal("the load never yielded with items loaded")
	}
	for _, c := range during {
		if c != "loading…" {
			t.Fatalf("the outline reads %q during the load: want it loading", c)
		}
	}
	st := s.State()
	if got, want := outlineCount(st, "Photos"), fmt.Sprintf("%d items", st.Snapshot.Table("Photos").Len()); got != want || want == "0 items" {
		t.Fatalf("after the load the outline reads %q, want %q (not 0)", got, want)
	}
}
