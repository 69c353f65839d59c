package advise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

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
// homeRange is the range a home's sort key may order by: not a Number,
// which inside the table's string sort key would sort as text ("100"
// before "43"); a range of one is read from an index whose sort key is
// the number (route).
func homeRange(e *entity, rng string) string {
	if rng != "" && typeOf(e, rng) == "N" {
		return ""
	}
	return rng
}

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
		if (p.action == Get || p.action == List) && len(p.by) > 0 && p.sub == nil {
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
		e.home = d.shapeFor(e, p.by, homeRange(e, p.sortBy))
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
// sits under the parent's id, its sort key beginning with the parent's
// ("#BRANCH#MEMBER#..." beside the Branch's "#BRANCH"), so that one Query
// (begins_with the parent's sort key) returns the parent and those
// children and no other child kind of the same partition (the Branch's
// books). Apart, the read would take a second request per parent, or an
// index whose writes double the children's write cost. Only when the
// rates allow: a child kind written fast per parent would make the
// parent's partition key hot (issue 25).
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
					rng = q.sortBy
					break
				}
			}
			if e.apart && !e.apartOwn {
				return false // its own reads place it (markApart)
			}
			if e.apartOwn {
				perParent, parents := d.writesPerParent(e, parent)
				e.home = d.shapeFor(e, []string{parent.id}, homeRange(e, rng))
				e.home.pkLit = e.upper + "#" + parent.upper + "#"
				e.home.shard = "shard"
				d.addShard(e)
				left := ""
				if perShard := d.itemWritesPerParent(e, parent) / MaxShards; perShard > MaxCollectionWrites {
					left = fmt.Sprintf("; even so each shard takes about %.0f/s, over the %d: the analysis shows the throttling left", perShard, MaxCollectionWrites)
				}
				d.why(where, "PK = %s, SK = %s: a collection of its own, sharded: %q would read them with their %s, but %ss are written at %.0f/s, about %.0f/s per %s (%d %ss in a 10,000-item dataset), over the %d WCU/s a collection takes with a margin (one partition key serves at most 1,000 WCU/s): in the %s's collection they would make its key hot. Most of them create or delete items, which any key listing them by %s takes, on the table or an index alike, so the key adds a shard 0-%d (write sharding): a create picks one, and a list by %s queries every shard (a fan-out of %d Queries); the read with the %s is two requests (the %s, then its %ss)%s",
					e.home.pkTemplate(), e.home.skTemplate(), p.in.Name, parent.in.Name, e.in.Name, d.writeRate(e), perParent, parent.in.Name, parents, parent.in.Name, MaxCollectionWrites, parent.in.Name, parent.id, MaxShards-1, parent.id, MaxShards, parent.in.Name, parent.in.Name, e.in.Name, left)
				return true
			}
			e.home = d.shapeFor(e, []string{parent.id}, homeRange(e, rng))
			e.home.skLit = "#" + parent.upper + "#" + e.home.skLit
			perParent, _ := d.writesPerParent(e, parent)
			d.why(where, "PK = %s, SK = %s: %q reads each %s with its %ss, so they share its item collection, their sort key beginning with the %s's (%s), and one Query (begins_with) returns the %s and them and no other kind of item of the partition; kept apart, the read would be a second request (twice the calls and latency) or an index holding the %ss again (its writes doubling theirs). The rates allow it: about %.1f writes/s per %s, far under the 1,000 WCU/s of one partition key",
				e.home.pkTemplate(), e.home.skTemplate(), p.in.Name, parent.in.Name, e.in.Name, parent.in.Name, parent.home.skTemplate(), parent.in.Name, e.in.Name, perParent, parent.in.Name)
			return true
		}
	}
	for _, p := range e.patterns {
		if len(p.in.With) == 0 || d.allApart(p) {
			continue
		}
		e.home = d.shapeFor(e, []string{e.id}, "")
		d.why(where, "PK = %s, SK = %s: keyed by its own id so that its children (%s) can share its partition; %q reads them in one Query, the %s sorting first (its sort key is the children's prefix)",
			e.home.pkTemplate(), e.home.skTemplate(), strings.Join(p.in.With, ", "), p.in.Name, e.in.Name)
		return true
	}
	return false
}

// markApart marks the child kinds some read takes with their parent that
// are written too fast per parent to share its item collection: they are
// placed by their own reads, and the read with the parent lists them by
// the parent's id where that is served (apart.go). A collection of their
// own keyed by the parent's id would be no cooler: the same writes would
// meet on one key.
func (d *designer) markApart() {
	for _, e := range d.ents {
		parent := d.byName[e.in.Parent]
		if parent == nil || parent.table != e.table {
			continue
		}
		for _, p := range parent.patterns {
			if !slices.Contains(p.in.With, e.in.Name) {
				continue
			}
			if perParent, parents := d.writesPerParent(e, parent); perParent > MaxCollectionWrites {
				e.apart = true
				if d.itemWritesPerParent(e, parent) > MaxCollectionWrites {
					// Creates and deletes: any list of them by the parent's
					// id takes them, on the table or an index alike.
					e.apartOwn = true
					break
				}
				d.why(Location{Table: e.table.name, Entity: e.in.Name}, "not in its %s's item collection: %q would read them together, but %ss are written at %.0f/s, about %.0f/s per %s (%d %ss in a 10,000-item dataset), over the %d WCU/s a collection takes with a margin (one partition key serves at most 1,000 WCU/s); any key made of the %s's id alone would gather those writes on one key, so its own reads place it",
					parent.in.Name, p.in.Name, e.in.Name, d.writeRate(e), perParent, parent.in.Name, parents, parent.in.Name, MaxCollectionWrites, parent.in.Name)
			}
			break
		}
	}
}

