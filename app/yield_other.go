//go:build !(js && wasm)

package app

import "runtime"

// yieldToBrowser lets other goroutines run: natively (tests, the server's
// pre-rendering) there is no browser to give the thread to.
func yieldToBrowser() { runtime.Gosched() }

// holdGC does nothing natively: the collector runs beside the program on
// other threads, and a server's collector settings are not the page's.
func holdGC() (release func()) { return func() {} }

// collectIfDue does nothing natively: see holdGC.
func collectIfDue(min uint64) bool { return false }
