package advise

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

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

// unsharded is sh without its shard: a list fans out over the shards.
func unsharded(sh shape) shape {
	sh.shard = ""
	return sh
}

// addShard gives e the shard attribute a sharded key is built from: one
// of MaxShards values, drawn when an item is made.
func (d *designer) addShard(e *entity) {
	if e.attr("shard") == nil {
		e.attrs = append(e.attrs, model.Attribute{Name: "shard", Type: "S", Required: true, Generator: fmt.Sprintf("int(0,%d)", MaxShards-1)})
	}
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
	if c := d.apartChild(p); c != nil {
		return d.routeApart(p, c)
	}
	by, rng := p.by, p.sortBy
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
	if !p.in.Rare && (serves(e.home, by, rng) || p.action == List && serves(unsharded(e.home), by, rng)) {
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
	if rng != "" && len(by) <= 1 && typeOf(e, rng) == "N" {
		// A range of a number alone: the index's sort key is the number
		// (inside a string, "100.00" would sort before "43.00" and the
		// range would miss items).
		sh.skLit, sh.sk, sh.num = "", []string{rng}, true
	}
	lookup := ""
	if len(by) > 0 {
		lookup = by[0]
	}
	if p.sub != nil {
		lookup = p.sub.source
	}
	if lookup != "" && d.lowCardinality(e, lookup) && !p.in.Rare {
		sh.shard = "shard"
		d.addShard(e)
	}
	// Reuse an index this entity does not use yet: its key attributes are
	// overloaded, each entity writing its own templates.
	t := e.table
	name := ""
	for _, ix := range t.indexes {
		if _, used := e.indexes[ix]; !used && t.numSK[ix] == sh.num {
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
		if sh.num {
			if t.numSK == nil {
				t.numSK = map[string]bool{}
			}
			t.numSK[name] = true
		}
	}
	e.indexes[name] = sh
	p.index, p.sh = name, sh
	if p.action == Get {
		p.action = List // an index read is a Query: GSI keys need not be unique
	}
	iw := Location{Table: t.name, Index: name, Entity: e.in.Name, Pattern: p.in.Name}
	msg := fmt.Sprintf("%sPK = %s, %sSK = %s: the table's key (%s) does not answer a lookup by %s", name, sh.pkTemplate(), name, sh.skTemplate(), e.home.pkTemplate(), strings.Join(append(slices.Clone(by), p.in.Range), " and "))
	msg = strings.Replace(msg, " and )", ")", 1)
	msg = strings.TrimSuffix(strings.TrimSuffix(msg, " and "), " by ")
	if rng != "" && !sh.num && typeOf(e, rng) == "N" {
		msg += fmt.Sprintf("; caution: %s is a Number inside a string sort key, after %s, so it sorts as text (100 before 23) and a range of it misses items: pad it to a fixed width where your code writes and queries the key (000023), or look up by one attribute and range the number alone, which gets a Number sort key", rng, strings.Join(by[1:], " and "))
	}
	if sh.num {
		msg += fmt.Sprintf("; %sSK is %s itself, a Number, so the index sorts by its value (inside a string key, 100 would sort before 43 and a range would miss items); index keys need not be unique", name, rng)
	}
	if p.in.Rare {
		msg += "; sparse: only the items that carry the rare attribute get index keys, so the index holds just the subset the pattern reads"
	}
	if s := p.sub; s != nil {
		msg = strings.Replace(msg, "by "+s.marker, "by "+s.source, 1)
		held := "the subset's share of them"
		other := "the rest"
		if f, ok := s.share(); ok {
			held = fmt.Sprintf("about %.0f%% of them", 100*f)
			other = fmt.Sprintf("the other %.0f%%", 100*(1-f))
		}
		msg += fmt.Sprintf("; where %s makes it a sparse index: only the %ss of the subset carry %s (a copy of %s, generated by %s), so %s holds exactly the subset (%s) and the Query reads only it. The alternatives cost more: %s in the key holds every %s in the index, %s too, stored and written on each change; a FilterExpression on %s reads (and bills) every %s with that %s and discards the rest. The writes that change %s keep the marker: each has a branch that SETs %s and %s's keys when the new value puts the item in the subset, and one that REMOVEs them otherwise",
			s.text(), e.in.Name, s.marker, s.source, s.generator(), name, held, s.conds[0].Attribute, e.in.Name, other, s.conds[0].Attribute, e.in.Name, s.source, s.conds[0].Attribute, s.marker, name)
	}
	if sh.shard != "" {
		msg += fmt.Sprintf("; %s has few values, so the key adds a shard 0-%d (write sharding) and the pattern queries every shard (a fan-out), keeping each partition's share of traffic small", lookup, MaxShards-1)
	}
	if len(t.ents) > 1 {
		msg += "; the index's key attributes are generic, so other entities can use the same index with their own templates (index overloading)"
	}
	d.why(iw, "%s", msg)
	return nil
}
