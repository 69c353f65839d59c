package model

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Example is what FindExamples chose for one access pattern.
type Example struct {
	AccessPattern string
	// Params holds a value for each declared parameter (the fan-out
	// parameter excluded).
	Params Params
	// Items is how many items a run with Params returned; -1 for a write,
	// which FindExamples does not run.
	Items int
	// FromData says Params come from (or were checked against) the data:
	// a read returned items, a write's key is an item's. False means the
	// data gave nothing better than the model's own examples.
	FromData bool
}

// How many candidate items FindExamples samples per entity, and tries per
// access pattern.
const (
	exampleSample = 4000
	exampleTries  = 48
)

// FindExamples picks, for each access pattern, parameter values taken from
// the data in db so that a run returns items: a read keeps its examples
// when they already find something, else tries items of its entity (from
// the index or table it reads) and derives the parameters from them: the
// key templates' parameters, attributes of the same name ("createdAt" for
// {createdAt}, {createdAtFrom}, {createdAtTo}), and the values the
// request compares key attributes with. Reads run on db (they consume
// capacity like any read); writes are not run, their parameters come from
// an item of their entity.
func (m *Model) FindExamples(db *engine.Database) []Example {
	ex, _ := m.FindExamplesStepping(db, nil)
	return ex
}

// FindExamplesStepping is FindExamples calling step between two items it
// walks (the sampling walks every entry of the indexes read: a million of
// them in a loaded page) and between access patterns, so that a caller on
// the page's thread can yield (app/job.go). It stops at step's first
// error and returns it with the examples found so far. step may be nil.
func (m *Model) FindExamplesStepping(db *engine.Database, step func() error) ([]Example, error) {
	var stepErr error
	rec, err := m.NewRecognizer()
	if err != nil {
		rec = nil
	}
	snap := db.Snapshot()
	cands := map[string][]attr.Item{} // "table/index" -> sampled items
	candidates := func(table, index string) []attr.Item {
		k := table + "/" + index
		if c, ok := cands[k]; ok {
			return c
		}
		var out []attr.Item
		if ts := snap.Table(table); ts != nil {
			n, _ := ts.IndexLen(index)
			stride := max(1, n/exampleSample)
			i := 0
			ts.Entries(index, func(e engine.StoredEntry) bool {
				if i%stride == 0 {
					out = append(out, e.Item())
				}
				i++
				if step != nil && stepErr == nil {
					stepErr = step()
				}
				return stepErr == nil
			})
		}
		cands[k] = out
		return out
	}
	out := make([]Example, 0, len(m.AccessPatterns))
	taken := claims{}
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		x := m.findExample(db, ap, rec, candidates, taken)
		if stepErr != nil {
			return out, stepErr
		}
		if x.Items < 0 && x.FromData {
			taken[taken.id(m, ap, x.Params)] = true
		}
		out = append(out, x)
		if step != nil {
			if stepErr = step(); stepErr != nil {
				return out, stepErr
			}
		}
	}
	return out, nil
}

// SetExamples sets the example of every parameter FindExamples found in
// the data.
func (m *Model) SetExamples(ex []Example) {
	for _, x := range ex {
		ap := m.AccessPattern(x.AccessPattern)
		if ap == nil || !x.FromData {
			continue
		}
		for j := range ap.Parameters {
			if v, ok := x.Params[ap.Parameters[j].Name]; ok {
				ap.Parameters[j].Example = v
			}
		}
	}
}

