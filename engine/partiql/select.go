package partiql

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// maxDecomposedReads is the most key reads one SELECT may expand into
// (reference §4.1: 51 fails).
const maxDecomposedReads = 50

// readPlan is how a SELECT runs: one Query per key in queries, or one Scan.
type readPlan struct {
	sel     *selectStmt
	ti      *tableInfo
	index   *indexInfo // nil for the table
	keys    []string   // the source's hash and range key names
	scan    bool
	hashes  []attr.Value // one Query per hash value ...
	ranges  []attr.Value // ... times one per range value, when sk IN/OR
	rng     node         // a single range key condition, when not decomposed
	residue node         // the rest of WHERE
	post    bool         // residue names a key: evaluate it here, after the Query
	forward bool
}

// reads is the number of Query calls the plan makes.
func (p *readPlan) reads() int { return len(p.hashes) * max(1, len(p.ranges)) }

// planSelect chooses the access path for a SELECT (reference §4.1).
func planSelect(db *engine.Database, s *selectStmt, b *binder, consistent bool) (*readPlan, error) {
	ti, err := describe(db, s.from.table)
	if err != nil {
		return nil, err
	}
	p := &readPlan{sel: s, ti: ti, keys: ti.keys, forward: true}
	if s.from.index != "" {
		ix, ok := ti.indexes[s.from.index]
		if !ok {
			return nil, validation(msgNoIndex)
		}
		if consistent && ix.global {
			return nil, validation(msgGSIConsistent)
		}
		p.index, p.keys = &ix, ix.keys
	}
	hash := p.keys[0]
	cs := conjuncts(s.where)
	if s.where == nil {
		cs = nil
	}
	var rest []node
	for _, c := range cs {
		if p.hashes == nil {
			vals, ok, residual, err := b.keyValues(c, hash)
			if err != nil {
				return nil, err
			}
			if ok {
				if err := p.checkKeyValues(hash, vals); err != nil {
					return nil, err
				}
				p.hashes = vals
				if !residual {
					continue
				}
			}
		}
		rest = append(rest, c)
	}
	if p.hashes == nil {
		if len(s.orderBy) > 0 {
			if s.where == nil {
				return nil, validation("Must have WHERE clause in the statement when using ORDER BY clause.")
			}
			return nil, validation("Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.")
		}
		p.scan, p.residue = true, s.where
		return p, p.checkProjection(b)
	}
	if len(p.keys) > 1 {
		rng := p.keys[1]
		var left []node
		for _, c := range rest {
			if p.ranges == nil && p.rng == nil {
				vals, ok, residual, err := b.keyValues(c, rng)
				if err != nil {
					return nil, err
				}
				if ok {
					if err := p.checkKeyValues(rng, vals); err != nil {
						return nil, err
					}
					p.ranges = vals
					if residual {
						left = append(left, c)
					}
					continue
				}
				if b.isRangeCondition(c, rng, ti.types[rng]) {
					p.rng = c
					continue
				}
			}
			if d := disjuncts(c); len(d) > 1 && mentions(c, rng) {
				return nil, validation(msgOverlapping)
			}
			left = append(left, c)
		}
		rest = left
	}
	if p.reads() > maxDecomposedReads {
		return nil, validation(msgTooManyReads)
	}
	p.residue = andAll(rest)
	// Query refuses key attributes in a filter (the index's, and the
	// table's on an index), which PartiQL allows: such a filter runs here,
	// with the same evaluator, on the items the Query read.
	for _, k := range append(slices.Clone(p.keys), ti.keys...) {
		if mentions(p.residue, k) {
			p.post = true
		}
	}
	if err := p.orderBy(); err != nil {
		return nil, err
	}
	if p.index != nil && p.residue != nil {
		var missing []string
		for _, n := range topNames(p.residue) {
			if !ti.projects(*p.index, n) {
				missing = append(missing, n)
			}
		}
		if len(missing) > 0 {
			return nil, validation("One or more parameter values were invalid: Secondary index %s does not project one or more filter attributes: [%s]", s.from.index, strings.Join(missing, ", "))
		}
	}
	return p, p.checkProjection(b)
}

