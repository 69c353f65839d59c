//go:build !unix

package patterns

import "time"

// cpuTime is not known here (wasm has one thread: its CPU is the wall time).
func cpuTime() (time.Duration, bool) { return 0, false }
