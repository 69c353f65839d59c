package liveimport

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

func table(name string, keys ...string) *model.Table {
	t := &model.Table{}
	t.TableName = name
	t.BillingMode = schema.BillingPayPerRequest
	for i, k := range keys {
		kt := schema.KeyTypeHash
		if i == 1 {
			kt = schema.KeyTypeRange
		}
		t.KeySchema = append(t.KeySchema, schema.KeySchemaElement{AttributeName: k, KeyType: kt})
		t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: k, AttributeType: schema.TypeS})
	}
	return t
}

func item(kv ...string) attr.Item {
	it := attr.Item{}
	for i := 0; i+1 < len(kv); i += 2 {
		it[kv[i]] = attr.String(kv[i+1])
	}
	return it
}

// TestInferEntities: items grouped by key shape become entities named after
// the most specific prefix, with templates that keep prefixes and constant
// words; PK = SK items share the template; plain ids become parameters
// named after their attribute; attribute schemas say required or how often.
func TestInferEntities(t *testing.T) {
	tb := table("App", "PK", "SK")
	items := []attr.Item{
		item("PK", "USER#1", "SK", "USER#1", "name", "Ann", "email", "a@example.com"),
		item("PK", "USER#2", "SK", "USER#2", "name", "Bob"),
		item("PK", "USER#1", "SK", "ORDER#2024-01-01#9", "total", "x"),
		item("PK", "USER#1", "SK", "PROFILE", "bio", "hi"),
		item("PK", "abc-123", "SK", "xyz"),
	}
	n, err := attr.ParseNumber("12.50")
	if err != nil {
		t.Fatal(err)
	}
	items[2]["total"] = n
	es := inferEntities(tb, items, map[string]bool{"Order": true})
	got := map[string]model.Entity{}
	for _, e := range es {
		got[e.Name] = e
	}
	want := map[string][2]string{
		"User":    {"USER#{userId}", "USER#{userId}"},
		"Order2":  {"USER#{userId}", "ORDER#{orderId}"},
		"Profile": {"USER#{userId}", "PROFILE"},
		"App":     {"{pk}", "{sk}"},
	}
	if len(es) != len(want) {
		t.Fatalf("%d entities: %+v", len(es), es)
	}
	for name, keys := range want {
		e, ok := got[name]
		if !ok || e.Keys["PK"] != keys[0] || e.Keys["SK"] != keys[1] {
			t.Errorf("entity %s: %+v, want keys %v", name, e, keys)
		}
	}
	user := got["User"]
	attrs := map[string]model.Attribute{}
	for _, a := range user.Attributes {
		attrs[a.Name] = a
	}
	if !attrs["name"].Required || attrs["email"].Required || attrs["email"].Frequency != 0.5 || attrs["name"].Generator == "" {
		t.Errorf("User attributes %+v", user.Attributes)
	}
	if a := got["Order2"].Attributes; len(a) != 1 || a[0].Type != "N" {
		t.Errorf("Order attributes %+v", a)
	}
	// The whole model validates with these entities and the items.
	m := &model.Model{Version: model.Version, Name: "t", Tables: []model.Table{*tb}, Entities: es,
		Dataset: &model.Dataset{Items: map[string][]attr.Item{"App": items}}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
}
