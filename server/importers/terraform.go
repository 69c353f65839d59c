package importers

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Terraform: every aws_dynamodb_table resource of a configuration's .tf
// files becomes a model table, argument names following the AWS
// provider's aws_dynamodb_table documentation. Expressions are evaluated
// with HCL: variables take their defaults, locals are computed, a few of
// Terraform's functions are available; an argument that depends on
// anything else (another resource, a data source, a variable without a
// default) is reported and left to its default.

// ImportTerraform reads the .tf files of a configuration (file name to
// content) and returns their DynamoDB tables as a model.
func ImportTerraform(files map[string][]byte) (*model.Model, []string, error) {
	ti := &tfImporter{vars: map[string]cty.Value{}, locals: map[string]cty.Value{}}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var bodies []*hclsyntax.Body
	for _, n := range names {
		// Size and depth before the parser, which recurses once a level.
		if len(files[n]) > MaxTemplateBytes {
			return nil, nil, fmt.Errorf("%s: %w", n, tooLarge("Terraform file"))
		}
		if hclNesting(files[n], n) > MaxNesting {
			return nil, nil, fmt.Errorf("%s: %w", n, tooDeep("Terraform file"))
		}
		f, diags := hclsyntax.ParseConfig(files[n], n, hcl.InitialPos)
		if diags.HasErrors() {
			return nil, nil, fmt.Errorf("not a Terraform file: %s", diags.Error())
		}
		body := f.Body.(*hclsyntax.Body)
		if err := boundedLoops(body); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", n, err)
		}
		bodies = append(bodies, body)
	}
	var localAttrs []*hclsyntax.Attribute
	var tables, scaling []*hclsyntax.Block
	for _, b := range bodies {
		for _, blk := range b.Blocks {
			switch {
			case blk.Type == "variable" && len(blk.Labels) == 1:
				ti.variable(blk)
			case blk.Type == "locals":
				for _, a := range sortedAttrs(blk.Body) {
					localAttrs = append(localAttrs, a)
				}
			case blk.Type == "resource" && len(blk.Labels) == 2 && blk.Labels[0] == "aws_dynamodb_table":
				tables = append(tables, blk)
			case blk.Type == "module" && ti.isTableModule(blk):
				tables = append(tables, blk)
			case blk.Type == "resource" && len(blk.Labels) == 2 && scalingResources[blk.Labels[0]]:
				scaling = append(scaling, blk)
			}
		}
	}
	if len(localAttrs) > maxLocals {
		return nil, nil, &LimitError{fmt.Sprintf("the configuration has %d locals; the import reads at most %d", len(localAttrs), maxLocals)}
	}
	ti.computeLocals(localAttrs)
	if ti.budget.err != nil {
		return nil, nil, ti.budget.err
	}
	if len(tables) == 0 {
		return nil, nil, errors.New(`the configuration has no resource "aws_dynamodb_table" (nor a terraform-aws-modules/dynamodb-table module)`)
	}
	ti.m = &model.Model{Version: model.Version, Name: "Imported Terraform configuration"}
	labels := map[string]string{} // aws_dynamodb_table label -> table name
	for _, blk := range tables {
		var t *model.Table
		var err error
		if blk.Type == "module" {
			t, err = ti.module(blk)
		} else {
			t, err = ti.resource(blk)
		}
		if err != nil {
			return nil, nil, err
		}
		if t != nil {
			if blk.Type == "resource" {
				labels[blk.Labels[1]] = t.TableName
			}
			ti.m.Tables = append(ti.m.Tables, *t)
		}
	}
	ti.scaling(scaling, labels)
	if ti.budget.err != nil {
		return nil, nil, ti.budget.err
	}
	if len(ti.m.Tables) == 0 {
		return nil, nil, errors.New("every aws_dynamodb_table of the configuration has count = 0")
	}
	if err := ti.m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	return ti.m, nonNil(ti.warnings), nil
}

