package advise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// MaxShards is how many ways a low-cardinality index key is split.
const MaxShards = 4

// Bounds of an input, so that a proposal (and the dataset it generates for
// its examples) stays small.
const (
	MaxEntities = 50
	MaxPatterns = 200
)

// shape is where an entity's items sit in one key space (the table's or an
// index's): a partition key of one parameter and a sort key of literal
// text and parameters.
type shape struct {
	pkLit   string   // "CUSTOMER#" or "ORDER#STATUS#"; the whole key when pkParam is ""
	pkParam string   // the parameter; "" for a constant partition key
	shard   string   // a shard parameter after pkParam ("" for none)
	skLit   string   // "ORDER#"; the whole key when skParams is empty
	sk      []string // sort key parameters, most general first
	// num: the sort key is sk[0] alone, a Number (an index's range of a
	// number: inside a string, "100" sorts before "43"). An index's keys
	// need not be unique, so no id follows it.
	num bool
}

func (s shape) pkTemplate() string {
	t := s.pkLit
	if s.pkParam != "" {
		t += "{" + s.pkParam + "}"
	}
	if s.shard != "" {
		t += "#{" + s.shard + "}"
	}
	return t
}

func (s shape) skTemplate() string {
	if s.num {
		return "{" + s.sk[0] + "}"
	}
	if len(s.sk) == 0 {
		return strings.TrimSuffix(s.skLit, "#")
	}
	parts := make([]string, len(s.sk))
	for i, p := range s.sk {
		parts[i] = "{" + p + "}"
	}
	return s.skLit + strings.Join(parts, "#")
}

// skValue is the sort key's value in a request: a string template, or the
// number of a num shape.
func (s shape) skValue() obj { return s.skObj(s.skTemplate()) }

// skObj is a value of the shape's sort key holding tpl.
func (s shape) skObj(tpl string) obj {
	if s.num {
		return obj{"N": tpl}
	}
	return sval(tpl)
}

