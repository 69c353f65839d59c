package app

import (
	"encoding/json"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestProjectionHints: a KEYS_ONLY GSI queried with a filter and a
// projection naming non-projected attributes gets a hint for each, through
// placeholders too; keys (the index's and the table's) get none; an ALL
// index gets none.
func TestProjectionHints(t *testing.T) {
	m := BlankModel()
	tb := &m.Tables[0]
	tb.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{{IndexName: "GSI1",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "GSI1PK", KeyType: schema.KeyTypeHash}},
		Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}}}
	tb.AttributeDefinitions = append(tb.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "GSI1PK", AttributeType: "S"})
	req, _ := json.Marshal(map[string]any{"TableName": "AppTable", "IndexName": "GSI1",
		"KeyConditionExpression": "GSI1PK = :p", "FilterExpression": "#s = :s AND SK > :k",
		"ProjectionExpression":      "PK, orderTotal",
		"ExpressionAttributeNames":  map[string]string{"#s": "status"},
		"ExpressionAttributeValues": map[string]any{":p": map[string]string{"S": "x"}, ":s": map[string]string{"S": "OPEN"}, ":k": map[string]string{"S": "a"}}})
	ap := model.AccessPattern{Name: "q", Operation: "Query", Request: req}
	hints := projectionHints(m, &ap)
	if len(hints) != 2 || !strings.Contains(hints[0], "status") || !strings.Contains(hints[0], "filter") || !strings.Contains(hints[1], "orderTotal") {
		t.Fatalf("hints %q", hints)
	}
	tb.GlobalSecondaryIndexes[0].Projection = schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"status", "orderTotal"}}
	if h := projectionHints(m, &ap); len(h) != 0 {
		t.Errorf("INCLUDE of both: %q", h)
	}
	tb.GlobalSecondaryIndexes[0].Projection = schema.Projection{ProjectionType: schema.ProjectAll}
	if h := projectionHints(m, &ap); len(h) != 0 {
		t.Errorf("ALL: %q", h)
	}
}

// TestIndexesPanelShowsProjection: the Indexes panel says the index holds
// the table's keys (always projected) and lists the hints of the access
// patterns that read it.
func TestIndexesPanelShowsProjection(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("sparse-index"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(100, 0, nil); err != nil {
		t.Fatal(err)
	}
	x := &indexesPanel{Panel: Panel{Store: s, State: s.State()}}
	doc := goapp.HTMLString(x.Render())
	mt := s.State().Model.Tables[0]
	keys, ok := analysisAttr(doc, IDIndexProjected, "data-table-keys")
	if !ok || !strings.Contains(keys, mt.HashKey()) {
		t.Errorf("the table's keys shown as projected: %q (%v)", keys, ok)
	}
	if !strings.Contains(doc, "always projected") {
		t.Error("the panel does not say the table's keys are always projected")
	}
}
