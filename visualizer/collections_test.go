package visualizer

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// collectionsNow is the virtual clock of every fixture.
var collectionsNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func collectionsS(v string) attr.Value { return attr.String(v) }
func collectionsN(v string) attr.Value { return attr.MustNumber(v) }

// collectionsEpoch is a TTL value d from the fixtures' clock.
func collectionsEpoch(d time.Duration) attr.Value {
	return attr.NumberFromInt64(collectionsNow.Add(d).Unix())
}

func collectionsPut(t testing.TB, db *engine.Database, table string, it attr.Item) {
	t.Helper()
	if _, err := db.PutItem(&engine.PutItemInput{TableName: &table, Item: it}); err != nil {
		t.Fatalf("PutItem %v: %v", it, err)
	}
}

func collectionsCreate(t testing.TB, db *engine.Database, in *engine.CreateTableInput) {
	t.Helper()
	if _, err := db.CreateTable(in); err != nil {
		t.Fatalf("CreateTable %s: %v", in.TableName, err)
	}
}

// collectionsShopTable is a single-table design: customers with orders,
// order items and sessions, a sparse GSI of open orders (INCLUDE status)
// and a KEYS_ONLY LSI by date.
func collectionsShopTable() *engine.CreateTableInput {
	return &engine.CreateTableInput{
		TableName: "Shop",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "PK", AttributeType: schema.TypeS},
			{AttributeName: "SK", AttributeType: schema.TypeS},
			{AttributeName: "GSI1PK", AttributeType: schema.TypeS},
			{AttributeName: "GSI1SK", AttributeType: schema.TypeS},
			{AttributeName: "Date", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{{AttributeName: "PK", KeyType: schema.KeyTypeHash}, {AttributeName: "SK", KeyType: schema.KeyTypeRange}},
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
			IndexName:  "GSI1",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "GSI1PK", KeyType: schema.KeyTypeHash}, {AttributeName: "GSI1SK", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"status"}},
		}},
		LocalSecondaryIndexes: []schema.LocalSecondaryIndex{{
			IndexName:  "ByDate",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "PK", KeyType: schema.KeyTypeHash}, {AttributeName: "Date", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly},
		}},
		BillingMode: schema.BillingPayPerRequest,
	}
}

// collectionsShopItems are the fixture's items: a '#' hierarchy of orders
// and order items, sparse GSI keys, TTLs expired, upcoming, ignored.
func collectionsShopItems() []attr.Item {
	return []attr.Item{
		{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("PROFILE"), "name": collectionsS("Alice"), "email": collectionsS("alice@example.com")},
		{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("ORDER#2025#001"), "total": collectionsN("42.50"), "status": collectionsS("open"),
			"GSI1PK": collectionsS("STATUS#open"), "GSI1SK": collectionsS("2025-01-03"), "Date": collectionsS("2025-01-03")},
		{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("ORDER#2025#001#ITEM#1"), "qty": collectionsN("2"), "sku": collectionsS("pen")},
		{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("ORDER#2025#001#ITEM#2"), "qty": collectionsN("1"), "sku": collectionsS("ink")},
		{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("ORDER#2025#002"), "total": collectionsN("7"), "status": collectionsS("draft"),
			"GSI1PK": collectionsS("STATUS#draft"), "Date": collectionsS("2025-02-11")},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("PROFILE"), "name": collectionsS("Bob")},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("ORDER#2024#007"), "total": collectionsN("-3.25"), "status": collectionsS("open"),
			"GSI1PK": collectionsS("STATUS#open"), "GSI1SK": collectionsS("2024-12-24"), "Date": collectionsS("2024-12-24")},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("SESSION#expired"), "expires": collectionsEpoch(-10 * time.Minute)},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("SESSION#soon"), "expires": collectionsEpoch(3*time.Minute + 20*time.Second)},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("SESSION#text"), "expires": collectionsS("1767225600")},
		{"PK": collectionsS("CUSTOMER#bob"), "SK": collectionsS("SESSION#ancient"), "expires": collectionsEpoch(-6 * 365 * 24 * time.Hour)},
		{"PK": collectionsS("CUSTOMER#carol"), "SK": collectionsS("PROFILE"), "name": collectionsS("Carol"),
			"tags":   attr.StringSet{"vip", "west"},
			"scores": attr.NumberSet{attr.MustNumber("1.5"), attr.MustNumber("10")},
			"avatar": attr.Binary([]byte{0xde, 0xad, 0xbe, 0xef}),
			"prefs":  attr.Map{"lang": collectionsS("en"), "dark": attr.Bool(true), "n": attr.Null{}},
			"history": attr.List{collectionsS("a long entry number one"), collectionsS("a long entry number two"),
				collectionsS("a long entry number three"), collectionsN("4")},
			"active": attr.Bool(false), "nothing": attr.Null{},
			"bio": collectionsS(strings.Repeat("é", 70))},
	}
}

