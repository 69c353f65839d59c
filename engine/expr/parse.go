package expr

import (
	"runtime"
	"strconv"
	"strings"
)

// Limits (expressions.md §7).
const (
	// MaxExpressionSize is the longest expression string, in bytes.
	MaxExpressionSize = 4096
	// MaxOperators is the most operators one expression may contain:
	// comparisons, BETWEEN, IN, AND, OR, NOT, and + and - in SET. Function
	// calls do not count (Alternator's test_limits.py, run against AWS).
	MaxOperators = 300
	// MaxPathDepth is the most components a document path may have.
	MaxPathDepth = 32
	// MaxInOperands is the most operands of IN, the left one included
	// (the guide says 100; 99 listed values were observed to work).
	MaxInOperands = 100
	// MaxListIndex is the largest list index a path may name.
	MaxListIndex = 1<<31 - 1
)

// maxNestingDepth bounds the recursion of the parser (parentheses, NOT,
// function arguments), as text/template/parse's maxStackDepth does. An
// expression within MaxExpressionSize nests at most about 2048 levels, so the
// limit never changes what DynamoDB-sized input means; it protects callers
// that skip the size check. It is smaller under WebAssembly, whose stack is
// smaller; tests lower it to exercise it.
var maxNestingDepth = 10000

func init() {
	if runtime.GOARCH == "wasm" {
		maxNestingDepth = 2500
	}
}

// parser is a recursive-descent parser over the lexer's items. Errors panic
// with an *Error, recovered by the entry point (parse.go: recoverError).
type parser struct {
	kind    Kind
	input   string
	lex     *lexer
	buf     []item // lookahead; buf[head] is the next item
	head    int
	last    item // the last consumed item
	hasLast bool
	depth   int
	ops     int
	// unlimited skips the operator limit (Placeholders.Lowered).
	unlimited bool
}

func newParser(kind Kind, input string, keywords map[string]itemType) *parser {
	return &parser{kind: kind, input: input, lex: newLexer(input, keywords), buf: make([]item, 0, 4)}
}

// peekN returns the item n places ahead without consuming anything.
func (p *parser) peekN(n int) item {
	for len(p.buf)-p.head <= n {
		p.buf = append(p.buf, p.lex.nextItem())
	}
	return p.buf[p.head+n]
}

func (p *parser) peek() item { return p.peekN(0) }

// next consumes and returns the next item.
func (p *parser) next() item {
	t := p.peek()
	if p.head++; p.head == len(p.buf) {
		p.buf, p.head = p.buf[:0], 0
	}
	p.last, p.hasLast = t, true
	return t
}

// expect consumes the next item, which must be of type typ.
func (p *parser) expect(typ itemType) item {
	if p.peek().typ != typ {
		p.unexpected()
	}
	return p.next()
}

// fail panics with a prefixed error at offset off.
func (p *parser) fail(off int, format string, args ...any) {
	panic(errorf(p.kind, off, format, args...))
}

// unexpected reports a syntax error at the next (unconsumed) item. DynamoDB
// quotes the offending token and the source text from the token before it to
// the token after it: Syntax error; token: "b", near: "a b".
func (p *parser) unexpected() {
	t := p.peek()
	tok := t.val
	if t.typ == itemEOF {
		tok = "<EOF>"
	}
	start := t.pos
	if p.hasLast {
		start = p.last.pos
	}
	end := t.end()
	if t.typ == itemEOF {
		end = len(p.input)
	} else if n := p.peekN(1); n.typ != itemEOF {
		end = n.end()
	}
	panic(&Error{Kind: p.kind, Offset: t.pos, Message: syntaxMessage(tok, p.input[start:end])})
}

// enter and leave track the nesting depth.
func (p *parser) enter(off int) {
	p.depth++
	if p.depth > maxNestingDepth {
		p.fail(off, msgNestedTooDeep, p.depth)
	}
}

func (p *parser) leave() { p.depth-- }

// operator counts one operator.
func (p *parser) operator(off int) {
	p.ops++
	if p.ops > MaxOperators && !p.unlimited {
		p.fail(off, msgTooManyOperators, p.ops)
	}
}

