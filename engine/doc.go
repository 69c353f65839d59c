// Package engine is an in-memory Amazon DynamoDB: tables, items, the
// expression language, capacity accounting and DynamoDB's validation, with
// DynamoDB's own error wording. It runs natively (behind the server's wire
// API) and as WebAssembly in the workbench page.
//
// A Database's methods are named after the API operations (PutItem, Query,
// TransactWriteItems, ...) and take and return the API's shapes (types.go),
// whose JSON tags are DynamoDB's, so a request body decodes straight into
// them (DecodeRequest, the wire's decoder, holds an invalid attribute value
// of an Item, Key, ExclusiveStartKey or ExpressionAttributeValues, a
// batch's or a transaction's items and keys, an Expected or
// AttributeUpdates entry, for the operation to report in its place). Each operation validates in DynamoDB's order:
// the request's shape (constraint messages such as "1 validation error
// detected: ..."), then its expressions (package expr), then what needs
// the table (key schema, sizes, conditions). Errors are *Error values carrying DynamoDB's exception name.
//
// Storage: each table keeps its items in a B-tree ordered by (hash of the
// partition key, partition key, sort key), the order DynamoDB itself reads
// in: item collections are contiguous and sorted by sort key, and a Scan
// walks partitions in hash order. Keys are encoded by attr.AppendKey so that
// byte order is DynamoDB's value order. The records (key and item in the
// stored form of storage.go, without the key attributes the key holds and
// with attribute names as ids of the table's name dictionary: codec.go)
// live in append-only byte arenas (arena.go);
// the B-tree nodes hold pointer-free slots (hash, record reference;
// tree.go) and a pointer-free point map (pointmap.go) serves GetItem, so
// the garbage collector has almost nothing to scan however large the table.
// Dead records are compacted into a new arena (compact.go); clones
// (snapshots, backups, the recovery base) keep the arena they share.
//
// Time comes only from the Clock the Database was given: the engine never
// reads the wall clock, so the workbench can run it on a virtual clock.
//
// Every item change is recorded once as a Change (table, index, before,
// after, cause), the feed for streams, TTL archives and live highlighting.
// Snapshot returns an immutable view of everything (copy-on-write B-tree
// clones), which is what the workbench renders.
//
// Secondary indexes are B-trees of projections keyed by (index key, table
// key); an item without an index key attribute has no entry (sparse). TTL
// and GSI propagation are delayed work on the clock, done by Tick (which
// every operation calls). Throttle mode (WithThrottling) draws each
// request's units from per-partition token buckets of engine/partition's
// model.
//
// The control plane beyond tables lives beside them: tags in the table's
// definition (so models and exports carry them), on-demand backups as
// B-tree clones (backup.go), point-in-time recovery as a base clone plus a
// log of writes on the clock, folded as the window slides (pitr.go), and
// the read side of what one Region's engine cannot host (global tables,
// S3 exports and imports, Kinesis destinations) answered as for an account
// without them (types_admin.go lists the shapes).
package engine
