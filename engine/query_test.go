package engine

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// loadCart fills a cart table: two users, active and saved-for-later items.
func loadCart(t *testing.T, db *Database) {
	mustCreate(t, db, compositeTable("Cart", "S"))
	for _, u := range []string{"USER#1", "USER#2"} {
		for i := 1; i <= 5; i++ {
			mustPut(t, db, "Cart", attr.Item{"pk": s(u), "sk": s(fmt.Sprintf("CART#ACTIVE#%02d", i)), "qty": n(fmt.Sprint(i))})
			mustPut(t, db, "Cart", attr.Item{"pk": s(u), "sk": s(fmt.Sprintf("CART#SAVED#%02d", i)), "qty": n(fmt.Sprint(i))})
		}
	}
}

func sks(items []attr.Item) string {
	var out []string
	for _, it := range items {
		out = append(out, string(it["sk"].(attr.String)))
	}
	return strings.Join(out, ",")
}

func TestQuerySortKeyOperators(t *testing.T) {
	db, _ := newTestDB(t)
	loadCart(t, db)
	cases := []struct {
		cond    string
		values  attr.Values
		forward bool
		want    string
	}{
		{"pk = :p AND begins_with(sk, :s)", attr.Values{":s": s("CART#SAVED#")}, true,
			"CART#SAVED#01,CART#SAVED#02,CART#SAVED#03,CART#SAVED#04,CART#SAVED#05"},
		{"pk = :p AND sk BETWEEN :a AND :b", attr.Values{":a": s("CART#ACTIVE#04"), ":b": s("CART#SAVED#01")}, true,
			"CART#ACTIVE#04,CART#ACTIVE#05,CART#SAVED#01"},
		{"pk = :p AND sk < :a", attr.Values{":a": s("CART#ACTIVE#03")}, true, "CART#ACTIVE#01,CART#ACTIVE#02"},
		{"pk = :p AND sk <= :a", attr.Values{":a": s("CART#ACTIVE#03")}, false, "CART#ACTIVE#03,CART#ACTIVE#02,CART#ACTIVE#01"},
		{"pk = :p AND sk > :a", attr.Values{":a": s("CART#SAVED#04")}, true, "CART#SAVED#05"},
		{"sk >= :a AND pk = :p", attr.Values{":a": s("CART#SAVED#04")}, false, "CART#SAVED#05,CART#SAVED#04"},
		{"pk = :p AND sk = :a", attr.Values{":a": s("CART#SAVED#02")}, true, "CART#SAVED#02"},
		{"pk = :p AND begins_with(sk, :s)", attr.Values{":s": s("CART#ACTIVE#0")}, false,
			"CART#ACTIVE#05,CART#ACTIVE#04,CART#ACTIVE#03,CART#ACTIVE#02,CART#ACTIVE#01"},
	}
	for _, tc := range cases {
		t.Run(tc.cond, func(t *testing.T) {
			tc.values[":p"] = s("USER#2")
			out, err := db.Query(&QueryInput{TableName: ptr("Cart"), KeyConditionExpression: &tc.cond,
				ExpressionAttributeValues: tc.values, ScanIndexForward: &tc.forward})
			if err != nil {
				t.Fatal(err)
			}
			if got := sks(out.Items); got != tc.want {
				t.Fatalf("got %s\nwant %s", got, tc.want)
			}
			for _, it := range out.Items {
				if !attr.Equal(it["pk"], s("USER#2")) {
					t.Fatalf("item of another collection: %v", it)
				}
			}
		})
	}
}

func TestQueryPagingFilterAndCount(t *testing.T) {
	db, _ := newTestDB(t)
	loadCart(t, db)
	cond := "pk = :p"
	// Limit counts items read, before the filter: a page may come back
	// empty and still carry LastEvaluatedKey.
	var all []attr.Item
	var start attr.Item
	pages := 0
	for {
		out, err := db.Query(&QueryInput{TableName: ptr("Cart"), KeyConditionExpression: &cond,
			FilterExpression: ptr("qty >= :three"), Limit: ptr(int64(3)), ExclusiveStartKey: start,
			ExpressionAttributeValues: attr.Values{":p": s("USER#1"), ":three": n("3")}})
		if err != nil {
			t.Fatal(err)
		}
		pages++
		if out.ScannedCount > 3 {
			t.Fatalf("page scanned %d items with Limit 3", out.ScannedCount)
		}
		all = append(all, out.Items...)
		if out.LastEvaluatedKey == nil {
			break
		}
		start = out.LastEvaluatedKey
	}
	if pages != 4 { // 10 items, Limit 3: 3+3+3+1
		t.Fatalf("%d pages, want 4", pages)
	}
	if got := sks(all); got != "CART#ACTIVE#03,CART#ACTIVE#04,CART#ACTIVE#05,CART#SAVED#03,CART#SAVED#04,CART#SAVED#05" {
		t.Fatalf("filtered items %s", got)
	}
	out, err := db.Query(&QueryInput{TableName: ptr("Cart"), KeyConditionExpression: &cond, Select: "COUNT",
		ExpressionAttributeValues: attr.Values{":p": s("USER#1")}})
	if err != nil || out.Count != 10 || out.ScannedCount != 10 || out.Items != nil {
		t.Fatalf("COUNT = %+v, %v", out, err)
	}
}

