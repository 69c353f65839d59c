package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// Query implements DynamoDB's Query: one item collection, walked in
// sort-key order, one page of at most Limit items or 1 MB at a time.
func (d *Database) Query(in *QueryInput) (*QueryOutput, error) {
	d.Tick()
	var c constraints
	c.readShape(in.TableName, in.IndexName, in.Select, in.ReturnConsumedCapacity, in.ConditionalOperator)
	if in.Limit != nil && *in.Limit < 1 {
		// DynamoDB words this one without the value and with a capital L.
		c.v.AddMessage("Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
	}
	// The scalar members, then QueryFilter, AttributesToGet and
	// KeyConditions: the order in which DynamoDB keeps ten of more
	// violations (see shapeOrder).
	c.conditions("queryFilter", in.QueryFilter)
	c.attributesToGet(in.AttributesToGet)
	c.conditions("keyConditions", in.KeyConditions)
	if err := c.err(); err != nil {
		return nil, err
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		keyCondition: in.KeyConditionExpression, filter: in.FilterExpression,
		projection: in.ProjectionExpression, legacy: newLegacy("Query"), valuesErr: heldValue(in.held.values, false)}
	// dynalite's test/query.js, run against DynamoDB: the QueryFilter's
	// values and operand counts, a duplicate in AttributesToGet, an
	// invalid ExclusiveStartKey value ("... for duplicate values in
	// AttributesToGet" beside a bad ExclusiveStartKey and no key
	// condition; "invalid values in ExclusiveStartKey" beside bad
	// KeyConditions or an empty KeyConditionExpression), the missing key
	// condition, then KeyConditions' own errors.
	req.legacy.arity(in.QueryFilter)
	req.legacy.attributesToGet(in.AttributesToGet)
	req.legacy.check(startKeyValue(in.held.item))
	if in.KeyConditionExpression == nil && in.KeyConditions == nil {
		req.legacy.check(validationf("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request."))
	}
	req.legacy.arity(in.KeyConditions)
	req.legacy.keyConditions(in.KeyConditions)
	req.legacy.filterConditions("QueryFilter", in.QueryFilter, in.ConditionalOperator)
	p, err := req.parse()
	if err != nil {
		return nil, err
	}
	sel, err := selectMode(in.Select, p.projection != nil, in.AttributesToGet != nil, in.IndexName != nil, "Query")
	if err != nil {
		return nil, err
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	src, err := t.source(in.IndexName, sel, boolValue(in.ConsistentRead, false), p)
	if err != nil {
		return nil, err
	}
	kr, rerr := p.keyCondition.Resolve(src.key.exprAttrs(src.key.hash), src.key.exprAttrs(src.key.rng))
	if rerr != nil {
		return nil, asValidation(rerr)
	}
	// dynalite's order, recorded against DynamoDB: the projection's key
	// paths, the filter's key attributes, then the filter's key paths.
	if e := t.checkKeyPaths(p.projectionPaths()); e != nil {
		return nil, e
	}
	if p.filter != nil {
		for _, path := range p.filter.Paths() {
			if src.key.has(path[0].Name) {
				return nil, validationf("Filter Expression can only contain non-primary key attributes: Primary key attribute: %s", path[0].Name)
			}
		}
	}
	r := rangeFor(kr)
	forward := boolValue(in.ScanIndexForward, true)
	if in.ExclusiveStartKey != nil && src.ix == nil && len(src.key.rng) == 0 {
		// A hash-only table's partition holds one item: there is nowhere to
		// resume (shared/reference/api-semantics.md §4, Alternator's
		// test_query.py quoting DynamoDB; the rendering of the key after
		// "ExclusiveStartKey: " follows the Java SDK's and is unverified).
		return nil, validationf("The provided exclusive start key is invalid: ExclusiveStartKey: %s", javaItem(in.ExclusiveStartKey))
	}
	if in.ExclusiveStartKey != nil {
		k, err := src.startKey(in.ExclusiveStartKey)
		if err != nil {
			return nil, err
		}
		if !hasPrefix(k, string(partitionPrefix(kr.Hash))) {
			return nil, validationf("The provided starting key is outside query boundaries based on provided conditions")
		}
		if !r.contains(k) {
			return nil, validationf("The provided starting key does not match the range key predicate")
		}
		if forward {
			r = r.after(k)
		} else {
			r = r.before(k)
		}
	}
	if e := t.checkKeyPaths(p.filterPaths()); e != nil {
		return nil, e
	}
	pg := src.readPage(r, forward, deref(in.Limit), p.filter, src.shaper(p), sel == "COUNT")
	if err := d.admitPage(src, pg, boolValue(in.ConsistentRead, false), pivot(r.lo).hash); err != nil {
		return nil, err
	}
	return src.output(pg, *in.TableName, in.ReturnConsumedCapacity, boolValue(in.ConsistentRead, false)), nil
}

// rangeFor turns a resolved key condition into the range of tree keys it covers.
func rangeFor(kr *expr.KeyRange) keyRange {
	p := string(partitionPrefix(kr.Hash))
	if len(kr.Range) == 0 {
		return prefixRange(p)
	}
	for _, rc := range kr.Range[:len(kr.Range)-1] {
		p = string(attr.AppendKey([]byte(p), rc.Values[0]))
	}
	last := kr.Range[len(kr.Range)-1]
	enc := func(v attr.Value) string { return string(attr.AppendKey([]byte(p), v)) }
	whole := prefixRange(p)
	switch last.Op {
	case expr.Eq:
		return prefixRange(enc(last.Values[0]))
	case expr.Lt:
		return keyRange{lo: p, hi: enc(last.Values[0])}
	case expr.Le:
		r := prefixRange(enc(last.Values[0]))
		r.lo = p
		return r
	case expr.Gt:
		lo, ok := successor(enc(last.Values[0]))
		if !ok {
			return keyRange{lo: p, hi: p}
		}
		whole.lo = lo
		return whole
	case expr.Ge:
		whole.lo = enc(last.Values[0])
		return whole
	case expr.Between:
		r := prefixRange(enc(last.Values[1]))
		r.lo = enc(last.Values[0])
		return r
	case expr.BeginsWith:
		whole.lo = enc(last.Values[0])
		if next, ok := nextPrefix(last.Values[0]); ok {
			whole.hi, whole.hiOpen = enc(next), false
		}
		return whole
	}
	return whole
}

// nextPrefix returns the smallest value greater than every value that begins
// with v (an S or B prefix), and false when there is none.
func nextPrefix(v attr.Value) (attr.Value, bool) {
	switch x := v.(type) {
	case attr.String:
		s, ok := successor(string(x))
		return attr.String(s), ok
	case attr.Binary:
		s, ok := successor(string(x))
		return attr.Binary(s), ok
	}
	return nil, false
}

// contains reports whether tree key k lies in r.
func (r keyRange) contains(k string) bool {
	return k >= r.lo && (r.hiOpen || k < r.hi)
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// output assembles a Query or Scan response from a page.
func (s *readSource) output(pg page, tableName, rcc string, consistent bool) *QueryOutput {
	out := &QueryOutput{Count: pg.count, ScannedCount: pg.scanned, Items: pg.items}
	if out.Items == nil && !s.countOnly {
		out.Items = []attr.Item{}
	}
	if pg.last != nil {
		out.LastEvaluatedKey = s.lastKey(pg.last)
	}
	u := usage{tableName: tableName}
	units := pg.units(consistent)
	s.charge(&u, units)
	out.ConsumedCapacity = u.report(rcc, true)
	return out
}

// javaItem renders a key as DynamoDB's Java service prints a map of
// AttributeValues: {name=AttributeValue: {S:value}}, names sorted.
func javaItem(it attr.Item) string {
	names := make([]string, 0, len(it))
	for n := range it {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		v := it[n]
		text := fmt.Sprint(v)
		if s, ok := v.(attr.String); ok {
			text = string(s)
		}
		fmt.Fprintf(&b, "%s=AttributeValue: {%s:%s}", n, v.Type(), text)
	}
	b.WriteByte('}')
	return b.String()
}
