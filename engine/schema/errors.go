package schema

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Error is a validation failure worded as DynamoDB words it. Code is empty
// for a ValidationException (every error of this package but one); the
// only other value is CodeLimitExceeded, for the 21st GSI added through
// UpdateTable. The engine maps both onto its own exception codes.
type Error struct {
	Code    string
	Message string
}

// CodeLimitExceeded marks an Error that DynamoDB raises as a
// LimitExceededException rather than a ValidationException.
const CodeLimitExceeded = "LimitExceededException"

func (e *Error) Error() string { return e.Message }

// errorf builds a ValidationException message.
func errorf(format string, args ...any) *Error {
	return &Error{Message: fmt.Sprintf(format, args...)}
}

// invalidPrefix opens most of DynamoDB's semantic validation messages.
const invalidPrefix = "One or more parameter values were invalid: "

// invalidf builds a ValidationException whose message starts with
// "One or more parameter values were invalid: ".
func invalidf(format string, args ...any) *Error {
	return &Error{Message: invalidPrefix + fmt.Sprintf(format, args...)}
}

// Violations collects request-shape constraint failures, the first layer of
// DynamoDB's validation. Each entry reads
//
//	Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3
//
// and Err joins them as "N validation error(s) detected: e1; e2". Like the
// service (and dynalite, which was tested against it), at most
// MaxReportedViolations entries are kept and the count says how many were
// kept. The zero value is ready to use.
type Violations struct {
	list []string
}

// Add records that value (already rendered, without quotes) at field broke
// constraint.
func (v *Violations) Add(value, field, constraint string) {
	v.add("'"+value+"'", field, constraint)
}

// Null records that field was missing: "Value null at 'field' failed to
// satisfy constraint: Member must not be null".
func (v *Violations) Null(field string) {
	v.add("null", field, ConstraintNotNull)
}

func (v *Violations) add(value, field, constraint string) {
	if len(v.list) >= MaxReportedViolations {
		return
	}
	v.list = append(v.list, "Value "+value+" at '"+field+"' failed to satisfy constraint: "+constraint)
}

// Len reports how many violations were kept.
func (v *Violations) Len() int { return len(v.list) }

// List returns the kept violations, in the order found.
func (v *Violations) List() []string { return append([]string(nil), v.list...) }

// Err returns nil when nothing was recorded, otherwise an *Error whose
// message is "1 validation error detected: ..." or "N validation errors
// detected: e1; e2; ...".
func (v *Violations) Err() error {
	if len(v.list) == 0 {
		return nil
	}
	noun := "errors"
	if len(v.list) == 1 {
		noun = "error"
	}
	return &Error{Message: strconv.Itoa(len(v.list)) + " validation " + noun + " detected: " + strings.Join(v.list, "; ")}
}

// TableName records the data-plane TableName constraints for name at field
// (usually "tableName"): nil is "must not be null"; "" breaks the API
// model's minimum length of 1 (and nothing else is reported); a name
// starting with "arn:" is taken as a table ARN, checked only against the
// 1024-character maximum (the engine resolves it); any other name must be
// 3..255 characters and match [a-zA-Z0-9_.-]+, the length errors first.
// Source: conformance suites run against DynamoDB (a PutItem with an empty
// or a 256-character name; an UpdateItem with 'x!' reports the length
// error, then the pattern error).
func (v *Violations) TableName(name *string, field string) {
	if name == nil {
		v.Null(field)
		return
	}
	n := *name
	switch {
	case n == "":
		v.Add(n, field, MinLength(1))
	case strings.HasPrefix(n, "arn:"):
		if javaLength(n) > MaxTableARNLength {
			v.Add(n, field, MaxLength(MaxTableARNLength))
		}
	default:
		v.name(n, field, MinTableNameLength, MaxTableNameLength)
	}
}

// name records the length and pattern constraints of a table or index name,
// length first (the order DynamoDB reports today; older captures listed the
// pattern first, so treat the relative order as best evidence, not proof).
func (v *Violations) name(n, field string, minLen, maxLen int) {
	l := javaLength(n)
	if l < minLen {
		v.Add(n, field, MinLength(minLen))
	}
	if l > maxLen {
		v.Add(n, field, MaxLength(maxLen))
	}
	if !matchesNamePattern(n) {
		v.Add(n, field, PatternConstraint(NamePattern))
	}
}

// ValidateNewTableName checks the name of a table being created (3..255
// characters of [a-zA-Z0-9_.-]), at field.
func ValidateNewTableName(name string, field string) error {
	var v Violations
	v.name(name, field, MinTableNameLength, MaxTableNameLength)
	return v.Err()
}

// ValidateTableName checks a data-plane TableName (see Violations.TableName)
// and returns nil or an *Error such as
// "1 validation error detected: Value 'x!' at 'tableName' failed to satisfy
// constraint: Member must have length greater than or equal to 3; ...".
func ValidateTableName(name string, field string) error {
	var v Violations
	v.TableName(&name, field)
	return v.Err()
}

// ConstraintNotNull is the constraint a missing member breaks. It and the
// functions below word the constraints as DynamoDB's request validator
// prints them.
const ConstraintNotNull = "Member must not be null"

// MinLength is "Member must have length greater than or equal to n".
func MinLength(n int) string {
	return "Member must have length greater than or equal to " + strconv.Itoa(n)
}

// MaxLength is "Member must have length less than or equal to n".
func MaxLength(n int) string {
	return "Member must have length less than or equal to " + strconv.Itoa(n)
}

// MinValue is "Member must have value greater than or equal to n".
func MinValue(n int64) string {
	return "Member must have value greater than or equal to " + strconv.FormatInt(n, 10)
}

// MaxValue is "Member must have value less than or equal to n".
func MaxValue(n int64) string {
	return "Member must have value less than or equal to " + strconv.FormatInt(n, 10)
}

// PatternConstraint is "Member must satisfy regular expression pattern: p".
func PatternConstraint(p string) string {
	return "Member must satisfy regular expression pattern: " + p
}

// EnumConstraint is "Member must satisfy enum value set: [a, b]"; the
// values are listed in the order given, which must be DynamoDB's order.
func EnumConstraint(values ...string) string {
	return "Member must satisfy enum value set: [" + strings.Join(values, ", ") + "]"
}

// matchesNamePattern reports whether n matches NamePattern, [a-zA-Z0-9_.-]+,
// without a regular expression: it runs on every request.
func matchesNamePattern(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// javaLength is a string's length as DynamoDB's (Java) validator counts it:
// in UTF-16 code units.
func javaLength(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// IndexName records the length and pattern constraints of an index name at
// field (3..255 characters of [a-zA-Z0-9_.-]).
func (v *Violations) IndexName(n, field string) {
	v.name(n, field, MinIndexNameLength, MaxIndexNameLength)
}

// AddMessage records a violation DynamoDB words irregularly (for example
// Query's "Value at 'Limit' failed to satisfy constraint: ...", which names
// no value).
func (v *Violations) AddMessage(msg string) {
	if len(v.list) < MaxReportedViolations {
		v.list = append(v.list, msg)
	}
}
