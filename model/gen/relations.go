package gen

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// ref is a reference from an attribute to another entity's attribute.
type ref struct {
	entity, attr string
	target       int // the entity's index in the plan
	// counted: ref(E.a, min, max) makes E this entity's parent, with min
	// to max children per parent item.
	counted  bool
	min, max int
	// inner is set when the ref sits inside another generator (a list of
	// refs): it cannot be the parent relation.
	inner bool
	// distinct: ref(E.a,distinct) takes a value no other child of the same
	// parent item took (a user joins a room once); self is the entity
	// whose attribute it is.
	distinct bool
	self     int
}

func registerRelations() {
	register(Kind{"ref", "(Entity.attribute,min,max)", []string{"S", "N", "B", "BOOL", "SS", "NS", "BS", "L", "M"}, "the value of another entity's attribute: with min,max that entity is the parent and each of its items has min to max of these (its children, generated right after it); without, the parent's (or an ancestor's) value, else a random earlier item's; with distinct, one no other child of the same parent item took (ref(User.userId,distinct): a user joins a room once)", "ref(Customer.customerId,1,20)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1, 2, 3); err != nil {
			return nil, err
		}
		ent, at, ok := strings.Cut(c.args[0], ".")
		if !ok || ent == "" || at == "" {
			return nil, c.errorf("%q is not Entity.attribute", c.args[0])
		}
		r := &ref{entity: ent, attr: at, self: c.env.self}
		switch len(c.args) {
		case 2:
			if c.args[1] != "distinct" {
				return nil, c.errorf("%q: the second argument is distinct, or min,max follow", c.args[1])
			}
			r.distinct = true
		case 3:
			lo, hi, err := c.intRange(1, 0, 0, 0, 10_000)
			if err != nil {
				return nil, err
			}
			r.counted, r.min, r.max = true, int(lo), int(hi)
		}
		p := c.env.plan
		if p == nil {
			return nil, c.errorf("a reference needs the other entities: it generates only within a dataset")
		}
		t, err := p.resolve(c.env.self, r, c.typ)
		if err != nil {
			return nil, c.errorf("%v", err)
		}
		r.target = t
		c.ref = r
		if r.distinct && c.env.self >= 0 && c.env.self < len(p.ents) {
			p.ents[c.env.self].distinct = append(p.ents[c.env.self].distinct, r)
		}
		return func(x *ctx) attr.Value { return x.run.lookup(r, x.r) }, nil
	})
}
