package advise

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/dynamodb-workbench/workbench/model"
)

// subset is a subset of an entity's items chosen by values (where status =
// OPEN) and read by a lookup attribute (assigneeId): a sparse index keys
// on a marker attribute (openAssigneeId) that only the subset's items
// carry, a copy of the lookup attribute. The writes that change
// membership set the marker (and the index's key attributes) when the item
// joins the subset and remove them when it leaves.
type subset struct {
	e      *entity
	conds  []Condition
	source string // the lookup attribute the marker copies
	marker string
}

// text is the subset in the description's words: "status = OPEN".
func (s *subset) text() string {
	var ws []string
	for _, c := range s.conds {
		ws = append(ws, c.Attribute+" = "+c.Value)
	}
	return strings.Join(ws, " and ")
}

// fix writes the subset's values into a template in place of their
// parameters.
func (s *subset) fix(tpl string) string {
	for _, c := range s.conds {
		tpl = strings.ReplaceAll(tpl, "{"+c.Attribute+"}", c.Value)
	}
	return tpl
}

// generator is the marker's generator: the source's value on the
// subset's items, none on the others.
func (s *subset) generator() string {
	var args []string
	for _, c := range s.conds {
		args = append(args, c.Attribute, c.Value)
	}
	return "when(" + strings.Join(append(args, s.source), ",") + ")"
}

// share is the subset's share of the entity's items, from the first
// condition's generator weights; false when they do not say.
func (s *subset) share() (float64, bool) {
	f, ok := valueShare(s.e, s.conds[0].Attribute, s.conds[0].Value)
	for _, c := range s.conds[1:] {
		g, ok2 := valueShare(s.e, c.Attribute, c.Value)
		f, ok = f*g, ok && ok2
	}
	return f, ok
}

// subsetOf returns the subset of e chosen by conds and looked up by
// source, the same one for every read that names it.
func (d *designer) subsetOf(e *entity, conds []Condition, source string) (*subset, error) {
	name := ""
	for _, c := range conds {
		name += camelWord(c.Value)
	}
	name = lowerFirst(name) + strings.ToUpper(source[:1]) + source[1:]
	for _, s := range d.subsets {
		if s.e == e && s.marker == name {
			return s, nil
		}
	}
	if e.attr(name) != nil {
		return nil, fmt.Errorf("where %s: the sparse index's marker would be %s, which is an attribute of %s already", conds[0].Attribute, name, e.in.Name)
	}
	s := &subset{e: e, conds: conds, source: source, marker: name}
	d.subsets = append(d.subsets, s)
	for _, c := range conds {
		// The chosen value is among the attribute's values before the
		// writes are split by its share (branchWrites).
		if a := e.attr(c.Attribute); a != nil && a.Generator == "" {
			a.Generator = d.guess(e, *a)
		}
	}
	return s, nil
}

// camelWord turns a value into a word of a name: OPEN -> Open,
// IN_PROGRESS -> InProgress, 5 -> 5.
func camelWord(v string) string {
	var b strings.Builder
	up := true
	for _, r := range v {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		up = false
	}
	return b.String()
}

// marker returns the subset whose marker attribute is name, if any.
func (d *designer) markerOf(e *entity, name string) *subset {
	for _, s := range d.subsets {
		if s.e == e && s.marker == name {
			return s
		}
	}
	return nil
}

