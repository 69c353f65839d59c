package schema

import "time"

// Every DynamoDB limit the engine enforces, in one place. Each comment says
// where the figure comes from: the AWS Developer Guide ("guide", its Service
// Quotas / Constraints page unless named), the AWS API model
// (botocore service-2.json, "model"), or third-party suites run against the
// live service ("observed"). The reference notes in /work/shared/reference
// hold the citations in full.

// Names (data-types-and-limits.md §7).
const (
	// MinTableNameLength and MaxTableNameLength bound a table name: guide,
	// naming rules; model shape TableName (min 3, max 255).
	MinTableNameLength = 3
	MaxTableNameLength = 255

	// MaxTableARNLength bounds a data-plane TableName given as an ARN:
	// model shape TableArn (1..1024).
	MaxTableARNLength = 1024

	// MinIndexNameLength and MaxIndexNameLength bound a GSI/LSI name: guide,
	// naming rules; model shape IndexName (3..255).
	MinIndexNameLength = 3
	MaxIndexNameLength = 255

	// NamePattern is the character set of table and index names: guide,
	// naming rules; model pattern, printed verbatim in DynamoDB's message.
	NamePattern = "[a-zA-Z0-9_.-]+"

	// MinAttributeNameLength and MaxAttributeNameLength bound any attribute
	// name: model (min 1, max 65535); the guide says "less than 64 KB";
	// observed (Alternator): 65535 accepted, 65536 rejected.
	MinAttributeNameLength = 1
	MaxAttributeNameLength = 65535

	// MaxKeyAttributeNameLength bounds the name of a table, GSI or LSI key
	// attribute: model shape KeySchemaAttributeName (1..255); observed
	// (Alternator) to be enforced for base tables too.
	MaxKeyAttributeNameLength = 255

	// MaxNonKeyAttributeNameLength bounds a name in Projection.NonKeyAttributes:
	// model shape NonKeyAttributeName (1..255); guide (LSI section).
	MaxNonKeyAttributeNameLength = 255

	// MaxTTLAttributeNameLength bounds the TimeToLive attribute name:
	// model shape TimeToLiveAttributeName (1..255).
	MaxTTLAttributeNameLength = 255
)

// Key schemas (data-types-and-limits.md §3, §8).
const (
	// MaxTableKeySchemaLength is the longest table or LSI KeySchema: one HASH
	// and at most one RANGE; model shape KeySchema (1..2); observed: a third
	// element is "Member must have length less than or equal to 2".
	MaxTableKeySchemaLength = 2

	// MaxGSIHashKeys and MaxGSIRangeKeys bound a multi-attribute GSI key:
	// API reference for GlobalSecondaryIndex (Nov 2025: "up to 4 partition
	// keys and up to 4 sort keys"); observed: 4+4 accepted, a fifth HASH or
	// RANGE rejected.
	MaxGSIHashKeys  = 4
	MaxGSIRangeKeys = 4

	// MaxPartitionKeyBytes bounds a partition key value (UTF-8 bytes for S,
	// raw bytes for B): guide, "Partition key value" 2048 bytes.
	MaxPartitionKeyBytes = 2048

	// MaxSortKeyBytes bounds a sort key value: guide, "Sort key value"
	// 1024 bytes.
	MaxSortKeyBytes = 1024
)

// Items and values (data-types-and-limits.md §2, §5, §6).
const (
	// MaxItemSizeBytes is the largest item, names and values included:
	// guide, "Item size" 400 KB with 1 KB = 1024 B.
	MaxItemSizeBytes = 400 * 1024

	// MaxNestingDepth is how deep lists and maps may nest: guide, "Nested
	// attribute depth" 32 levels.
	MaxNestingDepth = 32

	// MaxNumberDigits is a number's precision: guide, data types, "up to 38
	// digits of precision".
	MaxNumberDigits = 38

	// IndexEntryOverheadBytes is what the guide adds per item and per index
	// entry for storage accounting (not for the 400 KB limit or for capacity
	// units): guide, "Item size" / LSI and GSI storage sections.
	IndexEntryOverheadBytes = 100
)

// Secondary indexes (data-types-and-limits.md §8).
const (
	// MaxGSIs is the default per-table GSI quota: guide ("20", since the May
	// 2019 update; adjustable). CreateTable rejects a 21st as a
	// ValidationException, UpdateTable as a LimitExceededException (observed).
	MaxGSIs = 20

	// MaxLSIs is the per-table LSI limit: guide, 5 (hard).
	MaxLSIs = 5

	// MaxProjectedNonKeyAttributes bounds NonKeyAttributes summed over all of
	// a table's LSIs and GSIs (a name in two indexes counts twice;
	// KEYS_ONLY/ALL add nothing): guide, "Projected secondary index
	// attributes per table" 100.
	MaxProjectedNonKeyAttributes = 100

	// MaxNonKeyAttributesPerIndex bounds one index's NonKeyAttributes list:
	// model shape NonKeyAttributeNameList (max 20); observed: 21 entries are
	// "Member must have length less than or equal to 20".
	MaxNonKeyAttributesPerIndex = 20

	// MaxItemCollectionBytes is the LSI item-collection cap per partition key
	// value (table items plus all LSI entries): guide, 10 GB.
	MaxItemCollectionBytes = 10 * 1024 * 1024 * 1024
)

