//go:build js && wasm

package engine

// heapAhead is where growHeapAhead's block is put and dropped: a store the
// compiler cannot leave out.
var heapAhead []byte

// growHeapAhead makes the heap n bytes larger at once, in one growth of
// the page's memory, for a bulk load that is about to need them: the block
// is dropped at once, and its pages serve the load's allocations once the
// next collection frees it. Otherwise the heap grows a few megabytes at a
// time as a load goes, and each growth of a WebAssembly memory is costly
// (in node's profile of a million-item load, runtime.growMemory took 7%
// of the time and the JavaScript engine's collector 8%). Grown by the
// table's size at each doubling (BulkLoader.Reserve), the load spent 12%
// less CPU in BenchmarkGenerateAndLoadMillion, and the page's memory ended
// smaller (363 MB against 380); grown by twice that, 22% less CPU for
// 476 MB. The loader grows it 16 MB at a time (BulkLoader.stored): the
// page's memory grown by 190 MB in one step was a task of 62 ms.
func growHeapAhead(n int64) {
	if n <= 0 {
		return
	}
	heapAhead = make([]byte, n)
	heapAhead = nil
}
