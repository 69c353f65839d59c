package importers

import (
	"fmt"
	"strings"
)

// Fn::ForEach (the AWS::LanguageExtensions transform) repeats a fragment
// of the template once per value of a collection:
//
//	Fn::ForEach::Tables:
//	  - Name                       # the identifier
//	  - [Orders, Users]            # the collection (or !Ref a list parameter)
//	  - ${Name}Table:              # the key, with ${Name} or &{Name}
//	      Type: AWS::DynamoDB::Table
//	      Properties: {TableName: !Sub "${Name}"}
//
// Inside the fragment, keys take the value for ${Name} (and &{Name}, the
// value without its non-alphanumeric characters), and Ref Name and
// Fn::Sub's ${Name} become the value. Loops nest. A loop multiplies the
// template, so its size (the fragment's values times the collection's
// length) is charged before it is copied, at most maxVisited values in all.

const forEachPrefix = "Fn::ForEach::"

// hasForEach reports whether a key of v, at any depth, is a loop.
func hasForEach(v any) bool {
	return findForEach(v, 0)
}

func findForEach(v any, depth int) bool {
	if depth > maxDepth {
		return false
	}
	switch x := v.(type) {
	case *omap:
		for _, k := range x.keys {
			if strings.HasPrefix(k, forEachPrefix) || findForEach(x.vals[k], depth+1) {
				return true
			}
		}
	case []any:
		for _, it := range x {
			if findForEach(it, depth+1) {
				return true
			}
		}
	}
	return false
}

// expandForEach returns v with every loop expanded.
func (e *cfnEval) expandForEach(v any, where string, depth int) (any, error) {
	if depth > maxDepth {
		return nil, tooDeep("template")
	}
	switch x := v.(type) {
	case *omap:
		out := newOmap()
		for _, k := range x.keys {
			if !strings.HasPrefix(k, forEachPrefix) {
				r, err := e.expandForEach(x.vals[k], where+"."+k, depth+1)
				if err != nil {
					return nil, err
				}
				out.set(k, r)
				continue
			}
			made, err := e.loop(k, x.vals[k], where+"."+k, depth)
			if err != nil {
				return nil, err
			}
			for _, mk := range made.keys {
				if _, dup := out.get(mk); dup {
					return nil, fmt.Errorf("%s.%s: the loop makes key %s, which is there already", where, k, mk)
				}
				out.set(mk, made.vals[mk])
			}
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			r, err := e.expandForEach(it, fmt.Sprintf("%s[%d]", where, i), depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	return v, nil
}

// loop expands one Fn::ForEach: [identifier, collection, fragment].
func (e *cfnEval) loop(key string, v any, where string, depth int) (*omap, error) {
	l, ok := v.([]any)
	if !ok || len(l) != 3 {
		return nil, fmt.Errorf("%s: Fn::ForEach takes [identifier, [values], {key: fragment}]", where)
	}
	id := scalarString(l[0])
	if id == "" || strings.ContainsAny(id, "${}&") {
		return nil, fmt.Errorf("%s: the loop's identifier is a name, not %s", where, brief(l[0]))
	}
	coll, err := e.resolve(l[1], where+"[1]", depth+1)
	if err != nil {
		return nil, err
	}
	values, ok := coll.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: the loop's collection is a list of strings (or a Ref of a list parameter), not %s", where, brief(coll))
	}
	frag, ok := l[2].(*omap)
	if !ok {
		return nil, fmt.Errorf("%s: the loop's third value is a mapping of an output key to its fragment", where)
	}
	// The multiplication is paid for before it happens.
	size := treeSize(frag, maxVisited+1, 0)
	if e.expanded += size * len(values); size > maxVisited || e.expanded > maxVisited {
		return nil, &LimitError{fmt.Sprintf("%s: Fn::ForEach would make more than %d values (%d values of its fragment times %d in its collection)", where, maxVisited, size, len(values))}
	}
	out := newOmap()
	for _, val := range values {
		switch val.(type) {
		case *omap, []any:
			return nil, fmt.Errorf("%s: the loop's collection holds strings, not %s", where, brief(val))
		}
		s := scalarString(val)
		// Loops nested in the fragment are expanded in each copy, once
		// the outer value is in.
		r, err := e.expandForEach(substituteLoop(frag, id, s, 0), where, depth+1)
		if err != nil {
			return nil, err
		}
		made := r.(*omap)
		for _, mk := range made.keys {
			if _, dup := out.get(mk); dup {
				return nil, fmt.Errorf("%s: the loop makes key %s twice (does its key use ${%s}?)", where, mk, id)
			}
			out.set(mk, made.vals[mk])
		}
	}
	return out, nil
}

// treeSize counts the values of v, stopping past limit.
func treeSize(v any, limit, depth int) int {
	if depth > maxDepth {
		return limit
	}
	n := 1
	switch x := v.(type) {
	case *omap:
		for _, k := range x.keys {
			if n += treeSize(x.vals[k], limit, depth+1); n > limit {
				return n
			}
		}
	case []any:
		for _, it := range x {
			if n += treeSize(it, limit, depth+1); n > limit {
				return n
			}
		}
	}
	return n
}

// substituteLoop copies v with the loop's identifier id taking value.
func substituteLoop(v any, id, value string, depth int) any {
	if depth > maxDepth {
		return v
	}
	switch x := v.(type) {
	case *omap:
		if fn, arg, ok := intrinsic(x); ok {
			switch fn {
			case "Ref":
				if scalarString(arg) == id {
					return value
				}
			case "Fn::Sub":
				switch a := arg.(type) {
				case string:
					return newOmapWith(fn, strings.ReplaceAll(a, "${"+id+"}", value))
				case []any:
					if len(a) == 2 {
						return newOmapWith(fn, []any{strings.ReplaceAll(scalarString(a[0]), "${"+id+"}", value), substituteLoop(a[1], id, value, depth+1)})
					}
				}
			}
		}
		out := newOmap()
		for _, k := range x.keys {
			nk := strings.ReplaceAll(k, "${"+id+"}", value)
			nk = strings.ReplaceAll(nk, "&{"+id+"}", alphanumeric(value))
			out.set(nk, substituteLoop(x.vals[k], id, value, depth+1))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, it := range x {
			out[i] = substituteLoop(it, id, value, depth+1)
		}
		return out
	}
	return v
}

// alphanumeric is what &{id} puts in a key: the value's letters and digits.
func alphanumeric(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
