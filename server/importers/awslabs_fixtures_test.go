package importers

import (
	"context"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/ops"
)

// importAWSLabs imports a schema.json of testdata/awslabs and runs every
// access pattern with its example parameters on the engine: none may fail
// (an example that makes a BETWEEN's bounds reversed fails here).
func importAWSLabs(t *testing.T, name string) (*model.Model, []string) {
	t.Helper()
	m, warnings, err := Import(AWSLabs, readTestdata(t, "awslabs/"+name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	res, err := ops.RunPatterns(context.Background(), m, nil, nil, 20)
	if err != nil {
		t.Fatalf("%s: RunPatterns: %v", name, err)
	}
	for _, r := range res.Patterns {
		if r.Error != "" {
			t.Errorf("%s: %s with %v: %s", name, r.Name, r.Parameters, r.Error)
		}
	}
	return m, warnings
}

func request(t *testing.T, m *model.Model, name string) string {
	t.Helper()
	ap := m.AccessPattern(name)
	if ap == nil {
		t.Fatalf("no access pattern %s", name)
	}
	return string(ap.Request)
}

func wantIn(t *testing.T, what, s string, frags ...string) {
	t.Helper()
	for _, f := range frags {
		if !strings.Contains(s, f) {
			t.Errorf("%s: %s lacks %s", what, s, f)
		}
	}
}

// TestAWSLabsBetweenExamples: a BETWEEN's two parameters get examples in
// order (start_date-1 sorted after end_date-1 and the fixture was refused).
func TestAWSLabsBetweenExamples(t *testing.T) {
	m, warnings := importAWSLabs(t, "events.schema.json")
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
	tb := m.Table("VenueEvents")
	if tb == nil || len(tb.GlobalSecondaryIndexes) != 1 || m.Entity("Event").Keys["organizer_pk"] != "ORG#{organizer_id}" {
		t.Fatalf("table %+v", tb)
	}
	for _, name := range []string{"venue_events_between", "organizer_events_between"} {
		wantIn(t, name, request(t, m, name), "#sk BETWEEN :sk1 AND :sk2")
		ex := m.AccessPattern(name).Examples()
		if !(ex["start_date"] < ex["end_date"]) {
			t.Errorf("%s: examples %v: the low bound is not below the high", name, ex)
		}
	}
	wantIn(t, "venue_events_from", request(t, m, "venue_events_from"), "#sk >= :sk")
}

// TestAWSLabsMultiAttributeKeys: GSI keys given as lists become
// multi-attribute keys; queries constrain every partition attribute and a
// prefix of the sort attributes, the range on the last.
func TestAWSLabsMultiAttributeKeys(t *testing.T) {
	m, warnings := importAWSLabs(t, "delivery.schema.json")
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
	tb := m.Table("Packages")
	g := tb.GSI("PackagesByTenantRegion")
	if g == nil || len(g.KeySchema) != 4 || g.KeySchema[0].AttributeName != "tenant_id" || g.KeySchema[1].KeyType != schema.KeyTypeHash ||
		g.KeySchema[2].AttributeName != "status" || g.KeySchema[3].KeyType != schema.KeyTypeRange {
		t.Fatalf("index %+v", g)
	}
	if tb.AttributeType("weight") != schema.TypeN || tb.AttributeType("region") != schema.TypeS {
		t.Errorf("attribute types: weight %s, region %s", tb.AttributeType("weight"), tb.AttributeType("region"))
	}
	if e := m.Entity("Package"); e.Keys["region"] != "{region}" || e.Keys["weight"] != "{weight}" {
		t.Errorf("keys %v", e.Keys)
	}
	wantIn(t, "tenant_region_packages", request(t, m, "tenant_region_packages"), `"KeyConditionExpression":"#pk0 = :pk0 AND #pk1 = :pk1"`)
	wantIn(t, "tenant_region_status_since", request(t, m, "tenant_region_status_since"), `#pk0 = :pk0 AND #pk1 = :pk1 AND #sk0 = :sk0 AND #sk1 >= :sk1`)
	wantIn(t, "courier_priority_weight_between", request(t, m, "courier_priority_weight_between"),
		`#pk = :pk AND #sk0 = :sk0 AND #sk1 BETWEEN :sk11 AND :sk12`, `":sk11":{"N":"{min_weight}"}`)
}

// TestAWSLabsFilters: filter_expression becomes the request's
// FilterExpression; an operator DynamoDB lacks leaves that filter out with
// a warning, and the pattern is kept.
func TestAWSLabsFilters(t *testing.T) {
	m, warnings := importAWSLabs(t, "orders-filters.schema.json")
	wantIn(t, "active_orders_over", request(t, m, "active_orders_over"),
		`"FilterExpression":"#f0 <> :f0 AND #f1 >= :f1"`, `":f1":{"N":"{min_total}"}`, `"KeyConditionExpression":"#pk = :pk"`)
	wantIn(t, "orders_total_between", request(t, m, "orders_total_between"), `#f0 BETWEEN :f0a AND :f0b`)
	if ex := m.AccessPattern("orders_total_between").Examples(); ex["low"] >= ex["high"] && len(ex["low"]) >= len(ex["high"]) {
		t.Errorf("examples %v", ex)
	}
	wantIn(t, "orders_in_statuses", request(t, m, "orders_in_statuses"), `#f0 IN (:f0_0, :f0_1) OR attribute_exists(#f1)`)
	wantIn(t, "tagged_orders", request(t, m, "tagged_orders"), `"FilterExpression":"contains(#f0, :f0)"`)
	if r := request(t, m, "orders_fuzzy"); strings.Contains(r, "FilterExpression") {
		t.Errorf("orders_fuzzy kept an unreadable filter: %s", r)
	}
	hasWarning(t, warnings, "orders_fuzzy", "filter_expression left out", `"like"`)
	if len(warnings) != 1 {
		t.Errorf("warnings %q", warnings)
	}
}

// TestAWSLabsTransactions: cross_table_access_patterns become
// TransactWriteItems and TransactGetItems; an action the workbench cannot
// write leaves that pattern out with a warning.
func TestAWSLabsTransactions(t *testing.T) {
	m, warnings := importAWSLabs(t, "users-transactions.schema.json")
	if len(m.Tables) != 2 {
		t.Fatalf("%d tables", len(m.Tables))
	}
	open := m.AccessPattern("open_account")
	if open == nil || open.Operation != "TransactWriteItems" {
		t.Fatalf("open_account %+v", open)
	}
	wantIn(t, "open_account", string(open.Request), `"Put":{"ConditionExpression":"attribute_not_exists(pk)","Item":{"pk":{"S":"ACCOUNT#{account_id}"}},"TableName":"Accounts"}`,
		`"TableName":"EmailIndex"`)
	wantIn(t, "close_account", request(t, m, "close_account"), `"Delete":{"Key":{"pk":{"S":"ACCOUNT#{account_id}"}},"TableName":"Accounts"}`)
	if ap := m.AccessPattern("account_with_claim"); ap == nil || ap.Operation != "TransactGetItems" {
		t.Errorf("account_with_claim %+v", ap)
	}
	if m.AccessPattern("change_email") != nil {
		t.Error("change_email imported")
	}
	hasWarning(t, warnings, "cross_table_access_patterns[3]", "change_email", `"Update"`)
}

// TestAWSLabsKeepsWhatItCan: a pattern naming a missing index, an unknown
// range condition and an entity without the table's sort key template are
// each left out with a warning; the rest of the file imports.
func TestAWSLabsKeepsWhatItCan(t *testing.T) {
	m, warnings := importAWSLabs(t, "partial.schema.json")
	if m.Entity("Book") == nil || m.Entity("Review") != nil {
		t.Errorf("entities %+v", m.Entities)
	}
	var names []string
	for _, ap := range m.AccessPatterns {
		names = append(names, ap.Name)
	}
	if strings.Join(names, ",") != "get_book,books_by_author" {
		t.Errorf("access patterns %v", names)
	}
	hasWarning(t, warnings, "books_by_shelf", "no index ByShelf")
	hasWarning(t, warnings, "books_fuzzy", `"contains"`)
	hasWarning(t, warnings, "entities.Review", "no sk_template")
}
