//go:build js && wasm

package app

import (
	"runtime"
	"runtime/debug"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// yielder posts a message to itself through a MessageChannel and waits for
// it: the message arrives as a new task of the browser's event loop, after
// the input events and the paint that were waiting. (setTimeout(0) would do
// too, but browsers hold nested timeouts back 4 ms each.)
var yielder struct {
	once sync.Once
	port goapp.Value
	wake chan struct{}
}

// yieldToBrowser returns control to the browser's event loop and comes
// back at its next turn. See job.go for why a channel fed by JavaScript
// and not time.Sleep.
func yieldToBrowser() {
	yielder.once.Do(func() {
		yielder.wake = make(chan struct{}, 1)
		mc := goapp.Window().Get("MessageChannel").New()
		// Released never: it lives as long as the page.
		onMessage := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			select {
			case yielder.wake <- struct{}{}:
			default:
			}
			return nil
		})
		mc.Get("port1").Set("onmessage", onMessage)
		yielder.port = mc.Get("port2")
	})
	yielder.port.Call("postMessage", nil)
	<-yielder.wake
}

// jobMemoryLimit is the heap a job may grow to before the collector runs
// anyway (collectIfDue collects long before).
const jobMemoryLimit = 768 << 20

// jobGC counts the running jobs and keeps the collector's settings from
// before the first.
var jobGC struct {
	sync.Mutex
	n       int
	percent int
	limit   int64
	// allocated is runtime.MemStats.TotalAlloc at the last collection.
	allocated uint64
}

// collectIfDue runs a whole garbage collection when jobs hold the
// collector off and have allocated at least min since the last one; it
// reports whether it did. See job.go.
func collectIfDue(min uint64) bool {
	jobGC.Lock()
	defer jobGC.Unlock()
	if jobGC.n == 0 {
		return false
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if m.TotalAlloc-jobGC.allocated < min {
		return false
	}
	runtime.GC()
	runtime.ReadMemStats(&m)
	jobGC.allocated = m.TotalAlloc
	return true
}

// holdGC turns the collector off, up to jobMemoryLimit, until release is
// called (see job.go); jobs may overlap.
func holdGC() (release func()) {
	jobGC.Lock()
	defer jobGC.Unlock()
	if jobGC.n == 0 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		jobGC.allocated = m.TotalAlloc
		jobGC.percent = debug.SetGCPercent(-1)
		jobGC.limit = debug.SetMemoryLimit(jobMemoryLimit)
	}
	jobGC.n++
	return func() {
		jobGC.Lock()
		defer jobGC.Unlock()
		jobGC.n--
		if jobGC.n == 0 {
			debug.SetMemoryLimit(jobGC.limit)
			debug.SetGCPercent(jobGC.percent)
		}
	}
}
