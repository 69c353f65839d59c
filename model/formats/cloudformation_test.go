package formats

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// testModels are the catalogue's models and fullModel.
func testModels() map[string]*model.Model {
	out := map[string]*model.Model{"full": fullModel()}
	for _, p := range patterns.Catalog() {
		out[p.Name] = p.Model()
	}
	return out
}

func renderTemplate(t *testing.T, m *model.Model) map[string]any {
	t.Helper()
	r, err := Render(m, CloudFormationJSON)
	if err != nil {
		t.Fatal(err)
	}
	var tpl map[string]any
	if err := json.Unmarshal([]byte(r.Files[0].Content), &tpl); err != nil {
		t.Fatalf("the template is not JSON: %v", err)
	}
	return tpl
}

func resources(t *testing.T, tpl map[string]any) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for id, r := range tpl["Resources"].(map[string]any) {
		out[id] = r.(map[string]any)
	}
	return out
}

func keyNames(v any) []string {
	var out []string
	for _, e := range asList(v) {
		out = append(out, e.(map[string]any)["AttributeName"].(string))
	}
	return out
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestCloudFormationAttributeDefinitionsAreTheKeys checks, for every
// model, that each table's AttributeDefinitions name exactly the attributes
// its key schema and its indexes' key schemas use, once each, with the
// model's types: CloudFormation refuses a definition no key uses.
func TestCloudFormationAttributeDefinitionsAreTheKeys(t *testing.T) {
	for name, m := range testModels() {
		tpl := renderTemplate(t, m)
		res := resources(t, tpl)
		if len(res) != len(m.Tables) {
			t.Errorf("%s: %d resources for %d tables", name, len(res), len(m.Tables))
		}
		for id, r := range res {
			if r["Type"] != "AWS::DynamoDB::Table" {
				t.Errorf("%s %s: Type %v", name, id, r["Type"])
			}
			p := r["Properties"].(map[string]any)
			tbl := m.Table(p["TableName"].(string))
			if tbl == nil {
				t.Errorf("%s %s: TableName %v is not a model table", name, id, p["TableName"])
				continue
			}
			keys := map[string]bool{}
			for _, k := range keyNames(p["KeySchema"]) {
				keys[k] = true
			}
			for _, section := range []string{"GlobalSecondaryIndexes", "LocalSecondaryIndexes"} {
				for _, ix := range asList(p[section]) {
					for _, k := range keyNames(ix.(map[string]any)["KeySchema"]) {
						keys[k] = true
					}
				}
			}
			var defined []string
			for _, d := range asList(p["AttributeDefinitions"]) {
				dm := d.(map[string]any)
				n := dm["AttributeName"].(string)
				defined = append(defined, n)
				if want := string(tbl.AttributeType(n)); dm["AttributeType"] != want {
					t.Errorf("%s %s: %s is %v, the model says %s", name, id, n, dm["AttributeType"], want)
				}
			}
			var want []string
			for k := range keys {
				want = append(want, k)
			}
			sort.Strings(want)
			got := slices.Clone(defined)
			sort.Strings(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: AttributeDefinitions %v, key attributes %v", name, id, defined, want)
			}
		}
	}
}

func TestCloudFormationFullModel(t *testing.T) {
	tpl := renderTemplate(t, fullModel())
	if tpl["AWSTemplateFormatVersion"] != "2010-09-09" || tpl["Description"] == "" {
		t.Errorf("header: %v %v", tpl["AWSTemplateFormatVersion"], tpl["Description"])
	}
	res := resources(t, tpl)
	var ids []string
	for id := range res {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	// "orders" and "Orders" make the same id: the second gets a number; a
	// name starting with a digit gets a prefix.
	if want := []string{"Orders", "Orders2", "Table2026Archive"}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("logical ids %v, want %v", ids, want)
	}
	orders := res["Orders"]["Properties"].(map[string]any)
	for _, k := range []string{"TableName", "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput",
		"GlobalSecondaryIndexes", "LocalSecondaryIndexes", "StreamSpecification", "TimeToLiveSpecification",
		"TableClass", "DeletionProtectionEnabled", "Tags", "PointInTimeRecoverySpecification"} {
		if _, ok := orders[k]; !ok {
			t.Errorf("orders: no %s", k)
		}
	}
	if s := orders["StreamSpecification"].(map[string]any); len(s) != 1 || s["StreamViewType"] != "NEW_IMAGE" {
		t.Errorf("StreamSpecification %v: CloudFormation's has StreamViewType alone", s)
	}
	if p := orders["PointInTimeRecoverySpecification"].(map[string]any); p["PointInTimeRecoveryEnabled"] != true || p["RecoveryPeriodInDays"] != 14.0 {
		t.Errorf("PointInTimeRecoverySpecification %v", p)
	}
	if ttl := orders["TimeToLiveSpecification"].(map[string]any); ttl["AttributeName"] != "expiresAt" || ttl["Enabled"] != true {
		t.Errorf("TimeToLiveSpecification %v", ttl)
	}
	gsi := asList(orders["GlobalSecondaryIndexes"])[0].(map[string]any)
	if pt := gsi["ProvisionedThroughput"].(map[string]any); pt["ReadCapacityUnits"] != 2.0 || pt["WriteCapacityUnits"] != 3.0 {
		t.Errorf("GSI throughput %v", pt)
	}
	if pr := gsi["Projection"].(map[string]any); pr["ProjectionType"] != "INCLUDE" || len(asList(pr["NonKeyAttributes"])) != 2 {
		t.Errorf("GSI projection %v", pr)
	}
	ondemand := res["Orders2"]["Properties"].(map[string]any)
	if _, ok := ondemand["ProvisionedThroughput"]; ok {
		t.Error("an on-demand table has ProvisionedThroughput")
	}
	if od := ondemand["OnDemandThroughput"].(map[string]any); od["MaxReadRequestUnits"] != 100.0 {
		t.Errorf("OnDemandThroughput %v", od)
	}
	// Tables with secondary indexes are created in turn.
	if res["Orders2"]["DependsOn"] != "Orders" || res["Orders"]["DependsOn"] != nil || res["Table2026Archive"]["DependsOn"] != nil {
		t.Errorf("DependsOn: %v %v %v", res["Orders"]["DependsOn"], res["Orders2"]["DependsOn"], res["Table2026Archive"]["DependsOn"])
	}
	for id, r := range res {
		if r["DeletionPolicy"] != "Retain" || r["UpdateReplacePolicy"] != "Retain" {
			t.Errorf("%s: policies %v %v", id, r["DeletionPolicy"], r["UpdateReplacePolicy"])
		}
	}
	outs := tpl["Outputs"].(map[string]any)
	for _, k := range []string{"OrdersName", "OrdersArn", "OrdersStreamArn", "Orders2Name", "Orders2Arn", "Table2026ArchiveName", "Table2026ArchiveArn"} {
		if _, ok := outs[k]; !ok {
			t.Errorf("no output %s", k)
		}
	}
	if len(outs) != 7 {
		t.Errorf("%d outputs, want 7 (a stream ARN only for the table with a stream)", len(outs))
	}
	arn := outs["OrdersStreamArn"].(map[string]any)["Value"].(map[string]any)["Fn::GetAtt"]
	if !reflect.DeepEqual(arn, []any{"Orders", "StreamArn"}) {
		t.Errorf("stream ARN output %v", arn)
	}
}

// TestProductionNamesDoNotClash: a table named like a production parameter
// gets another logical id, the same in both profiles and in CDK.
func TestProductionNamesDoNotClash(t *testing.T) {
	m := fullModel()
	m.Tables = m.Tables[2:3]
	m.Tables[0].TableName = "Stage"
	m.Entities, m.AccessPatterns, m.Dataset = nil, nil, nil
	ids := map[string]string{}
	for _, profile := range Profiles() {
		r, err := RenderWith(m, CloudFormationJSON, Options{Profile: profile})
		if err != nil {
			t.Fatal(err)
		}
		var tpl map[string]any
		if err := json.Unmarshal([]byte(r.Files[0].Content), &tpl); err != nil {
			t.Fatal(err)
		}
		for id, res := range tpl["Resources"].(map[string]any) {
			if res.(map[string]any)["Type"] == "AWS::DynamoDB::Table" {
				name, _ := json.Marshal(res.(map[string]any)["Properties"].(map[string]any)["TableName"])
				ids[profile+" "+id] = string(name)
			}
			params, _ := tpl["Parameters"].(map[string]any)
			if _, clash := params[id]; clash {
				t.Errorf("resource %s is also a parameter", id)
			}
		}
	}
	if _, ok := ids[ProfileDefault+" Stage2"]; !ok {
		t.Errorf("table Stage's ids: %v", ids)
	}
	if _, ok := ids[ProfileProduction+" Stage2"]; !ok {
		t.Errorf("table Stage's ids: %v", ids)
	}
}
