package formats

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

func importFixture(t *testing.T, name string) (*model.Model, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "nosql-workbench", name))
	if err != nil {
		t.Fatal(err)
	}
	m, warnings, err := ImportNoSQLWorkbench(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("%s: the import does not validate: %v", name, err)
	}
	return m, warnings
}

// loads checks that the model's tables and items load into an engine, as
// real DynamoDB would take them, and returns the number of items.
func loads(t *testing.T, m *model.Model) int {
	t.Helper()
	db, _ := m.NewDatabase()
	stats, err := m.Load(db, nil)
	if err != nil {
		t.Fatalf("loading the imported model: %v", err)
	}
	return stats.Items
}

func hasWarning(ws []string, parts ...string) bool {
	return slices.ContainsFunc(ws, func(w string) bool {
		for _, p := range parts {
			if !strings.Contains(w, p) {
				return false
			}
		}
		return true
	})
}

func TestImportRealOnlineShop(t *testing.T) {
	m, ws := importFixture(t, "atheanchu-onlineshop-pattern_1.json")
	if m.Name != "OnlineShop" || len(m.Tables) != 1 || len(m.Entities) != 1 || len(m.Entities[0].Attributes) == 0 {
		t.Fatalf("name %q, %d tables, %d entities", m.Name, len(m.Tables), len(m.Entities))
	}
	tb := m.Tables[0]
	if tb.HashKey() != "PK" || tb.RangeKey() != "SK" || tb.BillingMode != schema.BillingProvisioned ||
		*tb.ProvisionedThroughput.ReadCapacityUnits != 5 || *tb.ProvisionedThroughput.WriteCapacityUnits != 5 {
		t.Errorf("table %+v", tb.TableDefinition)
	}
	if n := loads(t, m); n != 3 {
		t.Errorf("%d items loaded, want 3", n)
	}
	// The auto scaling is kept, not reported as dropped.
	if as := tb.AutoScaling; as == nil || *as.Read != (model.ScalingRange{MinCapacity: 1, MaxCapacity: 10, TargetValue: 70}) || as.Write == nil {
		t.Errorf("auto scaling %+v", tb.AutoScaling)
	}
	if len(ws) != 0 {
		t.Errorf("warnings %q", ws)
	}
	// And written back as it came.
	r, err := Render(m, NoSQLWorkbench)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content))
	if err != nil {
		t.Fatal(err)
	}
	if as := back.Tables[0].AutoScaling; as == nil || *as.Read != *tb.AutoScaling.Read || *as.Write != *tb.AutoScaling.Write {
		t.Errorf("auto scaling after a round trip: %+v", as)
	}
}

