package advise

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

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
	if len(s.sk) == 0 {
		return strings.TrimSuffix(s.skLit, "#")
	}
	parts := make([]string, len(s.sk))
	for i, p := range s.sk {
		parts[i] = "{" + p + "}"
	}
	return s.skLit + strings.Join(parts, "#")
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
}

// pattern is an access pattern being designed.
type pattern struct {
	in     Pattern
	e      *entity
	action string
	// by is the lookup attributes then the Where attributes (the key holds
	// both), and lits the values Where fixes.
	by    []string
	lits  map[string]string
	index string // "" for the table
	sh    shape
	ap    model.AccessPattern
}

type designer struct {
	sparse  []sparseRead
	in      Input
	ents    []*entity
	byName  map[string]*entity
	tables  []*table
	pats    []*pattern
	reasons []Reason
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
			e.id = namedID(ei)
		}
		for _, a := range ei.Attributes {
			if a.Type == "" {
				a.Type = "S"
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
		lits := map[string]string{}
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
			lits[c.Attribute] = c.Value
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
		p := &pattern{in: pi, e: e, action: act, by: by, lits: lits}
		d.pats = append(d.pats, p)
		e.patterns = append(e.patterns, p)
	}
	return d, nil
}

func (d *designer) propose() (*Proposal, error) {
	d.completeAttributes()
	d.placeTables()
	for _, e := range d.ents {
		d.chooseHome(e)
	}
	for _, p := range d.pats {
		if err := d.route(p); err != nil {
			return nil, err
		}
	}
	// Once every key is known: an attribute another key is built from
	// stays on every item.
	for _, r := range d.sparse {
		d.makeSparse(r.p, r.rare)
	}
	d.ttl()
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
				e.attrs = append(e.attrs, model.Attribute{Name: parent.id, Type: "S", Required: true, Generator: src})
			}
			d.why(Location{Entity: e.in.Name, Attribute: parent.id}, "each %s has %d to %d %ss; the generator makes them right after their %s (%s)", pn, lo, hi, e.in.Name, pn, src)
		}
		for _, p := range e.patterns {
			for _, n := range append(append(slices.Clone(p.by), p.in.Range), p.in.Set...) {
				if n == "" || e.attr(n) != nil {
					continue
				}
				typ := "S"
				if owner := d.ownerOf(n); owner != nil && owner != e {
					// Another entity's id: the items refer to one of its items.
					e.attrs = append(e.attrs, model.Attribute{Name: n, Type: typ, Required: true, Generator: fmt.Sprintf("ref(%s.%s)", owner.in.Name, n)})
					continue
				}
				e.attrs = append(e.attrs, model.Attribute{Name: n, Type: typ})
			}
		}
		d.realistic(e)
		for i := range e.attrs {
			a := &e.attrs[i]
			if a.Generator == "" {
				a.Generator = gen.Guess(a.Name, a.Type)
			}
		}
		if a := e.attr(e.id); a != nil && !uniqueGenerator(a.Generator) {
			d.why(Location{Entity: e.in.Name, Attribute: e.id}, "the id's generator %s may repeat values, and items with the same key overwrite each other", a.Generator)
		}
	}
}

