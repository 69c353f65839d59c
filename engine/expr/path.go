package expr

import (
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Path is a resolved document path: attribute names (placeholders already
// substituted) and list indexes. A Path from this package always starts with
// a name.
type Path []PathElem

// PathElem is one step of a Path: a map key or top-level attribute name, or,
// when IsIndex is set, a list index.
type PathElem struct {
	Name    string
	Index   int
	IsIndex bool
}

// String renders the path the way DynamoDB's messages do: components joined
// by ", " in brackets, list indexes as [n]: "[a, b, [1]]".
func (p Path) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range p {
		if i > 0 {
			b.WriteString(", ")
		}
		if e.IsIndex {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteByte(']')
		} else {
			b.WriteString(e.Name)
		}
	}
	b.WriteByte(']')
	return b.String()
}

// Equal reports whether two paths are the same.
func (p Path) Equal(q Path) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// Lookup returns the value at path p in item, and false when there is none:
// a missing attribute, a missing map key, an index past the end of a list,
// or a step into a value of the wrong kind.
func Lookup(item attr.Item, p Path) (attr.Value, bool) {
	if len(p) == 0 || p[0].IsIndex {
		return nil, false
	}
	v, ok := item[p[0].Name]
	if !ok || v == nil {
		return nil, false
	}
	return lookupIn(v, p[1:])
}

// lookupIn follows the steps of p from v.
func lookupIn(v attr.Value, p Path) (attr.Value, bool) {
	for _, e := range p {
		switch x := v.(type) {
		case attr.Map:
			if e.IsIndex {
				return nil, false
			}
			w, ok := x[e.Name]
			if !ok || w == nil {
				return nil, false
			}
			v = w
		case attr.List:
			if !e.IsIndex || e.Index >= len(x) {
				return nil, false
			}
			v = x[e.Index]
			if v == nil {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return v, true
}

// comparePaths orders paths component by component: names by bytes, indexes
// numerically, a name before an index, a prefix before its extensions.
func comparePaths(p, q Path) int {
	for i := 0; i < len(p) && i < len(q); i++ {
		a, b := p[i], q[i]
		switch {
		case a.IsIndex && b.IsIndex:
			if a.Index != b.Index {
				if a.Index < b.Index {
					return -1
				}
				return 1
			}
		case a.IsIndex:
			return 1
		case b.IsIndex:
			return -1
		default:
			if c := strings.Compare(a.Name, b.Name); c != 0 {
				return c
			}
		}
	}
	return len(p) - len(q)
}

// pathRelation classifies two paths: overlap (one is a prefix of the other,
// or they are equal), conflict (at the first difference one has a name and
// the other an index), or independent.
type pathRelation int

const (
	pathsIndependent pathRelation = iota
	pathsOverlap
	pathsConflict
)

func relatePaths(p, q Path) pathRelation {
	for i := 0; i < len(p) && i < len(q); i++ {
		if p[i].IsIndex != q[i].IsIndex {
			return pathsConflict
		}
		if p[i] != q[i] {
			return pathsIndependent
		}
	}
	return pathsOverlap
}
