//go:build unix

package patterns

import (
	"syscall"
	"time"
)

// cpuTime is the CPU the process has used so far, user and system, every
// thread's: beside a benchmark's wall time it tells work saved from work
// moved onto another core.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
