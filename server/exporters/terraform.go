package exporters

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// Terraform: one aws_dynamodb_table resource per model table, argument
// names following the AWS provider's aws_dynamodb_table documentation:
// billing mode and capacity (per GSI too), attribute blocks for exactly
// the key attributes, GSIs and LSIs with projections, on-demand limits
// (the table's and each GSI's), stream, ttl, point-in-time recovery,
// table class, deletion protection and tags; the auto scaling a table sets
// as aws_appautoscaling_target and _policy resources. Tables are kept from
// `terraform destroy` by prevent_destroy, as the CloudFormation export
// retains them. The file is built with hclwrite and formatted by
// hclwrite.Format, what `terraform fmt` runs, so it is fmt-clean. The
// Terraform import (package importers) reads it back.

func renderTerraform(m *model.Model, opts formats.Options) (*formats.Result, error) {
	switch opts.Profile {
	case "", formats.ProfileDefault:
	default:
		return nil, fmt.Errorf("profile %q applies to cloudformation-json, cloudformation-yaml and cdk-ts, not %s", opts.Profile, formats.Terraform)
	}
	if m == nil {
		return nil, fmt.Errorf("no model to export")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("the model does not validate: %w", err)
	}
	f := hclwrite.NewEmptyFile()
	root := f.Body()
	root.AppendUnstructuredTokens(hclwrite.Tokens{{Type: hclsyntax.TokenComment,
		Bytes: []byte("# DynamoDB tables of the workbench model " + strings.ReplaceAll(m.Name, "\n", " ") + ".\n")}})
	providers := root.AppendNewBlock("terraform", nil).Body().AppendNewBlock("required_providers", nil).Body()
	providers.SetAttributeValue("aws", cty.ObjectVal(map[string]cty.Value{
		"source": cty.StringVal("hashicorp/aws"), "version": cty.StringVal(">= 5.80")}))
	used := map[string]bool{}
	for i := range m.Tables {
		t := &m.Tables[i]
		root.AppendNewline()
		label := tfName(t.TableName, used)
		tfTable(root.AppendNewBlock("resource", []string{"aws_dynamodb_table", label}).Body(), t)
		if t.AutoScaling != nil && t.EffectiveBillingMode() == schema.BillingProvisioned {
			tfScaling(root, t, label, used)
		}
	}
	return &formats.Result{
		Format:      formats.Terraform,
		Files:       []formats.File{{Path: formats.FileStem(m.Name) + ".tf", Content: string(hclwrite.Format(f.Bytes()))}},
		Warnings:    []string{},
		ContentType: "text/plain",
	}, nil
}

