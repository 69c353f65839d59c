package expr

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The syntax tree. Every node prints canonical source through String(): one
// space around binary operators, ", " between list elements, keywords in
// upper case, and the original placeholder tokens. Parentheses are nodes, so
// the printed source parses back to the same tree.
//
// Node is sealed: only this package implements it. Conditions (condNode) and
// operands (operandNode) are its two families.

// Node is an element of the syntax tree.
type Node interface {
	// Pos is the byte offset of the node's first token.
	Pos() int
	// String prints the node as canonical source.
	String() string
	write(b *strings.Builder)
}

// condNode is a node that yields true or false.
type condNode interface {
	Node
	cond()
}

// operandNode is a node that yields a value (or no value).
type operandNode interface {
	Node
	operand()
}

// pos is embedded by every node.
type pos int

func (p pos) Pos() int { return int(p) }

func nodeString(n Node) string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

// ---- conditions ----

// logicalNode is AND or OR.
type logicalNode struct {
	pos         // of the keyword
	or          bool
	left, right condNode
}

// notNode is NOT x.
type notNode struct {
	pos
	x condNode
}

// parenNode is a parenthesised condition.
type parenNode struct {
	pos
	x condNode
}

// compareOp is a comparison operator.
type compareOp int

const (
	opEq compareOp = iota
	opNe
	opLt
	opLe
	opGt
	opGe
)

var compareOpText = [...]string{"=", "<>", "<", "<=", ">", ">="}

func (o compareOp) String() string { return compareOpText[o] }

// compareNode is left op right.
type compareNode struct {
	pos         // of the operator
	op          compareOp
	left, right operandNode
}

// betweenNode is x BETWEEN low AND high.
type betweenNode struct {
	pos          // of BETWEEN
	x, low, high operandNode
}

// inNode is x IN (list...).
type inNode struct {
	pos  // of IN
	x    operandNode
	list []operandNode
}

// funcCondNode is a function call used as a condition.
type funcCondNode struct {
	call *callNode
}

func (n *funcCondNode) Pos() int { return n.call.Pos() }

func (*logicalNode) cond()  {}
func (*notNode) cond()      {}
func (*parenNode) cond()    {}
func (*compareNode) cond()  {}
func (*betweenNode) cond()  {}
func (*inNode) cond()       {}
func (*funcCondNode) cond() {}

func (n *logicalNode) String() string  { return nodeString(n) }
func (n *notNode) String() string      { return nodeString(n) }
func (n *parenNode) String() string    { return nodeString(n) }
func (n *compareNode) String() string  { return nodeString(n) }
func (n *betweenNode) String() string  { return nodeString(n) }
func (n *inNode) String() string       { return nodeString(n) }
func (n *funcCondNode) String() string { return nodeString(n) }

func (n *logicalNode) write(b *strings.Builder) {
	n.left.write(b)
	if n.or {
		b.WriteString(" OR ")
	} else {
		b.WriteString(" AND ")
	}
	n.right.write(b)
}

func (n *notNode) write(b *strings.Builder) {
	b.WriteString("NOT ")
	n.x.write(b)
}

func (n *parenNode) write(b *strings.Builder) {
	b.WriteByte('(')
	n.x.write(b)
	b.WriteByte(')')
}

func (n *compareNode) write(b *strings.Builder) {
	n.left.write(b)
	b.WriteByte(' ')
	b.WriteString(n.op.String())
	b.WriteByte(' ')
	n.right.write(b)
}

func (n *betweenNode) write(b *strings.Builder) {
	n.x.write(b)
	b.WriteString(" BETWEEN ")
	n.low.write(b)
	b.WriteString(" AND ")
	n.high.write(b)
}

func (n *inNode) write(b *strings.Builder) {
	n.x.write(b)
	b.WriteString(" IN (")
	for i, o := range n.list {
		if i > 0 {
			b.WriteString(", ")
		}
		o.write(b)
	}
	b.WriteByte(')')
}

func (n *funcCondNode) write(b *strings.Builder) { n.call.write(b) }

// ---- operands ----

