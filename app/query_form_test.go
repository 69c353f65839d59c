package app

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// appTable is the single-table convention with a GSI keyed by a string and
// a number.
func appTable() *formTable {
	return &formTable{
		Name:    "AppTable",
		Keys:    []formKey{{"PK", "S", false}, {"SK", "S", true}},
		Indexes: []formIndex{{"GSI1", []formKey{{"GSI1PK", "S", false}, {"GSI1SK", "N", true}}}},
		Types:   map[string]string{"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "N", "Price": "N"},
	}
}

var appKey = map[string]string{"PK": "USER#1", "SK": "ORDER#2"}

func TestQueryFormBuildsEachOperation(t *testing.T) {
	cases := []struct {
		name string
		form queryForm
		want string
	}{
		{"GetItem", queryForm{Operation: "GetItem", Table: "AppTable", Key: appKey, Projection: "PK, Price", ConsistentRead: true}, `{
  "TableName": "AppTable",
  "Key": {
    "PK": {"S": "USER#1"},
    "SK": {"S": "ORDER#2"}
  },
  "ProjectionExpression": "PK, Price",
  "ConsistentRead": true,
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"Query begins_with", queryForm{Operation: "Query", Table: "AppTable", Key: appKey, SortOp: opBeginsWith, Filter: "Price >= 10", Limit: "25"}, `{
  "TableName": "AppTable",
  "KeyConditionExpression": "PK = :PK AND begins_with(SK, :SK)",
  "FilterExpression": "Price >= :v1",
  "ExpressionAttributeValues": {
    ":PK": {"S": "USER#1"},
    ":SK": {"S": "ORDER#2"},
    ":v1": {"N": "10"}
  },
  "Limit": 25,
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"Query partition only", queryForm{Operation: "Query", Table: "AppTable", Key: map[string]string{"PK": "USER#1"}, SortOp: ">"}, `{
  "TableName": "AppTable",
  "KeyConditionExpression": "PK = :PK",
  "ExpressionAttributeValues": {
    ":PK": {"S": "USER#1"}
  },
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"Query index BETWEEN", queryForm{Operation: "Query", Table: "AppTable", Index: "GSI1", Key: map[string]string{"GSI1PK": "OPEN", "GSI1SK": "100"}, SortOp: opBetween, SortTo: "200", Select: "COUNT", Descending: true}, `{
  "TableName": "AppTable",
  "IndexName": "GSI1",
  "KeyConditionExpression": "GSI1PK = :GSI1PK AND GSI1SK BETWEEN :GSI1SK_from AND :GSI1SK_to",
  "ExpressionAttributeValues": {
    ":GSI1PK": {"S": "OPEN"},
    ":GSI1SK_from": {"N": "100"},
    ":GSI1SK_to": {"N": "200"}
  },
  "Select": "COUNT",
  "ScanIndexForward": false,
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"Scan", queryForm{Operation: "Scan", Table: "AppTable", Filter: "attribute_exists(Price)", Limit: "10", Segment: "1", TotalSegments: "4", ConsistentRead: true}, `{
  "TableName": "AppTable",
  "FilterExpression": "attribute_exists(Price)",
  "Limit": 10,
  "ConsistentRead": true,
  "Segment": 1,
  "TotalSegments": 4,
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"PutItem", queryForm{Operation: "PutItem", Table: "AppTable", Item: `{"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#2"}, "Price": {"N": "12.50"}}`, Condition: "attribute_not_exists(PK)", ReturnValues: "ALL_OLD"}, `{
  "TableName": "AppTable",
  "Item": {
    "PK": {"S": "USER#1"},
    "SK": {"S": "ORDER#2"},
    "Price": {"N": "12.50"}
  },
  "ConditionExpression": "attribute_not_exists(PK)",
  "ReturnValues": "ALL_OLD",
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"UpdateItem", queryForm{Operation: "UpdateItem", Table: "AppTable", Key: appKey, Update: "SET Price = Price + 1", Condition: "Price < 100", ReturnValues: "ALL_NEW"}, `{
  "TableName": "AppTable",
  "Key": {
    "PK": {"S": "USER#1"},
    "SK": {"S": "ORDER#2"}
  },
  "UpdateExpression": "SET Price = Price + :v1",
  "ConditionExpression": "Price < :v2",
  "ExpressionAttributeValues": {
    ":v1": {"N": "1"},
    ":v2": {"N": "100"}
  },
  "ReturnValues": "ALL_NEW",
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"DeleteItem", queryForm{Operation: "DeleteItem", Table: "AppTable", Key: appKey, Condition: "Price = 12.5", Capacity: "TOTAL"}, `{
  "TableName": "AppTable",
  "Key": {
    "PK": {"S": "USER#1"},
    "SK": {"S": "ORDER#2"}
  },
  "ConditionExpression": "Price = :v1",
  "ExpressionAttributeValues": {
    ":v1": {"N": "12.5"}
  },
  "ReturnConsumedCapacity": "TOTAL"
}`},
		{"BatchGetItem", queryForm{Operation: "BatchGetItem", Table: "AppTable", Key: appKey, Projection: "PK, SK, Price"}, `{
  "RequestItems": {
    "AppTable": {
      "Keys": [
        {
          "PK": {"S": "USER#1"},
          "SK": {"S": "ORDER#2"}
        }
      ],
      "ProjectionExpression": "PK, SK, Price"
    }
  },
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"BatchWriteItem", queryForm{Operation: "BatchWriteItem", Table: "AppTable", Key: appKey, Item: `{"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#3"}}`}, `{
  "RequestItems": {
    "AppTable": [
      {
        "PutRequest": {
          "Item": {
            "PK": {"S": "USER#1"},
            "SK": {"S": "ORDER#3"}
          }
        }
      },
      {
        "DeleteRequest": {
          "Key": {
            "PK": {"S": "USER#1"},
            "SK": {"S": "ORDER#2"}
          }
        }
      }
    ]
  },
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"TransactGetItems", queryForm{Operation: "TransactGetItems", Table: "AppTable", Key: appKey}, `{
  "TransactItems": [
    {
      "Get": {
        "TableName": "AppTable",
        "Key": {
          "PK": {"S": "USER#1"},
          "SK": {"S": "ORDER#2"}
        }
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL"
}`},
		{"TransactWriteItems", queryForm{Operation: "TransactWriteItems", Table: "AppTable", Key: appKey, Item: `{"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#3"}}`, Condition: "attribute_not_exists(PK)", Update: "SET Price = 5"}, `{
  "TransactItems": [
    {
      "Put": {
        "TableName": "AppTable",
        "Item": {
          "PK": {"S": "USER#1"},
          "SK": {"S": "ORDER#3"}
        },
        "ConditionExpression": "attribute_not_exists(PK)"
      }
    },
    {
      "Update": {
        "TableName": "AppTable",
        "Key": {
          "PK": {"S": "USER#1"},
          "SK": {"S": "ORDER#2"}
        },
        "UpdateExpression": "SET Price = :v1",
        "ExpressionAttributeValues": {
          ":v1": {"N": "5"}
        }
      }
    }
  ],
  "ReturnConsumedCapacity": "INDEXES"
}`},
		{"TransactWriteItems empty", queryForm{Operation: "TransactWriteItems", Table: "AppTable", Key: map[string]string{}}, `{
  "TransactItems": [
    {
      "Put": {
        "TableName": "AppTable",
        "Item": {
          "PK": {"S": ""},
          "SK": {"S": ""}
        }
      }
    }
  ],
  "ReturnConsumedCapacity": "INDEXES"
}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.form.build(appTable())
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestQueryFormReservedWordsGetNames(t *testing.T) {
	music := &formTable{
		Name:  "Music",
		Keys:  []formKey{{"Name", "S", false}, {"Year", "N", true}},
		Types: map[string]string{"Name": "S", "Year": "N"},
	}
	f := queryForm{Operation: "Query", Table: "Music", Key: map[string]string{"Name": "Acme", "Year": "1990"}, SortOp: ">",
		Filter:     `Status IN ("live", "draft") AND size(Data) > 2`,
		Projection: "Name, Year, Info.Date, Tags[0]"}
	got, err := f.build(music)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "TableName": "Music",
  "KeyConditionExpression": "#Name = :Name AND #Year > :Year",
  "FilterExpression": "#Status IN (:v1, :v2) AND size(#Data) > :v3",
  "ProjectionExpression": "#Name, #Year, Info.#Date, Tags[0]",
  "ExpressionAttributeNames": {
    "#Name": "Name",
    "#Year": "Year",
    "#Status": "Status",
    "#Data": "Data",
    "#Date": "Date"
  },
  "ExpressionAttributeValues": {
    ":Name": {"S": "Acme"},
    ":Year": {"N": "1990"},
    ":v1": {"S": "live"},
    ":v2": {"S": "draft"},
    ":v3": {"N": "2"}
  },
  "ReturnConsumedCapacity": "INDEXES"
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// Update clauses and functions stay; reserved attribute names do not,
	// wherever they are; a name that is not an identifier gets one too.
	u := queryForm{Operation: "UpdateItem", Table: "Music", Key: map[string]string{"Name": "Acme", "Year": "1990"},
		Update: "SET Comment = if_not_exists(Comment, :c), Plays = Plays + 1 REMOVE Old"}
	got, err = u.build(music)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`"UpdateExpression": "SET #Comment = if_not_exists(#Comment, :c), Plays = Plays + :v1 REMOVE #Old"`,
		`"ExpressionAttributeNames": {"#Comment": "Comment", "#Old": "Old"}`,
		`":v1": {"N": "1"}`,
	} {
		if !strings.Contains(got, s) {
			t.Errorf("the update lacks %s:\n%s", s, got)
		}
	}
	dashed := &formTable{Name: "T", Keys: []formKey{{"user-id", "S", false}, {"_sk", "S", true}}, Types: map[string]string{}}
	got, err = (&queryForm{Operation: "Query", Table: "T", Key: map[string]string{"user-id": "u", "_sk": "a"}}).build(dashed)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`"KeyConditionExpression": "#userid = :userid AND #_sk = :_sk"`,
		`"ExpressionAttributeNames": {"#userid": "user-id", "#_sk": "_sk"}`,
	} {
		if !strings.Contains(got, s) {
			t.Errorf("the query lacks %s:\n%s", s, got)
		}
	}
}

func TestQueryFormTypedValues(t *testing.T) {
	blobs := &formTable{
		Name:  "Blobs",
		Keys:  []formKey{{"Id", "B", false}, {"Seq", "N", true}},
		Types: map[string]string{"Id": "B", "Seq": "N", "Label": "S"},
	}
	got, err := (&queryForm{Operation: "GetItem", Table: "Blobs", Key: map[string]string{"Id": "AAEC", "Seq": " 7 "}}).build(blobs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, `"Id": {"B": "AAEC"}`) || !strings.Contains(got, `"Seq": {"N": "7"}`) {
		t.Errorf("the key is not typed as declared:\n%s", got)
	}
	// A literal takes the declared type of the attribute it is compared
	// with, quoted or not; undeclared ones take the type they look like.
	f := queryForm{Operation: "Scan", Table: "Blobs",
		Filter: `Seq = "8" AND Label = 42 AND Id = "AAE=" AND Other < -1.5e3 AND Done = true AND Price > :v1`}
	got, err = f.build(blobs)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "TableName": "Blobs",
  "FilterExpression": "Seq = :v2 AND Label = :v3 AND Id = :v4 AND #Other < :v5 AND Done = :v6 AND Price > :v1",
  "ExpressionAttributeNames": {"#Other": "Other"},
  "ExpressionAttributeValues": {
    ":v2": {"N": "8"},
    ":v3": {"S": "42"},
    ":v4": {"B": "AAE="},
    ":v5": {"N": "-1.5e3"},
    ":v6": {"BOOL": true}
  },
  "ReturnConsumedCapacity": "INDEXES"
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Subtraction is not a negative number.
	u := queryForm{Operation: "UpdateItem", Table: "Blobs", Key: map[string]string{"Id": "AA==", "Seq": "1"}, Update: "SET Seq = Seq - 1, Tags = list_append(Tags, :t)"}
	got, err = u.build(blobs)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, `"UpdateExpression": "SET Seq = Seq - :v1, Tags = list_append(Tags, :t)"`) || !strings.Contains(got, `":v1": {"N": "1"}`) {
		t.Errorf("subtraction:\n%s", got)
	}
}

func TestQueryFormErrors(t *testing.T) {
	cases := []struct {
		form queryForm
		want string
	}{
		{queryForm{Operation: "Query", Table: "AppTable", Limit: "ten"}, "Limit must be a whole number"},
		{queryForm{Operation: "Scan", Table: "AppTable", TotalSegments: "2.5"}, "TotalSegments must be a whole number"},
		{queryForm{Operation: "Scan", Table: "AppTable", Filter: `Title = "abc`}, `FilterExpression: the string that starts at offset 8 has no closing "`},
		{queryForm{Operation: "GetItem", Table: "AppTable", Projection: "PK, 5"}, "ProjectionExpression: a ProjectionExpression takes attribute names only, not values"},
		{queryForm{Operation: "PutItem", Table: "AppTable", Item: `[1]`}, "the item is not a JSON object"},
		{queryForm{Operation: "PutItem", Table: "AppTable", Item: `{"PK": `}, "the item is not a JSON object"},
		{queryForm{Operation: "DescribeTable", Table: "AppTable"}, "the form does not build DescribeTable requests"},
	}
	for _, c := range cases {
		_, err := c.form.build(appTable())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.form.Operation, err, c.want)
		}
	}
	if _, err := (&queryForm{Operation: "Query"}).build(nil); err == nil {
		t.Error("a form without a table built a request")
	}
}

func TestQueryFormNextPageBody(t *testing.T) {
	lek, err := attr.Item{"PK": attr.String("USER#1"), "SK": attr.String("ORDER#9")}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := nextPageBody([]byte(`{"TableName":"AppTable","KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"USER#1"}},"Limit":2,"ReturnConsumedCapacity":"TOTAL"}`), lek)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "TableName": "AppTable",
  "KeyConditionExpression": "PK = :p",
  "ExpressionAttributeValues": {
    ":p": {"S": "USER#1"}
  },
  "Limit": 2,
  "ReturnConsumedCapacity": "TOTAL",
  "ExclusiveStartKey": {
    "PK": {"S": "USER#1"},
    "SK": {"S": "ORDER#9"}
  }
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A second page replaces the key in place.
	again, err := nextPageBody([]byte(got), []byte(`{"PK":{"S":"USER#1"},"SK":{"S":"ORDER#12"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(again, "ExclusiveStartKey") != 1 || !strings.Contains(again, `"SK": {"S": "ORDER#12"}`) ||
		!strings.HasSuffix(again, "}\n}") {
		t.Errorf("second page:\n%s", again)
	}
	for _, bad := range []string{`[1]`, `{"TableName":`, `not json`} {
		if _, err := nextPageBody([]byte(bad), lek); err == nil {
			t.Errorf("next page of %q: no error", bad)
		}
	}
}

func TestQueryFormPrettyJSON(t *testing.T) {
	got, err := prettyJSON([]byte(`{"a":"x < y & z","n":1.50,"e":{},"l":[],"m":{"k":[1,2]},"long":{"S":"` + strings.Repeat("x", 80) + `"}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "a": "x < y & z",
  "n": 1.50,
  "e": {},
  "l": [],
  "m": {
    "k": [1, 2]
  },
  "long": {
    "S": "` + strings.Repeat("x", 80) + `"
  }
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := prettyJSON([]byte(`{} {}`)); err == nil {
		t.Error("two values were accepted")
	}
}

// TestQueryFormBodiesRunOnTheEngine sends what the form writes to the
// engine through the wire protocol: each body is a request DynamoDB takes.
func TestQueryFormBodiesRunOnTheEngine(t *testing.T) {
	s := NewStore()
	ft := formTableOf(s.State().Model, "AppTable")
	if ft == nil || len(ft.Keys) != 2 || ft.Keys[0].Name != "PK" || !ft.Keys[1].Range {
		t.Fatalf("formTableOf the blank model: %+v", ft)
	}
	key := map[string]string{"PK": "USER#1", "SK": "ORDER#2"}
	steps := []queryForm{
		{Operation: "PutItem", Table: "AppTable", Item: `{"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#2"}, "Price": {"N": "12.5"}, "Status": {"S": "open"}}`, Condition: "attribute_not_exists(PK)"},
		{Operation: "GetItem", Table: "AppTable", Key: key, Projection: "PK, Status"},
		{Operation: "Query", Table: "AppTable", Key: map[string]string{"PK": "USER#1", "SK": "ORDER#"}, SortOp: opBeginsWith, Filter: `Status = "open" AND Price BETWEEN 10 AND 20`, Limit: "5"},
		{Operation: "Query", Table: "AppTable", Key: map[string]string{"PK": "USER#1", "SK": "A"}, SortOp: opBetween, SortTo: "Z", Descending: true, ConsistentRead: true},
		{Operation: "Scan", Table: "AppTable", Filter: "attribute_exists(Price)", Segment: "0", TotalSegments: "2", Select: "COUNT"},
		{Operation: "UpdateItem", Table: "AppTable", Key: key, Update: "SET Price = Price + 1, Count = 1", Condition: "Status = 'open'", ReturnValues: "ALL_NEW"},
		{Operation: "BatchGetItem", Table: "AppTable", Key: key, Projection: "Count"},
		{Operation: "BatchWriteItem", Table: "AppTable", Item: `{"PK": {"S": "USER#1"}, "SK": {"S": "ORDER#3"}}`},
		{Operation: "TransactGetItems", Table: "AppTable", Key: key},
		{Operation: "TransactWriteItems", Table: "AppTable", Key: key, Item: `{"PK": {"S": "USER#2"}, "SK": {"S": "ORDER#1"}}`, Condition: "attribute_not_exists(PK)", Update: "REMOVE Status"},
		{Operation: "DeleteItem", Table: "AppTable", Key: key, Condition: "Price = 13.5", ReturnValues: "ALL_OLD"},
	}
	for _, f := range steps {
		body, err := f.build(ft)
		if err != nil {
			t.Fatalf("%s: %v", f.Operation, err)
		}
		r, _ := s.Run(f.Operation, []byte(body))
		if r.Status != 200 {
			t.Errorf("%s: %s: %s\n%s", f.Operation, r.ErrorType, r.ErrorMessage, body)
			continue
		}
		if r.TotalCapacity() <= 0 {
			t.Errorf("%s: no consumed capacity in %s", f.Operation, r.Response)
		}
	}
	if n := s.State().Snapshot.Table("AppTable").Len(); n != 2 {
		t.Errorf("%d items left, want 2 (ORDER#3 and USER#2)", n)
	}
}
