package importers

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/exporters"
)

// canonicalTable prints what a table definition means, so that two ways of
// writing the same table compare equal: the effective billing mode, only
// the capacity that mode uses, KEYS_ONLY for a projection left to its
// default, no disabled stream, the key attributes' definitions sorted.
func canonicalTable(t *testing.T, tb model.Table) string {
	t.Helper()
	c := tb
	d := &c.TableDefinition
	d.BillingMode = tb.EffectiveBillingMode()
	keys := map[string]bool{}
	use := func(ks []schema.KeySchemaElement) {
		for _, e := range ks {
			keys[e.AttributeName] = true
		}
	}
	use(d.KeySchema)
	d.GlobalSecondaryIndexes = slices.Clone(d.GlobalSecondaryIndexes)
	for i := range d.GlobalSecondaryIndexes {
		g := &d.GlobalSecondaryIndexes[i]
		use(g.KeySchema)
		if g.Projection.ProjectionType == "" {
			g.Projection.ProjectionType = schema.ProjectKeysOnly
		}
		if d.BillingMode == schema.BillingPayPerRequest {
			g.ProvisionedThroughput = nil
		} else {
			g.OnDemandThroughput = nil
		}
	}
	d.LocalSecondaryIndexes = slices.Clone(d.LocalSecondaryIndexes)
	for i := range d.LocalSecondaryIndexes {
		l := &d.LocalSecondaryIndexes[i]
		use(l.KeySchema)
		if l.Projection.ProjectionType == "" {
			l.Projection.ProjectionType = schema.ProjectKeysOnly
		}
	}
	if d.BillingMode == schema.BillingPayPerRequest {
		d.ProvisionedThroughput = nil
	} else {
		d.OnDemandThroughput = nil
	}
	var defs []schema.AttributeDefinition
	for _, a := range d.AttributeDefinitions {
		if keys[a.AttributeName] {
			defs = append(defs, a)
		}
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].AttributeName < defs[j].AttributeName })
	d.AttributeDefinitions = defs
	if s := d.StreamSpecification; s != nil && !s.StreamEnabled {
		d.StreamSpecification = nil
	}
	if len(d.Tags) == 0 {
		d.Tags = nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sameTables(t *testing.T, what string, want, got *model.Model) {
	t.Helper()
	if len(want.Tables) != len(got.Tables) {
		t.Errorf("%s: %d tables, want %d", what, len(got.Tables), len(want.Tables))
		return
	}
	for i := range want.Tables {
		w, g := canonicalTable(t, want.Tables[i]), canonicalTable(t, got.Tables[i])
		if w != g {
			t.Errorf("%s: table %d differs\n got %s\nwant %s", what, i, g, w)
		}
	}
}

// fullModel is a pattern's model with every table setting the formats
// carry turned on, so that a round trip has something to lose.
func fullModel(t *testing.T) *model.Model {
	t.Helper()
	m := patterns.Catalog()[0].Model()
	tb := &m.Tables[0]
	n := func(v int64) *int64 { return &v }
	yes := true
	tb.BillingMode = schema.BillingProvisioned
	tb.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: n(7), WriteCapacityUnits: n(3)}
	for i := range tb.GlobalSecondaryIndexes {
		tb.GlobalSecondaryIndexes[i].ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: n(int64(4 + i)), WriteCapacityUnits: n(2)}
		tb.GlobalSecondaryIndexes[i].OnDemandThroughput = nil
	}
	tb.OnDemandThroughput = nil
	tb.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"}
	tb.TimeToLiveSpecification = &model.TimeToLive{AttributeName: "expiresAt", Enabled: true}
	tb.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: n(14)}
	tb.TableClass = "STANDARD_INFREQUENT_ACCESS"
	tb.DeletionProtectionEnabled = &yes
	tb.Tags = []schema.Tag{{Key: "team", Value: "orders"}, {Key: "env", Value: "yes"}}
	tb.AutoScaling = &model.AutoScaling{Read: &model.ScalingRange{MinCapacity: 7, MaxCapacity: 40, TargetValue: 65}, Write: &model.ScalingRange{MinCapacity: 3, MaxCapacity: 12, TargetValue: 50.5}}
	if len(tb.LocalSecondaryIndexes) == 0 && len(tb.KeySchema) == 2 {
		tb.AttributeDefinitions = append(tb.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "createdAt", AttributeType: schema.TypeS})
		tb.LocalSecondaryIndexes = []schema.LocalSecondaryIndex{{IndexName: "ByCreated",
			KeySchema:  []schema.KeySchemaElement{tb.KeySchema[0], {AttributeName: "createdAt", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"status", "total"}}}}
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("the full model does not validate: %v", err)
	}
	return m
}