// collectionsShop loads the fixture into a fresh engine on a manual clock.
func collectionsShop(t testing.TB) (*engine.Database, *engine.ManualClock) {
	t.Helper()
	clk := engine.NewManualClock(collectionsNow)
	db := engine.New(engine.WithClock(clk))
	collectionsCreate(t, db, collectionsShopTable())
	for _, it := range collectionsShopItems() {
		collectionsPut(t, db, "Shop", it)
	}
	return db, clk
}

// collectionsEntity recognises the fixture's entities by sort key.
func collectionsEntity(it attr.Item) string {
	sk, _ := it["SK"].(attr.String)
	switch s := string(sk); {
	case s == "PROFILE":
		return "Customer"
	case strings.Contains(s, "#ITEM#"):
		return "OrderItem"
	case strings.HasPrefix(s, "ORDER#"):
		return "Order"
	case strings.HasPrefix(s, "SESSION#"):
		return "Session"
	}
	return ""
}

func collectionsKey(pk, sk string) string {
	return ItemKey(attr.Item{"PK": collectionsS(pk), "SK": collectionsS(sk)}, "PK", "SK")
}

func TestCollectionsGolden(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	base := CollectionsOptions{EntityOf: collectionsEntity, TTLAttribute: "expires", Now: collectionsNow}
	with := func(f func(o *CollectionsOptions)) CollectionsOptions {
		o := base
		f(&o)
		return o
	}
	cases := []struct {
		name string
		opts CollectionsOptions
	}{
		{"table", with(func(o *CollectionsOptions) {
			o.Marks = map[string]Mark{
				collectionsKey("CUSTOMER#alice", "ORDER#2025#002"): {Kind: MarkPut, Seq: 7},
				collectionsKey("CUSTOMER#bob", "PROFILE"):          {Kind: MarkUpdate, Seq: 8},
			}
		})},
		// The second collection only, two rows of it; a mark on a hidden
		// row still flags the collection.
		{"window", with(func(o *CollectionsOptions) {
			o.Offset, o.Limit, o.MaxRows = 1, 1, 2
			o.Marks = map[string]Mark{collectionsKey("CUSTOMER#alice", "ORDER#2025#002"): {Kind: MarkUpdate, Seq: 3}}
		})},
		{"ghosts", with(func(o *CollectionsOptions) {
			o.Ghosts = []attr.Item{
				// Deleted from a live collection: between two live rows.
				{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("ORDER#2025#001#ITEM#1a"), "qty": collectionsN("9")},
				// The only item of its collection: a ghost-only collection.
				{"PK": collectionsS("CUSTOMER#dave"), "SK": collectionsS("PROFILE"), "name": collectionsS("Dave")},
				// Deleted, then put again: the live row stands.
				{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("PROFILE"), "name": collectionsS("Old Alice")},
				// No place in the table: left out.
				{"PK": collectionsS("CUSTOMER#erin")},
				{"PK": collectionsN("1"), "SK": collectionsS("x")},
			}
			o.Marks = map[string]Mark{collectionsKey("CUSTOMER#dave", "PROFILE"): {Kind: MarkDelete, Seq: 12}}
		})},
		{"gsi", with(func(o *CollectionsOptions) {
			o.Index = "GSI1"
			o.Ghosts = []attr.Item{{"PK": collectionsS("CUSTOMER#zoe"), "SK": collectionsS("ORDER#2026#001"), "status": collectionsS("open"),
				"GSI1PK": collectionsS("STATUS#open"), "GSI1SK": collectionsS("2025-06-01"), "total": collectionsN("1")}}
			o.Marks = map[string]Mark{collectionsKey("CUSTOMER#bob", "ORDER#2024#007"): {Kind: MarkIndexIn, Seq: 1}}
		})},
		{"lsi", with(func(o *CollectionsOptions) { o.Index = "ByDate" })},
		{"partition_key", with(func(o *CollectionsOptions) { o.PartitionKey = "CUSTOMER#bob" })},
		{"partition_key_missing", with(func(o *CollectionsOptions) { o.PartitionKey = "CUSTOMER#nobody" })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := Collections(ts, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			formatGoldenJSON(t, "collections/"+c.name+".json", v)
		})
	}
}

