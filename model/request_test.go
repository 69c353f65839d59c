package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestBindEscapesAndBraces(t *testing.T) {
	ap := &AccessPattern{Operation: "PutItem", Request: []byte(
		`{"TableName":"T","Item":{"PK":{"S":"U#{id}"},"body":{"S":"{{not a param}} {\"json\":1} {note}"},"k":{"S":"{ id}"}}}`)}
	if got := ap.References(); !slices.Equal(got, []string{"id", "note"}) {
		t.Errorf("References() = %v", got)
	}
	body, err := ap.Bind(Params{"id": `a"b\c`, "note": "line\nbreak"})
	if err != nil {
		t.Fatal(err)
	}
	in, err := ap.Input(Params{"id": `a"b\c`, "note": "line\nbreak"})
	if err != nil {
		t.Fatalf("Input: %v (bound %s)", err, body)
	}
	item := in.(*engine.PutItemInput).Item
	if item["PK"] != attr.String(`U#a"b\c`) {
		t.Errorf("PK = %v", item["PK"])
	}
	if item["body"] != attr.String("{not a param} {\"json\":1} line\nbreak") {
		t.Errorf("body = %q", item["body"])
	}
	if item["k"] != attr.String("{ id}") {
		t.Errorf("k = %v", item["k"])
	}
	if _, err := ap.Bind(Params{"id": "x"}); err == nil || !strings.Contains(err.Error(), "{note} has no value") {
		t.Errorf("missing value: %v", err)
	}
}

// TestRunFanOut gathers the items of one GetItem per shard.
func TestRunFanOut(t *testing.T) {
	m := fixture(t)
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		t.Fatal(err)
	}
	var items []attr.Item
	for _, s := range []string{"00", "03", "04"} {
		items = append(items, attr.Item{"PK": attr.String("VOTES#A#" + s), "SK": attr.String("COUNT"), "n": attr.MustNumber("1")})
	}
	if _, err := LoadItems(db, m.ItemsSource(map[string][]attr.Item{"ShoppingCart": items})); err != nil {
		t.Fatal(err)
	}
	ap := &AccessPattern{Name: "shards", Operation: "GetItem", FanOut: &FanOut{Parameter: "shard", From: 0, To: 4, Width: 2},
		Parameters: []Parameter{{Name: "c", Example: "A"}},
		Request:    []byte(`{"TableName":"ShoppingCart","Key":{"PK":{"S":"VOTES#{c}#{shard}"},"SK":{"S":"COUNT"}}}`)}
	res, err := ap.Run(db, ap.Examples())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outputs) != 5 || len(res.Items) != 3 {
		t.Fatalf("outputs %d, items %d; want 5 and 3", len(res.Outputs), len(res.Items))
	}
	if got := (&FanOut{From: 1, To: 3}).Values(); !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("Values() = %v", got)
	}
}

func TestRunErrors(t *testing.T) {
	m := fixture(t)
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	ap := &AccessPattern{Operation: "Query", Request: []byte(`{"TableName":"ShoppingCart","KeyConditionExpression":"SK = :x","ExpressionAttributeValues":{":x":{"S":"a"}}}`)}
	_, err := ap.Run(db, nil)
	var ee *engine.Error
	if err == nil || !strings.Contains(err.Error(), "ValidationException") {
		t.Fatalf("Run = %v (%T), want the engine's ValidationException", err, ee)
	}
	if _, err := (&AccessPattern{Operation: "Nope"}).Run(db, nil); err == nil {
		t.Fatal("unknown operation ran")
	}
}

func TestOperationsList(t *testing.T) {
	got := Operations()
	for _, want := range []string{"BatchGetItem", "DeleteTable", "GetItem", "Query", "TransactWriteItems"} {
		if !slices.Contains(got, want) {
			t.Errorf("Operations() lacks %s: %v", want, got)
		}
	}
}