// recoverError turns a panic carrying an *Error into the returned error and
// re-panics anything else (runtime errors in particular).
func recoverError(errp *error) {
	if e := recover(); e != nil {
		if pe, ok := e.(*Error); ok {
			*errp = pe
			return
		}
		panic(e)
	}
}

// checkSource applies the checks that come before parsing: size, then
// emptiness.
func checkSource(kind Kind, src string, ph *Placeholders) error {
	if len(src) > MaxExpressionSize && ph.limited() {
		return errorf(kind, -1, msgExpressionSize, len(src))
	}
	if strings.TrimLeft(src, " \t\r\n") == "" {
		return errorf(kind, -1, "%s", msgEmpty)
	}
	return nil
}

// ---- document paths ----

// parsePath parses a document path:
//
//	path:      component ( '.' component | '[' digits ']' )*
//	component: name | #placeholder
func (p *parser) parsePath() *pathNode {
	t := p.peek()
	if t.typ != itemIdent && t.typ != itemName {
		p.unexpected()
	}
	p.next()
	n := &pathNode{pos: pos(t.pos), parts: []pathPart{{pos: t.pos, text: t.val}}}
	for {
		switch p.peek().typ {
		case itemDot:
			p.next()
			c := p.peek()
			if c.typ != itemIdent && c.typ != itemName {
				p.unexpected()
			}
			p.next()
			n.parts = append(n.parts, pathPart{pos: c.pos, text: c.val})
		case itemLBracket:
			p.next()
			d := p.peek()
			if d.typ != itemNumber {
				p.unexpected()
			}
			idx, err := strconv.Atoi(d.val)
			if err != nil || len(d.val) > 10 || idx > MaxListIndex {
				p.fail(d.pos, msgIndexRange, d.val)
			}
			p.next()
			p.expect(itemRBracket)
			n.parts = append(n.parts, pathPart{pos: d.pos, text: d.val, isIndex: true, index: idx})
		default:
			if len(n.parts) > MaxPathDepth {
				p.fail(t.pos, msgPathDepth, len(n.parts))
			}
			return n
		}
	}
}

// ---- conditions ----

// parseConditionExpr parses a whole condition:
//
//	condition: disjunct ( OR disjunct )* EOF
func (p *parser) parseConditionExpr() condNode {
	n := p.parseOr(false)
	if p.peek().typ != itemEOF {
		p.unexpected()
	}
	return n.(condNode)
}

// parseOr parses
//
//	disjunct ( OR disjunct )*
//
// When bare is set (directly inside parentheses) the result may be an
// operand, which the caller turns into a parenthesised operand.
func (p *parser) parseOr(bare bool) Node {
	left := p.parseAnd(bare)
	if _, isOperand := left.(operandNode); isOperand {
		return left
	}
	for p.peek().typ == itemOr {
		t := p.next()
		p.operator(t.pos)
		right := p.parseAnd(false)
		left = &logicalNode{pos: pos(t.pos), or: true, left: left.(condNode), right: right.(condNode)}
	}
	return left
}

// parseAnd parses
//
//	conjunct ( AND conjunct )*
func (p *parser) parseAnd(bare bool) Node {
	left := p.parseNot(bare)
	if _, isOperand := left.(operandNode); isOperand {
		return left
	}
	for p.peek().typ == itemAnd {
		t := p.next()
		p.operator(t.pos)
		right := p.parseNot(false)
		left = &logicalNode{pos: pos(t.pos), left: left.(condNode), right: right.(condNode)}
	}
	return left
}

// parseNot parses
//
//	conjunct: NOT conjunct | primary
func (p *parser) parseNot(bare bool) Node {
	if t := p.peek(); t.typ == itemNot {
		p.next()
		p.operator(t.pos)
		p.enter(t.pos)
		x := p.parseNot(false)
		p.leave()
		return &notNode{pos: pos(t.pos), x: x.(condNode)}
	}
	return p.parsePrimary(bare)
}