// PoolSize is how many values a lookup attribute that names no entity
// of the design (an assignee, an author) draws from: each value is shared
// by several items, as a user has several issues.
const PoolSize = 20

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
		if a.Generator != "" || a.Type != "S" {
			continue
		}
		stem, isID := strings.CutSuffix(a.Name, "Id")
		n := strings.ToLower(a.Name)
		switch {
		case a.Name == e.id && !uniqueGenerator(gen.Guess(a.Name, a.Type)):
			a.Generator = "ulid"
		case isID && stem != "" && a.Name != e.id && d.ownerOf(a.Name) == nil:
			a.Generator = fmt.Sprintf("pool(%s,%d)", strings.ToUpper(stem), PoolSize)
			d.why(Location{Entity: e.in.Name, Attribute: a.Name}, "%s names no entity of the design: its values come from a pool of %d (%s), so that each is shared by several %ss, as a lookup by it expects", a.Name, PoolSize, a.Generator, e.in.Name)
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

// ownerOf returns the entity whose id attribute is name, if any.
func (d *designer) ownerOf(name string) *entity {
	for _, e := range d.ents {
		if e.id == name {
			return e
		}
	}
	return nil
}

func (d *designer) placeTables() {
	if d.in.TablePerEntity {
		for _, e := range d.ents {
			t := &table{name: e.in.Name}
			t.ents = []*entity{e}
			e.table = t
			d.tables = append(d.tables, t)
			d.why(Location{Table: t.name}, "one table per entity, as asked; a single table would let one Query read related entities together")
		}
		return
	}
	t := &table{name: d.in.Table, ents: d.ents}
	for _, e := range d.ents {
		e.table = t
	}
	d.tables = []*table{t}
	names := make([]string, len(d.ents))
	for i, e := range d.ents {
		names[i] = e.in.Name
	}
	d.why(Location{Table: t.name}, "one table holds %s: related items share a partition key, so one Query reads them together; generic key names (PK, SK) let every entity shape its own keys", strings.Join(names, ", "))
}

// shapeFor returns the shape that serves p directly: its first By
// attribute as the partition key, the other By attributes then the Range
// as the sort key (a composite sort key, most general first), then the id
// so that each item has its own key.
func (d *designer) shapeFor(e *entity, by []string, rng string) shape {
	var sh shape
	sh.skLit = e.upper + "#"
	if len(by) == 0 {
		sh.pkLit = e.upper
		if rng != "" {
			sh.pkLit = e.upper + "#" + strings.ToUpper(rng)
		}
	} else {
		sh.pkParam = by[0]
		if owner := d.ownerOf(by[0]); owner != nil {
			sh.pkLit = owner.upper + "#"
		} else {
			sh.pkLit = e.upper + "#" + strings.ToUpper(by[0]) + "#"
		}
	}
	if len(by) > 1 {
		sh.sk = append(sh.sk, by[1:]...)
	}
	if rng != "" {
		sh.sk = append(sh.sk, rng)
	}
	if !slices.Contains(sh.params(), e.id) {
		sh.sk = append(sh.sk, e.id)
	}
	if len(by) == 1 && by[0] == e.id && rng == "" {
		sh.skLit = "#" + e.upper
		sh.sk = nil
	}
	return sh
}

// lowCardinality reports whether attribute name of e has few values (an
// enum, a choice, a boolean, a constant), so a partition key on it alone
// would pile items onto few partitions.
func (d *designer) lowCardinality(e *entity, name string) bool {
	a := e.attr(name)
	if a == nil {
		return false
	}
	if a.Type == "BOOL" {
		return true
	}
	k := kind(a.Generator)
	return k == "enum" || k == "choice" || k == "bool" || k == "const"
}

// chooseHome picks where the entity's items sit in its table: the shape of
// its busiest read pattern whose partition key has many values (a tie goes
// to a list, which groups related items); without one, its own id.
func (d *designer) chooseHome(e *entity) {
	if d.collected(e) {
		return
	}
	var reads []*pattern
	for _, p := range e.patterns {
		if (p.action == Get || p.action == List) && len(p.by) > 0 {
			reads = append(reads, p)
		}
	}
	slices.SortStableFunc(reads, func(a, b *pattern) int {
		switch {
		case a.in.Rate != b.in.Rate:
			if a.in.Rate > b.in.Rate {
				return -1
			}
			return 1
		case a.action != b.action:
			if a.action == List {
				return -1
			}
			return 1
		}
		return 0
	})
	where := Location{Table: e.table.name, Entity: e.in.Name}
	for _, p := range reads {
		if d.lowCardinality(e, p.by[0]) {
			d.why(where, "not keyed by %s for %q: it has few values, and a partition key needs many so that items and traffic spread over partitions (one partition serves at most 3,000 reads and 1,000 writes a second: a hot key)", p.by[0], p.in.Name)
			continue
		}
		e.home = d.shapeFor(e, p.by, p.in.Range)
		if p.in.Rare && !slices.Contains(e.home.params(), e.id) {
			e.home.sk = append(e.home.sk, e.id)
		}
		d.explainHome(e, p)
		return
	}
	e.home = d.shapeFor(e, []string{e.id}, "")
	d.explainHome(e, nil)
}

// collected places e in the item collection a read "with" children asks
// for, and reports whether it did: a child some read takes with its parent
// sits under the parent's id (keeping the sort of its own list by that
// id), and the parent is keyed by its own id, so that one Query on the
// parent's partition returns it and them. Apart, the read would take a
// second request per parent, or an index whose writes double the
// children's write cost.
func (d *designer) collected(e *entity) bool {
	where := Location{Table: e.table.name, Entity: e.in.Name}
	if parent := d.byName[e.in.Parent]; parent != nil && parent.table == e.table {
		for _, p := range parent.patterns {
			if !slices.Contains(p.in.With, e.in.Name) {
				continue
			}
			rng := ""
			for _, q := range e.patterns {
				if q.action == List && len(q.by) == 1 && q.by[0] == parent.id {
					rng = q.in.Range
					break
				}
			}
			e.home = d.shapeFor(e, []string{parent.id}, rng)
			d.why(where, "PK = %s, SK = %s: %q reads each %s with its %ss, so they share its item collection and one Query returns them all; kept apart, the read would be a second request (twice the calls and latency) or an index holding the %ss again (its writes doubling theirs)",
				e.home.pkTemplate(), e.home.skTemplate(), p.in.Name, parent.in.Name, e.in.Name, e.in.Name)
			return true
		}
	}
	for _, p := range e.patterns {
		if len(p.in.With) == 0 {
			continue
		}
		e.home = d.shapeFor(e, []string{e.id}, "")
		d.why(where, "PK = %s, SK = %s: keyed by its own id so that its children (%s) can share its partition; %q reads them in one Query, the %s sorting first (its sort key begins with '#')",
			e.home.pkTemplate(), e.home.skTemplate(), strings.Join(p.in.With, ", "), p.in.Name, e.in.Name)
		return true
	}
	return false
}

func (d *designer) explainHome(e *entity, p *pattern) {
	where := Location{Table: e.table.name, Entity: e.in.Name}
	keys := fmt.Sprintf("PK = %s, SK = %s", e.home.pkTemplate(), e.home.skTemplate())
	switch {
	case p == nil:
		d.why(where, "%s: keyed by its own id (many values, so items spread evenly); no read pattern asks for another key", keys)
	case e.home.pkParam == e.id:
		d.why(where, "%s: %q reads it by its id, the busiest read", keys, p.in.Name)
	default:
		msg := fmt.Sprintf("%s: %q reads it by %s, the busiest read, so its items sit together in one item collection per %s", keys, p.in.Name, e.home.pkParam, e.home.pkParam)
		if owner := d.ownerOf(e.home.pkParam); owner != nil && owner != e && owner.home.pkParam == owner.id {
			msg += fmt.Sprintf(", beside the %s itself", owner.in.Name)
		}
		if len(e.home.sk) > 1 {
			msg += fmt.Sprintf("; the composite sort key orders them by %s", strings.Join(e.home.sk, ", then "))
		}
		d.why(where, "%s", msg)
	}
}

// serves reports whether shape sh answers a read by by and rng: the
// partition key is by[0], the following by attributes and the range are
// the sort key's leading parameters.
func serves(sh shape, by []string, rng string) bool {
	if len(by) == 0 || sh.pkParam != by[0] || sh.shard != "" {
		return false
	}
	want := slices.Clone(by[1:])
	if rng != "" {
		want = append(want, rng)
	}
	return len(want) <= len(sh.sk) && slices.Equal(sh.sk[:len(want)], want)
}

// route decides where a pattern reads from: the table, an index it shares
// with other entities (overloaded GSI1, GSI2, ...), or a Scan.
func (d *designer) route(p *pattern) error {
	e := p.e
	where := Location{Table: e.table.name, Entity: e.in.Name, Pattern: p.in.Name}
	switch p.action {
	case Create, Update, Delete:
		p.sh = e.home
		if len(p.in.By) > 0 && !slices.Equal(p.in.By, e.home.params()) {
			d.why(where, "a write addresses one item by its primary key, so the request takes %s", strings.Join(e.home.params(), " and "))
		}
		return nil
	}
	by, rng := p.by, p.in.Range
	if p.in.Rare {
		rare := rng
		if len(by) > 0 {
			rare = by[0]
		}
		if rare == "" {
			return errorf(where, "a rare subset is told apart by an attribute: give By or Range")
		}
		d.sparse = append(d.sparse, sparseRead{p, rare})
	}
	if !p.in.Rare && serves(e.home, by, rng) {
		p.sh = e.home
		if p.action == Get && !slices.Equal(e.home.params(), by) {
			p.action = List
		}
		return nil
	}
	if len(by) == 0 && !p.in.Rare {
		p.action = "scan"
		d.why(where, "no lookup attribute: a Scan reads the whole table and keeps the %s items; give By attributes to make it a Query", e.in.Name)
		return nil
	}
	sh := d.shapeFor(e, by, rng)
	if len(by) > 0 && d.lowCardinality(e, by[0]) && !p.in.Rare {
		sh.shard = "shard"
		if e.attr("shard") == nil {
			e.attrs = append(e.attrs, model.Attribute{Name: "shard", Type: "S", Required: true, Generator: fmt.Sprintf("int(0,%d)", MaxShards-1)})
		}
	}
	// Reuse an index this entity does not use yet: its key attributes are
	// overloaded, each entity writing its own templates.
	t := e.table
	name := ""
	for _, ix := range t.indexes {
		if _, used := e.indexes[ix]; !used {
			name = ix
			break
		}
	}
	if name == "" {
		if len(t.indexes) == schema.MaxGSIs {
			return errorf(where, "the table already has %d global secondary indexes, DynamoDB's limit", schema.MaxGSIs)
		}
		name = fmt.Sprintf("GSI%d", len(t.indexes)+1)
		t.indexes = append(t.indexes, name)
	}
	e.indexes[name] = sh
	p.index, p.sh = name, sh
	if p.action == Get {
		p.action = List // an index read is a Query: GSI keys need not be unique
	}
	iw := Location{Table: t.name, Index: name, Entity: e.in.Name, Pattern: p.in.Name}
	msg := fmt.Sprintf("%sPK = %s, %sSK = %s: the table's key (%s) does not answer a lookup by %s", name, sh.pkTemplate(), name, sh.skTemplate(), e.home.pkTemplate(), strings.Join(append(slices.Clone(by), rng), " and "))
	msg = strings.Replace(msg, " and )", ")", 1)
	msg = strings.TrimSuffix(strings.TrimSuffix(msg, " and "), " by ")
	if p.in.Rare {
		msg += "; sparse: only the items that carry the rare attribute get index keys, so the index holds just the subset the pattern reads"
	}
	if sh.shard != "" {
		msg += fmt.Sprintf("; %s has few values, so the key adds a shard 0-%d (write sharding) and the pattern queries every shard (a fan-out), keeping each partition's share of traffic small", by[0], MaxShards-1)
	}
	if len(t.ents) > 1 {
		msg += "; the index's key attributes are generic, so other entities can use the same index with their own templates (index overloading)"
	}
	d.why(iw, "%s", msg)
	return nil
}

// sparseRead is a rare pattern and the attribute only its subset carries.
type sparseRead struct {
	p    *pattern
	rare string
}

// makeSparse makes attribute rare of p's entity optional, so that the
// index keyed by it holds only the items that carry it; never when
// another key of the entity is built from it (the table's, or another
// index's): those keys would lose the items without it, and their reads
// would silently miss them (issue 25: a rare updatedAt made "issues of a
// project, recently updated" read 65 of 1,483 issues).
func (d *designer) makeSparse(p *pattern, rare string) {
	e := p.e
	a := e.attr(rare)
	where := Location{Entity: e.in.Name, Pattern: p.in.Name, Attribute: rare}
	if slices.Contains(e.home.params(), rare) {
		d.why(where, "%s is part of the table's key, so every item has it: the index cannot be sparse on it; to read a subset, say which with where (where status = OPEN puts the value in the key)", rare)
		return
	}
	for ix, sh := range e.indexes {
		if ix != p.index && slices.Contains(sh.params(), rare) {
			d.why(where, "%s is also a key attribute of %s: made rare, it would drop items from %s and its reads would miss them, so every item keeps it and the index is not sparse; to read a subset, say which with where (where status = OPEN puts the value in the key)", rare, ix, ix)
			return
		}
	}
	if a.Frequency == 0 || a.Frequency == 1 {
		a.Frequency = 0.05
		a.Required = false
		d.why(where, "a rare subset: %s is on about 5%% of the items (set its frequency to what you expect)", rare)
	}
}

// ttl turns on time to live where an entity has a TTL attribute (a ttl
// generator, or a Number named ttl or expires...).
func (d *designer) ttl() {
	for _, t := range d.tables {
		for _, e := range t.ents {
			for _, a := range e.attrs {
				if a.Type != "N" || kind(a.Generator) != "ttl" && !strings.EqualFold(a.Name, "ttl") && !strings.HasPrefix(strings.ToLower(a.Name), "expire") {
					continue
				}
				if t.ttl == "" {
					t.ttl = a.Name
					d.why(Location{Table: t.name, Entity: e.in.Name, Attribute: a.Name}, "time to live on %s: DynamoDB deletes an item some time after this epoch second passes, without a write of yours", a.Name)
				}
			}
		}
	}
}

// build assembles the model: tables, entities, dataset.
func (d *designer) build() *model.Model {
	m := &model.Model{Version: model.Version, Name: d.in.Name, Description: "Proposed from access patterns by the design advisor."}
	for _, t := range d.tables {
		def := schema.TableDefinition{
			TableName: t.name,
			AttributeDefinitions: []schema.AttributeDefinition{
				{AttributeName: "PK", AttributeType: schema.TypeS}, {AttributeName: "SK", AttributeType: schema.TypeS}},
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: "PK", KeyType: schema.KeyTypeHash}, {AttributeName: "SK", KeyType: schema.KeyTypeRange}},
			BillingMode: schema.BillingPayPerRequest,
		}
		for _, ix := range t.indexes {
			def.AttributeDefinitions = append(def.AttributeDefinitions,
				schema.AttributeDefinition{AttributeName: ix + "PK", AttributeType: schema.TypeS},
				schema.AttributeDefinition{AttributeName: ix + "SK", AttributeType: schema.TypeS})
			def.GlobalSecondaryIndexes = append(def.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{
				IndexName: ix,
				KeySchema: []schema.KeySchemaElement{
					{AttributeName: ix + "PK", KeyType: schema.KeyTypeHash}, {AttributeName: ix + "SK", KeyType: schema.KeyTypeRange}},
				Projection: schema.Projection{ProjectionType: schema.ProjectAll},
			})
		}
		mt := model.Table{TableDefinition: def}
		if t.ttl != "" {
			mt.TimeToLiveSpecification = &model.TimeToLive{AttributeName: t.ttl, Enabled: true}
		}
		m.Tables = append(m.Tables, mt)
	}
	for _, e := range d.ents {
		me := model.Entity{Name: e.in.Name, Table: e.table.name, Keys: map[string]string{
			"PK": e.home.pkTemplate(), "SK": e.home.skTemplate()}, Attributes: e.attrs}
		for ix, sh := range e.indexes {
			me.Keys[ix+"PK"] = sh.pkTemplate()
			me.Keys[ix+"SK"] = sh.skTemplate()
		}
		m.Entities = append(m.Entities, me)
	}
	m.Settings.StartTime = model.DefaultStart.Format("2006-01-02T15:04:05Z07:00")
	m.Dataset = &model.Dataset{Generator: &model.GeneratorSpec{Pattern: model.EntitiesGenerator, Seed: 1, Size: 1000}}
	return m
}

