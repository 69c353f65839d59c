package formats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// Files in the shapes NoSQL Workbench saves: map members as plain JSON
// under "M", facets whose keys embed sample identifiers, a table without
// facets, and items DynamoDB would refuse.

func importShape(t *testing.T, name string) (*model.Model, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "nosql-workbench-shapes", name))
	if err != nil {
		t.Fatal(err)
	}
	m, ws, err := ImportNoSQLWorkbench(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m, ws
}

func items(m *model.Model, table string) []attr.Item {
	if m.Dataset == nil {
		return nil
	}
	return m.Dataset.Items[table]
}

// TestWorkbenchPlainJSONMaps: {"M": {"is_enabled": true}} is read as the
// map NoSQL Workbench meant (the items were dropped), nested maps, lists
// and nulls included, typed members kept as they are.
func TestWorkbenchPlainJSONMaps(t *testing.T) {
	m, ws := importShape(t, "fleet.json")
	got := items(m, "Fleet")
	if len(got) != 4 {
		t.Fatalf("%d items, want 4 (warnings %q)", len(got), ws)
	}
	want := `{"M":{"alerts":{"M":{"geofence":{"NULL":true},"speed":{"N":"120"}}},"is_enabled":{"BOOL":true},"tags":{"L":[{"S":"fleet"},{"S":"north"}]},"units":{"S":"km"}}}`
	if s := string(attr.AppendValue(nil, got[0]["settings"])); s != want {
		t.Errorf("settings %s\nwant %s", s, want)
	}
	if s := string(attr.AppendValue(nil, got[1]["settings"])); s != `{"M":{"is_enabled":{"BOOL":false},"units":{"S":"mi"}}}` {
		t.Errorf("mixed settings %s", s)
	}
	m, _ = importShape(t, "players.json")
	if n := len(items(m, "GamePlayers")); n != 3 {
		t.Errorf("players: %d items, want 3", n)
	}
}

// TestWorkbenchFacetTemplates: a facet's key template is read segment by
// segment: a sample's identifier is a parameter, never a constant, and a
// word every item holds is literal.
func TestWorkbenchFacetTemplates(t *testing.T) {
	m, _ := importShape(t, "fleet.json")
	if e := m.Entity("Vehicle"); e == nil || e.Keys["PK"] != "VIN#{vin}" || e.Keys["SK"] != "VEHICLE" {
		t.Errorf("Vehicle %+v", e)
	}
	if e := m.Entity("Trip"); e == nil || e.Keys["PK"] != "VIN#{vin}" || e.Keys["SK"] != "TRIP#{trip}#{trip2}" {
		t.Errorf("Trip %+v", e)
	}
	m, _ = importShape(t, "orders-facets.json")
	if e := m.Entity("OrderLine"); e == nil || e.Keys["SK"] != "ORDER#{order}#LINE#{line}" {
		t.Errorf("OrderLine %+v", e)
	}
	if e := m.Entity("Order"); e == nil || e.Keys["PK"] != "CUST#{cust}" || e.Keys["SK"] != "ORDER#{order}" {
		t.Errorf("Order %+v", e)
	}
}

// TestWorkbenchNoFacets: a table without facets keeps its declared
// attributes in an entity named after it.
func TestWorkbenchNoFacets(t *testing.T) {
	m, _ := importShape(t, "no-facets.json")
	e := m.Entity("Sessions")
	if e == nil || e.Keys["session_id"] != "{session_id}" {
		t.Fatalf("entities %+v", m.Entities)
	}
	var names []string
	for _, a := range e.Attributes {
		names = append(names, a.Name+":"+a.Type)
	}
	if strings.Join(names, ",") != "user_id:S,expires_at:N,data:M" {
		t.Errorf("attributes %v", names)
	}
	if n := len(items(m, "Sessions")); n != 2 {
		t.Errorf("%d items", n)
	}
}

// TestWorkbenchBadItems: each item DynamoDB would refuse is left out with
// a warning; the rest import.
func TestWorkbenchBadItems(t *testing.T) {
	m, ws := importShape(t, "bad-items.json")
	if n := len(items(m, "Devices")); n != 1 {
		t.Errorf("%d items, want 1", n)
	}
	if !hasWarning(ws, "2 item(s) left out", "[1] key attribute PK is N", "[2] not an item") {
		t.Errorf("warnings %q", ws)
	}
}