// parsePrimary parses
//
//	primary: '(' condition ')' | predicate
//
// A parenthesis may also open an operand, as in "(a) = :v" or
// "(size(a)) > :n": what follows the closing parenthesis decides.
func (p *parser) parsePrimary(bare bool) Node {
	t := p.peek()
	if t.typ != itemLParen {
		return p.parsePredicate(bare)
	}
	p.next()
	p.enter(t.pos)
	inner := p.parseOr(true)
	p.expect(itemRParen)
	p.leave()
	switch x := inner.(type) {
	case operandNode:
		return p.parsePredicateRest(&parenOperandNode{pos: pos(t.pos), x: x}, bare)
	case *funcCondNode:
		if isPredicateOperator(p.peek().typ) {
			return p.parsePredicateRest(&parenOperandNode{pos: pos(t.pos), x: x.call}, bare)
		}
	}
	return &parenNode{pos: pos(t.pos), x: inner.(condNode)}
}

func isPredicateOperator(t itemType) bool {
	switch t {
	case itemEq, itemNe, itemLt, itemLe, itemGt, itemGe, itemBetween, itemIn:
		return true
	}
	return false
}

// parsePredicate parses
//
//	predicate: operand cmp operand
//	         | operand BETWEEN operand AND operand
//	         | operand IN '(' operand ( ',' operand )* ')'
//	         | function '(' operand ( ',' operand )* ')'
func (p *parser) parsePredicate(bare bool) Node {
	left := p.parseOperand()
	if call, ok := left.(*callNode); ok && !isPredicateOperator(p.peek().typ) {
		return &funcCondNode{call: call}
	}
	return p.parsePredicateRest(left, bare)
}

// parsePredicateRest parses what follows the first operand of a predicate.
// With bare set, an operand directly followed by ')' is returned as is.
func (p *parser) parsePredicateRest(left operandNode, bare bool) Node {
	t := p.peek()
	switch t.typ {
	case itemEq, itemNe, itemLt, itemLe, itemGt, itemGe:
		p.next()
		p.operator(t.pos)
		right := p.parseOperand()
		return &compareNode{pos: pos(t.pos), op: compareOpOf(t.typ), left: left, right: right}
	case itemBetween:
		p.next()
		p.operator(t.pos)
		low := p.parseOperand()
		p.expect(itemAnd)
		high := p.parseOperand()
		return &betweenNode{pos: pos(t.pos), x: left, low: low, high: high}
	case itemIn:
		p.next()
		p.operator(t.pos)
		open := p.expect(itemLParen)
		p.enter(open.pos)
		list := []operandNode{p.parseOperand()}
		for p.peek().typ == itemComma {
			p.next()
			list = append(list, p.parseOperand())
		}
		p.expect(itemRParen)
		p.leave()
		return &inNode{pos: pos(t.pos), x: left, list: list}
	case itemRParen:
		if bare {
			return left
		}
	}
	p.unexpected()
	return nil
}

func compareOpOf(t itemType) compareOp {
	switch t {
	case itemNe:
		return opNe
	case itemLt:
		return opLt
	case itemLe:
		return opLe
	case itemGt:
		return opGt
	case itemGe:
		return opGe
	}
	return opEq
}

// parseOperand parses
//
//	operand: '(' operand ')' | path | :value | function '(' operand ( ',' operand )* ')'
func (p *parser) parseOperand() operandNode { return p.parseOperandWith(p.parseOperand) }

// parseOperandWith parses one operand whose parenthesised parts and
// function arguments are parsed by inner (parseOperand in conditions,
// parseTerm in SET right-hand sides).
func (p *parser) parseOperandWith(inner func() operandNode) operandNode {
	t := p.peek()
	switch t.typ {
	case itemLParen:
		p.next()
		p.enter(t.pos)
		x := inner()
		p.expect(itemRParen)
		p.leave()
		return &parenOperandNode{pos: pos(t.pos), x: x}
	case itemValue:
		p.next()
		return &valueNode{pos: pos(t.pos), token: t.val}
	case itemIdent:
		if p.peekN(1).typ == itemLParen {
			return p.parseCall(inner)
		}
		return p.parsePath()
	case itemName:
		return p.parsePath()
	}
	p.unexpected()
	return nil
}

