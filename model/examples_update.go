package model

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// freshSetValues returns p with each value an update writes moved off the
// value the addressed item already holds, to another item's value of the
// same attribute. An update that writes what is there changes nothing a
// secondary index holds, so DynamoDB writes no index, and the example
// would measure (and price) a heartbeat's `SET lastSeenAt = :t` at 1 WCU
// where every real call, with a new time, also writes each index that
// projects lastSeenAt. Key parameters stay (they address the item), and so
// does any change that makes the write's condition fail.
func (m *Model) freshSetValues(ap *AccessPattern, sh reqShape, it attr.Item, p Params, others []attr.Item, rec *Recognizer, entity *Entity) Params {
	if ap.Operation != "UpdateItem" {
		return p
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
		if inKey[name] || !ok || p[name] != cur {
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
			}
			break
		}
	}
	return out
}