// workload lists the patterns with a rate, each with how its partition
// key's values are drawn: as the data's generator draws them (a hot key
// stays hot in the traffic), so the partition simulator sees the design's
// own skew rather than every request on the example's key.
func (d *designer) workload(m *model.Model) {
	var reqs []model.WorkloadRequest
	for _, p := range d.pats {
		if p.in.Rate <= 0 {
			continue
		}
		req := model.WorkloadRequest{AccessPattern: p.in.Name, Rate: p.in.Rate}
		ap := m.AccessPattern(p.in.Name)
		if k, ok := d.keyDistribution(p, ap); ok {
			req.Keys = []model.KeyDistribution{k}
			if k.Kind == model.DistHot {
				d.why(Location{Pattern: p.in.Name, Attribute: k.Parameter}, "the workload keeps the data's hot key: %.0f%% of the requests go to one %s, the rest spread over %d values", k.HotFraction*100, k.Parameter, k.Cardinality)
			}
		}
		reqs = append(reqs, req)
	}
	if len(reqs) > 0 {
		m.Workload = &model.Workload{Requests: reqs}
	}
}

// keyDistribution draws the values of the pattern's partition key
// parameter like the attribute's generator: hot, Zipf, a few values, or
// many ids.
func (d *designer) keyDistribution(p *pattern, ap *model.AccessPattern) (model.KeyDistribution, bool) {
	param := p.sh.pkParam
	if ap == nil || param == "" || !slices.ContainsFunc(ap.Parameters, func(x model.Parameter) bool { return x.Name == param }) {
		return model.KeyDistribution{}, false
	}
	a := p.e.attr(param)
	if a == nil {
		return model.KeyDistribution{}, false
	}
	k := model.KeyDistribution{Parameter: param, Kind: model.DistUniform, Cardinality: 10_000, Format: param + "-{n}"}
	args := callArgs(a.Generator)
	switch kind(a.Generator) {
	case "hot":
		if f, err := strconv.ParseFloat(strings.TrimSuffix(args[0], "%"), 64); err == nil && len(args) > 0 {
			if strings.HasSuffix(args[0], "%") {
				f /= 100
			}
			if f > 0 && f <= 1 {
				k.Kind, k.HotFraction = model.DistHot, f
			}
		}
	case "zipf":
		if len(args) == 2 {
			s, err1 := strconv.ParseFloat(args[0], 64)
			n, err2 := strconv.ParseInt(args[1], 10, 64)
			if err1 == nil && err2 == nil {
				k.Kind, k.Skew, k.Cardinality = model.DistZipf, max(s, 1.01), n
			}
		}
	case "enum", "choice":
		k.Cardinality = int64(max(1, len(args)))
	case "bool":
		k.Cardinality = 2
	}
	return k, true
}

