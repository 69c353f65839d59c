package importers

import (
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The terraform-aws-modules/dynamodb-table module (the Terraform
// Registry's most used DynamoDB module) takes a table as arguments:
// attributes and indexes are lists of objects, time to live and point in
// time recovery are flags. Its examples are how many teams write a table.

const tableModule = "terraform-aws-modules/dynamodb-table/aws"

func (ti *tfImporter) isTableModule(blk *hclsyntax.Block) bool {
	if len(blk.Labels) != 1 {
		return false
	}
	a, ok := blk.Body.Attributes["source"]
	if !ok {
		return false
	}
	v, diags := ti.eval(a.Expr, nil, "module "+blk.Labels[0]+": source")
	if diags.HasErrors() || v.Type() != cty.String {
		return false
	}
	s := v.AsString()
	// The registry address, or a checkout of the module's repository
	// (its examples use source = "../../").
	return s == tableModule || strings.Contains(s, "terraform-aws-dynamodb-table") || s == "../../" || s == "../.."
}

// field reads one member of an object (a GSI of the module's list).
func field(tb *tfBody, obj cty.Value, name string) (cty.Value, bool) {
	if !obj.Type().IsObjectType() && !obj.Type().IsMapType() {
		return cty.NilVal, false
	}
	if obj.Type().IsObjectType() && !obj.Type().HasAttribute(name) {
		return cty.NilVal, false
	}
	if obj.Type().IsMapType() && !obj.HasIndex(cty.StringVal(name)).True() {
		return cty.NilVal, false
	}
	v := obj.GetAttr(name)
	if obj.Type().IsMapType() {
		v = obj.Index(cty.StringVal(name))
	}
	if v.IsNull() {
		return cty.NilVal, false
	}
	return v, true
}

func fieldStr(tb *tfBody, obj cty.Value, name string) string {
	v, ok := field(tb, obj, name)
	if !ok {
		return ""
	}
	s, err := ctyString(v)
	if err != nil {
		tb.fail("%s: %v", name, err)
	}
	return s
}

func fieldInt(tb *tfBody, obj cty.Value, name string) *int64 {
	v, ok := field(tb, obj, name)
	if !ok {
		return nil
	}
	return tb.toInt(name, v)
}

func fieldStrings(tb *tfBody, obj cty.Value, name string) []string {
	v, ok := field(tb, obj, name)
	if !ok || !v.CanIterateElements() {
		return nil
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		s, _ := ctyString(e)
		out = append(out, s)
	}
	return out
}

func (tb *tfBody) objects(name string) []cty.Value {
	v, ok := tb.value(name)
	if !ok {
		return nil
	}
	if !v.CanIterateElements() {
		tb.fail("%s is a list of objects", name)
		return nil
	}
	var out []cty.Value
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		out = append(out, e)
	}
	return out
}

// module reads a terraform-aws-modules/dynamodb-table module block.
func (ti *tfImporter) module(blk *hclsyntax.Block) (*model.Table, error) {
	label := blk.Labels[0]
	tb := ti.body(blk.Body, "module."+label)
	tb.used["source"], tb.used["version"] = true, true
	if on := tb.boolean("create_table"); on != nil && !*on {
		ti.warn("%s: create_table is false; the table is left out", tb.where)
		return nil, nil
	}
	if !tb.created() {
		return nil, nil
	}
	t := &model.Table{}
	d := &t.TableDefinition
	d.TableName = tb.str("name")
	if d.TableName == "" {
		d.TableName = label
		ti.warn("%s: the table's name is not known; it is named %s after the module", tb.where, label)
	}
	d.BillingMode = schema.BillingMode(tb.str("billing_mode"))
	if d.BillingMode == "" {
		d.BillingMode = schema.BillingPayPerRequest // the module's default
	}
	d.KeySchema = keySchema(tb.str("hash_key"), tb.str("range_key"))
	rcu, wcu := tb.integer("read_capacity"), tb.integer("write_capacity")
	if d.BillingMode == schema.BillingProvisioned {
		d.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: rcu, WriteCapacityUnits: wcu}
	}
	if od, ok := tb.value("on_demand_throughput"); ok && (od.Type().IsObjectType() || od.Type().IsMapType()) && od.LengthInt() > 0 {
		// The module's table-level cap (an object like a GSI's).
		r, w := fieldInt(tb, od, "max_read_request_units"), fieldInt(tb, od, "max_write_request_units")
		if r != nil || w != nil {
			d.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: r, MaxWriteRequestUnits: w}
		}
	}
	for _, a := range tb.objects("attributes") {
		d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: fieldStr(tb, a, "name"), AttributeType: schema.ScalarType(fieldStr(tb, a, "type"))})
	}
	for _, g := range tb.objects("global_secondary_indexes") {
		gsi := schema.GlobalSecondaryIndex{IndexName: fieldStr(tb, g, "name"), KeySchema: keySchema(fieldStr(tb, g, "hash_key"), fieldStr(tb, g, "range_key")),
			Projection: projection(fieldStr(tb, g, "projection_type"), fieldStrings(tb, g, "non_key_attributes"))}
		if d.BillingMode == schema.BillingProvisioned {
			gsi.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: fieldInt(tb, g, "read_capacity"), WriteCapacityUnits: fieldInt(tb, g, "write_capacity")}
		}
		if od, ok := field(tb, g, "on_demand_throughput"); ok {
			gsi.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: fieldInt(tb, od, "max_read_request_units"), MaxWriteRequestUnits: fieldInt(tb, od, "max_write_request_units")}
		}
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsi)
	}
	for _, l := range tb.objects("local_secondary_indexes") {
		d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, schema.LocalSecondaryIndex{IndexName: fieldStr(tb, l, "name"),
			KeySchema:  keySchema(d.KeySchema[0].AttributeName, fieldStr(tb, l, "range_key")),
			Projection: projection(fieldStr(tb, l, "projection_type"), fieldStrings(tb, l, "non_key_attributes"))})
	}
	if on := tb.boolean("stream_enabled"); on != nil && *on {
		d.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: tb.str("stream_view_type")}
	} else {
		tb.used["stream_view_type"] = true
	}
	if on := tb.boolean("ttl_enabled"); on != nil && *on {
		t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: tb.str("ttl_attribute_name"), Enabled: true}
	} else {
		tb.used["ttl_attribute_name"] = true
	}
	if on := tb.boolean("point_in_time_recovery_enabled"); on != nil {
		d.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: *on, RecoveryPeriodInDays: tb.integer("point_in_time_recovery_period_in_days")}
	}
	d.TableClass = tb.str("table_class")
	d.DeletionProtectionEnabled = tb.boolean("deletion_protection_enabled")
	d.Tags = tb.tags("tags")
	ti.moduleScaling(tb, t)
	tb.finish(nil, "providers", "depends_on", "timeouts")
	if tb.err != nil {
		return nil, tb.err
	}
	ti.keyDefinitions(t, tb.where)
	return t, nil
}