// TestCloudFormationRoundTrip exports every pattern (and a model with every
// table setting on, auto scaling included) as a CloudFormation template,
// JSON and YAML, in both profiles, and imports it back: the same tables,
// keys, indexes and settings, the same name and description. The
// production profile's additions come back as productionOf says; its
// warnings name only what a production template adds that the model does
// not keep (parameters' defaults, the KMS key choice, alarms).
func TestCloudFormationRoundTrip(t *testing.T) {
	for _, m := range roundTripModels(t) {
		for _, f := range []string{formats.CloudFormationJSON, formats.CloudFormationYAML} {
			for _, profile := range formats.Profiles() {
				what := m.Name + " " + f + " " + profile
				r, err := exporters.RenderWith(m, f, formats.Options{Profile: profile})
				if err != nil {
					t.Fatal(err)
				}
				back, warnings, err := Import(CloudFormation, []byte(r.Files[0].Content))
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				want := m
				if profile == formats.ProfileProduction {
					want = productionOf(t, m)
					checkProductionWarnings(t, what, warnings)
				} else if len(warnings) != 0 {
					t.Errorf("%s: warnings on the workbench's own template: %q", what, warnings)
				}
				if back.Name != m.Name || back.Description != m.Description {
					t.Errorf("%s: name %q description %q, want %q %q", what, back.Name, back.Description, m.Name, m.Description)
				}
				sameTables(t, what, want, back)
			}
		}
	}
}

func roundTripModels(t *testing.T) []*model.Model {
	models := []*model.Model{fullModel(t)}
	for _, p := range patterns.Catalog() {
		models = append(models, p.Model())
	}
	return models
}

// productionWarning matches what importing a production template may
// report: the parameters and conditions taking their defaults, the
// encryption setting the model does not keep, and the alarms.
var productionWarning = regexp.MustCompile(`parameter (Stage|KmsKeyArn|AlarmTopicArn) takes its default|Fn::If (HasStage|HasKmsKey|HasAlarmTopic) is|SSESpecification is not kept|resources of other types are not imported: AWS::CloudWatch::Alarm$`)

func checkProductionWarnings(t *testing.T, what string, warnings []string) {
	t.Helper()
	for _, w := range warnings {
		if !productionWarning.MatchString(w) {
			t.Errorf("%s: unexpected warning %q", what, w)
		}
	}
}

// productionOf is m as its production template deploys it with the
// parameters' defaults: each table named <name>-prod and tagged Stage=prod,
// point-in-time recovery and deletion protection on, provisioned capacity
// auto scaling (within the model's range, else from its capacity to four
// times it, at 70%).
func productionOf(t *testing.T, m *model.Model) *model.Model {
	t.Helper()
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	out, err := model.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	scaled := func(units *int64) *model.ScalingRange {
		if units == nil {
			return nil
		}
		return &model.ScalingRange{MinCapacity: *units, MaxCapacity: max(*units, min(*units*4, 40_000)), TargetValue: 70}
	}
	for i := range out.Tables {
		tb := &out.Tables[i]
		tb.TableName += "-prod"
		pitr := &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true}
		if p := tb.PointInTimeRecoverySpecification; p != nil {
			pitr.RecoveryPeriodInDays = p.RecoveryPeriodInDays
		}
		tb.PointInTimeRecoverySpecification = pitr
		tb.DeletionProtectionEnabled = &yes
		tb.Tags = append(slices.DeleteFunc(tb.Tags, func(tg schema.Tag) bool { return tg.Key == "Stage" }), schema.Tag{Key: "Stage", Value: "prod"})
		if tb.EffectiveBillingMode() != schema.BillingProvisioned {
			continue
		}
		if tb.AutoScaling == nil && tb.ProvisionedThroughput != nil {
			tb.AutoScaling = &model.AutoScaling{Read: scaled(tb.ProvisionedThroughput.ReadCapacityUnits), Write: scaled(tb.ProvisionedThroughput.WriteCapacityUnits)}
		}
		for _, r := range []*model.ScalingRange{tb.AutoScaling.Read, tb.AutoScaling.Write} {
			if r != nil && r.TargetValue == 0 {
				r.TargetValue = 70
			}
		}
	}
	return out
}

// keyTable is what a format that carries only keys and indexes keeps of a
// table: key schema, key attribute types, GSIs with their keys and
// projections.
func keyTable(t *testing.T, tb model.Table) string {
	t.Helper()
	c := model.Table{}
	c.TableName = tb.TableName
	c.KeySchema = tb.KeySchema
	c.GlobalSecondaryIndexes = slices.Clone(tb.GlobalSecondaryIndexes)
	for i := range c.GlobalSecondaryIndexes {
		g := &c.GlobalSecondaryIndexes[i]
		g.ProvisionedThroughput, g.OnDemandThroughput = nil, nil
	}
	c.AttributeDefinitions = tb.AttributeDefinitions
	c.BillingMode = schema.BillingPayPerRequest
	return canonicalTable(t, c)
}

