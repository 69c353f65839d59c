// Package patterns will hold the workbench's catalogue of DynamoDB
// data-modeling patterns (for example, item collections, sparse indexes,
// write sharding, adjacency lists and TTL expiry). Each pattern is to be a
// ready model (table definitions and entities with key templates), a short
// narrative, its access patterns, and a deterministic generator for a sample
// dataset.
//
// The package is empty for now. It is pure content: it imports only the
// standard library and the engine packages, never the UI (deps_test.go at
// the repository root enforces this).
package patterns
