package expr

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The checker runs after a successful parse and reports DynamoDB's semantic
// errors in DynamoDB's order. That order, observed by dynalite against
// DynamoDB and kept in its grammars' error tables, is per expression kind:
//
//	condition:  redundant parentheses, unknown function, misused function,
//	            reserved word, then the first predicate with a problem:
//	            undefined placeholder > operand count > distinct operands >
//	            operand types
//	update:     redundant parentheses, reserved word, unknown function,
//	            misused function, repeated clause, undefined name, undefined
//	            value, overlapping paths, conflicting paths, ADD/DELETE
//	            operand type, function errors
//	projection: reserved word, undefined name, overlapping paths,
//	            conflicting paths
//
// Resolving placeholders also marks them used in the Placeholders.

// walker visits a tree in source order, calling f on every node before its
// children (pre-order) or after them (post-order), and stops at the first
// error f returns.
type walker struct {
	f    func(Node) *Error
	post bool
}

func (w *walker) walk(n Node) *Error {
	if !w.post {
		if err := w.f(n); err != nil {
			return err
		}
	}
	var err *Error
	switch x := n.(type) {
	case *logicalNode:
		err = w.walk2(x.left, x.right)
	case *notNode:
		err = w.walk(x.x)
	case *parenNode:
		err = w.walk(x.x)
	case *compareNode:
		err = w.walk2(x.left, x.right)
	case *betweenNode:
		if err = w.walk2(x.x, x.low); err == nil {
			err = w.walk(x.high)
		}
	case *inNode:
		if err = w.walk(x.x); err == nil {
			err = w.operands(x.list)
		}
	case *funcCondNode:
		err = w.walk(x.call)
	case *callNode:
		err = w.operands(x.args)
	case *parenOperandNode:
		err = w.walk(x.x)
	case *arithNode:
		err = w.walk2(x.left, x.right)
	case *actionNode:
		if err = w.walk(x.path); err == nil && x.value != nil {
			err = w.walk(x.value)
		}
	case *clauseNode:
		for _, a := range x.actions {
			if err = w.walk(a); err != nil {
				break
			}
		}
	}
	if err != nil {
		return err
	}
	if w.post {
		return w.f(n)
	}
	return nil
}

func (w *walker) walk2(a, b Node) *Error {
	if err := w.walk(a); err != nil {
		return err
	}
	return w.walk(b)
}

func (w *walker) operands(os []operandNode) *Error {
	for _, o := range os {
		if err := w.walk(o); err != nil {
			return err
		}
	}
	return nil
}

// preorder calls f for n and its descendants, parents first, in source
// order, until f returns a non-nil error.
func preorder(n Node, f func(Node) *Error) *Error {
	w := walker{f: f}
	return w.walk(n)
}

// postorder calls f for n's descendants and then n, in source order, until f
// returns a non-nil error.
func postorder(n Node, f func(Node) *Error) *Error {
	w := walker{f: f, post: true}
	return w.walk(n)
}

// unparen strips parentheses around an operand.
func unparen(o operandNode) operandNode {
	for {
		p, ok := o.(*parenOperandNode)
		if !ok {
			return o
		}
		o = p.x
	}
}

// checker carries the state of one check.
type checker struct {
	kind Kind
	ph   *Placeholders
	// undefined records, per path or value node, the first placeholder of it
	// that is not defined.
	undefined map[Node]*Error
}

func newChecker(kind Kind, ph *Placeholders) *checker {
	return &checker{kind: kind, ph: ph, undefined: map[Node]*Error{}}
}

// resolve substitutes every placeholder under n, in source order, marking
// them used, and records the undefined ones.
func (c *checker) resolve(n Node) {
	preorder(n, func(n Node) *Error {
		switch x := n.(type) {
		case *pathNode:
			for i := range x.parts {
				part := &x.parts[i]
				switch {
				case part.isIndex:
				case part.text[0] == '#':
					name, ok := c.ph.name(part.text)
					if !ok && c.undefined[x] == nil {
						c.undefined[x] = errorf(c.kind, part.pos, msgUndefinedName, part.text)
					}
					part.name = name
				default:
					part.name = part.text
				}
			}
			x.resolved = x.path()
		case *valueNode:
			v, ok := c.ph.value(x.token)
			if !ok {
				c.undefined[x] = errorf(c.kind, x.Pos(), msgUndefinedValue, x.token)
			}
			x.value = v
		}
		return nil
	})
}

