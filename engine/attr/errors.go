package attr

import "strings"

// ValidationError is a value that is well-formed JSON of the right shape but
// that DynamoDB rejects on its content (an invalid number, an empty set, a
// NULL that is not true, ...). The wire layer answers it with a
// ValidationException whose message is Message, verbatim.
type ValidationError struct {
	Message string
}

func (e *ValidationError) Error() string { return e.Message }

// SerializationError is a request body that cannot be read as DynamoDB JSON:
// malformed JSON, a JSON type where another is expected ({"N":1}), bad
// base64. The wire layer answers it with a SerializationException whose
// message is Message, verbatim.
type SerializationError struct {
	Message string
}

func (e *SerializationError) Error() string { return e.Message }

// Messages DynamoDB returns for invalid attribute values, verbatim (including
// the double space in the empty-set messages and the missing space in
// "]of type BS"). Sources: the reference notes (data-types-and-limits.md §2,
// §4, §9) and dynalite's test suite, which was recorded against DynamoDB.
const (
	MsgNumberPrecision = "Attempting to store more than 38 significant digits in a Number"
	MsgNumberOverflow  = "Number overflow. Attempting to store a number with magnitude larger than supported range"
	MsgNumberUnderflow = "Number underflow. Attempting to store a number with magnitude smaller than supported range"
	MsgNumberInvalid   = "The parameter cannot be converted to a numeric value"

	MsgEmptyValue     = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	MsgMultipleTypes  = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
	MsgNullNotTrue    = "One or more parameter values were invalid: Null attribute value types must have the value of true"
	MsgEmptyStringSet = "One or more parameter values were invalid: An string set  may not be empty"
	MsgEmptyNumberSet = "One or more parameter values were invalid: An number set  may not be empty"
	MsgEmptyBinarySet = "One or more parameter values were invalid: Binary sets should not be empty"
	// MsgNumberSetDuplicates has no "One or more parameter values were
	// invalid: " prefix and no period; the SS and BS variants carry the
	// offending collection (see duplicatesMessage).
	MsgNumberSetDuplicates = "Input collection contains duplicates"

	// MsgNestingTooDeep is the text DynamoDB returned (eu-west-2, captured
	// by the nubo-db conformance suite) for an item or an
	// ExpressionAttributeValue nested deeper than 32 levels. The API model's
	// TransactionCanceledException documentation lists only its first
	// sentence ("Nesting Levels have exceeded supported limits"); we use the
	// full captured text.
	MsgNestingTooDeep = "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit"

	// MsgIncorrectOperandType is DynamoDB's message for an UpdateExpression
	// ADD/DELETE whose operand does not match the stored attribute's type;
	// Union and Difference return it for mismatched sets.
	MsgIncorrectOperandType = "An operand in the update expression has an incorrect data type"
)

// IsSetOrNullMessage reports whether a validation message is one of the
// set and NULL family (an empty set, duplicates in a set, a NULL that is
// not true), possibly inside the wrapper the ExpressionAttributeValues
// errors add: the family PutItem and UpdateItem envelope today.
func IsSetOrNullMessage(msg string) bool {
	for _, m := range []string{MsgNullNotTrue, MsgEmptyStringSet, MsgEmptyNumberSet, MsgEmptyBinarySet, "contains duplicates"} {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}

// MaxNameLength is the longest attribute name DynamoDB accepts, in UTF-8
// bytes (the API model's maximum; Alternator's tests against DynamoDB found
// 65535 accepted and 65536 refused). The shortest is one byte.
const MaxNameLength = 65535

// Messages for attribute names out of bounds. Unverified wording: DynamoDB
// answers a ValidationException mentioning the attribute name (Alternator's
// test_limits.py matches "Attribute name"); "Empty attribute name" is the
// phrase of its ExpressionAttributeNames message.
const (
	MsgEmptyName   = "One or more parameter values were invalid: Empty attribute name"
	MsgNameTooLong = "One or more parameter values were invalid: Attribute name is too large, must be less than 65536 bytes"
)

// CheckName returns DynamoDB's complaint about attribute name n (empty, or
// longer than MaxNameLength bytes), or "" when n is acceptable. Item and
// map decoding, ExpressionAttributeNames and the legacy parameters share it.
func CheckName(n string) string {
	switch {
	case n == "":
		return MsgEmptyName
	case len(n) > MaxNameLength:
		return MsgNameTooLong
	}
	return ""
}

// CheckItemNames applies CheckName to every attribute name of it, at the
// top level and inside maps at any depth, for items built in Go rather than
// decoded (the decoder checks names as it reads them).
func CheckItemNames(it Item) string {
	for name, v := range it {
		if msg := CheckName(name); msg != "" {
			return msg
		}
		if msg := checkNestedNames(v); msg != "" {
			return msg
		}
	}
	return ""
}

func checkNestedNames(v Value) string {
	switch v := v.(type) {
	case Map:
		for name, e := range v {
			if msg := CheckName(name); msg != "" {
				return msg
			}
			if msg := checkNestedNames(e); msg != "" {
				return msg
			}
		}
	case List:
		for _, e := range v {
			if msg := checkNestedNames(e); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// MaxDepth is the deepest nesting level DynamoDB accepts for a document: a
// top-level attribute (or an ExpressionAttributeValue) is level 1, each
// element of a list or map one level below its container. A value at level
// 33 is rejected with MsgNestingTooDeep.
const MaxDepth = 32

// validationf-style helpers are deliberately absent: every message here is a
// fixed DynamoDB string, built by concatenation where it carries a value.

func newValidation(msg string) *ValidationError { return &ValidationError{Message: msg} }

func newSerialization(msg string) *SerializationError { return &SerializationError{Message: msg} }
