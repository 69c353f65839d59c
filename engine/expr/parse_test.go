package expr

import (
	"errors"
	"strings"
	"testing"
)

const (
	cond = ConditionExpression
	filt = FilterExpression
	upd  = UpdateExpression
	proj = ProjectionExpression
	keyc = KeyConditionExpression
)

// parseTests compare the canonical String() of accepted expressions; result
// "" means the input is already canonical.
var parseTests = []struct {
	kind   Kind
	input  string
	result string
}{
	// conditions
	{cond, "a = :s", ""},
	{cond, "a=:s", "a = :s"},
	{cond, "  a   <>   :s  ", "a <> :s"},
	{cond, "a < :n", ""},
	{cond, "a <= :n", ""},
	{cond, "a > :n", ""},
	{cond, "a >= :n", ""},
	{cond, ":n < a", ""},
	{cond, "a = b", ""},
	{cond, "a.b[1].c = :s", ""},
	{cond, "#n = :s", ""},
	{cond, "#a.#b[0] = :s", ""},
	{cond, "#123 = :123", ""},
	{cond, "#_ = :_", ""},
	{cond, "a BETWEEN :n AND :n5", ""},
	{cond, "a between :n and :n5", "a BETWEEN :n AND :n5"},
	{cond, "a IN (:s)", ""},
	{cond, "a in (:s,:s2 , :n)", "a IN (:s, :s2, :n)"},
	{cond, "a = :s AND b = :n", ""},
	{cond, "a = :s and b = :n or c = :s", "a = :s AND b = :n OR c = :s"},
	{cond, "a = :s OR b = :n AND c = :s", ""},
	{cond, "(a = :s OR b = :n) AND c = :s", ""},
	{cond, "NOT a = :s", ""},
	{cond, "not not a = :s", "NOT NOT a = :s"},
	{cond, "NOT (a = :s OR b = :s)", ""},
	{cond, "attribute_exists(a)", ""},
	{cond, "attribute_not_exists(a.b)", ""},
	{cond, "attribute_type(a, :tS)", ""},
	{cond, "begins_with(a, :s)", ""},
	{cond, "contains(a, :s)", ""},
	{cond, "contains(:ss, a)", ""},
	{cond, "size(a) > :n", ""},
	{cond, "size(a)>=size(b)", "size(a) >= size(b)"},
	{cond, ":n < size(a)", ""},
	{cond, "size(:s) = :n", ""},
	{cond, "(a) = :s", ""},
	{cond, "a = (:s)", ""},
	{cond, "(size(a)) > :n", ""},
	{cond, "(attribute_exists(a))", ""},
	{cond, "(attribute_exists(a)) AND (b = :s)", ""},
	{cond, "((a = :s) AND (b = :s))", ""},
	{cond, "a IN ((:s), size(b))", ""},
	{cond, "NOT attribute_exists(a) AND NOT contains(b, :s)", ""},
	{cond, "a BETWEEN :n AND :n5 AND b = :s", ""},
	{cond, "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff = :s", ""},
	{filt, "a = :s", ""},
	{cond, "a = :s", ""},
	// key conditions
	{keyc, "p = :s", ""},
	{keyc, "p = :s AND c BETWEEN :n AND :n5", ""},
	{keyc, "p = :s AND begins_with(c, :s)", ""},
	{keyc, ":s = p AND :n < c", ""},
	{keyc, "((c = :n) AND (p = :s))", ""},
	{keyc, "#p = :s and #c >= :n", "#p = :s AND #c >= :n"},
	// updates
	{upd, "SET a = :s", ""},
	{upd, "set a=:s,b=:n", "SET a = :s, b = :n"},
	{upd, "SET a = b", ""},
	{upd, "SET a = :n + :n", ""},
	{upd, "SET a = a - :n", ""},
	{upd, "SET a = (a - :n)", ""},
	{upd, "SET a = (a) - (:n)", ""},
	{upd, "SET a = if_not_exists(a, :n) + :n", ""},
	{upd, "SET a = list_append(a, :l)", ""},
	{upd, "SET a = list_append(if_not_exists(a, :el), :l)", ""},
	{upd, "SET a = if_not_exists(b, if_not_exists(c, :n))", ""},
	{upd, "SET a.b[2].c = :s", ""},
	{upd, "REMOVE a", ""},
	{upd, "remove a, b.c, d[1]", "REMOVE a, b.c, d[1]"},
	{upd, "ADD a :n", ""},
	{upd, "ADD a :ss, b :n", ""},
	{upd, "DELETE a :ss", ""},
	{upd, "SET a = :s REMOVE b ADD c :n DELETE d :ss", ""},
	{upd, "DELETE d :ss ADD c :n REMOVE b SET a = :s", ""},
	{upd, "REMOVE a SET b = a", ""},
	{upd, "SET #n = :s, #dot = :n", ""},
	{upd, "SET remove1 = :s, #a = and1", ""},
	// projections
	{proj, "a", ""},
	{proj, "a,b , c", "a, b, c"},
	{proj, "a.b[0].c, #n, #dot", ""},
	{proj, "remove, add1", ""},
	{proj, "REMOVE", ""},
	{proj, "a[0], a[1]", ""},
	{proj, "a.b, a.c", ""},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		t.Run(string(tt.kind)+"/"+tt.input, func(t *testing.T) {
			got, err := parseAny(tt.kind, tt.input, testPlaceholders())
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			want := tt.result
			if want == "" {
				want = tt.input
			}
			if got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
			again, err := parseAny(tt.kind, got, testPlaceholders())
			if err != nil {
				t.Fatalf("reparse %q: %v", got, err)
			}
			if again != got {
				t.Fatalf("reparse %q gives %q", got, again)
			}
		})
	}
}

