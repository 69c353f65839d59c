package visualizer

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

func TestIndexMembershipGolden(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	cases := []struct {
		name, index string
		opts        MembershipOptions
	}{
		// Sparse: only open and draft orders carry GSI1 keys, and the draft
		// lacks its sort key.
		{"gsi", "GSI1", MembershipOptions{EntityOf: collectionsEntity}},
		{"gsi_window", "GSI1", MembershipOptions{Offset: 3, Limit: 2}},
		// An LSI excludes only the items without its sort key.
		{"lsi", "ByDate", MembershipOptions{EntityOf: collectionsEntity, Limit: 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := IndexMembership(ts, c.index, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			formatGoldenJSON(t, "index/"+c.name+".json", v)
		})
	}
}

// TestIndexMembershipBackfill adds a GSI to a loaded table: its backfill
// skips the items whose key values it cannot hold, which writes to an
// active index would have refused, and the view says why for each.
func TestIndexMembershipBackfill(t *testing.T) {
	clk := engine.NewManualClock(collectionsNow)
	db := engine.New(engine.WithClock(clk), engine.WithIndexBackfillTime(time.Hour))
	collectionsCreate(t, db, collectionsReadingsTable())
	items := []attr.Item{
		{"sensor": collectionsN("1"), "at": attr.Binary{1}, "rank": collectionsN("3"), "team": collectionsS("red")},
		{"sensor": collectionsN("2"), "at": attr.Binary{1}, "rank": collectionsS("3"), "team": collectionsS("red")},
		{"sensor": collectionsN("3"), "at": attr.Binary{1}, "rank": collectionsN("1"), "team": collectionsS("")},
		{"sensor": collectionsN("4"), "at": attr.Binary{1}, "rank": collectionsN("2"), "team": collectionsS(strings.Repeat("t", 2049))},
		// (A set or map under a key name would be the interesting case, but
		// the engine's backfill cannot take one yet.)
		{"sensor": collectionsN("5"), "at": attr.Binary{1}, "team": collectionsN("5")},
		{"sensor": collectionsN("6"), "at": attr.Binary{1}},
	}
	for _, it := range items {
		collectionsPut(t, db, "Readings", it)
	}
	name := "Readings"
	_, err := db.UpdateTable(&engine.UpdateTableInput{
		TableName: &name,
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "team", AttributeType: schema.TypeS}, {AttributeName: "rank", AttributeType: schema.TypeN}},
		GlobalSecondaryIndexUpdates: []engine.GlobalSecondaryIndexUpdate{{Create: &schema.GlobalSecondaryIndex{
			IndexName:  "ByTeam",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "team", KeyType: schema.KeyTypeHash}, {AttributeName: "rank", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Past resource allocation (the first half of the backfill time): the
	// index backfills.
	clk.Advance(30 * time.Minute)
	db.Tick()
	v, err := IndexMembership(db.Snapshot().Table("Readings"), "ByTeam", MembershipOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if v.In != 1 || v.Out != 5 || v.Pending != 0 || v.TableItems != 6 {
		t.Fatalf("in %d out %d pending %d of %d", v.In, v.Out, v.Pending, v.TableItems)
	}
	formatGoldenJSON(t, "index/backfill.json", v)
}

// TestIndexMembershipPending watches a GSI lag its table: items written
// but not yet propagated are neither in nor out.
func TestIndexMembershipPending(t *testing.T) {
	clk := engine.NewManualClock(collectionsNow)
	db := engine.New(engine.WithClock(clk), engine.WithGSIPropagationDelay(time.Second))
	collectionsCreate(t, db, collectionsShopTable())
	for i := 0; i < 5; i++ {
		collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS(fmt.Sprint(i)), "SK": collectionsS("x"),
			"GSI1PK": collectionsS("g"), "GSI1SK": collectionsS(fmt.Sprint(i))})
	}
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("none"), "SK": collectionsS("x")})
	v, err := IndexMembership(db.Snapshot().Table("Shop"), "GSI1", MembershipOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if v.In != 0 || v.Out != 1 || v.Pending != 5 {
		t.Fatalf("before propagation: in %d out %d pending %d", v.In, v.Out, v.Pending)
	}
	clk.Advance(2 * time.Second)
	v, _ = IndexMembership(db.Snapshot().Table("Shop"), "GSI1", MembershipOptions{})
	if v.In != 5 || v.Out != 1 || v.Pending != 0 {
		t.Fatalf("after propagation: in %d out %d pending %d", v.In, v.Out, v.Pending)
	}
}

func TestIndexMembershipErrors(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	for _, c := range []struct {
		ts    *engine.TableSnapshot
		index string
	}{{nil, "GSI1"}, {ts, ""}, {ts, "Nope"}, {&engine.TableSnapshot{}, "GSI1"}} {
		if _, err := IndexMembership(c.ts, c.index, MembershipOptions{}); err == nil {
			t.Errorf("IndexMembership(%q) gave no error", c.index)
		}
	}
	v, err := IndexMembership(ts, "GSI1", MembershipOptions{Offset: -3, Limit: -1})
	if err != nil || v.Offset != 0 || v.Limit != DefaultExcludedLimit || len(v.Excluded) != v.Out {
		t.Fatalf("odd window: %v, %d/%d, %d listed of %d", err, v.Offset, v.Limit, len(v.Excluded), v.Out)
	}
}

func TestIndexReason(t *testing.T) {
	names := []string{"A", "B", "C"}
	types := []attr.Type{attr.TypeS, attr.TypeN, attr.TypeB}
	hash := []bool{true, false, false}
	s := func(v string) engine.AttrInfo { return engine.AttrInfo{Type: attr.TypeS, Text: v} }
	n := engine.AttrInfo{Type: attr.TypeN, Text: "1"}
	b := func(size int) engine.AttrInfo {
		return engine.AttrInfo{Type: attr.TypeB, Text: strings.Repeat("x", size)}
	}
	var none engine.AttrInfo
	cases := []struct {
		vals []engine.AttrInfo
		want string
	}{
		{[]engine.AttrInfo{s("a"), n, b(1)}, ""},
		{[]engine.AttrInfo{none, n, b(1)}, "no A attribute"},
		{[]engine.AttrInfo{none, none, b(1)}, "no A or B attribute"},
		{[]engine.AttrInfo{none, none, none}, "no A, B or C attribute"},
		{[]engine.AttrInfo{n, n, b(1)}, "A is N, the index key type is S"},
		{[]engine.AttrInfo{{Type: attr.TypeSS}, n, b(1)}, "A is SS, the index key type is S"},
		{[]engine.AttrInfo{s("a"), n, b(0)}, "C is empty"},
		{[]engine.AttrInfo{s(strings.Repeat("a", 2049)), n, b(1)}, "A is longer than the 2048-byte partition key limit"},
		{[]engine.AttrInfo{s("a"), n, b(1025)}, "C is longer than the 1024-byte sort key limit"},
	}
	for _, c := range cases {
		if got := indexReason(names, types, hash, c.vals); got != c.want {
			t.Errorf("indexReason(%v) = %q, want %q", c.vals, got, c.want)
		}
	}
}

// TestIndexMembershipCache: a remembered walk gives what a fresh one
// gives, window by window.
func TestIndexMembershipCache(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	for off := 0; off < 12; off += 4 {
		opts := MembershipOptions{EntityOf: collectionsEntity, Offset: off, Limit: 4}
		first, _ := IndexMembership(ts, "GSI1", opts)
		again, _ := IndexMembership(ts, "GSI1", opts)
		indexWalks.clear()
		fresh, _ := IndexMembership(ts, "GSI1", opts)
		a, _ := json.Marshal(first)
		b, _ := json.Marshal(again)
		c, _ := json.Marshal(fresh)
		if string(a) != string(b) || string(b) != string(c) || len(fresh.Excluded) != min(4, fresh.Out-off) {
			t.Fatalf("offset %d: cached and fresh views differ", off)
		}
	}
}

// TestWarmIndexMembership: a warmed walk is the one IndexMembership of the
// next snapshot of the same items uses (the Indexes tab's render after its
// job, and at every clock tick, walks nothing), a step's error stops the
// walk with nothing remembered, and a write makes a new walk.
func TestWarmIndexMembership(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	l, err := collectionsLayoutOf(ts.Description, "GSI1")
	if err != nil {
		t.Fatal(err)
	}
	opts := MembershipOptions{Limit: 3}
	key := func(ts *engine.TableSnapshot) indexWalkKey {
		return indexWalkKey{table: "Shop", version: ts.Version(), index: "GSI1", keys: indexStateOf(ts, l).keys, limit: 3}
	}
	// More items than a step's worth, so that the walk steps.
	for i := range 2 * indexWarmEvery {
		collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS(fmt.Sprintf("BULK#%d", i)), "SK": collectionsS("A")})
	}
	ts = db.Snapshot().Table("Shop")
	indexWalks.clear()
	stop := errors.New("cancelled")
	if err := WarmIndexMembership(ts, "GSI1", opts, func() error { return stop }); err != stop {
		t.Fatalf("a stopped warm-up returned %v", err)
	}
	if _, ok := indexWalks.get(key(ts)); ok {
		t.Fatal("a stopped walk is remembered")
	}
	steps := 0
	if err := WarmIndexMembership(ts, "GSI1", opts, func() error { steps++; return nil }); err != nil {
		t.Fatal(err)
	}
	warm, ok := indexWalks.get(key(ts))
	if !ok || steps < 2 || steps > warm.tableItems/indexWarmEvery+1 {
		t.Fatalf("warm-up: remembered %v after %d steps over %d items", ok, steps, warm.tableItems)
	}
	again := db.Snapshot().Table("Shop")
	if again == ts || again.Version() != ts.Version() {
		t.Fatal("the test needs two snapshots of the same items")
	}
	if w, err := indexWalkOf(again, l, 0, 3, nil); err != nil || w != warm {
		t.Fatalf("the next snapshot of the same items walked again (%v)", err)
	}
	v, err := IndexMembership(again, "GSI1", opts)
	if err != nil || v.Out != warm.out || v.TableItems != ts.Len() || v.In+v.Out != v.TableItems {
		t.Fatalf("IndexMembership after a warm-up: in %d, out %d of %d (%v)", v.In, v.Out, v.TableItems, err)
	}
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("NEW"), "SK": collectionsS("A"), "GSI1PK": collectionsS("X"), "GSI1SK": collectionsS("Y")})
	later, _ := IndexMembership(db.Snapshot().Table("Shop"), "GSI1", opts)
	if later.In != v.In+1 || later.Out != v.Out {
		t.Fatalf("after a write into the index: in %d, out %d; before in %d, out %d", later.In, later.Out, v.In, v.Out)
	}
}
