package expr

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Projection is a parsed ProjectionExpression.
type Projection struct {
	nodes []*pathNode
	paths []Path
	tree  *projTree
}

// ParseProjection parses and checks a ProjectionExpression.
func ParseProjection(src string, ph *Placeholders) (_ *Projection, err error) {
	const kind = ProjectionExpression
	if ph == nil {
		ph = NewPlaceholders(nil, nil)
	}
	if err := ph.check(); err != nil {
		return nil, err
	}
	if err := checkSource(kind, src, ph); err != nil {
		return nil, err
	}
	defer recoverError(&err)
	ps := newParser(kind, src, nil)
	ps.unlimited = !ph.limited()
	nodes := ps.parseProjectionExpr()
	c := newChecker(kind, ph)
	for _, n := range nodes {
		c.resolve(n)
	}
	for _, n := range nodes {
		if e := c.reserved(n); e != nil {
			return nil, e
		}
	}
	for _, n := range nodes {
		if e := c.firstUndefined(n, true, false); e != nil {
			return nil, e
		}
	}
	if e := c.checkPaths(nodes); e != nil {
		return nil, e
	}
	pr := &Projection{nodes: nodes}
	for _, n := range nodes {
		pr.paths = append(pr.paths, n.resolved)
	}
	pr.tree = newProjTree(pr.paths)
	return pr, nil
}

// String returns the projection as canonical source.
func (pr *Projection) String() string {
	var b strings.Builder
	for i, n := range pr.nodes {
		if i > 0 {
			b.WriteString(", ")
		}
		n.write(&b)
	}
	return b.String()
}

// Paths returns the projected paths, in source order.
func (pr *Projection) Paths() []Path { return pr.paths }

// Apply returns the parts of item the projection names, keeping their
// nesting: a.b gives {"a": {"b": ...}}, and the elements picked from a list
// are gathered in index order into a shorter list. Paths that lead nowhere
// are skipped; when nothing matches the result is an empty item. The values
// are shared with item.
func (pr *Projection) Apply(item attr.Item) attr.Item {
	return pr.tree.apply(item)
}

// ProjectPaths picks the given paths out of item as a projection would
// (UpdateItem's UPDATED_OLD and UPDATED_NEW).
func ProjectPaths(item attr.Item, paths []Path) attr.Item {
	return newProjTree(paths).apply(item)
}

// projTree is a trie of projected paths. A node either takes its whole value
// (leaf) or picks children by name or by index.
type projTree struct {
	leaf    bool
	names   map[string]*projTree
	indexes map[int]*projTree
}

func newProjTree(paths []Path) *projTree {
	root := &projTree{}
	for _, p := range paths {
		n := root
		for _, e := range p {
			if n.leaf {
				break
			}
			n = n.child(e)
		}
		n.leaf = true
		n.names, n.indexes = nil, nil
	}
	return root
}

func (t *projTree) child(e PathElem) *projTree {
	if e.IsIndex {
		if t.indexes == nil {
			t.indexes = map[int]*projTree{}
		}
		c := t.indexes[e.Index]
		if c == nil {
			c = &projTree{}
			t.indexes[e.Index] = c
		}
		return c
	}
	if t.names == nil {
		t.names = map[string]*projTree{}
	}
	c := t.names[e.Name]
	if c == nil {
		c = &projTree{}
		t.names[e.Name] = c
	}
	return c
}

// apply projects a whole item.
func (t *projTree) apply(item attr.Item) attr.Item {
	out := attr.Item{}
	for name, c := range t.names {
		if v, ok := item[name]; ok && v != nil {
			if w, ok := c.project(v); ok {
				out[name] = w
			}
		}
	}
	return out
}

// project picks from v what the subtree names.
func (t *projTree) project(v attr.Value) (attr.Value, bool) {
	if t.leaf {
		return v, true
	}
	switch x := v.(type) {
	case attr.Map:
		if len(t.names) == 0 {
			return nil, false
		}
		out := attr.Map{}
		for name, c := range t.names {
			if w, ok := x[name]; ok && w != nil {
				if p, ok := c.project(w); ok {
					out[name] = p
				}
			}
		}
		return out, len(out) > 0
	case attr.List:
		if len(t.indexes) == 0 {
			return nil, false
		}
		idx := make([]int, 0, len(t.indexes))
		for i := range t.indexes {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		var out attr.List
		for _, i := range idx {
			if i < len(x) && x[i] != nil {
				if p, ok := t.indexes[i].project(x[i]); ok {
					out = append(out, p)
				}
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}