var readOps = []string{"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}

func (m *Model) findExample(db *engine.Database, ap *AccessPattern, rec *Recognizer, candidates func(table, index string) []attr.Item, taken claims) Example {
	ex := Example{AccessPattern: ap.Name, Params: ap.Examples(), Items: -1}
	read := slices.Contains(readOps, ap.Operation)
	run := func(p Params) int {
		res, err := ap.Run(db, p)
		if err != nil {
			return 0
		}
		return len(res.Items)
	}
	if len(ap.Parameters) == 0 {
		if read {
			ex.Items = run(ex.Params)
			ex.FromData = ex.Items > 0
		}
		return ex
	}
	current := 0
	if read {
		// A Query's examples that return a single item are kept only when
		// no collection gives a page.
		if current = run(ex.Params); current > 0 && (current >= 2 || ap.Operation != "Query") {
			ex.Items, ex.FromData = current, true
			return ex
		}
	}
	shape := m.requestShape(ap)
	if shape.table == "" {
		return ex
	}
	var entity *Entity
	if ap.Entity != "" {
		entity = m.Entity(ap.Entity)
	}
	if ap.Operation == "Query" {
		if p, n, ok := m.pageExample(ap, shape, candidates(shape.table, shape.index), entity, rec, ex.Params, run); ok && n > current {
			ex.Params, ex.Items, ex.FromData = p, n, true
			return ex
		}
		if current > 0 {
			ex.Items, ex.FromData = current, true
			return ex
		}
	}
	isPut := ap.Operation == "PutItem"
	var seen []string
	if isPut {
		if param := freshParam(m, ap, shape); param != "" {
			for _, it := range candidates(shape.table, shape.index) {
				if rec == nil {
					break
				}
				if e, p := rec.EntityOf(shape.table, it); e != nil && (entity == nil || e == entity) {
					seen = append(seen, p[param])
				}
			}
		}
	}
	tries := 0
	var fallback, best Params
	bestWeight := 0
	for _, it := range candidates(shape.table, shape.index) {
		if tries == exampleTries && (read || fallback != nil || best != nil) {
			break
		}
		var keyParams Params
		if rec != nil {
			e, p := rec.EntityOf(shape.table, it)
			if entity != nil && e != entity && (e != nil || shape.index == "") {
				continue
			}
			keyParams = p
			if e != nil {
				keyParams = rec.allParams(e, it, p)
			}
		}
		tries++
		p := m.derive(ap, shape, it, keyParams, ex.Params)
		if !read {
			if isPut {
				// A create makes a new item: its key moves to a value no
				// item holds.
				if !m.freshKey(db, ap, shape, p, seen, taken) {
					continue
				}
				// Its condition holds where no item is (a branch of a
				// write may refuse some values: status <> OPEN).
				if ok, _ := writeConditionHolds(ap, p, attr.Item{}); !ok {
					continue
				}
				ex.Params, ex.FromData = p, true
				return ex
			}
			if emptyParam(ap, p) || taken[taken.id(m, ap, p)] {
				if fallback == nil {
					fallback = p
				}
				continue
			}
			// Values the update writes move off the item's own first (a
			// status change refused for the status it sets would skip every
			// item holding that status); then the write's condition must
			// hold on the item it addresses (attribute_exists(EscalatedTo)
			// wants an escalated report).
			p = m.freshSetValues(ap, shape, it, p, candidates(shape.table, shape.index), rec, entity)
			if ok, known := writeConditionHolds(ap, p, it); !ok {
				if fallback == nil && !known {
					fallback = p
				}
				continue
			}
			// Of the items the write can address, the one it changes most
			// (writeWeight): an example should do what the pattern is for.
			if w := m.writeWeight(ap, shape.table, p, it); best == nil || w > bestWeight {
				best, bestWeight = p, w
			}
			continue
		}
		if n := run(p); n > 0 {
			ex.Params, ex.Items, ex.FromData = p, n, true
			return ex
		}
	}
	switch {
	case read:
		ex.Items = 0
	case best != nil && bestWeight >= 0:
		ex.Params, ex.FromData = best, true
	case fallback != nil:
		ex.Params, ex.FromData = fallback, true
	}
	return ex
}

// writeConditionHolds evaluates the ConditionExpression of a single-item
// update or delete, bound with p, on the item it would change; known is
// false when there is none to evaluate (a put, no condition, or one that
// does not parse). A put creates its item: its caller passes an empty
// item, where nothing exists yet.
func writeConditionHolds(ap *AccessPattern, p Params, it attr.Item) (ok, known bool) {
	in, err := ap.Input(p)
	if err != nil {
		return true, false
	}
	var src *string
	var names map[string]string
	var values attr.Values
	switch x := in.(type) {
	case *engine.UpdateItemInput:
		src, names, values = x.ConditionExpression, x.ExpressionAttributeNames, x.ExpressionAttributeValues
	case *engine.DeleteItemInput:
		src, names, values = x.ConditionExpression, x.ExpressionAttributeNames, x.ExpressionAttributeValues
	case *engine.PutItemInput:
		src, names, values = x.ConditionExpression, x.ExpressionAttributeNames, x.ExpressionAttributeValues
	}
	if src == nil {
		return true, false
	}
	c, err := expr.ParseCondition(expr.ConditionExpression, *src, expr.NewPlaceholders(names, values))
	if err != nil {
		return true, false
	}
	return c.Eval(it), true
}

// allParams adds to p the parameters of e's index key templates read from
// item.
func (r *Recognizer) allParams(e *Entity, item attr.Item, p Params) Params {
	out := Params{}
	for k, v := range p {
		out[k] = v
	}
	for _, list := range r.byTable {
		for _, k := range list {
			if k.Entity != e {
				continue
			}
			for _, ka := range k.attrs[k.nprim:] {
				if s, ok := text(item[ka.name]); ok {
					ka.tpl.Match(s, out)
				}
			}
		}
	}
	return out
}

// reqShape is what FindExamples reads of a request: the table (and index)
// it targets and, bound with marker values, where each parameter sits.
type reqShape struct {
	table, index string
	// keys are key-like maps whose values hold parameters (a Key, an
	// Item), as templates per attribute.
	keys []map[string]*Template
	// conds are the key condition's conditions on attributes, with their
	// values as templates.
	conds []keyCondTemplate
}

type keyCondTemplate struct {
	attr string
	op   expr.Op
	tpls []*Template
}

// markedNumber is a number (or binary) value holding a marked parameter,
// in JSON.
var markedNumber = regexp.MustCompile(`"[NB]"\s*:\s*"[^"]*\\u001a[^"]*"`)

// marker stands for a parameter while a request's shape is read: a
// character no template or example holds.
const marker = "\x1a"

// requestShape binds ap's request with marker values and reads where the
// parameters go. Parameters inside numbers cannot be marked; a request
// with one only gives its table.
func (m *Model) requestShape(ap *AccessPattern) reqShape {
	var sh reqShape
	body, err := substitute(ap.Request, func(name string) (string, bool) { return marker + name + marker, true })
	if err != nil {
		return sh
	}
	probe := *ap
	// A marked number or binary does not decode: they become 0 and AA==,
	// losing only their parameters' places (their names still find them).
	probe.Request = markedNumber.ReplaceAllFunc(body, func(b []byte) []byte {
		if b[1] == 'B' {
			return []byte(`"B":"AA=="`)
		}
		return []byte(`"N":"0"`)
	})
	in, err := probe.Input(nil)
	if err != nil {
		return sh
	}
	addKey := func(table *string, key attr.Item) {
		if table == nil {
			return
		}
		if sh.table == "" {
			sh.table = *table
		}
		if *table != sh.table {
			return
		}
		k := map[string]*Template{}
		for name, v := range key {
			if s, ok := v.(attr.String); ok {
				if t := markedTemplate(string(s)); t != nil {
					k[name] = t
				}
			}
		}
		sh.keys = append(sh.keys, k)
	}
	switch x := in.(type) {
	case *engine.GetItemInput:
		addKey(x.TableName, x.Key)
	case *engine.DeleteItemInput:
		addKey(x.TableName, x.Key)
	case *engine.UpdateItemInput:
		addKey(x.TableName, x.Key)
	case *engine.PutItemInput:
		addKey(x.TableName, x.Item)
	case *engine.ScanInput:
		sh.table = deref(x.TableName)
		sh.index = deref(x.IndexName)
	case *engine.QueryInput:
		sh.table, sh.index = deref(x.TableName), deref(x.IndexName)
		if x.KeyConditionExpression != nil {
			sh.conds = m.keyConds(sh.table, sh.index, *x.KeyConditionExpression, x.ExpressionAttributeNames, x.ExpressionAttributeValues)
		}
	case *engine.BatchGetItemInput:
		names := make([]string, 0, len(x.RequestItems))
		for n := range x.RequestItems {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			for _, k := range x.RequestItems[n].Keys {
				addKey(&n, k)
			}
		}
	case *engine.TransactGetItemsInput:
		for _, t := range x.TransactItems {
			if t.Get != nil {
				addKey(t.Get.TableName, t.Get.Key)
			}
		}
	case *engine.TransactWriteItemsInput:
		for _, t := range x.TransactItems {
			switch {
			case t.Put != nil:
				addKey(t.Put.TableName, t.Put.Item)
			case t.Update != nil:
				addKey(t.Update.TableName, t.Update.Key)
			case t.Delete != nil:
				addKey(t.Delete.TableName, t.Delete.Key)
			case t.ConditionCheck != nil:
				addKey(t.ConditionCheck.TableName, t.ConditionCheck.Key)
			}
		}
	case *engine.BatchWriteItemInput:
		names := make([]string, 0, len(x.RequestItems))
		for n := range x.RequestItems {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			for _, w := range x.RequestItems[n] {
				switch {
				case w.PutRequest != nil:
					addKey(&n, w.PutRequest.Item)
				case w.DeleteRequest != nil:
					addKey(&n, w.DeleteRequest.Key)
				}
			}
		}
	}
	return sh
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// markedTemplate turns a marked string back into a template; nil when it
// holds no parameter or two adjacent ones.
func markedTemplate(s string) *Template {
	if !strings.Contains(s, marker) {
		return nil
	}
	parts := strings.Split(s, marker)
	if len(parts)%2 == 0 {
		return nil
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString("{" + p + "}")
			continue
		}
		p = strings.ReplaceAll(p, "{", "{{")
		b.WriteString(strings.ReplaceAll(p, "}", "}}"))
	}
	t, err := ParseTemplate(b.String())
	if err != nil {
		return nil
	}
	return t
}

// keyConds parses a marked key condition against the key schema of the
// table or index.
func (m *Model) keyConds(table, index, src string, names map[string]string, values attr.Values) []keyCondTemplate {
	t := m.Table(table)
	if t == nil {
		return nil
	}
	var ks []schema.KeySchemaElement
	switch {
	case index == "":
		ks = t.KeySchema
	case t.GSI(index) != nil:
		ks = t.GSI(index).KeySchema
	case t.LSI(index) != nil:
		ks = t.LSI(index).KeySchema
	}
	var hash, rng []expr.KeyAttr
	for _, e := range ks {
		ka := expr.KeyAttr{Name: e.AttributeName, Type: attrType(t.AttributeType(e.AttributeName))}
		if e.KeyType == schema.KeyTypeHash {
			hash = append(hash, ka)
		} else {
			rng = append(rng, ka)
		}
	}
	kc, err := expr.ParseKeyCondition(src, expr.NewPlaceholders(names, values))
	if err != nil {
		return nil
	}
	kr, err := kc.Resolve(hash, rng)
	if err != nil {
		return nil
	}
	var out []keyCondTemplate
	add := func(name string, op expr.Op, vals []attr.Value) {
		c := keyCondTemplate{attr: name, op: op}
		for _, v := range vals {
			var tpl *Template
			if s, ok := v.(attr.String); ok {
				tpl = markedTemplate(string(s))
			}
			c.tpls = append(c.tpls, tpl)
		}
		out = append(out, c)
	}
	for i, h := range hash {
		add(h.Name, expr.Eq, kr.Hash[i:i+1])
	}
	for _, r := range kr.Range {
		add(r.Attr, r.Op, r.Values)
	}
	return out
}

func attrType(t schema.ScalarType) attr.Type {
	switch t {
	case schema.TypeN:
		return attr.TypeN
	case schema.TypeB:
		return attr.TypeB
	}
	return attr.TypeS
}

// boundSuffixes are the name endings of a range's bounds: {createdAtFrom}
// takes the item's createdAt.
var boundSuffixes = []string{"From", "To", "Start", "End", "Min", "Max", "After", "Before", "Since", "Until"}

// derive returns parameters for ap from item it: the current examples,
// overridden by what the item says.
func (m *Model) derive(ap *AccessPattern, sh reqShape, it attr.Item, keyParams Params, current Params) Params {
	p := make(Params, len(current))
	for k, v := range current {
		p[k] = v
	}
	set := map[string]bool{}
	put := func(name, v string) {
		if !set[name] && v != "" {
			p[name], set[name] = v, true
		}
	}
	// The request's own keys and key conditions first: they say exactly
	// which part of which key attribute a parameter is.
	for _, k := range sh.keys {
		for name, tpl := range k {
			if s, ok := text(it[name]); ok {
				got := Params{}
				if tpl.Match(s, got) {
					for n, v := range got {
						put(n, v)
					}
				}
			}
		}
	}
	var fallbacks [][2]string
	for _, c := range sh.conds {
		s, ok := text(it[c.attr])
		if !ok {
			continue
		}
		_, isNum := it[c.attr].(attr.Number)
		for i, tpl := range c.tpls {
			if tpl == nil {
				continue
			}
			switch c.op {
			case expr.Eq:
				got := Params{}
				if tpl.Match(s, got) {
					for n, v := range got {
						put(n, v)
					}
				}
			case expr.BeginsWith:
				for j := 1; j <= len(s); j++ {
					got := Params{}
					if tpl.Match(s[:j], got) {
						for n, v := range got {
							put(n, v)
						}
						break
					}
				}
			default:
				op := c.op
				if op == expr.Between {
					op = expr.Ge
					if i == 1 {
						op = expr.Le
					}
				}
				if name, v, ok := bound(tpl, s, op, isNum); ok && !isBoundName(name) {
					put(name, v)
				} else if ok {
					// A named bound ({createdAtFrom}) prefers the attribute,
					// below; this is its fallback.
					fallbacks = append(fallbacks, [2]string{name, v})
				}
			}
		}
	}
	// Then parameters named after the item's attributes or key parameters.
	for _, par := range ap.Parameters {
		name := par.Name
		if v, ok := keyParams[name]; ok {
			put(name, v)
			continue
		}
		if s, ok := text(it[name]); ok {
			put(name, s)
			continue
		}
		for an, av := range it {
			if strings.EqualFold(an, name) {
				if s, ok := text(av); ok {
					put(name, s)
				}
			}
		}
		for _, suf := range boundSuffixes {
			stem, ok := strings.CutSuffix(name, suf)
			if !ok || stem == "" {
				continue
			}
			if s, ok := text(it[stem]); ok {
				put(name, s)
			} else if v, ok := keyParams[stem]; ok {
				put(name, v)
			}
		}
	}
	for _, f := range fallbacks {
		put(f[0], f[1])
	}
	return p
}

// isBoundName reports whether name reads as a range's bound of an
// attribute ({createdAtFrom}).
func isBoundName(name string) bool {
	for _, suf := range boundSuffixes {
		if stem, ok := strings.CutSuffix(name, suf); ok && stem != "" {
			return true
		}
	}
	return false
}

// bound returns the parameter value that makes tpl (one parameter, after a
// literal prefix) compare with the key value s as op asks: s itself for
// >= and <=, a little less for >, a little more for <.
func bound(tpl *Template, s string, op expr.Op, isNum bool) (string, string, bool) {
	if len(tpl.pars) != 1 || !strings.HasPrefix(s, tpl.lits[0]) {
		return "", "", false
	}
	rest := s[len(tpl.lits[0]):]
	suffix := tpl.lits[1]
	name := tpl.pars[0]
	switch op {
	case expr.Ge:
		if suffix != "" {
			return "", "", false
		}
		return name, rest, rest != ""
	case expr.Le:
		return name, rest, rest != ""
	case expr.Gt, expr.Lt:
		delta := int64(-1)
		if op == expr.Lt {
			delta = 1
		}
		if isNum {
			if n, err := strconv.ParseInt(rest, 10, 64); err == nil {
				return name, strconv.FormatInt(n+delta, 10), true
			}
			return "", "", false
		}
		if t, err := time.Parse(time.RFC3339, rest); err == nil {
			return name, t.Add(time.Duration(delta) * time.Second).UTC().Format(time.RFC3339), true
		}
		if op == expr.Gt {
			if len(rest) < 2 || suffix != "" {
				return "", "", false
			}
			return name, rest[:len(rest)-1], true
		}
		return name, rest + "~", true
	}
	return "", "", false
}
