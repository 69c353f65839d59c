package partiql

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// statement is one parsed PartiQL statement.
type statement interface{ isRead() bool }

// source is a FROM target: a table, or "table"."index".
type source struct {
	table, index string
	tok          token // the first name, for messages
}

// selectStmt is SELECT proj FROM source [WHERE cond] [ORDER BY keys].
type selectStmt struct {
	star    bool
	proj    []projItem
	from    source
	where   node // nil without WHERE
	orderBy []orderKey
}

// projItem is one projected path and the name it comes back under.
type projItem struct {
	path expr.Path
	name string
}

// orderKey is one ORDER BY key.
type orderKey struct {
	name string
	desc bool
}

// insertStmt is INSERT INTO table VALUE {tuple}.
type insertStmt struct {
	from  source
	value *mapLit
}

// updateStmt is UPDATE table SET/REMOVE ... WHERE cond [RETURNING ...].
type updateStmt struct {
	from      source
	actions   []action
	where     node
	returning string // "", "ALL OLD", "ALL NEW", "MODIFIED OLD", "MODIFIED NEW"
}

// action is one SET assignment or REMOVE path.
type action struct {
	remove bool
	path   expr.Path
	rhs    node
	tok    token
}

// deleteStmt is DELETE FROM table WHERE cond [RETURNING ...].
type deleteStmt struct {
	from      source
	where     node
	returning string
}

// existsStmt is EXISTS(SELECT ...), a condition check in a transaction.
type existsStmt struct {
	sel *selectStmt
}

func (*selectStmt) isRead() bool { return true }
func (*insertStmt) isRead() bool { return false }
func (*updateStmt) isRead() bool { return false }
func (*deleteStmt) isRead() bool { return false }
func (*existsStmt) isRead() bool { return false }

// node is an expression of a WHERE clause, a SET right-hand side or a
// literal value.
type node interface{ nodeTok() token }

type (
	// binary is AND, OR, a comparison (= <> < <= > >=) or arithmetic (+ -).
	binary struct {
		op   string
		l, r node
		tok  token
	}
	notNode struct {
		x   node
		tok token
	}
	parenNode struct {
		x   node
		tok token
	}
	betweenNode struct {
		x, lo, hi node
		tok       token
	}
	inNode struct {
		x    node
		list []node
		tok  token
	}
	// isNode is x IS [NOT] MISSING / NULL.
	isNode struct {
		x    node
		not  bool
		what string // "MISSING" or "NULL"
		tok  token
	}
	callNode struct {
		name string // lower case
		args []node
		tok  token
	}
	pathNode struct {
		path expr.Path
		tok  token
	}
	litNode struct {
		v   attr.Value
		tok token
	}
	paramNode struct {
		n   int // 0-based
		tok token
	}
	listLit struct {
		elems []node
		tok   token
	}
	mapLit struct {
		keys []string
		vals []node
		tok  token
	}
	bagLit struct {
		elems []node
		tok   token
	}
	// missingLit is a bare MISSING outside IS.
	missingLit struct{ tok token }
)

func (n *binary) nodeTok() token      { return n.tok }
func (n *notNode) nodeTok() token     { return n.tok }
func (n *parenNode) nodeTok() token   { return n.tok }
func (n *betweenNode) nodeTok() token { return n.tok }
func (n *inNode) nodeTok() token      { return n.tok }
func (n *isNode) nodeTok() token      { return n.tok }
func (n *callNode) nodeTok() token    { return n.tok }
func (n *pathNode) nodeTok() token    { return n.tok }
func (n *litNode) nodeTok() token     { return n.tok }
func (n *paramNode) nodeTok() token   { return n.tok }
func (n *listLit) nodeTok() token     { return n.tok }
func (n *mapLit) nodeTok() token      { return n.tok }
func (n *bagLit) nodeTok() token      { return n.tok }
func (n *missingLit) nodeTok() token  { return n.tok }

// unparen strips grouping parentheses.
func unparen(n node) node {
	for {
		p, ok := n.(*parenNode)
		if !ok {
			return n
		}
		n = p.x
	}
}

// conjuncts flattens the top-level ANDs of a condition.
func conjuncts(n node) []node {
	n = unparen(n)
	if b, ok := n.(*binary); ok && b.op == "AND" {
		return append(conjuncts(b.l), conjuncts(b.r)...)
	}
	return []node{n}
}

// disjuncts flattens the top-level ORs of a condition.
func disjuncts(n node) []node {
	n = unparen(n)
	if b, ok := n.(*binary); ok && b.op == "OR" {
		return append(disjuncts(b.l), disjuncts(b.r)...)
	}
	return []node{n}
}

// andAll joins conditions with AND; nil for none.
func andAll(ns []node) node {
	var out node
	for _, n := range ns {
		if out == nil {
			out = n
		} else {
			out = &binary{op: "AND", l: out, r: n, tok: n.nodeTok()}
		}
	}
	return out
}

// walkNodes visits n and its descendants.
func walkNodes(n node, f func(node)) {
	if n == nil {
		return
	}
	f(n)
	switch x := n.(type) {
	case *binary:
		walkNodes(x.l, f)
		walkNodes(x.r, f)
	case *notNode:
		walkNodes(x.x, f)
	case *parenNode:
		walkNodes(x.x, f)
	case *betweenNode:
		walkNodes(x.x, f)
		walkNodes(x.lo, f)
		walkNodes(x.hi, f)
	case *inNode:
		walkNodes(x.x, f)
		for _, e := range x.list {
			walkNodes(e, f)
		}
	case *isNode:
		walkNodes(x.x, f)
	case *callNode:
		for _, e := range x.args {
			walkNodes(e, f)
		}
	case *listLit:
		for _, e := range x.elems {
			walkNodes(e, f)
		}
	case *mapLit:
		for _, e := range x.vals {
			walkNodes(e, f)
		}
	case *bagLit:
		for _, e := range x.elems {
			walkNodes(e, f)
		}
	}
}

// topNames returns the distinct top-level attribute names n refers to.
func topNames(n node) []string {
	var names []string
	seen := map[string]bool{}
	walkNodes(n, func(m node) {
		if p, ok := m.(*pathNode); ok && !seen[p.path[0].Name] {
			seen[p.path[0].Name] = true
			names = append(names, p.path[0].Name)
		}
	})
	return names
}