// checkProjection rejects projecting attributes a GSI does not carry.
func (p *readPlan) checkProjection(b *binder) error {
	if p.index == nil || !p.index.global || p.sel.star {
		return nil
	}
	var missing []string
	for _, it := range p.sel.proj {
		if n := it.path[0].Name; !p.ti.projects(*p.index, n) && !slices.Contains(missing, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return validation("One or more parameter values were invalid: Global secondary index %s does not project [%s]", p.sel.from.index, strings.Join(missing, ", "))
	}
	return nil
}

// orderBy applies ORDER BY: only key attributes, hash values sorted when
// the hash key is named.
func (p *readPlan) orderBy() error {
	named := false
	for _, k := range p.sel.orderBy {
		switch {
		case k.name == p.keys[0]:
			named = true
			sortValues(p.hashes, k.desc)
		case len(p.keys) > 1 && k.name == p.keys[1]:
			p.forward = !k.desc
			sortValues(p.ranges, k.desc)
		default:
			return validation("Variable reference %s in ORDER BY clause must be part of the primary key", k.name)
		}
	}
	if len(p.sel.orderBy) > 0 && len(p.hashes) > 1 && !named {
		return validation("Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.")
	}
	return nil
}

func sortValues(vs []attr.Value, desc bool) {
	slices.SortStableFunc(vs, func(a, b attr.Value) int {
		c, _ := attr.Compare(a, b)
		if desc {
			return -c
		}
		return c
	})
}

// checkKeyValues rejects key values of the wrong type and repeated values.
func (p *readPlan) checkKeyValues(key string, vals []attr.Value) error {
	want := p.ti.types[key]
	for i, v := range vals {
		if typeName(v) != want {
			return validation("Key attribute's data type should match its data type in table's schema: Key %s", key)
		}
		for _, w := range vals[:i] {
			if attr.Equal(v, w) {
				return validation(msgOverlapping)
			}
		}
	}
	return nil
}

// keyValues recognises `key = v`, `key IN [v...]` and `key = v1 OR key = v2
// ...` and returns the values. An OR whose every branch pins the key with
// other conditions beside it, `(key = v1 AND f = 1) OR (key = v2 AND ...)`,
// reads those keys too, and residual says the OR must still filter them.
func (b *binder) keyValues(c node, key string) (vals []attr.Value, ok, residual bool, err error) {
	c = unparen(c)
	if in, isIn := c.(*inNode); isIn && isKeyPath(in.x, key) {
		if len(in.list) > maxDecomposedReads {
			return nil, false, false, validation(msgTooManyReads)
		}
		for _, e := range in.list {
			if !isValue(e) {
				return nil, false, false, nil
			}
			v, err := b.value(e)
			if err != nil {
				return nil, false, false, err
			}
			vals = append(vals, v)
		}
		return vals, true, false, nil
	}
	for _, d := range disjuncts(c) {
		v, pinned, err := b.keyEquality(d, key)
		if err != nil {
			return nil, false, false, err
		}
		for _, dc := range conjuncts(d) {
			if pinned {
				break
			}
			if v, pinned, err = b.keyEquality(dc, key); err != nil {
				return nil, false, false, err
			}
			residual = residual || pinned
		}
		if !pinned {
			return nil, false, false, nil
		}
		vals = append(vals, v)
	}
	return vals, true, residual, nil
}

// keyEquality recognises `key = value` (either way round).
func (b *binder) keyEquality(c node, key string) (attr.Value, bool, error) {
	x, ok := unparen(c).(*binary)
	if !ok || x.op != "=" {
		return nil, false, nil
	}
	l, r := x.l, x.r
	if isKeyPath(r, key) {
		l, r = r, l
	}
	if !isKeyPath(l, key) || !isValue(r) {
		return nil, false, nil
	}
	v, err := b.value(r)
	return v, err == nil, err
}

// isRangeCondition recognises a condition Query accepts on the sort key:
// comparison, BETWEEN or begins_with against values of the key's type.
func (b *binder) isRangeCondition(c node, key, typ string) bool {
	typed := func(ns ...node) bool {
		for _, n := range ns {
			if !isValue(n) {
				return false
			}
			v, err := b.value(n)
			if err != nil || typeName(v) != typ {
				return false
			}
		}
		return true
	}
	switch x := unparen(c).(type) {
	case *binary:
		switch x.op {
		case "<", "<=", ">", ">=":
			return (isKeyPath(x.l, key) && typed(x.r)) || (isKeyPath(x.r, key) && typed(x.l))
		}
	case *betweenNode:
		return isKeyPath(x.x, key) && typed(x.lo, x.hi)
	case *callNode:
		return x.name == "begins_with" && isKeyPath(x.args[0], key) && typ != "N" && typed(x.args[1])
	}
	return false
}

func isKeyPath(n node, key string) bool {
	p, ok := unparen(n).(*pathNode)
	return ok && len(p.path) == 1 && p.path[0].Name == key
}

// mentions reports whether n refers to top-level attribute a.
func mentions(n node, a string) bool {
	return n != nil && slices.Contains(topNames(n), a)
}

// keyCond writes a range condition with the key on the left, as a key
// condition expression requires.
func (bd *builder) keyCond(c node) (string, error) {
	if x, ok := unparen(c).(*binary); ok {
		if _, isPath := unparen(x.l).(*pathNode); !isPath {
			flip := map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}
			return bd.cond(&binary{op: flip[x.op], l: x.r, r: x.l, tok: x.tok})
		}
	}
	return bd.cond(c)
}

