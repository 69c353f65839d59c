package formats

import (
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// CloudFormation: one AWS::DynamoDB::Table per model table. Property names
// follow the AWS::DynamoDB::Table reference of the CloudFormation Template
// Reference; where CloudFormation's shape differs from CreateTable's it is
// noted below.

// maxDescription is CloudFormation's limit on a template's Description
// (1,024 bytes).
const maxDescription = 1024

// tableIDs assigns each table of m a logical id made of the table name's
// letters and digits ("student-data" is StudentData), unique in the
// template. Outputs draw from the same set so that no two ids collide.
func tableIDs(m *model.Model, used names) []string {
	// The production profile's parameters and conditions share the
	// template's namespace (and CDK's construct ids): reserved in both
	// profiles, so that a table keeps its logical id from one to the other.
	for _, r := range []string{paramStage, paramKMSKey, paramAlarmTopic, condStage, condKMSKey, condAlarmTopic} {
		used[r] = true
	}
	ids := make([]string, len(m.Tables))
	for i, t := range m.Tables {
		// Logical ids are at most 255 characters; leave room for the
		// outputs' suffixes and a number.
		ids[i] = used.unique(truncateASCII(identifier(pascal(t.TableName), "Table"), 200))
	}
	return ids
}

// keyDefinitions returns exactly the attribute definitions the table's and
// its indexes' key schemas use, in order of first use: CloudFormation (like
// CreateTable) refuses a definition no key uses.
func keyDefinitions(t *schema.TableDefinition) []schema.AttributeDefinition {
	var out []schema.AttributeDefinition
	seen := map[string]bool{}
	use := func(ks []schema.KeySchemaElement) {
		for _, e := range ks {
			if seen[e.AttributeName] {
				continue
			}
			seen[e.AttributeName] = true
			out = append(out, schema.AttributeDefinition{AttributeName: e.AttributeName, AttributeType: t.AttributeType(e.AttributeName)})
		}
	}
	use(t.KeySchema)
	for _, g := range t.GlobalSecondaryIndexes {
		use(g.KeySchema)
	}
	for _, l := range t.LocalSecondaryIndexes {
		use(l.KeySchema)
	}
	return out
}

func cfnKeySchema(ks []schema.KeySchemaElement) list {
	out := list{}
	for _, e := range ks {
		out = append(out, obj{}.add("AttributeName", e.AttributeName).add("KeyType", string(e.KeyType)))
	}
	return out
}

func cfnProjection(p schema.Projection) obj {
	typ := p.ProjectionType
	if typ == "" {
		typ = schema.ProjectKeysOnly // CreateTable's default, written out
	}
	o := obj{}.add("ProjectionType", string(typ))
	if len(p.NonKeyAttributes) > 0 {
		o = o.add("NonKeyAttributes", stringList(p.NonKeyAttributes))
	}
	return o
}

func stringList(ss []string) list {
	out := make(list, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func cfnThroughput(pt *schema.ProvisionedThroughput) obj {
	o := obj{}
	if pt.ReadCapacityUnits != nil {
		o = o.add("ReadCapacityUnits", *pt.ReadCapacityUnits)
	}
	if pt.WriteCapacityUnits != nil {
		o = o.add("WriteCapacityUnits", *pt.WriteCapacityUnits)
	}
	return o
}

func cfnOnDemand(od *schema.OnDemandThroughput) obj {
	o := obj{}
	if od.MaxReadRequestUnits != nil {
		o = o.add("MaxReadRequestUnits", *od.MaxReadRequestUnits)
	}
	if od.MaxWriteRequestUnits != nil {
		o = o.add("MaxWriteRequestUnits", *od.MaxWriteRequestUnits)
	}
	return o
}

// cfnTableProperties returns the Properties of t's AWS::DynamoDB::Table.
func cfnTableProperties(t *model.Table) obj {
	def := &t.TableDefinition
	billing := def.EffectiveBillingMode()
	p := obj{}.add("TableName", def.TableName)

	defs := list{}
	for _, d := range keyDefinitions(def) {
		defs = append(defs, obj{}.add("AttributeName", d.AttributeName).add("AttributeType", string(d.AttributeType)))
	}
	p = p.add("AttributeDefinitions", defs)
	p = p.add("KeySchema", cfnKeySchema(def.KeySchema))
	// Written even when the model leaves it to CreateTable's default
	// (PROVISIONED), so that the template says what it creates.
	p = p.add("BillingMode", string(billing))
	if billing == schema.BillingProvisioned && def.ProvisionedThroughput != nil {
		p = p.add("ProvisionedThroughput", cfnThroughput(def.ProvisionedThroughput))
	}
	if billing == schema.BillingPayPerRequest && def.OnDemandThroughput != nil {
		p = p.add("OnDemandThroughput", cfnOnDemand(def.OnDemandThroughput))
	}
	if len(def.GlobalSecondaryIndexes) > 0 {
		gsis := list{}
		for _, g := range def.GlobalSecondaryIndexes {
			o := obj{}.add("IndexName", g.IndexName).
				add("KeySchema", cfnKeySchema(g.KeySchema)).
				add("Projection", cfnProjection(g.Projection))
			if billing == schema.BillingProvisioned && g.ProvisionedThroughput != nil {
				o = o.add("ProvisionedThroughput", cfnThroughput(g.ProvisionedThroughput))
			}
			if billing == schema.BillingPayPerRequest && g.OnDemandThroughput != nil {
				o = o.add("OnDemandThroughput", cfnOnDemand(g.OnDemandThroughput))
			}
			gsis = append(gsis, o)
		}
		p = p.add("GlobalSecondaryIndexes", gsis)
	}
	if len(def.LocalSecondaryIndexes) > 0 {
		lsis := list{}
		for _, l := range def.LocalSecondaryIndexes {
			lsis = append(lsis, obj{}.add("IndexName", l.IndexName).
				add("KeySchema", cfnKeySchema(l.KeySchema)).
				add("Projection", cfnProjection(l.Projection)))
		}
		p = p.add("LocalSecondaryIndexes", lsis)
	}
	// CloudFormation's StreamSpecification has no StreamEnabled: a stream
	// exists when the property is present.
	if s := def.StreamSpecification; s != nil && s.StreamEnabled {
		p = p.add("StreamSpecification", obj{}.add("StreamViewType", s.StreamViewType))
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil {
		p = p.add("TimeToLiveSpecification", obj{}.add("AttributeName", ttl.AttributeName).add("Enabled", ttl.Enabled))
	}
	if pitr := def.PointInTimeRecoverySpecification; pitr != nil {
		o := obj{}.add("PointInTimeRecoveryEnabled", pitr.PointInTimeRecoveryEnabled)
		if pitr.RecoveryPeriodInDays != nil {
			o = o.add("RecoveryPeriodInDays", *pitr.RecoveryPeriodInDays)
		}
		p = p.add("PointInTimeRecoverySpecification", o)
	}
	if def.TableClass != "" {
		p = p.add("TableClass", def.TableClass)
	}
	if def.DeletionProtectionEnabled != nil {
		p = p.add("DeletionProtectionEnabled", *def.DeletionProtectionEnabled)
	}
	if len(def.Tags) > 0 {
		tags := list{}
		for _, tg := range def.Tags {
			tags = append(tags, obj{}.add("Key", tg.Key).add("Value", tg.Value))
		}
		p = p.add("Tags", tags)
	}
	return p
}

// cloudFormationTemplate builds the template of m, in the production
// profile (production.go) when production is set, and returns it with the
// profile's warnings.
func cloudFormationTemplate(m *model.Model, production bool) (obj, []string) {
	desc := fmt.Sprintf("DynamoDB tables of the workbench model %q.", m.Name)
	if m.Description != "" {
		desc += " " + m.Description
	}
	used := names{}
	ids := tableIDs(m, used)
	plan, warnings := productionPlan(m, ids, used, production)

	resources := obj{}
	outputs := obj{}
	prevIndexed := ""
	for i := range m.Tables {
		t := &m.Tables[i]
		id := ids[i]
		r := obj{}.add("Type", "AWS::DynamoDB::Table")
		// CloudFormation's documentation asks for tables with secondary
		// indexes to be created one after the other (DynamoDB limits how
		// many such tables may be CREATING at once): chain them.
		indexed := len(t.GlobalSecondaryIndexes)+len(t.LocalSecondaryIndexes) > 0
		if indexed && prevIndexed != "" {
			r = r.add("DependsOn", prevIndexed)
		}
		if indexed {
			prevIndexed = id
		}
		// A table holds data: keep it when the stack is deleted or the
		// table replaced, as the CDK export's RemovalPolicy.RETAIN does.
		r = r.add("DeletionPolicy", "Retain").add("UpdateReplacePolicy", "Retain")
		props := cfnTableProperties(t)
		if production {
			props = productionTableProperties(t, props)
		}
		r = r.add("Properties", props)
		resources = resources.add(id, r)
		resources = productionResources(resources, t, plan[i])

		outputs = outputs.add(used.unique(id+"Name"), obj{}.
			add("Description", fmt.Sprintf("The name of table %s", t.TableName)).
			add("Value", obj{}.add("Ref", id)))
		outputs = outputs.add(used.unique(id+"Arn"), obj{}.
			add("Description", fmt.Sprintf("The ARN of table %s", t.TableName)).
			add("Value", obj{}.add("Fn::GetAtt", list{id, "Arn"})))
		if s := t.StreamSpecification; s != nil && s.StreamEnabled {
			outputs = outputs.add(used.unique(id+"StreamArn"), obj{}.
				add("Description", fmt.Sprintf("The ARN of the stream of table %s", t.TableName)).
				add("Value", obj{}.add("Fn::GetAtt", list{id, "StreamArn"})))
		}
	}
	tpl := obj{}.
		add("AWSTemplateFormatVersion", "2010-09-09").
		add("Description", truncate(desc, maxDescription))
	if production {
		params, conds := productionParameters()
		tpl = tpl.add("Parameters", params).add("Conditions", conds)
	}
	return tpl.add("Resources", resources).add("Outputs", outputs), warnings
}

// renderCloudFormation writes the JSON template; package exporters turns
// it into YAML on the server.
func renderCloudFormation(m *model.Model, production bool, r *Result) {
	tpl, warnings := cloudFormationTemplate(m, production)
	base := identifier(kebab(m.Name), "model")
	if production {
		base += "-production"
	}
	r.Files = []File{{Path: base + ".template.json", Content: string(writeJSON(tpl))}}
	r.ContentType = "application/json"
	r.Warnings = append(r.Warnings, warnings...)
	// Entities, access patterns, the dataset and the workload belong to the
	// model, not to the infrastructure: leaving them out needs no warning.
}