type tfImporter struct {
	m        *model.Model
	vars     map[string]cty.Value
	locals   map[string]cty.Value
	warnings []string
	// resources are the attributes of resources other resources refer to
	// (aws_dynamodb_table.X.name in an auto scaling target's resource_id),
	// as far as the import knows them.
	resources map[string]cty.Value
	budget    hclBudget
	ctxCache  *hcl.EvalContext
	ctxStamp  [4]int
	// resourceGen counts replacements of a resources entry or a local.
	resourceGen int
}

func (ti *tfImporter) warn(format string, args ...any) {
	ti.warnings = append(ti.warnings, fmt.Sprintf(format, args...))
}

// functions are the Terraform functions a table's arguments commonly use.
var functions = map[string]function.Function{
	// Not format: a width in its verb ("%099999999d") would allocate
	// without bound.
	"lower": stdlib.LowerFunc, "upper": stdlib.UpperFunc, "join": stdlib.JoinFunc,
	"concat": stdlib.ConcatFunc, "merge": stdlib.MergeFunc, "lookup": stdlib.LookupFunc, "coalesce": stdlib.CoalesceFunc,
	"replace": stdlib.ReplaceFunc, "split": stdlib.SplitFunc, "trimspace": stdlib.TrimSpaceFunc, "title": stdlib.TitleFunc,
	"tostring": stdlib.MakeToFunc(cty.String), "tonumber": stdlib.MakeToFunc(cty.Number), "tobool": stdlib.MakeToFunc(cty.Bool),
	"tolist": stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)), "toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
	"tomap": stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)), "min": stdlib.MinFunc, "max": stdlib.MaxFunc,
	"length": stdlib.LengthFunc, "element": stdlib.ElementFunc, "flatten": stdlib.FlattenFunc, "distinct": stdlib.DistinctFunc,
	"contains": stdlib.ContainsFunc, "keys": stdlib.KeysFunc, "values": stdlib.ValuesFunc, "substr": stdlib.SubstrFunc,
}

// ctx is the evaluation context, rebuilt only when a local, variable or
// resource changed since (with many locals, rebuilding it per evaluation
// was quadratic).
func (ti *tfImporter) ctx() *hcl.EvalContext {
	if ti.ctxCache != nil && ti.ctxStamp == ti.stamp() {
		return ti.ctxCache
	}
	ti.ctxCache, ti.ctxStamp = ti.buildCtx(), ti.stamp()
	return ti.ctxCache
}

// stamp changes whenever ctx's content may have: each of those maps is
// only ever added to, or replaced whole (resources).
func (ti *tfImporter) stamp() [4]int {
	r := 0
	if ti.resources != nil {
		r = 1 + len(ti.resources)
	}
	return [4]int{len(ti.locals), len(ti.vars), r, ti.resourceGen}
}

func (ti *tfImporter) buildCtx() *hcl.EvalContext {
	vars := map[string]cty.Value{"var": cty.ObjectVal(ti.vars), "local": cty.ObjectVal(ti.locals)}
	for k, v := range ti.resources {
		vars[k] = v
	}
	return &hcl.EvalContext{Variables: vars, Functions: functions}
}

// variable records a variable's default, or an unknown value.
func (ti *tfImporter) variable(blk *hclsyntax.Block) {
	name := blk.Labels[0]
	a, ok := blk.Body.Attributes["default"]
	if !ok {
		ti.vars[name] = cty.DynamicVal
		return
	}
	v, diags := ti.eval(a.Expr, nil, "variable "+name)
	if diags.HasErrors() {
		ti.vars[name] = cty.DynamicVal
		return
	}
	ti.vars[name] = v
}

