package visualizer

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func init() {
	// -update rewrites the golden files. Other test files of the package
	// may register the same flag; whoever comes first owns it (package
	// variables initialise before init functions, and this file sorts
	// after the others).
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

// ttlFixture is a table of sessions expiring around the clock: some
// expired (awaiting the sweeper), some upcoming, some later than the
// window, and values the sweeper ignores.
func ttlFixture(t testing.TB) *engine.TableSnapshot {
	t.Helper()
	db, _ := collectionsShop(t)
	offsets := []time.Duration{
		-20 * time.Minute, -14*time.Minute - 30*time.Second, -14 * time.Minute, -3 * time.Minute, -1 * time.Second, 0,
		90 * time.Second, 2 * time.Minute, 2 * time.Minute, 5 * time.Minute, 17 * time.Minute, 44*time.Minute + 59*time.Second,
		45 * time.Minute, 3 * time.Hour,
	}
	for i, d := range offsets {
		collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("SESSIONS"), "SK": collectionsS(fmt.Sprintf("S#%02d", i)), "expires": collectionsEpoch(d)})
	}
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("SESSIONS"), "SK": collectionsS("S#frac"), "expires": collectionsN(fmt.Sprint(collectionsNow.Add(10*time.Minute).Unix()) + ".5")})
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("SESSIONS"), "SK": collectionsS("S#huge"), "expires": collectionsN("1e20")})
	return db.Snapshot().Table("Shop")
}

func ttlDeletes() []TTLEvent {
	ev := func(sk string, expired, after time.Duration) TTLEvent {
		at := collectionsNow.Add(expired)
		return TTLEvent{Key: collectionsKey("SESSIONS", sk), PK: "SESSIONS", SK: sk, At: at.Add(after), ExpiredAt: at}
	}
	return []TTLEvent{
		ev("old#1", -3*time.Hour, 10*time.Second), // before the window
		ev("old#2", -25*time.Minute, 12*time.Second),
		ev("old#3", -13*time.Minute, 2*time.Minute),
		ev("old#4", -5*time.Minute, 10*time.Second),
		ev("old#5", -5*time.Minute, 10*time.Second),
		{Key: collectionsKey("SESSIONS", "old#6"), PK: "SESSIONS", SK: "old#6", At: collectionsNow.Add(-time.Minute)}, // expiry unknown
	}
}

func TestTTLTimelineGolden(t *testing.T) {
	ts := ttlFixture(t)
	v := TTLTimeline(ts, TimelineOptions{TTLAttribute: "expires", Now: collectionsNow, Deletes: ttlDeletes(), List: 5})
	formatGoldenJSON(t, "ttl/timeline.json", v)
	formatGoldenText(t, "ttl/timeline.svg", []byte(v.SVG()))

	// A wide window: day labels, everything in view.
	wide := TTLTimeline(ts, TimelineOptions{TTLAttribute: "expires", Now: collectionsNow, Window: 10 * 24 * time.Hour, Buckets: 20})
	formatGoldenText(t, "ttl/wide.svg", []byte(wide.SVG()))
	// TTL off: an empty picture, the deletions still drawn.
	off := TTLTimeline(ts, TimelineOptions{Now: collectionsNow, Deletes: ttlDeletes(), Window: 10 * time.Minute})
	formatGoldenText(t, "ttl/off.svg", []byte(off.SVG()))
	if off.WithTTL != 0 || off.Items != ts.Len() || off.DeletionsInWindow != 1 {
		t.Fatalf("TTL off: %d with TTL, %d items, %d deletions in view", off.WithTTL, off.Items, off.DeletionsInWindow)
	}
}

