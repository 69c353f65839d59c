// Package visualizer will turn engine snapshots into view models and SVG
// (and text) renderings: item collections, index membership, partitions and
// their hash ranges, shard fan-out, and TTL expiry.
//
// It is plain Go, tested natively with golden files: it imports only the
// standard library and the engine packages, never go-app (deps_test.go at
// the repository root enforces this). The UI in package app renders what it
// produces.
//
// The package is empty for now.
package visualizer