// computeLocals evaluates locals in as many passes as they need (a local
// may use another); those that never resolve stay unknown.
func (ti *tfImporter) computeLocals(attrs []*hclsyntax.Attribute) {
	pending := attrs
	for len(pending) > 0 {
		var next []*hclsyntax.Attribute
		for _, a := range pending {
			v, diags := ti.eval(a.Expr, ti.ctx(), "local."+a.Name)
			if diags.HasErrors() || !v.IsWhollyKnown() {
				next = append(next, a)
				continue
			}
			ti.locals[a.Name] = v
			ti.resourceGen++ // a name defined twice replaces its value
			ti.noteVars("local."+a.Name, a.Expr)
		}
		if len(next) == len(pending) {
			for _, a := range next {
				ti.locals[a.Name] = cty.DynamicVal
			}
			return
		}
		pending = next
	}
}

func sortedAttrs(b *hclsyntax.Body) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(b.Attributes))
	for _, a := range b.Attributes {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SrcRange.Start.Byte < out[j].SrcRange.Start.Byte })
	return out
}

// references names the variables and locals an expression uses that have
// no known value, for a warning.
func (ti *tfImporter) references(e hclsyntax.Expression) string {
	var out []string
	seen := map[string]bool{}
	for _, tr := range e.Variables() {
		s := tr.RootName()
		if len(tr) > 1 {
			if a, ok := tr[1].(hcl.TraverseAttr); ok {
				s += "." + a.Name
			}
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

// tfBody reads one block's arguments, reporting what it does not read.
type tfBody struct {
	ti    *tfImporter
	b     *hclsyntax.Body
	where string
	used  map[string]bool
	err   error
}

func (ti *tfImporter) body(b *hclsyntax.Body, where string) *tfBody {
	return &tfBody{ti: ti, b: b, where: where, used: map[string]bool{}}
}

// value evaluates an argument: ok is false when it is absent or depends
// on something unknown (reported).
func (tb *tfBody) value(name string) (cty.Value, bool) {
	tb.used[name] = true
	a, ok := tb.b.Attributes[name]
	if !ok {
		return cty.NilVal, false
	}
	v, diags := tb.ti.eval(a.Expr, tb.ti.ctx(), tb.where+": "+name)
	if diags.HasErrors() || !v.IsWhollyKnown() {
		refs := tb.ti.references(a.Expr)
		if refs == "" {
			refs = "something the import cannot evaluate"
		}
		tb.ti.warn("%s: %s depends on %s; it is left out", tb.where, name, refs)
		return cty.NilVal, false
	}
	if v.IsNull() {
		return cty.NilVal, false
	}
	tb.ti.noteVars(tb.where+": "+name, a.Expr)
	return v, true
}

// noteVars reports, once per variable, that a value took its default.
func (ti *tfImporter) noteVars(where string, e hclsyntax.Expression) {
	for _, tr := range e.Variables() {
		if tr.RootName() != "var" || len(tr) < 2 {
			continue
		}
		a, ok := tr[1].(hcl.TraverseAttr)
		if !ok {
			continue
		}
		key := "var " + a.Name
		for _, w := range ti.warnings {
			if strings.HasPrefix(w, key+" ") {
				goto next
			}
		}
		ti.warnings = append(ti.warnings, fmt.Sprintf("%s takes its default %s (first used in %s)", key, ctyBrief(ti.vars[a.Name]), where))
	next:
	}
}

func ctyBrief(v cty.Value) string {
	if !v.IsKnown() || v.IsNull() {
		return "null"
	}
	switch v.Type() {
	case cty.String:
		return fmt.Sprintf("%q", v.AsString())
	case cty.Number:
		return v.AsBigFloat().Text('f', -1)
	case cty.Bool:
		return fmt.Sprint(v.True())
	}
	return v.Type().FriendlyName()
}

func (tb *tfBody) str(name string) string {
	v, ok := tb.value(name)
	if !ok {
		return ""
	}
	s, err := ctyString(v)
	if err != nil {
		tb.fail("%s: %v", name, err)
	}
	return s
}

func ctyString(v cty.Value) (string, error) {
	switch v.Type() {
	case cty.String:
		return v.AsString(), nil
	case cty.Number:
		return v.AsBigFloat().Text('f', -1), nil
	case cty.Bool:
		return fmt.Sprint(v.True()), nil
	}
	return "", fmt.Errorf("a string, not %s", v.Type().FriendlyName())
}

func (tb *tfBody) integer(name string) *int64 {
	v, ok := tb.value(name)
	if !ok {
		return nil
	}
	return tb.toInt(name, v)
}

func (tb *tfBody) toInt(name string, v cty.Value) *int64 {
	if v.Type() == cty.String {
		n, err := cty.ParseNumberVal(v.AsString())
		if err != nil {
			tb.fail("%s is a whole number, not %q", name, v.AsString())
			return nil
		}
		v = n
	}
	if v.Type() != cty.Number {
		tb.fail("%s is a whole number, not %s", name, v.Type().FriendlyName())
		return nil
	}
	i, acc := v.AsBigFloat().Int64()
	if acc != big.Exact {
		tb.fail("%s is a whole number, not %s", name, v.AsBigFloat().Text('f', -1))
		return nil
	}
	return &i
}

func (tb *tfBody) boolean(name string) *bool {
	v, ok := tb.value(name)
	if !ok {
		return nil
	}
	if v.Type() == cty.String {
		if b, ok := toBool(v.AsString()); ok {
			return &b
		}
	}
	if v.Type() != cty.Bool {
		tb.fail("%s is true or false", name)
		return nil
	}
	b := v.True()
	return &b
}

func (tb *tfBody) strings(name string) []string {
	v, ok := tb.value(name)
	if !ok {
		return nil
	}
	if !v.CanIterateElements() {
		tb.fail("%s is a list of strings", name)
		return nil
	}
	var out []string
	for it := v.ElementIterator(); it.Next(); {
		_, e := it.Element()
		s, err := ctyString(e)
		if err != nil {
			tb.fail("%s: %v", name, err)
			return nil
		}
		out = append(out, s)
	}
	return out
}

func (tb *tfBody) tags(name string) []schema.Tag {
	v, ok := tb.value(name)
	if !ok {
		return nil
	}
	if !v.CanIterateElements() || v.Type().IsListType() || v.Type().IsTupleType() {
		tb.fail("%s is a map of strings", name)
		return nil
	}
	var out []schema.Tag
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		s, err := ctyString(e)
		if err != nil {
			tb.fail("%s: %v", name, err)
			return nil
		}
		out = append(out, schema.Tag{Key: k.AsString(), Value: s})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func (tb *tfBody) blocks(typ string) []*tfBody {
	var out []*tfBody
	n := 0
	for _, blk := range tb.b.Blocks {
		switch {
		case blk.Type == typ:
			out = append(out, tb.ti.body(blk.Body, fmt.Sprintf("%s.%s[%d]", tb.where, typ, n)))
			n++
		case blk.Type == "dynamic" && len(blk.Labels) == 1 && blk.Labels[0] == typ:
			tb.ti.warn("%s: a dynamic %q block is generated at plan time; it is left out", tb.where, typ)
		}
	}
	tb.used[typ] = true
	return out
}

func (tb *tfBody) fail(format string, args ...any) {
	if tb.err == nil {
		tb.err = fmt.Errorf(tb.where+": "+format, args...)
	}
}

// finish reports the arguments and blocks nobody read and passes the
// error up.
func (tb *tfBody) finish(parent *tfBody, ignore ...string) {
	var unused []string
	for _, a := range sortedAttrs(tb.b) {
		if !tb.used[a.Name] && !contains(ignore, a.Name) {
			unused = append(unused, a.Name)
		}
	}
	seen := map[string]bool{}
	for _, blk := range tb.b.Blocks {
		n := blk.Type
		if n == "dynamic" && len(blk.Labels) == 1 {
			n = blk.Labels[0]
		}
		if !tb.used[n] && !seen[n] && !contains(ignore, n) {
			seen[n] = true
			unused = append(unused, n)
		}
	}
	if len(unused) > 0 {
		tb.ti.warn("%s: %s not kept by the workbench", tb.where, plural(unused))
	}
	if parent != nil && tb.err != nil && parent.err == nil {
		parent.err = tb.err
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func keySchema(hash, rng string) []schema.KeySchemaElement {
	ks := []schema.KeySchemaElement{{AttributeName: hash, KeyType: schema.KeyTypeHash}}
	if rng != "" {
		ks = append(ks, schema.KeySchemaElement{AttributeName: rng, KeyType: schema.KeyTypeRange})
	}
	return ks
}

func projection(typ string, nonKey []string) schema.Projection {
	if typ == "" {
		// The provider requires projection_type; ALL is what most
		// configurations write.
		typ = string(schema.ProjectAll)
	}
	return schema.Projection{ProjectionType: schema.ProjectionType(typ), NonKeyAttributes: nonKey}
}

// count reports whether a resource is created: count = 0 leaves it out.
func (tb *tfBody) created() bool {
	v, ok := tb.value("count")
	if !ok {
		return true
	}
	n := tb.toInt("count", v)
	if n != nil && *n == 0 {
		tb.ti.warn("%s: count is 0, so the table is not created; it is left out", tb.where)
		return false
	}
	if n != nil && *n > 1 {
		tb.ti.warn("%s: count is %d; the model holds one table", tb.where, *n)
	}
	return true
}

// resource reads an aws_dynamodb_table.
func (ti *tfImporter) resource(blk *hclsyntax.Block) (*model.Table, error) {
	label := blk.Labels[1]
	tb := ti.body(blk.Body, "aws_dynamodb_table."+label)
	if !tb.created() {
		tb.finish(nil, "lifecycle", "depends_on", "provider", "tags_all", "name", "hash_key", "range_key", "attribute", "billing_mode")
		return nil, tb.err
	}
	t := &model.Table{}
	d := &t.TableDefinition
	d.TableName = tb.str("name")
	if d.TableName == "" {
		d.TableName = label
		ti.warn("%s: the table's name is not known; it is named %s after the resource", tb.where, label)
	}
	d.BillingMode = schema.BillingMode(tb.str("billing_mode"))
	if d.BillingMode == "" {
		d.BillingMode = schema.BillingProvisioned // the provider's default
	}
	d.KeySchema = keySchema(tb.str("hash_key"), tb.str("range_key"))
	rcu, wcu := tb.integer("read_capacity"), tb.integer("write_capacity")
	if d.BillingMode == schema.BillingProvisioned {
		d.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: rcu, WriteCapacityUnits: wcu}
	}
	for _, a := range tb.blocks("attribute") {
		d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: a.str("name"), AttributeType: schema.ScalarType(a.str("type"))})
		a.finish(tb)
	}
	for _, g := range tb.blocks("global_secondary_index") {
		gsi := schema.GlobalSecondaryIndex{IndexName: g.str("name"), KeySchema: keySchema(g.str("hash_key"), g.str("range_key")),
			Projection: projection(g.str("projection_type"), g.strings("non_key_attributes"))}
		grcu, gwcu := g.integer("read_capacity"), g.integer("write_capacity")
		if d.BillingMode == schema.BillingProvisioned {
			gsi.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: grcu, WriteCapacityUnits: gwcu}
		}
		for _, od := range g.blocks("on_demand_throughput") {
			gsi.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: od.integer("max_read_request_units"), MaxWriteRequestUnits: od.integer("max_write_request_units")}
			od.finish(g)
		}
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsi)
		g.finish(tb)
	}
	for _, l := range tb.blocks("local_secondary_index") {
		d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, schema.LocalSecondaryIndex{IndexName: l.str("name"),
			KeySchema:  keySchema(d.KeySchema[0].AttributeName, l.str("range_key")),
			Projection: projection(l.str("projection_type"), l.strings("non_key_attributes"))})
		l.finish(tb)
	}
	for _, od := range tb.blocks("on_demand_throughput") {
		d.OnDemandThroughput = &schema.OnDemandThroughput{MaxReadRequestUnits: od.integer("max_read_request_units"), MaxWriteRequestUnits: od.integer("max_write_request_units")}
		od.finish(tb)
	}
	if on := tb.boolean("stream_enabled"); on != nil && *on {
		d.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: tb.str("stream_view_type")}
	} else {
		tb.used["stream_view_type"] = true
	}
	for _, ttl := range tb.blocks("ttl") {
		on := ttl.boolean("enabled")
		name := ttl.str("attribute_name")
		if on == nil || *on || name != "" {
			// The provider's enabled defaults to true... in recent versions
			// it is required; a block with a name and no enabled is on.
			t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: name, Enabled: on == nil || *on}
		}
		ttl.finish(tb)
	}
	if t.TimeToLiveSpecification != nil && !t.TimeToLiveSpecification.Enabled && t.TimeToLiveSpecification.AttributeName == "" {
		t.TimeToLiveSpecification = nil
	}
	for _, p := range tb.blocks("point_in_time_recovery") {
		on := p.boolean("enabled")
		d.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: on != nil && *on, RecoveryPeriodInDays: p.integer("recovery_period_in_days")}
		p.finish(tb)
	}
	d.TableClass = tb.str("table_class")
	d.DeletionProtectionEnabled = tb.boolean("deletion_protection_enabled")
	d.Tags = tb.tags("tags")
	tb.finish(nil, "lifecycle", "depends_on", "provider", "tags_all", "timeouts")
	if tb.err != nil {
		return nil, tb.err
	}
	ti.keyDefinitions(t, tb.where)
	return t, nil
}

