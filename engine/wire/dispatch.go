package wire

import (
	"bytes"
	"errors"
	"log"
	"net/http"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
)

// TargetPrefix is the X-Amz-Target prefix of DynamoDB's API version
// 2012-08-10: a request's target is TargetPrefix + the operation name.
const TargetPrefix = "DynamoDB_20120810."

// operation is one entry of the registry: it decodes a request body, calls
// the engine and appends the encoded response to dst.
type operation func(db *engine.Database, body, dst []byte) ([]byte, error)

// op builds an operation from an engine method and a response encoder. A nil
// encoder means go-json on the output struct.
func op[In, Out any](call func(*engine.Database, *In) (*Out, error), encode func(dst []byte, in *In, out *Out) []byte) operation {
	inType := reflect.TypeFor[In]()
	return func(db *engine.Database, body, dst []byte) ([]byte, error) {
		in := new(In)
		if !safeForGoJSON(body) {
			// Malformed (JSON never ends in a backslash nor holds a
			// raw NUL), and go-json must not see it: it marks the end
			// of its copy of the body with a NUL, and an escape at
			// that end inside an object key makes it read past the
			// copy, into whatever the heap holds there (a panic or
			// garbage).
			return dst, decodeError(body, errTrailingBackslash, inType)
		}
		if isJSONNull(body) {
			// go-json decodes a bare null into the zero input, which
			// would run the operation as if {} had been sent; DynamoDB
			// refuses it as a SerializationException (issue 29; the
			// wording is unverified).
			return dst, serialization(msgNullBody)
		}
		// DecodeRequest holds an invalid attribute value (of an Item, a
		// Key, a batch's or a transaction's, ...) for the engine to report
		// in DynamoDB's order; any other failure is worded here.
		if err := engine.DecodeRequest(body, in); err != nil {
			return dst, decodeError(body, err, inType)
		}
		if err := checkDecoded(body, inType); err != nil {
			return dst, err
		}
		out, err := call(db, in)
		if err != nil {
			return dst, err
		}
		if out == nil {
			return append(dst, '{', '}'), nil
		}
		if encode != nil {
			return encode(dst, in, out), nil
		}
		b, err := json.MarshalNoHTMLEscape(out)
		if err != nil {
			return dst, err
		}
		return append(dst, b...), nil
	}
}

// envelopeValueErrors gives PutItem's and UpdateItem's refusals of an
// attribute value's content (an empty or duplicated set, a NULL that is not
// true) today's "1 validation error detected: " head, as engine.Enveloped
// does for their other request-validation errors. The number and
// attribute-name messages keep their bare wording: no recording of today's
// service shows them enveloped.
func envelopeValueErrors(run operation) operation {
	return func(db *engine.Database, body, dst []byte) ([]byte, error) {
		out, err := run(db, body, dst)
		var ve *attr.ValidationError
		if err != nil && errors.As(err, &ve) && attr.IsSetOrNullMessage(ve.Message) {
			return out, engine.Enveloped(&engine.Error{Code: engine.CodeValidation, Message: ve.Message})
		}
		return out, err
	}
}

// requireTableName answers a CreateTable whose body has no TableName member
// as DynamoDB does (engine.MissingTableName), before the definition, which
// cannot tell a missing name from an empty one, is decoded. A body that
// does not decode is left to run, which words the error.
func requireTableName(run operation) operation {
	return func(db *engine.Database, body, dst []byte) ([]byte, error) {
		var probe struct {
			TableName *string `json:"TableName"`
		}
		if safeForGoJSON(body) && json.Unmarshal(body, &probe) == nil && probe.TableName == nil && !isJSONNull(body) {
			return dst, engine.MissingTableName()
		}
		return run(db, body, dst)
	}
}

// safeForGoJSON reports whether go-json may be given body: see op.
func safeForGoJSON(body []byte) bool {
	n := len(body)
	return !(n > 0 && body[n-1] == '\\' || bytes.IndexByte(body, 0) >= 0)
}

// isJSONNull reports whether a body is the JSON literal null.
func isJSONNull(body []byte) bool { return string(bytes.TrimSpace(body)) == "null" }

// errTrailingBackslash stands for go-json's error on a body ending in a
// backslash (or holding a NUL), which it is not given; decodeError words
// the syntax error.
var errTrailingBackslash = errors.New("unexpected end of JSON input")

