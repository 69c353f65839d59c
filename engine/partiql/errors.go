package partiql

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// malformedPrefix starts every syntax error DynamoDB reports for a statement.
const malformedPrefix = "Statement wasn't well formed, can't be processed"

// malformed is a syntax error with an optional detail.
func malformed(detail string) *engine.Error {
	if detail == "" {
		return validation(malformedPrefix)
	}
	return verr(malformedPrefix + ": " + detail)
}

// validation builds a ValidationException.
func validation(format string, args ...any) *engine.Error {
	return engine.Errorf(engine.CodeValidation, format, args...)
}

// at appends DynamoDB's " at line:col:length" source position to a message.
func at(msg string, t token) string {
	return fmt.Sprintf("%s at %d:%d:%d", msg, t.line, t.col, t.length)
}

// The messages DynamoDB gives for PartiQL statements, verbatim (see
// reference/partiql.md §11 for the sources).
const (
	msgExpectedDML       = "Expected data manipulation"
	msgTrailing          = "Unexpected token after expression"
	msgNotFound          = "Requested resource not found"
	msgNoIndex           = "The table does not have the specified index"
	msgMandatoryKey      = "Where clause does not contain a mandatory equality on all key attributes"
	msgDuplicate         = "Duplicate primary key exists in table"
	msgOverlapping       = "Overlapping conditions with range keys are not supported in where clause"
	msgTooManyReads      = "Too many decomposed read operations for a given query."
	msgParamCount        = "Number of parameters in request and statement don't match."
	msgGSIConsistent     = "Strongly consistent read is not supported on Global Secondary Indexes"
	msgIndexWrite        = "This operation is not supported on an index"
	msgBadToken          = "Invalid NextToken"
	msgForeignToken      = "NextToken does not match request"
	msgBatchKey          = "Select statements within BatchExecuteStatement must specify the primary key in the where clause."
	msgTxKey             = "Select statements within ExecuteTransaction must specify the primary key in the where clause."
	msgBatchMixed        = "Read and write requests together in the same batch is not supported."
	msgTxMixed           = "ExecuteTransaction API does not support both read and write operations in the same request."
	msgBatchDupKeys      = "Provided list of item keys contains duplicates"
	msgTxDupItem         = "Transaction request cannot include multiple operations on one item"
	msgTxReturning       = "RETURNING clause is not supported in ExecuteTransaction."
	msgTxIndex           = "Reads on indices are not supported within transactions."
	msgExistsShape       = "EXISTS() must contain a single item read with additional condition"
	msgExistsOutsideTx   = "EXISTS can only be used in ExecuteTransaction write requests."
	msgConditionalFailed = "The conditional request failed"
	msgKeySchema         = "The provided key element does not match the schema"
)

// exprPrefixes are the expression-API prefixes of engine errors; PartiQL
// reports the same faults without naming an expression parameter.
var exprPrefixes = []string{"Invalid UpdateExpression: ", "Invalid ConditionExpression: ", "Invalid FilterExpression: ",
	"Invalid KeyConditionExpression: ", "Invalid ProjectionExpression: "}

// fromEngine rewords an engine error for a PartiQL caller: the statement
// has no expression parameters to name.
func fromEngine(err error) error {
	var xe *expr.Error
	if errors.As(err, &xe) {
		// An expression the post-filter parsed here: the engine's
		// ValidationException would carry the same text.
		err = verr(xe.Error())
	}
	e, ok := err.(*engine.Error)
	if !ok || e.Code != engine.CodeValidation {
		return err
	}
	for _, p := range exprPrefixes {
		if m, ok := strings.CutPrefix(e.Message, p); ok {
			c := *e
			c.Message = m
			return &c
		}
	}
	return err
}

// verr is a ValidationException with a message used verbatim.
func verr(msg string) *engine.Error { return &engine.Error{Code: engine.CodeValidation, Message: msg} }