// MaxCollectionWrites is the most writes a second per parent a child kind
// may take to join its parent's item collection: half of the 1,000 WCU/s
// one partition key serves, leaving room for the parent's own traffic.
const MaxCollectionWrites = 500

// writeRate is the rate of the writes of e's items (creates, updates,
// deletes).
func (d *designer) writeRate(e *entity) float64 {
	r := 0.0
	for _, p := range e.patterns {
		if p.action == Create || p.action == Update || p.action == Delete {
			r += p.in.Rate
		}
	}
	return r
}

// writesPerParent estimates the write rate of e per parent item, over
// the parents a 10,000-item dataset has (the relations' average counts).
func (d *designer) writesPerParent(e, parent *entity) (float64, int) {
	n := max(1, int(10_000*d.perRound(parent)/d.roundSize()))
	return d.writeRate(e) / float64(n), n
}

// itemWritesPerParent estimates the rate per parent item of the writes
// that make or remove e's items (creates and deletes): every key that
// lists them by the parent takes those, whatever it projects.
func (d *designer) itemWritesPerParent(e, parent *entity) float64 {
	r := 0.0
	for _, p := range e.patterns {
		if p.action == Create || p.action == Delete {
			r += p.in.Rate
		}
	}
	return r / float64(max(1, int(10_000*d.perRound(parent)/d.roundSize())))
}

// avgChildren is how many items of e each parent item has on average.
func avgChildren(e *entity) float64 {
	lo, hi := e.in.Min, e.in.Max
	if lo == 0 && hi == 0 {
		lo, hi = 1, 10
	}
	return float64(lo+max(lo, hi)) / 2
}

// family is the expected number of items of a family under one item of e.
func (d *designer) family(e *entity, depth int) float64 {
	f := 1.0
	if depth > len(d.ents) {
		return f
	}
	for _, c := range d.ents {
		if c.in.Parent == e.in.Name {
			f += avgChildren(c) * d.family(c, depth+1)
		}
	}
	return f
}

// roundSize is the expected items of one turn of every root's family.
func (d *designer) roundSize() float64 {
	r := 0.0
	turns := d.rootTurns()
	for i, e := range d.ents {
		if e.in.Parent == "" {
			r += float64(turns[i]) * d.family(e, 0)
		}
	}
	return max(r, 1)
}

// rootTurns is how many families of each root a round of the generator
// makes (gen.Turns, as the proposal's dataset asks: model.RootsByReferences):
// a root the others refer to takes enough that each of its items is
// referred to about gen.RefsPerValue times. Computed once the attributes
// are listed (completeAttributes), from the references they make.
func (d *designer) rootTurns() []int {
	if d.turns != nil {
		return d.turns
	}
	index := map[*entity]int{}
	for i, e := range d.ents {
		index[e] = i
	}
	ents := make([]gen.TurnEntity, len(d.ents))
	for i, e := range d.ents {
		ents[i].Parent = -1
		if p := d.byName[e.in.Parent]; p != nil {
			ents[i].Parent = index[p]
			ents[i].Min, ents[i].Max = e.in.Min, e.in.Max
			if e.in.Min == 0 && e.in.Max == 0 {
				ents[i].Min, ents[i].Max = 1, 10
			}
		}
		for _, a := range e.attrs {
			if t := d.refTarget(e, a); t != nil {
				ents[i].Refers = append(ents[i].Refers, index[t])
			}
		}
	}
	d.turns = gen.Turns(ents)
	return d.turns
}

// refTarget is the entity attribute a of e refers to by a plain reference
// (its generator ref(E.a), or the one realistic will give it: a person's
// id names the design's User), if any.
func (d *designer) refTarget(e *entity, a model.Attribute) *entity {
	if kind(a.Generator) == "ref" {
		if args := callArgs(a.Generator); len(args) == 1 {
			name, _, _ := strings.Cut(args[0], ".")
			return d.byName[name]
		}
		return nil
	}
	return d.personRef(e, a)
}

// perRound is the expected items of e in one round of the roots.
func (d *designer) perRound(e *entity) float64 {
	f := 1.0
	for i := 0; e.in.Parent != "" && i <= len(d.ents); i++ {
		f *= avgChildren(e)
		e = d.byName[e.in.Parent]
	}
	if i := slices.Index(d.ents, e); i >= 0 {
		f *= float64(d.rootTurns()[i])
	}
	return f
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