// collectionsReadingsTable has a Number partition key and a Binary sort
// key, and a GSI whose partition key spans two attributes.
func collectionsReadingsTable() *engine.CreateTableInput {
	return &engine.CreateTableInput{
		TableName: "Readings",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "sensor", AttributeType: schema.TypeN},
			{AttributeName: "at", AttributeType: schema.TypeB},
			{AttributeName: "site", AttributeType: schema.TypeS},
			{AttributeName: "floor", AttributeType: schema.TypeN},
			{AttributeName: "kind", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{{AttributeName: "sensor", KeyType: schema.KeyTypeHash}, {AttributeName: "at", KeyType: schema.KeyTypeRange}},
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
			IndexName: "BySiteFloor",
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: "site", KeyType: schema.KeyTypeHash}, {AttributeName: "floor", KeyType: schema.KeyTypeHash},
				{AttributeName: "kind", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		}},
		BillingMode: schema.BillingPayPerRequest,
	}
}

func collectionsReadings(t testing.TB) *engine.TableSnapshot {
	t.Helper()
	db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
	collectionsCreate(t, db, collectionsReadingsTable())
	for i, sensor := range []string{"7.5", "-2", "0", "7.5", "1e3"} {
		it := attr.Item{"sensor": collectionsN(sensor), "at": attr.Binary([]byte{0, byte(i), 0xff}), "value": collectionsN(fmt.Sprint(i * 10))}
		if i%2 == 0 {
			it["site"], it["floor"], it["kind"] = collectionsS("hq"), collectionsN(fmt.Sprint(i)), collectionsS("temp")
		}
		collectionsPut(t, db, "Readings", it)
	}
	return db.Snapshot().Table("Readings")
}

func TestCollectionsKeyTypesGolden(t *testing.T) {
	ts := collectionsReadings(t)
	cases := []struct {
		name string
		opts CollectionsOptions
	}{
		{"numbers", CollectionsOptions{}},
		// A number typed in another form finds its collection.
		{"numbers_pk", CollectionsOptions{PartitionKey: "7.50"}},
		{"multi_attribute", CollectionsOptions{Index: "BySiteFloor"}},
		{"multi_attribute_pk", CollectionsOptions{Index: "BySiteFloor", PartitionKey: "hq, 4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := Collections(ts, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			formatGoldenJSON(t, "collections/"+c.name+".json", v)
		})
	}
}

