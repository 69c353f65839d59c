package app

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// ---- expression placeholders ----

// exprs gathers one request's ExpressionAttributeNames and
// ExpressionAttributeValues. A name gets a placeholder only when it needs
// one: a reserved word, or a name that is not a bare identifier.
type exprs struct {
	ft     *formTable
	names  object
	values object
	byName map[string]string // attribute name -> its placeholder
	used   map[string]bool   // placeholders taken, typed ones included
}

// newExprs starts the placeholders of a request whose hand-written
// expressions are srcs, reserving the placeholders those already use.
func newExprs(ft *formTable, srcs ...string) *exprs {
	ex := &exprs{ft: ft, byName: map[string]string{}, used: map[string]bool{}}
	for _, s := range srcs {
		for i := 0; i < len(s); i++ {
			if s[i] == '#' || s[i] == ':' {
				j := i + 1
				for j < len(s) && isNamePart(s[j]) {
					j++
				}
				ex.used[s[i:j]] = true
				i = j - 1
			}
		}
	}
	return ex
}

// name returns how an expression refers to attribute n: n itself, or a
// #placeholder recorded in ExpressionAttributeNames.
func (ex *exprs) name(n string) string {
	if isBareName(n) && !expr.IsReserved(n) {
		return n
	}
	if p, ok := ex.byName[n]; ok {
		return p
	}
	p := ex.unique("#", sanitizePlaceholder(n, "n"))
	ex.byName[n] = p
	ex.names = append(ex.names, member{p, n})
	return p
}

// value records a typed value under a placeholder named after base.
func (ex *exprs) value(base, typ, text string) string {
	p := ex.unique(":", sanitizePlaceholder(base, "v"))
	ex.values = append(ex.values, member{p, typedValue(typ, text)})
	return p
}

// literal records a value written in an expression: text, or for BOOL
// "true" or "false".
func (ex *exprs) literal(typ, text string) string {
	p := ex.unique(":", "v1")
	var v any = text
	if typ == "BOOL" {
		v = text == "true"
	}
	ex.values = append(ex.values, member{p, object{{typ, v}}})
	return p
}

// unique returns prefix+base, or with a number appended (or increased)
// until no other placeholder of the request has it.
func (ex *exprs) unique(prefix, base string) string {
	p := prefix + base
	if ex.used[p] {
		stem, n := splitTrailingNumber(base)
		for {
			n++
			p = prefix + stem + strconv.Itoa(n)
			if !ex.used[p] {
				break
			}
		}
	}
	ex.used[p] = true
	return p
}

// splitTrailingNumber splits "v12" into "v" and 12 ("PK" into "PK" and 1,
// so that the next is PK2).
func splitTrailingNumber(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || i == 0 {
		return s, 1
	}
	n, err := strconv.Atoi(s[i:])
	if err != nil {
		return s, 1
	}
	return s[:i], n
}

// addTo appends the gathered names and values to a request.
func (ex *exprs) addTo(o object) object {
	if len(ex.names) > 0 {
		o = append(o, member{"ExpressionAttributeNames", ex.names})
	}
	if len(ex.values) > 0 {
		o = append(o, member{"ExpressionAttributeValues", ex.values})
	}
	return o
}

// sanitizePlaceholder keeps the characters a placeholder may hold;
// fallback names one that keeps none.
func sanitizePlaceholder(s, fallback string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isNamePart(s[i]) {
			b.WriteByte(s[i])
		}
	}
	if b.Len() == 0 {
		return fallback
	}
	return b.String()
}

func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigitByte(c byte) bool  { return '0' <= c && c <= '9' }
func isNamePart(c byte) bool   { return isLetterByte(c) || isDigitByte(c) || c == '_' }

// isBareName says whether an expression may name the attribute as is: a
// letter, then letters, digits and underscores (the engine's lexer rule).
func isBareName(s string) bool {
	if s == "" || !isLetterByte(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNamePart(s[i]) {
			return false
		}
	}
	return true
}

// conditionWords and updateWords are the grammar's own words, which stay
// as they are; a word followed by "(" is a function and stays too.
var (
	conditionWords = map[string]bool{"AND": true, "OR": true, "NOT": true, "BETWEEN": true, "IN": true}
	updateWords    = map[string]bool{"SET": true, "REMOVE": true, "ADD": true, "DELETE": true}
)

