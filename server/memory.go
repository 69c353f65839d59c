package server

import (
	"runtime/debug"
	"runtime/metrics"
)

// DefaultMaxMemoryMB is -max-memory's default: the server's memory ceiling
// above its resting size, in MB.
const DefaultMaxMemoryMB = 1024

// SetMemoryCeiling sets the Go runtime's memory limit to what the process
// holds now (its resting size: the page, the engine, the store) plus
// extra bytes, and returns the limit; extra <= 0 leaves the runtime's
// default (no limit).
//
// Why a soft limit and no per-request accounting: every expensive request
// is already bounded in what it may build (imports' budget, simulations'
// partition-seconds, bodies' sizes) and at most -max-expensive run at
// once, so the peaks are bounded by construction; the limit makes the
// collector return memory before the kernel's OOM killer would act on a
// burst of garbage (several imports each parsing a 1 MB file), and the
// runtime caps the collector at half the CPU near the limit, so the page
// keeps being answered. Accounting each allocation to a request is not
// something Go offers.
func SetMemoryCeiling(extra int64) int64 {
	if extra <= 0 {
		return debug.SetMemoryLimit(-1)
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	resting := int64(s[0].Value.Uint64())
	limit := resting + extra
	debug.SetMemoryLimit(limit)
	return limit
}
