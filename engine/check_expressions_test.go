package engine

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestCheckExpressionsMatchesOperations: for broken requests of each
// operation, CheckExpressions gives exactly the error the operation
// answers, without a database; valid requests have no problems.
func TestCheckExpressionsMatchesOperations(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, compositeTable("Tbl", "S"))
	tbl := ptr("Tbl")
	key := attr.Item{"pk": s("a"), "sk": s("b")}
	vals := func(kv ...string) attr.Values {
		out := attr.Values{}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = s(kv[i+1])
		}
		return out
	}
	cases := []struct {
		name string
		in   any
		run  func() error
		ok   bool
	}{}
	add := func(name string, ok bool, in any, run func() error) {
		cases = append(cases, struct {
			name string
			in   any
			run  func() error
			ok   bool
		}{name, in, run, ok})
	}
	q1 := &QueryInput{TableName: tbl, KeyConditionExpression: ptr("pk = :p AND begins_with(sk :x)"), ExpressionAttributeValues: vals(":p", "a", ":x", "b")}
	add("query syntax", false, q1, func() error { _, err := db.Query(q1); return err })
	q2 := &QueryInput{TableName: tbl, KeyConditionExpression: ptr("pk = :p"), ExpressionAttributeValues: vals(":p", "a", ":unused", "b")}
	add("query unused value", false, q2, func() error { _, err := db.Query(q2); return err })
	q3 := &QueryInput{TableName: tbl, KeyConditionExpression: ptr("pk = :p"), FilterExpression: ptr("size = :p"), ExpressionAttributeValues: vals(":p", "a")}
	add("query reserved word", false, q3, func() error { _, err := db.Query(q3); return err })
	q4 := &QueryInput{TableName: tbl}
	add("query without key condition", false, q4, func() error { _, err := db.Query(q4); return err })
	q5 := &QueryInput{TableName: tbl, KeyConditionExpression: ptr("pk = :p"), ExpressionAttributeValues: vals(":p", "a")}
	add("query ok", true, q5, func() error { _, err := db.Query(q5); return err })
	u1 := &UpdateItemInput{TableName: tbl, Key: key, UpdateExpression: ptr("SET a = :v, a = :v"), ExpressionAttributeValues: vals(":v", "1")}
	add("update overlap", false, u1, func() error { _, err := db.UpdateItem(u1); return err })
	u2 := &UpdateItemInput{TableName: tbl, Key: key, UpdateExpression: ptr("SET a = :v"), ConditionExpression: ptr("attribute_exist(a)"), ExpressionAttributeValues: vals(":v", "1")}
	add("update bad function", false, u2, func() error { _, err := db.UpdateItem(u2); return err })
	p1 := &PutItemInput{TableName: tbl, Item: key, ConditionExpression: ptr("#x = :v"), ExpressionAttributeValues: vals(":v", "1")}
	add("put undefined name", false, p1, func() error { _, err := db.PutItem(p1); return err })
	d1 := &DeleteItemInput{TableName: tbl, Key: key, ExpressionAttributeValues: vals(":v", "1")}
	add("delete values without expression", false, d1, func() error { _, err := db.DeleteItem(d1); return err })
	g1 := &GetItemInput{TableName: tbl, Key: key, ProjectionExpression: ptr("a,,b")}
	add("get projection", false, g1, func() error { _, err := db.GetItem(g1); return err })
	s1 := &ScanInput{TableName: tbl, FilterExpression: ptr("a = :v")}
	add("scan undefined value", false, s1, func() error { _, err := db.Scan(s1); return err })
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			probs := CheckExpressions(c.in)
			runErr := c.run()
			if c.ok {
				if len(probs) != 0 {
					t.Fatalf("CheckExpressions = %v on a valid request", probs[0].Err)
				}
				return
			}
			if len(probs) != 1 {
				t.Fatalf("CheckExpressions gave %d problems, want 1 (the operation says %v)", len(probs), runErr)
			}
			if runErr == nil || probs[0].Err.Error() != runErr.Error() {
				t.Fatalf("CheckExpressions: %v\nthe operation:     %v", probs[0].Err, runErr)
			}
		})
	}
	tw := &TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{ConditionCheck: &ConditionCheck{TableName: tbl, Key: key, ConditionExpression: ptr("attribute_exists(pk)")}},
		{Update: &TransactUpdate{TableName: tbl, Key: key, UpdateExpression: ptr("SET a = :v, a = :v"), ExpressionAttributeValues: vals(":v", "1")}},
	}}
	probs := CheckExpressions(tw)
	if len(probs) != 1 || probs[0].Member != "TransactItems[1].Update" {
		t.Fatalf("transaction problems %+v", probs)
	}
}
