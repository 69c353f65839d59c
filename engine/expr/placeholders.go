package expr

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// MaxPlaceholderLen is the longest ExpressionAttributeNames or
// ExpressionAttributeValues key DynamoDB accepts, prefix included, in bytes.
const MaxPlaceholderLen = 255

// Placeholders holds a request's ExpressionAttributeNames and
// ExpressionAttributeValues and records which of them the request's
// expressions use. Every expression of one request is parsed with the same
// Placeholders, so that CheckUnused sees them all.
//
// A nil map means the parameter was absent from the request; an empty
// non-nil map means it was present but empty, which DynamoDB rejects.
type Placeholders struct {
	names  map[string]string
	values attr.Values

	usedNames  map[string]bool
	usedValues map[string]bool

	checked bool
	err     error
	// held is an invalid value of the ExpressionAttributeValues that the
	// request's decoder held (HeldValueError).
	held error

	// lowered: the expressions parsed with these placeholders were written
	// by the engine from legacy parameters (see Lowered).
	lowered bool
}

// Lowered marks the expressions parsed with p as the engine's lowering of
// legacy parameters (ComparisonOperator conditions, AttributesToGet,
// AttributeUpdates): the limits of expressions a client writes (their
// size, 300 operators, 100 IN operands) do not apply to what DynamoDB
// never receives as an expression. dynalite's suite, run against DynamoDB,
// scans with a legacy IN of 27,500 values ("should allow scans at least
// for 27500 args to IN"; above about 30,000 DynamoDB tends to fail with a
// 500). It returns p.
func (p *Placeholders) Lowered() *Placeholders {
	p.lowered = true
	return p
}

// limited reports whether the expression limits apply.
func (p *Placeholders) limited() bool { return p == nil || !p.lowered }

// NewPlaceholders wraps a request's ExpressionAttributeNames and
// ExpressionAttributeValues. Pass nil for an absent parameter.
func NewPlaceholders(names map[string]string, values attr.Values) *Placeholders {
	return &Placeholders{
		names:      names,
		values:     values,
		usedNames:  map[string]bool{},
		usedValues: map[string]bool{},
	}
}

// CheckEmpty reports a parameter that is present but empty:
// "ExpressionAttributeNames must not be empty", then the same for values.
func (p *Placeholders) CheckEmpty() error {
	if p == nil {
		return nil
	}
	if p.names != nil && len(p.names) == 0 {
		return bareErrorf("", -1, "ExpressionAttributeNames must not be empty")
	}
	if p.values != nil && len(p.values) == 0 {
		return bareErrorf("", -1, "ExpressionAttributeValues must not be empty")
	}
	return nil
}

// HeldValueError gives p the error of an invalid value of the
// ExpressionAttributeValues, which the request's decoder held rather than
// failing on: it is reported after the values' keys are found sound,
// before any expression. It returns p.
func (p *Placeholders) HeldValueError(err error) *Placeholders {
	p.held = err
	return p
}

// check validates the maps once, before the first expression is parsed, in
// the order dynalite's suite records DynamoDB's (test/scan.js, query.js,
// deleteItem.js "empty" and "invalid ExpressionAttributeNames", "empty"
// and "invalid ExpressionAttributeValues", "invalid values in
// ExpressionAttributeValues"): empty names, the syntax of every name key
// (and the length limit), the names themselves, empty values, the syntax of
// every value key, then an invalid value (held). Keys are checked in
// sorted order so that the reported one does not depend on map iteration.
func (p *Placeholders) check() error {
	if p.checked {
		return p.err
	}
	p.checked = true
	if p.names != nil && len(p.names) == 0 {
		p.err = bareErrorf("", -1, "ExpressionAttributeNames must not be empty")
		return p.err
	}
	for _, k := range sortedKeys(p.names) {
		if !validPlaceholder(k, '#') {
			p.err = bareErrorf("", -1, "ExpressionAttributeNames contains invalid key: Syntax error; key: \"%s\"", k)
			return p.err
		}
	}
	for _, k := range sortedKeys(p.names) {
		if p.names[k] == "" {
			p.err = bareErrorf("", -1, "ExpressionAttributeNames contains invalid value: Empty attribute name for key %s", k)
			return p.err
		}
		if len(p.names[k]) > attr.MaxNameLength {
			// Unverified wording, built like the empty name's.
			p.err = bareErrorf("", -1, "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key %s", k)
			return p.err
		}
	}
	if p.values != nil && len(p.values) == 0 {
		p.err = bareErrorf("", -1, "ExpressionAttributeValues must not be empty")
		return p.err
	}
	for _, k := range sortedKeys(p.values) {
		if !validPlaceholder(k, ':') {
			p.err = bareErrorf("", -1, "ExpressionAttributeValues contains invalid key: Syntax error; key: \"%s\"", k)
			return p.err
		}
	}
	p.err = p.held
	return p.err
}

// validPlaceholder reports whether k is prefix followed by 1 to 254 name
// characters.
func validPlaceholder(k string, prefix byte) bool {
	if len(k) < 2 || len(k) > MaxPlaceholderLen || k[0] != prefix {
		return false
	}
	for i := 1; i < len(k); i++ {
		if !isNamePart(rune(k[i])) {
			return false
		}
	}
	return true
}

// name resolves a #placeholder and marks it used.
func (p *Placeholders) name(token string) (string, bool) {
	if p == nil {
		return "", false
	}
	n, ok := p.names[token]
	if ok {
		p.usedNames[token] = true
	}
	return n, ok
}

// value resolves a :placeholder and marks it used.
func (p *Placeholders) value(token string) (attr.Value, bool) {
	if p == nil {
		return nil, false
	}
	v, ok := p.values[token]
	if ok && v != nil {
		p.usedValues[token] = true
		return v, true
	}
	return nil, false
}

// CheckUnused reports the placeholders no expression has used, names first:
// "Value provided in ExpressionAttributeNames unused in expressions: keys:
// {#a, #b}" (keys sorted).
func (p *Placeholders) CheckUnused() error {
	if p == nil {
		return nil
	}
	if keys := unused(p.names, p.usedNames); len(keys) > 0 {
		return bareErrorf("", -1, "Value provided in ExpressionAttributeNames unused in expressions: keys: {%s}", strings.Join(keys, ", "))
	}
	if keys := unused(p.values, p.usedValues); len(keys) > 0 {
		return bareErrorf("", -1, "Value provided in ExpressionAttributeValues unused in expressions: keys: {%s}", strings.Join(keys, ", "))
	}
	return nil
}

func unused[V any](m map[string]V, used map[string]bool) []string {
	var keys []string
	for k := range m {
		if !used[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// String describes the placeholders for debugging.
func (p *Placeholders) String() string {
	if p == nil {
		return "Placeholders(nil)"
	}
	return fmt.Sprintf("Placeholders(names=%d, values=%d)", len(p.names), len(p.values))
}
