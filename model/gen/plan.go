package gen

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Entity is one kind of item to generate: its attributes and their
// generators. Key attributes are not here: the caller builds them from the
// generated attributes (model fills the key templates).
type Entity struct {
	Name       string
	Attributes []Attribute
}

// Attribute is one generated attribute.
type Attribute struct {
	Name string
	// Type is the DynamoDB type; empty takes the generator's default.
	Type      string
	Generator string
	// Frequency is the share of items that carry the attribute (0 means
	// all of them).
	Frequency float64
	// OnFirst puts an optional attribute on the entity's first item too,
	// so that a sparse index keyed by it has an item at any dataset size.
	OnFirst bool
}

// Relation is a parent-child relation between entities, from a
// ref(Parent.attribute, min, max) generator.
type Relation struct {
	Parent, Child string
	// Attribute is the child's attribute that holds the parent's value.
	Attribute string
	Min, Max  int
}

// Plan is a compiled set of entities: it generates their items, children
// right after their parent, deterministically by seed.
type Plan struct {
	ents  []*planEntity
	roots []int
	refs  []refEdge // every reference, for the order of the roots
	// round is the roots' turns in one round, in order: each root as many
	// times as Turns gives it, its turns together.
	round []int
}

// refEdge is a reference from one entity to another.
type refEdge struct{ from, target int }

// rootOf returns the root of e's family (e itself for a root).
func (p *Plan) rootOf(e int) int {
	for i := 0; p.ents[e].parent >= 0 && i < len(p.ents); i++ {
		e = p.ents[e].parent
	}
	return e
}

type planEntity struct {
	name     string
	decl     *Entity
	attrs    []planAttr
	parent   int // -1 for a root
	rel      *ref
	children []int
	sampled  []string // attributes other entities reference
	// distinct are the entity's distinct references (ref(E.a,distinct)):
	// a parent item has at most as many of its children as they have
	// values to give.
	distinct []*ref
}

type planAttr struct {
	name    string
	freq    float64
	onFirst bool
	gen     *Generator
}

// NewPlan compiles the entities' generators. Errors name the entity and
// attribute ("entity Order: attribute customerId: ref: ..."); the first
// one is returned (Check returns them all).
func NewPlan(entities []Entity, env Env) (*Plan, error) {
	p, errs := build(entities, env, false)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return p, nil
}

// AttributeError is a problem with one attribute's generator.
type AttributeError struct {
	Entity    int // index in the entities given
	Attribute int // index in the entity's attributes; -1 for the entity as a whole
	// Err is the problem itself; Error prefixes the entity and attribute.
	Err   error
	where string
}

func (e *AttributeError) Error() string { return e.where + e.Err.Error() }

// Check compiles the entities' generators as NewPlan does and returns every
// problem, each placed on its entity and attribute.
func Check(entities []Entity, env Env) []*AttributeError {
	_, errs := build(entities, env, true)
	return errs
}

func build(entities []Entity, env Env, all bool) (*Plan, []*AttributeError) {
	var errs []*AttributeError
	fail := func(e, a int, format string, args ...any) bool {
		where := "entity " + entities[e].Name + ": "
		if a >= 0 {
			where += "attribute " + entities[e].Attributes[a].Name + ": "
		}
		errs = append(errs, &AttributeError{Entity: e, Attribute: a, Err: fmt.Errorf(format, args...), where: where})
		return !all
	}
	p := &Plan{}
	for i := range entities {
		p.ents = append(p.ents, &planEntity{name: entities[i].Name, decl: &entities[i], parent: -1})
	}
	for i, e := range p.ents {
		env := env
		env.plan, env.self = p, i
		for j, a := range e.decl.Attributes {
			if a.Generator == "" {
				continue
			}
			g, err := Compile(a.Generator, a.Type, env)
			if err != nil {
				if fail(i, j, "%v", err) {
					return nil, errs
				}
				continue
			}
			if a.Frequency < 0 || a.Frequency > 1 || a.Frequency != a.Frequency {
				if fail(i, j, "frequency %v is not a share between 0 and 1", a.Frequency) {
					return nil, errs
				}
				continue
			}
			freq := a.Frequency
			if freq == 0 {
				freq = 1
			}
			if r := g.ref; r != nil && r.counted {
				if e.rel != nil && e.rel.target != r.target {
					if fail(i, j, "the entity already has parent %s (an entity has one parent; refer to others without min,max)", e.rel.entity) {
						return nil, errs
					}
					continue
				}
				if freq < 1 {
					if fail(i, j, "the reference to the parent is on every item (frequency 1)") {
						return nil, errs
					}
					continue
				}
				if e.rel == nil {
					e.rel, e.parent = r, r.target
				}
			}
			e.attrs = append(e.attrs, planAttr{name: a.Name, freq: freq, onFirst: a.OnFirst, gen: g})
		}
	}
	for i, e := range p.ents {
		seen := map[int]bool{i: true}
		circle := false
		for at := e.parent; at >= 0; at = p.ents[at].parent {
			if seen[at] {
				circle = true
				if fail(i, -1, "its parents go round in a circle (through %s)", p.ents[at].name) {
					return nil, errs
				}
				break
			}
			seen[at] = true
		}
		if circle {
			continue
		}
		if e.parent >= 0 {
			p.ents[e.parent].children = append(p.ents[e.parent].children, i)
		} else {
			p.roots = append(p.roots, i)
		}
	}
	// A root whose family other families pick values from (an order line's
	// product) comes first, so that its items exist when they are needed.
	first := make([]bool, len(p.ents))
	for _, r := range p.refs {
		if p.rootOf(r.target) != p.rootOf(r.from) {
			first[p.rootOf(r.target)] = true
		}
	}
	slices.SortStableFunc(p.roots, func(a, b int) int { return btoi(first[b]) - btoi(first[a]) })
	turns := Turns(p.turnEntities())
	for _, r := range p.roots {
		if !env.RootTurns {
			turns[r] = 1
		}
		for range turns[r] {
			p.round = append(p.round, r)
		}
	}
	return p, errs
}