// firstUndefined returns the first undefined placeholder under n (names and
// values alike), or nil.
func (c *checker) firstUndefined(n Node, names, values bool) *Error {
	return preorder(n, func(n Node) *Error {
		switch n.(type) {
		case *pathNode:
			if names {
				return c.undefined[n]
			}
		case *valueNode:
			if values {
				return c.undefined[n]
			}
		}
		return nil
	})
}

// redundantParens reports a parenthesis directly inside another.
func (c *checker) redundantParens(n Node) *Error {
	return preorder(n, func(n Node) *Error {
		switch x := n.(type) {
		case *parenNode:
			if _, ok := x.x.(*parenNode); ok {
				return errorf(c.kind, x.Pos(), "%s", msgRedundantParens)
			}
		case *parenOperandNode:
			if _, ok := x.x.(*parenOperandNode); ok {
				return errorf(c.kind, x.Pos(), "%s", msgRedundantParens)
			}
		}
		return nil
	})
}

// reserved reports the first bare path component that is a reserved word.
func (c *checker) reserved(n Node) *Error {
	return preorder(n, func(n Node) *Error {
		if x, ok := n.(*pathNode); ok {
			for _, part := range x.parts {
				if !part.isIndex && part.text[0] != '#' && IsReserved(part.text) {
					return errorf(c.kind, part.pos, msgReserved, part.text)
				}
			}
		}
		return nil
	})
}

// unknownFunction reports the first call of a function not in known.
func (c *checker) unknownFunction(n Node, known map[string]int) *Error {
	return preorder(n, func(n Node) *Error {
		if x, ok := n.(*callNode); ok {
			if _, ok := known[x.name]; !ok {
				return errorf(c.kind, x.Pos(), msgUnknownFunction, x.name)
			}
		}
		return nil
	})
}

// updateFunctionInCondition reports the first call of an UpdateExpression
// function (if_not_exists, list_append) in a condition: DynamoDB knows the
// name and says it is not allowed there, rather than unknown (Alternator's
// test_update_condition_unknown_function matches "not allowed" against
// DynamoDB; the wording is the one dynoxide's expression checks give).
func (c *checker) updateFunctionInCondition(n Node) *Error {
	return preorder(n, func(n Node) *Error {
		if x, ok := n.(*callNode); ok {
			if _, ok := updateFunctions[x.name]; ok {
				if _, ok := conditionFunctions[x.name]; !ok {
					return errorf(c.kind, x.Pos(), msgUpdateFunctionInCondition, x.name)
				}
			}
		}
		return nil
	})
}

// arity reports a call with the wrong number of arguments.
func (c *checker) arity(x *callNode, known map[string]int) *Error {
	if want := known[x.name]; want != len(x.args) {
		return errorf(c.kind, x.Pos(), msgArity, x.name, len(x.args))
	}
	return nil
}

// staticType is the type an operand is known to have before evaluation: a
// placeholder's value type, N for size(), or 0 when unknown (a path).
func staticType(o operandNode) attr.Type {
	switch x := unparen(o).(type) {
	case *valueNode:
		if x.value != nil {
			return x.value.Type()
		}
	case *callNode:
		if x.name == "size" {
			return attr.TypeN
		}
	}
	return 0
}

// literal returns the placeholder value an operand stands for, if it is one.
func literal(o operandNode) (attr.Value, bool) {
	if v, ok := unparen(o).(*valueNode); ok && v.value != nil {
		return v.value, true
	}
	return nil, false
}

// isPath reports whether an operand is a document path (parentheses aside).
func isPath(o operandNode) (*pathNode, bool) {
	p, ok := unparen(o).(*pathNode)
	return p, ok
}

// checkPaths reports overlapping, then conflicting paths among ps, in the
// order they were written: path one is the earlier path.
func (c *checker) checkPaths(ps []*pathNode) *Error {
	resolved := make([]Path, len(ps))
	var conflict *Error
	for i, p := range ps {
		resolved[i] = p.path()
		for j := 0; j < i; j++ {
			switch relatePaths(resolved[j], resolved[i]) {
			case pathsOverlap:
				return errorf(c.kind, p.Pos(), msgOverlap, resolved[j], resolved[i])
			case pathsConflict:
				if conflict == nil {
					conflict = errorf(c.kind, p.Pos(), msgConflict, resolved[j], resolved[i])
				}
			}
		}
	}
	return conflict
}