func TestOutputItems(t *testing.T) {
	a := attr.Item{"k": attr.String("a")}
	b := attr.Item{"k": attr.String("b")}
	tests := []struct {
		out  any
		want int
	}{
		{&engine.GetItemOutput{Item: a}, 1},
		{&engine.GetItemOutput{}, 0},
		{&engine.QueryOutput{Items: []attr.Item{a, b}}, 2},
		{&engine.BatchGetItemOutput{Responses: map[string][]attr.Item{"Z": {a}, "A": {b, b}}}, 3},
		{&engine.TransactGetItemsOutput{Responses: []engine.ItemResponse{{Item: a}, {}, {Item: b}}}, 2},
		{&engine.PutItemOutput{Attributes: a}, 1},
		{&engine.UpdateItemOutput{Attributes: a}, 1},
		{&engine.DeleteItemOutput{Attributes: a}, 1},
		{&engine.DeleteItemOutput{}, 0},
		{&engine.BatchWriteItemOutput{}, 0},
	}
	for _, tt := range tests {
		if got := OutputItems(tt.out); len(got) != tt.want {
			t.Errorf("OutputItems(%T) = %d items, want %d", tt.out, len(got), tt.want)
		}
	}
	// BatchGetItem responses come in table-name order.
	got := OutputItems(&engine.BatchGetItemOutput{Responses: map[string][]attr.Item{"Z": {a}, "A": {b}}})
	if got[0]["k"] != attr.String("b") {
		t.Errorf("BatchGetItem items not in table order: %v", got)
	}
}

// TestRequestTargets: every operation's tables are checked.
func TestRequestTargets(t *testing.T) {
	tests := []struct {
		op, request, want string
	}{
		{"BatchGetItem", `{"RequestItems":{"Nope":{"Keys":[{"PK":{"S":"x"},"SK":{"S":"y"}}]}}}`, `accessPatterns[0].request.RequestItems: no table "Nope"`},
		{"BatchWriteItem", `{"RequestItems":{"Nope":[{"DeleteRequest":{"Key":{"PK":{"S":"x"}}}}]}}`, `accessPatterns[0].request.RequestItems: no table "Nope"`},
		{"TransactGetItems", `{"TransactItems":[{"Get":{"TableName":"Nope","Key":{"PK":{"S":"x"}}}}]}`, `accessPatterns[0].request.TransactItems[0].Get.TableName: no table "Nope"`},
		{"TransactWriteItems", `{"TransactItems":[{"ConditionCheck":{"TableName":"Nope","Key":{"PK":{"S":"x"}},"ConditionExpression":"attribute_exists(PK)"}}]}`,
			`accessPatterns[0].request.TransactItems[0].ConditionCheck.TableName: no table "Nope"`},
		{"TransactWriteItems", `{"TransactItems":[{"Update":{"TableName":"Nope","Key":{"PK":{"S":"x"}},"UpdateExpression":"SET a = :a","ExpressionAttributeValues":{":a":{"S":"1"}}}}]}`,
			`accessPatterns[0].request.TransactItems[0].Update.TableName: no table "Nope"`},
		{"Scan", `{"TableName":"ShoppingCart","IndexName":"Nope"}`, `accessPatterns[0].request.IndexName: table ShoppingCart has no index "Nope"`},
		{"DeleteTable", `{"TableName":"Nope"}`, `accessPatterns[0].request.TableName: no table "Nope"`},
		{"Query", `{"KeyConditionExpression":"PK = :p"}`, `accessPatterns[0].request.TableName: the request names no table`},
		{"PutItem", `{"TableName":"ShoppingCart","Item":{"PK":{"S":"x"},"SK":{"S":"y"}}}`, `accessPatterns[0].request.Item: the example key does not fit the key templates of entity User`},
	}
	for _, tt := range tests {
		m := fixture(t)
		m.AccessPatterns = []AccessPattern{{Name: "x", Entity: "User", Operation: tt.op, Request: []byte(tt.request)}}
		if tt.op != "PutItem" {
			m.AccessPatterns[0].Entity = ""
		}
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: Validate = %v, want %q", tt.op, tt.request, err, tt.want)
		}
	}
}

func TestRunsFansOut(t *testing.T) {
	ap := &AccessPattern{FanOut: &FanOut{Parameter: "shard", From: 1, To: 3, Width: 2}}
	p := Params{"date": "2026-03-01", "shard": "ignored"}
	got := ap.Runs(p)
	if len(got) != 3 || got[0]["shard"] != "01" || got[2]["shard"] != "03" || got[1]["date"] != "2026-03-01" {
		t.Errorf("Runs = %v", got)
	}
	if p["shard"] != "ignored" {
		t.Error("Runs modified its parameters")
	}
	if one := (&AccessPattern{}).Runs(p); len(one) != 1 || one[0]["date"] != "2026-03-01" {
		t.Errorf("without a fan-out Runs = %v", one)
	}
}
