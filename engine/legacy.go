package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// The legacy (pre-expression) parameters are lowered to expression source
// with generated placeholders and parsed by the same parser, so both forms
// share one internal representation and one evaluator.

// legacySet holds the lowered legacy parameters of one request.
type legacySet struct {
	op     string
	params []string // legacy parameter names present, in request order

	keyCondition, condition, filter, projection, update string

	names  map[string]string
	values attr.Values
	err    *Error

	// held is where DecodeRequest kept the invalid values of Expected's
	// and AttributeUpdates' entries (nil for a request built in Go).
	held *heldErrs
}

func newLegacy(op string) legacySet { return legacySet{op: op} }

func (l *legacySet) present(param string) { l.params = append(l.params, param) }

// name returns a placeholder for attribute name n.
func (l *legacySet) name(n string) string {
	if msg := attr.CheckName(n); msg != "" {
		l.fail("%s", msg)
	}
	if l.names == nil {
		l.names = map[string]string{}
	}
	p := fmt.Sprintf("#l%d", len(l.names))
	l.names[p] = n
	return p
}

// value returns a placeholder for v.
func (l *legacySet) value(v attr.Value) string {
	if l.values == nil {
		l.values = attr.Values{}
	}
	p := fmt.Sprintf(":l%d", len(l.values))
	l.values[p] = v
	return p
}

func (l *legacySet) fail(format string, args ...any) {
	if l.err == nil {
		l.err = validationf(format, args...)
	}
}

// check records e, an error found outside the legacy lowering, in the
// legacy parameters' order of errors (the first one recorded is reported).
func (l *legacySet) check(e *Error) {
	if e != nil && l.err == nil {
		l.err = e
	}
}

// heldEntry records the held error of an Expected or AttributeUpdates
// entry's values (its Value, then its AttributeValueList's members) and
// reports whether there was one. It is judged as the entry is lowered,
// before the entry's own errors, the way dynalite's validations read them
// (its suite, against DynamoDB, records only that such a value comes
// before the table: putItem.js and updateItem.js "empty expected value",
// "empty update value"). PutItem and UpdateItem envelope a set or NULL
// error as they do their Item's.
func (l *legacySet) heldEntry(param, name string, listLen int) bool {
	ve := l.held.of(param, name, "Value")
	for i := 0; ve == nil && i < listLen; i++ {
		ve = l.held.of(param, name, "AttributeValueList", strconv.Itoa(i))
	}
	if ve == nil {
		return false
	}
	l.check(heldValue(ve, l.op == "PutItem" || l.op == "UpdateItem"))
	return true
}

// soundValues reports a condition's invalid AttributeValueList member (kept by
// Condition.UnmarshalJSON), which DynamoDB judges before the condition's
// operand count (dynalite's test/scan.js "invalid values in ScanFilter":
// three values to EQ, one invalid, answer the value's error). It reports
// whether the condition is sound.
func (l *legacySet) soundValues(c Condition) bool {
	if c.valueErr != nil {
		if l.err == nil {
			l.err = c.valueErr
		}
		return false
	}
	return true
}

// parse parses the lowered sources into out.
func (l *legacySet) parse(out *parsed) *Error {
	if l.err != nil {
		return l.err
	}
	if len(l.params) == 0 {
		return nil
	}
	ph := expr.NewPlaceholders(l.names, l.values).Lowered()
	var err error
	if l.keyCondition != "" {
		if out.keyCondition, err = expr.ParseKeyCondition(l.keyCondition, ph); err != nil {
			return asValidation(err)
		}
	}
	if l.condition != "" {
		if out.condition, err = expr.ParseCondition(expr.ConditionExpression, l.condition, ph); err != nil {
			return asValidation(err)
		}
	}
	if l.filter != "" {
		if out.filter, err = expr.ParseCondition(expr.FilterExpression, l.filter, ph); err != nil {
			return asValidation(err)
		}
	}
	if l.projection != "" {
		if out.projection, err = expr.ParseProjection(l.projection, ph); err != nil {
			return asValidation(err)
		}
	}
	if l.update != "" {
		if out.update, err = expr.ParseUpdate(l.update, ph); err != nil {
			return asValidation(err)
		}
	}
	return nil
}

