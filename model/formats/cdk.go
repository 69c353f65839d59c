package formats

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The AWS CDK export is a complete TypeScript app, laid out as `cdk init
// app --language typescript` lays one out: package.json, cdk.json,
// tsconfig.json, bin/<app>.ts and lib/<app>-stack.ts.
//
// Every table is a Table (AWS::DynamoDB::Table), on-demand or provisioned,
// under the CloudFormation export's logical id: a TableV2 synthesizes
// AWS::DynamoDB::GlobalTable, and moving a table between the two resource
// types (or logical ids) replaces it. TableV2 also accepts fixed capacity
// only for reads. production.go has the production profile.
//
// Every setting is written, defaults included (removal policy, table
// class, encryption, point-in-time recovery, deletion protection,
// contributor insights, projection type, billing), so that a reader sees
// what deploys and a new CDK default cannot change it silently.

// The versions the app pins, current when this was written (npm registry):
// aws-cdk-lib 2.276.0 has TableV2's multi-attribute index keys
// (partitionKeys, sortKeys) and pointInTimeRecoverySpecification.
const (
	cdkLibVersion     = "2.276.0"
	cdkCLIVersion     = "2.1148.1"
	constructsVersion = "10.8.1"
	typescriptVersion = "5.9.3"
	tsNodeVersion     = "10.9.2"
	typesNodeVersion  = "22.20.5"
)

// tsString writes s as a single-quoted TypeScript string literal.
func tsString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\u2028', '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// tsComment makes s safe inside a /* */ or // comment.
func tsComment(s string) string {
	s = strings.ReplaceAll(s, "*/", "* /")
	return strings.Join(strings.Fields(s), " ")
}

var cdkAttributeTypes = map[schema.ScalarType]string{
	schema.TypeS: "dynamodb.AttributeType.STRING",
	schema.TypeN: "dynamodb.AttributeType.NUMBER",
	schema.TypeB: "dynamodb.AttributeType.BINARY",
}

func cdkAttribute(def *schema.TableDefinition, name string) string {
	return fmt.Sprintf("{ name: %s, type: %s }", tsString(name), cdkAttributeTypes[def.AttributeType(name)])
}

// tsWriter writes indented lines of code.
type tsWriter struct {
	b     strings.Builder
	depth int
}

func (w *tsWriter) line(format string, args ...any) {
	if format == "" {
		w.b.WriteByte('\n')
		return
	}
	w.b.WriteString(strings.Repeat("  ", w.depth))
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *tsWriter) open(format string, args ...any) {
	w.line(format, args...)
	w.depth++
}

func (w *tsWriter) close(format string, args ...any) {
	w.depth--
	w.line(format, args...)
}

