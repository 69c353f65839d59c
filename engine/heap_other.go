//go:build !(js && wasm)

package engine

// growHeapAhead does nothing natively: the operating system maps the
// heap's growth lazily and cheaply (heap_wasm.go says why WebAssembly
// differs).
func growHeapAhead(int64) {}
