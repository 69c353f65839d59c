package wire

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Error bodies. The __type prefixes are those DynamoDB sends:
//
//   - the Coral framework's own exceptions (unknown operation, unreadable
//     body) under com.amazon.coral.service#, SerializationException with a
//     capitalised "Message";
//   - ValidationException under com.amazon.coral.validate# (what the
//     service sends today, recorded by dynalite's and dynoxide's suites
//     against it; SDKs read only the text after '#');
//   - every DynamoDB exception under com.amazonaws.dynamodb.v20120810#, with
//     "message", except TransactionCanceledException, which has "Message"
//     and CancellationReasons.
const (
	prefixCoral    = "com.amazon.coral.service#"
	prefixValidate = "com.amazon.coral.validate#"
	prefixDynamoDB = "com.amazonaws.dynamodb.v20120810#"
)

// InternalErrorMessage is the message of the InternalServerError answered
// for a failure inside the emulator (the API model's wording).
const InternalErrorMessage = "The server encountered an internal error trying to fulfill the request."

// unknownOperationBody is DynamoDB's answer to a target it does not know.
var unknownOperationBody = []byte(`{"__type":"com.amazon.coral.service#UnknownOperationException"}`)

// MaxRequestBytes is the largest request body accepted: 16 MB, DynamoDB's
// HTTP request limit (BatchWriteItem's documented ceiling, and dynalite's
// MAX_REQUEST_BYTES).
const MaxRequestBytes = 16 << 20

// tooLargeBody answers a body over MaxRequestBytes. DynamoDB's front end
// answers 413 (dynalite's recorded test: status 413, empty chunked body);
// we keep the status and add a DynamoDB-shaped body so that SDKs and the
// page's console show a reason instead of "UnknownError".
var tooLargeBody = []byte(`{"__type":"com.amazon.coral.service#RequestEntityTooLargeException","message":"Request body exceeds the maximum request size of 16777216 bytes"}`)

// appendError appends the wire form of err and returns the HTTP status.
func appendError(dst []byte, err error) (int, []byte) {
	var e *engine.Error
	if errors.As(err, &e) {
		return appendEngineError(dst, e)
	}
	var ve *attr.ValidationError
	if errors.As(err, &ve) {
		return appendEngineError(dst, &engine.Error{Code: engine.CodeValidation, Message: ve.Message})
	}
	var se *attr.SerializationError
	if errors.As(err, &se) {
		return appendEngineError(dst, &engine.Error{Code: engine.CodeSerialization, Message: se.Message})
	}
	return appendEngineError(dst, &engine.Error{Code: engine.CodeInternalServerError, Message: InternalErrorMessage})
}

func appendEngineError(dst []byte, e *engine.Error) (int, []byte) {
	switch e.Code {
	case engine.CodeUnknownOperation:
		// DynamoDB's body has no message; the engine's "not implemented
		// yet" explanation is dropped here on purpose.
		return http.StatusBadRequest, append(dst, unknownOperationBody...)
	case engine.CodeSerialization:
		f := fields{b: append(dst, '{')}
		f.str("__type", prefixCoral+string(e.Code))
		if e.Message != "" {
			f.str("Message", e.Message)
		}
		return http.StatusBadRequest, append(f.b, '}')
	case engine.CodeTransactionCanceled:
		f := fields{b: append(dst, '{')}
		f.str("__type", prefixDynamoDB+string(e.Code))
		f.key("CancellationReasons")
		f.b = append(f.b, '[')
		for i := range e.CancellationReasons {
			if i > 0 {
				f.b = append(f.b, ',')
			}
			f.b = appendCancellationReason(f.b, &e.CancellationReasons[i])
		}
		f.b = append(f.b, ']')
		f.str("Message", e.Message)
		return http.StatusBadRequest, append(f.b, '}')
	}
	status := http.StatusBadRequest
	prefix := prefixDynamoDB
	switch e.Code {
	case engine.CodeValidation:
		prefix = prefixValidate
	case engine.CodeInternalServerError:
		status = http.StatusInternalServerError
	case "ServiceUnavailable":
		status = http.StatusServiceUnavailable
	}
	f := fields{b: append(dst, '{')}
	f.str("__type", prefix+string(e.Code))
	f.str("message", e.Message)
	if e.Item != nil && e.Code == engine.CodeConditionalCheckFailed {
		f.item("Item", e.Item)
	}
	return status, append(f.b, '}')
}

func appendCancellationReason(dst []byte, r *engine.CancellationReason) []byte {
	f := fields{b: append(dst, '{')}
	code := r.Code
	if code == "" {
		code = "None"
	}
	f.str("Code", code)
	if r.Message != "" {
		f.str("Message", r.Message)
	}
	if r.Item != nil {
		f.item("Item", r.Item)
	}
	return append(f.b, '}')
}

