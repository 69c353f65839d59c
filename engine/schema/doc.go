// Package schema holds a table's definition, in DynamoDB's own field names,
// and checks it the way DynamoDB does.
//
// A TableDefinition is everything CreateTable accepts: the key schema (one
// HASH attribute and at most one RANGE), the attribute definitions (exactly
// the key attributes of the table and its indexes, each S, N or B), the
// global secondary indexes (whose keys may have up to four HASH and four
// RANGE attributes), the local secondary indexes (same HASH as the table,
// their own RANGE), their projections, the billing mode and throughput, and
// the stream. The engine, the model document and the exports share it.
//
// # Validation
//
// DynamoDB validates a request in two layers, and so does this package.
// The first layer is the request's shape, checked against the API model:
// missing members, lengths, minimum values, name patterns, enum values.
// Every violation is collected (at most ten) and reported together:
//
//	2 validation errors detected: Value 'x!' at 'tableName' failed to satisfy
//	constraint: Member must have length greater than or equal to 3; Value 'x!'
//	at 'tableName' failed to satisfy constraint: Member must satisfy regular
//	expression pattern: [a-zA-Z0-9_.-]+
//
// Paths are the API's member names with a lower-case first letter; list
// elements are numbered from 1 ("keySchema.2.member.keyType"). Violations
// builds such messages for any operation.
//
// The second layer runs only when the shape is sound: the rules that relate
// members to each other (an undefined key attribute, an LSI on a table
// without a sort key, throughput under PAY_PER_REQUEST, ...). The first
// failure is reported by itself, in DynamoDB's order and wording, for
// example "One or more parameter values were invalid: Some
// AttributeDefinitions are not used. AttributeDefinitions: [a, b], keys
// used: [a]".
//
// (*TableDefinition).Validate checks a CreateTable request;
// ValidateCreateGSI checks UpdateTable's GSI Create; ValidateTableName
// checks a data-plane TableName. Every error is an *Error; all are
// ValidationExceptions except one LimitExceededException (Error.Code says
// which). The sources of each message are cited next to it; where no
// capture of the service was available the comment says "unverified".
//
// # Limits
//
// Every figure DynamoDB enforces is a named constant in limits.go, with the
// document or observation it comes from.
//
// # Accessors
//
// HashKey, RangeKey, AttributeType and the index accessors (HashKeys and
// RangeKeys for multi-attribute GSI keys) answer the engine's questions
// about a definition; Projection.ProjectsAttribute says whether an index
// holds an attribute. Definitions are shared by immutable snapshots, so they
// are never changed in place: Clone, WithGSI and WithoutGSI return copies.
package schema
