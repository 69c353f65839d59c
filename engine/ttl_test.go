package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// enableTTL turns TTL on for table over attribute "exp".
func enableTTL(t testing.TB, db *Database, table string) {
	t.Helper()
	if _, err := db.UpdateTimeToLive(&UpdateTimeToLiveInput{TableName: ptr(table),
		TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: ptr("exp"), Enabled: ptr(true)}}); err != nil {
		t.Fatal(err)
	}
}

// present reports whether table holds the item id (a strongly consistent
// GetItem: what a reader sees).
func present(t testing.TB, db *Database, table, id string) bool {
	t.Helper()
	out, err := db.GetItem(&GetItemInput{TableName: ptr(table), Key: attr.Item{"id": s(id)}, ConsistentRead: ptr(true)})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item != nil
}

// TestTTLWrittenExpiredWaitsTheDelay: an item written with a TTL already
// in the past is not deleted at the next sweep, as it was when the delay
// ran from the expiry: DynamoDB's sweeper has to find it first, so it stays
// readable (GetItem, Scan) for the whole delay after its write, then goes.
func TestTTLWrittenExpiredWaitsTheDelay(t *testing.T) {
	clk := NewManualClock(epoch0)
	delay := 48 * time.Hour
	db := New(WithClock(clk), WithTTLDeletionDelay(delay))
	mustCreate(t, db, hashTable("Sessions"))
	enableTTL(t, db, "Sessions")
	past := epoch0.Add(-72 * time.Hour).Unix() // expired three days before the write
	for i := range 10 {
		mustPut(t, db, "Sessions", attr.Item{"id": s(fmt.Sprint(i)), "exp": attr.NumberFromInt64(past)})
	}
	clk.Advance(time.Second)
	db.Tick()
	out, err := db.Scan(&ScanInput{TableName: ptr("Sessions"), Select: "COUNT"})
	if err != nil || out.Count != 10 {
		t.Fatalf("a second after loading 10 expired items the table holds %d (%v), want all 10", out.Count, err)
	}
	clk.Set(epoch0.Add(delay - time.Second))
	db.Tick()
	if !present(t, db, "Sessions", "3") {
		t.Fatal("deleted before the delay had passed since its write")
	}
	clk.Set(epoch0.Add(delay))
	db.Tick()
	for i := range 10 {
		if present(t, db, "Sessions", fmt.Sprint(i)) {
			t.Fatalf("item %d still there when the delay since its write has passed", i)
		}
	}
}

// TestTTLEnableStartsTheWait: items already expired when TTL is turned on
// wait the delay from that moment.
func TestTTLEnableStartsTheWait(t *testing.T) {
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk), WithTTLDeletionDelay(time.Hour))
	mustCreate(t, db, hashTable("Sessions"))
	mustPut(t, db, "Sessions", attr.Item{"id": s("a"), "exp": attr.NumberFromInt64(epoch0.Add(-24 * time.Hour).Unix())})
	clk.Advance(10 * time.Hour)
	enableTTL(t, db, "Sessions")
	clk.Advance(59 * time.Minute)
	db.Tick()
	if !present(t, db, "Sessions", "a") {
		t.Fatal("deleted less than the delay after TTL was turned on")
	}
	clk.Advance(time.Minute)
	db.Tick()
	if present(t, db, "Sessions", "a") {
		t.Fatal("not deleted the delay after TTL was turned on")
	}
}

// TestTTLSweeperModel drives random writes (TTL values before and after
// the clock, rewrites with the same or another value, removals of the
// attribute, deletes) and random clock steps, and checks after each step
// that the table holds exactly the items a model of the rule keeps: an
// item with a Number TTL exp, last seen with that value from seen on, is
// gone once now >= max(exp, seen) + delay.
func TestTTLSweeperModel(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 26))
			clk := NewManualClock(epoch0)
			delay := time.Duration(r.IntN(5)) * 30 * time.Minute // 0 included
			db := New(WithClock(clk), WithTTLDeletionDelay(delay))
			mustCreate(t, db, hashTable("Sessions"))
			enableTTL(t, db, "Sessions")
			type want struct {
				exp, start time.Time // start: when the delay starts
				ttl        bool
			}
			live := map[string]want{}
			for step := range 200 {
				now := clk.Now()
				id := fmt.Sprint(r.IntN(30))
				switch op := r.IntN(10); {
				case op < 6:
					exp := now.Add(time.Duration(r.IntN(8)-4) * time.Hour).Truncate(time.Second)
					if old, ok := live[id]; ok && old.ttl && r.IntN(2) == 0 {
						exp = old.exp // the same value again: the wait goes on
					}
					mustPut(t, db, "Sessions", attr.Item{"id": s(id), "exp": attr.NumberFromInt64(exp.Unix())})
					w := want{exp: exp, start: now, ttl: true}
					if old, ok := live[id]; ok && old.ttl && old.exp.Equal(exp) {
						w.start = old.start
					} else if exp.After(now) {
						w.start = exp
					}
					live[id] = w
				case op < 7:
					mustPut(t, db, "Sessions", attr.Item{"id": s(id)}) // no TTL: never expires
					live[id] = want{}
				case op < 8:
					if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Sessions"), Key: attr.Item{"id": s(id)}}); err != nil {
						t.Fatal(err)
					}
					delete(live, id)
				default:
					clk.Advance(time.Duration(r.IntN(120)) * time.Minute)
				}
				db.Tick()
				db.mu.RLock()
				checkTTLIndex(t, "Sessions", db.tables["Sessions"], db.tables["Sessions"].ttl)
				db.mu.RUnlock()
				now = clk.Now()
				for id, w := range live {
					if w.ttl && !now.Before(w.start.Add(delay)) {
						delete(live, id)
					}
				}
				out, err := db.Scan(&ScanInput{TableName: ptr("Sessions")})
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]bool{}
				for _, it := range out.Items {
					got[string(it["id"].(attr.String))] = true
				}
				for id := range live {
					if !got[id] {
						t.Fatalf("step %d (delay %v): %s deleted early (want %+v, now %v)", step, delay, id, live[id], now)
					}
				}
				for id := range got {
					if _, ok := live[id]; !ok {
						t.Fatalf("step %d (delay %v): %s still there, its delay has passed", step, delay, id)
					}
				}
			}
			checkInvariants(t, db)
		})
	}
}