// errorTests hold DynamoDB's exact messages.
var errorTests = []struct {
	kind  Kind
	input string
	msg   string
}{
	// empty and size
	{upd, "", `Invalid UpdateExpression: The expression can not be empty;`},
	{cond, "  ", `Invalid ConditionExpression: The expression can not be empty;`},
	{proj, "", `Invalid ProjectionExpression: The expression can not be empty;`},
	{keyc, "", `Invalid KeyConditionExpression: The expression can not be empty;`},
	{filt, "", `Invalid FilterExpression: The expression can not be empty;`},
	{cond, "a = :s" + strings.Repeat(" ", 4091), `Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097`},

	// syntax
	{upd, "INVALID SYNTAX", `Invalid UpdateExpression: Syntax error; token: "INVALID", near: "INVALID SYNTAX"`},
	{proj, "!!", `Invalid ProjectionExpression: Syntax error; token: "!", near: "!!"`},
	{proj, "a b", `Invalid ProjectionExpression: Syntax error; token: "b", near: "a b"`},
	{proj, "a,", `Invalid ProjectionExpression: Syntax error; token: "<EOF>", near: ","`},
	{proj, "a[]", `Invalid ProjectionExpression: Syntax error; token: "]", near: "[]"`},
	{proj, "a[-1]", `Invalid ProjectionExpression: Syntax error; token: "-", near: "[-1"`},
	{proj, ":s", `Invalid ProjectionExpression: Syntax error; token: ":s", near: ":s"`},
	{proj, "a.[1]", `Invalid ProjectionExpression: Syntax error; token: "[", near: ".[1"`},
	{upd, "SET _123 = :s", `Invalid UpdateExpression: Syntax error; token: "_", near: "SET _123"`},
	{upd, "SET 123a = :s", `Invalid UpdateExpression: Syntax error; token: "123", near: "SET 123a"`},
	{upd, "SET", `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "SET"`},
	{upd, "SET a = ", `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "= "`},
	{upd, "SET a = :s +", `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "+"`},
	{upd, "SET a = numx / :s", `Invalid UpdateExpression: Syntax error; token: "/", near: "numx / :s"`},
	{upd, "SET a = :s + :n + :n", `Invalid UpdateExpression: Syntax error; token: "+", near: ":n + :n"`},
	{upd, "SET a = if_not_exists(a, :n + :n)", `Invalid UpdateExpression: Syntax error; token: "+", near: ":n + :n"`},
	{upd, "SET :s = :n", `Invalid UpdateExpression: Syntax error; token: ":s", near: "SET :s ="`},
	{upd, "SET a[:n] = :s", `Invalid UpdateExpression: Syntax error; token: ":n", near: "[:n]"`},
	{upd, "SET a[#a] = :s", `Invalid UpdateExpression: Syntax error; token: "#a", near: "[#a]"`},
	{upd, "SET # = :s", `Invalid UpdateExpression: Syntax error; token: "#", near: "SET # ="`},
	{upd, "SET a = :", `Invalid UpdateExpression: Syntax error; token: ":", near: "= :"`},
	{upd, "SET a = _f(b)", `Invalid UpdateExpression: Syntax error; token: "_", near: "= _f"`},
	{upd, "HELLO b = :s", `Invalid UpdateExpression: Syntax error; token: "HELLO", near: "HELLO b"`},
	{upd, "SET a = :s,", `Invalid UpdateExpression: Syntax error; token: "<EOF>", near: ","`},
	{upd, "ADD a b", `Invalid UpdateExpression: Syntax error; token: "b", near: "a b"`},
	{upd, "REMOVE a = :s", `Invalid UpdateExpression: Syntax error; token: "=", near: "a = :s"`},
	{upd, "SET a = (b + :n) + :n", `Invalid UpdateExpression: Syntax error; token: "+", near: ") + :n"`},
	{upd, "SET a = f()", `Invalid UpdateExpression: Syntax error; token: ")", near: "()"`},
	{cond, "a != :s", `Invalid ConditionExpression: Syntax error; token: "!", near: "a !="`},
	{cond, "a", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "a"`},
	{cond, ":s", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":s"`},
	{cond, "NOT :s", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":s"`},
	{cond, "(a)", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ")"`},
	{cond, "a = :s AND", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "AND"`},
	{cond, "a IN ()", `Invalid ConditionExpression: Syntax error; token: ")", near: "()"`},
	{cond, "a BETWEEN :n OR :n", `Invalid ConditionExpression: Syntax error; token: "OR", near: ":n OR :n"`},
	{cond, "(a = :s", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: ":s"`},
	{cond, "a = :s)", `Invalid ConditionExpression: Syntax error; token: ")", near: ":s)"`},
	{cond, "a = b = c", `Invalid ConditionExpression: Syntax error; token: "=", near: "b = c"`},
	{cond, "a = :s AND b", `Invalid ConditionExpression: Syntax error; token: "<EOF>", near: "b"`},
	{cond, "(NOT a) = :s", `Invalid ConditionExpression: Syntax error; token: ")", near: "a) ="`},
	{cond, "a + :n = :s", `Invalid ConditionExpression: Syntax error; token: "+", near: "a + :n"`},
	{cond, "and = :s", `Invalid ConditionExpression: Syntax error; token: "and", near: "and ="`},
	{keyc, "things are not gonna be ok", `Invalid KeyConditionExpression: Syntax error; token: "are", near: "things are not"`},
	{keyc, "a > 4", `Invalid KeyConditionExpression: Syntax error; token: "4", near: "> 4"`},
	{keyc, "p=:s AND c!=:n", `Invalid KeyConditionExpression: Syntax error; token: "!", near: "c!="`},

	// limits
	{proj, "a[99999999999999]", `Invalid ProjectionExpression: List index is not within the allowable range; index: [99999999999999]`},
	{proj, "a[2147483648]", `Invalid ProjectionExpression: List index is not within the allowable range; index: [2147483648]`},
	{upd, "SET l[4294967295] = :s", `Invalid UpdateExpression: List index is not within the allowable range; index: [4294967295]`},
	{proj, "a" + strings.Repeat(".a", 32), `Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33`},
	{proj, "a" + strings.Repeat("[0]", 32), `Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33`},
	{cond, "a < b" + strings.Repeat(" OR a < b", 150), `Invalid ConditionExpression: The expression contains too many operators; operator count: 301`},
	{cond, "a<b " + strings.Repeat("or (a<b ", 454) + strings.Repeat(")", 454), `Invalid ConditionExpression: The expression contains too many operators; operator count: 301`},
	{cond, strings.Repeat("not ", 1000) + "a<b", `Invalid ConditionExpression: The expression contains too many operators; operator count: 301`},
	{cond, "a < " + strings.Repeat("f(", 1355) + "b" + strings.Repeat(")", 1355), `Invalid ConditionExpression: Invalid function name; function: f`},
	{cond, "a < " + strings.Repeat("size(", 680) + "b" + strings.Repeat(")", 680), `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N`},
	{cond, strings.Repeat("(", 2046) + "a<b" + strings.Repeat(")", 2046), `Invalid ConditionExpression: The expression has redundant parentheses;`},
	{cond, "a IN (" + strings.Repeat(":s, ", 99) + ":s)", `Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: IN, number of operands: 101`},
	{upd, "SET a = :n" + strings.Repeat(", a = :n + :n", 301), `Invalid UpdateExpression: The expression contains too many operators; operator count: 301`},

	// conditions: parentheses, functions, reserved words, placeholders, types
	{cond, "((a = :s))", `Invalid ConditionExpression: The expression has redundant parentheses;`},
	{cond, "((a)) = :s", `Invalid ConditionExpression: The expression has redundant parentheses;`},
	{cond, "a = :s AND ((b = :s))", `Invalid ConditionExpression: The expression has redundant parentheses;`},
	{cond, "((a = :s)) AND foo(b)", `Invalid ConditionExpression: The expression has redundant parentheses;`},
	{cond, "foo(a)", `Invalid ConditionExpression: Invalid function name; function: foo`},
	{cond, "BEGINS_WITH(a, :s)", `Invalid ConditionExpression: Invalid function name; function: BEGINS_WITH`},
	// Was "Invalid function name": DynamoDB knows the name and says it is
	// not allowed in a condition (issue 29; Alternator's
	// test_update_condition_unknown_function matches "not allowed").
	{cond, "a = if_not_exists(a, :s)", `Invalid ConditionExpression: The function is not allowed in a condition expression; function: if_not_exists`},
	{cond, "size(a) AND foo(b)", `Invalid ConditionExpression: Invalid function name; function: foo`},
	{cond, "size(a)", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size`},
	{cond, "NOT size(a)", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size`},
	{cond, "(size(a)) AND a = :s", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size`},
	{cond, "attribute_exists(a) = :s", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists`},
	{cond, "a IN (:s, contains(a, :s))", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: contains`},
	{cond, "a BETWEEN begins_with(a, :s) AND :s", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: begins_with`},
	{cond, "contains(attribute_type(a, :tS), :s)", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_type`},
	{cond, "size(a) AND name = :s", `Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size`},
	{cond, "name = :s", `Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name`},
	{cond, "a.Status = :s", `Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Status`},
	{cond, "#undefined = :s AND YEAR = :n", `Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: YEAR`},
	{cond, "#missing = :s", `Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #missing`},
	{cond, "a = :missing", `Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{filt, "#missing = :s", `Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #missing`},
	{cond, "a = :missing AND #missing = :s", `Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{cond, "contains(a, a) AND #missing = :s", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]`},
	{cond, "size(a, b) > :n", `Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: size, number of operands: 2`},
	{cond, "attribute_exists(a, b)", `Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2`},
	{cond, "contains(a)", `Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: contains, number of operands: 1`},
	{cond, "contains(a, a, :missing)", `Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{cond, "begins_with(a, :n, b)", `Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: 3`},
	{cond, "contains(a, a)", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]`},
	{cond, "contains(#a, a)", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a]`},
	{cond, "a.b[1] = a.b[1]", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a, b, [1]]`},
	{cond, "a < a", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: <, first operand: [a]`},
	{cond, "begins_with(a, a)", `Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: begins_with, first operand: [a]`},
	{cond, "attribute_exists(:s)", `Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists`},
	{cond, "attribute_not_exists(size(a))", `Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_not_exists`},
	{cond, "attribute_type(a, :n)", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N`},
	{cond, "attribute_type(a, b)", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}`},
	{cond, "attribute_type(a, :bad)", `Invalid ConditionExpression: Invalid attribute type name found; type: STRING, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}`},
	{cond, "begins_with(a, :n)", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N`},
	{cond, "begins_with(:ss, a)", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: SS`},
	{cond, "begins_with(size(a), :s)", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N`},
	{cond, "size(:n) > :n", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N`},
	{cond, "size(:bool) > :n", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: BOOL`},
	{cond, "size(:null) > :n", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: NULL`},
	{cond, "size(size(a)) > :n", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N`},
	{cond, "a <= :m", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: <=, operand type: M`},
	{cond, ":l > a", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: >, operand type: L`},
	{cond, "a < :bool", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: <, operand type: BOOL`},
	{cond, "a BETWEEN :ss AND :ss", `Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: SS`},
	{cond, "a BETWEEN :n AND :s", `Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}`},
	{cond, "a BETWEEN :n5 AND :n", `Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}`},
	{cond, "a BETWEEN :s2 AND :s", `Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:y}, upper bound operand: AttributeValue: {S:x}`},
	{filt, "a BETWEEN :n5 AND :n", `Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand: AttributeValue: {N:1}`},

	// key conditions (schema-free rules)
	{keyc, "p = :s OR c = :n", `Invalid operator used in KeyConditionExpression: OR`},
	{keyc, "a > b and size(b) > c or a > c", `Invalid operator used in KeyConditionExpression: OR`},
	{keyc, "NOT c = :n AND p = :s", `Invalid operator used in KeyConditionExpression: NOT`},
	{keyc, "p = :s AND c IN (:n)", `Invalid operator used in KeyConditionExpression: IN`},
	{keyc, "p = :s AND c <> :n", `Invalid operator used in KeyConditionExpression: <>`},
	{keyc, "attribute_exists(a)", `Invalid operator used in KeyConditionExpression: attribute_exists`},
	{keyc, "attribute_not_exists(a)", `Invalid operator used in KeyConditionExpression: attribute_not_exists`},
	{keyc, "contains(a.d, b)", `Invalid operator used in KeyConditionExpression: contains`},
	{keyc, "attribute_type(a, :tS)", `Invalid operator used in KeyConditionExpression: attribute_type`},
	{keyc, "p = :s AND dog(c, :n)", `Invalid KeyConditionExpression: Invalid function name; function: dog`},
	{keyc, "attribute_type(a, b)", `Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}`},
	{keyc, "attribute_type(a, :n)", `Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N`},
	{keyc, ":s between size(b) and size(a) and b > :s", `Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand`},
	{keyc, "begins_with(:s, b) and a > :s", `Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand`},
	{keyc, "size(b) > a AND a.b > b AND b > c", `KeyConditionExpressions cannot contain nested operations`},
	{keyc, "a > size(b.d)", `KeyConditionExpressions cannot contain nested operations`},
	{keyc, "a between size(b) and size(a)", `KeyConditionExpressions cannot contain nested operations`},
	{keyc, "b > a.b", `Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition`},
	{keyc, "b between c[1] and d", `Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition`},
	{keyc, "begins_with(a, b)", `Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition`},
	{keyc, "p = c", `Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition`},
	{keyc, "b.d > a AND c.d > e.f", `KeyConditionExpressions cannot have conditions on nested attributes`},
	{keyc, "a.d > c", `KeyConditionExpressions cannot have conditions on nested attributes`},
	{keyc, "b[0] > a", `KeyConditionExpressions cannot have conditions on nested attributes`},
	{keyc, ":s > :n AND a < :s", `Invalid condition in KeyConditionExpression: No key attribute specified`},
	{keyc, ":s > b AND :s < :n", `Invalid condition in KeyConditionExpression: No key attribute specified`},
	{keyc, "p = :s AND p = :s", `KeyConditionExpressions must only contain one condition per key`},
	{keyc, "b > :n AND b < :n and c = :n and d = :n", `KeyConditionExpressions must only contain one condition per key`},
	{keyc, "(a > :n and b > :n) and (b > :n and c > :n)", `KeyConditionExpressions must only contain one condition per key`},
	{keyc, "a between :n and :s", `Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}`},
	{keyc, "a between :s2 and :s", `Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:y}, upper bound operand: AttributeValue: {S:x}`},
	{keyc, "p = :missing", `Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{keyc, "begins_with(c, :n)", `Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N`},

	// updates
	{upd, "SET name = :s", `Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name`},
	{upd, "SET a = foo(b) REMOVE name", `Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name`},
	{upd, "SET a = foo(b)", `Invalid UpdateExpression: Invalid function name; function: foo`},
	{upd, "SET a = size(b)", `Invalid UpdateExpression: Invalid function name; function: size`},
	{upd, "SET a = LIST_APPEND(:l, :l)", `Invalid UpdateExpression: Invalid function name; function: LIST_APPEND`},
	{upd, "SET a = f123_hi(b,c,d)", `Invalid UpdateExpression: Invalid function name; function: f123_hi`},
	{upd, "SET a = list_append(list_append(:l, :l), :l)", `Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append`},
	{upd, "SET a = :s SET b = :s", `Invalid UpdateExpression: The "SET" section can only be used once in an update expression;`},
	{upd, "SET a = :s REMOVE b SET c = :s", `Invalid UpdateExpression: The "SET" section can only be used once in an update expression;`},
	{upd, "REMOVE a REMOVE b", `Invalid UpdateExpression: The "REMOVE" section can only be used once in an update expression;`},
	{upd, "ADD a :n ADD b :n", `Invalid UpdateExpression: The "ADD" section can only be used once in an update expression;`},
	{upd, "DELETE a :ss DELETE b :ss", `Invalid UpdateExpression: The "DELETE" section can only be used once in an update expression;`},
	{upd, "SET a = :s SET #missing = :s", `Invalid UpdateExpression: The "SET" section can only be used once in an update expression;`},
	{upd, "SET #missing = :s", `Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #missing`},
	{upd, "SET a = :missing, #missing = :s", `Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #missing`},
	{upd, "SET b = :missing", `Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{upd, "SET b = if_not_exists(:missing, :s)", `Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :missing`},
	{upd, "SET a = :s REMOVE a", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]`},
	{upd, "SET a = :s, a.b = :s", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]`},
	{upd, "SET #a = :s, #a = :n", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]`},
	{upd, "SET a[1][1] = :s, a[1] = :s", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, [1], [1]], path two: [a, [1]]`},
	{upd, "SET a.b = :s ADD a.b.c :n", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, b, c]`},
	{upd, "SET a.b = :s, a[1] = :s", `Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]`},
	{upd, "SET a.b.c = :s, a.b[2] = :s", `Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b, c], path two: [a, b, [2]]`},
	{upd, "SET a.b = :s, a[1] = :s, c = :s REMOVE c", `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c]`},
	{upd, "SET #dot = :s, a.b = :s", ""},
	{upd, "ADD a :s", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING`},
	{upd, "ADD a :b", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: BINARY`},
	{upd, "ADD a :bool", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: BOOLEAN`},
	{upd, "ADD a :null", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: NULL`},
	{upd, "ADD a :l", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: LIST`},
	{upd, "ADD a :m", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: MAP`},
	{upd, "DELETE a :n", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER`},
	{upd, "DELETE a :s", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: STRING`},
	{upd, "SET a = list_append(:l)", `Invalid UpdateExpression: Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1`},
	{upd, "SET a = list_append(:l, :l, :l)", `Invalid UpdateExpression: Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 3`},
	{upd, "SET a = if_not_exists(a)", `Invalid UpdateExpression: Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1`},
	{upd, "SET a = list_append(:l, :s)", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: S`},
	{upd, "SET a = list_append(:ss, a)", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: SS`},
	{upd, "SET a = :s + :n", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: S`},
	{upd, "SET a = :n - :l", `Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: -, operand type: L`},
	{upd, "SET b = if_not_exists(if_not_exists(a, :n), :n)", `Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists`},
	{upd, "SET b = if_not_exists(:n, :n)", `Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists`},
	{upd, "SET a = ((b))", `Invalid UpdateExpression: The expression has redundant parentheses;`},

	// projections
	{proj, "name", `Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name`},
	{proj, "#missing, data", `Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: data`},
	{proj, "#missing", `Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #missing`},
	{proj, "a.b, a.b.c", `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, b, c]`},
	{proj, "a, a", `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]`},
	{proj, "a, a.b[0]", `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b, [0]]`},
	{proj, "a.b, a[1]", `Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]`},
	{proj, "a.b, a[1], c, c", `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c]`},
	{proj, "#a, a", `Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]`},
	{proj, "#dot, a.b", ""},
}

