package visualizer

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// gridItems is a small mixed table: two entities, attributes that only
// some items have, every scalar type in "v".
func gridItems() []attr.Item {
	return []attr.Item{
		{"PK": attr.String("CUSTOMER#2"), "SK": attr.String("PROFILE"), "name": attr.String("Bo"), "v": attr.MustNumber("10")},
		{"PK": attr.String("CUSTOMER#1"), "SK": attr.String("PROFILE"), "name": attr.String("ann"), "v": attr.MustNumber("9.5"), "GSI1PK": attr.String("G")},
		{"PK": attr.String("CUSTOMER#1"), "SK": attr.String("ORDER#1"), "v": attr.String("text"), "total": attr.MustNumber("-3")},
		{"PK": attr.String("CUSTOMER#3"), "SK": attr.String("ORDER#2"), "v": attr.Bool(true), "tags": gridSet("x", "y")},
		{"PK": attr.String("CUSTOMER#3"), "SK": attr.String("PROFILE"), "name": attr.String("Cy")},
		{"PK": attr.String("CUSTOMER#4"), "SK": attr.String("ORDER#3"), "v": attr.Null{}},
	}
}

func gridEntity(it attr.Item) string {
	if strings.HasPrefix(string(it["SK"].(attr.String)), "ORDER#") {
		return "Order"
	}
	return "Customer"
}

func gridOf(items []attr.Item) *Grid {
	return NewGrid(items, GridOptions{Table: "Shop", Hash: "PK", Range: "SK", IndexKeys: []string{"GSI1PK", "GSI1SK"}, EntityOf: gridEntity})
}

// gridColumn is the key a test writes a column as: its name, or
// "(entity)".
func gridColumnNames(g *Grid) []string {
	var out []string
	for _, c := range g.Columns {
		if c.Kind == GridEntity {
			out = append(out, "(entity)")
		} else {
			out = append(out, c.Name)
		}
	}
	return out
}

// gridColumnValues reads a column over a view, as display texts.
func gridColumnValues(g *Grid, rows []int32, col string) []string {
	c := g.Column(col)
	if col == "(entity)" {
		c = g.EntityColumn()
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = g.Text(int(r), c)
	}
	return out
}

func TestGridColumnOrder(t *testing.T) {
	g := gridOf(gridItems())
	// The table's keys, the indexes' keys present in some item (GSI1SK is
	// in none but is a key: it still gets its column), the entity, then
	// the rest by name.
	want := []string{"PK", "SK", "GSI1PK", "GSI1SK", "(entity)", "name", "tags", "total", "v"}
	if got := gridColumnNames(g); !reflect.DeepEqual(got, want) {
		t.Errorf("columns %v, want %v", got, want)
	}
	if !g.Columns[0].IsKey() || !g.Columns[1].IsKey() || g.Columns[2].IsKey() {
		t.Errorf("key flags %+v", g.Columns[:3])
	}
	for i, r := range g.Rows {
		if g.RowOf(r.Key) != i {
			t.Errorf("RowOf(row %d's key) = %d", i, g.RowOf(r.Key))
		}
	}
	if g.RowOf("nope") != -1 {
		t.Error("RowOf finds a missing key")
	}
	// Without a design, no entity column.
	g = NewGrid(gridItems(), GridOptions{Hash: "PK", Range: "SK"})
	if got := gridColumnNames(g); slices.Contains(got, "(entity)") || got[0] != "PK" || got[1] != "SK" {
		t.Errorf("columns without entities %v", got)
	}
	// An empty table still has its key columns.
	g = NewGrid(nil, GridOptions{Hash: "id"})
	if got := gridColumnNames(g); !reflect.DeepEqual(got, []string{"id"}) {
		t.Errorf("empty grid columns %v", got)
	}
}