func TestImportFacets(t *testing.T) {
	m, ws := importFixture(t, "facets-provisioned.json")
	if m.Name != "Card offers" || !strings.HasPrefix(m.Description, "Accounts, the offers") {
		t.Errorf("name %q, description %q", m.Name, m.Description)
	}
	tb := m.Table("CardOffers")
	if tb == nil {
		t.Fatal("no table CardOffers")
	}
	ai, g1 := tb.GSI("AccountIndex"), tb.GSI("GSI1")
	if ai == nil || g1 == nil {
		t.Fatalf("GSIs %+v", tb.GlobalSecondaryIndexes)
	}
	if ai.RangeKey() != "" || ai.Projection.ProjectionType != schema.ProjectInclude ||
		!reflect.DeepEqual(ai.Projection.NonKeyAttributes, []string{"FirstName", "LastName", "Addresses"}) {
		t.Errorf("AccountIndex %+v", *ai)
	}
	if g1.HashKey() != "PK" || g1.RangeKey() != "GSI1SK" || len(g1.Projection.NonKeyAttributes) != 3 {
		t.Errorf("GSI1 %+v", *g1)
	}
	for _, g := range tb.GlobalSecondaryIndexes {
		if g.ProvisionedThroughput == nil || *g.ProvisionedThroughput.WriteCapacityUnits != 5 {
			t.Errorf("%s: the table's capacity is not given to the index", g.IndexName)
		}
	}
	var defs []string
	for _, d := range tb.AttributeDefinitions {
		defs = append(defs, d.AttributeName+":"+string(d.AttributeType))
	}
	if want := []string{"PK:S", "SK:S", "AccountIndexId:S", "GSI1SK:S"}; !reflect.DeepEqual(defs, want) {
		t.Errorf("AttributeDefinitions %v, want %v", defs, want)
	}

	want := map[string]map[string]string{
		"Accounts":      {"PK": "ACCT#{acct}", "SK": "ACCT#{acct}", "AccountIndexId": "ACCT#{acct}"},
		"AccountOffers": {"PK": "ACCT#{acct}", "SK": "OFR#{ofr}"},
		"OfferItems":    {"PK": "OFR#{OfferId}", "SK": "OFR#{ofr}#ITEM#{ItemId}"},
		"Promotions":    {"PK": "{PromoId}", "SK": "{Kind}"},
	}
	if len(m.Entities) != len(want) {
		t.Errorf("%d entities, want %d", len(m.Entities), len(want))
	}
	for _, e := range m.Entities {
		if !reflect.DeepEqual(e.Keys, want[e.Name]) {
			t.Errorf("entity %s: keys %v, want %v", e.Name, e.Keys, want[e.Name])
		}
	}
	acc := m.Entity("Accounts")
	if acc == nil || len(acc.Attributes) != 5 || acc.Attributes[3] != (model.Attribute{Name: "Addresses", Type: "M", Required: true}) {
		t.Errorf("Accounts attributes %+v", acc)
	}
	if items := m.Dataset.Items["CardOffers"]; len(items) != 8 {
		t.Errorf("%d items, want the facets' 8", len(items))
	}
	// Each facet's items are recognised as its entity.
	rec, err := m.NewRecognizer()
	if err != nil {
		t.Fatal(err)
	}
	wantEntity := []string{"Accounts", "Accounts", "AccountOffers", "AccountOffers", "AccountOffers", "OfferItems", "OfferItems", "OfferItems"}
	for i, it := range m.Dataset.Items["CardOffers"] {
		if e, _ := rec.EntityOf("CardOffers", it); e == nil || e.Name != wantEntity[i] {
			t.Errorf("item %d is recognised as %v, want %s", i, e, wantEntity[i])
		}
	}
	if n := loads(t, m); n != 8 {
		t.Errorf("%d items loaded", n)
	}
	if tb := m.Tables[0]; tb.AutoScaling == nil || len(ws) != 0 {
		t.Errorf("auto scaling %+v, warnings %q", tb.AutoScaling, ws)
	}
}

func TestImportTableDataAndRefusedItems(t *testing.T) {
	m, ws := importFixture(t, "table-data-gsis.json")
	tb := m.Table("Shop")
	if tb.EffectiveBillingMode() != schema.BillingPayPerRequest || tb.ProvisionedThroughput != nil {
		t.Errorf("billing %s %+v", tb.BillingMode, tb.ProvisionedThroughput)
	}
	if g := tb.GSI("ByEntity"); g == nil || g.Projection.ProjectionType != schema.ProjectKeysOnly || g.ProvisionedThroughput != nil {
		t.Errorf("ByEntity %+v", g)
	}
	items := m.Dataset.Items["Shop"]
	// 8 items: 3 refused (no sort key, a sort key of the wrong type, an
	// empty index key), and one replaces an earlier item with its key.
	if len(items) != 4 {
		t.Fatalf("%d items, want 4", len(items))
	}
	if p := items[1]["Price"]; !attr.Equal(p, attr.MustNumber("30")) {
		t.Errorf("the later P#lamp does not replace the earlier: Price %v", p)
	}
	if !hasWarning(ws, "3 item(s) left out", "[4] no key attribute SK", "[5] key attribute SK is N, declared S", "[6] key attribute GSI1_PK is empty") {
		t.Errorf("warnings %q", ws)
	}
	if !hasWarning(ws, "1 item(s) have the key of an earlier item") {
		t.Errorf("warnings %q", ws)
	}
	if n := loads(t, m); n != 4 {
		t.Errorf("%d items loaded", n)
	}
}