// attributesToGet lowers AttributesToGet to a projection.
func (l *legacySet) attributesToGet(names []string) {
	if names == nil {
		return
	}
	if len(names) == 0 {
		// The API model's AttributeNameList has a minimum length of 1.
		l.fail("1 validation error detected: Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1")
		return
	}
	l.present("AttributesToGet")
	seen := map[string]bool{}
	parts := make([]string, 0, len(names))
	for _, n := range names {
		if seen[n] {
			l.fail("One or more parameter values were invalid: Duplicate value in attribute name: %s", n)
			return
		}
		seen[n] = true
		parts = append(parts, l.name(n))
	}
	l.projection = strings.Join(parts, ", ")
}

// expected lowers Expected (+ ConditionalOperator) to a condition.
func (l *legacySet) expected(exp map[string]ExpectedAttributeValue, op string) {
	l.conditionalOperator(len(exp), op, "Expected")
	if exp == nil {
		return
	}
	l.present("Expected")
	var parts []string
	for _, a := range sortedKeys(exp) {
		e := exp[a]
		if l.heldEntry("Expected", a, len(e.AttributeValueList)) {
			return
		}
		if e.ComparisonOperator != "" {
			if e.Exists != nil {
				l.fail("One or more parameter values were invalid: Exists and ComparisonOperator cannot be used together for Attribute: %s", a)
				return
			}
			list := e.AttributeValueList
			if e.Value != nil {
				// DynamoDB takes Value beside a ComparisonOperator as its
				// one argument (dynoxide's legacy Expected conversion,
				// whose tests record DynamoDB's answers; issue 29); beside
				// an AttributeValueList it is refused (dynalite's
				// putItem.js, recorded against DynamoDB).
				if list != nil {
					l.fail("One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: %s", a)
					return
				}
				list = []attr.AttributeValue{*e.Value}
			}
			parts = append(parts, l.comparison(a, e.ComparisonOperator, list, false))
			continue
		}
		exists := e.Exists == nil || *e.Exists
		switch {
		case exists && e.Value == nil:
			// "null" for an entry without Exists (dynalite's
			// putItem.js, run against DynamoDB: "no value and no exists").
			l.fail("One or more parameter values were invalid: Value must be provided when Exists is %s for Attribute: %s", existsWord(e.Exists), a)
			return
		case !exists && e.Value != nil:
			l.fail("One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: %s", a)
			return
		case exists:
			parts = append(parts, l.name(a)+" = "+l.value(e.Value.Value))
		default:
			parts = append(parts, "attribute_not_exists("+l.name(a)+")")
		}
	}
	l.condition = l.join(parts, op)
}

// existsWord renders an Expected entry's Exists as DynamoDB names it.
func existsWord(b *bool) string {
	if b == nil {
		return "null"
	}
	return fmt.Sprint(*b)
}

// filter lowers QueryFilter / ScanFilter (+ ConditionalOperator).
func (l *legacySet) filterConditions(param string, conds map[string]Condition, op string) {
	l.conditionalOperator(len(conds), op, param)
	if conds == nil {
		return
	}
	l.present(param)
	var parts []string
	for _, a := range sortedKeys(conds) {
		c := conds[a]
		l.soundValues(c)
		parts = append(parts, l.comparison(a, c.ComparisonOperator, c.AttributeValueList, false))
	}
	l.filter = l.join(parts, op)
}

// conditionalOperator refuses a ConditionalOperator given without conditions
// to join (Expected, QueryFilter or ScanFilter missing or empty): DynamoDB
// answers a ValidationException naming ConditionalOperator (Alternator's
// suite, run against it, checks only that much). The wording is
// unverified.
func (l *legacySet) conditionalOperator(conditions int, op, param string) {
	if op != "" && conditions > 0 {
		l.present("ConditionalOperator") // named when mixed with expressions
	}
	if op != "" && conditions == 0 {
		l.present("ConditionalOperator")
		l.fail("One or more parameter values were invalid: ConditionalOperator can only be used when %s is present and not empty", param)
	}
}

