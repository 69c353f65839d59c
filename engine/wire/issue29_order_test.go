package wire_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// Issue 29's orders as raw JSON: a Scan's hash order and parallel-scan
// segments, from dynalite's suite run against DynamoDB (test/scan.js:
// "should return items in string hash order", "number hash order",
// "correct string/number hash segments").

// dynaliteScanOrder is what DynamoDB returns for those keys, in order.
var dynaliteScanOrder = map[string][]string{
	"S": {"2", "8", "9", "1", "6", "hello", "0", "5", "4", "äáöü", "aardman", "7", "3", "zapf"},
	"N": {"7", "999.9", "8", "3", "2", "-999.9", "9", "4", "-0.09", "6", "1", "0", "0.012345", "5"},
}

// dynaliteSegments: key type, key, segment of 4096 DynamoDB puts it in.
var dynaliteSegments = []struct {
	typ, key string
	seg      int
}{
	{"S", "3635", 0}, {"S", "228", 0}, {"S", "1668", 1}, {"S", "3435", 4},
	{"N", "251", 1}, {"N", "2388", 4095},
}

func dispatchOK(t *testing.T, db *engine.Database, op, body string) []byte {
	t.Helper()
	status, resp := wire.Dispatch(db, wire.TargetPrefix+op, []byte(body))
	if status != 200 {
		t.Fatalf("%s: %d %s", op, status, resp)
	}
	return resp
}

// scanValues scans table (with the extra JSON members) and returns
// attribute a's values in the order of the answer.
func scanValues(t *testing.T, db *engine.Database, table, typ, extra string) []string {
	t.Helper()
	var out struct {
		Items []map[string]map[string]string
	}
	if err := json.Unmarshal(dispatchOK(t, db, "Scan", fmt.Sprintf(`{"TableName":%q%s}`, table, extra)), &out); err != nil {
		t.Fatal(err)
	}
	var vals []string
	for _, it := range out.Items {
		vals = append(vals, it["a"][typ])
	}
	return vals
}

func createHashOnly(t *testing.T, db *engine.Database, table, typ string) {
	t.Helper()
	dispatchOK(t, db, "CreateTable", fmt.Sprintf(`{"TableName":%q,"AttributeDefinitions":[{"AttributeName":"a","AttributeType":%q}],"KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`, table, typ))
}

func TestIssue29ScanOrder(t *testing.T) {
	db := engine.New()
	for typ, want := range dynaliteScanOrder {
		table := "hash" + typ
		createHashOnly(t, db, table, typ)
		var puts []string
		for _, k := range want {
			puts = append(puts, fmt.Sprintf(`{"PutRequest":{"Item":{"a":{%q:%q}}}}`, typ, k))
		}
		dispatchOK(t, db, "BatchWriteItem", fmt.Sprintf(`{"RequestItems":{%q:[%s]}}`, table, strings.Join(puts, ",")))
		if got := scanValues(t, db, table, typ, ""); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Scan order %q\nwant (DynamoDB's) %q", typ, got, want)
		}
	}
}

func TestIssue29ScanSegments(t *testing.T) {
	db := engine.New()
	createHashOnly(t, db, "segS", "S")
	createHashOnly(t, db, "segN", "N")
	for _, c := range dynaliteSegments {
		dispatchOK(t, db, "PutItem", fmt.Sprintf(`{"TableName":"seg%s","Item":{"a":{%q:%q}}}`, c.typ, c.typ, c.key))
	}
	for _, c := range dynaliteSegments {
		got := scanValues(t, db, "seg"+c.typ, c.typ, fmt.Sprintf(`,"Segment":%d,"TotalSegments":4096`, c.seg))
		if !slices.Contains(got, c.key) {
			t.Errorf("%s %s: segment %d of 4096 holds %q; DynamoDB puts the key there", c.typ, c.key, c.seg, got)
		}
	}
}

// dynaliteGSITable is dynalite's testRangeTable: key (a, b), GSI index3 on
// c, GSI index4 on (c, d).
const dynaliteGSITable = `{"TableName":"range","AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"},{"AttributeName":"d","AttributeType":"S"}],` +
	`"KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST","GlobalSecondaryIndexes":[` +
	`{"IndexName":"index3","KeySchema":[{"AttributeName":"c","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}},` +
	`{"IndexName":"index4","KeySchema":[{"AttributeName":"c","KeyType":"HASH"},{"AttributeName":"d","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]}`

// dynaliteGSIOrder: dynalite's test/query.js, run against DynamoDB ("should
// query on basic hash global index", "should query on a global index if
// values are equal"): the (a, b) keys of items with equal index keys, in
// the order DynamoDB returns them.
var dynaliteGSIOrder = struct{ index3, index4 []string }{
	index3: []string{"bb", "aa", "ce", "ea", "da", "cd"},
	index4: []string{"aa", "da", "ba", "ca", "db", "cb"},
}

func TestIssue29GSIEqualKeys(t *testing.T) {
	db := engine.New()
	dispatchOK(t, db, "CreateTable", dynaliteGSITable)
	put := func(ab, c string) {
		dispatchOK(t, db, "PutItem", fmt.Sprintf(`{"TableName":"range","Item":{"a":{"S":%q},"b":{"S":%q},"c":{"S":%q},"d":{"S":"a"}}}`, ab[:1], ab[1:], c))
	}
	for _, ab := range dynaliteGSIOrder.index3 {
		put(ab, "c1")
	}
	query := func(index, c string, forward bool) []string {
		var out struct {
			Items []map[string]map[string]string
		}
		body := fmt.Sprintf(`{"TableName":"range","IndexName":%q,"KeyConditionExpression":"c = :c","ExpressionAttributeValues":{":c":{"S":%q}},"ScanIndexForward":%v}`, index, c, forward)
		if err := json.Unmarshal(dispatchOK(t, db, "Query", body), &out); err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, it := range out.Items {
			keys = append(keys, it["a"]["S"]+it["b"]["S"])
		}
		return keys
	}
	if got := query("index3", "c1", true); !reflect.DeepEqual(got, dynaliteGSIOrder.index3) {
		t.Errorf("index3 %q, want DynamoDB's %q", got, dynaliteGSIOrder.index3)
	}
	rev := slices.Clone(dynaliteGSIOrder.index3)
	slices.Reverse(rev)
	if got := query("index3", "c1", false); !reflect.DeepEqual(got, rev) {
		t.Errorf("index3 reversed %q, want %q", got, rev)
	}
	// dynalite's second test reuses primary keys of the first: put them
	// after the first's queries, as its separate tests do.
	for _, ab := range dynaliteGSIOrder.index4 {
		put(ab, "c3")
	}
	if got := query("index4", "c3", true); !reflect.DeepEqual(got, dynaliteGSIOrder.index4) {
		t.Errorf("index4 %q, want DynamoDB's %q", got, dynaliteGSIOrder.index4)
	}
}
