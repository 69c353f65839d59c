// Package diff compares two versions of a design (two model documents) and
// plans the migration from the first to the second as DynamoDB, and the
// infrastructure tools that deploy it, would see it.
//
// Every change is a Step, classified:
//
//   - online: UpdateTable (or UpdateTimeToLive, UpdateContinuousBackups)
//     changes it while the table serves traffic: adding or deleting a
//     global secondary index, throughput, billing mode, TTL, the stream,
//     the table class, deletion protection. Adding an index backfills it;
//     the Step carries the backfill's estimated time and cost.
//   - a new table and a data copy: the key schema, the key attributes'
//     types, the local secondary indexes and the table name are fixed when
//     a table is created. The Step carries the copy's time and cost and a
//     copy plan (parallel Scan, batched writes, dual writes, switch-over).
//
// Each Step also says what CloudFormation (and CDK, which deploys through
// it) does: update in place, or replace the table, which creates an empty
// one; and in which deploy it can go, since a stack update adds or deletes
// at most one global secondary index per table.
//
// Access patterns of the old version that the new one breaks (their table
// or index is gone, their key no longer fits their entity) are listed, and
// the items of a loaded dataset that no longer fit their entity's new key
// templates are counted.
//
// Estimates follow DynamoDB's documented rates (see rates.go) and the
// prices of partition.Prices; each carries its arithmetic in words.
package diff
