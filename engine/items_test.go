package engine

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestPutGetDeleteRoundTrip(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Cart", "S"))
	item := attr.Item{"pk": s("USER#1"), "sk": s("CART#ACTIVE#42"), "qty": n("3"), "name": s("lamp")}
	mustPut(t, db, "Cart", item)

	got, err := db.GetItem(&GetItemInput{TableName: ptr("Cart"), Key: attr.Item{"pk": s("USER#1"), "sk": s("CART#ACTIVE#42")}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(got.Item, item) {
		t.Fatalf("GetItem = %v, want %v", got.Item, item)
	}
	if got.ConsumedCapacity == nil || got.ConsumedCapacity.CapacityUnits != 0.5 || got.ConsumedCapacity.TableName != "Cart" {
		t.Fatalf("eventually consistent GetItem consumed %+v, want 0.5 on Cart", got.ConsumedCapacity)
	}

	del, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Cart"), Key: attr.Item{"pk": s("USER#1"), "sk": s("CART#ACTIVE#42")}, ReturnValues: "ALL_OLD"})
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(del.Attributes, item) {
		t.Fatalf("DeleteItem ALL_OLD = %v", del.Attributes)
	}
	got, err = db.GetItem(&GetItemInput{TableName: ptr("Cart"), Key: attr.Item{"pk": s("USER#1"), "sk": s("CART#ACTIVE#42")}})
	if err != nil || got.Item != nil {
		t.Fatalf("after delete GetItem = %v, %v; want no item", got.Item, err)
	}
}

func TestNumberKeysCompareByValue(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "N"))
	mustPut(t, db, "Tbl", attr.Item{"pk": s("a"), "sk": n("1000"), "v": s("first")})
	// 1e3 is the same number, so this replaces the item.
	mustPut(t, db, "Tbl", attr.Item{"pk": s("a"), "sk": n("1E+3"), "v": s("second")})
	got, err := db.GetItem(&GetItemInput{TableName: ptr("Tbl"), Key: attr.Item{"pk": s("a"), "sk": n("1000.0")}})
	if err != nil {
		t.Fatal(err)
	}
	if v := got.Item["v"]; !attr.Equal(v, s("second")) {
		t.Fatalf("v = %v, want second", v)
	}
	if sk := got.Item["sk"].(attr.Number).String(); sk != "1000" {
		t.Fatalf("sk came back as %q, want 1000", sk)
	}
}

func TestPutItemValidation(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "S"))
	big := strings.Repeat("x", 400*1024)
	cases := []struct {
		name string
		in   PutItemInput
		code Code
		msg  string
	}{
		{"missing table name", PutItemInput{Item: attr.Item{}}, CodeValidation,
			"1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"},
		{"unknown table", PutItemInput{TableName: ptr("Nope"), Item: attr.Item{"pk": s("a"), "sk": s("b")}}, CodeResourceNotFound,
			"Requested resource not found"},
		{"missing key", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a")}}, CodeValidation,
			"One or more parameter values were invalid: Missing the key sk in the item"},
		{"key type", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": n("1"), "sk": s("b")}}, CodeValidation,
			"One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N"},
		{"empty key", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s(""), "sk": s("b")}}, CodeValidation,
			"The AttributeValue for a key attribute cannot contain an empty string value. Key: pk"},
		{"hash key too long", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s(strings.Repeat("k", 2049)), "sk": s("b")}}, CodeValidation,
			"Size of hashkey has exceeded the maximum size limit of2048 bytes"},
		{"range key too long", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s(strings.Repeat("k", 1025))}}, CodeValidation,
			"Aggregated size of all range keys has exceeded the size limit of 1024 bytes"},
		{"item too big", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b"), "blob": s(big)}}, CodeValidation,
			"Item size has exceeded the maximum allowed size"},
		{"bad return values", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b")}, ReturnValues: "ALL_NEW"}, CodeValidation,
			"ReturnValues can only be ALL_OLD or NONE"},
		{"bad enum", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b")}, ReturnConsumedCapacity: "SOME"}, CodeValidation,
			"Value 'SOME' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"},
		{"mixed legacy", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b")}, ConditionExpression: ptr("attribute_not_exists(pk)"),
			Expected: map[string]ExpectedAttributeValue{"pk": {Exists: ptr(false)}}}, CodeValidation,
			"Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"},
		{"unused value", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b")}, ConditionExpression: ptr("attribute_not_exists(pk)"),
			ExpressionAttributeValues: attr.Values{":unused": s("x")}}, CodeValidation,
			"Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}"},
		{"values without expression", PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"pk": s("a"), "sk": s("b")},
			ExpressionAttributeValues: attr.Values{":v": s("x")}}, CodeValidation,
			"ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := db.PutItem(&tc.in)
			wantError(t, err, tc.code, tc.msg)
		})
	}
	// Nothing above may have written anything.
	out, err := db.Scan(&ScanInput{TableName: ptr("Tbl")})
	if err != nil || out.Count != 0 {
		t.Fatalf("after rejected puts Scan = %d items, %v", out.Count, err)
	}
}