// arity refuses a condition whose AttributeValueList does not hold what
// its ComparisonOperator takes, before anything else of Query's legacy
// conditions is looked at: dynalite's suite, run against DynamoDB, has a
// QueryFilter's arity reported before KeyConditions' values and before a
// key condition that cannot be indexed ("should check QueryFilter before
// KeyConditions", "... incorrect number of filter arguments on
// QueryFilter").
func (l *legacySet) arity(conds map[string]Condition) {
	for _, a := range sortedKeys(conds) {
		c := conds[a]
		if !l.soundValues(c) {
			return
		}
		want, ok := legacyOperands[c.ComparisonOperator]
		if n := len(c.AttributeValueList); ok && (want >= 0 && n != want || want < 0 && n == 0) {
			l.fail("One or more parameter values were invalid: Invalid number of argument(s) for the %s ComparisonOperator", c.ComparisonOperator)
			return
		}
	}
}

// keyConditions lowers KeyConditions.
func (l *legacySet) keyConditions(conds map[string]Condition) {
	if conds == nil {
		return
	}
	l.present("KeyConditions")
	if len(conds) == 0 {
		// Before the table is looked up (dynalite's suite, against
		// DynamoDB: "should return ValidationException for empty
		// conditions"). More than two are judged against the key
		// queried (KeyCondition.Resolve): a multi-attribute GSI key takes
		// up to eight, as DynamoDB does (moto's aws_verified
		// test_key_conditions_with_range_keys; Alternator's
		// test_gsi_composite_keyconditions, which passes against
		// DynamoDB: scylladb/scylladb#31393 and #31448), and any other
		// key refuses them with this message.
		l.fail("Conditions can be of length 1 or 2 only")
		return
	}
	var parts []string
	for _, a := range sortedKeys(conds) {
		c := conds[a]
		l.soundValues(c)
		parts = append(parts, l.comparison(a, c.ComparisonOperator, c.AttributeValueList, true))
	}
	l.keyCondition = strings.Join(parts, " AND ")
}

func (l *legacySet) join(parts []string, op string) string {
	if len(parts) == 0 {
		return ""
	}
	sep := " AND "
	if op == "OR" {
		sep = " OR "
	}
	if len(parts) > 1 {
		for i, p := range parts {
			parts[i] = "(" + p + ")"
		}
	}
	return strings.Join(parts, sep)
}

// legacyOperands is the number of values each ComparisonOperator takes (-1:
// one or more).
var legacyOperands = map[string]int{
	"EQ": 1, "NE": 1, "LE": 1, "LT": 1, "GE": 1, "GT": 1,
	"NOT_NULL": 0, "NULL": 0, "CONTAINS": 1, "NOT_CONTAINS": 1,
	"BEGINS_WITH": 1, "IN": -1, "BETWEEN": 2,
}

