package formats

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Terraform: one aws_dynamodb_table resource per model table, argument
// names following the AWS provider's aws_dynamodb_table documentation:
// billing mode and capacity (per GSI too), attribute blocks for exactly
// the key attributes, GSIs and LSIs with projections, on-demand limits,
// stream, ttl, point-in-time recovery, table class, deletion protection
// and tags. Tables are kept from `terraform destroy` by prevent_destroy,
// as the CloudFormation export retains them. The server's Terraform import
// (package importers) reads the file back.

// hclString quotes s for HCL: JSON's escapes, and "${" and "%{" escaped so
// that a name is never read as a template.
func hclString(s string) string {
	q := jsonString(s)
	q = strings.ReplaceAll(q, "${", "$${")
	return strings.ReplaceAll(q, "%{", "%%{")
}

// tfName is a resource name: letters, digits, '_' and '-', starting with a
// letter or '_'.
func tfName(s string, used names) string {
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
	return used.unique(n)
}

type hclWriter struct {
	b     strings.Builder
	depth int
}

func (w *hclWriter) line(format string, args ...any) {
	if format == "" {
		w.b.WriteByte('\n')
		return
	}
	w.b.WriteString(strings.Repeat("  ", w.depth))
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *hclWriter) open(format string, args ...any) {
	w.line(format+" {", args...)
	w.depth++
}

func (w *hclWriter) close() {
	w.depth--
	w.line("}")
}

func (w *hclWriter) attr(name string, value string) { w.line("%s = %s", name, value) }

func hclList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = hclString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func renderTerraform(m *model.Model, r *Result) {
	w := &hclWriter{}
	w.line("# DynamoDB tables of the workbench model %s.", strings.ReplaceAll(m.Name, "\n", " "))
	w.open("terraform")
	w.open("required_providers")
	w.open("aws =")
	w.attr("source", `"hashicorp/aws"`)
	w.attr("version", `">= 5.80"`)
	w.close()
	w.close()
	w.close()
	used := names{}
	for i := range m.Tables {
		t := &m.Tables[i]
		def := &t.TableDefinition
		billing := def.EffectiveBillingMode()
		w.line("")
		label := tfName(def.TableName, used)
		w.open("resource \"aws_dynamodb_table\" %s", hclString(label))
		w.attr("name", hclString(def.TableName))
		w.attr("billing_mode", hclString(string(billing)))
		w.attr("hash_key", hclString(def.HashKey()))
		if rk := def.RangeKey(); rk != "" {
			w.attr("range_key", hclString(rk))
		}
		if pt := def.ProvisionedThroughput; billing == schema.BillingProvisioned && pt != nil {
			if pt.ReadCapacityUnits != nil {
				w.attr("read_capacity", strconv.FormatInt(*pt.ReadCapacityUnits, 10))
			}
			if pt.WriteCapacityUnits != nil {
				w.attr("write_capacity", strconv.FormatInt(*pt.WriteCapacityUnits, 10))
			}
		}
		if od := def.OnDemandThroughput; billing == schema.BillingPayPerRequest && od != nil {
			tfOnDemand(w, od)
		}
		for _, d := range keyDefinitions(def) {
			w.line("")
			w.open("attribute")
			w.attr("name", hclString(d.AttributeName))
			w.attr("type", hclString(string(d.AttributeType)))
			w.close()
		}
		for _, g := range def.GlobalSecondaryIndexes {
			w.line("")
			w.open("global_secondary_index")
			w.attr("name", hclString(g.IndexName))
			w.attr("hash_key", hclString(g.HashKey()))
			if rk := g.RangeKey(); rk != "" {
				w.attr("range_key", hclString(rk))
			}
			tfProjection(w, g.Projection)
			if pt := g.ProvisionedThroughput; billing == schema.BillingProvisioned && pt != nil {
				if pt.ReadCapacityUnits != nil {
					w.attr("read_capacity", strconv.FormatInt(*pt.ReadCapacityUnits, 10))
				}
				if pt.WriteCapacityUnits != nil {
					w.attr("write_capacity", strconv.FormatInt(*pt.WriteCapacityUnits, 10))
				}
			}
			if od := g.OnDemandThroughput; billing == schema.BillingPayPerRequest && od != nil {
				tfOnDemand(w, od)
			}
			w.close()
		}
		for _, l := range def.LocalSecondaryIndexes {
			w.line("")
			w.open("local_secondary_index")
			w.attr("name", hclString(l.IndexName))
			w.attr("range_key", hclString(l.KeySchema[1].AttributeName))
			tfProjection(w, l.Projection)
			w.close()
		}
		if s := def.StreamSpecification; s != nil && s.StreamEnabled {
			w.line("")
			w.attr("stream_enabled", "true")
			w.attr("stream_view_type", hclString(s.StreamViewType))
		}
		if ttl := t.TimeToLiveSpecification; ttl != nil {
			w.line("")
			w.open("ttl")
			w.attr("attribute_name", hclString(ttl.AttributeName))
			w.attr("enabled", strconv.FormatBool(ttl.Enabled))
			w.close()
		}
		if p := def.PointInTimeRecoverySpecification; p != nil {
			w.line("")
			w.open("point_in_time_recovery")
			w.attr("enabled", strconv.FormatBool(p.PointInTimeRecoveryEnabled))
			if p.RecoveryPeriodInDays != nil {
				w.attr("recovery_period_in_days", strconv.FormatInt(*p.RecoveryPeriodInDays, 10))
			}
			w.close()
		}
		if def.TableClass != "" {
			w.attr("table_class", hclString(def.TableClass))
		}
		if def.DeletionProtectionEnabled != nil {
			w.attr("deletion_protection_enabled", strconv.FormatBool(*def.DeletionProtectionEnabled))
		}
		if len(def.Tags) > 0 {
			tags := append([]schema.Tag(nil), def.Tags...)
			sort.SliceStable(tags, func(i, j int) bool { return tags[i].Key < tags[j].Key })
			w.line("")
			w.open("tags =")
			for _, tg := range tags {
				w.attr(hclString(tg.Key), hclString(tg.Value))
			}
			w.close()
		}
		scaled := t.AutoScaling != nil && billing == schema.BillingProvisioned
		w.line("")
		w.open("lifecycle")
		w.attr("prevent_destroy", "true")
		if scaled {
			// Auto scaling changes the capacity: a plan must not undo it.
			w.attr("ignore_changes", "[read_capacity, write_capacity]")
		}
		w.close()
		w.close()
		if scaled {
			tfScaling(w, t, label, used)
		}
	}
	r.Files = []File{{Path: identifier(kebab(m.Name), "model") + ".tf", Content: w.b.String()}}
	r.ContentType = "text/plain"
}