func TestImportVersion2(t *testing.T) {
	m, ws := importFixture(t, "v2-generated.json")
	tb := m.Tables[0]
	if tb.EffectiveBillingMode() != schema.BillingPayPerRequest || tb.RangeKey() != "" || tb.AttributeType("customerId") != schema.TypeN {
		t.Errorf("table %+v", tb.TableDefinition)
	}
	if !hasWarning(ws, "no BillingMode") {
		t.Errorf("warnings %q", ws)
	}
	if n := loads(t, m); n != 2 {
		t.Errorf("%d items loaded", n)
	}
}

func TestImportErrors(t *testing.T) {
	table := func(extra string) string {
		return `{"ModelName":"m","DataModel":[{"TableName":"Tbl","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}}` + extra + `}]}`
	}
	for _, c := range []struct{ in, want string }{
		{``, "not valid JSON"},
		{`not json`, "not valid JSON"},
		{`{"a":1} {"b":2}`, "more than one JSON value"},
		{`[]`, "expected an object, found a JSON array"},
		{`{}`, `no "DataModel"`},
		{`{"DataModel": null}`, `no "DataModel"`},
		{`{"DataModel": {}}`, "DataModel: the value: expected an array"},
		{`{"DataModel": []}`, "the model has no table"},
		{`{"ModelName": 3, "DataModel": []}`, "ModelName: expected a string, found a JSON number"},
		{`{"ModelMetadata": {"AWSService": "Amazon Keyspaces"}, "DataModel": [{}]}`, "only Amazon DynamoDB models"},
		{`{"DataModel": [{}]}`, "the table has no TableName"},
		{`{"DataModel": [{"TableName": "Tbl"}]}`, "KeyAttributes.PartitionKey: no AttributeName"},
		{`{"DataModel": [{"TableName": "Tbl", "KeyAttributes": {"PartitionKey": {"AttributeName": "pk", "AttributeType": "BOOL"}}}]}`, `AttributeType "BOOL" is not S, N or B`},
		{`{"DataModel": [{"TableName": "Tbl", "KeyAttributes": "pk"}]}`, "KeyAttributes: expected an object, found a JSON string"},
		{table(`,"BillingMode":"FREE"`), `BillingMode "FREE"`},
		{table(`,"BillingMode":"PROVISIONED","ProvisionedCapacitySettings":{"ProvisionedThroughput":{"ReadCapacityUnits":0,"WriteCapacityUnits":1}}`), "ReadCapacityUnits: 0 capacity units"},
		{table(`,"BillingMode":"PROVISIONED","ProvisionedCapacitySettings":{"ProvisionedThroughput":{"ReadCapacityUnits":1.5,"WriteCapacityUnits":1}}`), "not a whole number"},
		{table(`,"GlobalSecondaryIndexes":[{"IndexName":"g","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"N"}}}]`), "attribute pk is N here and S in another key"},
		{table(`,"GlobalSecondaryIndexes":[{"KeyAttributes":{}}]`), "GlobalSecondaryIndexes[0]: no IndexName"},
		{table(`,"GlobalSecondaryIndexes":[{"IndexName":"g","KeyAttributes":{"PartitionKey":{"AttributeName":"x","AttributeType":"S"}},"Projection":{"ProjectionType":"SOME"}}]`), `ProjectionType "SOME"`},
		{table(`,"TableFacets":"none"`), "TableFacets: expected an array"},
		{`{"DataModel":[{"TableName":"Tbl","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}}},{"TableName":"Tbl","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}}}]}`, "a second table named Tbl"},
		{`{"DataModel":[{"TableName":"T","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}}}]}`, "does not validate"},
	} {
		m, ws, err := ImportNoSQLWorkbench([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ImportNoSQLWorkbench(%.60q) = %v, want an error with %q", c.in, err, c.want)
		}
		if m != nil || ws != nil {
			t.Errorf("%.60q: a model or warnings with the error", c.in)
		}
	}
}

// TestImportKeepsBadItemsOut: items the engine would refuse never reach
// the model, and the warnings stay bounded however many there are.
func TestImportKeepsBadItemsOut(t *testing.T) {
	var data strings.Builder
	data.WriteString(`{"DataModel":[`)
	for i := range 80 {
		if i > 0 {
			data.WriteByte(',')
		}
		// Each table has one good item and three bad ones.
		data.WriteString(`{"TableName":"Tbl` + strings.Repeat("x", i+1) + `","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}},` +
			`"TableData":[{"pk":{"S":"a"}},{"pk":{"N":"1"}},{"pk":{"S":""}},{"pk":{"X":"?"}}],` +
			`"TableFacets":[{"FacetName":"","KeyAttributeAlias":{"PartitionKeyAlias":"{{bad"},"TableData":[null, 3]}]}`)
	}
	data.WriteString(`]}`)
	m, ws, err := ImportNoSQLWorkbench([]byte(data.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != maxWarnings || !strings.HasPrefix(ws[len(ws)-1], "... and ") {
		t.Errorf("%d warnings, the last %q", len(ws), ws[len(ws)-1])
	}
	for _, tb := range m.Tables {
		if n := len(m.Dataset.Items[tb.TableName]); n != 1 {
			t.Errorf("%s: %d items", tb.TableName, n)
		}
	}
	// Nameless facets get unique names.
	if m.Entities[0].Name != "Facet" || m.Entities[1].Name != "Facet2" {
		t.Errorf("entity names %q %q", m.Entities[0].Name, m.Entities[1].Name)
	}

	saved := maxImportItems
	maxImportItems = 2
	defer func() { maxImportItems = saved }()
	_, ws, err = ImportNoSQLWorkbench([]byte(`{"DataModel":[{"TableName":"Tbl","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}},
		"TableData":[{"pk":{"S":"a"}},{"pk":{"S":"b"}},{"pk":{"S":"c"}}]}]}`))
	if err != nil || !hasWarning(ws, "over the import's limit of 2 items") {
		t.Errorf("limit: %v %q", err, ws)
	}
}

// compareTables compares what a NoSQL Workbench model carries of two
// tables.
func compareTables(t *testing.T, where string, want, got *model.Table) {
	t.Helper()
	w, g := &want.TableDefinition, &got.TableDefinition
	if !reflect.DeepEqual(w.KeySchema, g.KeySchema) {
		t.Errorf("%s: KeySchema %v, want %v", where, g.KeySchema, w.KeySchema)
	}
	sorted := func(ds []schema.AttributeDefinition) []schema.AttributeDefinition {
		ds = slices.Clone(ds)
		sort.Slice(ds, func(i, j int) bool { return ds[i].AttributeName < ds[j].AttributeName })
		return ds
	}
	if !reflect.DeepEqual(sorted(w.AttributeDefinitions), sorted(g.AttributeDefinitions)) {
		t.Errorf("%s: AttributeDefinitions %v, want %v", where, g.AttributeDefinitions, w.AttributeDefinitions)
	}
	if w.EffectiveBillingMode() != g.EffectiveBillingMode() || !reflect.DeepEqual(w.ProvisionedThroughput, g.ProvisionedThroughput) {
		t.Errorf("%s: billing %s %v, want %s %v", where, g.BillingMode, g.ProvisionedThroughput, w.BillingMode, w.ProvisionedThroughput)
	}
	if len(w.GlobalSecondaryIndexes) != len(g.GlobalSecondaryIndexes) {
		t.Fatalf("%s: %d GSIs, want %d", where, len(g.GlobalSecondaryIndexes), len(w.GlobalSecondaryIndexes))
	}
	for i, wg := range w.GlobalSecondaryIndexes {
		gg := g.GlobalSecondaryIndexes[i]
		if wg.IndexName != gg.IndexName || !reflect.DeepEqual(wg.KeySchema, gg.KeySchema) || !reflect.DeepEqual(wg.Projection, gg.Projection) {
			t.Errorf("%s: GSI %+v, want %+v", where, gg, wg)
		}
	}
}

// TestNoSQLWorkbenchRoundTripPatterns exports every pattern with sample
// data and imports it back: tables, GSIs, entities (primary key templates
// and attributes) and the sample items survive; so does a second trip.
func TestNoSQLWorkbenchRoundTripPatterns(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		opts := Options{Resolve: patterns.Generator, MaxItems: 25, Time: goldenTime}
		r, err := RenderWith(m, NoSQLWorkbench, opts)
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content))
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		if back.Name != m.Name || len(back.Tables) != len(m.Tables) {
			t.Fatalf("%s: %q with %d tables", p.Name, back.Name, len(back.Tables))
		}
		for i := range m.Tables {
			compareTables(t, p.Name+" "+m.Tables[i].TableName, &m.Tables[i], &back.Tables[i])
		}
		if len(back.Entities) != len(m.Entities) {
			t.Fatalf("%s: %d entities, want %d", p.Name, len(back.Entities), len(m.Entities))
		}
		for i, e := range m.Entities {
			b := back.Entities[i]
			tb := m.Table(e.Table)
			if b.Name != e.Name || b.Table != e.Table {
				t.Errorf("%s: entity %s/%s, want %s/%s", p.Name, b.Name, b.Table, e.Name, e.Table)
			}
			for _, k := range tb.KeyAttributes() {
				if b.Keys[k] != e.Keys[k] {
					t.Errorf("%s: entity %s: %s template %q, want %q", p.Name, e.Name, k, b.Keys[k], e.Keys[k])
				}
			}
			for _, a := range e.Attributes {
				if slices.Contains(tb.KeyAttributes(), a.Name) {
					continue
				}
				j := slices.IndexFunc(b.Attributes, func(x model.Attribute) bool { return x.Name == a.Name })
				if j < 0 || b.Attributes[j].Type != a.Type {
					t.Errorf("%s: entity %s lost attribute %s %s: %+v", p.Name, e.Name, a.Name, a.Type, b.Attributes)
				}
			}
		}
		sample, err := sampleItems(m, opts, &Result{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range m.Tables {
			if !sameItems(sample[tb.TableName], back.Dataset.Items[tb.TableName]) {
				t.Errorf("%s: table %s: the items differ after the trip", p.Name, tb.TableName)
			}
		}
		// A second trip changes nothing.
		r2, err := RenderWith(back, NoSQLWorkbench, opts)
		if err != nil {
			t.Fatal(err)
		}
		again, _, err := ImportNoSQLWorkbench([]byte(r2.Files[0].Content))
		if err != nil {
			t.Fatal(err)
		}
		sameModel(t, p.Name+" (second trip)", back, again)
	}
}

// sameItems compares item lists in order, as a set of keys may come back
// from the facets in another order: by their DynamoDB JSON, sorted.
func sameItems(a, b []attr.Item) bool {
	enc := func(items []attr.Item) []string {
		var out []string
		for _, it := range items {
			out = append(out, string(attr.AppendItem(nil, it)))
		}
		sort.Strings(out)
		return out
	}
	return reflect.DeepEqual(enc(a), enc(b))
}

func sameModel(t *testing.T, where string, a, b *model.Model) {
	t.Helper()
	ja, _ := model.MarshalIndent(a)
	jb, _ := model.MarshalIndent(b)
	if string(ja) != string(jb) {
		t.Errorf("%s: the models differ:\n%s", where, firstDiff(string(ja), string(jb)))
	}
}

// TestNoSQLWorkbenchRoundTripFixtures imports each fixture, exports it and
// imports the export: the same model comes back, and the export of a
// provisioned table pins its capacity instead of auto scaling it.
func TestNoSQLWorkbenchRoundTripFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "nosql-workbench", "*.json"))
	if err != nil || len(files) < 4 {
		t.Fatalf("fixtures: %v %v", files, err)
	}
	for _, f := range files {
		m, _ := importFixture(t, filepath.Base(f))
		r, err := RenderWith(m, NoSQLWorkbench, Options{MaxItems: 1000, Time: goldenTime})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		back, ws, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if hasWarning(ws, "auto scaling") {
			t.Errorf("%s: pinned capacity read back as auto scaling: %q", f, ws)
		}
		sameModel(t, f, m, back)
	}
}

