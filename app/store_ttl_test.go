package app

import (
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// sessionsDoc is a design made for the test: one table of sessions, with
// or without time to live on expiresAt, whose generator puts 30% of the
// items already expired.
func sessionsDoc(ttl bool) string {
	spec := ""
	if ttl {
		spec = `,"TimeToLiveSpecification":{"AttributeName":"expiresAt","Enabled":true}`
	}
	return `{"version":1,"name":"Sessions test","tables":[{"TableName":"Sessions",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"` + spec + `}],
"entities":[{"name":"Session","table":"Sessions","keys":{"PK":"SESSION#{id}"},
 "attributes":[{"name":"id","type":"S","generator":"seq(6)"},{"name":"expiresAt","type":"N","generator":"ttl(30%,-1d,+7d)"}]}],
"settings":{"startTime":"2026-03-01T12:00:00Z"}}`
}

// expiredAt counts the items of table whose TTL value is at or before now.
func expiredAt(st *State, table, ttl string) (expired, withTTL int) {
	now := st.Now
	st.Snapshot.Table(table).Items(func(it attr.Item) bool {
		if at, ok := engine.TTLTime(it[ttl]); ok {
			withTTL++
			if !at.After(now) {
				expired++
			}
		}
		return true
	})
	return expired, withTTL
}

// TestStoreLoadKeepsExpiredItems: a dataset with 30% of its TTL values
// already past loads every item, and the expired ones stay readable for
// the design's deletion delay (48 h by default), then the sweeper takes
// them, on the clock.
func TestStoreLoadKeepsExpiredItems(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenModel([]byte(sessionsDoc(true))); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(2000, 1, nil); err != nil {
		t.Fatal(err)
	}
	expired, _ := expiredAt(s.State(), "Sessions", "expiresAt")
	if expired < 400 || expired > 800 {
		t.Fatalf("%d of 2000 items expired, want about 30%%", expired)
	}
	s.Advance(time.Minute)
	st := s.State()
	if n := st.Snapshot.Table("Sessions").Len(); n != 2000 || !strings.Contains(st.Message, "Loaded 2000 items") {
		t.Fatalf("after loading 2000 items the table holds %d (%q)", n, st.Message)
	}
	s.Advance(model.DefaultTTLDeletionDelay - 2*time.Minute)
	if n := s.State().Snapshot.Table("Sessions").Len(); n != 2000 {
		t.Fatalf("before the deletion delay has passed the table holds %d of 2000", n)
	}
	s.Advance(time.Minute)
	st = s.State()
	if n := st.Snapshot.Table("Sessions").Len(); n != 2000-expired || len(st.TTLDeletes["Sessions"]) == 0 {
		t.Fatalf("after the delay: %d items, %d were expired at the load, %d TTL deletions shown", n, expired, len(st.TTLDeletes["Sessions"]))
	}
	if n := st.TTLDeleted["Sessions"]; n != expired {
		t.Fatalf("after the delay the sweeper is said to have deleted %d items, it deleted %d", n, expired)
	}
}

// TestStoreCountsEveryTTLDeletion: a sweep that deletes more items than the
// timeline keeps (maxTTLDeletes) and than the live log queues between two
// publications (maxPending) still counts each deletion, and a new load
// starts the count again.
func TestStoreCountsEveryTTLDeletion(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenModel([]byte(sessionsDoc(true))); err != nil {
		t.Fatal(err)
	}
	const size = 20_000
	if err := s.LoadDataset(size, 1, nil); err != nil {
		t.Fatal(err)
	}
	expired, _ := expiredAt(s.State(), "Sessions", "expiresAt")
	if expired <= maxPending {
		t.Fatalf("only %d of %d items expired: the test needs more than %d", expired, size, maxPending)
	}
	s.Advance(model.DefaultTTLDeletionDelay + time.Minute)
	st := s.State()
	left := st.Snapshot.Table("Sessions").Len()
	// The minute past the delay takes the items that expired in the load's
	// first minute too.
	if left > size-expired || left < size-expired-100 {
		t.Fatalf("after the delay %d of %d items are left, %d were expired", left, size, expired)
	}
	if n := st.TTLDeleted["Sessions"]; n != size-left {
		t.Errorf("the sweeper deleted %d items, the count says %d", size-left, n)
	}
	if n := len(st.TTLDeletes["Sessions"]); n == 0 || n > maxTTLDeletes {
		t.Errorf("the timeline keeps %d deletions, want 1 to %d", n, maxTTLDeletes)
	}
	if err := s.LoadDataset(1000, 1, nil); err != nil {
		t.Fatal(err)
	}
	if n := s.State().TTLDeleted["Sessions"]; n != 0 {
		t.Errorf("after a new load the count of TTL deletions is %d, want 0", n)
	}
}

// TestStoreApplyOffersTTLFill: turning TTL on for a loaded design says
// that the kept items have no TTL value and offers to fill it; the fill
// gives every item one by the attribute's generator, and the offer goes.
func TestStoreApplyOffersTTLFill(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenModel([]byte(sessionsDoc(false))); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(1000, 1, nil); err != nil {
		t.Fatal(err)
	}
	// The load filled expiresAt (the entity has it); drop it from the
	// items, as a dataset made before the attribute existed would be.
	st := s.State()
	var items []attr.Item
	st.Snapshot.Table("Sessions").Items(func(it attr.Item) bool { items = append(items, it); return true })
	name := "Sessions"
	for _, it := range items {
		delete(it, "expiresAt")
		if _, err := s.db.PutItem(&engine.PutItemInput{TableName: &name, Item: it}); err != nil {
			t.Fatal(err)
		}
	}
	if f := s.State().TTLFill; len(f) != 0 {
		t.Fatalf("an offer before TTL is on: %+v", f)
	}
	if err := s.Edit(func(m *model.Model) {
		m.Tables[0].TimeToLiveSpecification = &model.TimeToLive{AttributeName: "expiresAt", Enabled: true}
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(); err != nil {
		t.Fatal(err)
	}
	st = s.State()
	want := TTLFill{Table: "Sessions", Attribute: "expiresAt", Missing: 1000}
	if len(st.TTLFill) != 1 || st.TTLFill[0] != want || !strings.Contains(st.Message, "1000 items of Sessions have no expiresAt") {
		t.Fatalf("after Apply: offers %+v, message %q", st.TTLFill, st.Message)
	}
	n, err := s.FillTTL("Sessions")
	if err != nil || n != 1000 {
		t.Fatalf("FillTTL: %d, %v", n, err)
	}
	st = s.State()
	expired, with := expiredAt(st, "Sessions", "expiresAt")
	if with != 1000 || expired < 200 || expired > 400 || len(st.TTLFill) != 0 {
		t.Fatalf("after the fill: %d with a TTL, %d expired (the generator's 30%%), offers %+v", with, expired, st.TTLFill)
	}
	// Applying again with the same TTL attribute offers nothing.
	if err := s.Edit(func(m *model.Model) { m.Name = "renamed" }); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(); err != nil {
		t.Fatal(err)
	}
	if f := s.State().TTLFill; len(f) != 0 {
		t.Fatalf("an offer after an Apply that did not change TTL: %+v", f)
	}
	// A table without TTL is refused, DynamoDB-shaped, nothing changed.
	if _, err := s.FillTTL("Nope"); err == nil {
		t.Fatal("FillTTL of a table with no TTL succeeded")
	}
}