func TestGridSort(t *testing.T) {
	g := gridOf(gridItems())
	v := g.Column("v")
	// Numbers by value (9.5 before 10, which text order would invert),
	// then strings, booleans, nulls; missing values last.
	asc := gridColumnValues(g, g.View(GridQuery{Sort: v}), "v")
	if want := []string{"9.5", "10", "text", "true", "null", ""}; !reflect.DeepEqual(asc, want) {
		t.Errorf("ascending %q, want %q", asc, want)
	}
	desc := gridColumnValues(g, g.View(GridQuery{Sort: v, Desc: true}), "v")
	if want := []string{"null", "true", "text", "10", "9.5", ""}; !reflect.DeepEqual(desc, want) {
		t.Errorf("descending %q, want %q (missing stays last)", desc, want)
	}
	// Strings by bytes: upper case before lower case, as DynamoDB orders.
	names := gridColumnValues(g, g.View(GridQuery{Sort: g.Column("name")}), "name")
	if want := []string{"Bo", "Cy", "ann", "", "", ""}; !reflect.DeepEqual(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	// A stable sort: equal entities keep the storage order.
	byEntity := g.View(GridQuery{Sort: g.EntityColumn()})
	if want := []int32{0, 1, 4, 2, 3, 5}; !reflect.DeepEqual(byEntity, want) {
		t.Errorf("by entity %v, want %v", byEntity, want)
	}
	// No sort: storage order.
	if got := g.View(GridQuery{Sort: -1}); !reflect.DeepEqual(got, []int32{0, 1, 2, 3, 4, 5}) {
		t.Errorf("unsorted %v", got)
	}
}

func TestGridFilter(t *testing.T) {
	g := gridOf(gridItems())
	cases := []struct {
		q    GridQuery
		want []int32
	}{
		{GridQuery{Sort: -1, Filter: "ORDER"}, []int32{2, 3, 5}},
		{GridQuery{Sort: -1, Filter: "order"}, []int32{2, 3, 5}},                            // ignoring case
		{GridQuery{Sort: -1, Filter: "customer"}, []int32{0, 1, 2, 3, 4, 5}},                // the entity column counts
		{GridQuery{Sort: -1, Filter: "\"y\""}, []int32{3}},                                  // inside a set's text
		{GridQuery{Sort: -1, Filter: "profileBo"}, nil},                                     // never across two cells
		{GridQuery{Sort: -1, Columns: map[int]string{g.Column("name"): "n"}}, []int32{1}},   // one column
		{GridQuery{Sort: -1, Columns: map[int]string{g.Column("PK"): "#3"}}, []int32{3, 4}}, // keys too
		{GridQuery{Sort: -1, Filter: "customer#1", Columns: map[int]string{g.EntityColumn(): "ord"}}, []int32{2}},
		{GridQuery{Sort: g.Column("v"), Filter: "customer#1"}, []int32{1, 2}}, // filtered, in sorted order
	}
	for _, c := range cases {
		got := g.View(c.q)
		if len(got) == 0 && len(c.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v: rows %v, want %v", c.q, got, c.want)
		}
	}
}

func TestGridWindow(t *testing.T) {
	cases := []struct {
		total, top, height, row, margin int
		from, to                        int
	}{
		{100_000, 0, 600, 30, 10, 0, 31},                     // 20 visible + 1 partial + 10 below
		{100_000, 30 * 500, 600, 30, 10, 490, 531},           // scrolled to row 500
		{100_000, 30*500 + 15, 600, 30, 10, 490, 531},        // half a row further: the same first row
		{100_000, 30 * 99_990, 600, 30, 10, 99_970, 100_000}, // past the end: the last rows
		{5, 0, 600, 30, 10, 0, 5},                            // fewer rows than the viewport
		{40, 30 * 1000, 600, 30, 10, 10, 40},                 // a filter shrank the view under the scroll
		{0, 0, 600, 30, 10, 0, 0},
	}
	for _, c := range cases {
		from, to := GridWindow(c.total, c.top, c.height, c.row, c.margin)
		if from != c.from || to != c.to {
			t.Errorf("GridWindow(%d, %d, %d, %d, %d) = %d, %d; want %d, %d", c.total, c.top, c.height, c.row, c.margin, from, to, c.from, c.to)
		}
		// Never more than the visible rows plus two margins.
		if to-from > (c.height+c.row-1)/c.row+1+2*c.margin {
			t.Errorf("window of %d rows", to-from)
		}
	}
}

// TestGridViewAgainstReference checks sort and filter on random data
// against a brute-force reference: every view is the rows that match, in
// an order where consecutive rows compare right.
func TestGridViewAgainstReference(t *testing.T) {
	seed := rand.Int63()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewSource(seed))
	var items []attr.Item
	for i := 0; i < 500; i++ {
		it := attr.Item{"PK": attr.String(fmt.Sprintf("P%03d", r.Intn(100))), "SK": attr.String(fmt.Sprintf("S%04d", i))}
		switch r.Intn(4) {
		case 0:
			it["x"] = attr.MustNumber(fmt.Sprintf("%d.%d", r.Intn(200)-100, r.Intn(10)))
		case 1:
			it["x"] = attr.String(fmt.Sprintf("s%d", r.Intn(50)))
		case 2:
			it["x"] = attr.Bool(r.Intn(2) == 0)
		}
		items = append(items, it)
	}
	g := NewGrid(items, GridOptions{Hash: "PK", Range: "SK"})
	x := g.Column("x")
	for _, desc := range []bool{false, true} {
		for _, f := range []string{"", "s1", "P0", "true"} {
			rows := g.View(GridQuery{Sort: x, Desc: desc, Filter: f})
			want := 0
			for i := range g.Rows {
				match := f == ""
				for c := range g.Columns {
					if strings.Contains(strings.ToLower(FormatValue(g.Value(i, c))), strings.ToLower(f)) && g.Value(i, c) != nil {
						match = true
					}
				}
				if match {
					want++
				}
			}
			if len(rows) != want {
				t.Errorf("desc %v filter %q: %d rows, want %d", desc, f, len(rows), want)
			}
			for i := 1; i < len(rows); i++ {
				a, b := g.Value(int(rows[i-1]), x), g.Value(int(rows[i]), x)
				if a == nil && b != nil {
					t.Fatalf("desc %v: a missing value before a present one at %d", desc, i)
				}
				if a == nil || b == nil || a.Type() != b.Type() {
					continue
				}
				c, _ := attr.Compare(a, b)
				if a.Type() == attr.TypeBOOL {
					c = strings.Compare(FormatValue(a), FormatValue(b))
				}
				if desc {
					c = -c
				}
				if c > 0 || (c == 0 && rows[i-1] > rows[i]) {
					t.Fatalf("desc %v filter %q: rows %d (%v) and %d (%v) out of order", desc, f, rows[i-1], a, rows[i], b)
				}
			}
		}
	}
}

