package expr

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// conditionFunctions are the functions of condition expressions, with their
// number of operands. Function names are case-sensitive.
var conditionFunctions = map[string]int{
	"attribute_exists":     1,
	"attribute_not_exists": 1,
	"attribute_type":       2,
	"begins_with":          2,
	"contains":             2,
	"size":                 1,
}

// attributeTypeNames are the type names attribute_type accepts.
var attributeTypeNames = map[string]bool{
	"S": true, "SS": true, "N": true, "NS": true, "B": true, "BS": true,
	"BOOL": true, "NULL": true, "L": true, "M": true,
}

// Condition is a parsed ConditionExpression or FilterExpression.
type Condition struct {
	kind  Kind
	root  condNode
	paths []Path
}

// ParseCondition parses and checks a ConditionExpression or
// FilterExpression (kind says which, for the messages). Placeholders are
// resolved from p and marked used.
func ParseCondition(kind Kind, src string, p *Placeholders) (*Condition, error) {
	root, err := parseCondition(kind, src, p)
	if err != nil {
		return nil, err
	}
	return &Condition{kind: kind, root: root, paths: condPaths(root)}, nil
}

// parseCondition parses src as a condition and runs the condition checks.
func parseCondition(kind Kind, src string, ph *Placeholders) (root condNode, err error) {
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
	pr := newParser(kind, src, conditionKeywords)
	pr.unlimited = !ph.limited()
	root = pr.parseConditionExpr()
	c := newChecker(kind, ph)
	c.resolve(root)
	if e := c.checkCondition(root); e != nil {
		return nil, e
	}
	return root, nil
}

// condPaths lists the document paths a condition reads, in source order.
func condPaths(root Node) []Path {
	var out []Path
	preorder(root, func(n Node) *Error {
		if p, ok := n.(*pathNode); ok {
			out = append(out, p.resolved)
		}
		return nil
	})
	return out
}

// Kind returns the kind the condition was parsed as.
func (c *Condition) Kind() Kind { return c.kind }

// String returns the condition as canonical source.
func (c *Condition) String() string { return c.root.String() }

// Paths returns every document path the condition reads, in source order.
func (c *Condition) Paths() []Path { return c.paths }

// Eval evaluates the condition against item. A nil item stands for a
// missing item: every attribute is missing. Eval never fails: operands of
// the wrong type make a comparison false.
func (c *Condition) Eval(item attr.Item) bool { return evalCond(item, c.root) }

// checkCondition runs the checks of a condition, in DynamoDB's order.
func (c *checker) checkCondition(root condNode) *Error {
	if err := c.redundantParens(root); err != nil {
		return err
	}
	if err := c.updateFunctionInCondition(root); err != nil {
		return err
	}
	if err := c.unknownFunction(root, conditionFunctions); err != nil {
		return err
	}
	if err := c.misusedFunction(root); err != nil {
		return err
	}
	if err := c.reserved(root); err != nil {
		return err
	}
	return preorder(root, func(n Node) *Error {
		switch n.(type) {
		case *compareNode, *betweenNode, *inNode, *funcCondNode:
			return c.checkPredicate(n)
		}
		return nil
	})
}

