package formats

import (
	"fmt"
	"math"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The production profile of the CloudFormation and CDK exports. Both
// build the same stack, so that a team can move a table from one to the
// other without replacing it:
//
//   - every table is an AWS::DynamoDB::Table (CDK: the Table construct),
//     whatever its billing mode, under the same logical id in both (the CDK
//     app overrides CDK's generated id). Switching a table between
//     AWS::DynamoDB::Table and AWS::DynamoDB::GlobalTable (CDK's TableV2),
//     or changing its logical id, makes CloudFormation create a new table;
//     changing BillingMode on an AWS::DynamoDB::Table is an update in
//     place. TableV2 would force provisioned tables into auto-scaled write
//     capacity and is a different resource type, so Table it is.
//   - DeletionPolicy and UpdateReplacePolicy Retain (CDK RemovalPolicy.RETAIN),
//     DeletionProtectionEnabled and point-in-time recovery on.
//   - a Stage parameter: the table name is "<name>-<Stage>"; an empty Stage
//     leaves the name to CloudFormation.
//   - a KmsKeyArn parameter: a customer-managed KMS key encrypts the tables
//     when given, the AWS owned key otherwise.
//   - a Stage tag on every table, beside the model's tags.
//   - provisioned capacity auto scales (Application Auto Scaling: a
//     scalable target and a target-tracking policy for the reads and the
//     writes of the table and of each GSI), within the model's AutoScaling
//     when it has one, else from the model's capacity up to
//     defaultScaleFactor times it at defaultTargetUtilization percent.
//   - CloudWatch alarms on ReadThrottleEvents and WriteThrottleEvents of
//     each table and each GSI, notifying the SNS topic of the
//     AlarmTopicArn parameter when given.

const (
	// defaultScaleFactor is how far above the model's capacity auto
	// scaling may go when the model sets no range.
	defaultScaleFactor = 4
	// defaultTargetUtilization is the console's default target (percent).
	defaultTargetUtilization = 70
	// maxStageLength bounds the Stage parameter so that "<name>-<Stage>"
	// stays within DynamoDB's 255 characters.
	maxStageLength = 32
	// alarmPeriod and alarmThreshold: one throttled request within five
	// minutes raises the alarm.
	alarmPeriod    = 300
	alarmThreshold = 1
)

// The production template's parameters and conditions.
const (
	paramStage      = "Stage"
	paramKMSKey     = "KmsKeyArn"
	paramAlarmTopic = "AlarmTopicArn"
	condStage       = "HasStage"
	condKMSKey      = "HasKmsKey"
	condAlarmTopic  = "HasAlarmTopic"
	defaultStage    = "prod"
)

// scalingTarget is one auto-scaled capacity: a table's or a GSI's reads or
// writes.
type scalingTarget struct {
	id        string // logical id of the ScalableTarget; the policy's is id+"Policy"
	index     string // "" for the table
	write     bool
	min, max  int64
	target    float64
	dimension string // dynamodb:table:ReadCapacityUnits, ...
	metric    string // DynamoDBReadCapacityUtilization, ...
}

// throttleAlarm is one alarm on a table's or a GSI's throttle events.
type throttleAlarm struct {
	id     string
	index  string
	metric string // ReadThrottleEvents or WriteThrottleEvents
}

// prodTable is the production profile's plan for one table, shared by the
// CloudFormation and CDK generators.
type prodTable struct {
	id      string // the table's logical id
	scaling []scalingTarget
	alarms  []throttleAlarm
}

// productionPlan plans the production resources of every table of m, with
// logical ids unique among ids (the tables') and used. Without production
// (the default profile) it plans only the auto scaling a model table sets.
func productionPlan(m *model.Model, ids []string, used names, production bool) ([]prodTable, []string) {
	var warnings []string
	out := make([]prodTable, len(m.Tables))
	for i := range m.Tables {
		t := &m.Tables[i]
		p := prodTable{id: ids[i]}
		if t.EffectiveBillingMode() == schema.BillingProvisioned && (production || t.AutoScaling != nil) {
			assumed := false
			add := func(index string, pt *schema.ProvisionedThroughput) {
				if pt == nil {
					return
				}
				for _, write := range []bool{false, true} {
					units := pt.ReadCapacityUnits
					rng := (*model.ScalingRange)(nil)
					if t.AutoScaling != nil {
						rng = t.AutoScaling.Read
						if write {
							rng = t.AutoScaling.Write
						}
					}
					if write {
						units = pt.WriteCapacityUnits
					}
					if units == nil || rng == nil && !production {
						continue
					}
					s := scalingTarget{index: index, write: write}
					if rng != nil && index == "" {
						s.min, s.max, s.target = rng.MinCapacity, rng.MaxCapacity, rng.TargetValue
					} else if rng != nil {
						// An index scales within the table's range, from
						// its own capacity, as the console applies a
						// table's settings to its indexes.
						s.min, s.max, s.target = min(*units, rng.MaxCapacity), rng.MaxCapacity, rng.TargetValue
					} else {
						s.min, s.max = *units, scaledMax(*units)
						assumed = true
					}
					if s.target == 0 {
						s.target = defaultTargetUtilization
					}
					what, dim := "Read", "ReadCapacityUnits"
					if write {
						what, dim = "Write", "WriteCapacityUnits"
					}
					s.metric = "DynamoDB" + what + "CapacityUtilization"
					if index == "" {
						s.dimension = "dynamodb:table:" + dim
						s.id = used.unique(truncateASCII(p.id+what+"Scaling", 240))
					} else {
						s.dimension = "dynamodb:index:" + dim
						s.id = used.unique(truncateASCII(p.id+identifier(pascal(index), "Index")+what+"Scaling", 240))
					}
					p.scaling = append(p.scaling, s)
				}
			}
			add("", t.ProvisionedThroughput)
			for _, g := range t.GlobalSecondaryIndexes {
				add(g.IndexName, g.ProvisionedThroughput)
			}
			if assumed {
				warnings = append(warnings, fmt.Sprintf("Table %s: the model sets no auto scaling; its capacity scales from the model's units up to %d times them, at %d%% utilization.", t.TableName, defaultScaleFactor, defaultTargetUtilization))
			}
		}
		addAlarm := func(index string) {
			for _, metric := range []string{"ReadThrottleEvents", "WriteThrottleEvents"} {
				name := p.id
				if index != "" {
					name += identifier(pascal(index), "Index")
				}
				p.alarms = append(p.alarms, throttleAlarm{
					id: used.unique(truncateASCII(name+metric+"Alarm", 240)), index: index, metric: metric,
				})
			}
		}
		if production {
			addAlarm("")
			for _, g := range t.GlobalSecondaryIndexes {
				addAlarm(g.IndexName)
			}
		}
		out[i] = p
	}
	return out, warnings
}

// scaledMax is the auto scaling ceiling for a capacity the model fixes:
// defaultScaleFactor times it, within DynamoDB's default account quota of
// 40,000 units per table.
func scaledMax(units int64) int64 {
	if units > math.MaxInt64/defaultScaleFactor {
		return 40_000
	}
	return max(units, min(units*defaultScaleFactor, 40_000))
}

// stagedName is the production table name's base: the model's name cut so
// that "<base>-<Stage>" fits DynamoDB's 255 characters.
func stagedName(name string) string {
	return truncateASCII(name, schema.MaxTableNameLength-1-maxStageLength)
}

// Intrinsic functions of the production template.
func ref(name string) obj         { return obj{}.add("Ref", name) }
func fnIf(c string, a, b any) obj { return obj{}.add("Fn::If", list{c, a, b}) }
func fnSub(s string) obj          { return obj{}.add("Fn::Sub", s) }
func notEmpty(param string) obj {
	return obj{}.add("Fn::Not", list{obj{}.add("Fn::Equals", list{ref(param), ""})})
}

// productionParameters are the template's Parameters and Conditions.
func productionParameters() (obj, obj) {
	params := obj{}.
		add(paramStage, obj{}.
			add("Type", "String").
			add("Default", defaultStage).
			add("AllowedPattern", fmt.Sprintf("^[A-Za-z0-9_.-]{0,%d}$", maxStageLength)).
			add("Description", "The deployment stage: each table is named <model table name>-<Stage>. Empty: CloudFormation names the tables.")).
		add(paramKMSKey, obj{}.
			add("Type", "String").
			add("Default", "").
			add("Description", "The ARN of a customer-managed KMS key that encrypts the tables. Empty: the AWS owned key.")).
		add(paramAlarmTopic, obj{}.
			add("Type", "String").
			add("Default", "").
			add("Description", "The ARN of an SNS topic the throttling alarms notify. Empty: the alarms notify no one."))
	conds := obj{}.
		add(condStage, notEmpty(paramStage)).
		add(condKMSKey, notEmpty(paramKMSKey)).
		add(condAlarmTopic, notEmpty(paramAlarmTopic))
	return params, conds
}

// productionTableProperties changes the default profile's properties of t
// into the production ones: the staged name first, PITR and deletion
// protection on, the KMS key, the Stage tag.
func productionTableProperties(t *model.Table, p obj) obj {
	out := obj{}.add("TableName", fnIf(condStage, fnSub(stagedName(t.TableName)+"-${"+paramStage+"}"), ref("AWS::NoValue")))
	for _, m := range p {
		switch m.key {
		case "TableName", "PointInTimeRecoverySpecification", "DeletionProtectionEnabled", "Tags":
			continue
		}
		out = append(out, m)
	}
	pitr := obj{}.add("PointInTimeRecoveryEnabled", true)
	if r := t.PointInTimeRecoverySpecification; r != nil && r.RecoveryPeriodInDays != nil {
		pitr = pitr.add("RecoveryPeriodInDays", *r.RecoveryPeriodInDays)
	}
	out = out.add("PointInTimeRecoverySpecification", pitr)
	out = out.add("DeletionProtectionEnabled", true)
	out = out.add("SSESpecification", fnIf(condKMSKey,
		obj{}.add("SSEEnabled", true).add("SSEType", "KMS").add("KMSMasterKeyId", ref(paramKMSKey)),
		obj{}.add("SSEEnabled", false)))
	tags := list{}
	for _, tg := range t.Tags {
		if tg.Key != paramStage {
			tags = append(tags, obj{}.add("Key", tg.Key).add("Value", tg.Value))
		}
	}
	tags = append(tags, obj{}.add("Key", paramStage).add("Value", ref(paramStage)))
	return out.add("Tags", tags)
}

// resourceID is the auto scaling ResourceId of a table or a GSI.
func (s scalingTarget) resourceID(tableID string) obj {
	if s.index == "" {
		return fnSub("table/${" + tableID + "}")
	}
	return fnSub("table/${" + tableID + "}/index/" + s.index)
}

// productionResources adds the scaling targets, policies and alarms of p.
func productionResources(resources obj, t *model.Table, p prodTable) obj {
	for _, s := range p.scaling {
		resources = resources.add(s.id, obj{}.
			add("Type", "AWS::ApplicationAutoScaling::ScalableTarget").
			add("Properties", obj{}.
				add("MaxCapacity", s.max).
				add("MinCapacity", s.min).
				add("ResourceId", s.resourceID(p.id)).
				add("ScalableDimension", s.dimension).
				add("ServiceNamespace", "dynamodb")))
		resources = resources.add(s.id+"Policy", obj{}.
			add("Type", "AWS::ApplicationAutoScaling::ScalingPolicy").
			add("Properties", obj{}.
				add("PolicyName", truncateASCII(s.id, 256)).
				add("PolicyType", "TargetTrackingScaling").
				add("ScalingTargetId", ref(s.id)).
				add("TargetTrackingScalingPolicyConfiguration", obj{}.
					add("PredefinedMetricSpecification", obj{}.add("PredefinedMetricType", s.metric)).
					add("TargetValue", jsonNumber(s.target)))))
	}
	for _, a := range p.alarms {
		dims := list{obj{}.add("Name", "TableName").add("Value", ref(p.id))}
		what := "table " + t.TableName
		if a.index != "" {
			dims = append(dims, obj{}.add("Name", "GlobalSecondaryIndexName").add("Value", a.index))
			what = "index " + a.index + " of table " + t.TableName
		}
		resources = resources.add(a.id, obj{}.
			add("Type", "AWS::CloudWatch::Alarm").
			add("Properties", obj{}.
				add("AlarmDescription", fmt.Sprintf("%s of %s: requests throttled.", a.metric, what)).
				add("Namespace", "AWS/DynamoDB").
				add("MetricName", a.metric).
				add("Dimensions", dims).
				add("Statistic", "Sum").
				add("Period", int64(alarmPeriod)).
				add("EvaluationPeriods", int64(1)).
				add("Threshold", int64(alarmThreshold)).
				add("ComparisonOperator", "GreaterThanOrEqualToThreshold").
				add("TreatMissingData", "notBreaching").
				add("AlarmActions", fnIf(condAlarmTopic, list{ref(paramAlarmTopic)}, ref("AWS::NoValue")))))
	}
	return resources
}

// jsonNumber is a target utilization: an integer when it is one.
func jsonNumber(f float64) any {
	if f == math.Trunc(f) {
		return int64(f)
	}
	return rawJSON(fmt.Sprintf("%g", f))
}
