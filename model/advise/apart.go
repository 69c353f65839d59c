package advise

// A child kind written too fast per parent to share the parent's item
// collection (collected, home.go) is placed by its own reads; the read
// that takes the parent "with" those children then lists them by the
// parent's id wherever that list is served: the child's table key when it
// is keyed by the parent's id, else an index keyed by it. The parent item
// itself is a second request (GetItem by its id).

// apartChild returns the child a with-read takes whose items are kept
// apart, when every child it takes is (nil otherwise: the read is a Query
// of the parent's collection).
func (d *designer) apartChild(p *pattern) *entity {
	if len(p.in.With) == 0 || p.index != "" {
		return nil
	}
	var first *entity
	for _, w := range p.in.With {
		c := d.byName[w]
		if c == nil || !c.apart || c.apartOwn {
			return nil
		}
		if first == nil {
			first = c
		}
	}
	return first
}

// allApart reports whether every child a with-read takes is kept out of
// the parent's collection (either way).
func (d *designer) allApart(p *pattern) bool {
	for _, w := range p.in.With {
		if c := d.byName[w]; c == nil || !c.apart {
			return false
		}
	}
	return len(p.in.With) > 0
}

// routeApart routes the with-read p of child c, kept apart: a list of c by
// the parent's id (and the child's range, if one of its lists has one).
func (d *designer) routeApart(p *pattern, c *entity) error {
	parent := p.e
	rng, sortBy := "", ""
	for _, q := range c.patterns {
		if q.action == List && len(q.by) == 1 && q.by[0] == parent.id {
			rng, sortBy = q.in.Range, q.sortBy
			break
		}
	}
	via := &pattern{
		in:     Pattern{Name: p.in.Name, Entity: c.in.Name, By: []string{parent.id}, Range: rng, Rate: p.in.Rate},
		e:      c,
		action: List,
		by:     []string{parent.id},
		sortBy: sortBy,
	}
	if err := d.route(via); err != nil {
		return err
	}
	p.via, p.sh = via, via.sh
	where := Location{Table: parent.table.name, Pattern: p.in.Name}
	from := "the table"
	if via.index != "" {
		from = via.index
	}
	pk, _ := keyNames(via.index)
	d.why(where, "reads the %ss from %s by %s (%s = %s); the %s itself is a second request (GetItem by %s), since the %ss' writes keep them out of its collection",
		c.in.Name, from, parent.id, pk, via.sh.pkTemplate(), parent.in.Name, parent.id, c.in.Name)
	return nil
}
