package model

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// FieldError is one problem in a model, at a path into the document such as
// "tables[0].GlobalSecondaryIndexes[1]" or "entities[2].keys.SK".
type FieldError struct {
	Path    string
	Message string
	// Where is the path in words ("table Orders, index ByCustomer,
	// partition key PK"; see Model.Where).
	Where string
	// Hint is a plain sentence saying what is wrong and what to do, when
	// Message is DynamoDB's terse wording.
	Hint string
}

// Readable returns the problem for people: where, the message, the hint.
func (e *FieldError) Readable() string {
	s := e.Message
	if e.Where != "" {
		s = e.Where + ": " + s
	}
	if e.Hint != "" {
		s += " (" + e.Hint + ")"
	}
	return s
}

func (e *FieldError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// Errors is every problem Validate found, in document order.
type Errors []*FieldError

func (es Errors) Error() string {
	const max = 20
	var b strings.Builder
	for i, e := range es {
		if i == max {
			fmt.Fprintf(&b, "\n(and %d more)", len(es)-max)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Validation bounds of the document's own fields.
const (
	// MaxFanOut bounds the requests of one fan-out.
	MaxFanOut = 1000
	// MaxClockSpeed bounds Settings.ClockSpeed (a day in under 0.1 s).
	MaxClockSpeed = 1_000_000
)

type validator struct {
	m    *Model
	errs Errors
}

func (v *validator) add(path, format string, args ...any) {
	v.errs = append(v.errs, &FieldError{Path: path, Message: fmt.Sprintf(format, args...), Where: v.m.Where(path)})
}

// addHint is add with a plain sentence beside DynamoDB's message.
func (v *validator) addHint(path, hint, format string, args ...any) {
	v.add(path, format, args...)
	v.errs[len(v.errs)-1].Hint = hint
}

// Validate checks the whole model and returns nil or its Errors. Tables are
// checked as CreateTable checks them (schema.TableDefinition.Validate, with
// DynamoDB's wording), the error placed on the index it concerns when there
// is one; then everything that refers to a table, an entity, an access
// pattern or a parameter is checked to exist and to fit.
func (m *Model) Validate() error {
	v := &validator{m: m}
	if m.Version != Version {
		v.add("version", "%d is not the current version %d (Parse migrates older documents)", m.Version, Version)
	}
	if strings.TrimSpace(m.Name) == "" {
		v.add("name", "a model needs a name")
	}
	v.tables()
	v.entities()
	v.accessPatterns()
	v.dataset()
	v.workload()
	v.settings()
	if len(v.errs) == 0 {
		return nil
	}
	return v.errs
}

// ---- tables ----

func (v *validator) tables() {
	if len(v.m.Tables) == 0 {
		v.add("tables", "a model needs at least one table")
	}
	seen := map[string]int{}
	for i := range v.m.Tables {
		t := &v.m.Tables[i]
		path := fmt.Sprintf("tables[%d]", i)
		if j, ok := seen[t.TableName]; ok && t.TableName != "" {
			v.add(path+".TableName", "duplicate table name %q (also tables[%d])", t.TableName, j)
		}
		seen[t.TableName] = i
		if path, err := locateTableError(path, &t.TableDefinition); err != nil {
			v.addHint(path, tableHint(err.Error()), "%s", err.Error())
		}
		if as := t.AutoScaling; as != nil {
			if t.EffectiveBillingMode() != schema.BillingProvisioned {
				v.add(path+".AutoScaling", "auto scaling applies to provisioned capacity; the table is %s", t.EffectiveBillingMode())
			}
			for _, r := range []struct {
				name string
				sr   *ScalingRange
			}{{"Read", as.Read}, {"Write", as.Write}} {
				if r.sr == nil {
					continue
				}
				p := path + ".AutoScaling." + r.name
				switch {
				case r.sr.MinCapacity < 1:
					v.add(p+".MinCapacity", "%d is below 1", r.sr.MinCapacity)
				case r.sr.MaxCapacity < r.sr.MinCapacity:
					v.add(p+".MaxCapacity", "%d is below MinCapacity %d", r.sr.MaxCapacity, r.sr.MinCapacity)
				}
				// Application Auto Scaling's target tracking for DynamoDB
				// takes a utilization of 20 to 90 percent.
				if tv := r.sr.TargetValue; tv != 0 && (tv < 20 || tv > 90 || math.IsNaN(tv)) {
					v.add(p+".TargetValue", "%v is not a utilization of 20 to 90 percent", tv)
				}
			}
		}
		if ttl := t.TimeToLiveSpecification; ttl != nil {
			p := path + ".TimeToLiveSpecification.AttributeName"
			switch n := len(ttl.AttributeName); {
			case n == 0:
				v.add(p, "the TTL attribute needs a name")
			case n > schema.MaxTTLAttributeNameLength:
				v.add(p, "longer than %d bytes", schema.MaxTTLAttributeNameLength)
			default:
				if typ := t.AttributeType(ttl.AttributeName); typ != "" && typ != schema.TypeN {
					v.add(p, "%q is a key attribute of type %s; a TTL attribute holds a Number", ttl.AttributeName, typ)
				}
			}
		}
	}
}

// locateTableError validates def and, when it fails, finds the part the
// error is about: the table alone, one of its indexes, or the whole. It
// returns the path to report the error at.
func locateTableError(path string, def *schema.TableDefinition) (string, error) {
	err := def.Validate()
	if err == nil {
		return "", nil
	}
	base := def.Clone()
	base.GlobalSecondaryIndexes, base.LocalSecondaryIndexes = nil, nil
	base.AttributeDefinitions = definitionsFor(def, def.KeySchema)
	if e := base.Validate(); e != nil {
		return path, e
	}
	for i, g := range def.GlobalSecondaryIndexes {
		one := base.Clone()
		one.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{g.Clone()}
		one.AttributeDefinitions = definitionsFor(def, def.KeySchema, g.KeySchema)
		if e := one.Validate(); e != nil {
			return fmt.Sprintf("%s.GlobalSecondaryIndexes[%d]", path, i), e
		}
	}
	for i, l := range def.LocalSecondaryIndexes {
		one := base.Clone()
		one.LocalSecondaryIndexes = []schema.LocalSecondaryIndex{l.Clone()}
		one.AttributeDefinitions = definitionsFor(def, def.KeySchema, l.KeySchema)
		if e := one.Validate(); e != nil {
			return fmt.Sprintf("%s.LocalSecondaryIndexes[%d]", path, i), e
		}
	}
	return path, err
}

// definitionsFor returns def's attribute definitions of the attributes the
// key schemas name, in def's order.
func definitionsFor(def *schema.TableDefinition, schemas ...[]schema.KeySchemaElement) []schema.AttributeDefinition {
	out := []schema.AttributeDefinition{}
	for _, d := range def.AttributeDefinitions {
	search:
		for _, ks := range schemas {
			for _, e := range ks {
				if e.AttributeName == d.AttributeName {
					out = append(out, d)
					break search
				}
			}
		}
	}
	return out
}

// ---- entities ----

var attributeTypes = []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"}

func validType(t string) bool {
	for _, a := range attributeTypes {
		if a == t {
			return true
		}
	}
	return false
}

func (v *validator) entities() {
	seen := map[string]int{}
	start := v.m.Settings.Start()
	for i := range v.m.Entities {
		e := &v.m.Entities[i]
		path := fmt.Sprintf("entities[%d]", i)
		if e.Name == "" {
			v.add(path+".name", "an entity needs a name")
		} else if j, ok := seen[e.Name]; ok {
			v.add(path+".name", "duplicate entity name %q (also entities[%d])", e.Name, j)
		}
		seen[e.Name] = i
		t := v.m.Table(e.Table)
		if t == nil {
			v.add(path+".table", "no table %q in the model", e.Table)
		} else {
			_, errs := compileKeys(e, t)
			for _, ke := range errs {
				if ke.attr == "" {
					v.add(path+".keys", "%s", ke.msg)
				} else {
					v.add(path+".keys."+ke.attr, "%s", ke.msg)
				}
			}
		}
		for _, k := range sortedKeys(e.KeyAliases) {
			if _, ok := e.Keys[k]; !ok {
				v.add(path+".keyAliases."+k, "%q has no key template in keys: an alias names one of the entity's key attributes", k)
			} else if strings.TrimSpace(e.KeyAliases[k]) == "" {
				v.add(path+".keyAliases."+k, "an alias needs a name")
			}
		}
		names := map[string]bool{}
		for j, a := range e.Attributes {
			p := fmt.Sprintf("%s.attributes[%d]", path, j)
			switch {
			case a.Name == "":
				v.add(p+".name", "an attribute needs a name")
			case names[a.Name]:
				v.add(p+".name", "duplicate attribute %q", a.Name)
			}
			names[a.Name] = true
			if !validType(a.Type) {
				v.add(p+".type", "%q is not a DynamoDB type (%s)", a.Type, strings.Join(attributeTypes, ", "))
				continue
			}
			if t != nil {
				if kt := t.AttributeType(a.Name); kt != "" && string(kt) != a.Type {
					v.add(p+".type", "%q is a key attribute of type %s in table %s", a.Name, kt, t.TableName)
				}
			}
			if a.Frequency < 0 || a.Frequency > 1 || math.IsNaN(a.Frequency) {
				v.add(p+".frequency", "%v is not a share between 0 and 1", a.Frequency)
			} else if a.Required && a.Frequency != 0 && a.Frequency < 1 {
				v.add(p+".frequency", "a required attribute is on every item")
			}
		}
	}
	// Generators compile together: a ref names another entity's attribute.
	s := start
	if s.IsZero() {
		s = DefaultStart
	}
	for _, ae := range gen.Check(v.m.GenEntities(), gen.Env{Start: s}) {
		p := fmt.Sprintf("entities[%d]", ae.Entity)
		if ae.Attribute >= 0 && ae.Attribute < len(v.m.Entities[ae.Entity].Attributes) {
			p += fmt.Sprintf(".attributes[%d].generator", ae.Attribute)
		}
		v.add(p, "%v", ae.Err)
	}
}

// ---- dataset ----

func (v *validator) dataset() {
	ds := v.m.Dataset
	if ds == nil {
		return
	}
	if g := ds.Generator; g != nil {
		if g.Pattern == "" {
			v.add("dataset.generator.pattern", "a generator spec names a pattern (or %q)", EntitiesGenerator)
		}
		if g.Size < 0 {
			v.add("dataset.generator.size", "%d is negative", g.Size)
		}
		if g.Pattern == EntitiesGenerator && ds.Items == nil && len(v.errs) == 0 {
			if _, err := v.m.Synthesize(*g); err != nil {
				v.add("dataset.generator", "%v", err)
			}
		}
	}
	names := make([]string, 0, len(ds.Items))
	for n := range ds.Items {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		t := v.m.Table(name)
		p := "dataset.items." + name
		if t == nil {
			v.add(p, "no table %q in the model", name)
			continue
		}
		keys := []string{t.HashKey()}
		if rk := t.RangeKey(); rk != "" {
			keys = append(keys, rk)
		}
		for j, it := range ds.Items[name] {
			for _, k := range keys {
				val, ok := it[k]
				want := t.AttributeType(k)
				switch {
				case !ok:
					v.add(fmt.Sprintf("%s[%d]", p, j), "missing key attribute %q", k)
				case val.Type().String() != string(want):
					v.add(fmt.Sprintf("%s[%d].%s", p, j, k), "key attribute of type %s holds a %s", want, val.Type())
				}
			}
		}
	}
}

// ---- workload ----

func (v *validator) workload() {
	w := v.m.Workload
	if w == nil {
		return
	}
	if w.DurationSeconds < 0 {
		v.add("workload.durationSeconds", "%d is negative", w.DurationSeconds)
	}
	for i, r := range w.Requests {
		path := fmt.Sprintf("workload.requests[%d]", i)
		ap := v.m.AccessPattern(r.AccessPattern)
		if ap == nil {
			v.add(path+".accessPattern", "no access pattern %q in the model", r.AccessPattern)
		}
		if r.Rate < 0 || math.IsNaN(r.Rate) || math.IsInf(r.Rate, 0) {
			v.add(path+".rate", "%v is not a rate (requests per second, 0 or more)", r.Rate)
		}
		seen := map[string]bool{}
		for j, k := range r.Keys {
			p := fmt.Sprintf("%s.keys[%d]", path, j)
			if seen[k.Parameter] {
				v.add(p+".parameter", "parameter %q has two distributions", k.Parameter)
			}
			seen[k.Parameter] = true
			if ap != nil && !hasParameter(ap, k.Parameter) {
				v.add(p+".parameter", "access pattern %s has no parameter %q", ap.Name, k.Parameter)
			}
			if k.Cardinality < 1 {
				v.add(p+".cardinality", "%d: a distribution draws from 1 or more values", k.Cardinality)
			}
			if k.Width < 0 || k.Width > 20 {
				v.add(p+".width", "%d: a width is 0 to 20 digits", k.Width)
			}
			if k.Format != "" {
				tpl, err := ParseTemplate(k.Format)
				switch {
				case err != nil:
					v.add(p+".format", "%v", err)
				case len(tpl.pars) != 1 || tpl.pars[0] != "n":
					v.add(p+".format", "%q: a format holds the parameter {n} once", k.Format)
				}
			}
			switch k.Kind {
			case DistUniform, DistSequential:
			case DistZipf:
				if !(k.Skew > 1) || math.IsInf(k.Skew, 0) {
					v.add(p+".skew", "%v: a Zipf skew is greater than 1", k.Skew)
				}
			case DistHot:
				if !(k.HotFraction > 0 && k.HotFraction <= 1) {
					v.add(p+".hotFraction", "%v is not a share in (0, 1]", k.HotFraction)
				}
			default:
				v.add(p+".kind", "%q is not one of %s, %s, %s, %s", k.Kind, DistUniform, DistZipf, DistHot, DistSequential)
			}
		}
	}
}

func hasParameter(ap *AccessPattern, name string) bool {
	for _, p := range ap.Parameters {
		if p.Name == name {
			return true
		}
	}
	return ap.FanOut != nil && ap.FanOut.Parameter == name
}

// ---- settings ----

func (v *validator) settings() {
	s := v.m.Settings
	if s.StartTime != "" {
		if _, err := time.Parse(time.RFC3339, s.StartTime); err != nil {
			v.add("settings.startTime", "%q is not an RFC 3339 time such as 2026-03-01T12:00:00Z", s.StartTime)
		}
	}
	if s.ClockSpeed < 0 || s.ClockSpeed > MaxClockSpeed || math.IsNaN(s.ClockSpeed) {
		v.add("settings.clockSpeed", "%v is not in 0..%s (virtual seconds per second; 0 means 1)", s.ClockSpeed, strconv.Itoa(MaxClockSpeed))
	}
	if s.TTLDeletionDelay < 0 {
		v.add("settings.ttlDeletionDelay", "%s is negative", time.Duration(s.TTLDeletionDelay))
	}
	if s.GSIPropagationDelay < 0 {
		v.add("settings.gsiPropagationDelay", "%s is negative", time.Duration(s.GSIPropagationDelay))
	}
}

// tableHints are plain sentences for CreateTable's messages, by a fragment
// of the message.
var tableHints = []struct{ fragment, hint string }{
	{"Some index key attributes are not defined in AttributeDefinitions", "every key attribute of the table and its indexes needs an entry in AttributeDefinitions giving its type (S, N or B)"},
	{"Some AttributeDefinitions are not used", "AttributeDefinitions lists only key attributes: remove the ones no key schema uses"},
	{"does not exactly match number of attributes defined", "AttributeDefinitions lists exactly the key attributes of the table and its indexes"},
	{"does not have a range key, which is required when specifying a LocalSecondaryIndex", "a local secondary index needs a table with a sort key"},
	{"does not have the same leading hash key as table", "a local secondary index keeps the table's partition key and changes only the sort key"},
	{"Duplicate index name", "two indexes of the table have the same name"},
	{"exceeds the per-table limit", "DynamoDB limits how many indexes a table has"},
	{"ProjectionType is INCLUDE, but NonKeyAttributes is not specified", "an INCLUDE projection names the attributes it copies into the index"},
	{"but NonKeyAttributes is specified", "only an INCLUDE projection names attributes"},
	{"must both be specified when BillingMode is PROVISIONED", "a provisioned table gives both read and write capacity units"},
	{"can be specified when BillingMode is PAY_PER_REQUEST", "an on-demand table has no provisioned capacity: remove it"},
	{"ProvisionedThroughput is not specified for index", "on a provisioned table each global secondary index gives its own capacity"},
	{"should not be specified for index", "on an on-demand table an index has no provisioned capacity: remove it"},
	{"failed to satisfy constraint", "a name or number is outside what DynamoDB accepts (names: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-', '.')"},
}

func tableHint(msg string) string {
	for _, h := range tableHints {
		if strings.Contains(msg, h.fragment) {
			return h.hint
		}
	}
	return "CreateTable answers this ValidationException"
}

// ValidateApart validates m like Validate but sets the access patterns'
// problems apart, by pattern name (each message with the rest of its path
// in front), from the rest of the design's. A caller that runs patterns
// (a migration plan, a run of every pattern) reports a broken pattern as
// that pattern's failure instead of refusing the whole model.
func (m *Model) ValidateApart() (design Errors, patterns map[string][]string) {
	var all Errors
	if err := m.Validate(); err != nil {
		all = err.(Errors)
	}
	for _, e := range all {
		i, rest, ok := patternIndex(e.Path)
		if !ok || i >= len(m.AccessPatterns) {
			design = append(design, e)
			continue
		}
		if patterns == nil {
			patterns = map[string][]string{}
		}
		msg := e.Message
		if rest != "" {
			msg = rest + ": " + msg
		}
		name := m.AccessPatterns[i].Name
		patterns[name] = append(patterns[name], msg)
	}
	return design, patterns
}

// patternIndex splits "accessPatterns[3].request.X" into 3 and "request.X".
func patternIndex(path string) (int, string, bool) {
	rest, ok := strings.CutPrefix(path, "accessPatterns[")
	if !ok {
		return 0, "", false
	}
	n, after, ok := strings.Cut(rest, "]")
	if !ok {
		return 0, "", false
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 0 {
		return 0, "", false
	}
	return i, strings.TrimPrefix(after, "."), true
}

// sortedKeys returns a map's keys in order, for errors in a stable order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