func TestErrors(t *testing.T) {
	for _, tt := range errorTests {
		name := tt.input
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(string(tt.kind)+"/"+name, func(t *testing.T) {
			got, err := parseAny(tt.kind, tt.input, testPlaceholders())
			if tt.msg == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; parsed as %q", got)
			}
			if err.Error() != tt.msg {
				t.Fatalf("error\n got %s\nwant %s", err, tt.msg)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not an *Error", err)
			}
			if e.Kind != tt.kind && e.Kind != "" {
				t.Errorf("Kind = %q, want %q", e.Kind, tt.kind)
			}
		})
	}
}

// TestErrorOffsets checks that errors point at the offending token.
func TestErrorOffsets(t *testing.T) {
	tests := []struct {
		kind   Kind
		input  string
		offset int
	}{
		{upd, "SET a = :s SET b = :s", 11},
		{cond, "a = :s AND b = :missing", 15},
		{cond, "a = :s AND name = :s", 11},
		{proj, "a, b !", 5},
		{cond, "a = :s AND foo(b)", 11},
		{proj, "a.b, a.b.c", 5},
		{proj, "x[12345678901]", 2},
	}
	for _, tt := range tests {
		_, err := parseAny(tt.kind, tt.input, testPlaceholders())
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%q: error %v", tt.input, err)
		}
		if e.Offset != tt.offset {
			t.Errorf("%q: offset %d, want %d (%v)", tt.input, e.Offset, tt.offset, err)
		}
	}
}

