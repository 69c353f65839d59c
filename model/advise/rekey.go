package advise

import (
	"fmt"
	"slices"
	"strings"
)

// rekeyed returns the subsets of e whose sparse index keys a write of the
// attributes set rewrites without changing membership: set holds the
// marker's source (reassigning an open issue) or another attribute of the
// sparse index's keys (its sort key, updatedAt), and none of the
// subset's condition attributes (those writes are branchWrites').
func (d *designer) rekeyed(e *entity, set []string) []*subset {
	var out []*subset
	for _, s := range d.subsets {
		if s.e != e || len(d.affected(e, set, false)) > 0 {
			continue
		}
		params := []string{s.source}
		for _, ix := range d.sparseKeys(e, s) {
			params = append(params, e.indexes[ix].params()...)
		}
		for _, a := range set {
			if slices.Contains(params, a) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// rekeyWrites splits each update that rewrites a sparse index's keys in
// two, chosen by the item's current membership, as an expert's code
// does: the branch for an item in the subset (its condition requires the
// subset's values) also SETs the marker and the index keys; the branch
// for the others (its condition refuses them) sets only the attributes.
// Without the split the index would keep the item under its old key (an
// open issue reassigned, still listed under its old assignee). Run once
// every key is known; the rate divides by the subset's share.
func (d *designer) rekeyWrites() error {
	for _, p := range slices.Clone(d.pats) {
		if p.action != Update || p.into != nil || len(p.out) > 0 {
			continue
		}
		subs := d.rekeyed(p.e, p.in.Set)
		if len(subs) == 0 {
			continue
		}
		p.outside = subs
		if err := d.split(p, subs, func(v *pattern, s *subset, others []*subset) { v.within, v.outside = s, others }); err != nil {
			return err
		}
	}
	return nil
}

// rekey adds to an update's request what rekeyWrites' branches need: the
// branch within a subset requires the subset's values on the item and
// sets the marker and the sparse index keys; every branch refuses the
// items of the subsets it is not for. It returns the SET parts and the
// condition's additions.
func (d *designer) rekey(p *pattern, names, values obj) (sets, conds []string) {
	e := p.e
	where := Location{Table: e.table.name, Entity: e.in.Name, Pattern: p.in.Name}
	member := func(tag string, i int, s *subset) string {
		var cs []string
		for j, c := range s.conds {
			n, v := fmt.Sprintf("#%s%d_%d", tag, i, j), fmt.Sprintf(":%s%d_%d", tag, i, j)
			names[n], values[v] = c.Attribute, sval(c.Value)
			cs = append(cs, n+" = "+v)
		}
		return strings.Join(cs, " AND ")
	}
	if s := p.within; s != nil {
		conds = append(conds, member("in", 0, s))
		names["#"+s.marker] = s.marker
		values[":"+s.marker] = obj{typeOf(e, s.source): "{" + s.source + "}"}
		sets = append(sets, fmt.Sprintf("#%s = :%s", s.marker, s.marker))
		for _, ix := range d.sparseKeys(e, s) {
			sh := e.indexes[ix]
			a, b := keyNames(ix)
			names["#"+a], names["#"+b] = a, b
			values[":"+a], values[":"+b] = sval(s.fix(d.unmark(e, sh.pkTemplate()))), sh.skObj(s.fix(d.unmark(e, sh.skTemplate())))
			sets = append(sets, fmt.Sprintf("#%s = :%s", a, a), fmt.Sprintf("#%s = :%s", b, b))
		}
		// The keys' other attributes come from the caller, who read them:
		// the condition requires they are the item's, so a stale value
		// fails rather than files the item under a wrong key.
		var held []string
		for _, ix := range d.sparseKeys(e, s) {
			for _, a := range e.indexes[ix].params() {
				if a == s.marker {
					a = s.source
				}
				if !slices.Contains(p.in.Set, a) && !slices.Contains(e.home.params(), a) && !slices.Contains(held, a) {
					held = append(held, a)
				}
			}
		}
		for i, a := range held {
			n, v := fmt.Sprintf("#is%d", i), fmt.Sprintf(":is%d", i)
			names[n], values[v] = a, obj{typeOf(e, a): "{" + a + "}"}
			conds = append(conds, n+" = "+v)
		}
		base := strings.TrimSuffix(p.in.Name, " ("+s.text()+")")
		d.why(where, "the branch of %q for an item already in the subset %s (its condition requires %s): it also rewrites %s (a copy of %s) and the keys of %s, so the sparse index follows the change; %q is the branch for every other item, which sets only the attributes. One request either way: the caller knows the item's %s; without it, a GetItem first", base, s.text(), s.text(), s.marker, s.source, strings.Join(d.sparseKeys(e, s), ", "), base, s.conds[0].Attribute)
	}
	for i, s := range p.outside {
		conds = append(conds, "NOT ("+member("out", i, s)+")")
	}
	if p.within == nil && len(p.outside) > 0 {
		var ss []string
		for _, s := range p.outside {
			ss = append(ss, fmt.Sprintf("%s (%s)", s.text(), strings.Join(d.sparseKeys(e, s), ", ")))
		}
		d.why(where, "this write changes keys of the sparse index of %s, so it has a branch per current membership, one request each: this one is for an item outside the subset (its condition refuses the subset's values) and sets only the attributes; the branch named after the subset also rewrites the marker and the index keys (the alternative, a GetItem first to learn the item's membership, is a second request)", strings.Join(ss, "; "))
	}
	return sets, conds
}
