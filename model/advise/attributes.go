package advise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// completeAttributes gives every entity its id, its parent's id (a ref
// with the per-parent count) and the attributes its patterns name, each
// with a generator.
func (d *designer) completeAttributes() {
	for _, e := range d.ents {
		if e.attr(e.id) == nil {
			e.attrs = append([]model.Attribute{{Name: e.id, Type: "S", Required: true}}, e.attrs...)
		}
		e.attr(e.id).Required = true // every item has its id, however it was named
		if pn := e.in.Parent; pn != "" {
			parent := d.byName[pn]
			lo, hi := e.in.Min, e.in.Max
			if lo == 0 && hi == 0 {
				lo, hi = 1, 10
			}
			if hi < lo {
				hi = lo
			}
			src := fmt.Sprintf("ref(%s.%s,%d,%d)", pn, parent.id, lo, hi)
			if a := e.attr(parent.id); a != nil {
				if a.Generator == "" {
					a.Generator = src
				}
			} else {
				e.attrs = append(e.attrs, model.Attribute{Name: parent.id, Type: typeOf(parent, parent.id), Required: true, Generator: src})
			}
			d.why(Location{Entity: e.in.Name, Attribute: parent.id}, "each %s has %d to %d %ss; the generator makes them right after their %s (%s)", pn, lo, hi, e.in.Name, pn, src)
		}
		for _, p := range e.patterns {
			names := append(append(slices.Clone(p.by), p.in.Range), p.in.Set...)
			if p.sub != nil {
				names = append(names, p.sub.source)
				for _, c := range p.sub.conds {
					names = append(names, c.Attribute)
				}
			}
			for _, n := range names {
				if n == "" || e.attr(n) != nil || d.markerOf(e, n) != nil {
					continue
				}
				typ := "S"
				if owner := d.ownerOf(n); owner != nil && owner != e {
					typ = typeOf(owner, n)
					// Another entity's id: the items refer to one of its items.
					e.attrs = append(e.attrs, model.Attribute{Name: n, Type: typ, Required: true, Generator: fmt.Sprintf("ref(%s.%s)", owner.in.Name, n)})
					continue
				}
				e.attrs = append(e.attrs, model.Attribute{Name: n, Type: typ})
			}
		}
		for i := range e.attrs {
			// Another entity's id the user listed: a reference to its items
			// (a loan's isbn is a book's), drawn from the ids it has.
			a := &e.attrs[i]
			if owner := d.ownerOf(a.Name); a.Generator == "" && owner != nil && owner != e && a.Type == typeOf(owner, a.Name) {
				a.Generator = fmt.Sprintf("ref(%s.%s)", owner.in.Name, a.Name)
			}
		}
	}
	// Every attribute is listed (and every reference named) before any
	// generator is guessed: a pool's size follows from the roots' turns,
	// which follow from the references (rootTurns).
	for _, e := range d.ents {
		d.realistic(e)
		for i := range e.attrs {
			a := &e.attrs[i]
			if a.Generator == "" {
				a.Generator = d.guess(e, *a)
			}
		}
		d.distinctChildID(e)
		if a := e.attr(e.id); a != nil && !uniqueGenerator(a.Generator) && !strings.HasSuffix(a.Generator, ",distinct)") {
			d.why(Location{Entity: e.in.Name, Attribute: e.id}, "the id's generator %s may repeat values, and items with the same key overwrite each other", a.Generator)
		}
	}
	d.subsetAttributes()
}

// distinctChildID makes the id of a child that is another entity's id (a
// Membership of a Room whose id is its userId) differ among one parent's
// children: drawn from the other entity's ids at random, two of a room's
// Memberships could name the same User, share their key and overwrite
// each other, so that the room holds fewer members than the dataset made
// and the reads and counts tell of data that is not there.
func (d *designer) distinctChildID(e *entity) {
	a := e.attr(e.id)
	if a == nil || e.in.Parent == "" {
		return
	}
	inner, ok := strings.CutPrefix(a.Generator, "ref(")
	if !ok || !strings.HasSuffix(inner, ")") || strings.Contains(inner, ",") {
		return
	}
	target, _, _ := strings.Cut(inner, ".")
	if target == e.in.Parent {
		return
	}
	a.Generator = "ref(" + strings.TrimSuffix(inner, ")") + ",distinct)"
	d.why(Location{Entity: e.in.Name, Attribute: e.id}, "%s is a %s's id within its %s: each %s's %ss take different %ss (%s), so no two share a key and overwrite each other",
		e.id, e.in.Name, e.in.Parent, e.in.Parent, e.in.Name, target, a.Generator)
}

// PerValue is how many items of an entity share each value of a lookup
// attribute that names no entity of the design (an assignee, an author),
// in a 10,000-item dataset: a user has several issues. The pool's size
// follows from the relations (poolSize).
const PerValue = 5

// DatasetSize is the dataset the advisor sizes pools and collections for:
// the Load view's default.
const DatasetSize = 10_000

// people are the stems of ids that name a person, and the entities a
// design may keep people in: an assigneeId refers to a User's userId.
var (
	people     = []string{"assignee", "author", "owner", "reporter", "creator", "user", "member", "requester", "reviewer", "approver", "sender", "recipient", "manager", "customer", "buyer", "seller"}
	peopleKept = []string{"User", "Member", "Person", "Account", "Customer", "Employee", "Agent", "Author", "Staff"}
)