// TestDepthLimit lowers the nesting limit, as text/template's tests do.
func TestDepthLimit(t *testing.T) {
	defer func(old int) { maxNestingDepth = old }(maxNestingDepth)
	maxNestingDepth = 3
	ok := []struct {
		kind  Kind
		input string
	}{
		{cond, "(a = :s)"},
		{cond, "NOT NOT NOT a = :s"},
		{cond, "size(a) > :n"},
		{upd, "SET a = if_not_exists(b, if_not_exists(c, :n))"},
	}
	for _, tt := range ok {
		if _, err := parseAny(tt.kind, tt.input, testPlaceholders()); err != nil {
			t.Errorf("%q: %v", tt.input, err)
		}
	}
	bad := []struct {
		kind  Kind
		input string
		msg   string
	}{
		{cond, "NOT NOT NOT NOT a = :s", "Invalid ConditionExpression: The expression is nested too deeply; nesting levels: 4"},
		{cond, "(((a = :s) AND b = :s) OR (c = :s AND (NOT (d = :s))))", "Invalid ConditionExpression: The expression is nested too deeply; nesting levels: 4"},
		{cond, "a = size(size(size(size(b))))", "Invalid ConditionExpression: The expression is nested too deeply; nesting levels: 4"},
		{upd, "SET a = if_not_exists(b, if_not_exists(c, if_not_exists(d, if_not_exists(e, :n))))", "Invalid UpdateExpression: The expression is nested too deeply; nesting levels: 4"},
	}
	for _, tt := range bad {
		_, err := parseAny(tt.kind, tt.input, testPlaceholders())
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%q: got %v, want %s", tt.input, err, tt.msg)
		}
	}
}

