package engine

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// dynaliteRangeTableLSI is dynaliteRangeTable with its LSIs, index1 on
// (a, c) and index2 on (a, d), as in dynalite's helpers.
func dynaliteRangeTableLSI() *CreateTableInput {
	in := dynaliteRangeTable()
	all := schema.Projection{ProjectionType: schema.ProjectAll}
	for i, r := range []string{"c", "d"} {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, schema.LocalSecondaryIndex{
			IndexName: "index" + string(rune('1'+i)), Projection: all,
			KeySchema: []schema.KeySchemaElement{{AttributeName: "a", KeyType: schema.KeyTypeHash}, {AttributeName: r, KeyType: schema.KeyTypeRange}}})
	}
	return in
}

const keyScalars = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: "

// dynalite's suite, run against DynamoDB ("should return
// ValidationException for non-scalar key access / index access in
// ProjectionExpression / FilterExpression", test/getItem.js, query.js,
// scan.js): a path into a table key names it as Key, into an index key
// as IndexKey; a top-level key and a path into any other attribute pass.
func TestNonScalarKeyPaths(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, dynaliteRangeTableLSI())
	h := hashTable("hash")
	h.AttributeDefinitions[0].AttributeName, h.KeySchema[0].AttributeName = "a", "a"
	mustCreate(t, db, h)
	mustPut(t, db, "range", attr.Item{"a": s("1"), "b": s("1"), "e": attr.Map(attr.Item{"f": s("x")})})
	hashKey := attr.Item{"a": s("1")}
	rangeKey := attr.Item{"a": s("1"), "b": s("1")}
	names := map[string]string{"#a": "a", "#d": "d"}
	one := attr.Values{":a": s("1"), ":b": n("1")}

	for _, expr := range []string{"#a.b.c", "#a[0]"} {
		_, err := db.GetItem(&GetItemInput{TableName: ptr("hash"), Key: hashKey, ProjectionExpression: ptr(expr), ExpressionAttributeNames: map[string]string{"#a": "a"}})
		wantError(t, err, CodeValidation, keyScalars+"Key: a")
		_, err = db.BatchGetItem(&BatchGetItemInput{RequestItems: map[string]KeysAndAttributes{"hash": {Keys: []attr.Item{hashKey}, ProjectionExpression: ptr(expr), ExpressionAttributeNames: map[string]string{"#a": "a"}}}})
		wantError(t, err, CodeValidation, keyScalars+"Key: a")
		_, err = db.Scan(&ScanInput{TableName: ptr("hash"), ProjectionExpression: ptr(expr), ExpressionAttributeNames: map[string]string{"#a": "a"}})
		wantError(t, err, CodeValidation, keyScalars+"Key: a")
	}
	for _, expr := range []string{"#d.b.c", "#d[0]"} {
		_, err := db.GetItem(&GetItemInput{TableName: ptr("range"), Key: rangeKey, ProjectionExpression: ptr(expr), ExpressionAttributeNames: map[string]string{"#d": "d"}})
		wantError(t, err, CodeValidation, keyScalars+"IndexKey: d")
		_, err = db.Query(&QueryInput{TableName: ptr("range"), KeyConditionExpression: ptr("a = :a"), ProjectionExpression: ptr(expr),
			ExpressionAttributeNames: map[string]string{"#d": "d"}, ExpressionAttributeValues: attr.Values{":a": s("1")}})
		wantError(t, err, CodeValidation, keyScalars+"IndexKey: d")
	}
	for _, expr := range []string{"attribute_exists(d.c) AND c = :b", "d[1] = :b"} {
		_, err := db.Query(&QueryInput{TableName: ptr("range"), KeyConditionExpression: ptr("a = :a"), FilterExpression: ptr(expr), ExpressionAttributeValues: one})
		wantError(t, err, CodeValidation, keyScalars+"IndexKey: d")
		_, err = db.Scan(&ScanInput{TableName: ptr("range"), FilterExpression: ptr(expr + " AND :a = :a"), ExpressionAttributeValues: one})
		wantError(t, err, CodeValidation, keyScalars+"IndexKey: d")
	}
	// Scan's filter may name the table's key, and so reaches the Key case;
	// the table's key is named before an index's.
	_, err := db.Scan(&ScanInput{TableName: ptr("range"), FilterExpression: ptr("d.x = :a AND b.c = :b"), ExpressionAttributeValues: one})
	wantError(t, err, CodeValidation, keyScalars+"Key: b")

	// What stays allowed: top-level keys, and paths into other attributes.
	for _, pe := range []string{"#a, #d, e.f", "e.f[0], b"} {
		out, err := db.GetItem(&GetItemInput{TableName: ptr("range"), Key: rangeKey, ProjectionExpression: ptr(pe), ExpressionAttributeNames: pick(names, pe)})
		if err != nil || out.Item == nil {
			t.Fatalf("GetItem %q: %v %v", pe, out, err)
		}
	}
	out, err := db.Scan(&ScanInput{TableName: ptr("range"), FilterExpression: ptr("e.f = :x AND a = :x"), ProjectionExpression: ptr("a, e.f"), ExpressionAttributeValues: attr.Values{":x": s("x")}})
	if err != nil || out.Count != 0 {
		t.Fatalf("Scan: %v %v", out, err)
	}
}

// pick keeps the placeholders an expression uses (an unused one is an error).
func pick(names map[string]string, expr string) map[string]string {
	out := map[string]string{}
	for k, v := range names {
		if strings.Contains(expr, k) {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// An update may not descend into an index key either: Alternator's
// test_gsi.py test_gsi_wrong_type_attribute_update_nested, quoting
// DynamoDB ("... are not allowed: IndexKey: x"); the item is left as it was.
func TestUpdateIntoIndexKeyRefused(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, dynaliteRangeTableLSI())
	key := attr.Item{"a": s("1"), "b": s("1")}
	mustPut(t, db, "range", attr.Item{"a": s("1"), "b": s("1"), "d": s("x"), "e": attr.Map(attr.Item{})})
	for _, tc := range []struct{ update, key string }{
		{"SET d.y = :v", "d"}, {"SET c[0] = :v", "c"}, {"REMOVE d.y", "d"}, {"SET e.f = :v, d.y = :v", "d"},
	} {
		in := &UpdateItemInput{TableName: ptr("range"), Key: key, UpdateExpression: ptr(tc.update)}
		if strings.Contains(tc.update, ":v") {
			in.ExpressionAttributeValues = attr.Values{":v": s("z")}
		}
		_, err := db.UpdateItem(in)
		wantError(t, err, CodeValidation, keyScalars+"IndexKey: "+tc.key)
	}
	got, err := db.GetItem(&GetItemInput{TableName: ptr("range"), Key: key})
	if err != nil || !got.Item.Equal(attr.Item{"a": s("1"), "b": s("1"), "d": s("x"), "e": attr.Map(attr.Item{})}) {
		t.Fatalf("item changed: %v %v", got, err)
	}
	// A path into another attribute still updates.
	if _, err := db.UpdateItem(&UpdateItemInput{TableName: ptr("range"), Key: key, UpdateExpression: ptr("SET e.f = :v"), ExpressionAttributeValues: attr.Values{":v": s("z")}}); err != nil {
		t.Fatal(err)
	}
}
