package importers

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// TestCloudFormationTableAutoScaling reads a hand-written template in the
// shape public examples take: an AWS::DynamoDB::Table with a GSI, an
// IAM-role-less ScalableTarget per capacity whose ResourceId joins "table/"
// with a Ref (the table's) or names the table (the index's), and
// target-tracking policies. The table's ranges and targets are kept; the
// index scaled otherwise than its table is reported.
func TestCloudFormationTableAutoScaling(t *testing.T) {
	doc := `AWSTemplateFormatVersion: "2010-09-09"
Parameters:
  ReadMax: {Type: Number, Default: 50}
Resources:
  Music:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: music
      AttributeDefinitions:
        - {AttributeName: Artist, AttributeType: S}
        - {AttributeName: Title, AttributeType: S}
        - {AttributeName: Genre, AttributeType: S}
      KeySchema:
        - {AttributeName: Artist, KeyType: HASH}
        - {AttributeName: Title, KeyType: RANGE}
      ProvisionedThroughput: {ReadCapacityUnits: 5, WriteCapacityUnits: 5}
      GlobalSecondaryIndexes:
        - IndexName: ByGenre
          KeySchema: [{AttributeName: Genre, KeyType: HASH}]
          Projection: {ProjectionType: ALL}
          ProvisionedThroughput: {ReadCapacityUnits: 2, WriteCapacityUnits: 2}
  ReadTarget:
    Type: AWS::ApplicationAutoScaling::ScalableTarget
    Properties:
      MinCapacity: 5
      MaxCapacity: !Ref ReadMax
      ResourceId: !Join ["", ["table/", !Ref Music]]
      ScalableDimension: dynamodb:table:ReadCapacityUnits
      ServiceNamespace: dynamodb
  ReadPolicy:
    Type: AWS::ApplicationAutoScaling::ScalingPolicy
    Properties:
      PolicyName: read
      PolicyType: TargetTrackingScaling
      ScalingTargetId: !Ref ReadTarget
      TargetTrackingScalingPolicyConfiguration:
        TargetValue: 75
        PredefinedMetricSpecification: {PredefinedMetricType: DynamoDBReadCapacityUtilization}
  WriteTarget:
    Type: AWS::ApplicationAutoScaling::ScalableTarget
    Properties:
      MinCapacity: 5
      MaxCapacity: 15
      ResourceId: !Sub table/${Music}
      ScalableDimension: dynamodb:table:WriteCapacityUnits
      ServiceNamespace: dynamodb
  GenreWriteTarget:
    Type: AWS::ApplicationAutoScaling::ScalableTarget
    Properties:
      MinCapacity: 2
      MaxCapacity: 80
      ResourceId: table/music/index/ByGenre
      ScalableDimension: dynamodb:index:WriteCapacityUnits
      ServiceNamespace: dynamodb
`
	m, warnings, err := Import(CloudFormation, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	as := m.Tables[0].AutoScaling
	if as == nil || as.Read == nil || as.Write == nil ||
		*as.Read != (model.ScalingRange{MinCapacity: 5, MaxCapacity: 50, TargetValue: 75}) ||
		*as.Write != (model.ScalingRange{MinCapacity: 5, MaxCapacity: 15}) {
		t.Fatalf("auto scaling %+v (warnings %q)", as, warnings)
	}
	hasWarning(t, warnings, "index ByGenre's write capacity auto scales from 2 to 80")
	hasWarning(t, warnings, "parameter ReadMax takes its default 50")
	for _, w := range warnings {
		if w == "resources of other types are not imported: AWS::ApplicationAutoScaling::ScalableTarget" {
			t.Errorf("the scaling resources are reported as not imported")
		}
	}
	// Exported again (default profile), the ranges are written back.
	r, err := formats.Render(m, formats.CloudFormationJSON)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := Import(CloudFormation, []byte(r.Files[0].Content))
	if err != nil {
		t.Fatal(err)
	}
	if b := back.Tables[0].AutoScaling; b == nil || *b.Read != *as.Read || b.Write.MaxCapacity != 15 {
		t.Errorf("auto scaling after a round trip: %+v", b)
	}
}

// TestCDKSynthRoundTrip synthesizes the CDK app of every pattern (both
// profiles) with aws-cdk-lib and imports the synthesized template: the
// same tables, keys, indexes and settings as the model (production: as
// productionOf says). It needs WORKBENCH_CDK_NODE_MODULES, as
// model/formats's TestCDKSynthMatchesCloudFormation does, and is skipped
// without it.
func TestCDKSynthRoundTrip(t *testing.T) {
	nm := os.Getenv("WORKBENCH_CDK_NODE_MODULES")
	if nm == "" {
		t.Skip("set WORKBENCH_CDK_NODE_MODULES to a node_modules holding aws-cdk-lib, constructs and ts-node (see model/formats/cdk_synth_test.go)")
	}
	nm, err := filepath.Abs(nm)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for i, m := range roundTripModels(t) {
		for _, profile := range formats.Profiles() {
			what := m.Name + " cdk " + profile
			r, err := formats.RenderWith(m, formats.CDKTypeScript, formats.Options{Profile: profile})
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(root, profile+"-"+string(rune('a'+i)))
			bin := ""
			for _, f := range r.Files {
				p := filepath.Join(dir, f.Path)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
					t.Fatal(err)
				}
				if filepath.Dir(f.Path) == "bin" {
					bin = f.Path
				}
			}
			out := filepath.Join(dir, "cdk.out")
			cmd := exec.Command(filepath.Join(nm, ".bin", "ts-node"), "--transpile-only", "--prefer-ts-exts", bin)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "CDK_OUTDIR="+out)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s: synth: %v\n%s", what, err, b)
				continue
			}
			templates, _ := filepath.Glob(filepath.Join(out, "*.template.json"))
			if len(templates) != 1 {
				t.Errorf("%s: %d templates", what, len(templates))
				continue
			}
			data, err := os.ReadFile(templates[0])
			if err != nil {
				t.Fatal(err)
			}
			back, warnings, err := Import(CloudFormation, data)
			if err != nil {
				t.Errorf("%s: %v", what, err)
				continue
			}
			want := m
			if profile == formats.ProfileProduction {
				want = productionOf(t, m)
			}
			// CDK orders resources by logical id (tables may come back in
			// another order) and writes its defaults out (table class,
			// deletion protection, PITR off, tags sorted).
			want = withCDKDefaults(t, want)
			back = withCDKDefaults(t, back)
			sameTables(t, what, want, back)
			t.Logf("%s: warnings %q", what, warnings)
		}
	}
}

// withCDKDefaults is a copy of m's tables with the defaults a CDK app
// writes out made explicit, the tables sorted by name and their tags by
// key.
func withCDKDefaults(t *testing.T, m *model.Model) *model.Model {
	t.Helper()
	doc, err := json.Marshal(m.Tables)
	if err != nil {
		t.Fatal(err)
	}
	out := &model.Model{}
	if err := json.Unmarshal(doc, &out.Tables); err != nil {
		t.Fatal(err)
	}
	sort.SliceStable(out.Tables, func(i, j int) bool { return out.Tables[i].TableName < out.Tables[j].TableName })
	no := false
	for i := range out.Tables {
		tb := &out.Tables[i]
		if tb.TableClass == "" {
			tb.TableClass = schema.TableClassStandard
		}
		if tb.DeletionProtectionEnabled == nil {
			tb.DeletionProtectionEnabled = &no
		}
		if tb.PointInTimeRecoverySpecification == nil {
			tb.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{}
		}
		sort.SliceStable(tb.Tags, func(a, b int) bool { return tb.Tags[a].Key < tb.Tags[b].Key })
	}
	return out
}
