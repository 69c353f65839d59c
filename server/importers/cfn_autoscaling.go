package importers

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Application Auto Scaling of an AWS::DynamoDB::Table: an
// AWS::ApplicationAutoScaling::ScalableTarget per capacity (ServiceNamespace
// dynamodb, ResourceId "table/NAME" or "table/NAME/index/INDEX",
// ScalableDimension dynamodb:table:ReadCapacityUnits, ...) and an
// AWS::ApplicationAutoScaling::ScalingPolicy of type TargetTrackingScaling
// whose ScalingTargetId refers to it. The workbench's production export
// writes them; so do hand-written templates and CDK's autoScaleReadCapacity.

// scalingResourceTypes are the types autoScaling reads.
var scalingResourceTypes = map[string]bool{
	"AWS::ApplicationAutoScaling::ScalableTarget": true,
	"AWS::ApplicationAutoScaling::ScalingPolicy":  true,
}

// subTable finds the table of a ResourceId written "table/${Id}..." (with
// Fn::Sub) or "table/" joined with a Ref.
var subTable = regexp.MustCompile(`^table/\$\{([A-Za-z0-9]+)\}(?:/index/(.+))?$`)

// scalingTargets reads the scaling targets of the template's tables into
// their AutoScaling: the table's own reads and writes (min, max and the
// target of the policy that tracks them). The model keeps one range per
// table; an index scaled otherwise is reported. tables maps a table's
// logical id to its place in the model.
func (im *cfnImporter) scalingTargets(resources *omap, tables map[string]int) {
	targets := map[string]float64{} // ScalableTarget logical id -> TargetValue
	for _, id := range resources.keys {
		r, _ := resources.vals[id].(*omap)
		if typ, _ := r.get("Type"); scalarString(typ) != "AWS::ApplicationAutoScaling::ScalingPolicy" {
			continue
		}
		where := "Resources." + id + ".Properties"
		pv, _ := r.get("Properties")
		p, _ := pv.(*omap)
		if pt, _ := p.get("PolicyType"); scalarString(pt) != "TargetTrackingScaling" {
			continue
		}
		tid, _ := p.get("ScalingTargetId")
		ref, ok := tid.(*omap)
		if !ok {
			continue
		}
		target, ok := ref.get("Ref")
		if !ok {
			continue
		}
		cv, _ := p.get("TargetTrackingScalingPolicyConfiguration")
		conf, _ := cv.(*omap)
		tv, _ := conf.get("TargetValue")
		v, err := im.ev.resolve(tv, where+".TargetTrackingScalingPolicyConfiguration.TargetValue", 0)
		if err != nil {
			continue
		}
		if f, err := strconv.ParseFloat(scalarString(v), 64); err == nil {
			targets[scalarString(target)] = f
		}
	}
	type gsiRange struct {
		table, index, what string
		r                  model.ScalingRange
	}
	var gsis []gsiRange
	for _, id := range resources.keys {
		r, _ := resources.vals[id].(*omap)
		if typ, _ := r.get("Type"); scalarString(typ) != "AWS::ApplicationAutoScaling::ScalableTarget" {
			continue
		}
		where := "Resources." + id
		pv, _ := r.get("Properties")
		p, _ := pv.(*omap)
		if ns, _ := p.get("ServiceNamespace"); scalarString(ns) != "dynamodb" {
			continue
		}
		dimv, _ := p.get("ScalableDimension")
		dim := scalarString(dimv)
		what := ""
		switch dim {
		case "dynamodb:table:ReadCapacityUnits", "dynamodb:index:ReadCapacityUnits":
			what = "read"
		case "dynamodb:table:WriteCapacityUnits", "dynamodb:index:WriteCapacityUnits":
			what = "write"
		default:
			continue
		}
		ridv, _ := p.get("ResourceId")
		ti, index, ok := im.scalingTable(ridv, tables, where+".Properties.ResourceId")
		if !ok {
			im.warn("%s: scales a table this template does not hold; not imported", where)
			continue
		}
		var rng model.ScalingRange
		bad := false
		for _, f := range []struct {
			name string
			to   *int64
		}{{"MinCapacity", &rng.MinCapacity}, {"MaxCapacity", &rng.MaxCapacity}} {
			v, _ := p.get(f.name)
			rv, err := im.ev.resolve(v, where+".Properties."+f.name, 0)
			n, ok := toInt(rv)
			if err != nil || !ok {
				bad = true
				break
			}
			*f.to = n
		}
		if bad {
			im.warn("%s: MinCapacity and MaxCapacity are not numbers; not imported", where)
			continue
		}
		rng.TargetValue = targets[id]
		tb := &im.m.Tables[ti]
		if index != "" {
			gsis = append(gsis, gsiRange{tb.TableName, index, what, rng})
			continue
		}
		if tb.EffectiveBillingMode() != schema.BillingProvisioned {
			im.warn("%s: auto scaling of an on-demand table is not kept", where)
			continue
		}
		if tb.AutoScaling == nil {
			tb.AutoScaling = &model.AutoScaling{}
		}
		if what == "read" {
			tb.AutoScaling.Read = &rng
		} else {
			tb.AutoScaling.Write = &rng
		}
	}
	for _, g := range gsis {
		tb := im.m.Table(g.table)
		var own *model.ScalingRange
		if tb.AutoScaling != nil {
			own = tb.AutoScaling.Read
			if g.what == "write" {
				own = tb.AutoScaling.Write
			}
		}
		// The workbench's export scales an index from its own capacity up
		// to its table's ceiling at its table's target: nothing is lost.
		if own == nil || own.MaxCapacity != g.r.MaxCapacity || own.TargetValue != g.r.TargetValue {
			im.warn("table %s: index %s's %s capacity auto scales from %d to %d, which the model does not keep apart from its table's", g.table, g.index, g.what, g.r.MinCapacity, g.r.MaxCapacity)
		}
	}
}

// scalingTable finds the table (its place in the model) and the index a
// scalable target's ResourceId names.
func (im *cfnImporter) scalingTable(v any, tables map[string]int, where string) (int, string, bool) {
	if m, ok := v.(*omap); ok {
		if s, ok := m.get("Fn::Sub"); ok {
			if g := subTable.FindStringSubmatch(scalarString(s)); g != nil {
				i, ok := tables[g[1]]
				return i, g[2], ok
			}
		}
		if j, ok := m.get("Fn::Join"); ok {
			// ["", ["table/", {"Ref": Id}, "/index/NAME"]]
			if parts, ok := j.([]any); ok && len(parts) == 2 {
				if items, ok := parts[1].([]any); ok && len(items) >= 2 && scalarString(items[0]) == "table/" {
					if ref, ok := items[1].(*omap); ok {
						if id, ok := ref.get("Ref"); ok {
							i, found := tables[scalarString(id)]
							index := ""
							if len(items) == 3 {
								index = strings.TrimPrefix(scalarString(items[2]), "/index/")
							}
							return i, index, found
						}
					}
				}
			}
		}
	}
	rv, err := im.ev.resolve(v, where, 0)
	if err != nil {
		return 0, "", false
	}
	rest, ok := strings.CutPrefix(scalarString(rv), "table/")
	if !ok {
		return 0, "", false
	}
	name, index, _ := strings.Cut(rest, "/index/")
	for i := range im.m.Tables {
		if im.m.Tables[i].TableName == name {
			return i, index, true
		}
	}
	return 0, "", false
}