// params returns every parameter of the shape's keys.
func (s shape) params() []string {
	var out []string
	for _, p := range append([]string{s.pkParam, s.shard}, s.sk...) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// entity is an entity being designed.
type entity struct {
	in       Entity
	upper    string // "ORDER"
	id       string
	attrs    []model.Attribute
	table    *table
	home     shape
	indexes  map[string]shape // index name -> the entity's shape in it
	patterns []*pattern
	// apart says a child some read takes with its parent has a collection
	// of its own (its writes would make the parent's key hot).
	apart bool
	// apartOwn says such a child, made and removed fast, keeps a
	// collection of its own keyed by the parent's id (apart.go).
	apartOwn bool
}

// timeAttr is the attribute of e that tells when an item happened,
// outside by; "" for none. "Newest first" is an order in time: a sort key
// of the id alone orders by id (a UUID's order is random, a sequence's is
// the order of the writes, not of the time the item records).
func timeAttr(e *entity, by []string) string {
	for _, a := range e.attrs {
		if a.Name != e.id && !slices.Contains(by, a.Name) && holdsTime(a) {
			return a.Name
		}
	}
	return ""
}

// holdsTime reports whether a's values are times that sort as text: a
// string whose generator, given or the one its name gets (gen.Guess),
// writes ISO timestamps or dates. A guessed one counts only for a name
// that says it is a time (createdAt, placedAt, orderDate, startTime):
// gen.Guess gives a timestamp to any name ending in "at" (format, seat).
func holdsTime(a model.Attribute) bool {
	if a.Type != "" && a.Type != "S" || isTTLName(a.Name) {
		return false
	}
	g := a.Generator
	if g == "" {
		n := strings.ToLower(a.Name)
		if !strings.HasSuffix(a.Name, "At") && !strings.HasSuffix(n, "date") && !strings.HasSuffix(n, "time") && !strings.HasSuffix(n, "timestamp") {
			return false
		}
		g = gen.Guess(a.Name, "S")
	}
	kind, _, _ := strings.Cut(g, "(")
	return kind == "timestamp" || kind == "date"
}

func (e *entity) attr(name string) *model.Attribute {
	for i := range e.attrs {
		if e.attrs[i].Name == name {
			return &e.attrs[i]
		}
	}
	return nil
}

// table is a table being designed.
type table struct {
	name    string
	ents    []*entity
	indexes []string // GSI names in order
	ttl     string
	// projections are the indexes that do not project every attribute
	// (projection.go); an index absent here projects ALL.
	projections map[string]schema.Projection
	// numSK are the indexes whose sort key is a Number (shape.num): only
	// entities whose shape there is one share them.
	numSK map[string]bool
}

// pattern is an access pattern being designed.
type pattern struct {
	in     Pattern
	e      *entity
	action string
	// by is the lookup attributes; a read of a subset (Where) looks up by
	// the subset's marker instead of the first of them.
	by []string
	// sub is the subset a read reads; into the subset a write variant puts
	// its item in (nil for none), out those its item leaves.
	sub, into *subset
	out       []*subset
	// within is the subset an update's branch is for (the item is in it
	// already: rekeyWrites), outside those its item is not in.
	within  *subset
	outside []*subset
	index   string // "" for the table
	// sortBy is what a list's sort key orders it by: its range, or for a
	// list read newest first without one, the entity's timestamp
	// (timeAttr).
	sortBy string
	sh     shape
	ap     model.AccessPattern
	// via is how a read "with" children kept apart reads them (apart.go):
	// a list of the child by the parent's id, on the table or an index.
	via *pattern
}

type designer struct {
	sparse  []sparseRead
	subsets []*subset
	in      Input
	ents    []*entity
	byName  map[string]*entity
	tables  []*table
	pats    []*pattern
	reasons []Reason
	turns   []int // rootTurns, once computed
}

func (d *designer) why(where Location, format string, args ...any) {
	d.reasons = append(d.reasons, Reason{Where: where, Text: fmt.Sprintf(format, args...)})
}

func newDesigner(in Input) (*designer, error) {
	d := &designer{in: in, byName: map[string]*entity{}}
	if len(in.Entities) == 0 {
		return nil, fmt.Errorf("a design needs at least one entity")
	}
	if len(in.Entities) > MaxEntities || len(in.Patterns) > MaxPatterns {
		return nil, fmt.Errorf("a design has at most %d entities and %d access patterns", MaxEntities, MaxPatterns)
	}
	if d.in.Name == "" {
		d.in.Name = "My design"
	}
	if d.in.Table == "" {
		d.in.Table = tableName(d.in.Name)
	}
	ids := IDs(in)
	for _, ei := range in.Entities {
		where := Location{Entity: ei.Name}
		if !isName(ei.Name) {
			return nil, errorf(Location{Entity: fmt.Sprintf("%q", ei.Name)}, "an entity's name is a letter followed by letters and digits")
		}
		if d.byName[ei.Name] != nil {
			return nil, errorf(where, "the entity is listed twice")
		}
		e := &entity{in: ei, upper: strings.ToUpper(ei.Name), id: ei.ID, indexes: map[string]shape{}}
		if e.id == "" {
			e.id = ids[ei.Name]
		}
		for _, a := range ei.Attributes {
			if a.Type == "" {
				a.Type = "S"
				if isTTLName(a.Name) || isNumberName(a.Name) {
					// TTL reads only a Number (epoch seconds): an untyped
					// expiresAt is one, and turns TTL on (ttl, build.go).
					// An amount or a count is one too: as a string,
					// "100.00" sorts before "43.00", and neither can ADD.
					a.Type = "N"
				}
			}
			if !isName(a.Name) {
				return nil, errorf(where, "attribute %q: a name is a letter followed by letters, digits or '_'", a.Name)
			}
			if e.attr(a.Name) != nil {
				return nil, errorf(where, "attribute %s is listed twice", a.Name)
			}
			e.attrs = append(e.attrs, a)
		}
		d.ents = append(d.ents, e)
		d.byName[ei.Name] = e
	}
	for _, e := range d.ents {
		if e.in.Parent != "" && d.byName[e.in.Parent] == nil {
			return nil, errorf(Location{Entity: e.in.Name}, "parent %s is not an entity of the design", e.in.Parent)
		}
		if e.in.Parent == e.in.Name {
			return nil, errorf(Location{Entity: e.in.Name}, "an entity cannot be its own parent")
		}
		if p := d.byName[e.in.Parent]; p != nil {
			if a, pa := e.attr(p.id), p.attr(p.id); a != nil && a.Type != typeOf(p, p.id) && (pa != nil || a.Type != "S") {
				return nil, errorf(Location{Entity: e.in.Name, Attribute: p.id}, "%s is of type %s here, and it refers to its %s's id %s, of type %s", p.id, a.Type, p.in.Name, p.id, typeOf(p, p.id))
			}
		}
	}
	for i, pi := range in.Patterns {
		if pi.Name == "" {
			pi.Name = defaultName(pi)
		}
		where := Location{Pattern: pi.Name}
		e := d.byName[pi.Entity]
		if e == nil {
			return nil, errorf(where, "entity %q is not in the design", pi.Entity)
		}
		for _, p := range d.pats {
			if p.in.Name == pi.Name {
				return nil, errorf(where, "two access patterns have this name")
			}
		}
		for _, b := range append(slices.Clone(pi.By), pi.Range) {
			if b != "" && !isName(b) {
				return nil, errorf(where, "%q is not an attribute name", b)
			}
		}
		for _, b := range append(slices.Clone(pi.By), pi.Range) {
			if a := e.attr(b); a != nil && a.Type != "S" && a.Type != "N" && a.Type != "B" {
				return nil, errorf(where, "%s is of type %s: a lookup or range goes through a key, and a key holds S, N or B", b, a.Type)
			}
		}
		if slices.Contains(pi.By, pi.Range) && pi.Range != "" {
			return nil, errorf(where, "%s is both a lookup attribute and the range", pi.Range)
		}
		by := slices.Clone(pi.By)
		for _, c := range pi.Where {
			switch {
			case !isName(c.Attribute):
				return nil, errorf(where, "where %q: not an attribute name", c.Attribute)
			case c.Value == "" || strings.ContainsAny(c.Value, "#{}"):
				return nil, errorf(where, "where %s = %q: a value is a word without '#', '{' or '}'", c.Attribute, c.Value)
			case slices.Contains(by, c.Attribute) || c.Attribute == pi.Range:
				return nil, errorf(where, "where %s: the attribute is already a lookup attribute or the range", c.Attribute)
			}
			if a := e.attr(c.Attribute); a != nil && a.Type != "S" {
				return nil, errorf(where, "where %s: the attribute is of type %s, and a value in a key is text here (S)", c.Attribute, a.Type)
			}
			by = append(by, c.Attribute)
		}
		if len(pi.Where) > 0 && len(pi.By) == 0 {
			return nil, errorf(where, "where picks a subset of a lookup: give by (the subset of which items?)")
		}
		for _, w := range pi.With {
			c := d.byName[w]
			if c == nil || c.in.Parent != e.in.Name {
				return nil, errorf(where, "with %s: a get reads with it the children of %s, and %s is not an entity whose parent is %s", w, e.in.Name, w, e.in.Name)
			}
		}
		if len(pi.With) > 0 && !(len(pi.By) == 1 && pi.By[0] == e.id) {
			return nil, errorf(where, "with children: the get reads the %s by its id (by %s)", e.in.Name, e.id)
		}
		if pi.Limit < 0 {
			return nil, errorf(where, "limit %d: a page holds 1 or more items", pi.Limit)
		}
		act := pi.Action
		switch act {
		case "":
			act = List
			if len(pi.By) == 1 && pi.By[0] == e.id && pi.Range == "" {
				act = Get
			}
		case Get, List, Create, Update, Delete:
		default:
			return nil, errorf(where, "action %q is not one of get, list, create, update, delete", pi.Action)
		}
		if pi.Rate < 0 || pi.Rate != pi.Rate {
			return nil, errorf(where, "rate %v is not 0 or more requests per second", pi.Rate)
		}
		_ = i
		if len(pi.With) > 0 {
			act = List // one Query reads the item collection
		}
		p := &pattern{in: pi, e: e, action: act, by: by, sortBy: pi.Range}
		if pi.Range == "" && pi.Newest && act == List && len(pi.With) == 0 {
			p.sortBy = timeAttr(e, by)
		}
		if len(pi.Where) > 0 && (act == Get || act == List) {
			s, err := d.subsetOf(e, pi.Where, pi.By[0])
			if err != nil {
				return nil, errorf(where, "%v", err)
			}
			p.sub, p.by = s, append([]string{s.marker}, pi.By[1:]...)
		}
		d.pats = append(d.pats, p)
		e.patterns = append(e.patterns, p)
	}
	if err := d.branchWrites(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *designer) propose() (*Proposal, error) {
	d.completeAttributes()
	d.placeTables()
	d.markApart()
	for _, e := range d.ents {
		d.chooseHome(e)
	}
	for _, p := range d.pats {
		if err := d.route(p); err != nil {
			return nil, err
		}
	}
	if err := d.rekeyWrites(); err != nil {
		return nil, err
	}
	// Once every key is known: an attribute another key is built from
	// stays on every item.
	for _, r := range d.sparse {
		d.makeSparse(r.p, r.rare)
	}
	d.ttl()
	d.chooseProjections()
	m := d.build()
	for _, p := range d.pats {
		ap, err := d.request(m, p)
		if err != nil {
			return nil, err
		}
		m.AccessPatterns = append(m.AccessPatterns, ap)
	}
	d.workload(m)
	if err := fillExamples(m); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("the proposed model does not validate (a bug in the advisor): %v", err)
	}
	return &Proposal{Model: m, Reasons: d.reasons}, nil
}