func TestParseCell(t *testing.T) {
	good := []struct {
		typ, text string
		want      string // DynamoDB JSON
	}{
		{"S", "  hello ", `{"S":"  hello "}`},
		{"S", "", `{"S":""}`},
		{"N", " 42 ", `{"N":"42"}`},
		{"N", "-1.50", `{"N":"-1.5"}`},
		{"N", "1E3", `{"N":"1000"}`},
		{"B", "AQID", `{"B":"AQID"}`},
		{"BOOL", "TRUE", `{"BOOL":true}`},
		{"BOOL", "false", `{"BOOL":false}`},
		{"NULL", "", `{"NULL":true}`},
		{CellJSON, `{"SS": ["b", "a"]}`, `{"SS":["a","b"]}`},
		{CellJSON, `{"NS": ["2", "1"]}`, `{"NS":["1","2"]}`},
		{CellJSON, `{"BS": ["AQ=="]}`, `{"BS":["AQ=="]}`},
		{CellJSON, `{"L": [{"S": "x"}, {"N": "1"}]}`, `{"L":[{"S":"x"},{"N":"1"}]}`},
		{CellJSON, `{"M": {"k": {"BOOL": true}}}`, `{"M":{"k":{"BOOL":true}}}`},
	}
	for _, c := range good {
		v, err := ParseCell(c.typ, c.text)
		if err != nil {
			t.Errorf("ParseCell(%s, %q): %v", c.typ, c.text, err)
			continue
		}
		b, _ := attr.MarshalValue(v)
		if string(b) != c.want {
			t.Errorf("ParseCell(%s, %q) = %s, want %s", c.typ, c.text, b, c.want)
		}
		// What the editor shows parses back to the same value.
		typ, text := CellEdit(v)
		back, err := ParseCell(typ, text)
		if err != nil || !attr.Equal(back, v) {
			t.Errorf("CellEdit(%s) = %s %q, which parses to %v, %v", b, typ, text, back, err)
		}
	}
	bad := []struct{ typ, text, msg string }{
		{"N", "abc", "The parameter cannot be converted to a numeric value: abc"},
		{"N", "", "The parameter cannot be converted to a numeric value"},
		{"N", "1e200", "Number overflow"},
		{"N", "1.23456789012345678901234567890123456789", "more than 38 significant digits"},
		{"B", "!!", "Base64"},
		{"BOOL", "yes", "true or false"},
		{CellJSON, `{"SS": []}`, "An string set  may not be empty"},
		{CellJSON, `{"SS": ["a", "a"]}`, "duplicates"},
		{CellJSON, `{"X": "1"}`, "Supplied AttributeValue is empty"},
		{CellJSON, `["a"]`, ""},
		{CellJSON, ``, "DynamoDB JSON"},
		{"SS", "a", "not a DynamoDB type"},
	}
	for _, c := range bad {
		v, err := ParseCell(c.typ, c.text)
		if err == nil {
			t.Errorf("ParseCell(%s, %q) = %v, want an error", c.typ, c.text, v)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseCell(%s, %q): %q, want it to say %q", c.typ, c.text, err, c.msg)
		}
	}
	if typ, text := CellEdit(nil); typ != "S" || text != "" {
		t.Errorf("CellEdit(nil) = %s %q", typ, text)
	}
}

