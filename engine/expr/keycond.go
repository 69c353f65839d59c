package expr

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Op is the operator of one key attribute's condition.
type Op int

// Key condition operators.
const (
	Eq Op = iota + 1
	Lt
	Le
	Gt
	Ge
	Between
	BeginsWith
)

var opNames = [...]string{"", "EQ", "LT", "LE", "GT", "GE", "BETWEEN", "BEGINS_WITH"}

// String returns the operator's legacy ComparisonOperator name (EQ, LT, ...).
func (o Op) String() string {
	if o > 0 && int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// KeyAttr is one key attribute of a table or index schema.
type KeyAttr struct {
	Name string
	Type attr.Type
}

// KeyRange is a key condition resolved against a key schema: the partition
// key values in schema order, and the sort key conditions, left to right;
// only the last may be other than Eq.
type KeyRange struct {
	Hash  []attr.Value
	Range []RangeCond
}

// RangeCond is the condition on one sort key attribute. Values holds one
// value, or two for Between.
type RangeCond struct {
	Attr   string
	Op     Op
	Values []attr.Value
}

// KeyCondition is a parsed KeyConditionExpression: a conjunction of at most
// one condition per attribute, not yet matched against a key schema.
type KeyCondition struct {
	root  condNode
	conds []keyCond
}

// keyCond is the condition on one attribute.
type keyCond struct {
	pos    int
	attr   string
	op     Op
	values []attr.Value
}

// ParseKeyCondition parses and checks a KeyConditionExpression: the syntax
// and checks of a condition (DynamoDB uses one parser for both), then the
// rules that need no schema: AND only, simple comparisons, BETWEEN or
// begins_with on a top-level attribute against values, one condition per
// attribute.
func ParseKeyCondition(src string, ph *Placeholders) (*KeyCondition, error) {
	root, err := parseCondition(KeyConditionExpression, src, ph)
	if err != nil {
		return nil, err
	}
	k := &KeyCondition{root: root}
	if e := k.collect(root); e != nil {
		return nil, e
	}
	return k, nil
}

// String returns the key condition as canonical source.
func (k *KeyCondition) String() string { return k.root.String() }

// keyErr builds an unprefixed key condition error.
func keyErr(off int, format string, args ...any) *Error {
	return bareErrorf(KeyConditionExpression, off, format, args...)
}

// collect walks the condition, parents first, and gathers the condition on
// each attribute.
func (k *KeyCondition) collect(n condNode) *Error {
	switch x := n.(type) {
	case *parenNode:
		return k.collect(x.x)
	case *logicalNode:
		if x.or {
			return keyErr(x.Pos(), msgKeyInvalidOperator, "OR")
		}
		if err := k.collect(x.left); err != nil {
			return err
		}
		return k.collect(x.right)
	case *notNode:
		return keyErr(x.Pos(), msgKeyInvalidOperator, "NOT")
	case *inNode:
		return keyErr(x.Pos(), msgKeyInvalidOperator, "IN")
	case *compareNode:
		if x.op == opNe {
			return keyErr(x.Pos(), msgKeyInvalidOperator, "<>")
		}
		return k.add(x.Pos(), compareToOp[x.op], x.left, x.right)
	case *betweenNode:
		if _, ok := isPath(x.x); !ok {
			return keyErr(x.Pos(), msgKeyFirstOperand, "BETWEEN")
		}
		return k.add(x.Pos(), Between, x.x, x.low, x.high)
	case *funcCondNode:
		switch x.call.name {
		case "begins_with":
			if _, ok := isPath(x.call.args[0]); !ok {
				return keyErr(x.Pos(), msgKeyFirstOperand, "begins_with")
			}
			return k.add(x.Pos(), BeginsWith, x.call.args...)
		case "size":
			return keyErr(x.Pos(), msgKeyNestedOps)
		default:
			return keyErr(x.Pos(), msgKeyInvalidOperator, x.call.name)
		}
	}
	return nil
}

var compareToOp = map[compareOp]Op{opEq: Eq, opLt: Lt, opLe: Le, opGt: Gt, opGe: Ge}

// mirrored is the operator seen from the other side: :v < a is a > :v.
var mirrored = map[Op]Op{Eq: Eq, Lt: Gt, Le: Ge, Gt: Lt, Ge: Le}

// add records the condition op over operands, exactly one of which must be a
// top-level attribute.
func (k *KeyCondition) add(off int, op Op, operands ...operandNode) *Error {
	var name string
	attrAt := -1
	var values []attr.Value
	for i, o := range operands {
		switch x := unparen(o).(type) {
		case *pathNode:
			if attrAt >= 0 {
				return keyErr(off, msgKeyMultipleNames)
			}
			if len(x.resolved) > 1 {
				return keyErr(off, msgKeyNested)
			}
			name, attrAt = x.resolved[0].Name, i
		case *callNode:
			return keyErr(off, msgKeyNestedOps)
		case *valueNode:
			values = append(values, x.value)
		}
	}
	if attrAt < 0 {
		return keyErr(off, msgKeyNoAttribute)
	}
	for _, c := range k.conds {
		if c.attr == name {
			return keyErr(off, msgKeyOnePerKey)
		}
	}
	if attrAt > 0 {
		op = mirrored[op]
	}
	k.conds = append(k.conds, keyCond{pos: off, attr: name, op: op, values: values})
	return nil
}

// Resolve matches the condition against a key schema: the partition key
// attributes (usually one; up to four for a multi-attribute GSI key) and the
// sort key attributes (none, one, or up to four). Every partition key
// attribute needs an equality; sort key attributes are constrained left to
// right without gaps, and only the last one constrained may use an
// inequality, BETWEEN or begins_with. Values must have the key's type.
// A nil condition (an empty legacy KeyConditions map) constrains nothing and
// so misses the partition key.
func (k *KeyCondition) Resolve(hashKeys, rangeKeys []KeyAttr) (*KeyRange, error) {
	if k == nil {
		k = &KeyCondition{}
	}
	byName := make(map[string]keyCond, len(k.conds))
	for _, c := range k.conds {
		byName[c.attr] = c
	}
	n := len(k.conds)
	if len(hashKeys) <= 1 && len(rangeKeys) <= 1 && n > 2 {
		return nil, keyErr(-1, msgKeyLength)
	}
	// A multi-attribute key words its refusals apart (see msgCompositeHash);
	// a single-attribute key keeps DynamoDB's recorded wordings.
	composite := len(hashKeys) > 1 || len(rangeKeys) > 1
	kr := &KeyRange{}
	for i, h := range hashKeys {
		if i == 0 && len(rangeKeys) == 0 && n > len(hashKeys) {
			return nil, keyErr(-1, msgKeyNotSupported)
		}
		c, ok := byName[h.Name]
		if !ok {
			if composite {
				return nil, keyErr(-1, msgCompositeHashMissing, h.Name)
			}
			return nil, keyErr(-1, msgKeyMissed, h.Name)
		}
		if !valuesOfType(c.values, h.Type) {
			return nil, keyErr(c.pos, msgKeyTypeMismatch)
		}
		if c.op != Eq {
			if composite {
				return nil, keyErr(c.pos, msgCompositeHashNotEq, h.Name)
			}
			return nil, keyErr(c.pos, msgKeyNotSupported)
		}
		kr.Hash = append(kr.Hash, c.values[0])
	}
	matched := len(hashKeys)
	for _, r := range rangeKeys {
		c, ok := byName[r.Name]
		if !ok {
			if n > matched && composite && rangeKeyNamed(byName, rangeKeys) {
				return nil, keyErr(-1, msgCompositeRangeSkip, r.Name)
			}
			if n > matched {
				return nil, keyErr(-1, msgKeyMissed, r.Name)
			}
			break
		}
		if c.op == BeginsWith && r.Type == attr.TypeN {
			return nil, errorf(KeyConditionExpression, c.pos, msgOperandType, "begins_with", attr.TypeN)
		}
		if !valuesOfType(c.values, r.Type) {
			return nil, keyErr(c.pos, msgKeyTypeMismatch)
		}
		matched++
		if matched < n && c.op != Eq {
			if composite {
				return nil, keyErr(c.pos, msgCompositeRangeOrder, r.Name)
			}
			return nil, keyErr(c.pos, msgKeyNotSupported)
		}
		kr.Range = append(kr.Range, RangeCond{Attr: r.Name, Op: c.op, Values: c.values})
	}
	if matched < n {
		return nil, keyErr(-1, msgKeyNotSupported)
	}
	return kr, nil
}

// rangeKeyNamed reports whether the conditions name any of the sort key
// attributes (a skipped one, when the walk stopped before it).
func rangeKeyNamed(byName map[string]keyCond, rangeKeys []KeyAttr) bool {
	for _, r := range rangeKeys {
		if _, ok := byName[r.Name]; ok {
			return true
		}
	}
	return false
}

func valuesOfType(vs []attr.Value, t attr.Type) bool {
	for _, v := range vs {
		if v == nil || v.Type() != t {
			return false
		}
	}
	return true
}