func TestQueryErrors(t *testing.T) {
	db, _ := newTestDB(t)
	loadCart(t, db)
	cases := []struct {
		name string
		in   QueryInput
		msg  string
	}{
		{"no key condition", QueryInput{TableName: ptr("Cart")},
			"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."},
		{"limit zero", QueryInput{TableName: ptr("Cart"), KeyConditionExpression: ptr("pk = :p"), Limit: ptr(int64(0)),
			ExpressionAttributeValues: attr.Values{":p": s("x")}},
			"1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		// "Query condition missed key schema element: pk" until issue 29:
		// dynalite's suite, run against DynamoDB, has this wording, given
		// before the table is looked up.
		{"empty KeyConditions", QueryInput{TableName: ptr("Cart"), KeyConditions: map[string]Condition{}},
			"Conditions can be of length 1 or 2 only"},
		{"missing partition key", QueryInput{TableName: ptr("Cart"), KeyConditionExpression: ptr("sk = :p"),
			ExpressionAttributeValues: attr.Values{":p": s("x")}}, "Query condition missed key schema element: pk"},
		{"filter on key", QueryInput{TableName: ptr("Cart"), KeyConditionExpression: ptr("pk = :p"), FilterExpression: ptr("sk = :p"),
			ExpressionAttributeValues: attr.Values{":p": s("x")}},
			"Filter Expression can only contain non-primary key attributes: Primary key attribute: sk"},
		{"unknown index", QueryInput{TableName: ptr("Cart"), IndexName: ptr("byQty"), KeyConditionExpression: ptr("pk = :p"),
			ExpressionAttributeValues: attr.Values{":p": s("x")}}, "The table does not have the specified index: byQty"},
		{"start key outside", QueryInput{TableName: ptr("Cart"), KeyConditionExpression: ptr("pk = :p"),
			ExclusiveStartKey:         attr.Item{"pk": s("USER#2"), "sk": s("CART#ACTIVE#01")},
			ExpressionAttributeValues: attr.Values{":p": s("USER#1")}},
			"The provided starting key is outside query boundaries based on provided conditions"},
		{"all projected on table", QueryInput{TableName: ptr("Cart"), KeyConditionExpression: ptr("pk = :p"), Select: "ALL_PROJECTED_ATTRIBUTES",
			ExpressionAttributeValues: attr.Values{":p": s("x")}},
			"ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.Query(&tc.in)
			wantError(t, err, CodeValidation, tc.msg)
		})
	}
}

func TestQueryCapacitySumsBeforeRounding(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "N"))
	total := 0
	for i := 0; i < 10; i++ {
		it := attr.Item{"pk": s("p"), "sk": n(fmt.Sprint(i)), "pad": s(strings.Repeat("x", 4000))}
		total += attr.ItemSize(it)
		mustPut(t, db, "Tbl", it)
	}
	out, err := db.Query(&QueryInput{TableName: ptr("Tbl"), KeyConditionExpression: ptr("pk = :p"), ConsistentRead: ptr(true),
		ExpressionAttributeValues: attr.Values{":p": s("p")}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil {
		t.Fatal(err)
	}
	want := float64((total + 4095) / 4096)
	if out.ConsumedCapacity.CapacityUnits != want {
		t.Fatalf("query of %d bytes consumed %v, want %v (one rounding of the sum)", total, out.ConsumedCapacity.CapacityUnits, want)
	}
}

func TestQueryOneMegabytePage(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "N"))
	for i := 0; i < 30; i++ { // 30 x ~100 KB = ~3 MB in one collection
		mustPut(t, db, "Tbl", attr.Item{"pk": s("p"), "sk": n(fmt.Sprint(i)), "pad": s(strings.Repeat("x", 100*1024))})
	}
	out, err := db.Query(&QueryInput{TableName: ptr("Tbl"), KeyConditionExpression: ptr("pk = :p"),
		FilterExpression: ptr("attribute_exists(nothing)"), ExpressionAttributeValues: attr.Values{":p": s("p")}})
	if err != nil {
		t.Fatal(err)
	}
	if out.ScannedCount != 11 || out.Count != 0 || out.LastEvaluatedKey == nil {
		t.Fatalf("1 MB page: scanned %d, count %d, LEK %v; want 11 scanned (the page stops once 1 MB is read), 0 matched, a LEK",
			out.ScannedCount, out.Count, out.LastEvaluatedKey)
	}
}