// poolSize is the number of values a lookup attribute of e draws from:
// e's items in a DatasetSize dataset over PerValue.
func (d *designer) poolSize(e *entity) int {
	n := DatasetSize * d.perRound(e) / d.roundSize()
	return max(5, int(n/PerValue))
}

// personEntity is the entity of the design an id with stem names (an
// assignee is a User), if any.
func (d *designer) personEntity(stem string) *entity {
	if !slices.Contains(people, strings.ToLower(stem)) {
		return nil
	}
	for _, name := range peopleKept {
		if e := d.byName[name]; e != nil {
			return e
		}
	}
	return nil
}

// realistic gives generators that look like an application's data to the
// attributes the user left without one (issue 25: comment ids were
// sentences, an author id a person's name, each assignee had exactly one
// issue, updatedAt came before createdAt): the entity's id a sequence or
// a ULID, an other id a pool of shared values, a time of change after the
// creation time.
func (d *designer) realistic(e *entity) {
	created := ""
	for _, a := range e.attrs {
		if a.Generator == "" || strings.HasPrefix(a.Generator, "timestamp") {
			if n := strings.ToLower(a.Name); n == "createdat" || n == "created" {
				created = a.Name
			}
		}
	}
	for i := range e.attrs {
		a := &e.attrs[i]
		if a.Generator == "" && a.Type == "N" && a.Name == e.id {
			a.Generator = "seq" // a numeric id: 0, 1, 2, ...
		}
		if a.Generator != "" || a.Type != "S" {
			continue
		}
		stem, isID := strings.CutSuffix(a.Name, "Id")
		n := strings.ToLower(a.Name)
		p := d.personRef(e, *a)
		switch {
		case a.Name == e.id:
			// An id that looks like one: the entity's prefix and its
			// number (ISSUE-00860); a reference copies it.
			a.Generator = fmt.Sprintf("seq(5,%s)", e.upper)
		case p != nil:
			a.Generator = fmt.Sprintf("ref(%s.%s)", p.in.Name, p.id)
			d.why(Location{Entity: e.in.Name, Attribute: a.Name}, "%s names a %s: its values are the %ss' ids (%s), so a lookup by it finds the %s's %ss", a.Name, p.in.Name, p.in.Name, a.Generator, p.in.Name, e.in.Name)
		case isID && stem != "" && a.Name != e.id && d.ownerOf(a.Name) == nil:
			size := d.poolSize(e)
			a.Generator = fmt.Sprintf("pool(%s,%d)", strings.ToUpper(stem), size)
			d.why(Location{Entity: e.in.Name, Attribute: a.Name}, "%s names no entity of the design: its values come from a pool of %d (%s), sized so that each is shared by about %d %ss in a %d-item dataset, as a lookup by it expects", a.Name, size, a.Generator, PerValue, e.in.Name, DatasetSize)
		case created != "" && a.Name != created && (strings.HasPrefix(n, "updated") || strings.HasPrefix(n, "modified") || strings.HasPrefix(n, "closed")):
			a.Generator = fmt.Sprintf("after(%s,0,30d)", created)
			// after() reads the earlier time: it must be made first.
			ci := slices.IndexFunc(e.attrs, func(x model.Attribute) bool { return x.Name == created })
			if ci > i {
				e.attrs[i], e.attrs[ci] = e.attrs[ci], e.attrs[i]
			}
		}
	}
}

// personRef is the design's person entity an attribute of e without a
// generator names by its id (an assigneeId names the User), if any.
func (d *designer) personRef(e *entity, a model.Attribute) *entity {
	stem, isID := strings.CutSuffix(a.Name, "Id")
	if a.Generator != "" || a.Type != "S" || a.Name == e.id || !isID || stem == "" || d.ownerOf(a.Name) != nil {
		return nil
	}
	return d.personEntity(stem)
}

// ownerOf returns the entity whose id attribute is name, if any.
func (d *designer) ownerOf(name string) *entity {
	for _, e := range d.ents {
		if e.id == name {
			return e
		}
	}
	return nil
}

// guess is the generator of an attribute the description gives none: the
// one its name suggests, except that an attribute a `where` picks by value
// takes those values (where status = BOOKED must find BOOKED items; the
// name's usual enum(ACTIVE,PENDING,CLOSED) would leave the subset empty).
func (d *designer) guess(e *entity, a model.Attribute) string {
	g := gen.Guess(a.Name, a.Type)
	if a.Type != "" && a.Type != "S" {
		return g
	}
	var vs []string
	for _, s := range d.subsets {
		for _, c := range s.conds {
			if s.e == e && c.Attribute == a.Name && !slices.Contains(vs, c.Value) {
				if c.Value == "" || strings.ContainsAny(c.Value, ",():") {
					return g // not a value the enum generator can write
				}
				vs = append(vs, c.Value)
			}
		}
	}
	if len(vs) == 0 {
		return g
	}
	parts := make([]string, 0, len(vs)+3)
	for _, v := range vs {
		parts = append(parts, v+":3")
	}
	if inner, ok := strings.CutPrefix(g, "enum("); ok && strings.HasSuffix(inner, ")") {
		for _, p := range strings.Split(strings.TrimSuffix(inner, ")"), ",") {
			if name, _, _ := strings.Cut(p, ":"); !slices.Contains(vs, name) {
				parts = append(parts, p)
			}
		}
	} else {
		parts = append(parts, "OTHER:7")
	}
	return "enum(" + strings.Join(parts, ",") + ")"
}
