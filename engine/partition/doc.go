// Package partition models how DynamoDB spreads a table over partitions and
// what that does to a workload: the partition layout (hash ranges, counts
// from throughput and size, splits), per-partition token buckets with burst,
// adaptive capacity and split for heat, a second-by-second workload
// simulator, and the monthly cost of access patterns.
//
// Each fact below is marked documented (AWS documentation, current or
// historic), or inferred (our reading where AWS publishes nothing). The
// sources are listed in the shared reference capacity-and-partitions.md; the
// worked figures come from seed 003 (the Dec 2017 guide's "Understand
// partition behavior", removed in April 2018 and "subject to change").
//
// # Layout
//
// A table's keyspace is the 64-bit space of partition-key hashes, cut into
// contiguous ranges, each owned by one partition. The hash is the engine's
// own (HashKey64: MD5 of the partition key's bytes, as dynalite reads
// DynamoDB's hash from the Scan orders DynamoDB returns), so items loaded
// in the engine and keys named in a workload map onto the same partitions;
// Layout.Locate finds a hash's partition. DynamoDB does not document its
// hash.
//
// A Layout keeps, per partition, its range, its share of the table's
// throughput and its data, and a history of Steps (create, raise or lower
// throughput, grow data, split, heat split, on-demand peak, mode switch),
// each carrying its arithmetic as text:
//
//   - A provisioned table starts with ceil(RCU/3,000 + WCU/1,000)
//     partitions (documented, historic): 1,000 RCU + 500 WCU → ceil(0.8333)
//     = 1; 1,000 + 1,000 → 2 of 500 + 500; 5,000 + 2,000 → 4 of 1,250 + 500.
//     Data it starts with needs ceil(size / 10 GB) partitions (inferred).
//   - One partition serves at most 3,000 RCU and 1,000 WCU and holds about
//     10 GB (documented). GB here is 2^30 bytes (inferred).
//   - Raising throughput beyond what the partitions carry doubles them,
//     as often as needed (documented, historic: 5,000 → 8,000 RCU turns 4
//     partitions into 8 of 1,000 + 250). We also double when an uneven
//     share would exceed a partition's ceiling (inferred).
//   - A partition over 10 GB splits in two: its range, its data and its
//     share of the throughput halve; the others are unaffected
//     (documented, historic: one of 4 partitions of 1,250 + 500 filling
//     gives 3 of 1,250 + 500 and 2 of 625 + 250; 8 partitions hold about
//     80 GB, 9 hold 90 GB). The split point is the range's midpoint
//     (inferred).
//   - Lowering throughput never merges partitions (documented): 11
//     partitions lowered to 200 WCU keep 200 / 11 ≈ 18 WCU each (the guide
//     says "about 20").
//   - Every partition gets its share of the table's throughput: 1/n at
//     creation, halved at each split (documented for size splits; inferred
//     for heat splits). Throughput changes rescale every share.
//   - An on-demand table starts with 4 partitions serving 12,000 RRU or
//     4,000 WRU per second, its default warm throughput (documented; the 4
//     partitions are inferred). It serves up to twice its previous peak at
//     once (documented); a new table's previous peak counts as half its warm
//     throughput, 6,000 RRU + 2,000 WRU (inferred). A new peak that the
//     partitions cannot carry twice over doubles them (inferred, from the
//     provisioned rule). Switching a provisioned table to on demand sets the
//     previous peak to half the highest throughput it was provisioned with,
//     at least the new-table default (documented, KC article).
//
// Layout.Apply and Replay replay a list of Operations (a history a user
// posts), and Layout.Occupancy maps the item collections loaded in the
// engine onto the partitions (bytes, items, largest collections).
//
// The guide's bulk-load example counts writes only: 20 million 1 KB items
// in 30 minutes need 20,000,000 / 1,800 = 11,111.1 WCU, which the guide
// rounds to 11,000 WCU → 11 partitions (exactly 11,112 WCU would give 12);
// 3 hours need 1,851.9, rounded up to 1,900 → 2 partitions. The layout
// accepts 0 RCU so that such examples reproduce exactly (DynamoDB itself
// wants at least 1).
//
// # Throttling
//
// Each partition has a token bucket per dimension (capacity.Bucket),
// refilled at its share and banking up to 300 seconds of unused capacity,
// burst capacity (documented: 150 RCU idle for five minutes banks 45,000
// units and then sustains 200 RCU for 900 s). Every second a partition
// serves its demand from its share, then from adaptive capacity, then from
// its bank; what is left is throttled:
//
//   - Burst and adaptive capacity never lift a partition above 3,000 RCU or
//     1,000 WCU (documented). Reads and writes are limited independently
//     (the reference's reading); Workload.LinearCeiling applies the
//     Knowledge Center's "or a linear combination" instead, RCU/3,000 +
//     WCU/1,000 ≤ 1 per second (inferred).
//   - Adaptive capacity (documented, internals unpublished): a hot
//     partition borrows the table's unused throughput this second, up to
//     its ceiling; the lenders' buckets give it, in proportion to what each
//     left unused (inferred). It acts at once, as the guide has said since
//     2019. Workload.DisableAdaptive turns it off.
//   - Split for heat (documented, internals unpublished): a partition whose
//     demand stays at 80% of its ceiling or more for 300 s in a row
//     (inferred thresholds, Workload.HeatThreshold and HeatSeconds) splits
//     at the hash that best separates its demand, if the hotter side keeps
//     less than 90% of it (inferred); each side gets half the share. A
//     split moves no throughput, so a partition does not heat through a
//     dimension in which the whole table asks for more than it has
//     (inferred). A
//     single hot key cannot be split: it stays capped at the ceiling
//     (documented). Never for a table with a local secondary index
//     (documented). Workload.DisableSplitForHeat turns it off.
//   - A new partition inherits its parent's burst bank in proportion to
//     its share (inferred).
//   - On demand, a new peak counts after Workload.PeakLag (default 30
//     minutes: throttling "can occur if you exceed double your previous
//     peak within 30 minutes", documented); the peak is the traffic the
//     table received, throttled requests included (inferred from "a new
//     high-water mark in throughput received").
//
// # Simulator
//
// Simulate runs a Workload (access patterns, each an operation with its
// consistency and item size, a Rate over time and a key distribution,
// optionally write-sharded) second by second. It does not simulate
// requests one by one: each second it spreads every pattern's expected
// requests over the partitions analytically. A pattern's keys are named
// (Keys.Prefix followed by the key's number, then "." and the shard
// number when sharded) and hashed; its up to 65,536 most requested keys
// are placed at their hashes, the rest spread over the hash space in
// proportion to each partition's range. Sequential and round-robin
// patterns are placed key by key each second while a second spans at most
// 4,096 keys, by their long-run spread otherwise. Workload.Noise draws each
// second's requests per partition from a Poisson distribution around the
// expectation instead, with math/rand/v2 seeded by Workload.Seed; the same
// layout, workload and seed always give the same Result.
//
// The Result has totals, per-pattern figures (with the hottest key's
// units per second against a partition's ceiling), a series per table and
// per partition (consumed, allowed, borrowed, throttled, burst balance, one
// sample per Interval seconds) and the events that changed the layout.
// Result.Render draws it as text.
//
// # Cost
//
// Prices is a dated, editable price table (USEast1: on demand $0.125 per
// million RRU and $0.625 per million WRU since November 2024; provisioned
// $0.00013 per RCU-hour and $0.00065 per WCU-hour; storage $0.25 per
// GB-month; a 730-hour month). Prices.Monthly prices Loads (a rate and the
// units per request, with GSI write amplification) on demand and
// provisioned, with storage, and shows every figure's arithmetic.
package partition
