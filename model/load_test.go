package model

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

func sks(items []attr.Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, string(it["SK"].(attr.String)))
	}
	return out
}

// TestLoadAndRun loads the fixture into a fresh database and runs its
// access patterns.
func TestLoadAndRun(t *testing.T) {
	m := fixture(t)
	db, clock := m.NewDatabase()
	if got := clock.Now(); !got.Equal(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("clock starts at %v", got)
	}
	st, err := m.Load(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Items != 3 || st.ByTable["ShoppingCart"] != 3 {
		t.Errorf("stats = %+v", st)
	}
	name := "ShoppingCart"
	ttl, err := db.DescribeTimeToLive(&engine.DescribeTimeToLiveInput{TableName: &name})
	if err != nil || ttl.TimeToLiveDescription.TimeToLiveStatus != "ENABLED" || ttl.TimeToLiveDescription.AttributeName != "expiresAt" {
		t.Errorf("DescribeTimeToLive = %+v, %v", ttl, err)
	}
	desc, err := db.DescribeTable(&engine.DescribeTableInput{TableName: &name})
	if err != nil || desc.Table.StreamSpecification == nil || desc.Table.StreamSpecification.StreamViewType != "NEW_AND_OLD_IMAGES" {
		t.Errorf("stream = %+v, %v", desc.Table.StreamSpecification, err)
	}

	res, err := m.AccessPattern("Full cart").Run(db, Params{"userId": "alice"})
	if err != nil {
		t.Fatal(err)
	}
	if got := sks(res.Items); !slices.Equal(got, []string{"CART#ACTIVE#P-1", "CART#SAVED#P-2"}) {
		t.Errorf("Full cart = %v", got)
	}
	res, err = m.AccessPattern("Profile").Run(db, m.AccessPattern("Profile").Examples())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Items) != 1 || res.Items[0]["email"] != attr.String("alice@example.com") {
		t.Errorf("Profile = %v", res.Items)
	}
	res, err = m.AccessPattern("Profile").Run(db, Params{"userId": "bob"})
	if err != nil || len(res.Items) != 0 || len(res.Outputs) != 1 {
		t.Errorf("Profile of bob = %v, %v", res, err)
	}
}

// TestLoadSettings: the settings reach the database (TTL deletion delay).
func TestLoadSettings(t *testing.T) {
	m := fixture(t)
	start := m.Settings.Start()
	m.Dataset.Items["ShoppingCart"][2]["expiresAt"] = attr.NumberFromInt64(start.Add(time.Minute).Unix())
	db, clock := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	full := m.AccessPattern("Full cart")
	count := func() int {
		db.Tick()
		res, err := full.Run(db, full.Examples())
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Items)
	}
	clock.Advance(30 * time.Minute) // expired, but within the 1h deletion delay
	if n := count(); n != 2 {
		t.Fatalf("after 30 minutes: %d items, want 2 (deletion delay)", n)
	}
	clock.Advance(31 * time.Minute)
	if n := count(); n != 1 {
		t.Fatalf("after 61 minutes: %d items, want 1 (the saved item expired)", n)
	}
}

func TestLoadItemsErrorNamesTheItem(t *testing.T) {
	m := fixture(t)
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		t.Fatal(err)
	}
	big := attr.String(strings.Repeat("x", 400*1024))
	var items []attr.Item
	for i := 0; i < 30; i++ {
		items = append(items, attr.Item{"PK": attr.String("USER#u"), "SK": attr.String(fmt.Sprintf("CART#ACTIVE#%02d", i))})
	}
	items[27]["blob"] = big
	st, err := LoadItems(db, m.ItemsSource(map[string][]attr.Item{"ShoppingCart": items}))
	var ee *engine.Error
	if err == nil || !errors.As(err, &ee) || !strings.Contains(err.Error(), "dataset item 27 (table ShoppingCart)") ||
		!strings.Contains(err.Error(), "Item size has exceeded the maximum allowed size") {
		t.Fatalf("LoadItems error = %v", err)
	}
	// Every item before the refused one is written, and counted.
	name := "ShoppingCart"
	out, err := db.Scan(&engine.ScanInput{TableName: &name})
	if err != nil {
		t.Fatal(err)
	}
	if st.Items != 27 || len(out.Items) != 27 || st.ByTable[name] != 27 {
		t.Errorf("LoadItems counted %d (%v) and the table holds %d, want the 27 before the refused one", st.Items, st.ByTable, len(out.Items))
	}
}

