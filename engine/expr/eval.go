package expr

import (
	"bytes"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The evaluator is a walk separate from the parser and the checker. It
// relies on the checker having accepted the tree (known functions with the
// right number of operands, resolved placeholders) and never fails:
// operands that are missing or of the wrong type make a predicate false.

// evalCond evaluates a condition against item (nil: a missing item).
func evalCond(item attr.Item, n condNode) bool {
	switch x := n.(type) {
	case *logicalNode:
		if x.or {
			return evalCond(item, x.left) || evalCond(item, x.right)
		}
		return evalCond(item, x.left) && evalCond(item, x.right)
	case *notNode:
		return !evalCond(item, x.x)
	case *parenNode:
		return evalCond(item, x.x)
	case *compareNode:
		return evalCompare(item, x)
	case *betweenNode:
		v, ok1 := evalOperand(item, x.x)
		lo, ok2 := evalOperand(item, x.low)
		hi, ok3 := evalOperand(item, x.high)
		if !ok1 || !ok2 || !ok3 {
			return false
		}
		c1, ok1 := attr.Compare(lo, v)
		c2, ok2 := attr.Compare(v, hi)
		return ok1 && ok2 && c1 <= 0 && c2 <= 0
	case *inNode:
		v, ok := evalOperand(item, x.x)
		if !ok {
			return false
		}
		for _, o := range x.list {
			if w, ok := evalOperand(item, o); ok && attr.Equal(v, w) {
				return true
			}
		}
		return false
	case *funcCondNode:
		return evalFunc(item, x.call)
	}
	return false
}

// evalCompare evaluates a comparison.
func evalCompare(item attr.Item, x *compareNode) bool {
	a, ok1 := evalOperand(item, x.left)
	b, ok2 := evalOperand(item, x.right)
	switch x.op {
	case opEq:
		return ok1 && ok2 && attr.Equal(a, b)
	case opNe:
		return !(ok1 && ok2 && attr.Equal(a, b))
	}
	if !ok1 || !ok2 {
		return false
	}
	c, ok := attr.Compare(a, b)
	if !ok {
		return false
	}
	switch x.op {
	case opLt:
		return c < 0
	case opLe:
		return c <= 0
	case opGt:
		return c > 0
	default:
		return c >= 0
	}
}

// evalFunc evaluates a boolean function.
func evalFunc(item attr.Item, x *callNode) bool {
	switch x.name {
	case "attribute_exists", "attribute_not_exists":
		_, ok := evalOperand(item, x.args[0])
		return ok == (x.name == "attribute_exists")
	case "attribute_type":
		v, ok1 := evalOperand(item, x.args[0])
		t, ok2 := evalOperand(item, x.args[1])
		if !ok1 || !ok2 {
			return false
		}
		name, ok := t.(attr.String)
		return ok && v.Type().String() == string(name)
	case "begins_with":
		a, ok1 := evalOperand(item, x.args[0])
		b, ok2 := evalOperand(item, x.args[1])
		return ok1 && ok2 && beginsWith(a, b)
	case "contains":
		a, ok1 := evalOperand(item, x.args[0])
		b, ok2 := evalOperand(item, x.args[1])
		return ok1 && ok2 && contains(a, b)
	}
	return false
}

// beginsWith reports whether a starts with b: both S, or both B.
func beginsWith(a, b attr.Value) bool {
	switch x := a.(type) {
	case attr.String:
		y, ok := b.(attr.String)
		return ok && strings.HasPrefix(string(x), string(y))
	case attr.Binary:
		y, ok := b.(attr.Binary)
		return ok && bytes.HasPrefix(x, y)
	}
	return false
}

// contains reports whether a contains b: a substring of an S or a B, an element of
// a set (of the set's element type), or an element of a list.
func contains(a, b attr.Value) bool {
	switch x := a.(type) {
	case attr.String:
		y, ok := b.(attr.String)
		return ok && strings.Contains(string(x), string(y))
	case attr.Binary:
		// A B contains a B as a byte substring, as an S contains an S.
		y, ok := b.(attr.Binary)
		return ok && bytes.Contains(x, y)
	case attr.StringSet:
		y, ok := b.(attr.String)
		if !ok {
			return false
		}
		for _, e := range x {
			if e == string(y) {
				return true
			}
		}
	case attr.NumberSet:
		y, ok := b.(attr.Number)
		if !ok {
			return false
		}
		for _, e := range x {
			if attr.CompareNumbers(e, y) == 0 {
				return true
			}
		}
	case attr.BinarySet:
		y, ok := b.(attr.Binary)
		if !ok {
			return false
		}
		for _, e := range x {
			if bytes.Equal(e, y) {
				return true
			}
		}
	case attr.List:
		for _, e := range x {
			if attr.Equal(e, b) {
				return true
			}
		}
	}
	return false
}

// evalOperand evaluates an operand of a condition; false means no value
// (a missing attribute, or size() of something without a size).
func evalOperand(item attr.Item, o operandNode) (attr.Value, bool) {
	switch x := o.(type) {
	case *pathNode:
		return Lookup(item, x.resolved)
	case *valueNode:
		return x.value, x.value != nil
	case *parenOperandNode:
		return evalOperand(item, x.x)
	case *callNode:
		if x.name == "size" {
			v, ok := evalOperand(item, x.args[0])
			if !ok {
				return nil, false
			}
			return sizeOf(v)
		}
	}
	return nil, false
}

// sizeOf implements size(): the length of an S in UTF-8 bytes, of a B in
// bytes, the number of elements of a set, list or map. Other types have no
// size.
func sizeOf(v attr.Value) (attr.Value, bool) {
	var n int
	switch x := v.(type) {
	case attr.String:
		n = len(x)
	case attr.Binary:
		n = len(x)
	case attr.StringSet:
		n = len(x)
	case attr.NumberSet:
		n = len(x)
	case attr.BinarySet:
		n = len(x)
	case attr.List:
		n = len(x)
	case attr.Map:
		n = len(x)
	default:
		return nil, false
	}
	return attr.NumberFromInt64(int64(n)), true
}