func TestTTLTimelineCounts(t *testing.T) {
	ts := ttlFixture(t)
	now := collectionsNow
	v := TTLTimeline(ts, TimelineOptions{TTLAttribute: "expires", Now: now})
	if v.Expired+v.Upcoming+v.Later+v.Ignored != v.WithTTL {
		t.Fatalf("%d expired + %d upcoming + %d later + %d ignored != %d with TTL", v.Expired, v.Upcoming, v.Later, v.Ignored, v.WithTTL)
	}
	// Shop: 4 sessions (one expired, one upcoming, two ignored); the
	// fixture: 16 more, "1e20" out of range.
	if v.WithTTL != 20 || v.Ignored != 3 || v.Expired != 7 || v.Later != 2 || v.ExpiredBefore != 1 || v.Upcoming != 8 {
		t.Fatalf("counts: %+v", v)
	}
	sumExpired, sumExpiring := 0, 0
	for _, b := range v.Buckets {
		sumExpired += b.Expired
		sumExpiring += b.Expiring
	}
	if sumExpired != v.Expired-v.ExpiredBefore || sumExpiring != v.Upcoming {
		t.Fatalf("buckets hold %d expired, %d expiring; want %d, %d", sumExpired, sumExpiring, v.Expired-v.ExpiredBefore, v.Upcoming)
	}
	if len(v.Next) != DefaultTimelineList && len(v.Next) != v.Upcoming+v.Later {
		t.Fatalf("%d next", len(v.Next))
	}
	if !slices.IsSortedFunc(v.Next, func(a, b TTLItem) int { return a.At.Compare(b.At) }) ||
		!slices.IsSortedFunc(v.Awaiting, func(a, b TTLItem) int { return a.At.Compare(b.At) }) {
		t.Fatal("lists out of time order")
	}
	for _, x := range v.Next {
		if !x.At.After(now) || !strings.HasPrefix(x.When, "in ") {
			t.Fatalf("next %+v is not upcoming", x)
		}
	}
	for _, x := range v.Awaiting {
		if x.At.After(now) || !strings.HasPrefix(x.When, "expired ") {
			t.Fatalf("awaiting %+v has not expired", x)
		}
	}
	// A short window moves the items out of view, not out of the counts.
	short := TTLTimeline(ts, TimelineOptions{TTLAttribute: "expires", Now: now, Window: 4 * time.Minute})
	if short.Expired != v.Expired || short.ExpiredBefore != 5 || short.Upcoming != 3 {
		t.Fatalf("short window: %d expired, %d before, %d upcoming", short.Expired, short.ExpiredBefore, short.Upcoming)
	}
	// No table, odd options: no panic.
	for _, o := range []TimelineOptions{{}, {TTLAttribute: "expires", Window: -1, Buckets: -1, List: -1}, {TTLAttribute: "x", Window: 1, Buckets: 1000}} {
		_ = TTLTimeline(nil, o).SVG()
		_ = TTLTimeline(ts, o).SVG()
		_ = TTLTimeline(&engine.TableSnapshot{}, o).SVG()
	}
}

// TestTTLTimelineMirrorsSweeper runs the engine's own sweeper: the items
// the view calls expired at T are exactly those deleted by a sweep whose
// cutoff is T (deletion delay d, clock at T+d).
func TestTTLTimelineMirrorsSweeper(t *testing.T) {
	const delay = time.Hour
	clk := engine.NewManualClock(collectionsNow)
	db := engine.New(engine.WithClock(clk), engine.WithTTLDeletionDelay(delay))
	collectionsCreate(t, db, collectionsShopTable())
	name, attrName, on := "Shop", "expires", true
	if _, err := db.UpdateTimeToLive(&engine.UpdateTimeToLiveInput{TableName: &name,
		TimeToLiveSpecification: &engine.TimeToLiveSpecification{AttributeName: &attrName, Enabled: &on}}); err != nil {
		t.Fatal(err)
	}
	values := []attr.Value{
		collectionsEpoch(-time.Minute), collectionsEpoch(time.Minute), collectionsEpoch(0),
		collectionsEpoch(-4 * 365 * 24 * time.Hour), collectionsEpoch(-6 * 365 * 24 * time.Hour),
		collectionsN(fmt.Sprint(collectionsNow.Unix()-30) + ".25"), collectionsN("-100"), collectionsN("1e11"), collectionsN("2e11"),
		collectionsS("0"), attr.Bool(true), attr.NumberSet{attr.MustNumber("1")}, collectionsN("0"),
	}
	for i, v := range values {
		collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("T"), "SK": collectionsS(fmt.Sprint(i)), "expires": v})
	}
	// The first snapshot already sweeps what expired more than the delay
	// ago; the view is compared with the next sweep only.
	before := db.Snapshot().Table("Shop")
	v := TTLTimeline(before, TimelineOptions{TTLAttribute: "expires", Now: collectionsNow, List: 100})
	var want []string
	for _, x := range v.Awaiting {
		want = append(want, x.SK)
	}
	gone := map[string]bool{}
	before.Items(func(it attr.Item) bool {
		gone[string(it["SK"].(attr.String))] = true
		return true
	})
	clk.Advance(delay)
	db.Snapshot().Table("Shop").Items(func(it attr.Item) bool {
		delete(gone, string(it["SK"].(attr.String)))
		return true
	})
	var got []string
	for sk := range gone {
		got = append(got, sk)
	}
	slices.Sort(got)
	slices.Sort(want)
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) == 0 {
		t.Fatalf("sweeper deleted %v; the view expected %v", got, want)
	}
}