func tfProjection(w *hclWriter, p schema.Projection) {
	w.attr("projection_type", hclString(string(orKeysOnly(p.ProjectionType))))
	if p.ProjectionType == schema.ProjectInclude && len(p.NonKeyAttributes) > 0 {
		w.attr("non_key_attributes", hclList(p.NonKeyAttributes))
	}
}

func tfOnDemand(w *hclWriter, od *schema.OnDemandThroughput) {
	w.open("on_demand_throughput")
	if od.MaxReadRequestUnits != nil {
		w.attr("max_read_request_units", strconv.FormatInt(*od.MaxReadRequestUnits, 10))
	}
	if od.MaxWriteRequestUnits != nil {
		w.attr("max_write_request_units", strconv.FormatInt(*od.MaxWriteRequestUnits, 10))
	}
	w.close()
}

// tfScaling writes the model's auto scaling of t (the table's range for
// the table and, from each one's own capacity, for its GSIs) as an
// aws_appautoscaling_target and a target-tracking aws_appautoscaling_policy
// per capacity, as the CloudFormation export does (production.go).
func tfScaling(w *hclWriter, t *model.Table, label string, used names) {
	tmp := &model.Model{Tables: []model.Table{*t}}
	plan, _ := productionPlan(tmp, []string{"T"}, names{}, false)
	for _, s := range plan[0].scaling {
		what := "read"
		if s.write {
			what = "write"
		}
		name := label + "_" + what
		// An interpolation, so that Terraform orders the target after the
		// table; index names hold only letters, digits and "_.-".
		rid := `"table/${aws_dynamodb_table.` + label + `.name}`
		if s.index != "" {
			name = label + "_" + strings.ToLower(strings.Join(words(s.index), "_")) + "_" + what
			rid += "/index/" + s.index
		}
		rid += `"`
		name = tfName(name, used)
		w.line("")
		w.open("resource \"aws_appautoscaling_target\" %s", hclString(name))
		w.attr("service_namespace", hclString("dynamodb"))
		w.attr("resource_id", rid)
		w.attr("scalable_dimension", hclString(s.dimension))
		w.attr("min_capacity", strconv.FormatInt(s.min, 10))
		w.attr("max_capacity", strconv.FormatInt(s.max, 10))
		w.close()
		w.line("")
		w.open("resource \"aws_appautoscaling_policy\" %s", hclString(name))
		w.attr("name", hclString(name))
		w.attr("policy_type", hclString("TargetTrackingScaling"))
		ref := "aws_appautoscaling_target." + name
		w.attr("service_namespace", ref+".service_namespace")
		w.attr("resource_id", ref+".resource_id")
		w.attr("scalable_dimension", ref+".scalable_dimension")
		w.line("")
		w.open("target_tracking_scaling_policy_configuration")
		w.open("predefined_metric_specification")
		w.attr("predefined_metric_type", hclString(s.metric))
		w.close()
		w.attr("target_value", strconv.FormatFloat(s.target, 'f', -1, 64))
		w.close()
		w.close()
	}
}