// TestLoadItemsDuplicateKeys: a later item with the same key wins, as with
// PutItem.
func TestLoadItemsDuplicateKeys(t *testing.T) {
	m := fixture(t)
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		t.Fatal(err)
	}
	key := func(v string) attr.Item {
		return attr.Item{"PK": attr.String("USER#u"), "SK": attr.String("PROFILE"), "v": attr.String(v)}
	}
	if _, err := LoadItems(db, m.ItemsSource(map[string][]attr.Item{"ShoppingCart": {key("first"), key("second")}})); err != nil {
		t.Fatal(err)
	}
	name := "ShoppingCart"
	out, err := db.GetItem(&engine.GetItemInput{TableName: &name, Key: attr.Item{"PK": attr.String("USER#u"), "SK": attr.String("PROFILE")}})
	if err != nil || out.Item["v"] != attr.String("second") {
		t.Fatalf("GetItem = %v, %v", out, err)
	}
}

func TestDatasetSourceResolver(t *testing.T) {
	m := fixture(t)
	m.Dataset = &Dataset{Generator: &GeneratorSpec{Pattern: "cart", Seed: 7, Size: 2}}
	if _, err := m.DatasetSource(nil); err == nil || !strings.Contains(err.Error(), `no generator for pattern "cart"`) {
		t.Fatalf("without a resolver: %v", err)
	}
	var asked GeneratorSpec
	resolve := func(spec GeneratorSpec) (Source, error) {
		asked = spec
		return m.ItemsSource(map[string][]attr.Item{"ShoppingCart": {
			{"PK": attr.String("USER#z"), "SK": attr.String("PROFILE")},
		}}), nil
	}
	db, _ := m.NewDatabase()
	st, err := m.Load(db, resolve)
	if err != nil || st.Items != 1 || asked.Seed != 7 || asked.Size != 2 {
		t.Fatalf("Load = %+v, %v (asked %+v)", st, err, asked)
	}
}

// TestLoadItemsSizedIsLoadItems: a sized load, whatever the size it is
// told (none, exact, too small, too large), leaves the tables as LoadItems
// does: two tables fed in random interleaving, keys repeated so that later
// items replace earlier ones, from one reused slice of fields.
func TestLoadItemsSizedIsLoadItems(t *testing.T) {
	const n = 6000
	tables := []string{"Big", "Small"}
	newDB := func() *engine.Database {
		db := engine.New(engine.WithClock(engine.NewManualClock(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))))
		for _, name := range tables {
			if _, err := db.CreateTable(&engine.CreateTableInput{TableName: name,
				AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "pk", AttributeType: schema.TypeS}, {AttributeName: "sk", AttributeType: schema.TypeN}},
				KeySchema:            []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "sk", KeyType: schema.KeyTypeRange}},
				BillingMode:          schema.BillingPayPerRequest}); err != nil {
				t.Fatal(err)
			}
		}
		return db
	}
	src := func(seed uint64) Source {
		return func(emit func(string, attr.Fields) error) error {
			r := rand.New(rand.NewPCG(seed, 1))
			var it attr.Fields
			for i := 0; i < n; i++ {
				it = it[:0]
				it.Set("pk", attr.String("p"+strconv.Itoa(r.IntN(400))))
				it.Set("sk", attr.NumberFromInt64(int64(r.IntN(20))))
				it.Set("v", attr.NumberFromInt64(int64(i)))
				table := tables[0]
				if r.IntN(4) == 0 { // Small gets a quarter
					table = tables[1]
				}
				if err := emit(table, it); err != nil {
					return err
				}
			}
			return nil
		}
	}
	dump := func(db *engine.Database) string {
		var sb strings.Builder
		for _, name := range tables {
			out, err := db.Scan(&engine.ScanInput{TableName: &name})
			if err != nil {
				t.Fatal(err)
			}
			lines := make([]string, len(out.Items))
			for i, it := range out.Items {
				lines[i] = string(attr.AppendItem(nil, it))
			}
			slices.Sort(lines)
			fmt.Fprintf(&sb, "%s %d\n%s\n", name, len(lines), strings.Join(lines, "\n"))
		}
		return sb.String()
	}
	for seed := uint64(1); seed <= 3; seed++ {
		want := newDB()
		wst, err := LoadItems(want, src(seed))
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{0, n, n / 3, 3 * n} {
			db := newDB()
			st, err := LoadItemsSized(db, src(seed), size)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(st, wst) {
				t.Fatalf("seed %d, size %d: stats %+v, LoadItems %+v", seed, size, st, wst)
			}
			if got, w := dump(db), dump(want); got != w {
				t.Fatalf("seed %d, size %d: the tables differ from LoadItems'", seed, size)
			}
		}
	}
}