// affected returns the subsets of e whose membership a write of the
// attributes set changes (a create writes them all: set is nil).
func (d *designer) affected(e *entity, set []string, create bool) []*subset {
	var out []*subset
	for _, s := range d.subsets {
		if s.e != e {
			continue
		}
		for _, c := range s.conds {
			if create || slices.Contains(set, c.Attribute) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// branchWrites splits each write that changes a subset's membership in
// two, as application code branches on the new value: the write that puts
// the item in the subset (the value fixed: it sets the marker and the
// index keys) and the write for any other value (it removes them, and its
// condition refuses the subset's value, so a caller cannot take the wrong
// branch). The rate divides by the subset's share.
func (d *designer) branchWrites() error {
	for _, p := range slices.Clone(d.pats) {
		if p.action != Create && p.action != Update {
			continue
		}
		subs := d.affected(p.e, p.in.Set, p.action == Create)
		if len(subs) == 0 {
			continue
		}
		p.out = subs
		if err := d.split(p, subs, func(v *pattern, s *subset, others []*subset) { v.into, v.out = s, others }); err != nil {
			return err
		}
	}
	return nil
}

// split adds a branch of write p for each subset in subs, named after the
// subset, at the subset's share of p's rate (an even share where the
// subset's values carry no weights); p keeps the rest. branch marks each
// branch with its subset and the others.
func (d *designer) split(p *pattern, subs []*subset, branch func(v *pattern, s *subset, others []*subset)) error {
	rest := 1.0
	for _, s := range subs {
		f, ok := s.share()
		if !ok {
			f = 1 / float64(len(subs)+1)
		}
		rest -= f
		v := *p
		v.in.Name = fmt.Sprintf("%s (%s)", p.in.Name, s.text())
		v.in.Rate = p.in.Rate * f
		branch(&v, s, slices.DeleteFunc(slices.Clone(subs), func(x *subset) bool { return x == s }))
		for _, q := range d.pats {
			if q.in.Name == v.in.Name {
				return errorf(Location{Pattern: v.in.Name}, "two access patterns have this name")
			}
		}
		d.pats = append(d.pats, &v)
		p.e.patterns = append(p.e.patterns, &v)
	}
	p.in.Rate *= max(0, rest)
	return nil
}

// subsetAttributes gives each subset's entity its marker attribute, after
// the attributes the marker reads (when() reads the item's earlier ones).
func (d *designer) subsetAttributes() {
	for _, s := range d.subsets {
		typ := "S"
		if a := s.e.attr(s.source); a != nil {
			typ = a.Type
		}
		s.e.attrs = append(s.e.attrs, model.Attribute{Name: s.marker, Type: typ, Generator: s.generator()})
	}
}

// sparseKeys are the index keys of e that a subset's marker builds (the
// subset's sparse indexes), by index name, sorted.
func (d *designer) sparseKeys(e *entity, s *subset) []string {
	var out []string
	for ix, sh := range e.indexes {
		if slices.Contains(sh.params(), s.marker) {
			out = append(out, ix)
		}
	}
	slices.Sort(out)
	return out
}

// sparseIndex reports whether index ix of e is keyed on a subset's marker.
func (d *designer) sparseIndex(e *entity, ix string) bool {
	for _, p := range e.indexes[ix].params() {
		if d.markerOf(e, p) != nil {
			return true
		}
	}
	return false
}

// unmark replaces the marker parameters of a template by their sources:
// a request names the lookup value ({assigneeId}); the marker is its copy.
func (d *designer) unmark(e *entity, tpl string) string {
	for _, s := range d.subsets {
		if s.e == e {
			tpl = strings.ReplaceAll(tpl, "{"+s.marker+"}", "{"+s.source+"}")
		}
	}
	return tpl
}

// branch adds to a write's request what its subsets need: the branch into
// a subset fixes the subset's values and sets the marker and the sparse
// index keys; the others refuse those values in their condition and (an
// update) remove the marker and the keys. values and names are the
// request's; set are the attribute placeholders (":a0" for status) the
// write gives each attribute. It returns the SET parts, the REMOVE parts
// and the condition's additions.
func (d *designer) branch(p *pattern, placeholder map[string]string, names, values obj) (sets, removes, conds []string) {
	e := p.e
	if s := p.into; s != nil {
		for _, c := range s.conds {
			if ph, ok := placeholder[c.Attribute]; ok {
				values[ph] = sval(c.Value)
			}
		}
		names["#"+s.marker] = s.marker
		values[":"+s.marker] = obj{typeOf(e, s.source): "{" + s.source + "}"}
		sets = append(sets, fmt.Sprintf("#%s = :%s", s.marker, s.marker))
		for _, ix := range d.sparseKeys(e, s) {
			sh := e.indexes[ix]
			a, b := keyNames(ix)
			names["#"+a], names["#"+b] = a, b
			values[":"+a], values[":"+b] = sval(d.unmark(e, sh.pkTemplate())), sh.skObj(d.unmark(e, sh.skTemplate()))
			sets = append(sets, fmt.Sprintf("#%s = :%s", a, a), fmt.Sprintf("#%s = :%s", b, b))
		}
		// The subset's values are fixed: every key built from them too.
		for k, v := range values {
			if o, ok := v.(obj); ok {
				if str, ok := o["S"].(string); ok {
					o["S"] = s.fix(str)
				}
			}
			values[k] = v
		}
		base := strings.TrimSuffix(p.in.Name, " ("+s.text()+")")
		d.why(Location{Table: e.table.name, Entity: e.in.Name, Pattern: p.in.Name}, "the branch of %q whose new value puts the %s in the subset %s: it also sets %s (a copy of %s) and the keys of %s, so the item joins the sparse index; %q is the branch for every other value, which removes them", base, e.in.Name, s.text(), s.marker, s.source, strings.Join(d.sparseKeys(e, s), ", "), base)
	}
	for i, s := range p.out {
		for j, c := range s.conds {
			ph, ok := placeholder[c.Attribute]
			if !ok {
				continue
			}
			not := fmt.Sprintf(":not%d_%d", i, j)
			values[not] = sval(c.Value)
			conds = append(conds, fmt.Sprintf("%s <> %s", ph, not))
		}
		if p.action == Update {
			names["#"+s.marker] = s.marker
			removes = append(removes, "#"+s.marker)
			for _, ix := range d.sparseKeys(e, s) {
				a, b := keyNames(ix)
				names["#"+a], names["#"+b] = a, b
				removes = append(removes, "#"+a, "#"+b)
			}
		}
	}
	if len(p.out) > 0 && p.into == nil {
		var ss []string
		for _, s := range p.out {
			ss = append(ss, fmt.Sprintf("%s (%s)", s.text(), strings.Join(d.sparseKeys(e, s), ", ")))
		}
		d.why(Location{Table: e.table.name, Entity: e.in.Name, Pattern: p.in.Name}, "this write changes who is in the subset %s, so it has a branch per new value, as application code would: this one is for any value outside the subset (its condition refuses the subset's value) and leaves the item out of the sparse index; the branch named after the subset puts it in", strings.Join(ss, "; "))
	}
	return sets, removes, conds
}

// typeOf is attribute name's DynamoDB type on e (S when unknown).
func typeOf(e *entity, name string) string {
	if a := e.attr(name); a != nil && a.Type != "" {
		return a.Type
	}
	return "S"
}

// branchCreate is branch for a create: the branch into a subset writes
// the subset's values, the marker and the sparse index keys in the item;
// the others refuse the subset's values in their condition.
func (d *designer) branchCreate(p *pattern, req, item obj) {
	e := p.e
	if s := p.into; s != nil {
		for _, c := range s.conds {
			item[c.Attribute] = sval(c.Value)
		}
		item[s.marker] = obj{typeOf(e, s.source): "{" + s.source + "}"}
		for _, ix := range d.sparseKeys(e, s) {
			sh := e.indexes[ix]
			a, b := keyNames(ix)
			item[a], item[b] = sval(d.unmark(e, sh.pkTemplate())), sh.skObj(d.unmark(e, sh.skTemplate()))
		}
		for _, v := range item {
			if o := v.(obj); o["S"] != nil {
				o["S"] = s.fix(o["S"].(string))
			}
		}
	}
	values := obj{}
	cond := []string{"attribute_not_exists(PK)"}
	for i, s := range p.out {
		for j, c := range s.conds {
			if _, ok := item[c.Attribute]; !ok {
				continue
			}
			v, not := fmt.Sprintf(":new%d_%d", i, j), fmt.Sprintf(":not%d_%d", i, j)
			values[v], values[not] = item[c.Attribute], sval(c.Value)
			cond = append(cond, v+" <> "+not)
		}
	}
	if len(values) > 0 {
		req["ExpressionAttributeValues"] = values
		req["ConditionExpression"] = strings.Join(cond, " AND ")
	}
}