// misusedFunction reports a function where it can't be used: a boolean
// function as an operand or argument, or size() as a condition. Checks run
// when a construct is complete (post-order), as in DynamoDB.
func (c *checker) misusedFunction(root condNode) *Error {
	operands := func(os ...operandNode) *Error {
		for _, o := range os {
			if call, ok := unparen(o).(*callNode); ok && call.name != "size" {
				return errorf(c.kind, call.Pos(), msgMisusedFunction, call.name)
			}
		}
		return nil
	}
	conds := func(cs ...condNode) *Error {
		for _, x := range cs {
			for {
				p, ok := x.(*parenNode)
				if !ok {
					break
				}
				x = p.x
			}
			if f, ok := x.(*funcCondNode); ok && f.call.name == "size" {
				return errorf(c.kind, f.Pos(), msgMisusedFunction, "size")
			}
		}
		return nil
	}
	err := postorder(root, func(n Node) *Error {
		switch x := n.(type) {
		case *compareNode:
			return operands(x.left, x.right)
		case *betweenNode:
			return operands(x.x, x.low, x.high)
		case *inNode:
			return operands(append([]operandNode{x.x}, x.list...)...)
		case *callNode:
			return operands(x.args...)
		case *logicalNode:
			return conds(x.left, x.right)
		case *notNode:
			return conds(x.x)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return conds(root)
}

// checkPredicate reports the most important problem of one predicate:
// an undefined placeholder, then a wrong number of operands, then operands
// that must be distinct, then operand types.
func (c *checker) checkPredicate(pred Node) *Error {
	if err := c.firstUndefined(pred, true, true); err != nil {
		return err
	}
	if err := postorder(pred, func(n Node) *Error {
		switch x := n.(type) {
		case *callNode:
			return c.arity(x, conditionFunctions)
		case *inNode:
			if n := 1 + len(x.list); n > MaxInOperands && c.ph.limited() {
				return errorf(c.kind, x.Pos(), msgArity, "IN", n)
			}
		}
		return nil
	}); err != nil {
		return err
	}
	if err := postorder(pred, func(n Node) *Error {
		switch x := n.(type) {
		case *callNode:
			if len(x.args) == 2 {
				return c.distinct(x.Pos(), x.name, x.args[0], x.args[1])
			}
		case *compareNode:
			return c.distinct(x.Pos(), x.op.String(), x.left, x.right)
		}
		return nil
	}); err != nil {
		return err
	}
	return postorder(pred, func(n Node) *Error {
		switch x := n.(type) {
		case *callNode:
			return c.callTypes(x)
		case *compareNode:
			if x.op >= opLt {
				return c.scalarOperands(x.op.String(), x.left, x.right)
			}
		case *betweenNode:
			return c.betweenTypes(x)
		}
		return nil
	})
}

// distinct reports a function or comparison whose two operands are the same
// document path.
func (c *checker) distinct(off int, op string, a, b operandNode) *Error {
	pa, ok1 := isPath(a)
	pb, ok2 := isPath(b)
	if ok1 && ok2 && pa.resolved.Equal(pb.resolved) {
		return errorf(c.kind, off, msgDistinct, op, pa.resolved)
	}
	return nil
}

// callTypes checks the operands of a condition function.
func (c *checker) callTypes(x *callNode) *Error {
	switch x.name {
	case "attribute_exists", "attribute_not_exists":
		if _, ok := isPath(x.args[0]); !ok {
			return errorf(c.kind, x.Pos(), msgNeedsPath, x.name)
		}
	case "attribute_type":
		// Unlike attribute_exists, attribute_type accepts a value as its
		// first operand (DynamoDB evaluates attribute_type(:v, :t)).
		t := staticType(x.args[1])
		switch {
		case t == 0:
			return errorf(c.kind, x.Pos(), msgOperandType, x.name, "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}")
		case t != attr.TypeS:
			return errorf(c.kind, x.Pos(), msgOperandType, x.name, t)
		}
		v, _ := literal(x.args[1])
		if name := string(v.(attr.String)); !attributeTypeNames[name] {
			return errorf(c.kind, x.Pos(), msgTypeName, name)
		}
	case "begins_with":
		for _, a := range x.args {
			if t := staticType(a); t != 0 && t != attr.TypeS && t != attr.TypeB {
				return errorf(c.kind, x.Pos(), msgOperandType, x.name, t)
			}
		}
	case "size":
		switch t := staticType(x.args[0]); t {
		case attr.TypeN, attr.TypeBOOL, attr.TypeNULL:
			return errorf(c.kind, x.Pos(), msgOperandType, x.name, t)
		}
	}
	return nil
}

// scalarOperands reports a placeholder value that an ordering operator can't
// compare (only S, N and B order).
func (c *checker) scalarOperands(op string, os ...operandNode) *Error {
	for _, o := range os {
		if v, ok := literal(o); ok && !v.Type().IsScalarKeyType() {
			return errorf(c.kind, o.Pos(), msgOperandType, op, v.Type())
		}
	}
	return nil
}

// betweenTypes checks BETWEEN: orderable placeholder values, and literal
// bounds of one type in order.
func (c *checker) betweenTypes(x *betweenNode) *Error {
	if err := c.scalarOperands("BETWEEN", x.x, x.low, x.high); err != nil {
		return err
	}
	lo, ok1 := literal(x.low)
	hi, ok2 := literal(x.high)
	if !ok1 || !ok2 {
		return nil
	}
	if lo.Type() != hi.Type() {
		return errorf(c.kind, x.Pos(), msgBetweenTypes, attr.FormatForMessage(lo), attr.FormatForMessage(hi))
	}
	if cmp, ok := attr.Compare(lo, hi); ok && cmp > 0 {
		return errorf(c.kind, x.Pos(), msgBetweenOrder, attr.FormatForMessage(lo), attr.FormatForMessage(hi))
	}
	return nil
}
