// Package visualizer turns engine snapshots, the partition model and the
// analysis into view models and SVG: item collections, index membership,
// TTL expiry, partitions and their hash ranges, heat maps, shard fan-out
// and cost.
//
// It is plain Go, tested natively with golden files: it imports only the
// standard library and the engine packages, never go-app (deps_test.go at
// the repository root enforces this). The UI in package app renders what it
// produces; SVG (svg.go) is the one writer every picture uses, so output is
// deterministic.
package visualizer
