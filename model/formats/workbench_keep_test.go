package formats

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// keepFile is a NoSQL Workbench model with what the import used to drop:
// a declared attribute no item carries, auto scaling, an index's own
// capacity, and a facet whose alias is no template with one sample item.
const keepFile = `{
  "ModelName": "Keep",
  "ModelMetadata": {"Author": "t", "DateCreated": "Jan 01, 2026, 00:00 AM", "DateLastModified": "Jan 01, 2026, 00:00 AM",
    "Description": "", "AWSService": "Amazon DynamoDB", "Version": "3.0"},
  "DataModel": [{
    "TableName": "Users",
    "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}, "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
    "NonKeyAttributes": [
      {"AttributeName": "GSI1PK", "AttributeType": "S"},
      {"AttributeName": "email", "AttributeType": "S"},
      {"AttributeName": "nickname", "AttributeType": "S"},
      {"AttributeName": "score", "AttributeType": "N"}
    ],
    "TableFacets": [{
      "FacetName": "User",
      "KeyAttributeAlias": {"PartitionKeyAlias": "UserId", "SortKeyAlias": "Profile"},
      "TableData": [{"PK": {"S": "USER#42"}, "SK": {"S": "PROFILE#42"}, "email": {"S": "a@example.com"}}],
      "NonKeyAttributes": ["email"],
      "DataAccess": {"MySql": {}}
    }],
    "GlobalSecondaryIndexes": [{
      "IndexName": "ByEmail",
      "KeyAttributes": {"PartitionKey": {"AttributeName": "GSI1PK", "AttributeType": "S"}},
      "Projection": {"ProjectionType": "ALL"},
      "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 2}
    }],
    "DataAccess": {"MySql": {}},
    "BillingMode": "PROVISIONED",
    "ProvisionedCapacitySettings": {
      "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4},
      "AutoScalingRead": {"ScalableTargetRequest": {"MinCapacity": 5, "MaxCapacity": 50, "ServiceRole": "r"}, "ScalingPolicyConfiguration": {"TargetValue": 65}},
      "AutoScalingWrite": {"ScalableTargetRequest": {"MinCapacity": 4, "MaxCapacity": 4, "ServiceRole": "r"}, "ScalingPolicyConfiguration": {"TargetValue": 70}}
    }
  }]
}`

// TestNoSQLWorkbenchKeeps: declared attributes without sample values
// become attribute schemas, auto scaling and an index's own capacity are
// kept (and written back), and a facet alias that is no template stays the
// template's parameter, with a warning, rather than a template guessed
// from one item.
func TestNoSQLWorkbenchKeeps(t *testing.T) {
	m, ws, err := ImportNoSQLWorkbench([]byte(keepFile))
	if err != nil {
		t.Fatal(err)
	}
	tb := m.Tables[0]
	e := m.Entity("User")
	if e.Keys["PK"] != "{UserId}" || e.Keys["SK"] != "{Profile}" {
		t.Errorf("keys %v: want the aliases kept, not USER#{...} from one item", e.Keys)
	}
	if !hasWarning(ws, `key alias "UserId"`, "kept") || !hasWarning(ws, `key alias "Profile"`) {
		t.Errorf("warnings %q", ws)
	}
	types := map[string]model.Attribute{}
	for _, a := range e.Attributes {
		types[a.Name] = a
	}
	if types["nickname"].Type != "S" || types["score"].Type != "N" || types["nickname"].Required || !types["email"].Required {
		t.Errorf("attributes %+v", e.Attributes)
	}
	if as := tb.AutoScaling; as == nil || as.Read == nil || *as.Read != (model.ScalingRange{MinCapacity: 5, MaxCapacity: 50, TargetValue: 65}) || as.Write != nil {
		t.Errorf("auto scaling %+v (a pinned write range is the fixed capacity)", tb.AutoScaling)
	}
	if pt := tb.GSI("ByEmail").ProvisionedThroughput; *pt.ReadCapacityUnits != 3 || *pt.WriteCapacityUnits != 2 {
		t.Errorf("index capacity %d/%d, want the index's own 3/2", *pt.ReadCapacityUnits, *pt.WriteCapacityUnits)
	}
	// The export writes them back; the import reads the same.
	r, err := Render(m, NoSQLWorkbench)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content))
	if err != nil {
		t.Fatal(err)
	}
	bt := back.Tables[0]
	if *bt.AutoScaling.Read != *tb.AutoScaling.Read || *bt.GSI("ByEmail").ProvisionedThroughput.ReadCapacityUnits != 3 {
		t.Errorf("after a round trip: auto scaling %+v, index capacity %+v", bt.AutoScaling.Read, bt.GSI("ByEmail").ProvisionedThroughput)
	}
}

// TestNoSQLWorkbenchIndexCapacityRoundTrip: a pattern whose index has its
// own provisioned capacity keeps it through NoSQL Workbench's format.
func TestNoSQLWorkbenchIndexCapacityRoundTrip(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		tb := &m.Tables[0]
		if len(tb.GlobalSecondaryIndexes) == 0 {
			continue
		}
		n := func(v int64) *int64 { return &v }
		tb.BillingMode = schema.BillingProvisioned
		tb.OnDemandThroughput = nil
		tb.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: n(10), WriteCapacityUnits: n(5)}
		for i := range tb.GlobalSecondaryIndexes {
			tb.GlobalSecondaryIndexes[i].OnDemandThroughput = nil
			tb.GlobalSecondaryIndexes[i].ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: n(int64(2 + i)), WriteCapacityUnits: n(1)}
		}
		tb.AutoScaling = &model.AutoScaling{Write: &model.ScalingRange{MinCapacity: 5, MaxCapacity: 40, TargetValue: 75}}
		r, err := RenderWith(m, NoSQLWorkbench, Options{Resolve: patterns.Generator, MaxItems: 5})
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := ImportNoSQLWorkbench([]byte(r.Files[0].Content))
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		bt := back.Table(tb.TableName)
		for i, g := range tb.GlobalSecondaryIndexes {
			if got := bt.GlobalSecondaryIndexes[i].ProvisionedThroughput; *got.ReadCapacityUnits != *g.ProvisionedThroughput.ReadCapacityUnits {
				t.Errorf("%s: index %s reads %d, want %d", p.Name, g.IndexName, *got.ReadCapacityUnits, *g.ProvisionedThroughput.ReadCapacityUnits)
			}
		}
		if bt.AutoScaling == nil || bt.AutoScaling.Write == nil || *bt.AutoScaling.Write != *tb.AutoScaling.Write {
			t.Errorf("%s: auto scaling %+v", p.Name, bt.AutoScaling)
		}
	}
}