// operations is the registry of the tables and items operations, keyed by
// the full X-Amz-Target value; adminOperations (dispatch_admin.go) and
// streamsOperations (streams.go) hold the rest.
var operations = map[string]operation{
	TargetPrefix + "CreateTable":        requireTableName(op((*engine.Database).CreateTable, nil)),
	TargetPrefix + "DescribeTable":      op((*engine.Database).DescribeTable, nil),
	TargetPrefix + "DeleteTable":        op((*engine.Database).DeleteTable, nil),
	TargetPrefix + "UpdateTable":        op((*engine.Database).UpdateTable, nil),
	TargetPrefix + "UpdateTimeToLive":   op((*engine.Database).UpdateTimeToLive, nil),
	TargetPrefix + "DescribeTimeToLive": op((*engine.Database).DescribeTimeToLive, nil),
	TargetPrefix + "ListTables":         op((*engine.Database).ListTables, encodeListTables),
	TargetPrefix + "PutItem":            envelopeValueErrors(op((*engine.Database).PutItem, encodePutItem)),
	TargetPrefix + "GetItem":            op((*engine.Database).GetItem, encodeGetItem),
	TargetPrefix + "UpdateItem":         envelopeValueErrors(op((*engine.Database).UpdateItem, encodeUpdateItem)),
	TargetPrefix + "DeleteItem":         op((*engine.Database).DeleteItem, encodeDeleteItem),
	TargetPrefix + "Query":              op((*engine.Database).Query, encodeQuery),
	TargetPrefix + "Scan":               op((*engine.Database).Scan, encodeScan),
	TargetPrefix + "BatchGetItem":       op((*engine.Database).BatchGetItem, encodeBatchGetItem),
	TargetPrefix + "BatchWriteItem":     op((*engine.Database).BatchWriteItem, encodeBatchWriteItem),
	TargetPrefix + "TransactWriteItems": op((*engine.Database).TransactWriteItems, encodeTransactWriteItems),
	TargetPrefix + "TransactGetItems":   op((*engine.Database).TransactGetItems, encodeTransactGetItems),

	// PartiQL: the statements are planned onto the operations above by
	// package partiql, which imports engine (not the other way round).
	TargetPrefix + "ExecuteStatement":      op(partiql.ExecuteStatement, nil),
	TargetPrefix + "BatchExecuteStatement": op(partiql.BatchExecuteStatement, nil),
	TargetPrefix + "ExecuteTransaction":    op(partiql.ExecuteTransaction, nil),
}

// The registry is written out rather than discovered by reflecting over
// *engine.Database's methods: reflect.Type.Method makes the linker keep every
// exported method of every reachable type, which more than doubled the
// page's WebAssembly (go-app's HTML builders alone have thousands).
// TestEveryOperationIsRegistered catches an engine operation left out.

// Operations returns the names of the DynamoDB operations the wire API
// dispatches (under TargetPrefix), sorted; StreamsOperations lists the
// Streams API's.
func Operations() []string {
	var names []string
	for _, registry := range []map[string]operation{operations, adminOperations()} {
		for target := range registry {
			if name, ok := strings.CutPrefix(target, TargetPrefix); ok {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// lookupAll finds the operation of an X-Amz-Target among all of them.
func lookupAll(target string) (operation, bool) {
	if run, ok := operations[target]; ok {
		return run, true
	}
	if run, ok := adminOperations()[target]; ok {
		return run, true
	}
	if name, ok := strings.CutPrefix(target, StreamsTargetPrefix); ok {
		run, ok := streamsOperations()[name]
		return run, ok
	}
	return nil, false
}

// lookupCore finds the operation of an X-Amz-Target among the tables and
// items operations only.
func lookupCore(target string) (operation, bool) {
	run, ok := operations[target]
	return run, ok
}

// Dispatch runs one DynamoDB request without HTTP: target is the
// X-Amz-Target value ("DynamoDB_20120810.GetItem"), body the JSON request.
// It returns the HTTP status DynamoDB would answer and the JSON response
// body: the operation's output on success, an error document
// ({"__type":...,"message":...}) otherwise. It never panics: a panic inside
// the engine becomes a 500 InternalServerError.
//
// The HTTP handler answers every POST as Dispatch does.
func Dispatch(db *engine.Database, target string, body []byte) (status int, response []byte) {
	return dispatch(db, target, body, make([]byte, 0, 512), lookupAll)
}

// DispatchCore is Dispatch for the tables and items operations only (those
// an access pattern or the page's query console can send: item reads and
// writes, batches, transactions, PartiQL, table and TTL operations); any
// other target is an UnknownOperationException. The page calls it under
// WebAssembly, so that the control-plane and Streams operations, which it
// never sends, stay out of its download.
func DispatchCore(db *engine.Database, target string, body []byte) (status int, response []byte) {
	return dispatch(db, target, body, make([]byte, 0, 512), lookupCore)
}

// dispatch is Dispatch appending to dst, so the HTTP handler can reuse
// buffers, with the operations lookup finds.
func dispatch(db *engine.Database, target string, body, dst []byte, lookup func(string) (operation, bool)) (status int, response []byte) {
	start := len(dst)
	defer func() {
		if p := recover(); p != nil {
			log.Printf("wire: panic serving %s: %v\n%s", target, p, debug.Stack())
			status, response = appendError(dst[:start], errInternal)
		}
	}()
	run, ok := lookup(target)
	if !ok {
		// DynamoDB parses the body before it looks at the target: a body
		// that is not JSON is a SerializationException whatever the
		// target (dynalite's tests, recorded against DynamoDB).
		if len(body) > 0 && syntaxMessage(body) != "" {
			return appendError(dst, serialization(syntaxMessage(body)))
		}
		return http.StatusBadRequest, append(dst, unknownOperationBody...)
	}
	if len(body) > MaxRequestBytes {
		return http.StatusRequestEntityTooLarge, append(dst, tooLargeBody...)
	}
	out, err := run(db, body, dst)
	if err != nil {
		return appendError(dst[:start], err)
	}
	return http.StatusOK, out
}

// errInternal stands for a recovered panic.
var errInternal = &engine.Error{Code: engine.CodeInternalServerError, Message: InternalErrorMessage}

// msgNullBody is the SerializationException for a request body that is the
// JSON literal null (unverified wording).
const msgNullBody = "Unexpected token received from parser"