// serialization builds a SerializationException.
func serialization(msg string) *engine.Error {
	return &engine.Error{Code: engine.CodeSerialization, Message: msg}
}

// decodeError turns a failure to decode body into t into the error DynamoDB
// would answer.
//
//   - engine/attr's SerializationError is the first problem in document
//     order (go-json decodes in order and stops at it); shapeCheck finds it
//     again with its position known.
//   - engine/attr's ValidationError is reported only if no serialization
//     problem follows it anywhere in the body: DynamoDB deserialises the
//     whole request before validating it.
//   - malformed JSON is a SerializationException (DynamoDB sends it without
//     a message; ours says where the JSON broke).
//   - a JSON type mismatch is worded by shapeCheck.
func decodeError(body []byte, err error, t reflect.Type) error {
	// Text that is not Unicode, in a well-formed body, is reported with
	// its offset in the body (engine/attr's decoder sees only the
	// attribute value's bytes). It comes ahead of type mismatches
	// elsewhere in the body: a simplification, Jackson reports whichever
	// comes first.
	if te := attr.CheckText(body); te != nil && syntaxMessage(body) == "" {
		return serialization(te.Message)
	}
	var se *attr.SerializationError
	if errors.As(err, &se) {
		// The walker knows where the value sits (a Key member or an
		// element of Keys) and words a non-object accordingly; for
		// everything inside the object it defers to engine/attr.
		if msg, ok := shapeCheck(body, t); ok {
			return serialization(msg)
		}
		return err
	}
	var ve *attr.ValidationError
	if errors.As(err, &ve) {
		if msg, ok := shapeCheck(body, t); ok {
			return serialization(msg)
		}
		return err
	}
	if msg := syntaxMessage(body); msg != "" {
		return serialization(msg)
	}
	if msg, ok := shapeCheck(body, t); ok {
		return serialization(msg)
	}
	// go-json refused something the walker accepts (a number out of
	// range, a member matched case-insensitively): say what Go saw.
	return serialization("Unable to deserialize the request: " + err.Error())
}

// checkDecoded refuses what go-json accepts but DynamoDB does not, in a
// body that decoded: text that is not valid Unicode (go-json reads it with
// U+FFFD, which makes different table names, or attribute names in
// ExpressionAttributeNames, equal), and an integer out of its Java type's
// range (go-json wraps it: a Limit of -9223372036854775809 became
// 9223372036854775807). Both are SerializationExceptions on DynamoDB. The
// range walk runs only for bodies with a number of ten digits or more.
func checkDecoded(body []byte, t reflect.Type) error {
	if se := attr.CheckText(body); se != nil {
		return serialization(se.Message)
	}
	if hasLongNumber(body) {
		if msg, ok := shapeCheck(body, t); ok {
			return serialization(msg)
		}
	}
	return nil
}

// hasLongNumber reports whether a JSON document has a number token (outside
// strings) of ten digits or more: the shortest that can overflow an int.
func hasLongNumber(b []byte) bool {
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			// Skip the string: up to the next quote not escaped.
			i++
			for {
				j := bytes.IndexByte(b[i:], '"')
				if j < 0 {
					return false
				}
				i += j
				k := i
				for k > 0 && b[k-1] == '\\' {
					k--
				}
				i++
				if (i-1-k)%2 == 0 {
					break
				}
			}
		case c >= '0' && c <= '9':
			j := i
			for j < len(b) && b[j] >= '0' && b[j] <= '9' {
				j++
			}
			if j-i >= 10 {
				return true
			}
			i = j
		default:
			i++
		}
	}
	return false
}

// syntaxMessage returns a description of the first JSON syntax error in body,
// or "" when body is well-formed JSON. The description comes from the
// standard library's scanner, which checks the whole body before decoding
// anything: go-json, asked to decode a malformed body into an interface,
// panicked on an unterminated string holding invalid UTF-8 (an index out of
// range in its stream reader; found by FuzzDispatch), and so did its Valid,
// which decodes the same way.
func syntaxMessage(body []byte) string {
	if len(body) == 0 {
		return "The request body is empty: expected a JSON object"
	}
	if stdjson.Valid(body) {
		return ""
	}
	err := stdjson.Unmarshal(body, &struct{}{})
	var syn *stdjson.SyntaxError
	if errors.As(err, &syn) {
		return "Malformed JSON at offset " + strconv.FormatInt(syn.Offset, 10) + ": " + syn.Error()
	}
	return "Malformed JSON"
}
