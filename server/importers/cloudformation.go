package importers

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// CloudFormation: every AWS::DynamoDB::Table and AWS::DynamoDB::GlobalTable
// of a template (JSON or YAML, long or short form, a CDK app's synthesized
// output too) becomes a model table. Property names follow the
// AWS::DynamoDB::Table and AWS::DynamoDB::GlobalTable references of the
// CloudFormation Template Reference.

// cfnImporter holds one import's state.
type cfnImporter struct {
	ev       *cfnEval
	m        *model.Model
	warnings []string
	// lastRange is the auto scaling range autoScaling read last.
	lastRange *model.ScalingRange
}

func (im *cfnImporter) warn(format string, args ...any) {
	im.warnings = append(im.warnings, fmt.Sprintf(format, args...))
}

// exportedDescription matches the Description the workbench's own export
// writes, so that a round trip keeps the model's name and description.
var exportedDescription = regexp.MustCompile(`^DynamoDB tables of the workbench model "((?:[^"\\]|\\.)*)"\.(?: (.*))?$`)

// ImportCloudFormation reads a CloudFormation template (JSON or YAML) and
// returns its DynamoDB tables as a model that passes Validate, with
// warnings for what the model does not keep and for every value that
// depended on a parameter, a condition or the stack.
func ImportCloudFormation(data []byte) (*model.Model, []string, error) {
	return ImportCloudFormationWith(data, nil)
}

