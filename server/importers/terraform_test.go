package importers

import (
	"os"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestTerraformResources reads aws_dynamodb_table resources shaped like
// the provider documentation's examples: variables take their defaults,
// locals and functions evaluate, count = 0 leaves a table out, and what
// depends on a variable without a default is reported.
func TestTerraformResources(t *testing.T) {
	data := readTestdata(t, "game-scores.tf")
	if f := Detect("game-scores.tf", data); f != Terraform {
		t.Errorf("Detect: %q", f)
	}
	m, warnings, err := Import(Terraform, data)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tables) != 2 {
		t.Fatalf("%d tables, want 2 (sessions has count 0)", len(m.Tables))
	}
	g := m.Tables[0]
	if g.TableName != "staging-games-GameScores" || g.EffectiveBillingMode() != schema.BillingProvisioned ||
		*g.ProvisionedThroughput.ReadCapacityUnits != 20 || *g.ProvisionedThroughput.WriteCapacityUnits != 20 {
		t.Errorf("table %+v", g.TableDefinition)
	}
	if len(g.KeySchema) != 2 || g.KeySchema[1].AttributeName != "GameTitle" || g.AttributeType("TopScore") != schema.TypeN {
		t.Errorf("keys %+v defs %+v", g.KeySchema, g.AttributeDefinitions)
	}
	if len(g.GlobalSecondaryIndexes) != 1 || g.GlobalSecondaryIndexes[0].Projection.ProjectionType != schema.ProjectInclude ||
		*g.GlobalSecondaryIndexes[0].ProvisionedThroughput.ReadCapacityUnits != 10 {
		t.Errorf("GSIs %+v", g.GlobalSecondaryIndexes)
	}
	if len(g.LocalSecondaryIndexes) != 1 || g.LocalSecondaryIndexes[0].KeySchema[0].AttributeName != "UserId" || g.LocalSecondaryIndexes[0].KeySchema[1].AttributeName != "LastPlayed" {
		t.Errorf("LSIs %+v", g.LocalSecondaryIndexes)
	}
	if g.TimeToLiveSpecification == nil || g.TimeToLiveSpecification.AttributeName != "TimeToExist" || !g.TimeToLiveSpecification.Enabled {
		t.Errorf("ttl %+v", g.TimeToLiveSpecification)
	}
	if g.StreamSpecification == nil || g.StreamSpecification.StreamViewType != "NEW_AND_OLD_IMAGES" || g.PointInTimeRecoverySpecification == nil ||
		!g.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled || g.DeletionProtectionEnabled == nil || !*g.DeletionProtectionEnabled ||
		g.TableClass != "STANDARD_INFREQUENT_ACCESS" {
		t.Errorf("settings %+v", g.TableDefinition)
	}
	if len(g.Tags) != 2 || g.Tags[0] != (schema.Tag{Key: "Environment", Value: "staging"}) {
		t.Errorf("tags %+v", g.Tags)
	}
	e := m.Tables[1]
	if e.TableName != "EVENTS" || e.OnDemandThroughput == nil || *e.OnDemandThroughput.MaxWriteRequestUnits != 50 {
		t.Errorf("events %+v", e.TableDefinition)
	}
	hasWarning(t, warnings, "var environment takes its default", `"staging"`, "local.prefix")
	hasWarning(t, warnings, "var read_capacity takes its default 20")
	hasWarning(t, warnings, "aws_dynamodb_table.events: table_class depends on var.events_class")
	hasWarning(t, warnings, "aws_dynamodb_table.sessions", "count is 0")
	hasWarning(t, warnings, "server_side_encryption is not kept")
	for _, w := range warnings {
		if strings.Contains(w, "lifecycle") {
			t.Errorf("lifecycle reported: %s", w)
		}
	}
}

