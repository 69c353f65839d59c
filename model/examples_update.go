package model

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// freshSetValues returns p with each value an update writes moved off the
// value the addressed item already holds, to another item's value of the
// same attribute. An update that writes what is there changes nothing a
// secondary index holds, so DynamoDB writes no index, and the example
// would measure (and price) a heartbeat's `SET lastSeenAt = :t` at 1 WCU
// where every real call, with a new time, also writes each index that
// projects lastSeenAt. Key parameters stay (they address the item), and so
// does any change that makes the write's condition fail, and so does a
// parameter whose attribute the update does not set: it is read from the
// item (a sparse index's copy, `SET pendingSellerId = :sellerId`, must
// copy the item's own sellerId, not another's).
func (m *Model) freshSetValues(ap *AccessPattern, sh reqShape, it attr.Item, p Params, others []attr.Item, rec *Recognizer, entity *Entity) Params {
	if ap.Operation != "UpdateItem" {
		return p
	}
	u, _ := boundUpdate(ap, p)
	if u == nil {
		return p
	}
	sets := map[string]bool{}
	for _, path := range u.Sets() {
		if len(path) > 0 {
			sets[path[0].Name] = true
		}
	}
	inKey := map[string]bool{}
	for _, k := range sh.keys {
		for _, tpl := range k {
			for _, name := range tpl.pars {
				inKey[name] = true
			}
		}
	}
	out := p
	for _, par := range ap.Parameters {
		name := par.Name
		cur, ok := text(it[name])
		if inKey[name] || !sets[name] || !ok || p[name] != cur {
			continue
		}
		for _, o := range others {
			v, ok := text(o[name])
			if !ok || v == cur {
				continue
			}
			if rec != nil && entity != nil {
				if e, _ := rec.EntityOf(sh.table, o); e != entity {
					continue
				}
			}
			q := make(Params, len(out))
			for k, x := range out {
				q[k] = x
			}
			q[name] = v
			if ok, _ := writeConditionHolds(ap, q, it); ok {
				out = q
				break
			}
		}
	}
	return out
}

// boundUpdate parses ap's UpdateExpression bound with p; nil when ap is
// not an update or its expression does not parse.
func boundUpdate(ap *AccessPattern, p Params) (*expr.Update, error) {
	in, err := ap.Input(p)
	if err != nil {
		return nil, err
	}
	x, ok := in.(*engine.UpdateItemInput)
	if !ok || x.UpdateExpression == nil {
		return nil, nil
	}
	return expr.ParseUpdate(*x.UpdateExpression, expr.NewPlaceholders(x.ExpressionAttributeNames, x.ExpressionAttributeValues))
}

// writeWeight is about the write units a write of ap, bound with p, costs
// on the item it addresses: 1 for the table, and for each secondary index
// 1 for an entry put, deleted or rewritten (its projection changed), 2 for
// a key that moves (a delete and a put). An update that changes nothing
// weighs 0, one that would fail -1. FindExamples takes the heaviest of the
// items it tries, so that the example measures what a call costs when it
// does what the pattern is for (a status change that takes an order out
// of a sparse index deletes its entry there), not a call that happens to
// change nothing an index holds.
func (m *Model) writeWeight(ap *AccessPattern, table string, p Params, it attr.Item) int {
	after := attr.Item(nil) // a delete leaves nothing
	switch ap.Operation {
	case "DeleteItem":
	case "UpdateItem":
		u, err := boundUpdate(ap, p)
		if u == nil || err != nil {
			return 1
		}
		if after, err = u.Apply(it); err != nil {
			return -1
		}
		if attr.Equal(attr.Map(it), attr.Map(after)) {
			return 0
		}
	default:
		return 1
	}
	t := m.Table(table)
	if t == nil {
		return 1
	}
	w := 1
	for _, g := range t.GlobalSecondaryIndexes {
		w += indexWrites(t.KeySchema, g.KeySchema, g.Projection, it, after)
	}
	for _, l := range t.LocalSecondaryIndexes {
		w += indexWrites(t.KeySchema, l.KeySchema, l.Projection, it, after)
	}
	return w
}

// indexWrites is the entries an index with keys and projection writes when
// an item goes from before to after (nil: deleted).
func indexWrites(tableKeys, keys []schema.KeySchemaElement, pr schema.Projection, before, after attr.Item) int {
	in := func(it attr.Item) bool {
		for _, k := range keys {
			if it[k.AttributeName] == nil {
				return false
			}
		}
		return it != nil
	}
	was, is := in(before), in(after)
	switch {
	case !was && !is:
		return 0
	case was != is:
		return 1
	}
	for _, k := range keys {
		if !attr.Equal(before[k.AttributeName], after[k.AttributeName]) {
			return 2
		}
	}
	var carried []string // every entry holds the index's and the table's keys
	for _, k := range append(slices.Clone(keys), tableKeys...) {
		carried = append(carried, k.AttributeName)
	}
	for _, it := range []attr.Item{before, after} {
		for name, v := range it {
			if !attr.Equal(v, before[name]) || !attr.Equal(v, after[name]) {
				if pr.ProjectsAttribute(name, carried...) {
					return 1
				}
			}
		}
	}
	return 0
}