// TestTTLTimelineCache moves the clock over one snapshot: the remembered
// TTL index gives what a fresh one gives at every time.
func TestTTLTimelineCache(t *testing.T) {
	ts := ttlFixture(t)
	for d := -time.Hour; d <= time.Hour; d += 7 * time.Minute {
		opts := TimelineOptions{TTLAttribute: "expires", Now: collectionsNow.Add(d), Deletes: ttlDeletes(), Window: 20 * time.Minute}
		cached, _ := json.Marshal(TTLTimeline(ts, opts))
		ttlIndexes.clear()
		fresh, _ := json.Marshal(TTLTimeline(ts, opts))
		if string(cached) != string(fresh) {
			t.Fatalf("at %v the remembered index differs from a fresh one", d)
		}
	}
}

// TestTTLTimelineAgainstDecodedItems checks the lists and counts against
// a plain decode of 2,500 items (more than one chunk of the TTL index).
func TestTTLTimelineAgainstDecodedItems(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	db, _ := collectionsShop(t)
	for i := 0; i < 2500; i++ {
		it := attr.Item{"PK": collectionsS(fmt.Sprintf("P#%d", rng.Intn(300))), "SK": collectionsS(fmt.Sprint(i))}
		if rng.Intn(5) > 0 {
			it["expires"] = collectionsEpoch(time.Duration(rng.Intn(7200)-3600) * time.Second)
		}
		collectionsPut(t, db, "Shop", it)
	}
	ts := db.Snapshot().Table("Shop")
	type exp struct {
		at  time.Time
		key string
	}
	var all []exp
	ts.Items(func(it attr.Item) bool {
		if at, ok := engine.TTLTime(it["expires"]); ok && !at.Before(collectionsNow.Add(-engine.TTLIgnoreAge)) {
			all = append(all, exp{at, ItemKey(it, "PK", "SK")})
		}
		return true
	})
	slices.SortStableFunc(all, func(a, b exp) int { return a.at.Compare(b.at) })
	ttlIndexes.clear()
	v := TTLTimeline(ts, TimelineOptions{TTLAttribute: "expires", Now: collectionsNow, List: 50})
	var expired, upcoming []exp
	for _, e := range all {
		if e.at.After(collectionsNow) {
			upcoming = append(upcoming, e)
		} else {
			expired = append(expired, e)
		}
	}
	if v.Expired != len(expired) || v.Upcoming+v.Later != len(upcoming) {
		t.Fatalf("%d expired, %d upcoming; want %d, %d", v.Expired, v.Upcoming+v.Later, len(expired), len(upcoming))
	}
	check := func(name string, got []TTLItem, want []exp) {
		want = want[:min(50, len(want))]
		if len(got) != len(want) {
			t.Fatalf("%s: %d items, want %d", name, len(got), len(want))
		}
		for i := range got {
			if !got[i].At.Equal(want[i].at) || got[i].Key != want[i].key {
				t.Fatalf("%s %d: %s at %v, want %s at %v", name, i, got[i].Key, got[i].At, want[i].key, want[i].at)
			}
		}
	}
	check("Awaiting", v.Awaiting, expired)
	check("Next", v.Next, upcoming)
}

