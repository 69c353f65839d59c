// Package patterns is the workbench's library of DynamoDB data-modeling
// building blocks, from the seed documents: a person starts from one of
// them, not from a blank page.
//
// Each Pattern (one file each) is
//
//   - a ready model (model): its tables, entities with key templates,
//     access patterns as real requests with example parameters, a workload
//     for the partition simulator, and settings;
//   - a narrative: what the block solves, its trade-offs and the rule of
//     thumb it teaches;
//   - a deterministic generator: the same seed and size (10 to 1,000,000
//     items) always give the same items, byte for byte, in the same order.
//     It streams (model.Source): a million items are produced one at a time
//     and can go straight into an engine.Database (model.LoadItems) or to a
//     writer (WriteNDJSON, Pattern.WriteDocument) without being held twice.
//
// A generator first emits the story items the narrative and the tests talk
// about (alice's cart, ana's escalations, thermo-42's readings, ...), as
// many as the size allows, then filler drawn from model.Rand, which gives
// the same values on every platform.
//
// The catalogue, in order: composite-sort-key, multi-tenancy, sparse-index,
// ttl-ephemeral, ttl-archive, vertical-partitioning, write-sharding,
// student-data, time-series, bulk-upload-hot-cold. Catalog lists them, Get
// finds one by name and Generator resolves a model's generator spec, for
// model.Load.
//
// The TTL archive pattern's consumer, TTLArchiver, reads a table's stream
// through the engine's Streams API and archives only the TTL process's
// deletions.
//
// The package is pure content: it imports only the standard library and the
// engine's packages, never the UI (deps_test.go at the repository root
// enforces this).
package patterns
