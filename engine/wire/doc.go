// Package wire speaks DynamoDB's JSON 1.0 wire protocol (API version
// 2012-08-10) for an engine.Database, so that any AWS SDK or the AWS CLI can
// use the emulator by pointing its endpoint at it.
//
// Three entry points share the registries of operations, keyed by
// X-Amz-Target:
//
//   - Dispatch(db, target, body) runs one request without HTTP and returns
//     the status and the JSON response.
//   - DispatchCore(db, target, body) is Dispatch for the tables and items
//     operations only; the page's query console calls it under WebAssembly,
//     so that the control-plane and Streams operations (built on first use,
//     never at init) stay out of the page's download.
//   - NewHandler(db) is the http.Handler for POST / (CORS is the server's
//     decision, in front of it).
//
// The registry lists DynamoDB's item and table operations explicitly (with
// hand-written response encoders for the item operations); any other engine
// method shaped like an operation, Name(*engine.NameInput)
// (*engine.NameOutput, error), is registered automatically under
// TargetPrefix, and the DynamoDB Streams operations under
// StreamsTargetPrefix (streams.go). Operations and StreamsOperations list
// them.
//
// The pipeline follows DynamoDB's (and dynalite's) order: the body must be
// JSON (SerializationException), the X-Amz-Target must name a known
// operation (UnknownOperationException), the body must fit the operation's
// shapes (SerializationException, worded as DynamoDB's Java deserialiser
// words it), and then the engine validates and executes (engine.DecodeRequest
// decodes, holding the attribute values DynamoDB judges later). The engine reports
// errors as *engine.Error; engine/attr reports bad attribute values as
// *attr.ValidationError or *attr.SerializationError. This package only maps
// them to the wire:
//
//	engine.CodeUnknownOperation     400 {"__type":"com.amazon.coral.service#UnknownOperationException"}
//	engine.CodeSerialization        400 {"__type":"com.amazon.coral.service#SerializationException","Message":...}
//	engine.CodeValidation           400 {"__type":"com.amazon.coral.validate#ValidationException","message":...}
//	engine.CodeTransactionCanceled  400 {"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
//	                                     "CancellationReasons":[{"Code":"None"},...],"Message":...}
//	engine.CodeInternalServerError  500 {"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":...}
//	any other code                  400 {"__type":"com.amazonaws.dynamodb.v20120810#<Code>","message":...}
//	                                    (ConditionalCheckFailedException adds "Item" when the engine sets it)
//
// A panic anywhere below Dispatch is recovered and answered as
// InternalServerError.
//
// Responses are encoded by hand for the item operations (the hot path, and
// the place where presence matters: GetItem's "Item":{} for an item whose
// projection matched nothing, Query's "Items":[], BatchGetItem's
// "UnprocessedKeys":{}); the table operations use go-json on the engine's
// structs. Capacity units are written as DynamoDB writes doubles (1.0, 0.5).
//
// Known differences from DynamoDB: go-json matches member names
// case-insensitively where DynamoDB ignores a member spelled in another case;
// a body over 16 MB gets a JSON RequestEntityTooLargeException with its 413
// where DynamoDB's front end sends an empty 413; malformed JSON and an empty
// body carry a Message saying what is wrong where DynamoDB sends none; a
// missing Content-Type is accepted.
package wire
