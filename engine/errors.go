package engine

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Code is the name of a DynamoDB exception, as it appears after the '#' in a
// wire error's __type.
type Code string

// The exceptions the engine raises.
const (
	CodeValidation                      Code = "ValidationException"
	CodeResourceNotFound                Code = "ResourceNotFoundException"
	CodeResourceInUse                   Code = "ResourceInUseException"
	CodeConditionalCheckFailed          Code = "ConditionalCheckFailedException"
	CodeTransactionCanceled             Code = "TransactionCanceledException"
	CodeTransactionConflict             Code = "TransactionConflictException"
	CodeTransactionInProgress           Code = "TransactionInProgressException"
	CodeIdempotentParameterMismatch     Code = "IdempotentParameterMismatchException"
	CodeProvisionedThroughputExceeded   Code = "ProvisionedThroughputExceededException"
	CodeThrottling                      Code = "ThrottlingException"
	CodeRequestLimitExceeded            Code = "RequestLimitExceeded"
	CodeLimitExceeded                   Code = "LimitExceededException"
	CodeItemCollectionSizeLimitExceeded Code = "ItemCollectionSizeLimitExceededException"
	CodeSerialization                   Code = "SerializationException"
	CodeUnknownOperation                Code = "UnknownOperationException"
	CodeInternalServerError             Code = "InternalServerError"
	// CodeDuplicateItem is PartiQL's INSERT of an existing key.
	CodeDuplicateItem Code = "DuplicateItemException"

	CodeAccessDenied Code = "AccessDeniedException"

	// Backups, point-in-time recovery and resource policies.
	CodeTableNotFound                  Code = "TableNotFoundException"
	CodeTableAlreadyExists             Code = "TableAlreadyExistsException"
	CodeTableInUse                     Code = "TableInUseException"
	CodeBackupNotFound                 Code = "BackupNotFoundException"
	CodeBackupInUse                    Code = "BackupInUseException"
	CodeContinuousBackupsUnavailable   Code = "ContinuousBackupsUnavailableException"
	CodePointInTimeRecoveryUnavailable Code = "PointInTimeRecoveryUnavailableException"
	CodeInvalidRestoreTime             Code = "InvalidRestoreTimeException"
	CodePolicyNotFound                 Code = "PolicyNotFoundException"
	CodeGlobalTableNotFound            Code = "GlobalTableNotFoundException"
	CodeExportNotFound                 Code = "ExportNotFoundException"
	CodeImportNotFound                 Code = "ImportNotFoundException"

	// DynamoDB Streams' own exceptions.
	CodeExpiredIterator   Code = "ExpiredIteratorException"
	CodeTrimmedDataAccess Code = "TrimmedDataAccessException"
)

// Error is a DynamoDB error: its exception name and its message, worded as
// DynamoDB words it.
type Error struct {
	Code    Code
	Message string
	// Item is the current item for ConditionalCheckFailedException when the
	// request asked for ReturnValuesOnConditionCheckFailure=ALL_OLD.
	Item attr.Item
	// CancellationReasons is set on TransactionCanceledException, one per
	// action in request order.
	CancellationReasons []CancellationReason
	// ChargedUnits are the write units a single-item write whose condition
	// failed still consumed: DynamoDB charges them but its error reports no
	// capacity. BatchExecuteStatement adds them to its table's total.
	ChargedUnits float64

	// final marks a message already worded as DynamoDB words it, which
	// Enveloped leaves as it is (an attribute value's error held at
	// decode: see heldValue).
	final bool
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Errorf builds an *Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// validationf builds a ValidationException.
func validationf(format string, args ...any) *Error {
	return Errorf(CodeValidation, format, args...)
}

// envelopePrefix is the coral validator's head for one violation.
const envelopePrefix = "1 validation error detected: "

// Enveloped returns e with DynamoDB's "1 validation error detected: " put in
// front of its message, unless it has one already. Today's service answers
// PutItem's and UpdateItem's request-validation errors so (the expression
// parameters, the values' sets and NULLs, ReturnValues), and leaves their
// data-plane errors bare (a key of the wrong type, an item too large): the
// split dynoxide's tests record against DynamoDB (eu-west-2,
// tests/http_server.rs "envelope matrix"), which issue 29 confirms for
// the messages it lists. A nil e stays nil.
func Enveloped(e *Error) *Error {
	if e == nil || e.Code != CodeValidation || e.final || hasEnvelope(e.Message) {
		return e
	}
	out := *e
	out.Message = envelopePrefix + e.Message
	return &out
}

// hasEnvelope reports whether a message already starts "N validation
// error(s) detected: ".
func hasEnvelope(msg string) bool {
	i := 0
	for i < len(msg) && msg[i] >= '0' && msg[i] <= '9' {
		i++
	}
	return i > 0 && (strings.HasPrefix(msg[i:], " validation error detected: ") || strings.HasPrefix(msg[i:], " validation errors detected: "))
}
