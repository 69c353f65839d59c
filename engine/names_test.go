package engine

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestAttributeNameBoundsOnWrites: every write path refuses an attribute
// name of zero length or over 65535 bytes, wherever the name comes from (an
// item built in Go, a nested map, ExpressionAttributeNames, a legacy
// parameter), and writes nothing.
func TestAttributeNameBoundsOnWrites(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Tbl"))
	tooLong := strings.Repeat("n", attr.MaxNameLength+1)
	key := attr.Item{"id": s("a")}
	tbl := ptr("Tbl")
	cases := []struct {
		name string
		run  func() error
		want string
	}{
		{"PutItem empty name", func() error {
			_, err := db.PutItem(&PutItemInput{TableName: tbl, Item: attr.Item{"id": s("a"), "": s("x")}})
			return err
		}, attr.MsgEmptyName},
		{"PutItem nested empty name", func() error {
			_, err := db.PutItem(&PutItemInput{TableName: tbl, Item: attr.Item{"id": s("a"), "m": attr.Map{"x": attr.List{attr.Map{"": s("x")}}}}})
			return err
		}, attr.MsgEmptyName},
		{"PutItem name too long", func() error {
			_, err := db.PutItem(&PutItemInput{TableName: tbl, Item: attr.Item{"id": s("a"), tooLong: s("x")}})
			return err
		}, attr.MsgNameTooLong},
		{"BatchWriteItem", func() error {
			_, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Tbl": {{PutRequest: &PutRequest{Item: attr.Item{"id": s("a"), "": s("x")}}}}}})
			return err
		}, attr.MsgEmptyName},
		{"TransactWriteItems", func() error {
			// Item checks inside a transaction cancel it with a
			// ValidationError reason (as an oversized item does); the
			// wire decoder refuses the name before, as a
			// ValidationException.
			_, err := db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{{Put: &TransactPut{TableName: tbl, Item: attr.Item{"id": s("a"), "m": attr.Map{"": s("x")}}}}}})
			if e, ok := err.(*Error); ok && e.Code == CodeTransactionCanceled && len(e.CancellationReasons) == 1 {
				r := e.CancellationReasons[0]
				return &Error{Code: CodeValidation, Message: r.Code + ": " + r.Message}
			}
			return err
		}, "ValidationError: " + attr.MsgEmptyName},
		{"UpdateItem SET #n (too long)", func() error {
			_, err := db.UpdateItem(&UpdateItemInput{TableName: tbl, Key: key, UpdateExpression: ptr("SET #n = :v"),
				ExpressionAttributeNames: map[string]string{"#n": tooLong}, ExpressionAttributeValues: attr.Values{":v": s("x")}})
			return err
		}, "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key #n"},
		{"UpdateItem SET m.#n (empty)", func() error {
			_, err := db.UpdateItem(&UpdateItemInput{TableName: tbl, Key: key, UpdateExpression: ptr("SET m.#n = :v"),
				ExpressionAttributeNames: map[string]string{"#n": ""}, ExpressionAttributeValues: attr.Values{":v": s("x")}})
			return err
		}, "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n"},
		{"UpdateItem AttributeUpdates", func() error {
			_, err := db.UpdateItem(&UpdateItemInput{TableName: tbl, Key: key,
				AttributeUpdates: map[string]AttributeValueUpdate{"": {Value: &attr.AttributeValue{Value: s("x")}, Action: "PUT"}}})
			return err
		}, attr.MsgEmptyName},
		{"GetItem AttributesToGet", func() error {
			_, err := db.GetItem(&GetItemInput{TableName: tbl, Key: key, AttributesToGet: []string{tooLong}})
			return err
		}, attr.MsgNameTooLong},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantError(t, tc.run(), CodeValidation, tc.want)
			out, err := db.GetItem(&GetItemInput{TableName: tbl, Key: key})
			if err != nil || out.Item != nil {
				t.Fatalf("the refused write wrote %v (%v)", out.Item, err)
			}
		})
	}
	// The longest name is accepted.
	longest := tooLong[1:]
	mustPut(t, db, "Tbl", attr.Item{"id": s("a"), longest: attr.Map{longest: s("x")}})
}
