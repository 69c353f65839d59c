// Package capacity is DynamoDB's capacity-unit arithmetic and the token
// bucket behind throttling.
//
// # Units
//
// A read unit covers 4 KB read strongly consistently; an eventually
// consistent read costs half as much and a transactional read twice as
// much. A write unit covers 1 KB; a transactional write costs twice as much.
// Sizes are rounded up to the next 4 KB or 1 KB block, and an operation
// always costs at least one block, even when the item is missing or empty.
// Costs are reported in half units (0.5, 1.5, ...); this package computes
// them with integers and returns float64 values, which hold every half unit
// exactly.
//
// Each item is rounded separately (GetItem, the keys of a BatchGetItem, the
// requests of a BatchWriteItem, the actions of a transaction), except for a
// Query or Scan page, whose item sizes are summed first and rounded once:
//
//	BatchGetItem of 1.5 KB + 6.5 KB, strong  = 1 + 2      = 3 RCU
//	Query reading 10 items totalling 40.8 KB = ceil(40.8/4) = 11 RCU strong, 5.5 eventual
//	BatchWriteItem of 500 B + 3.5 KB         = 1 + 4      = 5 WCU
//	TransactWriteItems of 3 × 500 B          = 3 × 2      = 6 WCU
//
// A write that replaces an item costs the units of the larger of the old and
// the new item (WriteCostOfChange).
//
// A Tally adds up what one request consumed on a table and on each of its
// indexes, for ReturnConsumedCapacity.
//
// # Throttling
//
// A Bucket is a token bucket refilling at the provisioned rate and banking up
// to 300 seconds of unused capacity, DynamoDB's burst capacity. It takes the
// time as an argument and never reads the clock, so the partition model can
// simulate a day of traffic deterministically in well under a second.
//
// Sources: capacity-and-partitions.md §1–§4, from the AWS Developer Guide
// (CapacityUnitCalculations, ProvisionedThroughput, burst capacity) and the
// AWS Knowledge Center.
package capacity