// callArgs returns a generator's top-level arguments ("hot(0.3,2,seq)" ->
// 0.3, 2, seq).
func callArgs(src string) []string {
	open := strings.IndexByte(src, '(')
	if open < 0 || !strings.HasSuffix(src, ")") {
		return nil
	}
	return splitTop(src[open+1 : len(src)-1])
}

// ---- names ----

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) || r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// namedID is the id attribute of an entity the user did not name one for:
// its first attribute when that reads as its own id ("Organization: orgId"
// takes orgId: the name ends in Id and begins like the entity's), else the
// name in lower camel case plus Id. Inventing organizationId beside the
// user's orgId would key the entity by one and point its children at the
// other (issue 25).
func namedID(e Entity) string {
	if len(e.Attributes) > 0 {
		n := e.Attributes[0].Name
		stem, ok := strings.CutSuffix(n, "Id")
		if !ok {
			stem, ok = strings.CutSuffix(n, "ID")
		}
		if ok && stem != "" && strings.HasPrefix(strings.ToLower(e.Name), strings.ToLower(stem)) {
			return n
		}
	}
	return lowerFirst(e.Name) + "Id"
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func tableName(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		w = strings.ToUpper(w[:1]) + w[1:] // "My design" -> "MyDesign"
		for _, r := range w {
			if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.') {
				b.WriteRune(r)
			}
		}
	}
	if b.Len() < 3 {
		return "App"
	}
	return b.String()
}

func defaultName(p Pattern) string {
	act := p.Action
	if act == "" {
		act = "read"
	}
	s := strings.ToUpper(act[:1]) + act[1:] + " " + p.Entity
	if len(p.By) > 0 {
		s += " by " + strings.Join(p.By, " and ")
	}
	if p.Range != "" {
		s += ", " + p.Range + " range"
	}
	return s
}

// kind returns a generator's kind name ("ref" for references).
func kind(src string) string {
	if strings.HasPrefix(strings.TrimSpace(src), "ref(") {
		return "ref"
	}
	g, err := gen.Compile(src, "", gen.Env{})
	if err != nil {
		return ""
	}
	return g.Kind()
}

func uniqueGenerator(src string) bool {
	switch kind(src) {
	case "seq", "uuid", "ulid", "email":
		return true
	}
	return false
}
