package importers

import (
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Terraform scales a table's capacity with aws_appautoscaling_target
// (service_namespace "dynamodb", resource_id "table/NAME" or
// "table/NAME/index/INDEX", scalable_dimension) and aws_appautoscaling_policy
// (TargetTrackingScaling, its resource_id and scalable_dimension usually the
// target's), as the AWS provider's documentation of both shows; the
// terraform-aws-modules/dynamodb-table module takes autoscaling_enabled,
// autoscaling_read and autoscaling_write. Both become the table's
// AutoScaling.

// scalingResources are the resource types scaling reads.
var scalingResources = map[string]bool{"aws_appautoscaling_target": true, "aws_appautoscaling_policy": true}

// tfTarget is an aws_appautoscaling_target as far as it was read.
type tfTarget struct {
	where, table, index, what string
	rng                       model.ScalingRange
}

// scaling reads the configuration's auto scaling targets and policies of
// DynamoDB tables into the tables' AutoScaling. labels maps an
// aws_dynamodb_table's label to its table name.
func (ti *tfImporter) scaling(blocks []*hclsyntax.Block, labels map[string]string) {
	if len(blocks) == 0 {
		return
	}
	tables := map[string]cty.Value{}
	for label, name := range labels {
		tables[label] = cty.ObjectVal(map[string]cty.Value{"name": cty.StringVal(name), "id": cty.StringVal(name)})
	}
	ti.resources = map[string]cty.Value{}
	if len(tables) > 0 {
		ti.resources["aws_dynamodb_table"] = cty.ObjectVal(tables)
		ti.resourceGen++
	}
	targets := map[string]*tfTarget{}    // label -> target
	byResource := map[string]*tfTarget{} // resource_id + dimension -> target
	refs := map[string]cty.Value{}
	var order []*tfTarget
	for _, blk := range blocks {
		if blk.Labels[0] != "aws_appautoscaling_target" {
			continue
		}
		tb := ti.body(blk.Body, "aws_appautoscaling_target."+blk.Labels[1])
		if tb.str("service_namespace") != "dynamodb" {
			continue
		}
		rid, dim := tb.str("resource_id"), tb.str("scalable_dimension")
		refs[blk.Labels[1]] = cty.ObjectVal(map[string]cty.Value{
			"resource_id": cty.StringVal(rid), "scalable_dimension": cty.StringVal(dim), "service_namespace": cty.StringVal("dynamodb")})
		t := &tfTarget{where: tb.where}
		rest, ok := strings.CutPrefix(rid, "table/")
		t.table, t.index, _ = strings.Cut(rest, "/index/")
		switch dim {
		case "dynamodb:table:ReadCapacityUnits", "dynamodb:index:ReadCapacityUnits":
			t.what = "read"
		case "dynamodb:table:WriteCapacityUnits", "dynamodb:index:WriteCapacityUnits":
			t.what = "write"
		default:
			ok = false
		}
		minc, maxc := tb.integer("min_capacity"), tb.integer("max_capacity")
		tb.finish(nil, "depends_on", "provider", "count", "role_arn", "tags", "tags_all", "suspended_state", "lifecycle")
		if !ok || minc == nil || maxc == nil || ti.m.Table(t.table) == nil {
			ti.warn("%s: scales %q, which is not a table of the configuration with known capacity bounds; not imported", tb.where, rid)
			continue
		}
		t.rng = model.ScalingRange{MinCapacity: *minc, MaxCapacity: *maxc}
		targets[blk.Labels[1]] = t
		byResource[rid+" "+dim] = t
		order = append(order, t)
	}
	if len(refs) > 0 {
		ti.resources["aws_appautoscaling_target"] = cty.ObjectVal(refs)
		ti.resourceGen++
	}
	for _, blk := range blocks {
		if blk.Labels[0] != "aws_appautoscaling_policy" {
			continue
		}
		tb := ti.body(blk.Body, "aws_appautoscaling_policy."+blk.Labels[1])
		if tb.str("service_namespace") != "dynamodb" {
			continue
		}
		t := byResource[tb.str("resource_id")+" "+tb.str("scalable_dimension")]
		if tb.str("policy_type") != "TargetTrackingScaling" || t == nil {
			ti.warn("%s: not a target-tracking policy of a scaling target the import read; not imported", tb.where)
			continue
		}
		tb.used["name"] = true
		for _, c := range tb.blocks("target_tracking_scaling_policy_configuration") {
			if v, ok := c.value("target_value"); ok && v.Type() == cty.Number {
				t.rng.TargetValue, _ = v.AsBigFloat().Float64()
			}
			c.used["predefined_metric_specification"] = true
			c.finish(tb, "scale_in_cooldown", "scale_out_cooldown", "disable_scale_in")
		}
		tb.finish(nil, "depends_on", "provider", "count", "lifecycle")
	}
	for _, t := range order {
		ti.applyRange(t)
	}
	ti.resources = nil
	ti.resourceGen++
}

// applyRange sets a table's AutoScaling from a target, or reports an
// index's range that the model cannot keep apart from its table's.
func (ti *tfImporter) applyRange(t *tfTarget) {
	tbl := ti.m.Table(t.table)
	if t.index != "" {
		var own *model.ScalingRange
		if tbl.AutoScaling != nil {
			own = tbl.AutoScaling.Read
			if t.what == "write" {
				own = tbl.AutoScaling.Write
			}
		}
		if own == nil || own.MaxCapacity != t.rng.MaxCapacity || own.TargetValue != t.rng.TargetValue {
			ti.warn("%s: index %s's %s capacity auto scales from %d to %d, which the model does not keep apart from its table's", t.where, t.index, t.what, t.rng.MinCapacity, t.rng.MaxCapacity)
		}
		return
	}
	if tbl.EffectiveBillingMode() != schema.BillingProvisioned {
		ti.warn("%s: auto scaling of an on-demand table is not kept", t.where)
		return
	}
	if tbl.AutoScaling == nil {
		tbl.AutoScaling = &model.AutoScaling{}
	}
	r := t.rng
	if t.what == "read" {
		tbl.AutoScaling.Read = &r
	} else {
		tbl.AutoScaling.Write = &r
	}
}

// moduleScaling reads the dynamodb-table module's auto scaling arguments:
// the table's capacity is the minimum, autoscaling_read and _write give the
// maximum and the target (the module's default target is 70).
func (ti *tfImporter) moduleScaling(tb *tfBody, t *model.Table) {
	on := tb.boolean("autoscaling_enabled")
	if on == nil || !*on {
		for _, n := range []string{"autoscaling_read", "autoscaling_write", "autoscaling_indexes", "autoscaling_defaults"} {
			tb.used[n] = true
		}
		return
	}
	if t.EffectiveBillingMode() != schema.BillingProvisioned || t.ProvisionedThroughput == nil {
		ti.warn("%s: auto scaling of an on-demand table is not kept", tb.where)
		return
	}
	target := float64(70)
	if d, ok := tb.value("autoscaling_defaults"); ok {
		if v, ok := field(tb, d, "target_value"); ok && v.Type() == cty.Number {
			target, _ = v.AsBigFloat().Float64()
		}
	}
	read := func(name string, units *int64) *model.ScalingRange {
		v, ok := tb.value(name)
		if !ok || units == nil {
			return nil
		}
		maxc := fieldInt(tb, v, "max_capacity")
		if maxc == nil {
			tb.fail("%s needs max_capacity", name)
			return nil
		}
		r := &model.ScalingRange{MinCapacity: *units, MaxCapacity: *maxc, TargetValue: target}
		if tv, ok := field(tb, v, "target_value"); ok && tv.Type() == cty.Number {
			r.TargetValue, _ = tv.AsBigFloat().Float64()
		}
		return r
	}
	as := &model.AutoScaling{Read: read("autoscaling_read", t.ProvisionedThroughput.ReadCapacityUnits), Write: read("autoscaling_write", t.ProvisionedThroughput.WriteCapacityUnits)}
	if as.Read != nil || as.Write != nil {
		t.AutoScaling = as
	}
	if _, ok := tb.value("autoscaling_indexes"); ok {
		ti.warn("%s: autoscaling_indexes: the model keeps one auto scaling range per table, its table's", tb.where)
	}
}