// Capacity settings (capacity-and-partitions.md §3).
const (
	// MinCapacityUnits is the smallest ReadCapacityUnits/WriteCapacityUnits:
	// model shape PositiveLongObject (min 1).
	MinCapacityUnits = 1

	// MaxProvisionedCapacityUnits is the largest value CreateTable accepts
	// before "Given value N for ReadCapacityUnits is out of bounds":
	// dynalite, whose tests were run against DynamoDB. (Account quotas
	// of 40,000 per table are a separate LimitExceededException.)
	MaxProvisionedCapacityUnits = 1_000_000_000_000
)

// Batch and transaction operations (api-semantics.md §6).
const (
	// MaxBatchGetKeys bounds the keys of one BatchGetItem: guide, 100.
	MaxBatchGetKeys = 100

	// MaxBatchGetResponseBytes bounds a BatchGetItem response: guide, 16 MB.
	MaxBatchGetResponseBytes = 16 * 1024 * 1024

	// MaxBatchWriteRequests bounds the put/delete requests of one
	// BatchWriteItem: guide, 25.
	MaxBatchWriteRequests = 25

	// MaxBatchWriteRequestBytes bounds a BatchWriteItem request: guide, 16 MB.
	MaxBatchWriteRequestBytes = 16 * 1024 * 1024

	// MaxTransactionActions bounds TransactWriteItems/TransactGetItems: guide,
	// 100 (it said 25 until between May 2022 and Feb 2023).
	MaxTransactionActions = 100

	// MaxTransactionBytes bounds the aggregate item size of a transaction:
	// guide, 4 MB.
	MaxTransactionBytes = 4 * 1024 * 1024

	// MaxClientRequestTokenLength bounds TransactWriteItems'
	// ClientRequestToken: model (1..36).
	MaxClientRequestTokenLength = 36

	// TransactionIdempotencyWindow is how long a ClientRequestToken is
	// remembered after the first call completes: guide, 10 minutes.
	TransactionIdempotencyWindow = 10 * time.Minute
)

// Expressions (expressions.md §7).
const (
	// MaxExpressionBytes bounds any expression string: guide, 4 KB; observed
	// (Alternator): 4096 bytes accepted, 4097 rejected.
	MaxExpressionBytes = 4096

	// MaxExpressionOperators bounds the operators and functions of one
	// expression: guide, 300 (UpdateExpression); observed for conditions.
	MaxExpressionOperators = 300

	// MaxPlaceholderBytes bounds one #name or :value token, prefix included:
	// guide, 255 bytes.
	MaxPlaceholderBytes = 255

	// MaxSubstitutionBytes bounds ExpressionAttributeNames and
	// ExpressionAttributeValues together: guide, 2 MB.
	MaxSubstitutionBytes = 2 * 1024 * 1024

	// MaxInOperands bounds the right-hand list of IN: guide, 100 (99 list
	// values observed).
	MaxInOperands = 100
)

// Query, Scan and ListTables (api-semantics.md §4, §5, §7).
const (
	// MaxPageBytes is how much item data one Query/Scan page reads: guide,
	// 1 MB.
	MaxPageBytes = 1024 * 1024

	// MaxTotalSegments bounds a parallel Scan's TotalSegments: model
	// (1..1,000,000); Segment is 0..999,999.
	MaxTotalSegments = 1_000_000

	// MaxListTablesLimit bounds ListTables' Limit and page size: model
	// (1..100), default 100.
	MaxListTablesLimit = 100
)

// Tags.
const (
	// MaxTagsPerResource is the tag limit: guide, 50 tags per resource;
	// observed: exceeding it is a ValidationException.
	MaxTagsPerResource = 50
	// MaxTagKeyLength and MaxTagValueLength bound a tag: API model
	// (TagKeyString 1..128, TagValueString 0..256).
	MaxTagKeyLength   = 128
	MaxTagValueLength = 256
)

// Reporting.
const (
	// MaxReportedViolations is how many request-shape violations one
	// "N validation errors detected" message lists: dynalite (tested against
	// DynamoDB) stops at 10.
	MaxReportedViolations = 10
)