func TestNoSQLWorkbenchExportFullModel(t *testing.T) {
	r, err := RenderWith(fullModel(), NoSQLWorkbench, Options{Time: goldenTime})
	if err != nil {
		t.Fatal(err)
	}
	for _, parts := range [][]string{
		{"table orders", "time to live (attribute expiresAt)"},
		{"table orders", "stream (NEW_IMAGE)"},
		{"local secondary index ByStatus"},
		{"table class STANDARD_INFREQUENT_ACCESS"},
		{"deletion protection"},
		{"table orders", "tags"},
		{"table Orders", "on-demand throughput"},
		{"entity Order", "index attributes (GSI1PK)"},
		{"ByCustomer has its own provisioned throughput"},
		{"attribute Total: 1 sample value(s) left out"},
	} {
		if !hasWarning(r.Warnings, parts...) {
			t.Errorf("no warning with %q in %q", parts, r.Warnings)
		}
	}
	var doc struct {
		ModelName     string
		ModelMetadata map[string]string
		DataModel     []struct {
			TableName        string
			NonKeyAttributes []nwAttr
			TableFacets      []struct {
				FacetName         string
				KeyAttributeAlias map[string]string
				TableData         []map[string]map[string]any
				NonKeyAttributes  []string
			}
			TableData                   []map[string]any
			GlobalSecondaryIndexes      []json.RawMessage
			BillingMode                 string
			ProvisionedCapacitySettings map[string]any
		}
	}
	if err := json.Unmarshal([]byte(r.Files[0].Content), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.ModelMetadata["Version"] != "3.0" || doc.ModelMetadata["AWSService"] != "Amazon DynamoDB" || doc.ModelMetadata["DateCreated"] != "Mar 01, 2026, 12:00 PM" {
		t.Errorf("metadata %v", doc.ModelMetadata)
	}
	orders := doc.DataModel[0]
	if len(orders.TableFacets) != 2 || orders.TableFacets[0].FacetName != "Order" || orders.TableFacets[1].FacetName != "Profile" {
		t.Fatalf("facets %+v", orders.TableFacets)
	}
	order := orders.TableFacets[0]
	if order.KeyAttributeAlias["PartitionKeyAlias"] != "CUSTOMER#{customerId}" || order.KeyAttributeAlias["SortKeyAlias"] != "ORDER#{orderId}" {
		t.Errorf("aliases %v", order.KeyAttributeAlias)
	}
	if len(order.TableData) != 2 || order.TableData[1]["Total"] != nil {
		t.Errorf("Order's items %v: the S Total should be left out", order.TableData)
	}
	// OTHER#x is no entity's: it stays in the table's own TableData.
	if len(orders.TableFacets[1].TableData) != 2 || len(orders.TableData) != 1 {
		t.Errorf("Profile items %d, table items %d", len(orders.TableFacets[1].TableData), len(orders.TableData))
	}
	// Every attribute an item holds is declared, once.
	declared := map[string]bool{}
	for _, a := range orders.NonKeyAttributes {
		if declared[a.AttributeName] {
			t.Errorf("%s declared twice", a.AttributeName)
		}
		declared[a.AttributeName] = true
	}
	for _, f := range orders.TableFacets {
		for _, it := range f.TableData {
			for n := range it {
				if n != "PK" && n != "SK" && !declared[n] {
					t.Errorf("item attribute %s is not declared", n)
				}
			}
		}
	}
	if orders.BillingMode != "PROVISIONED" || orders.ProvisionedCapacitySettings == nil {
		t.Errorf("billing %s %v", orders.BillingMode, orders.ProvisionedCapacitySettings)
	}
	if doc.DataModel[1].BillingMode != "PAY_PER_REQUEST" || doc.DataModel[1].ProvisionedCapacitySettings != nil {
		t.Errorf("on-demand table: %s %v", doc.DataModel[1].BillingMode, doc.DataModel[1].ProvisionedCapacitySettings)
	}
}

func TestNoSQLWorkbenchGeneratedDatasetWithoutResolver(t *testing.T) {
	m := patterns.Catalog()[0].Model()
	r, err := Render(m, NoSQLWorkbench)
	if err != nil {
		t.Fatal(err)
	}
	if !hasWarning(r.Warnings, "are not included (no generator available here)") {
		t.Errorf("warnings %q", r.Warnings)
	}
	if _, _, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content)); err != nil {
		t.Errorf("an export without items does not import: %v", err)
	}
}

