package importers

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hasWarning(t *testing.T, warnings []string, parts ...string) {
	t.Helper()
	for _, w := range warnings {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(w, p)
		}
		if all {
			return
		}
	}
	t.Errorf("no warning with %q in %q", parts, warnings)
}

// TestCloudFormationShortFormYAML reads a hand-written template in YAML's
// short form: parameters take their defaults, conditions are evaluated on
// them, Fn::FindInMap, Fn::Join and !Sub resolve, and each substitution and
// each property the model does not keep is reported.
func TestCloudFormationShortFormYAML(t *testing.T) {
	m, warnings, err := Import(CloudFormation, readTestdata(t, "orders.template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tables) != 1 {
		t.Fatalf("%d tables, want 1 (AuditTable's condition IsProd is false with Env=dev)", len(m.Tables))
	}
	tb := m.Tables[0]
	if tb.TableName != "orders-dev" || tb.BillingMode != schema.BillingProvisioned {
		t.Errorf("table %s billing %s", tb.TableName, tb.BillingMode)
	}
	if pt := tb.ProvisionedThroughput; pt == nil || *pt.ReadCapacityUnits != 10 || *pt.WriteCapacityUnits != 5 {
		t.Errorf("throughput %+v", pt)
	}
	if len(tb.GlobalSecondaryIndexes) != 1 || tb.GlobalSecondaryIndexes[0].Projection.ProjectionType != schema.ProjectInclude ||
		strings.Join(tb.GlobalSecondaryIndexes[0].Projection.NonKeyAttributes, ",") != "status,total" ||
		*tb.GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits != 4 {
		t.Errorf("GSIs %+v", tb.GlobalSecondaryIndexes)
	}
	if len(tb.LocalSecondaryIndexes) != 1 || tb.LocalSecondaryIndexes[0].KeySchema[1].AttributeName != "createdAt" || tb.AttributeType("createdAt") != schema.TypeN {
		t.Errorf("LSIs %+v", tb.LocalSecondaryIndexes)
	}
	if s := tb.StreamSpecification; s == nil || !s.StreamEnabled || s.StreamViewType != "NEW_AND_OLD_IMAGES" {
		t.Errorf("stream %+v", s)
	}
	if ttl := tb.TimeToLiveSpecification; ttl == nil || ttl.AttributeName != "expiresAt" || !ttl.Enabled {
		t.Errorf("ttl %+v", ttl)
	}
	if p := tb.PointInTimeRecoverySpecification; p == nil || !p.PointInTimeRecoveryEnabled || *p.RecoveryPeriodInDays != 7 {
		t.Errorf("pitr %+v", p)
	}
	if d := tb.DeletionProtectionEnabled; d == nil || *d {
		t.Errorf("deletion protection %v, want false (NotProd)", d)
	}
	if len(tb.Tags) != 2 || tb.Tags[0].Value != "orders-dev" || tb.Tags[1].Value != "stack" || tb.TableClass != "STANDARD" {
		t.Errorf("tags %+v class %s", tb.Tags, tb.TableClass)
	}
	if m.Description != "Orders service tables" {
		t.Errorf("description %q", m.Description)
	}
	hasWarning(t, warnings, "parameter Env takes its default", `"dev"`)
	hasWarning(t, warnings, "parameter ReadCapacity takes its default 10")
	hasWarning(t, warnings, "Fn::If IsProd is false")
	hasWarning(t, warnings, "AuditTable", "condition IsProd")
	hasWarning(t, warnings, "SSESpecification is not kept")
	hasWarning(t, warnings, "AWS::SQS::Queue")
	hasWarning(t, warnings, "AWS::StackName")
}

// TestCloudFormationCDKSynth reads a CDK app's synthesized template: a
// TableV2 (AWS::DynamoDB::GlobalTable, settings on its replica) and a
// Table without a TableName; the bootstrap parameter and rules are no
// trouble.
func TestCloudFormationCDKSynth(t *testing.T) {
	data := readTestdata(t, "cdk-synth.template.json")
	if f := Detect("SessionsStack.template.json", data); f != CloudFormation {
		t.Errorf("Detect: %q", f)
	}
	m, warnings, err := Import(CloudFormation, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tables) != 2 {
		t.Fatalf("%d tables", len(m.Tables))
	}
	s := m.Tables[0]
	if s.TableName != "sessions" || s.BillingMode != schema.BillingPayPerRequest || len(s.KeySchema) != 2 {
		t.Errorf("sessions: %+v", s.TableDefinition)
	}
	if od := s.OnDemandThroughput; od == nil || *od.MaxWriteRequestUnits != 500 || od.MaxReadRequestUnits != nil {
		t.Errorf("on-demand %+v", od)
	}
	if len(s.GlobalSecondaryIndexes) != 1 || s.GlobalSecondaryIndexes[0].Projection.ProjectionType != schema.ProjectAll {
		t.Errorf("GSIs %+v", s.GlobalSecondaryIndexes)
	}
	if s.DeletionProtectionEnabled == nil || !*s.DeletionProtectionEnabled || s.PointInTimeRecoverySpecification == nil ||
		s.TableClass != "STANDARD" || len(s.Tags) != 1 || s.StreamSpecification == nil || s.TimeToLiveSpecification == nil {
		t.Errorf("replica settings lost: %+v", s)
	}
	e := m.Tables[1]
	if e.TableName != "EventsTableD24865E5" || e.EffectiveBillingMode() != schema.BillingProvisioned || *e.ProvisionedThroughput.ReadCapacityUnits != 5 {
		t.Errorf("events: %+v", e.TableDefinition)
	}
	hasWarning(t, warnings, "leaves TableName to CloudFormation")
	for _, w := range warnings {
		if strings.Contains(w, "CDK::Metadata") || strings.Contains(w, "Metadata is not kept") {
			t.Errorf("CDK's metadata reported: %s", w)
		}
	}
}

// TestCloudFormationBadInput: clear errors, never a panic.
func TestCloudFormationBadInput(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"empty", "", "empty"},
		{"not yaml", "a: [b", "invalid YAML"},
		{"bad json", `{"Resources": `, "invalid JSON"},
		{"list", "- a\n- b", "not a mapping"},
		{"no resources", "AWSTemplateFormatVersion: '2010-09-09'", `no "Resources"`},
		{"no table", "Resources:\n  Q:\n    Type: AWS::SQS::Queue", "no AWS::DynamoDB::Table"},
		{"missing ref", "Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: !Ref Nope", `Ref "Nope"`},
		{"no default", "Parameters:\n  P: {Type: String}\nResources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: !Ref P", "has no Default"},
		{"self condition", "Conditions:\n  C: !Condition C\nResources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Condition: C\n    Properties: {}", "refers to itself"},
		{"bad capacity", "Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: t\n      ProvisionedThroughput: {ReadCapacityUnits: lots}", "whole number"},
		{"invalid table", "Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: t", "does not validate"},
		{"alias bomb", "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d]", ""},
		{"deep", strings.Repeat("[", 5000) + strings.Repeat("]", 5000), ""},
		{"aliases expanding", "x0: &a0 [v, v, v, v, v, v, v, v, v, v]\n" + aliasLevels(9) + "Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      Tags: *a9\n", "expands to more than"},
	} {
		m, _, err := Import(CloudFormation, []byte(c.doc))
		if err == nil {
			t.Errorf("%s: imported %+v", c.name, m)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to mention %q", c.name, err, c.want)
		}
	}
}