// TestCollectionsAgainstDecodedItems checks the key-level totals, the
// windows and the row order against a plain decode of every item, on
// random data.
func TestCollectionsAgainstDecodedItems(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	db, _ := collectionsShop(t)
	for i := 0; i < 400; i++ {
		it := attr.Item{"PK": collectionsS(fmt.Sprintf("P#%d", rng.Intn(40))), "SK": collectionsS(fmt.Sprintf("S#%d#%d", rng.Intn(5), rng.Intn(50))), "pad": collectionsS(strings.Repeat("x", rng.Intn(100)))}
		if rng.Intn(2) == 0 {
			it["GSI1PK"], it["GSI1SK"] = collectionsS(fmt.Sprintf("G#%d", rng.Intn(7))), collectionsS(fmt.Sprint(rng.Intn(9)))
		}
		collectionsPut(t, db, "Shop", it)
	}
	ts := db.Snapshot().Table("Shop")
	for _, index := range []string{"", "GSI1", "ByDate"} {
		// The brute-force grouping: consecutive entries with equal
		// partition key values.
		hashName := "PK"
		if index == "GSI1" {
			hashName = "GSI1PK"
		}
		var pks []string
		var counts, sizes []int
		var keys [][]string
		visit := func(it attr.Item) bool {
			pk := FormatValue(it[hashName])
			if len(pks) == 0 || pks[len(pks)-1] != pk {
				pks, counts, sizes, keys = append(pks, pk), append(counts, 0), append(sizes, 0), append(keys, nil)
			}
			n := len(pks) - 1
			counts[n]++
			sizes[n] += attr.ItemSize(it)
			keys[n] = append(keys[n], ItemKey(it, "PK", "SK"))
			return true
		}
		if index == "" {
			ts.Items(visit)
		} else {
			ts.IndexItems(index, visit)
		}
		largest := 0
		for _, s := range sizes {
			largest = max(largest, s)
		}
		var got []Collection
		for off := 0; ; off += 7 {
			v, err := Collections(ts, CollectionsOptions{Index: index, Offset: off, Limit: 7, MaxRows: 3})
			if err != nil {
				t.Fatal(err)
			}
			if v.TotalCollections != len(pks) || v.LargestSize != largest || v.Matching != len(pks) {
				t.Fatalf("index %q: %d collections, largest %d; want %d, %d", index, v.TotalCollections, v.LargestSize, len(pks), largest)
			}
			if len(v.Collections) == 0 {
				break
			}
			got = append(got, v.Collections...)
		}
		if len(got) != len(pks) {
			t.Fatalf("index %q: windows hold %d collections, want %d", index, len(got), len(pks))
		}
		for i, c := range got {
			if c.PK != pks[i] || c.Items != counts[i] || c.Size != sizes[i] || c.Hidden != counts[i]-len(c.Rows) || len(c.Rows) != min(3, counts[i]) {
				t.Fatalf("index %q collection %d: %s %d items %d bytes %d hidden, want %s %d %d", index, i, c.PK, c.Items, c.Size, c.Hidden, pks[i], counts[i], sizes[i])
			}
			for j, r := range c.Rows {
				if r.Key != keys[i][j] || r.Size != attr.ItemSize(r.Item) {
					t.Fatalf("index %q collection %d row %d: key %s, want %s", index, i, j, r.Key, keys[i][j])
				}
			}
		}
		// A mark on the last item of every collection: only those with
		// hidden rows find it past the shown ones.
		marks := map[string]Mark{}
		for _, k := range keys {
			marks[k[len(k)-1]] = Mark{Kind: MarkUpdate}
		}
		v, err := Collections(ts, CollectionsOptions{Index: index, Limit: len(pks), MaxRows: 1, Marks: marks})
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range v.Collections {
			if !c.Marked {
				t.Fatalf("index %q collection %d (%d items) is not marked", index, i, counts[i])
			}
		}
		v, _ = Collections(ts, CollectionsOptions{Index: index, Limit: len(pks), MaxRows: 1})
		for i, c := range v.Collections {
			if c.Marked {
				t.Fatalf("index %q collection %d is marked without marks", index, i)
			}
		}
	}
}