// comparison lowers one legacy condition on attribute a.
func (l *legacySet) comparison(a, op string, list []attr.AttributeValue, key bool) string {
	want, ok := legacyOperands[op]
	if !ok {
		l.fail("1 validation error detected: Value '%s' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]", op)
		return "x"
	}
	if want >= 0 && len(list) != want || want < 0 && len(list) == 0 {
		l.fail("One or more parameter values were invalid: Invalid number of argument(s) for the %s ComparisonOperator", op)
		return "x"
	}
	if key {
		switch op {
		case "EQ", "LE", "LT", "GE", "GT", "BEGINS_WITH", "BETWEEN":
		default:
			l.fail("One or more parameter values were invalid: Attempted conditional constraint is not an indexable operation")
			return "x"
		}
	}
	for _, v := range list {
		switch op {
		case "IN":
			// Legacy IN compares scalars only (the API reference: "one or
			// more AttributeValue elements of type String, Number, or
			// Binary").
			if t := v.Value.Type(); t != attr.TypeS && t != attr.TypeN && t != attr.TypeB {
				l.fail("One or more parameter values were invalid: ComparisonOperator %s is not valid for %s AttributeValue type", op, t)
				return "x"
			}
		case "CONTAINS", "NOT_CONTAINS":
			// A scalar only: a list operand is a ValidationException, not
			// a condition that fails (Alternator's
			// test_update_expected_1_contains and _not_contains, against
			// DynamoDB; the wording is IN's, dynalite's).
			if t := v.Value.Type(); t != attr.TypeS && t != attr.TypeN && t != attr.TypeB {
				l.fail("One or more parameter values were invalid: ComparisonOperator %s is not valid for %s AttributeValue type", op, t)
				return "x"
			}
		case "LE", "LT", "GE", "GT", "BETWEEN", "BEGINS_WITH":
			if t := v.Value.Type(); t != attr.TypeS && t != attr.TypeN && t != attr.TypeB || op == "BEGINS_WITH" && t == attr.TypeN {
				l.fail("One or more parameter values were invalid: ComparisonOperator %s is not valid for %s AttributeValue type", op, t)
				return "x"
			}
		}
	}
	if op == "IN" || op == "BETWEEN" {
		for _, v := range list[1:] {
			if v.Value.Type() != list[0].Value.Type() {
				l.fail("One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type")
				return "x"
			}
		}
	}
	n := l.name(a)
	switch op {
	case "EQ":
		return n + " = " + l.value(list[0].Value)
	case "NE":
		return n + " <> " + l.value(list[0].Value)
	case "LE":
		return n + " <= " + l.value(list[0].Value)
	case "LT":
		return n + " < " + l.value(list[0].Value)
	case "GE":
		return n + " >= " + l.value(list[0].Value)
	case "GT":
		return n + " > " + l.value(list[0].Value)
	case "NOT_NULL":
		return "attribute_exists(" + n + ")"
	case "NULL":
		return "attribute_not_exists(" + n + ")"
	case "CONTAINS":
		return "contains(" + n + ", " + l.value(list[0].Value) + ")"
	case "NOT_CONTAINS":
		// NOT_CONTAINS on a missing attribute is false, unlike NE
		// (Alternator's test_update_expected_1_not_contains, against
		// DynamoDB).
		return "(attribute_exists(" + n + ") AND NOT contains(" + n + ", " + l.value(list[0].Value) + "))"
	case "BEGINS_WITH":
		return "begins_with(" + n + ", " + l.value(list[0].Value) + ")"
	case "BETWEEN":
		return n + " BETWEEN " + l.value(list[0].Value) + " AND " + l.value(list[1].Value)
	default: // IN
		vs := make([]string, len(list))
		for i, v := range list {
			vs[i] = l.value(v.Value)
		}
		return n + " IN (" + strings.Join(vs, ", ") + ")"
	}
}

// attributeUpdates lowers AttributeUpdates to an update expression.
func (l *legacySet) attributeUpdates(ups map[string]AttributeValueUpdate) {
	if ups == nil {
		return
	}
	l.present("AttributeUpdates")
	var set, remove, add, del []string
	for _, a := range sortedKeys(ups) {
		u := ups[a]
		if l.heldEntry("AttributeUpdates", a, 0) {
			return
		}
		action := u.Action
		if action == "" {
			action = "PUT"
		}
		switch action {
		case "PUT":
			if u.Value == nil {
				l.fail("One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified")
				return
			}
			set = append(set, l.name(a)+" = "+l.value(u.Value.Value))
		case "DELETE":
			if u.Value == nil {
				remove = append(remove, l.name(a))
			} else {
				del = append(del, l.name(a)+" "+l.value(u.Value.Value))
			}
		case "ADD":
			if u.Value == nil {
				l.fail("One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified")
				return
			}
			if u.Value.Value.Type() == attr.TypeL {
				// Legacy ADD appends to lists, which UpdateExpression's ADD does not.
				n := l.name(a)
				set = append(set, n+" = list_append(if_not_exists("+n+", "+l.value(attr.List{})+"), "+l.value(u.Value.Value)+")")
			} else {
				add = append(add, l.name(a)+" "+l.value(u.Value.Value))
			}
		default:
			l.fail("1 validation error detected: Value '%s' at 'attributeUpdates.%s.member.action' failed to satisfy constraint: Member must satisfy enum value set: [ADD, PUT, DELETE]", action, a)
			return
		}
	}
	var clauses []string
	if len(set) > 0 {
		clauses = append(clauses, "SET "+strings.Join(set, ", "))
	}
	if len(remove) > 0 {
		clauses = append(clauses, "REMOVE "+strings.Join(remove, ", "))
	}
	if len(add) > 0 {
		clauses = append(clauses, "ADD "+strings.Join(add, ", "))
	}
	if len(del) > 0 {
		clauses = append(clauses, "DELETE "+strings.Join(del, ", "))
	}
	l.update = strings.Join(clauses, " ")
}