func TestInferTemplate(t *testing.T) {
	items := func(vals ...string) []attr.Item {
		var out []attr.Item
		for _, v := range vals {
			out = append(out, attr.Item{"k": attr.String(v)})
		}
		return out
	}
	for _, c := range []struct {
		alias string
		vals  []string
		want  string
	}{
		{"USER#{id}", []string{"USER#1", "USER#2"}, "USER#{id}"},
		{"USER#{id}", []string{"ORDER#1"}, "ORDER#{order}"}, // the alias does not fit the data
		{"PROFILE", []string{"PROFILE"}, "PROFILE"},         // the export's constant
		{"k", []string{"META", "META"}, "META"},
		{"k", []string{"USER#1"}, "USER#{user}"},
		{"SongId", []string{"S#1", "S#22"}, "S#{SongId}"},
		{"", nil, "{k}"},
		{"Song Id!", nil, "{SongId}"},
		{"k", []string{"a{b}#1", "a{b}#2"}, "a{{b}}#{b}"},
		{"k", []string{"A#", "A#1"}, "{k}"}, // a value ends at the prefix
		{"k", []string{"2024-01-01", "2024-02-01"}, "{k}"},
	} {
		got := inferTemplate("k", schema.TypeS, c.alias, items(c.vals...), names{})
		if got != c.want {
			t.Errorf("inferTemplate(%q, %q) = %q, want %q", c.alias, c.vals, got, c.want)
		}
		if _, err := model.ParseTemplate(got); err != nil {
			t.Errorf("%q: %v", got, err)
		}
	}
	nums := []attr.Item{{"n": attr.MustNumber("1")}, {"n": attr.MustNumber("2")}}
	for _, alias := range []string{"USER#{id}", "{{7}}", ""} {
		if got := inferTemplate("n", schema.TypeN, alias, nums, names{}); got != "{n}" {
			t.Errorf("number key, alias %q: %q", alias, got)
		}
	}
	if got := inferTemplate("#!", schema.TypeS, "", nil, names{}); got != "{value}" {
		t.Errorf("a key name with no letters: %q", got)
	}
}