// ImportCloudFormationWith is ImportCloudFormation with values for the
// template's parameters (by name; the rest take their defaults). A value
// for a parameter the template does not declare is an error, as
// CloudFormation's.
func ImportCloudFormationWith(data []byte, params map[string]string) (*model.Model, []string, error) {
	tree, err := readTree(data)
	if err != nil {
		return nil, nil, err
	}
	root, ok := tree.(*omap)
	if !ok {
		return nil, nil, errors.New("not a CloudFormation template: the document is not a mapping")
	}
	im := &cfnImporter{m: &model.Model{Version: model.Version}}
	service := ""
	if isServerless(root) {
		// A Serverless Framework service: its resources are the template,
		// the parameters its options (stage, region: serverless.go).
		t, name, err := serverlessTemplate(root, params, im.warn)
		if err != nil {
			return nil, nil, err
		}
		root, params, service = t, nil, name
		im.m.Name, im.m.Description = service, "A Serverless Framework service's tables."
	}
	resv, _ := root.get("Resources")
	resources, ok := resv.(*omap)
	if !ok || len(resources.keys) == 0 {
		return nil, nil, errors.New(`not a CloudFormation template: it has no "Resources"`)
	}
	if err := checkParams(root, params); err != nil {
		return nil, nil, err
	}
	section := func(name string) *omap {
		v, _ := root.get(name)
		m, _ := v.(*omap)
		return m
	}
	im.ev = &cfnEval{
		params: section("Parameters"), conditions: section("Conditions"), mappings: section("Mappings"),
		resources: resources, condCache: map[string]bool{}, condBusy: map[string]bool{},
		warn: im.warn, reported: map[string]bool{}, given: params,
	}
	if hasForEach(resources) {
		// AWS::LanguageExtensions' loops, expanded before anything reads
		// the resources (cfn_foreach.go).
		expanded, err := im.ev.expandForEach(resources, "Resources", 0)
		if err != nil {
			return nil, nil, err
		}
		resources = expanded.(*omap)
		im.ev.resources = resources
		if !hasTransform(root, "AWS::LanguageExtensions") {
			im.warn("Resources: Fn::ForEach needs Transform: AWS::LanguageExtensions, which the template does not declare; the import expands it anyway")
		}
	}
	if d, ok := root.get("Description"); ok {
		desc := strings.TrimSpace(scalarString(d))
		if g := exportedDescription.FindStringSubmatch(desc); g != nil {
			im.m.Name = strings.ReplaceAll(strings.ReplaceAll(g[1], `\"`, `"`), `\\`, `\`)
			im.m.Description = g[2]
		} else {
			im.m.Description = desc
		}
	}
	if im.m.Name == "" {
		im.m.Name = "Imported CloudFormation template"
	}
	others := map[string]bool{}
	tables := map[string]int{} // logical id -> place in the model
	for _, id := range resources.keys {
		r, ok := resources.vals[id].(*omap)
		if !ok {
			return nil, nil, fmt.Errorf("Resources.%s: a resource is a mapping", id)
		}
		typ, _ := r.get("Type")
		where := "Resources." + id
		switch t := scalarString(typ); t {
		case "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable", "AWS::Serverless::SimpleTable":
			if c, ok := r.get("Condition"); ok {
				on, err := im.ev.condition(scalarString(c), where)
				if err != nil {
					return nil, nil, err
				}
				im.warn("%s: created only when condition %s holds, which it does%s with the parameters' defaults", where, scalarString(c), map[bool]string{true: "", false: " not"}[on])
				if !on {
					continue
				}
			}
			propsv, _ := r.get("Properties")
			if propsv == nil && t == "AWS::Serverless::SimpleTable" {
				propsv = newOmap() // every property of a SimpleTable has a default
			}
			props, err := im.ev.resolve(propsv, where+".Properties", 0)
			if err != nil {
				return nil, nil, err
			}
			pm, ok := props.(*omap)
			if !ok {
				return nil, nil, fmt.Errorf("%s: the table has no Properties", where)
			}
			var tbl *model.Table
			switch t {
			case "AWS::DynamoDB::Table":
				tbl, err = im.table(id, where+".Properties", pm)
			case "AWS::Serverless::SimpleTable":
				tbl, err = im.simpleTable(id, where+".Properties", pm)
			default:
				raw, _ := propsv.(*omap)
				tbl, err = im.globalTable(id, where+".Properties", pm, raw)
			}
			if err != nil {
				return nil, nil, err
			}
			tables[id] = len(im.m.Tables)
			im.m.Tables = append(im.m.Tables, *tbl)
		default:
			if t != "" && !strings.HasPrefix(t, "AWS::CDK::") && !scalingResourceTypes[t] {
				others[t] = true
			}
		}
	}
	if len(im.m.Tables) == 0 {
		return nil, nil, errors.New("the template has no AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable or AWS::Serverless::SimpleTable resource")
	}
	im.scalingTargets(resources, tables)
	if len(others) > 0 {
		im.warn("resources of other types are not imported: %s", strings.Join(sortedKeys(others), ", "))
	}
	if err := im.m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	return im.m, nonNil(im.warnings), nil
}

func nonNil(w []string) []string {
	if w == nil {
		return []string{}
	}
	return w
}

// props reads a resolved mapping of properties, remembering which were
// read so that the rest can be reported.
type props struct {
	m     *omap
	where string
	used  map[string]bool
	err   error
}

func newProps(m *omap, where string) *props {
	return &props{m: m, where: where, used: map[string]bool{}}
}

func (p *props) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(p.where+": "+format, args...)
	}
}

func (p *props) has(k string) bool {
	_, ok := p.m.get(k)
	return ok
}

func (p *props) raw(k string) (any, bool) {
	p.used[k] = true
	return p.m.get(k)
}

func (p *props) str(k string) string {
	v, ok := p.raw(k)
	if !ok {
		return ""
	}
	switch v.(type) {
	case *omap, []any:
		p.fail("%s is a value, not a mapping or list", k)
		return ""
	}
	return scalarString(v)
}

func (p *props) boolean(k string) *bool {
	v, ok := p.raw(k)
	if !ok {
		return nil
	}
	b, ok := toBool(v)
	if !ok {
		p.fail("%s is true or false, not %s", k, brief(v))
		return nil
	}
	return &b
}

func (p *props) integer(k string) *int64 {
	v, ok := p.raw(k)
	if !ok {
		return nil
	}
	n, ok := toInt(v)
	if !ok {
		p.fail("%s is a whole number, not %s", k, brief(v))
		return nil
	}
	return &n
}

func (p *props) sub(k string) *props {
	v, ok := p.raw(k)
	if !ok {
		return nil
	}
	m, ok := v.(*omap)
	if !ok {
		p.fail("%s is a mapping", k)
		return nil
	}
	c := newProps(m, p.where+"."+k)
	return c
}

func (p *props) list(k string) []*props {
	v, ok := p.raw(k)
	if !ok {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		p.fail("%s is a list", k)
		return nil
	}
	out := make([]*props, 0, len(l))
	for i, it := range l {
		m, ok := it.(*omap)
		if !ok {
			p.fail("%s[%d] is a mapping", k, i)
			return nil
		}
		out = append(out, newProps(m, fmt.Sprintf("%s.%s[%d]", p.where, k, i)))
	}
	return out
}

func (p *props) strings(k string) []string {
	v, ok := p.raw(k)
	if !ok {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		p.fail("%s is a list of strings", k)
		return nil
	}
	out := make([]string, len(l))
	for i, it := range l {
		out[i] = scalarString(it)
	}
	return out
}

// unused returns the properties nobody read, in order.
func (p *props) unused() []string {
	var out []string
	for _, k := range p.m.keys {
		if !p.used[k] {
			out = append(out, k)
		}
	}
	return out
}

// check collects a child's error and reports its unread properties.
func (im *cfnImporter) done(p *props, parent *props) {
	if p == nil {
		return
	}
	if parent != nil && p.err != nil && parent.err == nil {
		parent.err = p.err
	}
	if u := p.unused(); len(u) > 0 {
		im.warn("%s: %s not kept by the workbench", p.where, plural(u))
	}
}

func plural(u []string) string {
	if len(u) == 1 {
		return u[0] + " is"
	}
	return strings.Join(u, ", ") + " are"
}

func (im *cfnImporter) keySchema(p *props, k string) []schema.KeySchemaElement {
	var out []schema.KeySchemaElement
	for _, e := range p.list(k) {
		out = append(out, schema.KeySchemaElement{AttributeName: e.str("AttributeName"), KeyType: schema.KeyType(e.str("KeyType"))})
		im.done(e, p)
	}
	return out
}

func (im *cfnImporter) projection(p *props) schema.Projection {
	pr := p.sub("Projection")
	if pr == nil {
		return schema.Projection{ProjectionType: schema.ProjectKeysOnly}
	}
	out := schema.Projection{ProjectionType: schema.ProjectionType(pr.str("ProjectionType")), NonKeyAttributes: pr.strings("NonKeyAttributes")}
	if out.ProjectionType == "" {
		out.ProjectionType = schema.ProjectKeysOnly
	}
	im.done(pr, p)
	return out
}

func (im *cfnImporter) throughput(p *props, k string) *schema.ProvisionedThroughput {
	s := p.sub(k)
	if s == nil {
		return nil
	}
	out := &schema.ProvisionedThroughput{ReadCapacityUnits: s.integer("ReadCapacityUnits"), WriteCapacityUnits: s.integer("WriteCapacityUnits")}
	im.done(s, p)
	return out
}

func (im *cfnImporter) onDemand(p *props, k string) *schema.OnDemandThroughput {
	s := p.sub(k)
	if s == nil {
		return nil
	}
	out := &schema.OnDemandThroughput{MaxReadRequestUnits: s.integer("MaxReadRequestUnits"), MaxWriteRequestUnits: s.integer("MaxWriteRequestUnits")}
	im.done(s, p)
	return out
}

// common reads the properties AWS::DynamoDB::Table and
// AWS::DynamoDB::GlobalTable share.
func (im *cfnImporter) common(id string, p *props) *model.Table {
	t := &model.Table{}
	d := &t.TableDefinition
	d.TableName = p.str("TableName")
	if d.TableName == "" {
		// CloudFormation names the table after the stack and the logical
		// id; the logical id alone is the readable part.
		d.TableName = id
		im.warn("%s: the template leaves TableName to CloudFormation; the table is named %s after its logical id", p.where, id)
	}
	for _, a := range p.list("AttributeDefinitions") {
		d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: a.str("AttributeName"), AttributeType: schema.ScalarType(a.str("AttributeType"))})
		im.done(a, p)
	}
	d.KeySchema = im.keySchema(p, "KeySchema")
	d.BillingMode = schema.BillingMode(p.str("BillingMode"))
	for _, l := range p.list("LocalSecondaryIndexes") {
		d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, schema.LocalSecondaryIndex{
			IndexName: l.str("IndexName"), KeySchema: im.keySchema(l, "KeySchema"), Projection: im.projection(l)})
		im.done(l, p)
	}
	if s := p.sub("StreamSpecification"); s != nil {
		if v := s.str("StreamViewType"); v != "" {
			d.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: v}
		}
		im.done(s, p)
	}
	if s := p.sub("TimeToLiveSpecification"); s != nil {
		on := s.boolean("Enabled")
		t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: s.str("AttributeName"), Enabled: on != nil && *on}
		im.done(s, p)
	}
	return t
}

func (im *cfnImporter) tags(p *props) []schema.Tag {
	var out []schema.Tag
	for _, tg := range p.list("Tags") {
		out = append(out, schema.Tag{Key: tg.str("Key"), Value: tg.str("Value")})
		im.done(tg, p)
	}
	return out
}

func (im *cfnImporter) pitr(p *props) *schema.PointInTimeRecoverySpecification {
	s := p.sub("PointInTimeRecoverySpecification")
	if s == nil {
		return nil
	}
	on := s.boolean("PointInTimeRecoveryEnabled")
	out := &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: on != nil && *on, RecoveryPeriodInDays: s.integer("RecoveryPeriodInDays")}
	im.done(s, p)
	return out
}

// table reads an AWS::DynamoDB::Table.
func (im *cfnImporter) table(id, where string, m *omap) (*model.Table, error) {
	p := newProps(m, where)
	t := im.common(id, p)
	d := &t.TableDefinition
	d.ProvisionedThroughput = im.throughput(p, "ProvisionedThroughput")
	d.OnDemandThroughput = im.onDemand(p, "OnDemandThroughput")
	for _, g := range p.list("GlobalSecondaryIndexes") {
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{
			IndexName: g.str("IndexName"), KeySchema: im.keySchema(g, "KeySchema"), Projection: im.projection(g),
			ProvisionedThroughput: im.throughput(g, "ProvisionedThroughput"), OnDemandThroughput: im.onDemand(g, "OnDemandThroughput")})
		im.done(g, p)
	}
	d.PointInTimeRecoverySpecification = im.pitr(p)
	d.TableClass = p.str("TableClass")
	d.DeletionProtectionEnabled = p.boolean("DeletionProtectionEnabled")
	d.Tags = im.tags(p)
	im.done(p, nil)
	return t, p.err
}

// globalTable reads an AWS::DynamoDB::GlobalTable (what CDK's TableV2
// synthesizes): the table's settings (tags, PITR, table class, reads'
// capacity) come from the replica of the stack's region (homeReplica),
// writes' capacity from the auto scaling minimum. raw is the properties
// before evaluation, which tell which replica's Region is the stack's.
func (im *cfnImporter) globalTable(id, where string, m, raw *omap) (*model.Table, error) {
	p := newProps(m, where)
	t := im.common(id, p)
	d := &t.TableDefinition
	provisioned := d.EffectiveBillingMode() == schema.BillingProvisioned
	if d.BillingMode == "" {
		// AWS::DynamoDB::GlobalTable's BillingMode defaults to PROVISIONED
		// too; write it out so the model says so.
		d.BillingMode = schema.BillingProvisioned
	}
	im.lastRange = nil
	wcu := im.writeCapacity(p)
	writeRange := im.lastRange
	wod := im.writeOnDemand(p)
	type gsiRead struct {
		rcu *int64
		od  *int64
	}
	reads := map[string]gsiRead{}
	replicas := p.list("Replicas")
	var rcu, rod *int64
	if len(replicas) == 0 {
		p.fail("Replicas: a global table lists at least one replica")
	}
	home := im.homeReplica(p.where, replicas, raw)
	for i, r := range replicas {
		if i != home {
			r.used = map[string]bool{}
			var dropped []string
			for _, k := range r.m.keys {
				r.used[k] = true
				if k != "Region" {
					dropped = append(dropped, k)
				}
			}
			what := "it sets nothing else"
			if len(dropped) > 0 {
				what = "its " + strings.Join(dropped, ", ") + " are dropped"
			}
			im.warn("%s: the replica in %s is not kept (the model is one table, the replica in %s): %s", r.where, r.str("Region"), replicas[home].str("Region"), what)
			continue
		}
		r.used["Region"] = true
		im.lastRange = nil
		rcu = im.readCapacity(r)
		readRange := im.lastRange
		if provisioned && (readRange != nil || writeRange != nil) {
			t.AutoScaling = &model.AutoScaling{Read: readRange, Write: writeRange}
		}
		rod = im.readOnDemand(r)
		d.PointInTimeRecoverySpecification = im.pitr(r)
		d.TableClass = r.str("TableClass")
		d.DeletionProtectionEnabled = r.boolean("DeletionProtectionEnabled")
		d.Tags = im.tags(r)
		for _, g := range r.list("GlobalSecondaryIndexes") {
			im.lastRange = nil
			reads[g.str("IndexName")] = gsiRead{rcu: im.readCapacity(g), od: im.readOnDemand(g)}
			im.indexRange(g, "read")
			im.done(g, r)
		}
		im.done(r, p)
	}
	if provisioned {
		d.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: rcu, WriteCapacityUnits: wcu}
	} else if rod != nil || wod != nil {
		d.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: rod, MaxWriteRequestUnits: wod}
	}
	for _, g := range p.list("GlobalSecondaryIndexes") {
		gsi := schema.GlobalSecondaryIndex{IndexName: g.str("IndexName"), KeySchema: im.keySchema(g, "KeySchema"), Projection: im.projection(g)}
		im.lastRange = nil
		w, wo := im.writeCapacity(g), im.writeOnDemand(g)
		im.indexRange(g, "write")
		rd := reads[gsi.IndexName]
		if provisioned {
			if rd.rcu == nil {
				rd.rcu = rcu // a replica's GSI without settings reads at the table's capacity
			}
			if w == nil {
				w = wcu
			}
			gsi.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: rd.rcu, WriteCapacityUnits: w}
		} else if rd.od != nil || wo != nil {
			gsi.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: rd.od, MaxWriteRequestUnits: wo}
		}
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsi)
		im.done(g, p)
	}
	im.done(p, nil)
	return t, p.err
}

// homeReplica returns the replica the model keeps: the one in the region
// given as AWS::Region (-param), else the one whose Region is Ref
// AWS::Region (an environment-agnostic CDK stack's), else the first, with
// a warning.
func (im *cfnImporter) homeReplica(where string, replicas []*props, raw *omap) int {
	if len(replicas) < 2 {
		return 0
	}
	if region, ok := im.ev.given["AWS::Region"]; ok {
		for i, r := range replicas {
			if v, _ := r.m.get("Region"); scalarString(v) == region {
				return i
			}
		}
		im.warn("%s: no replica is in %s, the region given; the model keeps the first replica's settings", where, region)
		return 0
	}
	rv, _ := raw.get("Replicas")
	if l, ok := rv.([]any); ok {
		for i, r := range l {
			rm, _ := r.(*omap)
			reg, _ := rm.get("Region")
			if fn, arg, ok := intrinsic(asOmap(reg)); ok && fn == "Ref" && scalarString(arg) == "AWS::Region" && i < len(replicas) {
				return i
			}
		}
	}
	first, _ := replicas[0].m.get("Region")
	im.warn("%s: the template does not say which replica is in the stack's region; the model keeps the first, %s (give -param AWS::Region=REGION, ?param=AWS::Region=REGION, to choose)", where, scalarString(first))
	return 0
}

func asOmap(v any) *omap {
	m, _ := v.(*omap)
	return m
}

// writeCapacity reads WriteProvisionedThroughputSettings: a global table's
// writes always auto scale; the model keeps the minimum as the capacity.
func (im *cfnImporter) writeCapacity(p *props) *int64 {
	s := p.sub("WriteProvisionedThroughputSettings")
	if s == nil {
		return nil
	}
	var out *int64
	if a := s.sub("WriteCapacityAutoScalingSettings"); a != nil {
		out = im.autoScaling(a, "write")
		im.done(a, s)
	}
	im.done(s, p)
	return out
}

func (im *cfnImporter) readCapacity(p *props) *int64 {
	s := p.sub("ReadProvisionedThroughputSettings")
	if s == nil {
		return nil
	}
	out := s.integer("ReadCapacityUnits")
	if a := s.sub("ReadCapacityAutoScalingSettings"); a != nil {
		out = im.autoScaling(a, "read")
		im.done(a, s)
	}
	im.done(s, p)
	return out
}

// autoScaling reads an auto scaling setting: the minimum is the capacity
// the engine runs at, and the range is kept in the model's AutoScaling.
func (im *cfnImporter) autoScaling(a *props, what string) *int64 {
	lo, hi := a.integer("MinCapacity"), a.integer("MaxCapacity")
	var target float64
	if tt := a.sub("TargetTrackingScalingPolicyConfiguration"); tt != nil {
		if v, ok := tt.raw("TargetValue"); ok {
			if n, ok := toInt(v); ok {
				target = float64(n)
			} else if f, ok := v.(float64); ok {
				target = f
			}
		}
		for _, k := range tt.m.keys {
			tt.used[k] = true
		}
		im.done(tt, a)
	}
	a.used["SeedCapacity"] = true
	if lo != nil && hi != nil && *hi != *lo {
		im.lastRange = &model.ScalingRange{MinCapacity: *lo, MaxCapacity: *hi, TargetValue: target}
	}
	return lo
}

// indexRange reports an index's auto scaling, which the model does not
// keep (its AutoScaling is the table's).
func (im *cfnImporter) indexRange(g *props, what string) {
	if r := im.lastRange; r != nil {
		name, _ := g.m.get("IndexName")
		im.warn("%s: index %s's %s capacity auto scales from %d to %d; the model keeps the minimum, %d", g.where, scalarString(name), what, r.MinCapacity, r.MaxCapacity, r.MinCapacity)
	}
	im.lastRange = nil
}

func (im *cfnImporter) writeOnDemand(p *props) *int64 {
	s := p.sub("WriteOnDemandThroughputSettings")
	if s == nil {
		return nil
	}
	out := s.integer("MaxWriteRequestUnits")
	im.done(s, p)
	return out
}

func (im *cfnImporter) readOnDemand(p *props) *int64 {
	s := p.sub("ReadOnDemandThroughputSettings")
	if s == nil {
		return nil
	}
	out := s.integer("MaxReadRequestUnits")
	im.done(s, p)
	return out
}