// sameEntities compares entities (name, table, the key templates of the
// attributes the format carries) and the types of the attributes the
// original declares.
func sameEntities(t *testing.T, what string, want, got *model.Model, keyAttrs func(*model.Table) []string) {
	t.Helper()
	if len(got.Entities) != len(want.Entities) {
		t.Errorf("%s: %d entities, want %d", what, len(got.Entities), len(want.Entities))
		return
	}
	for i, we := range want.Entities {
		ge := got.Entities[i]
		if ge.Name != we.Name || ge.Table != we.Table {
			t.Errorf("%s: entity %s/%s, want %s/%s", what, ge.Name, ge.Table, we.Name, we.Table)
			continue
		}
		for _, k := range keyAttrs(want.Table(we.Table)) {
			if ge.Keys[k] != we.Keys[k] {
				t.Errorf("%s: entity %s: %s template %q, want %q", what, we.Name, k, ge.Keys[k], we.Keys[k])
			}
		}
		for _, a := range we.Attributes {
			if _, isKey := ge.Keys[a.Name]; isKey {
				continue // a key attribute: its template describes it
			}
			j := slices.IndexFunc(ge.Attributes, func(x model.Attribute) bool { return x.Name == a.Name })
			typeOK := j >= 0 && ge.Attributes[j].Type == a.Type
			switch a.Type {
			case "SS", "NS", "BS":
				typeOK = typeOK || j >= 0 && ge.Attributes[j].Type == "L" // a list in formats without sets
			}
			if !typeOK || ge.Attributes[j].Required != a.Required {
				t.Errorf("%s: entity %s: attribute %s %s (required %v) lost: %+v", what, we.Name, a.Name, a.Type, a.Required, ge.Attributes)
			}
		}
	}
}

// gsiKeys are the primary key's and the GSIs' key attributes.
func gsiKeys(tb *model.Table) []string {
	out := []string{}
	for _, k := range tb.KeySchema {
		out = append(out, k.AttributeName)
	}
	for _, g := range tb.GlobalSecondaryIndexes {
		for _, k := range g.KeySchema {
			if !slices.Contains(out, k.AttributeName) {
				out = append(out, k.AttributeName)
			}
		}
	}
	return out
}

// requestIndex is an access pattern's IndexName.
func requestIndex(ap model.AccessPattern) string {
	var r struct{ IndexName string }
	_ = json.Unmarshal(ap.Request, &r)
	return r.IndexName
}

// TestAWSLabsRoundTrip exports every pattern as an AWS Labs schema.json
// and imports it back: tables' keys and GSIs, entities with their key
// templates and attributes, and the access patterns the format carries
// (those of an entity, by one of its six operations) with their
// operation, index and, but for PutItem, parameters.
func TestAWSLabsRoundTrip(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		r, err := formats.Render(m, formats.AWSLabs)
		if err != nil {
			t.Fatal(err)
		}
		back, warnings, err := Import(AWSLabs, []byte(r.Files[0].Content))
		if err != nil {
			t.Errorf("%s: %v\n%s", p.Name, err, r.Files[0].Content)
			continue
		}
		for i := range m.Tables {
			if w, g := keyTable(t, m.Tables[i]), keyTable(t, back.Tables[i]); w != g {
				t.Errorf("%s: table differs\n got %s\nwant %s", p.Name, g, w)
			}
		}
		sameEntities(t, p.Name, m, back, gsiKeys)
		var carried []model.AccessPattern
		for _, ap := range m.AccessPatterns {
			switch ap.Operation {
			case "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan":
				if ap.Entity != "" {
					carried = append(carried, ap)
				}
			}
		}
		if len(back.AccessPatterns) != len(carried) {
			t.Errorf("%s: %d access patterns, want %d (warnings %q)", p.Name, len(back.AccessPatterns), len(carried), warnings)
			continue
		}
		for _, w := range carried {
			g := *back.AccessPattern(w.Name)
			if g.Name != w.Name || g.Operation != w.Operation || g.Entity != w.Entity || requestIndex(g) != requestIndex(w) {
				t.Errorf("%s: access pattern %s %s %s %s, want %s %s %s %s", p.Name, g.Name, g.Operation, g.Entity, requestIndex(g), w.Name, w.Operation, w.Entity, requestIndex(w))
			}
		}
	}
}

// TestTerraformRoundTrip exports every pattern (and a model with every
// table setting on, auto scaling included: aws_appautoscaling_target and
// _policy resources) as Terraform and imports it back: the same tables,
// keys, indexes and settings (tags compare by key: HCL maps are
// unordered).
func TestTerraformRoundTrip(t *testing.T) {
	models := []*model.Model{fullModel(t)}
	for _, p := range patterns.Catalog() {
		models = append(models, p.Model())
	}
	sortTags := func(m *model.Model) {
		for i := range m.Tables {
			tags := slices.Clone(m.Tables[i].Tags)
			sort.Slice(tags, func(a, b int) bool { return tags[a].Key < tags[b].Key })
			m.Tables[i].Tags = tags
		}
	}
	for _, m := range models {
		r, err := exporters.Render(m, formats.Terraform)
		if err != nil {
			t.Fatal(err)
		}
		back, warnings, err := Import(Terraform, []byte(r.Files[0].Content))
		if err != nil {
			t.Errorf("%s: %v\n%s", m.Name, err, r.Files[0].Content)
			continue
		}
		if len(warnings) != 0 || len(r.Warnings) != 0 {
			t.Errorf("%s: warnings on the workbench's own configuration: %q %q", m.Name, r.Warnings, warnings)
		}
		sortTags(m)
		sameTables(t, m.Name+" terraform", m, back)
	}
}
