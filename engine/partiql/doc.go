// Package partiql runs DynamoDB's PartiQL dialect: ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction.
//
// A statement is lexed and parsed here, then planned onto the engine's own
// operations: a SELECT whose WHERE pins the partition key becomes one Query
// per key value, any other SELECT a Scan with the WHERE as its filter; INSERT
// is a PutItem under attribute_not_exists, UPDATE an UpdateItem under
// attribute_exists, DELETE a DeleteItem; the multi-statement calls become
// per-statement calls, TransactGetItems or TransactWriteItems. Conditions are
// rewritten as expression text with placeholders and evaluated by
// engine/expr, so PartiQL and the expression API share one evaluator, one
// capacity model and one storage path.
//
// The dependency runs one way: partiql imports engine; the wire registry
// and the page call this package.
package partiql
