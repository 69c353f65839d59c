package exporters

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/hclwrite"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/importers"
)

// randomModel builds a valid model with n random tables: names with the
// characters a careless HCL writer mishandles (quotes, backslashes, "${",
// "%{", non-ASCII), both billing modes with capacity or caps, GSIs, LSIs,
// stream, TTL, PITR, class, protection, tags and auto scaling.
func randomModel(r *rand.Rand) *model.Model {
	odd := []string{"orders", "a\"b", `back\slash`, "${var.x}", "%{if}", "naïve", "with space", "x.y-z_1", "0lead", "tag:colon"}
	pick := func() string { return odd[r.IntN(len(odd))] + fmt.Sprint(r.IntN(100)) }
	i64 := func(lo, hi int) *int64 { v := int64(lo + r.IntN(hi-lo+1)); return &v }
	types := []schema.ScalarType{schema.TypeS, schema.TypeN, schema.TypeB}
	m := &model.Model{Version: model.Version, Name: pick()}
	for ti := range 1 + r.IntN(3) {
		d := schema.TableDefinition{TableName: fmt.Sprintf("t%d-%s", ti, strings.Map(func(c rune) rune {
			if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' {
				return c
			}
			return '_'
		}, pick()))}
		attr := func(name string) {
			for _, a := range d.AttributeDefinitions {
				if a.AttributeName == name {
					return
				}
			}
			d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: name, AttributeType: types[r.IntN(3)]})
		}
		attr("pk")
		d.KeySchema = []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}}
		hasSort := r.IntN(2) == 0
		if hasSort {
			attr("sk")
			d.KeySchema = append(d.KeySchema, schema.KeySchemaElement{AttributeName: "sk", KeyType: schema.KeyTypeRange})
		}
		provisioned := r.IntN(2) == 0
		if provisioned {
			d.BillingMode = schema.BillingProvisioned
			d.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: i64(1, 50), WriteCapacityUnits: i64(1, 50)}
		} else {
			d.BillingMode = schema.BillingPayPerRequest
			if r.IntN(2) == 0 {
				d.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: i64(1, 9000), MaxWriteRequestUnits: i64(1, 9000)}
			}
		}
		projection := func() schema.Projection {
			switch r.IntN(3) {
			case 0:
				return schema.Projection{ProjectionType: schema.ProjectAll}
			case 1:
				return schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{pick(), pick() + "x"}}
			}
			return schema.Projection{ProjectionType: schema.ProjectKeysOnly}
		}
		for gi := range r.IntN(3) {
			name := fmt.Sprintf("g%d", gi)
			attr(name)
			g := schema.GlobalSecondaryIndex{IndexName: fmt.Sprintf("gsi%d.by-%d", gi, r.IntN(9)), KeySchema: []schema.KeySchemaElement{{AttributeName: name, KeyType: schema.KeyTypeHash}}, Projection: projection()}
			if provisioned {
				g.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: i64(1, 20), WriteCapacityUnits: i64(1, 20)}
			} else if r.IntN(2) == 0 {
				g.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: i64(1, 500)}
			}
			d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, g)
		}
		if hasSort && r.IntN(2) == 0 {
			attr("l0")
			d.LocalSecondaryIndexes = []schema.LocalSecondaryIndex{{IndexName: "lsi0", KeySchema: []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "l0", KeyType: schema.KeyTypeRange}}, Projection: projection()}}
		}
		if r.IntN(2) == 0 {
			d.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"}
		}
		if r.IntN(2) == 0 {
			d.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: r.IntN(2) == 0}
		}
		if r.IntN(3) == 0 {
			d.TableClass = "STANDARD_INFREQUENT_ACCESS"
		}
		if r.IntN(3) == 0 {
			on := r.IntN(2) == 0
			d.DeletionProtectionEnabled = &on
		}
		for k := range r.IntN(4) {
			d.Tags = append(d.Tags, schema.Tag{Key: fmt.Sprintf("%s%d", pick(), k), Value: pick()})
		}
		t := model.Table{TableDefinition: d}
		if r.IntN(2) == 0 {
			t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: "expires", Enabled: true}
		}
		if provisioned && r.IntN(2) == 0 {
			lo := *d.ProvisionedThroughput.ReadCapacityUnits
			t.AutoScaling = &model.AutoScaling{Read: &model.ScalingRange{MinCapacity: lo, MaxCapacity: lo * 10, TargetValue: 70}}
		}
		m.Tables = append(m.Tables, t)
	}
	return m
}

// TestTerraformFormatted: the Terraform export of every pattern and of
// random models is what hclwrite.Format (what `terraform fmt` runs) makes
// of it, and `terraform fmt -check` agrees where terraform is installed.
func TestTerraformFormatted(t *testing.T) {
	var models []*model.Model
	for _, p := range patterns.Catalog() {
		models = append(models, p.Model())
	}
	r := rand.New(rand.NewPCG(27, 3))
	for len(models) < len(patterns.Catalog())+200 {
		m := randomModel(r)
		if err := m.Validate(); err != nil {
			continue
		}
		models = append(models, m)
	}
	dir := t.TempDir()
	for i, m := range models {
		res, err := Render(m, formats.Terraform)
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		out := res.Files[0].Content
		if f := string(hclwrite.Format([]byte(out))); f != out {
			t.Errorf("%s: the export is not formatted:\n%s", m.Name, firstDifference(out, f))
		}
		// What the names and tags say survives the quoting: the import
		// reads the same tables back.
		back, _, err := importers.Import(importers.Terraform, []byte(out))
		if err != nil {
			t.Errorf("%s: the import refuses the export: %v\n%s", m.Name, err, out)
		} else if got, want := tfSummary(back), tfSummary(m); got != want {
			t.Errorf("%s: read back\n%s\nwant\n%s", m.Name, got, want)
		}
		if !strings.HasSuffix(res.Files[0].Path, ".tf") {
			t.Errorf("%s: file %s", m.Name, res.Files[0].Path)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("m%03d.tf", i)), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tf, err := exec.LookPath("terraform")
	if err != nil {
		t.Log("terraform is not installed: fmt -check not run")
		return
	}
	cmd := exec.Command(tf, "fmt", "-check", "-list=true", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("terraform fmt -check: %v\n%s", err, out)
	}
}

// tfSummary names what the test compares: tables, keys, indexes, tags.
func tfSummary(m *model.Model) string {
	var b strings.Builder
	for _, t := range m.Tables {
		fmt.Fprintf(&b, "%s %v %s", t.TableName, t.KeySchema, t.EffectiveBillingMode())
		for _, g := range t.GlobalSecondaryIndexes {
			fmt.Fprintf(&b, " %s%v", g.IndexName, g.Projection.NonKeyAttributes)
		}
		tags := map[string]string{}
		for _, tg := range t.Tags {
			tags[tg.Key] = tg.Value
		}
		fmt.Fprintf(&b, " %v\n", tags)
	}
	return b.String()
}

func firstDifference(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, la[i], lb[i])
		}
	}
	return "lengths differ"
}