func TestFacetNames(t *testing.T) {
	m, _, err := formats.ImportNoSQLWorkbench([]byte(`{"ModelName":"Shop","DataModel":[{"TableName":"Shop",
"KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},
"TableFacets":[
 {"FacetName":"Customer","KeyAttributeAlias":{"PartitionKeyAlias":"Customer Id","SortKeyAlias":"profile"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"PROFILE"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"PROFILE"}}]},
 {"FacetName":"Order","KeyAttributeAlias":{"PartitionKeyAlias":"customerId","SortKeyAlias":"ORDER#{date}#{orderId}"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#2025#7"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"ORDER#2026#8"}}]}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	got := FacetNames(m)
	want := map[string]map[string]string{
		"Customer": {"PK": "Customer Id", "SK": "profile"},     // the facet's aliases, kept on import
		"Order":    {"PK": "customerId", "SK": "date#orderId"}, // the templates' parameters
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FacetNames = %v, want %v", got, want)
	}
	if len(FacetNames(nil)) != 0 {
		t.Error("FacetNames(nil) names something")
	}
}

func gridSet(elems ...string) attr.Value {
	s, err := attr.NewStringSet(elems)
	if err != nil {
		panic(err)
	}
	return s
}

// TestGridOfReusesUnchangedRows: after writes, the grid of the new
// snapshot equals one built from scratch, and shares the rows no write
// touched with the grid before (their items are not decoded again).
func TestGridOfReusesUnchangedRows(t *testing.T) {
	seed := rand.Int63()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewSource(seed))
	db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
	collectionsCreate(t, db, collectionsShopTable())
	put := func(i int, extra string) {
		it := attr.Item{"PK": attr.String(fmt.Sprintf("C#%02d", i%20)), "SK": attr.String(fmt.Sprintf("S#%03d", i))}
		if extra != "" {
			it[extra] = attr.MustNumber(fmt.Sprint(i))
		}
		collectionsPut(t, db, "Shop", it)
	}
	for i := 0; i < 300; i++ {
		put(i, []string{"", "a", "b"}[i%3])
	}
	design := new(int)
	g1 := GridOf(db.Snapshot().Table("Shop"), design, gridEntity2)
	if g1 != GridOf(db.Snapshot().Table("Shop"), design, gridEntity2) {
		t.Error("two snapshots of the same version got two grids")
	}
	// Views worked out before the writes: the next grid inherits them.
	queries := []GridQuery{
		{Sort: g1.Column("a"), Filter: "s#1"},
		{Sort: g1.Column("b"), Desc: true, Columns: map[int]string{g1.Column("SK"): "2"}},
		{Sort: g1.EntityColumn(), Columns: map[int]string{g1.EntityColumn(): "a"}},
	}
	for _, q := range queries {
		g1.View(q)
	}
	touched := map[string]bool{}
	for n := 0; n < 40; n++ {
		i := r.Intn(330)
		switch r.Intn(3) {
		case 0: // a new or replaced item, perhaps with a new attribute
			put(i, []string{"a", "c", ""}[r.Intn(3)])
		case 1:
			put(i, "b")
		case 2:
			key := attr.Item{"PK": attr.String(fmt.Sprintf("C#%02d", i%20)), "SK": attr.String(fmt.Sprintf("S#%03d", i))}
			if _, err := db.DeleteItem(&engine.DeleteItemInput{TableName: ptrTo("Shop"), Key: key}); err != nil {
				t.Fatal(err)
			}
		}
		touched[ItemKey(attr.Item{"PK": attr.String(fmt.Sprintf("C#%02d", i%20)), "SK": attr.String(fmt.Sprintf("S#%03d", i))}, "PK", "SK")] = true
	}
	ts := db.Snapshot().Table("Shop")
	decoded := 0
	g2 := GridOf(ts, design, func(it attr.Item) string { decoded++; return gridEntity2(it) })
	var items []attr.Item
	ts.Items(func(it attr.Item) bool { items = append(items, it); return true })
	ref := NewGrid(items, GridOptions{Table: "Shop", Hash: "PK", Range: "SK", IndexKeys: g2.IndexKeys, EntityOf: gridEntity2})
	if !reflect.DeepEqual(gridColumnNames(g2), gridColumnNames(ref)) {
		t.Errorf("columns %v, from scratch %v", gridColumnNames(g2), gridColumnNames(ref))
	}
	if len(g2.Rows) != len(ref.Rows) {
		t.Fatalf("%d rows, from scratch %d", len(g2.Rows), len(ref.Rows))
	}
	for i := range g2.Rows {
		a, b := g2.Rows[i], ref.Rows[i]
		if a.Key != b.Key || a.Entity != b.Entity || !attr.Equal(attr.Map(a.Item()), attr.Map(b.Item())) {
			t.Fatalf("row %d: %+v, from scratch %+v", i, a, b)
		}
		for c := range g2.Columns {
			if g2.Text(i, c) != ref.Text(i, c) {
				t.Fatalf("row %d column %d: %q, from scratch %q", i, c, g2.Text(i, c), ref.Text(i, c))
			}
		}
	}
	// Only the rows written were decoded (each decoded row is named by
	// EntityOf once); a row written with the same item may be kept.
	if decoded > len(touched) || len(g2.Rows)-decoded < 200 {
		t.Errorf("%d rows decoded for %d written, of %d", decoded, len(touched), len(g2.Rows))
	}
	// The inherited sorts and texts give the views a grid from scratch
	// gives.
	g2.mu.Lock()
	inherited := len(g2.orders) == 3 && g2.search != nil && len(g2.texts) == 2
	g2.mu.Unlock()
	if !inherited {
		t.Errorf("the grid after the writes did not inherit the views' work: %d orders, search %v, %d column texts", len(g2.orders), g2.search != nil, len(g2.texts))
	}
	for _, q1 := range queries {
		// The same query by column names (columns may have moved).
		q := GridQuery{Sort: -1, Desc: q1.Desc, Filter: q1.Filter, Columns: map[int]string{}}
		name := func(c int) int {
			if g1.Columns[c].Kind == GridEntity {
				return g2.EntityColumn()
			}
			return g2.Column(g1.Columns[c].Name)
		}
		q.Sort = name(q1.Sort)
		for c, text := range q1.Columns {
			q.Columns[name(c)] = text
		}
		got, want := g2.View(q), ref.View(q)
		if !slices.Equal(got, want) {
			t.Errorf("%+v: rows %v, from scratch %v", q, got, want)
		}
	}
	// The first grid is unchanged (grids are immutable).
	if len(g1.Rows) != 300 {
		t.Errorf("the first grid has %d rows now", len(g1.Rows))
	}
}

func gridEntity2(it attr.Item) string {
	if _, ok := it["a"]; ok {
		return "A"
	}
	return ""
}

func ptrTo(s string) *string { return &s }

// TestBuildGridSteps: BuildGrid calls step after every row and builds the
// grid GridOf builds; an error from step stops it with that error and
// caches nothing, so the next build starts again.
func TestBuildGridSteps(t *testing.T) {
	db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
	collectionsCreate(t, db, collectionsShopTable())
	for i := 0; i < 50; i++ {
		collectionsPut(t, db, "Shop", attr.Item{"PK": attr.String(fmt.Sprintf("C#%02d", i%7)), "SK": attr.String(fmt.Sprintf("S#%03d", i))})
	}
	ts := db.Snapshot().Table("Shop")
	design := new(int)
	stop := errors.New("stop")
	n := 0
	if g, err := BuildGrid(ts, design, gridEntity2, func() error {
		if n++; n == 10 {
			return stop
		}
		return nil
	}); g != nil || err != stop {
		t.Fatalf("a stopped build gave %v, %v", g, err)
	}
	if gridCached(ts, design) != nil {
		t.Fatal("a stopped build was cached")
	}
	n = 0
	g, err := BuildGrid(ts, design, gridEntity2, func() error { n++; return nil })
	if err != nil || len(g.Rows) != 50 || n != 50 {
		t.Fatalf("%v: %d rows after %d steps", err, len(g.Rows), n)
	}
	if gridCached(ts, design) != g || GridOf(ts, design, gridEntity2) != g {
		t.Error("the grid built step by step is not the one cached")
	}
	// After a write, a sorted grid's next one re-reads the sort keys
	// step by step too: a step's error there stops it.
	g.View(GridQuery{Sort: g.Column("SK")})
	collectionsPut(t, db, "Shop", attr.Item{"PK": attr.String("C#01"), "SK": attr.String("S#new")})
	ts2 := db.Snapshot().Table("Shop")
	n = 0
	if g2, err := BuildGrid(ts2, design, gridEntity2, func() error {
		if n++; n > 51 {
			return stop
		}
		return nil
	}); g2 != nil || err != stop || n != 52 {
		t.Fatalf("a build stopped while it inherits the sort gave %v, %v after %d steps", g2, err, n)
	}
	if g2, err := BuildGrid(ts2, design, gridEntity2, func() error { return nil }); err != nil || len(g2.Rows) != 51 || !g2.Ready(GridQuery{Sort: g2.Column("SK")}) {
		t.Fatalf("the next build: %v, %d rows; the sort inherited: %v", err, len(g2.Rows), err == nil && g2.Ready(GridQuery{Sort: g2.Column("SK")}))
	}
	// The rows of a snapshot's grid keep their items in the stored form
	// only, and decode them when asked.
	for i, r := range g.Rows {
		if r.item != nil {
			t.Fatalf("row %d keeps its decoded item", i)
		}
		if it := r.Item(); ItemKey(it, "PK", "SK") != r.Key {
			t.Fatalf("row %d decodes to %v", i, it)
		}
	}
}

// gridCached returns the grid GridOf has cached for a snapshot, or nil.
func gridCached(ts *engine.TableSnapshot, key any) *Grid {
	gridCache.Lock()
	defer gridCache.Unlock()
	return gridCache.m[gridCacheKey{ts.Description.TableName, ts.Version(), key}].Value()
}
