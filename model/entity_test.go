package model

import (
	"maps"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// indexedModel has a numeric sort key and a sparse GSI.
func indexedModel() *Model {
	return &Model{Version: Version, Name: "devices", Tables: []Table{{TableDefinition: schema.TableDefinition{
		TableName: "Readings",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "device", AttributeType: schema.TypeS},
			{AttributeName: "at", AttributeType: schema.TypeN},
			{AttributeName: "escalatedTo", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "device", KeyType: schema.KeyTypeHash},
			{AttributeName: "at", KeyType: schema.KeyTypeRange},
		},
		BillingMode: schema.BillingPayPerRequest,
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{IndexName: "Escalations",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "escalatedTo", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll}}},
	}}},
		Entities: []Entity{
			{Name: "Reading", Table: "Readings", Keys: map[string]string{"device": "DEVICE#{deviceId}", "at": "{at}", "escalatedTo": "TECH#{tech}"}},
			{Name: "Config", Table: "Readings", Keys: map[string]string{"device": "DEVICE#{deviceId}", "at": "0"}},
		},
	}
}

func TestKeysItemAndKey(t *testing.T) {
	m := indexedModel()
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	k, err := m.CompileKeys(m.Entity("Reading"))
	if err != nil {
		t.Fatal(err)
	}
	// Parameters from p and from the item's own attributes; the sparse
	// index key is left out when its parameter is missing.
	it, err := k.Item(Params{"deviceId": "d1"}, attr.Item{"at": attr.MustNumber("1700000000"), "temp": attr.MustNumber("21.5")})
	if err != nil {
		t.Fatal(err)
	}
	if it["device"] != attr.String("DEVICE#d1") || it["at"] != attr.MustNumber("1700000000") {
		t.Errorf("Item = %v", it)
	}
	if _, ok := it["escalatedTo"]; ok {
		t.Errorf("escalatedTo set without {tech}: %v", it)
	}
	it, err = k.Item(Params{"deviceId": "d1", "at": "5", "tech": "ann"}, nil)
	if err != nil || it["escalatedTo"] != attr.String("TECH#ann") {
		t.Errorf("Item with tech = %v, %v", it, err)
	}
	key, err := k.Key(Params{"deviceId": "d1", "at": "1.50"})
	if err != nil || len(key) != 2 || key["at"] != attr.MustNumber("1.5") {
		t.Errorf("Key = %v, %v", key, err)
	}
	if _, err := k.Key(Params{"deviceId": "d1", "at": "soon"}); err == nil || !strings.Contains(err.Error(), `"soon" is not a number`) {
		t.Errorf("non-numeric N key: %v", err)
	}
	if _, err := k.Item(Params{"at": "1"}, nil); err == nil || !strings.Contains(err.Error(), "{deviceId} has no value") {
		t.Errorf("missing primary parameter: %v", err)
	}
}

func TestEntityOf(t *testing.T) {
	m := indexedModel()
	r, err := m.NewRecognizer()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		item   attr.Item
		entity string
		params Params
	}{
		{attr.Item{"device": attr.String("DEVICE#d1"), "at": attr.MustNumber("17")}, "Reading", Params{"deviceId": "d1", "at": "17"}},
		// "0" fits both templates; the constant says more and wins.
		{attr.Item{"device": attr.String("DEVICE#d1"), "at": attr.MustNumber("0")}, "Config", Params{"deviceId": "d1"}},
		{attr.Item{"device": attr.String("SENSOR#d1"), "at": attr.MustNumber("17")}, "", nil},
		{attr.Item{"device": attr.String("DEVICE#d1"), "at": attr.String("17")}, "", nil},
	}
	for _, tt := range tests {
		e, p := r.EntityOf("Readings", tt.item)
		name := ""
		if e != nil {
			name = e.Name
		}
		if name != tt.entity || !maps.Equal(p, tt.params) {
			t.Errorf("EntityOf(%v) = %s %v, want %s %v", tt.item, name, p, tt.entity, tt.params)
		}
	}
	if e, _ := m.EntityOf("Other", tests[0].item); e != nil {
		t.Errorf("EntityOf in an unknown table = %v", e.Name)
	}
	if e, _ := m.EntityOf("Readings", tests[0].item); e == nil || e.Name != "Reading" {
		t.Errorf("Model.EntityOf = %v", e)
	}
}

func TestKeyTemplateTypeChecks(t *testing.T) {
	m := indexedModel()
	m.Entities[0].Keys["at"] = "T{at}"
	m.Entities[1].Keys["at"] = "zero"
	err := m.Validate()
	if err == nil || !strings.Contains(err.Error(), `entities[0].keys.at: template "T{at}": a key of type N is a single parameter`) ||
		!strings.Contains(err.Error(), `entities[1].keys.at: template "zero": "zero" is not a number`) {
		t.Fatalf("Validate = %v", err)
	}
}