func TestCollectionsSegments(t *testing.T) {
	db, _ := collectionsShop(t)
	v, err := Collections(db.Snapshot().Table("Shop"), CollectionsOptions{PartitionKey: "CUSTOMER#alice"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range v.Collections[0].Rows {
		var b strings.Builder
		for i, s := range r.SKSegments {
			if i > 0 {
				b.WriteByte('#')
			}
			if s.Shared {
				b.WriteString("(" + s.Text + ")")
			} else {
				b.WriteString(s.Text)
			}
		}
		got = append(got, b.String())
	}
	want := []string{"ORDER#2025#001", "(ORDER)#(2025)#(001)#ITEM#1", "(ORDER)#(2025)#(001)#(ITEM)#2", "(ORDER)#(2025)#002", "PROFILE"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("segments\n got %q\nwant %q", got, want)
	}
}

func TestCollectionsBadInput(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	if _, err := Collections(nil, CollectionsOptions{}); err == nil {
		t.Fatal("no error for a nil table")
	}
	if _, err := Collections(&engine.TableSnapshot{}, CollectionsOptions{}); err == nil {
		t.Fatal("no error for a table without a description")
	}
	if _, err := Collections(ts, CollectionsOptions{Index: "Nope"}); err == nil || !strings.Contains(err.Error(), "no index Nope") {
		t.Fatalf("unknown index: %v", err)
	}
	odd := []CollectionsOptions{
		{Offset: -5, Limit: -1, MaxRows: -1},
		{Offset: 1 << 40},
		{PartitionKey: "x", Index: "GSI1"},
		{Marks: map[string]Mark{"!!not base32": {Kind: MarkPut}, "": {Kind: MarkDelete}}},
		{Ghosts: []attr.Item{nil, {}, {"PK": attr.List{}, "SK": attr.Map{}}, {"PK": collectionsS(""), "SK": collectionsS("")}}, Index: "ByDate"},
		{TTLAttribute: "name", Now: time.Time{}},
	}
	for i, o := range odd {
		v, err := Collections(ts, o)
		if err != nil {
			t.Fatalf("options %d: %v", i, err)
		}
		if v.Offset < 0 || v.Limit <= 0 || v.MaxRows <= 0 {
			t.Fatalf("options %d: window %d/%d/%d", i, v.Offset, v.Limit, v.MaxRows)
		}
	}
	v, _ := Collections(ts, CollectionsOptions{Offset: -5})
	if v.Offset != 0 || len(v.Collections) != 3 {
		t.Fatalf("a negative offset gives offset %d and %d collections", v.Offset, len(v.Collections))
	}
	// Numbers and binaries that do not parse match nothing.
	rs := collectionsReadings(t)
	for _, pk := range []string{"seven", "1e999"} {
		v, err := Collections(rs, CollectionsOptions{PartitionKey: pk})
		if err != nil || len(v.Collections) != 0 || v.Matching != 0 {
			t.Fatalf("PartitionKey %q: %v, %d collections", pk, err, len(v.Collections))
		}
	}
}

// TestCollectionsCache checks that a remembered walk gives what a fresh
// one gives, that rows still follow the clock, and that a new snapshot is
// walked anew.
func TestCollectionsCache(t *testing.T) {
	db, clk := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	opts := CollectionsOptions{TTLAttribute: "expires", Now: collectionsNow, MaxRows: 5, Limit: 2}
	render := func(o CollectionsOptions) string {
		v, err := Collections(ts, o)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	collectionsWalks.clear()
	fresh := render(opts)
	if cached := render(opts); cached != fresh {
		t.Fatal("a remembered walk differs from a fresh one")
	}
	later := opts
	later.Now = collectionsNow.Add(time.Hour) // SESSION#soon has expired
	got := render(later)
	collectionsWalks.clear()
	if want := render(later); got != want || !strings.Contains(got, `"expired 56m 40s ago"`) {
		t.Fatalf("rows do not follow the clock on a remembered walk")
	}
	clk.Advance(time.Second)
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("CUSTOMER#alice"), "SK": collectionsS("A"), "x": collectionsS("new")})
	ts = db.Snapshot().Table("Shop")
	if v, _ := Collections(ts, CollectionsOptions{}); v.TotalItems != 13 {
		t.Fatalf("a new snapshot shows %d items, want 13", v.TotalItems)
	}
}

// TestWarmCollections: a warmed walk is the one the next Collections of any
// snapshot with the same items uses (the page's render after a load, and at
// every clock tick, walks nothing), a step's error stops the walk and
// leaves nothing remembered, and a write makes a new walk.
func TestWarmCollections(t *testing.T) {
	db, _ := collectionsShop(t)
	ts := db.Snapshot().Table("Shop")
	l, err := collectionsLayoutOf(ts.Description, "")
	if err != nil {
		t.Fatal(err)
	}
	opts := CollectionsOptions{Limit: 2}
	stop := errors.New("cancelled")
	collectionsWalks.clear()
	steps := 0
	if err := WarmCollections(ts, opts, func() error { steps++; return stop }); err != stop {
		t.Fatalf("a stopped warm-up returned %v", err)
	}
	if _, ok := collectionsWalks.get(walkKey(ts, l, "", 0, 2)); ok || steps != 1 {
		t.Fatalf("a stopped walk is remembered (%v) after %d steps", ok, steps)
	}
	steps = 0
	if err := WarmCollections(ts, opts, func() error { steps++; return nil }); err != nil {
		t.Fatal(err)
	}
	warm, ok := collectionsWalks.get(walkKey(ts, l, "", 0, 2))
	if !ok || steps != warm.totalCollections || steps < 2 {
		t.Fatalf("warm-up: remembered %v, %d steps for %d collections", ok, steps, warm.totalCollections)
	}
	again := db.Snapshot().Table("Shop") // a new snapshot, the same items
	if again == ts || again.Version() != ts.Version() {
		t.Fatal("the test needs two snapshots of the same items")
	}
	if w, err := collectionsWalkOf(again, l, "", 0, 2, nil, nil); err != nil || w != warm {
		t.Fatalf("the next snapshot of the same items walked again (%v)", err)
	}
	v, err := Collections(again, opts)
	if err != nil || v.TotalCollections != warm.totalCollections || len(v.Collections) != 2 {
		t.Fatalf("Collections after a warm-up: %+v, %v", v, err)
	}
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("CUSTOMER#zed"), "SK": collectionsS("A")})
	later := db.Snapshot().Table("Shop")
	if w, err := collectionsWalkOf(later, l, "", 0, 2, nil, nil); err != nil || w == warm || w.totalCollections != warm.totalCollections+1 {
		t.Fatalf("after a write: the same walk (%v) or %d collections, %v", w == warm, w.totalCollections, err)
	}
}

