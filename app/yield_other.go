//go:build !(js && wasm)

package app

import "runtime"

// yieldToBrowser lets other goroutines run: natively (tests, the server's
// pre-rendering) there is no browser to give the thread to.
func yieldToBrowser() { runtime.Gosched() }