func TestConditionalWrites(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Users"))
	first := attr.Item{"id": s("u1"), "email": s("a@example.com")}
	create := func(item attr.Item) error {
		_, err := db.PutItem(&PutItemInput{TableName: ptr("Users"), Item: item,
			ConditionExpression: ptr("attribute_not_exists(id)"), ReturnValuesOnConditionCheckFailure: "ALL_OLD"})
		return err
	}
	if err := create(first); err != nil {
		t.Fatal(err)
	}
	err := create(attr.Item{"id": s("u1"), "email": s("b@example.com")})
	wantError(t, err, CodeConditionalCheckFailed, "The conditional request failed")
	if e := err.(*Error); !itemsEqual(e.Item, first) {
		t.Fatalf("failed condition returned item %v, want %v", e.Item, first)
	}
	// Legacy Expected lowers to the same condition.
	_, err = db.DeleteItem(&DeleteItemInput{TableName: ptr("Users"), Key: attr.Item{"id": s("u1")},
		Expected: map[string]ExpectedAttributeValue{"email": {Value: &attr.AttributeValue{Value: s("zzz")}}}})
	wantError(t, err, CodeConditionalCheckFailed, "The conditional request failed")
	_, err = db.DeleteItem(&DeleteItemInput{TableName: ptr("Users"), Key: attr.Item{"id": s("u1")},
		Expected: map[string]ExpectedAttributeValue{"email": {ComparisonOperator: "BEGINS_WITH", AttributeValueList: []attr.AttributeValue{{Value: s("a@")}}}}})
	if err != nil {
		t.Fatalf("legacy BEGINS_WITH delete: %v", err)
	}
}