// pathPart is one component of a document path as written: a bare name, a
// #placeholder or a list index.
type pathPart struct {
	pos     int
	text    string // source token: "a", "#n" or the index digits
	isIndex bool
	index   int
	name    string // the attribute name, once placeholders are resolved
}

// pathNode is a document path.
type pathNode struct {
	pos
	parts    []pathPart
	resolved Path // set by the checker
}

// valueNode is a :placeholder.
type valueNode struct {
	pos
	token string
	value attr.Value // resolved by the checker
}

// callNode is a function call.
type callNode struct {
	pos
	name string
	args []operandNode
}

// parenOperandNode is a parenthesised operand.
type parenOperandNode struct {
	pos
	x operandNode
}

// arithNode is left + right or left - right (UpdateExpression SET only).
type arithNode struct {
	pos         // of the operator
	minus       bool
	left, right operandNode
}

func (*pathNode) operand()         {}
func (*valueNode) operand()        {}
func (*callNode) operand()         {}
func (*parenOperandNode) operand() {}
func (*arithNode) operand()        {}

func (n *pathNode) String() string         { return nodeString(n) }
func (n *valueNode) String() string        { return nodeString(n) }
func (n *callNode) String() string         { return nodeString(n) }
func (n *parenOperandNode) String() string { return nodeString(n) }
func (n *arithNode) String() string        { return nodeString(n) }

func (n *pathNode) write(b *strings.Builder) {
	for i, p := range n.parts {
		switch {
		case p.isIndex:
			b.WriteByte('[')
			b.WriteString(p.text)
			b.WriteByte(']')
		case i > 0:
			b.WriteByte('.')
			b.WriteString(p.text)
		default:
			b.WriteString(p.text)
		}
	}
}

func (n *valueNode) write(b *strings.Builder) { b.WriteString(n.token) }

func (n *callNode) write(b *strings.Builder) {
	b.WriteString(n.name)
	b.WriteByte('(')
	for i, a := range n.args {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b)
	}
	b.WriteByte(')')
}

func (n *parenOperandNode) write(b *strings.Builder) {
	b.WriteByte('(')
	n.x.write(b)
	b.WriteByte(')')
}

func (n *arithNode) write(b *strings.Builder) {
	n.left.write(b)
	if n.minus {
		b.WriteString(" - ")
	} else {
		b.WriteString(" + ")
	}
	n.right.write(b)
}

// path returns the resolved document path.
func (n *pathNode) path() Path {
	p := make(Path, len(n.parts))
	for i, part := range n.parts {
		if part.isIndex {
			p[i] = PathElem{Index: part.index, IsIndex: true}
		} else {
			p[i] = PathElem{Name: part.name}
		}
	}
	return p
}

// ---- update expressions ----

// actionKind is the clause an update action belongs to.
type actionKind int

const (
	actSet actionKind = iota
	actRemove
	actAdd
	actDelete
)

var actionKindText = [...]string{"SET", "REMOVE", "ADD", "DELETE"}

func (k actionKind) String() string { return actionKindText[k] }

// actionNode is one action: SET path = value, REMOVE path, ADD path value,
// DELETE path value.
type actionNode struct {
	pos
	kind  actionKind
	path  *pathNode
	value operandNode // nil for REMOVE
}

// clauseNode is one clause: a keyword and its actions.
type clauseNode struct {
	pos
	kind    actionKind
	actions []*actionNode
}

func (n *actionNode) String() string { return nodeString(n) }
func (n *clauseNode) String() string { return nodeString(n) }

func (n *actionNode) write(b *strings.Builder) {
	n.path.write(b)
	switch n.kind {
	case actSet:
		b.WriteString(" = ")
		n.value.write(b)
	case actAdd, actDelete:
		b.WriteByte(' ')
		n.value.write(b)
	}
}

func (n *clauseNode) write(b *strings.Builder) {
	b.WriteString(n.kind.String())
	b.WriteByte(' ')
	for i, a := range n.actions {
		if i > 0 {
			b.WriteString(", ")
		}
		a.write(b)
	}
}
