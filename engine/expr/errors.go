package expr

import (
	"fmt"
	"strings"
)

// Kind names the request parameter an expression came from. DynamoDB puts it
// in its error messages ("Invalid UpdateExpression: ...").
type Kind string

// The five kinds of expression.
const (
	KeyConditionExpression Kind = "KeyConditionExpression"
	ConditionExpression    Kind = "ConditionExpression"
	FilterExpression       Kind = "FilterExpression"
	ProjectionExpression   Kind = "ProjectionExpression"
	UpdateExpression       Kind = "UpdateExpression"
)

// Error is an expression error. Error() returns DynamoDB's full message;
// the engine answers every Error with a ValidationException.
//
// Message holds the detail after the "Invalid <Kind>: " prefix that DynamoDB
// puts before most expression errors; errors DynamoDB words without the
// prefix (unused placeholders, key-schema mismatches, runtime update errors)
// print Message alone. Offset is the byte offset in the expression the error
// refers to, or -1 when it refers to no single place.
type Error struct {
	Kind    Kind
	Offset  int
	Message string

	bare bool // print Message without the "Invalid <Kind>: " prefix
}

// Error returns the message as DynamoDB words it.
func (e *Error) Error() string {
	if e.bare || e.Kind == "" {
		return e.Message
	}
	return "Invalid " + string(e.Kind) + ": " + e.Message
}

// Prefixed reports whether the message carries DynamoDB's
// "Invalid <Kind>: " prefix.
func (e *Error) Prefixed() bool { return !e.bare && e.Kind != "" }

// errorf builds a prefixed error.
func errorf(kind Kind, off int, format string, args ...any) *Error {
	return &Error{Kind: kind, Offset: off, Message: fmt.Sprintf(format, args...)}
}

// bareErrorf builds an error printed without the "Invalid <Kind>: " prefix.
func bareErrorf(kind Kind, off int, format string, args ...any) *Error {
	return &Error{Kind: kind, Offset: off, Message: fmt.Sprintf(format, args...), bare: true}
}

// Messages, verbatim from DynamoDB (see /work/shared/reference/expressions.md).
const (
	msgEmpty           = "The expression can not be empty;"
	msgRedundantParens = "The expression has redundant parentheses;"
	msgReserved        = "Attribute name is a reserved keyword; reserved keyword: %s"
	msgUndefinedName   = "An expression attribute name used in the document path is not defined; attribute name: %s"
	msgUndefinedValue  = "An expression attribute value used in expression is not defined; attribute value: %s"
	msgUnknownFunction = "Invalid function name; function: %s"
	// msgUpdateFunctionInCondition: see checker.updateFunctionInCondition.
	msgUpdateFunctionInCondition = "The function is not allowed in a condition expression; function: %s"
	msgMisusedFunction           = "The function is not allowed to be used this way in an expression; function: %s"
	msgArity                     = "Incorrect number of operands for operator or function; operator or function: %s, number of operands: %d"
	msgOperandType               = "Incorrect operand type for operator or function; operator or function: %s, operand type: %s"
	msgUpdateOperandType         = "Incorrect operand type for operator or function; operator: %s, operand type: %s"
	msgNeedsPath                 = "Operator or function requires a document path; operator or function: %s"
	msgDistinct                  = "The first operand must be distinct from the remaining operands for this operator or function; operator: %s, first operand: %s"
	msgTypeName                  = "Invalid attribute type name found; type: %s, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"
	msgBetweenTypes              = "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: %s, upper bound operand: AttributeValue: %s"
	msgBetweenOrder              = "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: %s, upper bound operand: AttributeValue: %s"
	msgOverlap                   = "Two document paths overlap with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
	msgConflict                  = "Two document paths conflict with each other; must remove or rewrite one of these paths; path one: %s, path two: %s"
	msgSectionTwice              = "The \"%s\" section can only be used once in an update expression;"
	msgTooManyOperators          = "The expression contains too many operators; operator count: %d"
	msgExpressionSize            = "Expression size has exceeded the maximum allowed size; expression size: %d"
	msgPathDepth                 = "The document path has too many nesting levels; nesting levels: %d"
	msgIndexRange                = "List index is not within the allowable range; index: [%s]"
	msgNestedTooDeep             = "The expression is nested too deeply; nesting levels: %d"

	// Key condition messages. DynamoDB words these without the prefix,
	// except where noted at the call site.
	msgKeyInvalidOperator = "Invalid operator used in KeyConditionExpression: %s"
	msgKeyNestedOps       = "KeyConditionExpressions cannot contain nested operations"
	msgKeyFirstOperand    = "Invalid condition in KeyConditionExpression: %s operator must have the key attribute as its first operand"
	msgKeyMultipleNames   = "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition"
	msgKeyNested          = "KeyConditionExpressions cannot have conditions on nested attributes"
	msgKeyNoAttribute     = "Invalid condition in KeyConditionExpression: No key attribute specified"
	msgKeyOnePerKey       = "KeyConditionExpressions must only contain one condition per key"
	msgKeyLength          = "Conditions can be of length 1 or 2 only"
	msgKeyMissed          = "Query condition missed key schema element: %s"
	msgKeyNotSupported    = "Query key condition not supported"
	// A multi-attribute GSI key's refusals. Unverified text: no capture of
	// DynamoDB's wording was found (AWS's guide, moto's aws_verified
	// multi-attribute tests, floci's and alchemy's issue threads were
	// searched); the texts satisfy what Alternator's
	// test_gsi_composite_keys.py (its 2026 version, written to pass
	// against DynamoDB) requires of them: "ValidationException.*HASH.*equality"
	// for a partition key attribute left out or not compared with =,
	// "ValidationException.*RANGE.*equality" for a sort key attribute
	// skipped or an inequality before the last one. DynamoDB's texts name
	// attributes: moto's aws_verified test_query_error_skip_range_key finds
	// the skipped attribute's name in the message, and
	// scylladb/scylladb#31448 reports DynamoDB naming two attributes for a
	// skip, a gap and an inequality before the last condition; the words
	// around them are not recorded. So each of these names its attribute
	// (below), in words of the engine's.
	msgCompositeHash  = "Query key condition not supported: every HASH key attribute of a multi-attribute key must be given an equality condition"
	msgCompositeRange = "Query key condition not supported: the RANGE key attributes of a multi-attribute key must be given left to right, each with an equality condition but the last"
	// The attribute each refusal names.
	msgCompositeHashMissing = msgCompositeHash + "; %s has none"
	msgCompositeHashNotEq   = msgCompositeHash + "; %s is not compared with ="
	msgCompositeRangeSkip   = msgCompositeRange + "; %s is skipped"
	msgCompositeRangeOrder  = msgCompositeRange + "; %s has a range condition and is not the last"
	msgKeyTypeMismatch      = "One or more parameter values were invalid: Condition parameter type does not match schema type"

	// Runtime update errors, unprefixed.
	msgInvalidPathForUpdate = "The document path provided in the update expression is invalid for update"
	msgMissingAttribute     = "The provided expression refers to an attribute that does not exist in the item"
	msgIncorrectDataType    = "An operand in the update expression has an incorrect data type"
)

// syntaxMessage words a syntax error at token tok, with near the source text
// around it.
func syntaxMessage(tok, near string) string {
	var b strings.Builder
	b.WriteString(`Syntax error; token: "`)
	b.WriteString(tok)
	b.WriteString(`", near: "`)
	b.WriteString(near)
	b.WriteString(`"`)
	return b.String()
}