func TestUpdateItem(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Votes"))
	key := attr.Item{"id": s("candidate-a")}
	up := func(expr string, values attr.Values, rv string) (*UpdateItemOutput, error) {
		return db.UpdateItem(&UpdateItemInput{TableName: ptr("Votes"), Key: key, UpdateExpression: &expr,
			ExpressionAttributeValues: values, ReturnValues: rv})
	}
	// Upsert: ADD on a missing item starts from zero.
	out, err := up("ADD votes :one", attr.Values{":one": n("1")}, "ALL_NEW")
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(out.Attributes, attr.Item{"id": s("candidate-a"), "votes": n("1")}) {
		t.Fatalf("ALL_NEW = %v", out.Attributes)
	}
	out, err = up("SET votes = votes + :five, tags = :tags", attr.Values{":five": n("5"), ":tags": attr.List{s("x")}}, "UPDATED_OLD")
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(out.Attributes, attr.Item{"votes": n("1")}) {
		t.Fatalf("UPDATED_OLD = %v, want only the old votes", out.Attributes)
	}
	out, err = up("SET tags = list_append(tags, :more)", attr.Values{":more": attr.List{s("y")}}, "UPDATED_NEW")
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(out.Attributes, attr.Item{"tags": attr.List{s("x"), s("y")}}) {
		t.Fatalf("UPDATED_NEW = %v", out.Attributes)
	}
	_, err = up("SET id = :x", attr.Values{":x": s("other")}, "")
	wantError(t, err, CodeValidation, "Cannot update attribute id. This attribute is part of the key")

	// An update that only removes creates nothing on a missing item.
	other := "REMOVE votes"
	if _, err := db.UpdateItem(&UpdateItemInput{TableName: ptr("Votes"), Key: attr.Item{"id": s("ghost")}, UpdateExpression: &other}); err != nil {
		t.Fatal(err)
	}
	got, _ := db.GetItem(&GetItemInput{TableName: ptr("Votes"), Key: attr.Item{"id": s("ghost")}})
	if got.Item != nil {
		t.Fatalf("REMOVE on a missing item created %v", got.Item)
	}
	// No actions at all creates a key-only item.
	if _, err := db.UpdateItem(&UpdateItemInput{TableName: ptr("Votes"), Key: attr.Item{"id": s("bare")}}); err != nil {
		t.Fatal(err)
	}
	got, _ = db.GetItem(&GetItemInput{TableName: ptr("Votes"), Key: attr.Item{"id": s("bare")}})
	if !itemsEqual(got.Item, attr.Item{"id": s("bare")}) {
		t.Fatalf("empty update created %v, want the key only", got.Item)
	}
	// Legacy AttributeUpdates: PUT and ADD to a list.
	_, err = db.UpdateItem(&UpdateItemInput{TableName: ptr("Votes"), Key: key, AttributeUpdates: map[string]AttributeValueUpdate{
		"tags":  {Action: "ADD", Value: &attr.AttributeValue{Value: attr.List{s("z")}}},
		"state": {Action: "PUT", Value: &attr.AttributeValue{Value: s("open")}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = db.GetItem(&GetItemInput{TableName: ptr("Votes"), Key: key})
	if !attr.Equal(got.Item["tags"], attr.List{s("x"), s("y"), s("z")}) || !attr.Equal(got.Item["state"], s("open")) {
		t.Fatalf("legacy update gave %v", got.Item)
	}
}

func TestWriteCapacity(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Tbl"))
	// 1,500 bytes of value: 2 WCU; replacing it with a small item still
	// costs the larger of the two sizes.
	big := attr.Item{"id": s("a"), "v": s(strings.Repeat("x", 1500))}
	out, err := db.PutItem(&PutItemInput{TableName: ptr("Tbl"), Item: big, ReturnConsumedCapacity: "INDEXES"})
	if err != nil {
		t.Fatal(err)
	}
	if out.ConsumedCapacity.CapacityUnits != 2 || out.ConsumedCapacity.Table == nil || out.ConsumedCapacity.Table.CapacityUnits != 2 {
		t.Fatalf("put consumed %+v, want 2 with a Table breakdown", out.ConsumedCapacity)
	}
	out, err = db.PutItem(&PutItemInput{TableName: ptr("Tbl"), Item: attr.Item{"id": s("a")}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil || out.ConsumedCapacity.CapacityUnits != 2 {
		t.Fatalf("overwrite consumed %+v, %v; want 2", out.ConsumedCapacity, err)
	}
	del, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Tbl"), Key: attr.Item{"id": s("missing")}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil || del.ConsumedCapacity.CapacityUnits != 1 {
		t.Fatalf("delete of a missing item consumed %+v, %v; want 1", del.ConsumedCapacity, err)
	}
}

func TestGetItemProjectionAndKeyErrors(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "S"))
	mustPut(t, db, "Tbl", attr.Item{"pk": s("a"), "sk": s("b"), "doc": attr.Map{"x": n("1"), "y": n("2")}})
	key := attr.Item{"pk": s("a"), "sk": s("b")}
	got, err := db.GetItem(&GetItemInput{TableName: ptr("Tbl"), Key: key, ProjectionExpression: ptr("doc.y, #m"),
		ExpressionAttributeNames: map[string]string{"#m": "missing"}})
	if err != nil {
		t.Fatal(err)
	}
	if !itemsEqual(got.Item, attr.Item{"doc": attr.Map{"y": n("2")}}) {
		t.Fatalf("projection = %v", got.Item)
	}
	got, err = db.GetItem(&GetItemInput{TableName: ptr("Tbl"), Key: key, ProjectionExpression: ptr("nothing")})
	if err != nil || got.Item == nil || len(got.Item) != 0 {
		t.Fatalf("projection matching nothing = %#v, %v; want an empty, present item", got.Item, err)
	}
	for _, bad := range []attr.Item{{"pk": s("a")}, {"pk": s("a"), "sk": n("1")}, {"pk": s("a"), "sk": s("b"), "x": s("c")}} {
		_, err := db.GetItem(&GetItemInput{TableName: ptr("Tbl"), Key: bad})
		wantError(t, err, CodeValidation, "The provided key element does not match the schema")
	}
}