// keyDefinitions keeps the attribute definitions the keys use: the
// provider, like CreateTable, refuses others, but a configuration being
// written may hold some; they are reported.
func (ti *tfImporter) keyDefinitions(t *model.Table, where string) {
	used := map[string]bool{}
	use := func(ks []schema.KeySchemaElement) {
		for _, e := range ks {
			used[e.AttributeName] = true
		}
	}
	use(t.KeySchema)
	for _, g := range t.GlobalSecondaryIndexes {
		use(g.KeySchema)
	}
	for _, l := range t.LocalSecondaryIndexes {
		use(l.KeySchema)
	}
	var keep []schema.AttributeDefinition
	for _, a := range t.AttributeDefinitions {
		if used[a.AttributeName] {
			keep = append(keep, a)
		} else {
			ti.warn("%s: attribute %s is no key's; DynamoDB refuses such a definition, so it is left out", where, a.AttributeName)
		}
	}
	t.AttributeDefinitions = keep
}

// boundedLoops refuses a for expression (or %{for} directive) inside
// another: nested loops multiply, and a small file could make the server
// evaluate billions of elements. A table's arguments need none.
func boundedLoops(body *hclsyntax.Body) error {
	var err error
	hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
		outer, ok := n.(*hclsyntax.ForExpr)
		if !ok || err != nil {
			return nil
		}
		for _, sub := range []hclsyntax.Expression{outer.CollExpr, outer.KeyExpr, outer.ValExpr, outer.CondExpr} {
			if sub == nil {
				continue
			}
			hclsyntax.VisitAll(sub, func(n hclsyntax.Node) hcl.Diagnostics {
				if _, inner := n.(*hclsyntax.ForExpr); inner && err == nil {
					err = fmt.Errorf("line %d: a for expression inside another is not evaluated by the import", n.Range().Start.Line)
				}
				return nil
			})
		}
		return nil
	})
	return err
}