// TestDeepNestingWithinSizeLimit parses the deepest expressions that fit in
// 4 KB, which must not hit the nesting limit (under wasm either).
func TestDeepNestingWithinSizeLimit(t *testing.T) {
	src := strings.Repeat("(", 2046) + "a<b" + strings.Repeat(")", 2046)
	if len(src) > MaxExpressionSize {
		t.Fatal("test input too long")
	}
	_, err := ParseCondition(ConditionExpression, src, nil)
	if err == nil || !strings.Contains(err.Error(), "redundant parentheses") {
		t.Fatalf("got %v", err)
	}
	src = "a = " + strings.Repeat("(", 2045) + ":v" + strings.Repeat(")", 2045)
	_, err = ParseCondition(ConditionExpression, src, NewPlaceholders(nil, testValues()))
	if err == nil || !strings.Contains(err.Error(), "redundant parentheses") {
		t.Fatalf("got %v", err)
	}
}

// TestRuntimeErrorsRepanic checks that the recovery at the entry points
// lets runtime errors through.
func TestRuntimeErrorsRepanic(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("no panic")
		}
	}()
	func() (err error) {
		defer recoverError(&err)
		var m map[string]int
		m["x"] = 1 // runtime error: assignment to entry in nil map
		return nil
	}()
}