// tfTable writes the arguments and blocks of one aws_dynamodb_table.
func tfTable(b *hclwrite.Body, t *model.Table) {
	def := &t.TableDefinition
	billing := def.EffectiveBillingMode()
	b.SetAttributeValue("name", cty.StringVal(def.TableName))
	b.SetAttributeValue("billing_mode", cty.StringVal(string(billing)))
	b.SetAttributeValue("hash_key", cty.StringVal(def.HashKey()))
	if rk := def.RangeKey(); rk != "" {
		b.SetAttributeValue("range_key", cty.StringVal(rk))
	}
	capacity(b, billing, def.ProvisionedThroughput, def.OnDemandThroughput)
	for _, d := range formats.KeyDefinitions(def) {
		b.AppendNewline()
		a := b.AppendNewBlock("attribute", nil).Body()
		a.SetAttributeValue("name", cty.StringVal(d.AttributeName))
		a.SetAttributeValue("type", cty.StringVal(string(d.AttributeType)))
	}
	for _, g := range def.GlobalSecondaryIndexes {
		b.AppendNewline()
		gb := b.AppendNewBlock("global_secondary_index", nil).Body()
		gb.SetAttributeValue("name", cty.StringVal(g.IndexName))
		gb.SetAttributeValue("hash_key", cty.StringVal(g.HashKey()))
		if rk := g.RangeKey(); rk != "" {
			gb.SetAttributeValue("range_key", cty.StringVal(rk))
		}
		projection(gb, g.Projection)
		capacity(gb, billing, g.ProvisionedThroughput, g.OnDemandThroughput)
	}
	for _, l := range def.LocalSecondaryIndexes {
		b.AppendNewline()
		lb := b.AppendNewBlock("local_secondary_index", nil).Body()
		lb.SetAttributeValue("name", cty.StringVal(l.IndexName))
		lb.SetAttributeValue("range_key", cty.StringVal(l.KeySchema[1].AttributeName))
		projection(lb, l.Projection)
	}
	if s := def.StreamSpecification; s != nil && s.StreamEnabled {
		b.AppendNewline()
		b.SetAttributeValue("stream_enabled", cty.True)
		b.SetAttributeValue("stream_view_type", cty.StringVal(s.StreamViewType))
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil {
		b.AppendNewline()
		tb := b.AppendNewBlock("ttl", nil).Body()
		tb.SetAttributeValue("attribute_name", cty.StringVal(ttl.AttributeName))
		tb.SetAttributeValue("enabled", cty.BoolVal(ttl.Enabled))
	}
	if p := def.PointInTimeRecoverySpecification; p != nil {
		b.AppendNewline()
		pb := b.AppendNewBlock("point_in_time_recovery", nil).Body()
		pb.SetAttributeValue("enabled", cty.BoolVal(p.PointInTimeRecoveryEnabled))
		if p.RecoveryPeriodInDays != nil {
			pb.SetAttributeValue("recovery_period_in_days", cty.NumberIntVal(*p.RecoveryPeriodInDays))
		}
	}
	if def.TableClass != "" {
		b.SetAttributeValue("table_class", cty.StringVal(def.TableClass))
	}
	if def.DeletionProtectionEnabled != nil {
		b.SetAttributeValue("deletion_protection_enabled", cty.BoolVal(*def.DeletionProtectionEnabled))
	}
	if len(def.Tags) > 0 {
		tags := map[string]cty.Value{}
		for _, tg := range def.Tags {
			tags[tg.Key] = cty.StringVal(tg.Value)
		}
		b.AppendNewline()
		b.SetAttributeValue("tags", cty.MapVal(tags))
	}
	b.AppendNewline()
	lc := b.AppendNewBlock("lifecycle", nil).Body()
	lc.SetAttributeValue("prevent_destroy", cty.True)
	if t.AutoScaling != nil && billing == schema.BillingProvisioned {
		// Auto scaling changes the capacity: a plan must not undo it.
		lc.SetAttributeRaw("ignore_changes", expression("[read_capacity, write_capacity]"))
	}
}

func capacity(b *hclwrite.Body, billing schema.BillingMode, pt *schema.ProvisionedThroughput, od *schema.OnDemandThroughput) {
	if billing == schema.BillingProvisioned && pt != nil {
		if pt.ReadCapacityUnits != nil {
			b.SetAttributeValue("read_capacity", cty.NumberIntVal(*pt.ReadCapacityUnits))
		}
		if pt.WriteCapacityUnits != nil {
			b.SetAttributeValue("write_capacity", cty.NumberIntVal(*pt.WriteCapacityUnits))
		}
	}
	if billing == schema.BillingPayPerRequest && od != nil {
		ob := b.AppendNewBlock("on_demand_throughput", nil).Body()
		if od.MaxReadRequestUnits != nil {
			ob.SetAttributeValue("max_read_request_units", cty.NumberIntVal(*od.MaxReadRequestUnits))
		}
		if od.MaxWriteRequestUnits != nil {
			ob.SetAttributeValue("max_write_request_units", cty.NumberIntVal(*od.MaxWriteRequestUnits))
		}
	}
}

func projection(b *hclwrite.Body, p schema.Projection) {
	typ := p.ProjectionType
	if typ == "" {
		typ = schema.ProjectKeysOnly
	}
	b.SetAttributeValue("projection_type", cty.StringVal(string(typ)))
	if typ == schema.ProjectInclude && len(p.NonKeyAttributes) > 0 {
		attrs := make([]cty.Value, len(p.NonKeyAttributes))
		for i, a := range p.NonKeyAttributes {
			attrs[i] = cty.StringVal(a)
		}
		b.SetAttributeValue("non_key_attributes", cty.ListVal(attrs))
	}
}

// tfScaling writes the model's auto scaling of t (the table's range for
// the table and, from each one's own capacity, for its GSIs) as an
// aws_appautoscaling_target and a target-tracking aws_appautoscaling_policy
// per capacity, as the CloudFormation export does.
func tfScaling(root *hclwrite.Body, t *model.Table, label string, used map[string]bool) {
	for _, s := range formats.TableScaling(t) {
		what := "read"
		if s.Write {
			what = "write"
		}
		name := label + "_" + what
		// An interpolation, so that Terraform orders the target after the
		// table; index names hold only letters, digits and "_.-", labels
		// are identifiers.
		rid := `"table/${aws_dynamodb_table.` + label + `.name}`
		if s.Index != "" {
			name = label + "_" + formats.Snake(s.Index) + "_" + what
			rid += "/index/" + s.Index
		}
		name = tfName(name, used)
		root.AppendNewline()
		tb := root.AppendNewBlock("resource", []string{"aws_appautoscaling_target", name}).Body()
		tb.SetAttributeValue("service_namespace", cty.StringVal("dynamodb"))
		tb.SetAttributeRaw("resource_id", expression(rid+`"`))
		tb.SetAttributeValue("scalable_dimension", cty.StringVal(s.Dimension))
		tb.SetAttributeValue("min_capacity", cty.NumberIntVal(s.Min))
		tb.SetAttributeValue("max_capacity", cty.NumberIntVal(s.Max))
		root.AppendNewline()
		pb := root.AppendNewBlock("resource", []string{"aws_appautoscaling_policy", name}).Body()
		pb.SetAttributeValue("name", cty.StringVal(name))
		pb.SetAttributeValue("policy_type", cty.StringVal("TargetTrackingScaling"))
		target := hcl.Traversal{hcl.TraverseRoot{Name: "aws_appautoscaling_target"}, hcl.TraverseAttr{Name: name}}
		for _, a := range []string{"service_namespace", "resource_id", "scalable_dimension"} {
			pb.SetAttributeTraversal(a, append(append(hcl.Traversal{}, target...), hcl.TraverseAttr{Name: a}))
		}
		pb.AppendNewline()
		cb := pb.AppendNewBlock("target_tracking_scaling_policy_configuration", nil).Body()
		cb.AppendNewBlock("predefined_metric_specification", nil).Body().SetAttributeValue("predefined_metric_type", cty.StringVal(s.Metric))
		cb.SetAttributeRaw("target_value", expression(strconv.FormatFloat(s.Target, 'f', -1, 64)))
	}
}

// expression returns the tokens of an HCL expression the export writes
// itself (a reference, a template with one): parsed, so that they are
// tokens hclwrite would make.
func expression(src string) hclwrite.Tokens {
	f, diags := hclwrite.ParseConfig([]byte("x = "+src+"\n"), "", hcl.InitialPos)
	if diags.HasErrors() {
		// The export writes these expressions from identifiers: a failure
		// is a bug.
		panic(fmt.Sprintf("terraform export: expression %q: %v", src, diags))
	}
	return f.Body().GetAttribute("x").Expr().BuildTokens(nil)
}

// tfName is a resource name: letters, digits, '_' and '-', starting with a
// letter or '_', unique among used.
func tfName(s string, used map[string]bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	n := b.String()
	if n == "" || n[0] >= '0' && n[0] <= '9' || n[0] == '-' {
		n = "table_" + n
	}
	name := n
	for i := 2; used[name]; i++ {
		name = n + strconv.Itoa(i)
	}
	used[name] = true
	return name
}