// rewrite makes a hand-written expression ready to send: attribute names
// that are reserved words become #placeholders, and, where values are
// allowed, literals become :placeholders typed like the attribute they
// are compared with (a quoted "text", a number, true or false). Existing
// placeholders and list indexes stay as they are. what names the
// expression in error messages.
func (ex *exprs) rewrite(src, what string, values bool) (string, error) {
	return ex.rewriteWith(src, what, values, nil)
}

// rewriteUpdate rewrites an update expression.
func (ex *exprs) rewriteUpdate(src string) (string, error) {
	return ex.rewriteWith(src, "UpdateExpression", true, updateWords)
}

func (ex *exprs) rewriteWith(src, what string, values bool, clauses map[string]bool) (string, error) {
	var out strings.Builder
	// subject is the attribute a literal is compared with; operand says
	// whether the last token ended an operand (so a following '-' is
	// subtraction rather than a sign).
	subject, operand, between := "", false, false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out.WriteByte(c)
			i++
		case c == '#' || c == ':':
			j := i + 1
			for j < len(src) && isNamePart(src[j]) {
				j++
			}
			out.WriteString(src[i:j])
			i, operand = j, true
		case c == '[':
			j := strings.IndexByte(src[i:], ']')
			if j < 0 {
				j = len(src) - i - 1
			}
			out.WriteString(src[i : i+j+1])
			i, operand = i+j+1, true
		case c == '"' || c == '\'':
			j := i + 1
			var text strings.Builder
			for j < len(src) && src[j] != c {
				if src[j] == '\\' && j+1 < len(src) {
					j++
				}
				text.WriteByte(src[j])
				j++
			}
			if j >= len(src) {
				return "", fmt.Errorf("%s: the string that starts at offset %d has no closing %c", what, i, c)
			}
			if !values {
				return "", fmt.Errorf("%s: a %s takes attribute names only, not values", what, what)
			}
			out.WriteString(ex.literal(literalType(ex.ft.typeOf(subject), "S"), text.String()))
			i, operand = j+1, true
		case isDigitByte(c) || (c == '-' || c == '.') && !operand && i+1 < len(src) && isDigitByte(src[i+1]):
			j := i + 1
			for j < len(src) && (isDigitByte(src[j]) || src[j] == '.' || src[j] == 'e' || src[j] == 'E' ||
				(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E')) {
				j++
			}
			if !values {
				return "", fmt.Errorf("%s: a %s takes attribute names only, not values", what, what)
			}
			out.WriteString(ex.literal(literalType(ex.ft.typeOf(subject), "N"), src[i:j]))
			i, operand = j, true
		case isLetterByte(c) || c == '_':
			j := i + 1
			for j < len(src) && isNamePart(src[j]) {
				j++
			}
			word := src[i:j]
			upper := strings.ToUpper(word)
			k := j
			for k < len(src) && src[k] == ' ' {
				k++
			}
			afterDot := i > 0 && src[i-1] == '.'
			switch {
			case k < len(src) && src[k] == '(' && !afterDot: // a function
				out.WriteString(word)
				operand = false
			case clauses != nil && clauses[upper]:
				out.WriteString(word)
				subject, operand = "", false
			case clauses == nil && values && conditionWords[upper]:
				out.WriteString(word)
				switch {
				case upper == "BETWEEN":
					between = true
				case upper == "AND" && between:
					between = false
				default:
					subject = ""
				}
				operand = false
			case values && (upper == "TRUE" || upper == "FALSE"):
				out.WriteString(ex.literal("BOOL", strings.ToLower(word)))
				operand = true
			default:
				out.WriteString(ex.name(word))
				if !afterDot {
					subject = word
				}
				operand = true
			}
			i = j
		default:
			// The subject survives "(" and ",": in begins_with(SK, "x")
			// and IN ("a", "b") the literal still compares with it.
			out.WriteByte(c)
			operand = c == ')'
			i++
		}
	}
	return out.String(), nil
}

// literalType is the type of a literal compared with an attribute of
// declared type declared: that type when it is a scalar key type, else
// what the literal looks like.
func literalType(declared, looks string) string {
	if declared == "S" || declared == "N" || declared == "B" {
		return declared
	}
	return looks
}
