package partiql

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// maxNesting is DynamoDB's document nesting limit for literal values
// (reference §3: deeper than 32 is rejected).
const maxNesting = 32

// binder turns value expressions (literals, parameters, list, tuple and
// bag literals) into attribute values.
type binder struct {
	params []attr.Value
}

// value evaluates a value expression. Parameters are allowed only at the
// top (reference §6); where names the nesting for messages ("root[0]").
func (b *binder) value(n node) (attr.Value, error) { return b.valueAt(n, "root", true, 0) }

func (b *binder) valueAt(n node, where string, top bool, depth int) (attr.Value, error) {
	if depth > maxNesting {
		return nil, validation("Nesting Levels have exceeded supported limits under %s", where)
	}
	switch x := unparen(n).(type) {
	case *litNode:
		return x.v, nil
	case *paramNode:
		if !top {
			return nil, verr(at("Unsupported data type: Parameter under key "+where, x.tok))
		}
		if x.n >= len(b.params) {
			return nil, validation(msgParamCount)
		}
		return b.params[x.n], nil
	case *listLit:
		l := make(attr.List, len(x.elems))
		for i, e := range x.elems {
			v, err := b.valueAt(e, where+"["+strconv.Itoa(i)+"]", false, depth+1)
			if err != nil {
				return nil, err
			}
			l[i] = v
		}
		return l, nil
	case *mapLit:
		m := make(attr.Map, len(x.keys))
		for i, k := range x.keys {
			v, err := b.valueAt(x.vals[i], where+"."+k, false, depth+1)
			if err != nil {
				return nil, err
			}
			m[k] = v
		}
		return m, nil
	case *bagLit:
		return b.bag(x)
	case *missingLit:
		return nil, validation("MISSING must be compared using IS operator")
	}
	return nil, malformed("Unexpected token")
}

// item evaluates an INSERT's tuple: parameters are allowed as the values
// of its top-level attributes, not deeper (reference §6).
func (b *binder) item(m *mapLit) (attr.Item, error) {
	it := make(attr.Item, len(m.keys))
	for i, k := range m.keys {
		v, err := b.valueAt(m.vals[i], "root", true, 1)
		if err != nil {
			return nil, err
		}
		it[k] = v
	}
	return it, nil
}

// bag builds a string or number set from <<...>>.
func (b *binder) bag(x *bagLit) (attr.Value, error) {
	if len(x.elems) == 0 {
		return nil, validation("Empty bags are not supported")
	}
	var strs []string
	var nums []attr.Number
	var texts []string
	for _, e := range x.elems {
		lit, ok := unparen(e).(*litNode)
		if !ok {
			return nil, validation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags")
		}
		switch v := lit.v.(type) {
		case attr.String:
			strs = append(strs, string(v))
			texts = append(texts, string(v))
		case attr.Number:
			nums = append(nums, v)
			texts = append(texts, v.String())
		default:
			return nil, validation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags")
		}
	}
	if len(strs) > 0 && len(nums) > 0 {
		return nil, validation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags")
	}
	if len(strs) > 0 {
		s, err := attr.NewStringSet(strs)
		if err != nil {
			return nil, validation("One or more parameter values were invalid: Input collection [%s] contains duplicates.", strings.Join(texts, ", "))
		}
		return s, nil
	}
	s, err := attr.NewNumberSet(nums)
	if err != nil {
		return nil, validation("One or more parameter values were invalid: Input collection [%s] contains duplicates! under root", strings.Join(texts, ", "))
	}
	return s, nil
}

// isValue reports whether n is a value expression (not a path, function or
// condition).
func isValue(n node) bool {
	switch unparen(n).(type) {
	case *litNode, *paramNode, *listLit, *mapLit, *bagLit:
		return true
	}
	return false
}

// typeName is a value's type as DynamoDB's operand-type messages print it.
func typeName(v attr.Value) string { return fmt.Sprint(v.Type()) }