// TestCollectionsStale: with Stale, a new version of a table whose walk is
// not done shows the last walk's totals and window (Stale set) with the new
// version's rows and ghosts, until WarmCollections walks it; without
// Stale, or for an index, the view is always current.
func TestCollectionsStale(t *testing.T) {
	db, _ := collectionsShop(t)
	collectionsWalks.clear()
	collectionsLatest.clear()
	opts := CollectionsOptions{Stale: true, Limit: 50}
	v1, err := Collections(db.Snapshot().Table("Shop"), opts)
	if err != nil || v1.Stale {
		t.Fatalf("the first view: stale %v, %v", v1.Stale, err)
	}
	// A new collection, and an item gone from an existing one.
	collectionsPut(t, db, "Shop", attr.Item{"PK": collectionsS("AAA#new"), "SK": collectionsS("A")})
	first := v1.Collections[0]
	gone := first.Rows[0].Item
	shop := "Shop"
	if _, err := db.DeleteItem(&engine.DeleteItemInput{TableName: &shop, Key: attr.Item{"PK": gone["PK"], "SK": gone["SK"]}}); err != nil {
		t.Fatal(err)
	}
	ts := db.Snapshot().Table("Shop")
	opts.Ghosts = []attr.Item{gone}
	v2, err := Collections(ts, opts)
	if err != nil || !v2.Stale || v2.TotalItems != v1.TotalItems || v2.TotalCollections != v1.TotalCollections {
		t.Fatalf("before its walk: stale %v, %d items in %d collections (the last walk's: %d in %d), %v",
			v2.Stale, v2.TotalItems, v2.TotalCollections, v1.TotalItems, v1.TotalCollections, err)
	}
	// The rows are the new version's: the deleted item is a ghost.
	var ghost bool
	for _, c := range v2.Collections {
		for _, r := range c.Rows {
			if r.Key == first.Rows[0].Key {
				ghost = r.State == Deleted
			}
		}
	}
	if !ghost {
		t.Fatal("the deleted item is not shown as a ghost on the last walk's window")
	}
	if err := WarmCollections(ts, CollectionsOptions{Limit: 50}, nil); err != nil {
		t.Fatal(err)
	}
	v3, err := Collections(ts, CollectionsOptions{Stale: true, Limit: 50})
	if err != nil || v3.Stale || v3.TotalItems != v1.TotalItems || v3.TotalCollections != v1.TotalCollections+1 {
		t.Fatalf("after its walk: stale %v, %d items in %d collections, %v", v3.Stale, v3.TotalItems, v3.TotalCollections, err)
	}
	fresh, _ := Collections(ts, CollectionsOptions{Limit: 50})
	if fresh.Stale || fresh.TotalCollections != v3.TotalCollections {
		t.Fatal("without Stale the view is not current")
	}
}