// maxFuzzModel bounds the fuzzed documents. The fuzzer minimizes every
// input that finds new coverage by trying to remove each span of its bytes
// (quadratic in its length), running the target on each try: with the 10 KB
// testdata models as seeds and four renderings per input, one minimization
// outlasted a 30-second run, which then reported a handful of executions
// and PASS. Compact seeds under a kilobyte, and one rendering per input (the
// format is an input too), keep each try and each minimization short; the
// testdata models themselves are covered by the unit tests.
const maxFuzzModel = 1024

// FuzzImportNoSQLWorkbench: no input panics, and whatever imports
// validates and exports.
func FuzzImportNoSQLWorkbench(f *testing.F) {
	var seeds [][]byte
	files, _ := filepath.Glob(filepath.Join("testdata", "nosql-workbench", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, data); err != nil {
			f.Fatal(err)
		}
		if compact.Len() <= maxFuzzModel {
			seeds = append(seeds, compact.Bytes())
		}
	}
	seeds = append(seeds,
		[]byte(`{"DataModel":[{"TableName":"Tbl","KeyAttributes":{"PartitionKey":{"AttributeName":"p","AttributeType":"N"},"SortKey":{"AttributeName":"s","AttributeType":"B"}},"TableFacets":[{"FacetName":"F","KeyAttributeAlias":{"PartitionKeyAlias":"{a}#{b}","SortKeyAlias":"x"},"TableData":[{"p":{"N":"1"},"s":{"B":"AQ=="}}]}]}]}`),
		[]byte(`{"ModelName":"M","DataModel":[{"TableName":"Orders","KeyAttributes":{"PartitionKey":{"AttributeName":"pk","AttributeType":"S"}},"NonKeyAttributes":[{"AttributeName":"g","AttributeType":"S"},{"AttributeName":"ttl","AttributeType":"N"}],"GlobalSecondaryIndexes":[{"IndexName":"byG","KeyAttributes":{"PartitionKey":{"AttributeName":"g","AttributeType":"S"}},"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["ttl"]}}],"TimeToLiveAttribute":"ttl","BillingMode":"PROVISIONED","ProvisionedCapacitySettings":{"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}},"TableData":[{"pk":{"S":"o#1"},"g":{"S":"x"}}]}]}`))
	formats := pageFormats()
	for _, seed := range seeds {
		for i := range formats {
			f.Add(uint8(i), seed)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		if len(data) > maxFuzzModel {
			return
		}
		m, _, err := ImportNoSQLWorkbench(data)
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("an import that does not validate: %v", err)
		}
		format := formats[int(which)%len(formats)]
		if _, err := Render(m, format); err != nil {
			t.Fatalf("%s export of an import: %v", format, err)
		}
	})
}