// TestQueryScanDifferential compares Query and Scan against a brute-force
// reference on random data: same items, same order, same paging.
func TestQueryScanDifferential(t *testing.T) {
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "N"))
	type row struct {
		pk string
		sk int
		v  int
	}
	var rows []row
	seen := map[string]bool{}
	for i := 0; i < 400; i++ {
		r := row{pk: fmt.Sprintf("P%d", rng.Intn(8)), sk: rng.Intn(200) - 100, v: rng.Intn(10)}
		id := fmt.Sprint(r.pk, r.sk)
		if seen[id] {
			continue
		}
		seen[id] = true
		rows = append(rows, r)
		mustPut(t, db, "Tbl", attr.Item{"pk": s(r.pk), "sk": n(fmt.Sprint(r.sk)), "v": n(fmt.Sprint(r.v))})
	}
	ops := []struct {
		op   string
		pred func(sk, a, b int) bool
	}{
		{"sk = :a", func(sk, a, b int) bool { return sk == a }},
		{"sk < :a", func(sk, a, b int) bool { return sk < a }},
		{"sk <= :a", func(sk, a, b int) bool { return sk <= a }},
		{"sk > :a", func(sk, a, b int) bool { return sk > a }},
		{"sk >= :a", func(sk, a, b int) bool { return sk >= a }},
		{"sk BETWEEN :a AND :b", func(sk, a, b int) bool { return a <= sk && sk <= b }},
	}
	for trial := 0; trial < 200; trial++ {
		pk := fmt.Sprintf("P%d", rng.Intn(9)) // P8 is never written
		o := ops[rng.Intn(len(ops))]
		a := rng.Intn(200) - 100
		b := a + rng.Intn(80)
		forward := rng.Intn(2) == 0
		limit := int64(rng.Intn(7) + 1)
		minV := rng.Intn(10)
		var want []string
		for _, r := range rows {
			if r.pk == pk && o.pred(r.sk, a, b) && r.v >= minV {
				want = append(want, fmt.Sprint(r.sk))
			}
		}
		sort.Slice(want, func(i, j int) bool {
			x, y := atoi(want[i]), atoi(want[j])
			if forward {
				return x < y
			}
			return x > y
		})
		values := attr.Values{":p": s(pk), ":a": n(fmt.Sprint(a)), ":min": n(fmt.Sprint(minV))}
		if strings.Contains(o.op, ":b") {
			values[":b"] = n(fmt.Sprint(b))
		}
		cond := "pk = :p AND " + o.op
		var got []string
		var start attr.Item
		for {
			out, err := db.Query(&QueryInput{TableName: ptr("Tbl"), KeyConditionExpression: &cond, FilterExpression: ptr("v >= :min"),
				ExpressionAttributeValues: values, ScanIndexForward: &forward, Limit: &limit, ExclusiveStartKey: start})
			if err != nil {
				t.Fatalf("%s: %v", cond, err)
			}
			for _, it := range out.Items {
				got = append(got, it["sk"].(attr.Number).String())
			}
			if out.LastEvaluatedKey == nil {
				break
			}
			start = out.LastEvaluatedKey
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("seed %d trial %d: %s a=%d b=%d forward=%v limit=%d\n got %v\nwant %v", seed, trial, cond, a, b, forward, limit, got, want)
		}
	}

	// Parallel scan: the segments are disjoint and together hold every item.
	for _, total := range []int64{1, 3, 7} {
		counts := map[string]int{}
		for seg := int64(0); seg < total; seg++ {
			var start attr.Item
			for {
				out, err := db.Scan(&ScanInput{TableName: ptr("Tbl"), Segment: ptr(seg), TotalSegments: ptr(total), Limit: ptr(int64(50)), ExclusiveStartKey: start})
				if err != nil {
					t.Fatal(err)
				}
				for _, it := range out.Items {
					counts[string(it["pk"].(attr.String))+"/"+it["sk"].(attr.Number).String()]++
				}
				if out.LastEvaluatedKey == nil {
					break
				}
				start = out.LastEvaluatedKey
			}
		}
		if len(counts) != len(rows) {
			t.Fatalf("TotalSegments %d saw %d distinct items, want %d", total, len(counts), len(rows))
		}
		for k, c := range counts {
			if c != 1 {
				t.Fatalf("TotalSegments %d: %s seen %d times", total, k, c)
			}
		}
	}
}

func atoi(s string) int {
	var v int
	fmt.Sscan(s, &v)
	return v
}

func TestScanSegmentErrors(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Tbl"))
	_, err := db.Scan(&ScanInput{TableName: ptr("Tbl"), Segment: ptr(int64(1))})
	wantError(t, err, CodeValidation, "The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	_, err = db.Scan(&ScanInput{TableName: ptr("Tbl"), TotalSegments: ptr(int64(2))})
	wantError(t, err, CodeValidation, "The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	_, err = db.Scan(&ScanInput{TableName: ptr("Tbl"), Segment: ptr(int64(5)), TotalSegments: ptr(int64(5))})
	wantError(t, err, CodeValidation, "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5")
	_, err = db.Scan(&ScanInput{TableName: ptr("Tbl"), Limit: ptr(int64(0))})
	wantError(t, err, CodeValidation, "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
}
