package app

import "testing"

// TestQueryFormFollowsTheEditor checks the editor -> form direction: the
// body the form writes, read back, gives a form that writes the same body;
// and a body the form cannot show leaves the form as it was.
func TestQueryFormFollowsTheEditor(t *testing.T) {
	music := &formTable{Name: "Music", Keys: []formKey{{"Name", "S", false}, {"Year", "N", true}}, Types: map[string]string{"Name": "S", "Year": "N"}}
	tables := map[string]*formTable{"AppTable": appTable(), "Music": music}
	lookup := func(name string) *formTable { return tables[name] }
	forms := []queryForm{
		{Operation: "GetItem", Table: "AppTable", Key: appKey, Projection: "PK, Price", ConsistentRead: true},
		{Operation: "Query", Table: "AppTable", Key: appKey, SortOp: opBeginsWith, Filter: "Price >= 10", Limit: "25"},
		{Operation: "Query", Table: "AppTable", Index: "GSI1", Key: map[string]string{"GSI1PK": "OPEN", "GSI1SK": "100"}, SortOp: opBetween, SortTo: "200", Select: "COUNT", Descending: true},
		{Operation: "Query", Table: "Music", Key: map[string]string{"Name": "Acme", "Year": "1990"}, SortOp: ">",
			Filter: `Status IN ("live", "draft") AND size(Data) > 2`, Projection: "Name, Year, Info.Date, Tags[0]", Capacity: "TOTAL"},
		{Operation: "Scan", Table: "AppTable", Filter: `Active = true`, Segment: "1", TotalSegments: "4", Limit: "10"},
		{Operation: "PutItem", Table: "AppTable", Item: `{"PK": {"S": "A"}, "SK": {"S": "B"}, "Price": {"N": "3"}}`, Condition: "attribute_not_exists(PK)", ReturnValues: "ALL_OLD"},
		{Operation: "UpdateItem", Table: "Music", Key: map[string]string{"Name": "Acme", "Year": "1990"}, Update: "SET Plays = Plays + 1 REMOVE Old", Condition: `Owner = "me"`},
		{Operation: "DeleteItem", Table: "AppTable", Key: appKey, Condition: "Price < 5"},
	}
	for _, f := range forms {
		t.Run(f.Operation+" "+f.Table, func(t *testing.T) {
			body, err := f.build(tables[f.Table])
			if err != nil {
				t.Fatal(err)
			}
			back, ok := formFromRequest(queryForm{Operation: f.Operation}, []byte(body), lookup)
			if !ok {
				t.Fatalf("the form cannot read back its own body:\n%s", body)
			}
			again, err := back.build(tables[back.Table])
			if err != nil {
				t.Fatal(err)
			}
			if again != body {
				t.Errorf("read back %+v, which writes\n%s\nnot\n%s", back, again, body)
			}
		})
	}
	// An edit by hand shows in the form's fields.
	cur := queryForm{Operation: "Query", Table: "AppTable", Key: map[string]string{"PK": "USER#1"}, SortOp: "="}
	edited := `{"TableName": "AppTable", "KeyConditionExpression": "PK = :pk AND SK < :sk",
		"ExpressionAttributeValues": {":pk": {"S": "USER#9"}, ":sk": {"S": "ORDER#5"}}, "Limit": 3}`
	f, ok := formFromRequest(cur, []byte(edited), lookup)
	if !ok || f.Key["PK"] != "USER#9" || f.Key["SK"] != "ORDER#5" || f.SortOp != "<" || f.Limit != "3" {
		t.Errorf("the hand-edited query reads as %+v (%v)", f, ok)
	}
	// What the form cannot show leaves it alone.
	for _, bad := range []string{`{"TableName": "AppTable", "Key": `, `{"TableName": "Nowhere"}`, `[1]`,
		`{"TableName": "AppTable", "KeyConditionExpression": "PK = :missing"}`,
		`{"TableName": "AppTable", "FilterExpression": "#a = :b", "ExpressionAttributeNames": {"#a": "a-b"}, "ExpressionAttributeValues": {":b": {"S": "x"}}}`,
		`{"TableName": "AppTable", "FilterExpression": "a = :b", "ExpressionAttributeValues": {":b": {"L": []}}}`} {
		if got, ok := formFromRequest(cur, []byte(bad), lookup); ok || got.Key["PK"] != "USER#1" {
			t.Errorf("%s read as %+v", bad, got)
		}
	}
	if _, ok := formFromRequest(queryForm{Operation: "BatchGetItem"}, []byte(`{"RequestItems": {}}`), lookup); ok {
		t.Error("a batch read into the form")
	}
}
