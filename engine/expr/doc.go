// Package expr implements DynamoDB's expression languages: the
// KeyConditionExpression of Query, the ConditionExpression of writes, the
// FilterExpression of Query and Scan, the ProjectionExpression of reads and
// the UpdateExpression of UpdateItem. It parses them, checks them with the
// error messages DynamoDB gives, in the order DynamoDB gives them, and
// evaluates them against items.
//
// # Architecture
//
// The package follows text/template/parse and go/parser:
//
//   - lex.go: a synchronous state-function lexer. Keywords are
//     case-insensitive and depend on the expression (AND OR NOT BETWEEN IN
//     in conditions, SET REMOVE ADD DELETE in updates, none in projections);
//     function names are case-sensitive identifiers.
//   - parse.go: a recursive-descent parser with the precedence
//     OR < AND < NOT < comparisons, BETWEEN, IN and functions. Errors panic
//     with a positioned *Error and are recovered at the entry points
//     (runtime errors are re-panicked). Nesting is bounded by a depth limit,
//     smaller under WebAssembly.
//   - ast.go: a sealed syntax tree whose String methods print canonical
//     source with the original placeholder tokens, so that parsing the
//     printed form gives the same tree.
//   - check.go, condition.go, update.go, projection.go, keycond.go: the
//     semantic checks, run after parsing, reporting DynamoDB's errors in
//     DynamoDB's order (undefined placeholders, reserved words, function
//     arity and operand types, redundant parentheses, overlapping paths,
//     BETWEEN bounds, key condition rules, ...).
//   - eval.go and the Apply methods: evaluation, a separate walk that never
//     fails for conditions and projections and reports DynamoDB's runtime
//     errors for updates.
//
// # Use
//
// All expressions of one request share a Placeholders built from the
// request's ExpressionAttributeNames and ExpressionAttributeValues; after
// parsing them, CheckUnused reports the placeholders none of them used:
//
//	ph := expr.NewPlaceholders(names, values)
//	cond, err := expr.ParseCondition(expr.ConditionExpression, src, ph)
//	...
//	if err := ph.CheckUnused(); err != nil { ... }
//	ok := cond.Eval(item)
//
// Every error is an *Error whose Error method returns DynamoDB's message,
// normally "Invalid <Kind>: <detail>"; the engine answers it with a
// ValidationException.
//
// The reference for the languages, limits and messages is
// /work/shared/reference/expressions.md.
package expr
