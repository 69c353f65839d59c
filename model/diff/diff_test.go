package diff_test

import (
	"math"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
)

// base is a one-table order design: orders by customer on the table, by
// status on GSI1, on demand.
const base = `{
  "version": 1, "name": "orders",
  "tables": [{
    "TableName": "Orders",
    "AttributeDefinitions": [
      {"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"},
      {"AttributeName": "GSI1PK", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
    "BillingMode": "PAY_PER_REQUEST",
    "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
      "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]
  }],
  "entities": [{"name": "Order", "table": "Orders",
    "keys": {"PK": "CUSTOMER#{customerId}", "SK": "ORDER#{orderId}", "GSI1PK": "STATUS#{status}"},
    "attributes": [{"name": "status", "type": "S"}, {"name": "total", "type": "N"}]}],
  "accessPatterns": [
    {"name": "ordersByCustomer", "entity": "Order", "operation": "Query",
     "parameters": [{"name": "customerId", "example": "c1"}],
     "request": {"TableName": "Orders", "KeyConditionExpression": "PK = :pk",
                 "ExpressionAttributeValues": {":pk": {"S": "CUSTOMER#{customerId}"}}}},
    {"name": "ordersByStatus", "entity": "Order", "operation": "Query",
     "parameters": [{"name": "status", "example": "OPEN"}],
     "request": {"TableName": "Orders", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
                 "ExpressionAttributeValues": {":s": {"S": "STATUS#{status}"}}}}` + getOrder + `
  ],
  "settings": {}
}`

// getOrder is base's GetItem pattern; a version whose key it no longer
// fits drops it (noGetOrder).
const getOrder = `,
    {"name": "getOrder", "entity": "Order", "operation": "GetItem",
     "parameters": [{"name": "customerId", "example": "c1"}, {"name": "orderId", "example": "o1"}],
     "request": {"TableName": "Orders", "Key": {"PK": {"S": "CUSTOMER#{customerId}"}, "SK": {"S": "ORDER#{orderId}"}}}}`

var noGetOrder = []string{getOrder, ""}

func parse(t *testing.T, src string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("the test model is invalid: %v", err)
	}
	return m
}

// edit returns base with each old→new replacement made (each must apply).
func edit(t *testing.T, pairs ...string) *model.Model {
	t.Helper()
	s := base
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("edit: %q is not in the base model", pairs[i])
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	m, err := model.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return m // an edit may break access patterns: the plan reports them
}