// TestTerraformModule reads the terraform-aws-modules/dynamodb-table
// module as its examples use it.
func TestTerraformModule(t *testing.T) {
	m, warnings, err := ImportTerraform(map[string][]byte{"main.tf": readTestdata(t, "terraform-module/main.tf")})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tables) != 1 {
		t.Fatalf("%d tables", len(m.Tables))
	}
	tb := m.Tables[0]
	if tb.TableName != "my-table-basic" || tb.BillingMode != schema.BillingPayPerRequest || tb.AttributeType("id") != schema.TypeN {
		t.Errorf("table %+v", tb.TableDefinition)
	}
	if len(tb.GlobalSecondaryIndexes) != 1 || tb.GlobalSecondaryIndexes[0].KeySchema[1].AttributeName != "age" ||
		strings.Join(tb.GlobalSecondaryIndexes[0].Projection.NonKeyAttributes, ",") != "id" {
		t.Errorf("GSIs %+v", tb.GlobalSecondaryIndexes)
	}
	if tb.TimeToLiveSpecification == nil || tb.TimeToLiveSpecification.AttributeName != "expires" || tb.StreamSpecification == nil ||
		tb.StreamSpecification.StreamViewType != "KEYS_ONLY" || tb.PointInTimeRecoverySpecification == nil || tb.DeletionProtectionEnabled == nil ||
		*tb.DeletionProtectionEnabled || tb.TableClass != "STANDARD" || len(tb.Tags) != 2 {
		t.Errorf("settings %+v", tb)
	}
	hasWarning(t, warnings, "server_side_encryption_enabled is not kept")
	hasWarning(t, warnings, "disabled_dynamodb_table", "create_table is false")
}

// TestTerraformBadInput: clear errors, never a panic.
func TestTerraformBadInput(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"syntax", `resource "aws_dynamodb_table" "t" {`, "not a Terraform file"},
		{"no table", `resource "aws_s3_bucket" "b" {}`, `no resource "aws_dynamodb_table"`},
		{"bad number", "resource \"aws_dynamodb_table\" \"t\" {\n name = \"t\"\n hash_key = \"id\"\n read_capacity = \"lots\"\n attribute {\n name = \"id\"\n type = \"S\"\n }\n}", "whole number"},
		{"nested loops", "locals {\n x = [for a in [1,2] : [for b in [1,2] : a * b]]\n}\nresource \"aws_dynamodb_table\" \"t\" {}", "for expression inside another"},
		{"nested template loops", "locals {\n x = \"%{for a in [1,2]}%{for b in [1,2]}x%{endfor}%{endfor}\"\n}\nresource \"aws_dynamodb_table\" \"t\" {}", "for expression inside another"},
		{"no key type", "resource \"aws_dynamodb_table\" \"t\" {\n name = \"t\"\n billing_mode = \"PAY_PER_REQUEST\"\n hash_key = \"id\"\n}", "does not validate"},
	} {
		m, _, err := Import(Terraform, []byte(c.doc))
		if err == nil {
			t.Errorf("%s: imported %+v", c.name, m)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to mention %q", c.name, err, c.want)
		}
	}
}

// TestTerraformAutoScaling reads a configuration in the shapes public
// examples take: aws_appautoscaling_target and target-tracking
// aws_appautoscaling_policy resources referring to the table and to each
// other, an index scaled beyond its table's range, and the dynamodb-table
// module's autoscaling inputs.
func TestTerraformAutoScaling(t *testing.T) {
	data, err := os.ReadFile("testdata/terraform-autoscaling/main.tf")
	if err != nil {
		t.Fatal(err)
	}
	m, warnings, err := ImportTerraform(map[string][]byte{"main.tf": data})
	if err != nil {
		t.Fatal(err)
	}
	scores := m.Table("scores-staging")
	if scores == nil || scores.AutoScaling == nil || scores.AutoScaling.Read == nil || scores.AutoScaling.Write == nil {
		t.Fatalf("scores: %+v (warnings %q)", scores, warnings)
	}
	if *scores.AutoScaling.Read != (model.ScalingRange{MinCapacity: 10, MaxCapacity: 200, TargetValue: 60}) ||
		*scores.AutoScaling.Write != (model.ScalingRange{MinCapacity: 4, MaxCapacity: 40}) {
		t.Errorf("scores auto scaling read %+v write %+v", *scores.AutoScaling.Read, *scores.AutoScaling.Write)
	}
	sessions := m.Table("sessions")
	if sessions == nil || sessions.AutoScaling == nil ||
		*sessions.AutoScaling.Read != (model.ScalingRange{MinCapacity: 5, MaxCapacity: 50, TargetValue: 45}) ||
		*sessions.AutoScaling.Write != (model.ScalingRange{MinCapacity: 2, MaxCapacity: 20, TargetValue: 70}) {
		t.Errorf("sessions auto scaling %+v", sessions)
	}
	hasWarning(t, warnings, "index by-score's read capacity auto scales from 5 to 500")
	for _, w := range warnings {
		if strings.Contains(w, "not kept") || strings.Contains(w, "not imported") {
			t.Errorf("unexpected loss: %s", w)
		}
	}
}
