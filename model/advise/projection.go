package advise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Index projections. An index holding an attribute takes a write each
// time an update changes it (1 WCU per 1 KB, on top of the table's); an
// update that changes no attribute an index holds, and none of its keys,
// writes the table only. So an attribute updated far more often than the
// index is read (a heartbeat's lastSeenAt at 5,000/s beside a list read at
// 10/s) is left out of the index: the index projects the other attributes
// (INCLUDE), and a read that needs the left-out one takes it from the
// table.

// updatesPerRead is how many updates a second of an attribute, per read a
// second of the index, leave it out of the index.
const updatesPerRead = 10

// maxNonKeyAttributes is DynamoDB's limit on the NonKeyAttributes of all
// of a table's secondary indexes together.
const maxNonKeyAttributes = 100

// chooseProjections sets the projection of each index of each table.
func (d *designer) chooseProjections() {
	for _, t := range d.tables {
		budget := maxNonKeyAttributes
		for _, ix := range t.indexes {
			pr, reason := d.projectionFor(t, ix, budget)
			if pr == nil {
				continue
			}
			budget -= len(pr.NonKeyAttributes)
			if t.projections == nil {
				t.projections = map[string]schema.Projection{}
			}
			t.projections[ix] = *pr
			d.why(Location{Table: t.name, Index: ix}, "%s", reason)
		}
	}
}

// projectionFor returns ix's projection and its reason, or nil for ALL.
func (d *designer) projectionFor(t *table, ix string, budget int) (*schema.Projection, string) {
	reads := map[*entity]float64{}    // index reads a second, per entity
	readers := map[*entity][]string{} // and the patterns that make them
	for _, p := range d.pats {
		q := p
		if p.via != nil {
			q = p.via
		}
		if q.index == ix && q.action != Create && q.action != Update && q.action != Delete {
			reads[q.e] += p.in.Rate
			readers[q.e] = append(readers[q.e], p.in.Name)
		}
	}
	type left struct {
		name        string
		updates     float64
		by          []string
		reads       float64
		readPattern []string
	}
	var out []left
	var keep []string
	for _, e := range t.ents {
		if _, ok := e.indexes[ix]; !ok {
			continue
		}
		keyed := d.keyAttributes(e)
		for _, a := range e.attrs {
			name := a.Name
			if keyed[name] {
				keep = append(keep, name)
				continue
			}
			u, by := 0.0, []string(nil)
			for _, p := range e.patterns {
				if p.action == Update && slices.Contains(p.in.Set, name) {
					u += p.in.Rate
					if !slices.Contains(by, p.in.Name) {
						by = append(by, p.in.Name)
					}
				}
			}
			if u > 0 && u >= updatesPerRead*reads[e] {
				out = append(out, left{name, u, by, reads[e], readers[e]})
				continue
			}
			keep = append(keep, name)
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	slices.Sort(keep)
	keep = slices.Compact(keep)
	// A name another entity of the index keeps stays in.
	out = slices.DeleteFunc(out, func(l left) bool { return slices.Contains(keep, l.name) })
	if len(out) == 0 {
		return nil, ""
	}
	if len(keep) > budget {
		return nil, ""
	}
	pr := &schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: keep}
	if len(keep) == 0 {
		pr = &schema.Projection{ProjectionType: schema.ProjectKeysOnly}
	}
	var parts []string
	for _, l := range out {
		parts = append(parts, fmt.Sprintf("%s (set at %.0f/s by %s, against %.0f reads/s of the index: %s)",
			l.name, l.updates, quoteAll(l.by), l.reads, quoteAll(l.readPattern)))
	}
	held := "only the keys (KEYS_ONLY)"
	if len(keep) > 0 {
		held = "the other attributes (INCLUDE " + strings.Join(keep, ", ") + ")"
	}
	them := "them"
	if len(out) == 1 {
		them = "it"
	}
	return pr, fmt.Sprintf("%s projects %s, not %s: an index that held %s would take a write on each of those updates (1 WCU per 1 KB per index, beside the table's), while an update that changes no attribute an index holds, and none of its keys, writes the table only; a read of %s that needs %s takes %s from the table (GetItem by the key it returns)",
		ix, held, strings.Join(parts, "; "), them, ix, them, them)
}

// keyAttributes are the attributes e's keys (table and indexes) are built
// from: an update of one rewrites keys anyway.
func (d *designer) keyAttributes(e *entity) map[string]bool {
	out := map[string]bool{}
	for _, n := range e.home.params() {
		out[n] = true
	}
	for _, sh := range e.indexes {
		for _, n := range sh.params() {
			out[n] = true
		}
	}
	return out
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