func truncateASCII(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// cdkKeys writes an index's key attributes: partitionKey/sortKey, or
// partitionKeys/sortKeys for a multi-attribute key.
func cdkKeys(w *tsWriter, def *schema.TableDefinition, hash, rng []string) {
	attrs := func(ns []string) string {
		parts := make([]string, len(ns))
		for i, n := range ns {
			parts[i] = cdkAttribute(def, n)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if len(hash) == 1 {
		w.line("partitionKey: %s,", cdkAttribute(def, hash[0]))
	} else {
		w.line("partitionKeys: %s,", attrs(hash))
	}
	switch len(rng) {
	case 0:
	case 1:
		w.line("sortKey: %s,", cdkAttribute(def, rng[0]))
	default:
		w.line("sortKeys: %s,", attrs(rng))
	}
}

func cdkProjection(w *tsWriter, p schema.Projection) {
	typ := p.ProjectionType
	if typ == "" {
		typ = schema.ProjectKeysOnly
	}
	w.line("projectionType: dynamodb.ProjectionType.%s,", typ)
	if typ == schema.ProjectInclude {
		quoted := make([]string, len(p.NonKeyAttributes))
		for i, a := range p.NonKeyAttributes {
			quoted[i] = tsString(a)
		}
		w.line("nonKeyAttributes: [%s],", strings.Join(quoted, ", "))
	}
}

func keyNamesOf(ks []schema.KeySchemaElement, kt schema.KeyType) []string {
	var out []string
	for _, e := range ks {
		if e.KeyType == kt {
			out = append(out, e.AttributeName)
		}
	}
	return out
}

func int64s(p *int64) string {
	if p == nil {
		return "undefined"
	}
	return strconv.FormatInt(*p, 10)
}

// cdkCommon writes the table's settings, defaults included.
func cdkCommon(w *tsWriter, t *model.Table, production bool) {
	def := &t.TableDefinition
	class := def.TableClass
	if class == "" {
		class = schema.TableClassStandard
	}
	w.line("tableClass: dynamodb.TableClass.%s,", class)
	if production {
		w.line("// encryption: the KmsKeyArn parameter's key, or the AWS owned key (SSESpecification below).")
	}
	w.line("encryption: dynamodb.TableEncryption.DEFAULT,")
	// Point-in-time recovery is off unless the model turns it on (as
	// CreateTable leaves it), and always on in production.
	r := def.PointInTimeRecoverySpecification
	switch {
	case r != nil && (r.PointInTimeRecoveryEnabled || production) && r.RecoveryPeriodInDays != nil:
		w.line("pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: %d },", *r.RecoveryPeriodInDays)
	case production || r != nil && r.PointInTimeRecoveryEnabled:
		w.line("pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },")
	default:
		w.line("pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },")
	}
	w.line("deletionProtection: %t,", production || def.DeletionProtectionEnabled != nil && *def.DeletionProtectionEnabled)
	w.line("contributorInsightsSpecification: { enabled: false },")
	stream, ttl := "", ""
	if s := def.StreamSpecification; s != nil && s.StreamEnabled {
		stream = s.StreamViewType
	}
	if tt := t.TimeToLiveSpecification; tt != nil && tt.Enabled {
		ttl = tt.AttributeName
	}
	if stream != "" {
		w.line("stream: dynamodb.StreamViewType.%s,", stream)
	} else {
		w.line("// stream: none (the model enables no stream)")
	}
	if ttl != "" {
		w.line("timeToLiveAttribute: %s,", tsString(ttl))
	} else {
		w.line("// timeToLiveAttribute: none (the model sets no time to live)")
	}
}

// cdkTable writes the construct of one table into the variable varName:
// a Table (AWS::DynamoDB::Table) whatever the billing mode, under the
// CloudFormation export's logical id, so that changing billing or moving
// between the CloudFormation and CDK exports updates the table in place
// (production.go explains the choice).
func cdkTable(w *tsWriter, t *model.Table, id, varName string, production bool) {
	def := &t.TableDefinition
	onDemand := def.EffectiveBillingMode() == schema.BillingPayPerRequest
	w.open("const %s = new dynamodb.Table(this, %s, {", varName, tsString(id))
	if production {
		w.line("// <name>-<Stage>, or a name CloudFormation chooses when Stage is empty.")
		w.line("tableName: cdk.Fn.conditionIf(hasStage.logicalId, cdk.Fn.sub(%s), cdk.Aws.NO_VALUE).toString(),", tsString(stagedName(def.TableName)+"-${"+paramStage+"}"))
	} else {
		w.line("tableName: %s,", tsString(def.TableName))
	}
	w.line("partitionKey: %s,", cdkAttribute(def, def.HashKey()))
	if rk := def.RangeKey(); rk != "" {
		w.line("sortKey: %s,", cdkAttribute(def, rk))
	}
	if onDemand {
		w.line("billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,")
		if od := def.OnDemandThroughput; od != nil {
			if od.MaxReadRequestUnits != nil {
				w.line("maxReadRequestUnits: %d,", *od.MaxReadRequestUnits)
			}
			if od.MaxWriteRequestUnits != nil {
				w.line("maxWriteRequestUnits: %d,", *od.MaxWriteRequestUnits)
			}
		}
	} else {
		w.line("billingMode: dynamodb.BillingMode.PROVISIONED,")
		if pt := def.ProvisionedThroughput; pt != nil {
			w.line("readCapacity: %s,", int64s(pt.ReadCapacityUnits))
			w.line("writeCapacity: %s,", int64s(pt.WriteCapacityUnits))
		}
	}
	cdkCommon(w, t, production)
	w.line("removalPolicy: cdk.RemovalPolicy.RETAIN,")
	w.close("});")
	w.line("// The CloudFormation export's logical id: the same table in both.")
	w.line("const %sResource = %s.node.defaultChild as dynamodb.CfnTable;", varName, varName)
	w.line("%sResource.overrideLogicalId(%s);", varName, tsString(id))
	if production {
		w.line("%sResource.addPropertyOverride('SSESpecification', cdk.Fn.conditionIf(hasKmsKey.logicalId,", varName)
		w.line("  { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: kmsKeyArn.valueAsString },")
		w.line("  { SSEEnabled: false }));")
	}
	for _, g := range def.GlobalSecondaryIndexes {
		w.open("%s.addGlobalSecondaryIndex({", varName)
		cdkGSI(w, def, g)
		w.close("});")
	}
	for _, l := range def.LocalSecondaryIndexes {
		w.open("%s.addLocalSecondaryIndex({", varName)
		cdkLSI(w, def, l)
		w.close("});")
	}
	for _, tg := range def.Tags {
		if !production || tg.Key != paramStage {
			w.line("cdk.Tags.of(%s).add(%s, %s);", varName, tsString(tg.Key), tsString(tg.Value))
		}
	}
	if production {
		w.line("cdk.Tags.of(%s).add(%s, stage.valueAsString);", varName, tsString(paramStage))
	}
}

// cdkProduction writes the auto scaling and the alarms of p as the
// CloudFormation export writes them: the same resources under the same
// logical ids.
func cdkProduction(w *tsWriter, t *model.Table, p prodTable, varName string) {
	for _, s := range p.scaling {
		resourceID := "table/${" + p.id + "}"
		if s.index != "" {
			resourceID += "/index/" + s.index
		}
		w.open("const %s = new appscaling.CfnScalableTarget(this, %s, {", lowerFirst(s.id), tsString(s.id))
		w.line("maxCapacity: %d,", s.max)
		w.line("minCapacity: %d,", s.min)
		// The table's logical id is overridden to p.id: Fn::Sub resolves it.
		w.line("resourceId: cdk.Fn.sub(%s),", tsString(resourceID))
		w.line("scalableDimension: %s,", tsString(s.dimension))
		w.line("serviceNamespace: 'dynamodb',")
		w.close("});")
		w.open("new appscaling.CfnScalingPolicy(this, %s, {", tsString(s.id+"Policy"))
		w.line("policyName: %s,", tsString(truncateASCII(s.id, 256)))
		w.line("policyType: 'TargetTrackingScaling',")
		w.line("scalingTargetId: %s.ref,", lowerFirst(s.id))
		w.open("targetTrackingScalingPolicyConfiguration: {")
		w.line("predefinedMetricSpecification: { predefinedMetricType: %s },", tsString(s.metric))
		w.line("targetValue: %g,", s.target)
		w.close("},")
		w.close("});")
	}
	for _, a := range p.alarms {
		what := "table " + t.TableName
		dims := fmt.Sprintf("{ name: 'TableName', value: %s.tableName }", varName)
		if a.index != "" {
			what = "index " + a.index + " of table " + t.TableName
			dims += fmt.Sprintf(", { name: 'GlobalSecondaryIndexName', value: %s }", tsString(a.index))
		}
		w.open("new cloudwatch.CfnAlarm(this, %s, {", tsString(a.id))
		w.line("alarmDescription: %s,", tsString(fmt.Sprintf("%s of %s: requests throttled.", a.metric, what)))
		w.line("namespace: 'AWS/DynamoDB',")
		w.line("metricName: %s,", tsString(a.metric))
		w.line("dimensions: [%s],", dims)
		w.line("statistic: 'Sum',")
		w.line("period: %d,", alarmPeriod)
		w.line("evaluationPeriods: 1,")
		w.line("threshold: %d,", alarmThreshold)
		w.line("comparisonOperator: 'GreaterThanOrEqualToThreshold',")
		w.line("treatMissingData: 'notBreaching',")
		w.line("alarmActions: cdk.Fn.conditionIf(hasAlarmTopic.logicalId, [alarmTopicArn.valueAsString], cdk.Aws.NO_VALUE) as unknown as string[],")
		w.close("});")
	}
}

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }

func cdkGSI(w *tsWriter, def *schema.TableDefinition, g schema.GlobalSecondaryIndex) {
	w.line("indexName: %s,", tsString(g.IndexName))
	cdkKeys(w, def, g.HashKeys(), g.RangeKeys())
	cdkProjection(w, g.Projection)
	if pt := g.ProvisionedThroughput; pt != nil && def.EffectiveBillingMode() == schema.BillingProvisioned {
		// Only Table (v1) tables are provisioned here: plain numbers.
		w.line("readCapacity: %s,", int64s(pt.ReadCapacityUnits))
		w.line("writeCapacity: %s,", int64s(pt.WriteCapacityUnits))
	}
	if od := g.OnDemandThroughput; od != nil && def.EffectiveBillingMode() == schema.BillingPayPerRequest {
		if od.MaxReadRequestUnits != nil {
			w.line("maxReadRequestUnits: %d,", *od.MaxReadRequestUnits)
		}
		if od.MaxWriteRequestUnits != nil {
			w.line("maxWriteRequestUnits: %d,", *od.MaxWriteRequestUnits)
		}
	}
}

func cdkLSI(w *tsWriter, def *schema.TableDefinition, l schema.LocalSecondaryIndex) {
	w.line("indexName: %s,", tsString(l.IndexName))
	w.line("sortKey: %s,", cdkAttribute(def, l.RangeKey()))
	cdkProjection(w, l.Projection)
}

// cdkNames are the app's names, all derived from the model's name.
type cdkNames struct {
	app   string // npm package and bin file: "shopping-cart"
	stack string // class and stack id: "ShoppingCartStack"
}

func cdkNamesOf(m *model.Model) cdkNames {
	// An npm package name: lower case, and kept short (npm allows 214).
	app := strings.TrimRight(truncateASCII(kebab(m.Name), 64), "-")
	if app == "" || !isLower(app[0]) {
		app = strings.TrimSuffix("workbench-"+app, "-")
	}
	return cdkNames{app: app, stack: identifier(pascal(m.Name), "Model") + "Stack"}
}

func cdkStack(m *model.Model, n cdkNames, production bool) (string, []string) {
	used := names{}
	ids := tableIDs(m, used)
	plan, warnings := productionPlan(m, ids, used, production)
	scaling, alarms := false, false
	for _, p := range plan {
		scaling = scaling || len(p.scaling) > 0
		alarms = alarms || len(p.alarms) > 0
	}
	w := &tsWriter{}
	w.line("import * as cdk from 'aws-cdk-lib';")
	if scaling {
		w.line("import * as appscaling from 'aws-cdk-lib/aws-applicationautoscaling';")
	}
	if alarms {
		w.line("import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';")
	}
	w.line("import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';")
	w.line("import { Construct } from 'constructs';")
	w.line("")
	w.line("/**")
	w.line(" * %s: the tables of the DynamoDB workbench model, every setting written", tsComment(m.Name))
	w.line(" * out (defaults included) so that what deploys is what the model says.")
	w.line(" * Tables are retained when the stack is deleted: they hold data.")
	if production {
		w.line(" * Production profile: point-in-time recovery and deletion protection on,")
		w.line(" * names from the Stage parameter, an optional customer-managed KMS key,")
		w.line(" * auto scaling of provisioned capacity, throttling alarms. The template")
		w.line(" * it synthesizes is the workbench's CloudFormation export (production).")
	}
	w.line(" */")
	w.open("export class %s extends cdk.Stack {", n.stack)
	w.open("constructor(scope: Construct, id: string, props?: cdk.StackProps) {")
	w.line("super(scope, id, props);")
	if production {
		w.open("const stage = new cdk.CfnParameter(this, %s, {", tsString(paramStage))
		w.line("type: 'String',")
		w.line("default: %s,", tsString(defaultStage))
		w.line("allowedPattern: %s,", tsString(fmt.Sprintf("^[A-Za-z0-9_.-]{0,%d}$", maxStageLength)))
		w.line("description: 'The deployment stage: each table is named <model table name>-<Stage>. Empty: CloudFormation names the tables.',")
		w.close("});")
		w.open("const kmsKeyArn = new cdk.CfnParameter(this, %s, {", tsString(paramKMSKey))
		w.line("type: 'String',")
		w.line("default: '',")
		w.line("description: 'The ARN of a customer-managed KMS key that encrypts the tables. Empty: the AWS owned key.',")
		w.close("});")
		w.open("const alarmTopicArn = new cdk.CfnParameter(this, %s, {", tsString(paramAlarmTopic))
		w.line("type: 'String',")
		w.line("default: '',")
		w.line("description: 'The ARN of an SNS topic the throttling alarms notify. Empty: the alarms notify no one.',")
		w.close("});")
		for _, c := range [][2]string{{condStage, "stage"}, {condKMSKey, "kmsKeyArn"}, {condAlarmTopic, "alarmTopicArn"}} {
			w.line("const %s = new cdk.CfnCondition(this, %s, { expression: cdk.Fn.conditionNot(cdk.Fn.conditionEquals(%s.valueAsString, '')) });", lowerFirst(c[0]), tsString(c[0]), c[1])
		}
	}
	prevIndexed := ""
	for i := range m.Tables {
		t := &m.Tables[i]
		id := ids[i]
		varName := strings.ToLower(id[:1]) + id[1:] + "Table"
		w.line("")
		cdkTable(w, t, id, varName, production)
		cdkProduction(w, t, plan[i], varName)
		if len(t.GlobalSecondaryIndexes)+len(t.LocalSecondaryIndexes) > 0 {
			if prevIndexed != "" {
				w.line("// Tables with secondary indexes are created one after the other.")
				w.line("%s.node.addDependency(%s);", varName, prevIndexed)
			}
			prevIndexed = varName
		}
		w.line("new cdk.CfnOutput(this, %s, { description: %s, value: %s.tableName });",
			tsString(used.unique(id+"Name")), tsString("The name of table "+t.TableName), varName)
		w.line("new cdk.CfnOutput(this, %s, { description: %s, value: %s.tableArn });",
			tsString(used.unique(id+"Arn")), tsString("The ARN of table "+t.TableName), varName)
		if s := t.StreamSpecification; s != nil && s.StreamEnabled {
			w.line("new cdk.CfnOutput(this, %s, { description: %s, value: %s.tableStreamArn! });",
				tsString(used.unique(id+"StreamArn")), tsString("The ARN of the stream of table "+t.TableName), varName)
		}
	}
	w.close("}")
	w.close("}")
	return w.b.String(), warnings
}

func cdkBin(m *model.Model, n cdkNames) string {
	w := &tsWriter{}
	w.line("#!/usr/bin/env node")
	w.line("import * as cdk from 'aws-cdk-lib';")
	w.line("import { %s } from '../lib/%s-stack';", n.stack, n.app)
	w.line("")
	w.line("const app = new cdk.App();")
	w.line("// Environment-agnostic: deploys to the account and region of the CLI's credentials.")
	w.open("new %s(app, %s, {", n.stack, tsString(n.stack))
	w.line("description: %s,", tsString(truncate(fmt.Sprintf("DynamoDB tables of the workbench model %q.", m.Name), maxDescription)))
	w.close("});")
	return w.b.String()
}

func cdkPackageJSON(n cdkNames) string {
	return string(writeJSON(obj{}.
		add("name", n.app).
		add("version", "0.1.0").
		add("private", true).
		add("bin", obj{}.add(n.app, "bin/"+n.app+".js")).
		add("scripts", obj{}.
			add("build", "tsc").
			add("watch", "tsc -w").
			add("cdk", "cdk").
			add("synth", "cdk synth")).
		add("devDependencies", obj{}.
			add("@types/node", typesNodeVersion).
			add("aws-cdk", cdkCLIVersion).
			add("ts-node", tsNodeVersion).
			add("typescript", typescriptVersion)).
		add("dependencies", obj{}.
			add("aws-cdk-lib", cdkLibVersion).
			add("constructs", constructsVersion))))
}

func cdkJSON(n cdkNames) string {
	return string(writeJSON(obj{}.
		add("app", "npx ts-node --prefer-ts-exts bin/"+n.app+".ts").
		add("watch", obj{}.
			add("include", list{"**"}).
			add("exclude", list{"README.md", "cdk*.json", "**/*.d.ts", "**/*.js", "tsconfig.json", "package*.json", "node_modules"})).
		add("context", obj{})))
}

func tsconfigJSON() string {
	return string(writeJSON(obj{}.
		add("compilerOptions", obj{}.
			add("target", "ES2022").
			add("module", "commonjs").
			add("lib", list{"es2022"}).
			add("declaration", true).
			add("strict", true).
			add("noImplicitAny", true).
			add("strictNullChecks", true).
			add("noImplicitThis", true).
			add("alwaysStrict", true).
			add("noUnusedLocals", false).
			add("noUnusedParameters", false).
			add("noImplicitReturns", true).
			add("noFallthroughCasesInSwitch", false).
			add("inlineSourceMap", true).
			add("inlineSources", true).
			add("experimentalDecorators", true).
			add("strictPropertyInitialization", false).
			add("typeRoots", list{"./node_modules/@types"})).
		add("exclude", list{"node_modules", "cdk.out"})))
}

func cdkReadme(m *model.Model, n cdkNames) string {
	return fmt.Sprintf(`# %s

The tables of the DynamoDB workbench model %q as an AWS CDK app.

    npm install
    npx cdk synth      # the CloudFormation template, in cdk.out/
    npx cdk deploy

Every table is a Table construct (AWS::DynamoDB::Table) whatever its
billing mode, under the logical id the workbench's CloudFormation export
gives it: changing billing, or moving a table between this app and the
CloudFormation template, updates it in place instead of replacing it.
Tables are retained when the stack is deleted.
`, n.app, m.Name)
}

func renderCDK(m *model.Model, production bool, r *Result) {
	n := cdkNamesOf(m)
	stack, warnings := cdkStack(m, n, production)
	r.Warnings = append(r.Warnings, warnings...)
	r.Files = []File{
		{Path: "package.json", Content: cdkPackageJSON(n)},
		{Path: "cdk.json", Content: cdkJSON(n)},
		{Path: "tsconfig.json", Content: tsconfigJSON()},
		{Path: "bin/" + n.app + ".ts", Content: cdkBin(m, n)},
		{Path: "lib/" + n.app + "-stack.ts", Content: stack},
		{Path: "README.md", Content: cdkReadme(m, n)},
	}
	r.ContentType = "text/plain; charset=utf-8"
}