// selectPage is one page of SELECT results.
type selectPage struct {
	items []attr.Item
	next  *pageState
	cc    *engine.ConsumedCapacity
}

// pageState is where the next page starts: the read's position among the
// plan's Queries and its LastEvaluatedKey.
type pageState struct {
	Read int       `json:"r"`
	Key  attr.Item `json:"k,omitempty"`
}

// run reads one page of the plan from start, at most limit items
// evaluated (0: no limit).
func (p *readPlan) run(db *engine.Database, b *binder, start pageState, limit int64, consistent bool, rcc string) (*selectPage, error) {
	var post *expr.Condition
	if p.post {
		pb := newBuilder(b)
		text, err := pb.cond(p.residue)
		if err != nil {
			return nil, err
		}
		c, err := expr.ParseCondition(expr.FilterExpression, text, expr.NewPlaceholders(pb.namesOrNil(), pb.valuesOrNil()))
		if err != nil {
			return nil, fromEngine(err)
		}
		post = c
	}
	if start.Read < 0 || (start.Read > 0 && start.Read >= p.reads()) {
		return nil, validation(msgBadToken) // a forged position
	}
	pg := &selectPage{items: []attr.Item{}}
	keep := func(items []attr.Item) {
		for _, it := range items {
			if post != nil && !post.Eval(it) {
				continue
			}
			pg.items = append(pg.items, p.project(it))
		}
	}
	var indexName *string
	if p.sel.from.index != "" {
		indexName = &p.sel.from.index
	}
	table := p.ti.name
	if p.scan {
		bd := newBuilder(b)
		in := &engine.ScanInput{TableName: &table, IndexName: indexName, ConsistentRead: &consistent,
			ReturnConsumedCapacity: rcc, ExclusiveStartKey: start.Key}
		if limit > 0 {
			in.Limit = &limit
		}
		if p.residue != nil {
			f, err := bd.cond(p.residue)
			if err != nil {
				return nil, err
			}
			in.FilterExpression = &f
		}
		in.ProjectionExpression = p.projection(bd)
		in.ExpressionAttributeNames, in.ExpressionAttributeValues = bd.namesOrNil(), bd.valuesOrNil()
		out, err := db.Scan(in)
		if err != nil {
			return nil, fromEngine(err)
		}
		keep(out.Items)
		pg.cc = out.ConsumedCapacity
		if out.LastEvaluatedKey != nil {
			pg.next = &pageState{Key: out.LastEvaluatedKey}
		}
		return pg, nil
	}
	remaining := limit
	for i := start.Read; i < p.reads(); i++ {
		bd := newBuilder(b)
		hash := p.hashes[i/max(1, len(p.ranges))]
		kc := bd.name(p.keys[0]) + " = " + bd.val(hash)
		switch {
		case len(p.ranges) > 0:
			kc += " AND " + bd.name(p.keys[1]) + " = " + bd.val(p.ranges[i%len(p.ranges)])
		case p.rng != nil:
			r, err := bd.keyCond(p.rng)
			if err != nil {
				return nil, err
			}
			kc += " AND " + r
		}
		in := &engine.QueryInput{TableName: &table, IndexName: indexName, KeyConditionExpression: &kc,
			ConsistentRead: &consistent, ScanIndexForward: &p.forward, ReturnConsumedCapacity: rcc}
		if i == start.Read {
			in.ExclusiveStartKey = start.Key
		}
		if remaining > 0 {
			in.Limit = &remaining
		}
		if p.residue != nil && !p.post {
			f, err := bd.cond(p.residue)
			if err != nil {
				return nil, err
			}
			in.FilterExpression = &f
		}
		in.ProjectionExpression = p.projection(bd)
		in.ExpressionAttributeNames, in.ExpressionAttributeValues = bd.namesOrNil(), bd.valuesOrNil()
		out, err := db.Query(in)
		if err != nil {
			return nil, fromEngine(err)
		}
		keep(out.Items)
		pg.cc = addCapacity(pg.cc, out.ConsumedCapacity)
		if out.LastEvaluatedKey != nil {
			pg.next = &pageState{Read: i, Key: out.LastEvaluatedKey}
			return pg, nil
		}
		if limit > 0 {
			remaining -= out.ScannedCount
			if remaining <= 0 {
				if i+1 < p.reads() {
					pg.next = &pageState{Read: i + 1}
				}
				return pg, nil
			}
		}
	}
	return pg, nil
}