// facetAliasesModel is a NoSQL Workbench model whose facets name their key
// attributes: Customer with names no template says ("Customer Id", and
// "profile" over a constant sort key), Order with the names its templates'
// parameters already carry.
const facetAliasesModel = `{"ModelName":"Shop","DataModel":[{"TableName":"Shop",
"KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},
"NonKeyAttributes":[{"AttributeName":"name","AttributeType":"S"}],
"TableFacets":[
 {"FacetName":"Customer","KeyAttributeAlias":{"PartitionKeyAlias":"Customer Id","SortKeyAlias":"profile"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"PROFILE"},"name":{"S":"Ann"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"PROFILE"},"name":{"S":"Bo"}}],
  "NonKeyAttributes":["name"]},
 {"FacetName":"Order","KeyAttributeAlias":{"PartitionKeyAlias":"customerId","SortKeyAlias":"orderId"},
  "TableData":[{"PK":{"S":"CUSTOMER#1"},"SK":{"S":"ORDER#7"}},{"PK":{"S":"CUSTOMER#2"},"SK":{"S":"ORDER#8"}}]}]}]}`

// TestImportFacetKeyAliases: a facet's key aliases that its templates do
// not already say are kept as the entity's KeyAliases, for the views'
// facets; the model still validates.
func TestImportFacetKeyAliases(t *testing.T) {
	m, _, err := ImportNoSQLWorkbench([]byte(facetAliasesModel))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	c, o := m.Entity("Customer"), m.Entity("Order")
	if c == nil || o == nil {
		t.Fatalf("entities %+v", m.Entities)
	}
	if want := map[string]string{"PK": "Customer Id", "SK": "profile"}; !reflect.DeepEqual(c.KeyAliases, want) {
		t.Errorf("Customer key aliases %v, want %v (keys %v)", c.KeyAliases, want, c.Keys)
	}
	if c.Keys["SK"] != "PROFILE" {
		t.Errorf("Customer SK template %q", c.Keys["SK"])
	}
	if o.KeyAliases != nil || o.Keys["PK"] != "CUSTOMER#{customerId}" || o.Keys["SK"] != "ORDER#{orderId}" {
		t.Errorf("Order keys %v, aliases %v: the aliases are the templates' parameters, nothing to keep", o.Keys, o.KeyAliases)
	}
	// An alias naming no key attribute is a problem of the model.
	c.KeyAliases["GSI1PK"] = "x"
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "keyAliases.GSI1PK") {
		t.Errorf("validate: %v", err)
	}
}
