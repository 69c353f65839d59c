// Package analysis measures a model's access patterns and says what they
// cost and where the design will hurt.
//
// Analyze loads the model's dataset into a fresh engine (model.NewDatabase
// and Load; a generated dataset is capped at Options.Items, 1,000 items by
// default, so that analysis stays fast) and, for each access pattern of the
// model:
//
//   - names the table or index and the key condition that serve it, and
//     flags a Scan, or a read whose filter discards items, with the ratio of
//     items read to items returned;
//   - runs it with its example parameters and ReturnConsumedCapacity=INDEXES
//     and records the read or write units one call consumed, on the table
//     and on each index (reads first, on the loaded data, then writes);
//   - derives GSI write amplification: (table + GSI write units) / table
//     write units;
//   - prices it for a month at its expected rate, on demand and provisioned,
//     with partition.Prices (USEast1 by default), keeping the arithmetic as
//     text.
//
// The report's totals price every pattern together with the storage of the
// dataset (projected to the generator's full size when it was capped).
//
// Warnings are attached to the design element they concern (a table, an
// index, an attribute or an access pattern):
//
//   - hot-partition: the model's workload is turned into a partition
//     workload (each request's partition-key parameters become a key
//     distribution, extra uniform parameters of the key become write shards,
//     a fan-out becomes a scatter-gather read) and simulated against the
//     table's partition layout (an on-demand table warmed to the workload's
//     peak); a key whose units per second exceed one partition's ceiling
//     (1,000 WCU, 3,000 RCU) is throttled whatever the layout. A pattern
//     the simulation throttles for other reasons gets a throttled warning.
//   - low-cardinality-gsi: a GSI partition key with few distinct values in
//     the loaded data, or one value holding most of the index.
//   - large-item: an item above 300 KB (the limit is 400 KB).
//   - lsi-collection: a table with a local secondary index whose largest item
//     collection, projected to the dataset's full size, passes 1 GB of the
//     10 GB an item collection may hold.
//   - ttl-type: a table's TTL attribute held as something other than a
//     Number on some items (DynamoDB ignores those items).
//   - scan, filter: reads that touch more items than they return.
//
// The package imports only the standard library and the engine's packages.
package analysis