// projection is the ProjectionExpression a read asks the engine for: the
// top-level attributes the statement projects (and those a post-filter
// needs), so that an LSI fetches what it lacks from the table as Query
// does; nil for SELECT *.
func (p *readPlan) projection(bd *builder) *string {
	if p.sel.star {
		return nil
	}
	var names []string
	for _, it := range p.sel.proj {
		if !slices.Contains(names, it.path[0].Name) {
			names = append(names, it.path[0].Name)
		}
	}
	if p.post {
		for _, n := range topNames(p.residue) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = bd.name(n)
	}
	s := strings.Join(parts, ", ")
	return &s
}

// project shapes a read item as PartiQL returns it: each projected path
// under its own name (reference §4.1), not nested as ProjectionExpression.
func (p *readPlan) project(it attr.Item) attr.Item {
	return projectItem(p.sel, it)
}

func projectItem(s *selectStmt, it attr.Item) attr.Item {
	if s.star || it == nil {
		return it
	}
	out := attr.Item{}
	for _, pi := range s.proj {
		if v, ok := expr.Lookup(it, pi.path); ok {
			out[pi.name] = v
		}
	}
	return out
}

// addCapacity sums two reports of one table's consumed capacity.
func addCapacity(a, b *engine.ConsumedCapacity) *engine.ConsumedCapacity {
	if b == nil {
		return a
	}
	if a == nil {
		c := *b
		if b.Table != nil {
			t := *b.Table
			c.Table = &t
		}
		c.GlobalSecondaryIndexes = addArms(nil, b.GlobalSecondaryIndexes)
		c.LocalSecondaryIndexes = addArms(nil, b.LocalSecondaryIndexes)
		c.ReadCapacityUnits = addPtr(nil, b.ReadCapacityUnits)
		c.WriteCapacityUnits = addPtr(nil, b.WriteCapacityUnits)
		return &c
	}
	a.CapacityUnits += b.CapacityUnits
	a.ReadCapacityUnits = addPtr(a.ReadCapacityUnits, b.ReadCapacityUnits)
	a.WriteCapacityUnits = addPtr(a.WriteCapacityUnits, b.WriteCapacityUnits)
	if b.Table != nil {
		if a.Table == nil {
			a.Table = &engine.Capacity{}
		}
		a.Table.CapacityUnits += b.Table.CapacityUnits
		a.Table.ReadCapacityUnits = addPtr(a.Table.ReadCapacityUnits, b.Table.ReadCapacityUnits)
		a.Table.WriteCapacityUnits = addPtr(a.Table.WriteCapacityUnits, b.Table.WriteCapacityUnits)
	}
	a.GlobalSecondaryIndexes = addArms(a.GlobalSecondaryIndexes, b.GlobalSecondaryIndexes)
	a.LocalSecondaryIndexes = addArms(a.LocalSecondaryIndexes, b.LocalSecondaryIndexes)
	return a
}

func addPtr(a, b *float64) *float64 {
	if b == nil {
		return a
	}
	s := *b
	if a != nil {
		s += *a
	}
	return &s
}

func addArms(a, b map[string]engine.Capacity) map[string]engine.Capacity {
	if len(b) == 0 {
		return a
	}
	if a == nil {
		a = map[string]engine.Capacity{}
	}
	for k, v := range b {
		c := a[k]
		c.CapacityUnits += v.CapacityUnits
		c.ReadCapacityUnits = addPtr(c.ReadCapacityUnits, v.ReadCapacityUnits)
		c.WriteCapacityUnits = addPtr(c.WriteCapacityUnits, v.WriteCapacityUnits)
		a[k] = c
	}
	return a
}
