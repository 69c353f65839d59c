package partiql

import (
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// maxInOperands is the largest IN list DynamoDB accepts outside key
// conditions (reference §5).
const maxInOperands = 100

// builder writes conditions and updates as expression text for one engine
// request, collecting the #name and :value placeholders it uses. Every name
// goes through a placeholder, so PartiQL's reserved words and the
// expression API's differ without harm.
type builder struct {
	*binder
	names  map[string]string // "#n0" -> name
	byName map[string]string // name -> "#n0"
	values attr.Values
}

func newBuilder(b *binder) *builder {
	return &builder{binder: b, names: map[string]string{}, byName: map[string]string{}, values: attr.Values{}}
}

// namesOrNil and valuesOrNil give the maps for a request: absent when
// empty, as the expression API wants.
func (bd *builder) namesOrNil() map[string]string {
	if len(bd.names) == 0 {
		return nil
	}
	return bd.names
}

func (bd *builder) valuesOrNil() attr.Values {
	if len(bd.values) == 0 {
		return nil
	}
	return bd.values
}

func (bd *builder) name(n string) string {
	if p, ok := bd.byName[n]; ok {
		return p
	}
	p := "#n" + strconv.Itoa(len(bd.names))
	bd.names[p], bd.byName[n] = n, p
	return p
}

func (bd *builder) val(v attr.Value) string {
	p := ":v" + strconv.Itoa(len(bd.values))
	bd.values[p] = v
	return p
}

func (bd *builder) path(p expr.Path) string {
	var b strings.Builder
	for i, e := range p {
		switch {
		case e.IsIndex:
			b.WriteString("[" + strconv.Itoa(e.Index) + "]")
		case i > 0:
			b.WriteString("." + bd.name(e.Name))
		default:
			b.WriteString(bd.name(e.Name))
		}
	}
	return b.String()
}

// operands writes a comma list of operands.
func (bd *builder) operands(ns []node) (string, error) {
	parts := make([]string, len(ns))
	for i, n := range ns {
		s, err := bd.operand(n)
		if err != nil {
			return "", err
		}
		parts[i] = s
	}
	return strings.Join(parts, ", "), nil
}

// operand writes a value-producing expression: a path, a value or size().
func (bd *builder) operand(n node) (string, error) {
	switch x := unparen(n).(type) {
	case *pathNode:
		return bd.path(x.path), nil
	case *callNode:
		if x.name == "size" {
			p, ok := unparen(x.args[0]).(*pathNode)
			if !ok {
				return "", validation("Incorrect operand type for operator or function; operator or function: size, operand type: %s", bd.operandType(x.args[0]))
			}
			return "size(" + bd.path(p.path) + ")", nil
		}
		return "", malformed("Unexpected function " + x.tok.text)
	case *binary:
		if x.op == "+" || x.op == "-" {
			return "", malformed("Arithmetic is only supported in SET")
		}
		return "", malformed("Unexpected condition used as a value")
	}
	v, err := bd.value(n)
	if err != nil {
		return "", err
	}
	return bd.val(v), nil
}

// operandType names the static type of a value operand, for messages.
func (bd *builder) operandType(n node) string {
	if isValue(n) {
		if v, err := bd.value(n); err == nil {
			return typeName(v)
		}
	}
	return "UNKNOWN"
}

// ordered checks that the operands of an ordering operator are S, N or B
// when their type is known (reference §5).
func (bd *builder) ordered(op string, ns ...node) error {
	for _, n := range ns {
		if isBoolExpr(n) {
			return validation("Incorrect operand type for operator or function; operator or function: %s, operand type: BOOL", op)
		}
		if !isValue(n) {
			continue
		}
		v, err := bd.value(n)
		if err != nil {
			return err
		}
		switch v.(type) {
		case attr.String, attr.Number, attr.Binary:
		default:
			return validation("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", op, typeName(v))
		}
	}
	return nil
}

// cond writes a condition.
func (bd *builder) cond(n node) (string, error) {
	switch x := unparen(n).(type) {
	case *binary:
		switch x.op {
		case "AND", "OR":
			l, err := bd.condChild(x.l, x.op)
			if err != nil {
				return "", err
			}
			r, err := bd.condChild(x.r, x.op)
			if err != nil {
				return "", err
			}
			return l + " " + x.op + " " + r, nil
		case "=", "<>", "<", "<=", ">", ">=":
			if (x.op == "=" || x.op == "<>") && (isBoolExpr(x.l) || isBoolExpr(x.r)) {
				return bd.boolCompare(x)
			}
			if x.op != "=" && x.op != "<>" {
				if err := bd.ordered(x.op, x.l, x.r); err != nil {
					return "", err
				}
			}
			l, err := bd.operand(x.l)
			if err != nil {
				return "", err
			}
			r, err := bd.operand(x.r)
			if err != nil {
				return "", err
			}
			return l + " " + x.op + " " + r, nil
		}
		return "", malformed("Arithmetic is only supported in SET")
	case *notNode:
		inner, err := bd.cond(x.x)
		if err != nil {
			return "", err
		}
		return "NOT (" + inner + ")", nil
	case *betweenNode:
		if err := bd.ordered("BETWEEN", x.x, x.lo, x.hi); err != nil {
			return "", err
		}
		s, err := bd.operands([]node{x.x, x.lo, x.hi})
		if err != nil {
			return "", err
		}
		parts := strings.SplitN(s, ", ", 3)
		return parts[0] + " BETWEEN " + parts[1] + " AND " + parts[2], nil
	case *inNode:
		if len(x.list) > maxInOperands {
			return "", validation("The IN operator is provided with too many operands; number of operands: %d", len(x.list))
		}
		if len(x.list) == 0 {
			return "", malformed("Unexpected token")
		}
		l, err := bd.operand(x.x)
		if err != nil {
			return "", err
		}
		r, err := bd.operands(x.list)
		if err != nil {
			return "", err
		}
		return l + " IN (" + r + ")", nil
	case *isNode:
		p, ok := unparen(x.x).(*pathNode)
		if !ok {
			return "", malformed("IS must follow an attribute path")
		}
		ps := bd.path(p.path)
		switch {
		case x.what == "MISSING" && !x.not:
			return "attribute_not_exists(" + ps + ")", nil
		case x.what == "MISSING":
			return "attribute_exists(" + ps + ")", nil
		case !x.not:
			// Reference §13: IS NULL is emulated as "present with type NULL".
			return "attribute_type(" + ps + ", " + bd.val(attr.String("NULL")) + ")", nil
		default:
			return "NOT attribute_type(" + ps + ", " + bd.val(attr.String("NULL")) + ")", nil
		}
	case *callNode:
		switch x.name {
		case "begins_with", "contains", "attribute_type":
			p, ok := unparen(x.args[0]).(*pathNode)
			if !ok {
				return "", validation("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", x.name, bd.operandType(x.args[0]))
			}
			if x.name == "attribute_type" && isValue(x.args[1]) {
				if v, err := bd.value(x.args[1]); err == nil {
					if _, ok := v.(attr.String); !ok {
						return "", validation("Incorrect operand type for operator or function; operator or function: attribute_type, operand type: %s", typeName(v))
					}
				}
			}
			arg, err := bd.operand(x.args[1])
			if err != nil {
				return "", err
			}
			return x.name + "(" + bd.path(p.path) + ", " + arg + ")", nil
		case "attribute_exists", "attribute_not_exists":
			p, ok := unparen(x.args[0]).(*pathNode)
			if !ok {
				return "", validation("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", x.name, bd.operandType(x.args[0]))
			}
			return x.name + "(" + bd.path(p.path) + ")", nil
		}
		return "", malformed("Unexpected function " + x.tok.text)
	case *missingLit:
		return "", validation("MISSING must be compared using IS operator")
	}
	return "", malformed("Expected a condition")
}

// condChild writes an operand of AND/OR, parenthesised where the
// expression grammar's precedence would otherwise regroup it.
func (bd *builder) condChild(n node, parent string) (string, error) {
	s, err := bd.cond(n)
	if err != nil {
		return "", err
	}
	if b, ok := unparen(n).(*binary); ok && b.op == "OR" && parent == "AND" {
		return "(" + s + ")", nil
	}
	return s, nil
}

// update writes an UPDATE's SET and REMOVE actions as an UpdateExpression.
func (bd *builder) update(actions []action) (string, error) {
	var sets, removes, adds, deletes []string
	for _, a := range actions {
		target := bd.path(a.path)
		if a.remove {
			removes = append(removes, target)
			continue
		}
		if c, ok := unparen(a.rhs).(*callNode); ok && (c.name == "set_add" || c.name == "set_delete") {
			fn := strings.ToUpper(c.name)
			first, ok := unparen(c.args[0]).(*pathNode)
			if !ok || !first.path.Equal(a.path) {
				return "", validation("The first argument to %s must equal the assignment value", fn)
			}
			second := c.args[1]
			v, err := bd.value(second)
			if err == nil {
				switch v.(type) {
				case attr.StringSet, attr.NumberSet, attr.BinarySet:
				default:
					err = verr(at("The second argument to "+fn+" must be a value with type SET", second.nodeTok()))
				}
			}
			if err != nil {
				if !isValue(second) {
					err = verr(at("The second argument to "+fn+" must be a value with type SET", second.nodeTok()))
				}
				return "", err
			}
			clause := target + " " + bd.val(v)
			if c.name == "set_add" {
				adds = append(adds, clause)
			} else {
				deletes = append(deletes, clause)
			}
			continue
		}
		rhs, err := bd.setValue(a.rhs)
		if err != nil {
			return "", err
		}
		sets = append(sets, target+" = "+rhs)
	}
	var b []string
	for _, c := range []struct {
		kw    string
		parts []string
	}{{"SET", sets}, {"REMOVE", removes}, {"ADD", adds}, {"DELETE", deletes}} {
		if len(c.parts) > 0 {
			b = append(b, c.kw+" "+strings.Join(c.parts, ", "))
		}
	}
	return strings.Join(b, " "), nil
}

// setValue writes a SET right-hand side: a value, a path, + or -, or
// list_append.
func (bd *builder) setValue(n node) (string, error) {
	switch x := unparen(n).(type) {
	case *binary:
		if x.op != "+" && x.op != "-" {
			return "", malformed("Unexpected token")
		}
		for _, side := range []node{x.l, x.r} {
			if isValue(side) {
				v, err := bd.value(side)
				if err != nil {
					return "", err
				}
				if _, ok := v.(attr.Number); !ok {
					return "", validation("Incorrect operand type for operator or function; operator or function: %s, operand type: %s", x.op, typeName(v))
				}
			}
		}
		l, err := bd.setValue(x.l)
		if err != nil {
			return "", err
		}
		r, err := bd.setValue(x.r)
		if err != nil {
			return "", err
		}
		return l + " " + x.op + " " + r, nil
	case *callNode:
		if x.name != "list_append" {
			return "", malformed("Unexpected function " + x.tok.text + " in SET")
		}
		l, err := bd.setValue(x.args[0])
		if err != nil {
			return "", err
		}
		r, err := bd.setValue(x.args[1])
		if err != nil {
			return "", err
		}
		return "list_append(" + l + ", " + r + ")", nil
	}
	return bd.operand(n)
}

// isBoolExpr reports whether n is a condition (a boolean-valued function,
// comparison or logical expression) used where a value goes.
func isBoolExpr(n node) bool {
	switch x := unparen(n).(type) {
	case *callNode:
		return x.name != "size" && x.name != "list_append" && x.name != "set_add" && x.name != "set_delete"
	case *binary:
		return x.op != "+" && x.op != "-"
	case *notNode, *betweenNode, *inNode, *isNode:
		return true
	}
	return false
}

// boolCompare writes `cond = TRUE`, `cond <> FALSE`, `cond1 = cond2` and
// the like, which PartiQL evaluates (reference §5) and the expression
// grammar has no literal for: the condition itself or its negation. A
// condition never equals a value of another type.
func (bd *builder) boolCompare(x *binary) (string, error) {
	l, r := x.l, x.r
	if !isBoolExpr(l) {
		l, r = r, l
	}
	a, err := bd.cond(l)
	if err != nil {
		return "", err
	}
	if isBoolExpr(r) {
		b, err := bd.cond(r)
		if err != nil {
			return "", err
		}
		a2, _ := bd.cond(l)
		b2, _ := bd.cond(r)
		if x.op == "=" {
			return "((" + a + ") AND (" + b + ")) OR (NOT (" + a2 + ") AND NOT (" + b2 + "))", nil
		}
		return "((" + a + ") AND NOT (" + b + ")) OR (NOT (" + a2 + ") AND (" + b2 + "))", nil
	}
	if !isValue(r) {
		return "", malformed("Unexpected comparison of a condition with an attribute")
	}
	v, err := bd.value(r)
	if err != nil {
		return "", err
	}
	b, isBool := v.(attr.Bool)
	switch {
	case !isBool && x.op == "=":
		a2, _ := bd.cond(l)
		return "(" + a + ") AND NOT (" + a2 + ")", nil // never true
	case !isBool:
		a2, _ := bd.cond(l)
		return "(" + a + ") OR NOT (" + a2 + ")", nil // always true
	case bool(b) == (x.op == "="):
		return a, nil
	}
	return "NOT (" + a + ")", nil
}
