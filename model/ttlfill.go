package model

import (
	"fmt"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// TTLAttribute is the name of table's TTL attribute when its time to live
// is on, else "".
func (m *Model) TTLAttribute(table string) string {
	t := m.Table(table)
	if t == nil || t.TimeToLiveSpecification == nil || !t.TimeToLiveSpecification.Enabled {
		return ""
	}
	return t.TimeToLiveSpecification.AttributeName
}

// HasTTLValue says whether item carries a Number in attribute name: the
// only TTL value the sweeper reads.
func HasTTLValue(item attr.Item, name string) bool {
	_, ok := item[name].(attr.Number)
	return ok
}

// TTLFiller returns what fills table's TTL attribute on items that were
// written before it existed: for an item, the value its entity's attribute
// of that name generates (the attribute's generator, or the one its name
// suggests, gen.Guess: "ttl(10%,-1d,+7d)"), with times counted from now.
// An item no entity recognises gets the name's guess too. seed makes the
// values repeatable; n is the item's number among those filled.
func (m *Model) TTLFiller(table string, now time.Time, seed int64) (func(item attr.Item, n int) (attr.Value, error), error) {
	name := m.TTLAttribute(table)
	if name == "" {
		return nil, fmt.Errorf("table %s has no time to live", table)
	}
	rec, err := m.NewRecognizer()
	if err != nil {
		return nil, err
	}
	env := gen.Env{Start: now}
	compiled := map[string]*gen.Generator{}
	compile := func(src string) (*gen.Generator, error) {
		if g, ok := compiled[src]; ok {
			return g, nil
		}
		g, err := gen.Compile(src, "N", env)
		if err != nil {
			return nil, fmt.Errorf("the generator %q of %s: %v", src, name, err)
		}
		compiled[src] = g
		return g, nil
	}
	r := gen.NewRand(seed, 0x77)
	return func(item attr.Item, n int) (attr.Value, error) {
		src := gen.Guess(name, "N")
		if e, _ := rec.EntityOf(table, item); e != nil {
			for _, a := range e.Attributes {
				if a.Name == name && a.Generator != "" {
					src = a.Generator
				}
			}
		}
		g, err := compile(src)
		if err != nil {
			return nil, err
		}
		return g.Value(r, n), nil
	}, nil
}
