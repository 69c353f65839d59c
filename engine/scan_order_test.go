package engine

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// dynalite's suite (test/scan.js, "should return items in string hash
// order", "number hash order", "correct string/number hash segments"),
// written against DynamoDB and kept passing against it, records the order
// a Scan of a hash-only table returns and the parallel-scan segment each
// key lands in. Issue 29.

func hashOnly(name string, typ schema.ScalarType) *CreateTableInput {
	return &CreateTableInput{
		TableName:            name,
		AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "a", AttributeType: typ}},
		KeySchema:            []schema.KeySchemaElement{{AttributeName: "a", KeyType: schema.KeyTypeHash}},
		BillingMode:          schema.BillingPayPerRequest,
	}
}

func scanKeys(t *testing.T, db *Database, table string, seg, total *int64) []string {
	t.Helper()
	out, err := db.Scan(&ScanInput{TableName: &table, Segment: seg, TotalSegments: total})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range out.Items {
		switch v := it["a"].(type) {
		case attr.String:
			keys = append(keys, string(v))
		case attr.Number:
			keys = append(keys, v.String())
		}
	}
	return keys
}

func TestScanOrderIsDynamoDBs(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashOnly("hashS", schema.TypeS))
	mustCreate(t, db, hashOnly("hashN", schema.TypeN))
	strs := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "aardman", "hello", "zapf", "äáöü"}
	nums := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-0.09", "999.9", "0.012345", "-999.9"}
	for _, k := range strs {
		mustPut(t, db, "hashS", attr.Item{"a": s(k)})
	}
	for _, k := range nums {
		mustPut(t, db, "hashN", attr.Item{"a": n(k)})
	}
	wantS := []string{"2", "8", "9", "1", "6", "hello", "0", "5", "4", "äáöü", "aardman", "7", "3", "zapf"}
	if got := scanKeys(t, db, "hashS", nil, nil); !reflect.DeepEqual(got, wantS) {
		t.Errorf("S scan order %q,\nwant %q", got, wantS)
	}
	wantN := []string{"7", "999.9", "8", "3", "2", "-999.9", "9", "4", "-0.09", "6", "1", "0", "0.012345", "5"}
	if got := scanKeys(t, db, "hashN", nil, nil); !reflect.DeepEqual(got, wantN) {
		t.Errorf("N scan order %q,\nwant %q", got, wantN)
	}
}

func TestScanSegmentsAreDynamoDBs(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashOnly("hashS", schema.TypeS))
	mustCreate(t, db, hashOnly("hashN", schema.TypeN))
	for _, k := range []string{"3635", "228", "1668", "3435"} {
		mustPut(t, db, "hashS", attr.Item{"a": s(k)})
	}
	for _, k := range []string{"251", "2388"} {
		mustPut(t, db, "hashN", attr.Item{"a": n(k)})
	}
	total := ptr(int64(4096))
	for _, tc := range []struct {
		table string
		seg   int64
		want  []string
	}{
		{"hashS", 0, []string{"3635", "228"}},
		{"hashS", 1, []string{"1668"}},
		{"hashS", 4, []string{"3435"}},
		{"hashN", 1, []string{"251"}},
		{"hashN", 4095, []string{"2388"}},
	} {
		got := scanKeys(t, db, tc.table, ptr(tc.seg), total)
		for _, k := range tc.want {
			if !slices.Contains(got, k) {
				t.Errorf("%s segment %d of 4096 holds %q, want %q in it", tc.table, tc.seg, got, k)
			}
		}
	}
}

// A coarser parallel scan's segment is the union of the finer ones it
// spans (dynalite's "should return items in same segment order": segment 0
// of 2 holds what segments 0 and 1 of 4 hold), and the segments of any
// split partition the table.
func TestScanSegmentsNest(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashOnly("hashS", schema.TypeS))
	var all []string
	for i := range 200 {
		k := fmt.Sprintf("key-%d", i)
		all = append(all, k)
		mustPut(t, db, "hashS", attr.Item{"a": s(k)})
	}
	full := scanKeys(t, db, "hashS", nil, nil)
	for _, total := range []int64{2, 3, 4, 7, 4096, 5000} {
		var joined []string
		for seg := range total {
			joined = append(joined, scanKeys(t, db, "hashS", ptr(seg), ptr(total))...)
		}
		if !reflect.DeepEqual(joined, full) {
			t.Errorf("%d segments joined in order differ from the full scan", total)
		}
	}
	for seg := range int64(2) {
		coarse := scanKeys(t, db, "hashS", ptr(seg), ptr(int64(2)))
		fine := append(scanKeys(t, db, "hashS", ptr(2*seg), ptr(int64(4))), scanKeys(t, db, "hashS", ptr(2*seg+1), ptr(int64(4)))...)
		if !reflect.DeepEqual(coarse, fine) {
			t.Errorf("segment %d of 2 is not segments %d and %d of 4", seg, 2*seg, 2*seg+1)
		}
	}
	if len(full) != len(all) {
		t.Fatalf("scan saw %d of %d items", len(full), len(all))
	}
}