// TestCloudFormationGlobalTableAutoScaling: a provisioned global table's
// auto scaling (writes on the table, reads on its replica) is kept in the
// model, its minimum being the capacity; an index's is reported.
func TestCloudFormationGlobalTableAutoScaling(t *testing.T) {
	doc := `Resources:
  Orders:
    Type: AWS::DynamoDB::GlobalTable
    Properties:
      TableName: orders
      BillingMode: PROVISIONED
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}, {AttributeName: day, AttributeType: S}]
      KeySchema: [{AttributeName: id, KeyType: HASH}]
      WriteProvisionedThroughputSettings:
        WriteCapacityAutoScalingSettings:
          MinCapacity: 5
          MaxCapacity: 100
          TargetTrackingScalingPolicyConfiguration: {TargetValue: 70}
      GlobalSecondaryIndexes:
        - IndexName: ByDay
          KeySchema: [{AttributeName: day, KeyType: HASH}]
          Projection: {ProjectionType: KEYS_ONLY}
          WriteProvisionedThroughputSettings:
            WriteCapacityAutoScalingSettings: {MinCapacity: 2, MaxCapacity: 20, TargetTrackingScalingPolicyConfiguration: {TargetValue: 50}}
      Replicas:
        - Region: eu-west-1
          ReadProvisionedThroughputSettings:
            ReadCapacityAutoScalingSettings: {MinCapacity: 10, MaxCapacity: 200, TargetTrackingScalingPolicyConfiguration: {TargetValue: 60}}
          GlobalSecondaryIndexes:
            - IndexName: ByDay
              ReadProvisionedThroughputSettings: {ReadCapacityUnits: 7}
        - Region: us-west-2
`
	m, warnings, err := Import(CloudFormation, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	tb := m.Tables[0]
	if pt := tb.ProvisionedThroughput; *pt.ReadCapacityUnits != 10 || *pt.WriteCapacityUnits != 5 {
		t.Errorf("capacity %d/%d, want the minimums 10/5", *pt.ReadCapacityUnits, *pt.WriteCapacityUnits)
	}
	as := tb.AutoScaling
	if as == nil || as.Read == nil || as.Write == nil || *as.Read != (model.ScalingRange{MinCapacity: 10, MaxCapacity: 200, TargetValue: 60}) ||
		*as.Write != (model.ScalingRange{MinCapacity: 5, MaxCapacity: 100, TargetValue: 70}) {
		t.Errorf("auto scaling %+v", as)
	}
	if g := tb.GSI("ByDay").ProvisionedThroughput; *g.ReadCapacityUnits != 7 || *g.WriteCapacityUnits != 2 {
		t.Errorf("index capacity %d/%d", *g.ReadCapacityUnits, *g.WriteCapacityUnits)
	}
	hasWarning(t, warnings, "index ByDay's write capacity auto scales from 2 to 20")
	hasWarning(t, warnings, "replica in us-west-2 is not kept")
}

// aliasLevels writes YAML anchors a1..an, each a list of ten aliases of
// the one before: a few hundred bytes standing for 10^n values.
func aliasLevels(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "x%d: &a%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}