// TestTTLIndexFrom: an index built from the previous version's (a write
// since: puts, overwrites that change or keep the TTL, TTLs that stop or
// start being usable, deletes) is the index a fresh build gives, order of
// ties included, over many random rounds.
func TestTTLIndexFrom(t *testing.T) {
	db, _ := collectionsShop(t)
	rng := rand.New(rand.NewSource(7))
	value := func() attr.Value {
		switch rng.Intn(8) {
		case 0:
			return nil // no TTL
		case 1:
			return collectionsS("soon") // not a Number
		case 2:
			return collectionsN("1e20") // out of range
		default: // a few distinct times, so that ties are many
			return collectionsEpoch(time.Duration(rng.Intn(6)-2) * time.Minute)
		}
	}
	put := func(i int) {
		it := attr.Item{"PK": collectionsS(fmt.Sprintf("P#%d", i%7)), "SK": collectionsS(fmt.Sprintf("S#%03d", i)), "n": collectionsN(fmt.Sprint(rng.Intn(3)))}
		if v := value(); v != nil {
			it["expires"] = v
		}
		collectionsPut(t, db, "Shop", it)
	}
	for i := 0; i < 300; i++ {
		put(i)
	}
	same := func(a, b *ttlIndex) bool {
		if a.items != b.items || a.withTTL != b.withTTL || a.notNumber != b.notNumber || !slices.Equal(a.at, b.at) {
			return false
		}
		for i := range a.at {
			if a.entry(i).Key() != b.entry(i).Key() {
				return false
			}
		}
		return true
	}
	prev, err := ttlIndexFrom(db.Snapshot().Table("Shop"), "expires", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 40; round++ {
		for w := rng.Intn(30); w >= 0; w-- {
			i := rng.Intn(400)
			if rng.Intn(3) == 0 {
				shop := "Shop"
				if _, err := db.DeleteItem(&engine.DeleteItemInput{TableName: &shop, Key: attr.Item{"PK": collectionsS(fmt.Sprintf("P#%d", i%7)), "SK": collectionsS(fmt.Sprintf("S#%03d", i))}}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			put(i)
		}
		ts := db.Snapshot().Table("Shop")
		got, err := ttlIndexFrom(ts, "expires", prev, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ttlIndexFrom(ts, "expires", nil, nil)
		if !same(got, want) || got.withTTL == 0 {
			t.Fatalf("round %d: the index built from the previous one differs from a fresh one (%d/%d/%d items, %d/%d expiries)",
				round, got.items, got.withTTL, got.notNumber, len(got.at), len(want.at))
		}
		prev = got
	}
	// Steps come every ttlStepEvery entries; a step's error stops the
	// walk, and nothing is remembered.
	ts := db.Snapshot().Table("Shop")
	defer func(n int) { ttlStepEvery = n }(ttlStepEvery)
	ttlStepEvery = 50
	steps := 0
	if _, err := ttlIndexFrom(ts, "expires", nil, func() error { steps++; return nil }); err != nil || steps != ts.Len()/50 {
		t.Fatalf("%d steps over %d items (%v), want one every 50", steps, ts.Len(), err)
	}
	stop := fmt.Errorf("stop")
	ttlIndexes.clear()
	if err := WarmTTL(ts, "expires", func() error { return stop }); err != stop {
		t.Fatalf("a stopped warm-up returned %v", err)
	}
	if _, ok := ttlIndexes.get(ttlIndexKey{"Shop", ts.Version(), "expires"}); ok {
		t.Fatal("a stopped walk was remembered")
	}
}
