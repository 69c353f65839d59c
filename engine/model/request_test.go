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
