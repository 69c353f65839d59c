package gen

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// MaxElements bounds the elements of a generated set, list or map.
const MaxElements = 1000

// registerCollections adds sets, lists and maps of other generators.
func registerCollections() {
	register(Kind{"set", "(generator,min,max)", []string{"SS", "NS", "BS"}, "a set of min to max distinct values of the generator (S for SS, N for NS, B for BS)", "set(word,1,4)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1, 3); err != nil {
			return nil, err
		}
		elem := map[string]string{"SS": "S", "NS": "N", "BS": "B"}[c.typ]
		inner, err := c.sub(0, elem)
		if err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(1, 1, 3, 1, MaxElements)
		if err != nil {
			return nil, err
		}
		c.size = int(hi) * inner.size
		return func(x *ctx) attr.Value {
			want := int(x.r.Int64Range(lo, hi))
			var vals []attr.Value
			seen := map[string]bool{}
			// A generator with few values may not have want distinct
			// ones: give up after a bounded number of draws (a set is never
			// empty: the first draw always counts).
			for tries := 0; len(vals) < want && tries < 4*want+8; tries++ {
				v := inner.fn(x)
				if v == nil {
					continue
				}
				k := setKey(v)
				if seen[k] {
					continue
				}
				seen[k] = true
				vals = append(vals, v)
			}
			if len(vals) == 0 {
				return nil
			}
			return makeSet(c.typ, vals)
		}, nil
	})
	register(Kind{"list", "(generator,min,max)", []string{"L"}, "a list of min to max values of the generator (of its default type)", "list(int(1,5),1,3)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1, 3); err != nil {
			return nil, err
		}
		inner, err := c.sub(0, "")
		if err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(1, 1, 3, 0, MaxElements)
		if err != nil {
			return nil, err
		}
		c.size = int(hi) * inner.size
		return func(x *ctx) attr.Value {
			n := int(x.r.Int64Range(lo, hi))
			l := make(attr.List, 0, n)
			for i := 0; i < n; i++ {
				if v := inner.fn(x); v != nil {
					l = append(l, v)
				}
			}
			return l
		}, nil
	})
	register(Kind{"map", "(name:generator,...)", []string{"M"}, "a map with one member per name, each from its generator (of its default type)", "map(street:street,city:city)"}, func(c *compiler) (valueFn, error) {
		if len(c.args) == 0 || len(c.args) > MaxElements {
			return nil, c.errorf("needs 1 to %d name:generator members", MaxElements)
		}
		type member struct {
			name string
			gen  *Generator
		}
		var members []member
		seen := map[string]bool{}
		for _, a := range c.args {
			name, src, ok := splitPair(a)
			if !ok || name == "" {
				return nil, c.errorf("member %q is not name:generator", a)
			}
			if seen[name] {
				return nil, c.errorf("duplicate member %q", name)
			}
			seen[name] = true
			g, err := Compile(src, "", *c.env)
			if err != nil {
				return nil, c.errorf("member %s: %v", name, err)
			}
			members = append(members, member{name, g})
			c.size += g.size
		}
		return func(x *ctx) attr.Value {
			m := make(attr.Map, len(members))
			for _, mb := range members {
				if v := mb.gen.fn(x); v != nil {
					m[mb.name] = v
				}
			}
			return m
		}, nil
	})
}

func setKey(v attr.Value) string {
	switch x := v.(type) {
	case attr.String:
		return string(x)
	case attr.Number:
		return x.String()
	case attr.Binary:
		return string(x)
	}
	return ""
}

// makeSet builds a set of type typ from distinct elements.
func makeSet(typ string, vals []attr.Value) attr.Value {
	switch typ {
	case "SS":
		s := make([]string, len(vals))
		for i, v := range vals {
			s[i] = string(v.(attr.String))
		}
		if set, err := attr.NewStringSet(s); err == nil {
			return set
		}
	case "NS":
		s := make([]attr.Number, len(vals))
		for i, v := range vals {
			s[i] = v.(attr.Number)
		}
		if set, err := attr.NewNumberSet(s); err == nil {
			return set
		}
		// "1" and "1.0" differ as text but not as numbers: keep one.
		set, _ := attr.NewNumberSet(s[:1])
		return set
	case "BS":
		s := make([][]byte, len(vals))
		for i, v := range vals {
			s[i] = v.(attr.Binary)
		}
		if set, err := attr.NewBinarySet(s); err == nil {
			return set
		}
	}
	return nil
}