func compare(t *testing.T, from, to *model.Model, o diff.Options) *diff.Plan {
	t.Helper()
	p, err := diff.Compare(from, to, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func only(t *testing.T, p *diff.Plan, kind string) diff.Step {
	t.Helper()
	var found []diff.Step
	for _, s := range p.Steps {
		if s.Kind == kind {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("want one %s step, got %d in %+v", kind, len(found), p.Steps)
	}
	return found[0]
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func hasLine(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

const gsi2 = `, {"IndexName": "ByTotal",
      "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "total", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}]`

// addByTotal adds index ByTotal (and the N definition of total).
var addByTotal = []string{
	`"Projection": {"ProjectionType": "ALL"}}]`, `"Projection": {"ProjectionType": "ALL"}}` + gsi2,
	`{"AttributeName": "GSI1PK", "AttributeType": "S"}]`, `{"AttributeName": "GSI1PK", "AttributeType": "S"}, {"AttributeName": "total", "AttributeType": "N"}]`,
}

func TestAddGSIIsOnlineWithBackfillEstimate(t *testing.T) {
	from := parse(t, base)
	to := edit(t, addByTotal...)
	p := compare(t, from, to, diff.Options{SizeGB: 10})
	if len(p.Steps) != 1 {
		t.Fatalf("steps = %+v, want one", p.Steps)
	}
	s := only(t, p, diff.KindAddGSI)
	if !s.Online || s.Replacement || s.Index != "ByTotal" || s.Table != "Orders" {
		t.Fatalf("step = %+v, want an online, in-place add of ByTotal on Orders", s)
	}
	// No data: 10 GB of 1 KB entries, written at a new on-demand index's
	// 4,000 units a second and priced per million write request units.
	units := 10.0 * partition.GB / diff.WriteUnitBytes
	prices := partition.USEast1()
	if want := units / diff.OnDemandInitialWritesPerSecond; !near(s.Estimate.Seconds, want) {
		t.Errorf("seconds = %v, want %v", s.Estimate.Seconds, want)
	}
	if want := units / 1e6 * prices.WriteRequestPerMillion; !near(s.Estimate.Dollars, want) {
		t.Errorf("dollars = %v, want %v", s.Estimate.Dollars, want)
	}
	for _, sub := range []string{"10 GB × 1,048,576 KB per GB ÷ 1 KB per write unit = 10,485,760 write units",
		"10,485,760 write units ÷ on demand, 4,000 write units/s", "× $0.625 per million = $6.55"} {
		if !hasLine(s.Estimate.Arithmetic, sub) {
			t.Errorf("arithmetic lacks %q: %q", sub, s.Estimate.Arithmetic)
		}
	}
	if p.Replacement || p.Deploys != 1 || len(p.BrokenAccessPatterns) != 0 {
		t.Errorf("plan: replacement %v, deploys %d, broken %v", p.Replacement, p.Deploys, p.BrokenAccessPatterns)
	}
}

func TestAddGSIProvisionedBackfillUsesTheIndexWCU(t *testing.T) {
	prov := []string{`"BillingMode": "PAY_PER_REQUEST",`, `"BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 50, "WriteCapacityUnits": 50},`,
		`"Projection": {"ProjectionType": "ALL"}}]`, `"Projection": {"ProjectionType": "ALL"}, "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}]`}
	from := edit(t, prov...)
	addProv := strings.Replace(gsi2, `"KEYS_ONLY"}}]`, `"KEYS_ONLY"}, "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 200}}]`, 1)
	to := edit(t, append(prov,
		`"ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}]`, `"ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5}}`+addProv,
		addByTotal[2], addByTotal[3])...)
	s := only(t, compare(t, from, to, diff.Options{SizeGB: 2}), diff.KindAddGSI)
	units := 2.0 * partition.GB / diff.WriteUnitBytes
	secs := units / 200
	if !near(s.Estimate.Seconds, secs) {
		t.Errorf("seconds = %v, want %v (units ÷ the index's 200 WCU)", s.Estimate.Seconds, secs)
	}
	if want := 200 * secs / 3600 * partition.USEast1().WCUHour; !near(s.Estimate.Dollars, want) {
		t.Errorf("dollars = %v, want %v (200 WCU for the backfill's hours)", s.Estimate.Dollars, want)
	}
	if !hasLine(s.Estimate.Arithmetic, "200 WCU provisioned") || !hasLine(s.Estimate.Arithmetic, "$0.00065 per WCU-hour") {
		t.Errorf("arithmetic = %q", s.Estimate.Arithmetic)
	}
}

// dataset has four orders, two with a total (so in ByTotal) and two
// without.
const dataset = `, "dataset": {"items": {"Orders": [
  {"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#o1"}, "GSI1PK": {"S": "STATUS#OPEN"}, "status": {"S": "OPEN"}, "total": {"N": "10"}},
  {"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#o2"}, "GSI1PK": {"S": "STATUS#SHIPPED"}, "status": {"S": "SHIPPED"}, "total": {"N": "25"}},
  {"PK": {"S": "CUSTOMER#c2"}, "SK": {"S": "ORDER#o3"}, "GSI1PK": {"S": "STATUS#OPEN"}, "status": {"S": "OPEN"}},
  {"PK": {"S": "CUSTOMER#c3"}, "SK": {"S": "ORDER#o4"}, "status": {"S": "NEW"}}
]}}`

func withData(t *testing.T, m *model.Model) diff.Options {
	t.Helper()
	src, err := m.DatasetSource(nil)
	if err != nil {
		t.Fatal(err)
	}
	return diff.Options{Data: src}
}

func TestBackfillMeasuredOnTheLoadedDataAndScaled(t *testing.T) {
	from := parse(t, strings.Replace(base, `"settings": {}`, `"settings": {}`+dataset, 1))
	to := edit(t, addByTotal...)
	o := withData(t, from)
	o.SizeGB = 1
	p := compare(t, from, to, o)
	s := only(t, p, diff.KindAddGSI)
	if len(p.Sizes) != 1 || p.Sizes[0].Items != 4 || p.Sizes[0].Bytes <= 0 {
		t.Fatalf("sizes = %+v", p.Sizes)
	}
	scale := float64(partition.GB) / float64(p.Sizes[0].Bytes)
	// Two of four items carry total; each KEYS_ONLY entry is under 1 KB: one
	// unit each.
	if want := 2 * scale / diff.OnDemandInitialWritesPerSecond; !near(s.Estimate.Seconds, want) {
		t.Errorf("seconds = %v, want %v", s.Estimate.Seconds, want)
	}
	if !hasLine(s.Estimate.Arithmetic, "on the loaded data 2 of 4 items carry its keys; their entries take 2 write units") {
		t.Errorf("arithmetic = %q", s.Estimate.Arithmetic)
	}
}

func TestChangingTheSortKeyIsACopyAndACloudFormationReplacement(t *testing.T) {
	from := parse(t, base)
	to := edit(t,
		`{"AttributeName": "SK", "AttributeType": "S"},`, `{"AttributeName": "SK", "AttributeType": "S"}, {"AttributeName": "createdAt", "AttributeType": "S"},`,
		`{"AttributeName": "SK", "KeyType": "RANGE"}],
    "BillingMode"`, `{"AttributeName": "createdAt", "KeyType": "RANGE"}],
    "BillingMode"`,
		`"GSI1PK": "STATUS#{status}"}`, `"GSI1PK": "STATUS#{status}", "createdAt": "{createdAt}", "SK": "ORDER#{orderId}"}`,
		`{"name": "status", "type": "S"}`, `{"name": "status", "type": "S"}, {"name": "orderId", "type": "S"}`,
		noGetOrder[0], noGetOrder[1])
	p := compare(t, from, to, diff.Options{SizeGB: 10})
	s := only(t, p, diff.KindKeySchema)
	if s.Online || !s.Replacement || !p.Replacement {
		t.Fatalf("step = %+v, want offline with replacement", s)
	}
	if !strings.Contains(s.CloudFormation, "Requires replacement") || !strings.Contains(s.CloudFormation, "custom-named resource requires replacing") || s.Warning == "" {
		t.Errorf("CloudFormation = %q, warning = %q", s.CloudFormation, s.Warning)
	}
	if len(s.CopyPlan) < 4 || !hasLine(s.CopyPlan, "TotalSegments 5") || !hasLine(s.CopyPlan, "BatchWriteItem, 25 items") || !hasLine(s.CopyPlan, "dual writes") || !hasLine(s.CopyPlan, "Switch over") {
		t.Errorf("copy plan = %q", s.CopyPlan)
	}
	// 10 GB read by an eventually consistent Scan: 10 × 2^30 / 4096 × 0.5
	// units; written to the table and to GSI1 at 10 × 2^20 units each.
	if !hasLine(s.Estimate.Arithmetic, "= 1,310,720 read units") {
		t.Errorf("arithmetic lacks the read units: %q", s.Estimate.Arithmetic)
	}
	prices := partition.USEast1()
	writes := 2 * 10.0 * partition.GB / diff.WriteUnitBytes
	reads := 10.0 * partition.GB / diff.ReadUnitBytes * 0.5
	if want := reads/1e6*prices.ReadRequestPerMillion + writes/1e6*prices.WriteRequestPerMillion; !near(s.Estimate.Dollars, want) {
		t.Errorf("dollars = %v, want %v", s.Estimate.Dollars, want)
	}
	if want := writes / 2 / diff.OnDemandInitialWritesPerSecond; !near(s.Estimate.Seconds, want) {
		t.Errorf("seconds = %v, want %v", s.Estimate.Seconds, want)
	}
	// The patterns that name the old sort key in a Key no longer work.
	if !broken(p, "getOrder") {
		t.Errorf("getOrder (a Key on SK) is not reported broken: %+v", p.BrokenAccessPatterns)
	}
	if broken(p, "ordersByCustomer") {
		t.Errorf("ordersByCustomer only uses PK and still works: %+v", p.BrokenAccessPatterns)
	}
}

func broken(p *diff.Plan, name string) bool {
	for _, b := range p.BrokenAccessPatterns {
		if b.Name == name {
			return true
		}
	}
	return false
}

func TestRemovingTheIndexAPatternUsesBreaksIt(t *testing.T) {
	from := parse(t, base)
	to := edit(t, `,
    "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
      "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]`, ``,
		`{"AttributeName": "SK", "AttributeType": "S"},
      {"AttributeName": "GSI1PK", "AttributeType": "S"}]`, `{"AttributeName": "SK", "AttributeType": "S"}]`,
		`, "GSI1PK": "STATUS#{status}"`, ``,
		`{"name": "ordersByStatus", "entity": "Order", "operation": "Query",
     "parameters": [{"name": "status", "example": "OPEN"}],
     "request": {"TableName": "Orders", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
                 "ExpressionAttributeValues": {":s": {"S": "STATUS#{status}"}}}},`, ``)
	p := compare(t, from, to, diff.Options{})
	s := only(t, p, diff.KindDeleteGSI)
	if !s.Online || s.Replacement || s.Index != "GSI1" {
		t.Errorf("step = %+v", s)
	}
	if len(p.BrokenAccessPatterns) != 1 || p.BrokenAccessPatterns[0].Name != "ordersByStatus" {
		t.Fatalf("broken = %+v, want ordersByStatus only", p.BrokenAccessPatterns)
	}
	if r := strings.Join(p.BrokenAccessPatterns[0].Reasons, "; "); !strings.Contains(r, `table Orders has no index "GSI1"`) {
		t.Errorf("reasons = %q", r)
	}
}

func TestKeyTypeChangeFailsThePatternWithDynamoDBsMessage(t *testing.T) {
	from := parse(t, base)
	to := edit(t, `{"AttributeName": "PK", "AttributeType": "S"}`, `{"AttributeName": "PK", "AttributeType": "B"}`,
		`"PK": "CUSTOMER#{customerId}"`, `"PK": "{customerId}"`, noGetOrder[0], noGetOrder[1])
	p := compare(t, from, to, diff.Options{})
	s := only(t, p, diff.KindKeyType)
	if s.Online || !s.Replacement {
		t.Errorf("step = %+v", s)
	}
	if !broken(p, "ordersByCustomer") {
		t.Fatalf("broken = %+v", p.BrokenAccessPatterns)
	}
	for _, b := range p.BrokenAccessPatterns {
		if b.Name == "ordersByCustomer" && !strings.Contains(strings.Join(b.Reasons, ";"), "Condition parameter type does not match schema type") {
			t.Errorf("reasons = %q, want DynamoDB's ValidationException message", b.Reasons)
		}
	}
}

func TestEntitiesWhoseItemsNoLongerFitAreCounted(t *testing.T) {
	from := parse(t, strings.Replace(base, `"settings": {}`, `"settings": {}`+dataset, 1))
	// The new GSI1PK is built from total, which two of four items lack:
	// they stay out of the sparse index but still fit. The new sort key
	// needs total: two items cannot be re-keyed.
	to := edit(t, `"SK": "ORDER#{orderId}"`, `"SK": "ORDER#{orderId}#{total}"`, noGetOrder[0], noGetOrder[1])
	p := compare(t, from, to, withData(t, from))
	if len(p.Entities) != 1 {
		t.Fatalf("entities = %+v", p.Entities)
	}
	e := p.Entities[0]
	if e.Entity != "Order" || e.Items != 4 || e.Misfits != 2 || !strings.Contains(e.Reason, "total") {
		t.Errorf("entity fit = %+v, want 2 of 4 Order items misfit for want of total", e)
	}
}

func TestCloudFormationTakesOneIndexPerDeploy(t *testing.T) {
	from := parse(t, base)
	// GSI1 is re-keyed (deleted and added back) and ByTotal added: three
	// index operations, three stack updates.
	to := edit(t, append(addByTotal, `{"AttributeName": "GSI1PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}`, `{"AttributeName": "GSI1PK", "KeyType": "HASH"}`)...)
	p := compare(t, from, to, diff.Options{})
	var deploys []int
	for _, s := range p.Steps {
		deploys = append(deploys, s.Deploy)
	}
	if p.Deploys != 3 || len(p.Steps) != 3 || p.Steps[0].Kind != diff.KindDeleteGSI || p.Steps[0].Index != "GSI1" {
		t.Errorf("deploys %d %v, steps %+v", p.Deploys, deploys, p.Steps)
	}
}

func TestOnlineSettingChanges(t *testing.T) {
	from := parse(t, base)
	to := edit(t, `"BillingMode": "PAY_PER_REQUEST",`, `"BillingMode": "PAY_PER_REQUEST", "TableClass": "STANDARD_INFREQUENT_ACCESS", "DeletionProtectionEnabled": true,
    "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"},`,
		`"GlobalSecondaryIndexes"`, `"TimeToLiveSpecification": {"AttributeName": "expires", "Enabled": true}, "GlobalSecondaryIndexes"`)
	p := compare(t, from, to, diff.Options{})
	for _, k := range []string{diff.KindTableClass, diff.KindDeletionProtection, diff.KindStream, diff.KindTTL} {
		s := only(t, p, k)
		if !s.Online || s.Replacement || s.Estimate == nil || s.Estimate.Seconds != 0 {
			t.Errorf("%s: %+v", k, s)
		}
	}
	if len(p.Steps) != 4 {
		t.Errorf("steps = %+v", p.Steps)
	}
}

func TestRenamedTableIsACopy(t *testing.T) {
	from := parse(t, base)
	to := parse(t, strings.ReplaceAll(base, `"Orders"`, `"Orders2"`))
	p := compare(t, from, to, diff.Options{SizeGB: 1})
	s := only(t, p, diff.KindTableName)
	if s.Online || !s.Replacement || !strings.Contains(s.CloudFormation, "Orders2") {
		t.Errorf("step = %+v", s)
	}
	// Every pattern names the old table.
	if len(p.BrokenAccessPatterns) != 3 {
		t.Errorf("broken = %+v", p.BrokenAccessPatterns)
	}
	for _, b := range p.BrokenAccessPatterns {
		if !b.UpdatedInNew {
			t.Errorf("%s: the new version has a working pattern of the same name", b.Name)
		}
	}
}

func TestSameDesignHasNoSteps(t *testing.T) {
	p := compare(t, parse(t, base), parse(t, base), diff.Options{SizeGB: 5})
	if len(p.Steps) != 0 || len(p.BrokenAccessPatterns) != 0 || p.Deploys != 0 {
		t.Errorf("plan = %+v", p)
	}
}

func TestBadInput(t *testing.T) {
	m := parse(t, base)
	bad := *m
	bad.Tables = nil
	for name, c := range map[string]struct {
		from, to *model.Model
		o        diff.Options
		want     string
	}{
		"negative size": {m, m, diff.Options{SizeGB: -1}, "sizeGB -1"},
		"NaN size":      {m, m, diff.Options{SizeGB: math.NaN()}, "sizeGB NaN"},
		"invalid to":    {m, &bad, diff.Options{}, "to: "},
		"invalid from":  {&bad, m, diff.Options{}, "from: "},
		"nil":           {nil, m, diff.Options{}, "two models"},
	} {
		_, err := diff.Compare(c.from, c.to, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
}

func TestMeasuredSizeOfASampleIsScaled(t *testing.T) {
	from := parse(t, strings.Replace(base, `"settings": {}`, `"settings": {}`+dataset, 1))
	o := withData(t, from)
	o.MaxItems = 2 // read half the four items ...
	o.FullItems = 4000
	p := compare(t, from, from, o)
	s := p.Sizes[0]
	// ... and scale them to 4,000 items: × 2,000.
	if s.Items != 2 || s.Scale != 2000 || !near(s.SizeGB, float64(s.Bytes)*2000/partition.GB) || !strings.Contains(s.Arithmetic, "(4,000 items in the dataset ÷ 2 read)") {
		t.Errorf("size = %+v", s)
	}
}