// turnEntities describes the plan's entities for Turns.
func (p *Plan) turnEntities() []TurnEntity {
	out := make([]TurnEntity, len(p.ents))
	for i, e := range p.ents {
		out[i].Parent = e.parent
		if e.rel != nil {
			out[i].Min, out[i].Max = e.rel.min, e.rel.max
		}
	}
	for _, r := range p.refs {
		if t := p.ents[r.from]; t.rel == nil || t.rel.target != r.target {
			out[r.from].Refers = append(out[r.from].Refers, r.target)
		}
	}
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// resolve finds the entity and attribute r refers to from entity self,
// checks the type, and notes the attribute for sampling.
func (p *Plan) resolve(self int, r *ref, typ string) (int, error) {
	for i, e := range p.ents {
		if e.name != r.entity {
			continue
		}
		for _, a := range e.decl.Attributes {
			if a.Name != r.attr {
				continue
			}
			if a.Type != "" && typ != "" && a.Type != typ {
				return 0, fmt.Errorf("%s.%s is of type %s, not %s", r.entity, r.attr, a.Type, typ)
			}
			if r.counted && i == self {
				return 0, fmt.Errorf("an entity cannot be its own parent")
			}
			if !slices.Contains(e.sampled, r.attr) {
				e.sampled = append(e.sampled, r.attr)
			}
			p.refs = append(p.refs, refEdge{from: self, target: i})
			return i, nil
		}
		return 0, fmt.Errorf("entity %s has no attribute %q", r.entity, r.attr)
	}
	return 0, fmt.Errorf("no entity %q", r.entity)
}

// Relations returns the plan's parent-child relations, in entity order.
func (p *Plan) Relations() []Relation {
	var out []Relation
	for _, e := range p.ents {
		if e.rel == nil {
			continue
		}
		for _, a := range e.attrs {
			if a.gen.ref == e.rel {
				out = append(out, Relation{Parent: e.rel.entity, Child: e.name, Attribute: a.name, Min: e.rel.min, Max: e.rel.max})
				break
			}
		}
	}
	return out
}

// maxSample bounds the values kept per referenced attribute: a reference
// to a non-ancestor picks among them (a reservoir sample beyond).
const maxSample = 1 << 14

// runState is one run of a plan.
type runState struct {
	p      *Plan
	r      *Rand
	left   int
	counts []int
	emit   func(int, attr.Fields) error
	chain  []attr.Fields // the current item of each entity on the way down a family
	// items are the maps the entities' items are made in, one per entity:
	// Run lends its items (an entity's next item comes after its
	// children, which are of other entities).
	items   []attr.Fields
	active  []bool // chain[e] is an ancestor of the item being made
	samples [][][]attr.Value
	text    Slab // the texts drawn for the items (lorem)
	seen    [][]int
	x       ctx
	// taken holds, per distinct reference, the values the current parent
	// item's children took (lookupDistinct).
	taken map[*ref]*takenValues
}

// takenValues are the values a distinct reference gave the children of
// one parent item, the parent's number among its entity's items.
type takenValues struct {
	parent int
	values map[string]bool // by attr.AppendValue's text: any type of value
}

var errFull = errors.New("gen: dataset full")

// Run generates size items and calls emit with each item and the index of
// its entity (in the order given to NewPlan). Items come in families: a
// root entity's item (one without a parent), then its children with their
// own children, depth first; root entities take turns (with
// Env.RootTurns, a root the others' families refer to often takes several:
// Turns). Without relations,
// item i belongs to entity i mod E. The same seed and size give the same
// items in the same order. Run stops at emit's first error and returns it.
//
// The item is lent to emit, as a model.Source lends it: its slice is
// reused for the entity's next item, so emit copies what it keeps. emit
// may append to it (within its capacity or not) but must leave the
// attributes it was given in place.
func (p *Plan) Run(seed int64, size int, emit func(entity int, item attr.Fields) error) error {
	if size <= 0 {
		return nil
	}
	if len(p.roots) == 0 {
		return fmt.Errorf("no entity to generate")
	}
	st := &runState{
		p: p, r: NewRand(seed, 0), left: size, emit: emit,
		counts: make([]int, len(p.ents)),
		chain:  make([]attr.Fields, len(p.ents)),
		items:  make([]attr.Fields, len(p.ents)),
		active: make([]bool, len(p.ents)),
	}
	st.x = ctx{r: st.r, run: st}
	st.samples = make([][][]attr.Value, len(p.ents))
	st.seen = make([][]int, len(p.ents))
	for i, e := range p.ents {
		st.samples[i] = make([][]attr.Value, len(e.sampled))
		st.seen[i] = make([]int, len(e.sampled))
	}
	for i := 0; ; i++ {
		err := st.family(p.round[i%len(p.round)])
		if err == errFull {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// family makes an item of entity e and then its children.
func (st *runState) family(e int) error {
	if st.left == 0 {
		return errFull
	}
	pe := st.p.ents[e]
	n := st.counts[e]
	st.counts[e]++
	x := &st.x // one ctx for the run: values are made before any child's
	x.n = n
	it := st.items[e][:0]
	if it == nil {
		it = make(attr.Fields, 0, len(pe.attrs)+4)
	}
	x.item = &it
	for _, a := range pe.attrs {
		// An optional attribute is on a share of the items; one marked
		// OnFirst is also on the entity's first item (the draw is made
		// either way, so the other values do not move).
		if a.freq < 1 && !st.r.Chance(a.freq) && !(a.onFirst && n == 0) {
			continue
		}
		if v := a.gen.fn(x); v != nil {
			it.Set(a.name, v)
		}
	}
	x.item = nil
	st.items[e] = it
	if err := st.emit(e, it); err != nil {
		return err
	}
	st.left--
	for j, name := range pe.sampled {
		v, ok := it.Get(name)
		if !ok {
			continue
		}
		st.seen[e][j]++
		if s := st.samples[e][j]; len(s) < maxSample {
			st.samples[e][j] = append(s, v)
		} else if k := st.r.IntN(st.seen[e][j]); k < maxSample {
			s[k] = v
		}
	}
	if len(pe.children) == 0 {
		return nil
	}
	st.chain[e], st.active[e] = it, true
	defer func() { st.active[e] = false }()
	for _, c := range pe.children {
		rel := st.p.ents[c].rel
		k := rel.min + st.r.IntN(rel.max-rel.min+1)
		k = min(k, st.distinctValues(c))
		for j := 0; j < k; j++ {
			if err := st.family(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// lookup returns the value a reference takes: the ancestor's, else a
// random earlier item's; nil when there is none yet.
func (st *runState) lookup(r *ref, rnd *Rand) attr.Value {
	if st == nil {
		return nil
	}
	if st.active[r.target] {
		v, _ := st.chain[r.target].Get(r.attr)
		return v
	}
	e := st.p.ents[r.target]
	j := slices.Index(e.sampled, r.attr)
	if j < 0 || len(st.samples[r.target][j]) == 0 {
		return nil
	}
	if r.distinct {
		return st.lookupDistinct(r, rnd, st.samples[r.target][j])
	}
	return Pick(rnd, st.samples[r.target][j])
}

// distinctValues is how many children of e a parent item may have for
// its distinct references to differ: the fewest values one of them has so
// far (a room has no more members than there are users); any number when
// it has none, or when a reference has no value yet (it gives none).
func (st *runState) distinctValues(e int) int {
	n := math.MaxInt
	for _, r := range st.p.ents[e].distinct {
		if st.active[r.target] {
			continue // an ancestor's value: the same for every child
		}
		t := st.p.ents[r.target]
		if j := slices.Index(t.sampled, r.attr); j >= 0 {
			if k := len(st.samples[r.target][j]); k > 0 {
				n = min(n, k)
			}
		}
	}
	return n
}

// lookupDistinct picks one of pool that no other child of the current
// parent item took: a few random draws, then the first free one from a
// random place. When every value is taken (more children than values) it
// gives a taken one: the item then shares its key with a sibling.
func (st *runState) lookupDistinct(r *ref, rnd *Rand, pool []attr.Value) attr.Value {
	p := st.p.ents[r.self].parent
	if p < 0 {
		return Pick(rnd, pool) // a root has no siblings to differ from
	}
	parent := st.counts[p] - 1
	if st.taken == nil {
		st.taken = map[*ref]*takenValues{}
	}
	tv := st.taken[r]
	if tv == nil || tv.parent != parent {
		tv = &takenValues{parent: parent, values: map[string]bool{}}
		st.taken[r] = tv
	}
	text := func(v attr.Value) string { return string(attr.AppendValue(nil, v)) }
	taken := func(v attr.Value) bool { return tv.values[text(v)] }
	v := Pick(rnd, pool)
	for try := 0; taken(v) && try < 8; try++ {
		v = Pick(rnd, pool)
	}
	if taken(v) {
		start := rnd.IntN(len(pool))
		for k := range pool {
			if w := pool[(start+k)%len(pool)]; !taken(w) {
				v = w
				break
			}
		}
	}
	tv.values[text(v)] = true
	return v
}