func TestErrorPrefix(t *testing.T) {
	e := &Error{Kind: UpdateExpression, Offset: 3, Message: "x"}
	if e.Error() != "Invalid UpdateExpression: x" || !e.Prefixed() {
		t.Errorf("prefixed: %q", e.Error())
	}
	e = bareErrorf(UpdateExpression, 3, "y")
	if e.Error() != "y" || e.Prefixed() {
		t.Errorf("bare: %q", e.Error())
	}
	e = &Error{Message: "z"}
	if e.Error() != "z" {
		t.Errorf("no kind: %q", e.Error())
	}
}

// TestNodeStrings: every node prints as a piece of its tree's canonical
// source.
func TestNodeStrings(t *testing.T) {
	c := mustCondition(t, "NOT (a.b[1] = :s OR size(c) > :n) AND d BETWEEN :n AND :n5 AND e IN ((:s), f) AND contains(g, :s)")
	u := mustUpdate(t, "SET a = (b + :n), c = list_append(c, :l) REMOVE d ADD e :n")
	for _, root := range []Node{c.root, u.clauses[0], u.clauses[1], u.clauses[2]} {
		whole := root.String()
		preorder(root, func(n Node) *Error {
			if s := n.String(); s == "" || !strings.Contains(whole, s) {
				t.Errorf("node %T prints %q, not part of %q", n, s, whole)
			}
			return nil
		})
	}
}