// parseCall parses a function call whose arguments are parsed by arg:
//
//	function: name '(' arg ( ',' arg )* ')'
func (p *parser) parseCall(arg func() operandNode) *callNode {
	t := p.next()
	open := p.next()
	p.enter(open.pos)
	n := &callNode{pos: pos(t.pos), name: t.val, args: []operandNode{arg()}}
	for p.peek().typ == itemComma {
		p.next()
		n.args = append(n.args, arg())
	}
	p.expect(itemRParen)
	p.leave()
	return n
}

// ---- projections ----

// parseProjectionExpr parses
//
//	projection: path ( ',' path )* EOF
func (p *parser) parseProjectionExpr() []*pathNode {
	paths := []*pathNode{p.parsePath()}
	for p.peek().typ == itemComma {
		p.next()
		paths = append(paths, p.parsePath())
	}
	if p.peek().typ != itemEOF {
		p.unexpected()
	}
	return paths
}

// ---- updates ----

// parseUpdateExpr parses
//
//	update: clause+ EOF
//	clause: SET setaction ( ',' setaction )*
//	      | REMOVE path ( ',' path )*
//	      | ADD path :value ( ',' path :value )*
//	      | DELETE path :value ( ',' path :value )*
func (p *parser) parseUpdateExpr() []*clauseNode {
	var clauses []*clauseNode
	for {
		t := p.peek()
		var kind actionKind
		switch t.typ {
		case itemSet:
			kind = actSet
		case itemRemove:
			kind = actRemove
		case itemAdd:
			kind = actAdd
		case itemDelete:
			kind = actDelete
		default:
			if t.typ == itemEOF && len(clauses) > 0 {
				return clauses
			}
			p.unexpected()
		}
		p.next()
		c := &clauseNode{pos: pos(t.pos), kind: kind, actions: []*actionNode{p.parseAction(kind)}}
		for p.peek().typ == itemComma {
			p.next()
			c.actions = append(c.actions, p.parseAction(kind))
		}
		clauses = append(clauses, c)
	}
}

// parseAction parses one action of a clause of the given kind:
//
//	setaction: path '=' rhs
func (p *parser) parseAction(kind actionKind) *actionNode {
	path := p.parsePath()
	a := &actionNode{pos: path.pos, kind: kind, path: path}
	switch kind {
	case actSet:
		p.expect(itemEq)
		a.value = p.parseRHS()
	case actAdd, actDelete:
		v := p.expect(itemValue)
		a.value = &valueNode{pos: pos(v.pos), token: v.val}
	}
	return a
}

// parseRHS parses the value of a SET action:
//
//	rhs:  term | term '+' term | term '-' term | '(' rhs ')'
//	term: path | :value | function '(' term ( ',' term )* ')' | '(' term ')'
//
// Parentheses around the whole right-hand side may hold + or -; those around
// a term may not, and a parenthesised sum cannot be added to.
func (p *parser) parseRHS() operandNode {
	var left operandNode
	if t := p.peek(); t.typ == itemLParen {
		p.next()
		p.enter(t.pos)
		x := p.parseRHS()
		p.expect(itemRParen)
		p.leave()
		left = &parenOperandNode{pos: pos(t.pos), x: x}
		if isArith(x) {
			return left
		}
	} else {
		left = p.parseTerm()
	}
	t := p.peek()
	if t.typ != itemPlus && t.typ != itemMinus {
		return left
	}
	p.next()
	p.operator(t.pos)
	right := p.parseTerm()
	return &arithNode{pos: pos(t.pos), minus: t.typ == itemMinus, left: left, right: right}
}

// isArith reports whether x is a sum or difference, possibly parenthesised.
func isArith(x operandNode) bool {
	for {
		switch n := x.(type) {
		case *arithNode:
			return true
		case *parenOperandNode:
			x = n.x
		default:
			return false
		}
	}
}

// parseTerm parses a term of a SET right-hand side (see parseRHS).
func (p *parser) parseTerm() operandNode { return p.parseOperandWith(p.parseTerm) }