// dynaliteRangeTable is dynalite's testRangeTable: key (a, b), GSI index3
// on c, GSI index4 on (c, d).
func dynaliteRangeTable() *CreateTableInput {
	def := func(n string) schema.AttributeDefinition {
		return schema.AttributeDefinition{AttributeName: n, AttributeType: schema.TypeS}
	}
	key := func(h, r string) []schema.KeySchemaElement {
		ks := []schema.KeySchemaElement{{AttributeName: h, KeyType: schema.KeyTypeHash}}
		if r != "" {
			ks = append(ks, schema.KeySchemaElement{AttributeName: r, KeyType: schema.KeyTypeRange})
		}
		return ks
	}
	all := schema.Projection{ProjectionType: schema.ProjectAll}
	return &CreateTableInput{
		TableName:            "range",
		AttributeDefinitions: []schema.AttributeDefinition{def("a"), def("b"), def("c"), def("d")},
		KeySchema:            key("a", "b"),
		BillingMode:          schema.BillingPayPerRequest,
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{
			{IndexName: "index3", KeySchema: key("c", ""), Projection: all},
			{IndexName: "index4", KeySchema: key("c", "d"), Projection: all},
		},
	}
}

// TestGSIEqualKeysInDynamoDBsOrder: dynalite's test/query.js, run against
// DynamoDB, "should query on basic hash global index" (and its reverse),
// and "should query on a global index if values are equal": items whose
// index keys are equal come back in the order of the hash of their whole
// primary key.
func TestGSIEqualKeysInDynamoDBsOrder(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, dynaliteRangeTable())
	query := func(index string, forward bool, esk attr.Item, kc string, vals attr.Values) []string {
		t.Helper()
		out, err := db.Query(&QueryInput{TableName: ptr("range"), IndexName: &index, ScanIndexForward: &forward,
			ExclusiveStartKey: esk, KeyConditionExpression: &kc, ExpressionAttributeValues: vals})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, it := range out.Items {
			keys = append(keys, string(it["a"].(attr.String))+string(it["b"].(attr.String)))
		}
		return keys
	}
	// index3: six items share c = c1 (one more has c2).
	for _, ab := range []string{"aa", "bb", "ce", "cd", "cc", "da", "ea"} {
		c := "c1"
		if ab == "cc" {
			c = "c2"
		}
		mustPut(t, db, "range", attr.Item{"a": s(ab[:1]), "b": s(ab[1:]), "c": s(c), "d": s("a")})
	}
	want := []string{"bb", "aa", "ce", "ea", "da", "cd"} // forward: item2, item, item3, item7, then item6, item4
	if got := query("index3", true, nil, "c = :c", attr.Values{":c": s("c1")}); !reflect.DeepEqual(got, want) {
		t.Errorf("index3 forward %q, want %q", got, want)
	}
	rev := slices.Clone(want)
	slices.Reverse(rev) // dynalite records the first four: item4, item6, item7, item3
	if got := query("index3", false, nil, "c = :c", attr.Values{":c": s("c1")}); !reflect.DeepEqual(got, rev) {
		t.Errorf("index3 reverse %q, want %q", got, rev)
	}

	// index4: six items share (c, d) = (c3, a).
	for _, ab := range []string{"aa", "ba", "ca", "cb", "da", "db"} {
		mustPut(t, db, "range", attr.Item{"a": s(ab[:1]), "b": s(ab[1:]), "c": s("c3"), "d": s("a")})
	}
	esk := attr.Item{"a": s("a"), "b": s("a"), "c": s("c3"), "d": s("a")}
	want = []string{"da", "ba", "ca", "db", "cb"} // item5, item2, item3, item6, item4
	if got := query("index4", true, esk, "c = :c", attr.Values{":c": s("c3")}); !reflect.DeepEqual(got, want) {
		t.Errorf("index4 after (a, a) %q, want %q", got, want)
	}
	checkInvariants(t, db)
}
