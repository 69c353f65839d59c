//go:build !(js && wasm)

package model

import (
	"errors"
	"runtime"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A large load on more than one core runs its source on a goroutine of its
// own, a batch of items ahead of the engine: generating an item costs
// about what storing it does, so the two halves side by side take half
// the wall time. Under wasm (one thread: load_inline.go, which keeps the
// page's code smaller) and for small loads the source runs inline, as it
// always did.
const (
	pipelineFrom  = 16_384 // items from which a sized load pipelines
	pipelineBatch = 1_024  // items handed over at a time
	pipelineDepth = 3      // batches in flight: one filling, one loading, one spare
)

// pipelines reports whether a load of about n items runs its source on a
// goroutine of its own.
func pipelines(n int) bool {
	return n >= pipelineFrom && runtime.GOMAXPROCS(0) > 1
}

// itemBatch holds copies of lent items: their fields end to end, the end
// of each item's fields, each item's table.
type itemBatch struct {
	fields []attr.Field
	ends   []int
	tables []string
}

func (b *itemBatch) reset() {
	clear(b.fields) // drop the values for the collector while the batch waits
	b.fields, b.ends, b.tables = b.fields[:0], b.ends[:0], b.tables[:0]
}

// errPipelineStopped ends the source once the loading side has stopped.
var errPipelineStopped = errors.New("load stopped")

// pipelinedSource returns a Source that runs src on a goroutine of its
// own and emits src's items on the caller's goroutine, in src's order and
// with src's error: the items src emitted before it failed are all
// emitted first, as they are when src runs inline. When emit fails, src
// is stopped at its next item and that error is returned. A panic in src
// is raised again on the caller's goroutine.
func pipelinedSource(src Source) Source {
	return func(emit func(string, attr.Fields) error) error {
		full := make(chan *itemBatch, pipelineDepth)
		free := make(chan *itemBatch, pipelineDepth)
		stop := make(chan struct{})
		for range pipelineDepth - 1 { // the producer starts with one of them
			free <- &itemBatch{}
		}
		var (
			srcErr   error
			panicked any
		)
		stopped := false
		halt := func() { // on the caller's goroutine only
			if !stopped {
				stopped = true
				close(stop)
			}
		}
		defer halt() // a panic in emit leaves no producer behind
		go func() {
			cur := &itemBatch{}
			done := false // the loading side stopped: no more items taken
			defer close(full)
			defer func() {
				// The items before a failure or a panic are loaded too.
				panicked = recover()
				if !done && len(cur.ends) > 0 {
					select {
					case full <- cur:
					case <-stop:
					}
				}
			}()
			send := func() bool {
				select {
				case full <- cur:
				case <-stop:
					return false
				}
				cur = nil // the loading side's now
				select {
				case cur = <-free:
				case <-stop:
					return false
				}
				return true
			}
			srcErr = src(func(table string, item attr.Fields) error {
				if done {
					return errPipelineStopped
				}
				cur.fields = append(cur.fields, item...)
				cur.ends = append(cur.ends, len(cur.fields))
				cur.tables = append(cur.tables, table)
				if len(cur.ends) == pipelineBatch && !send() {
					done = true
					return errPipelineStopped
				}
				return nil
			})
		}()
		var emitErr error
		for b := range full {
			if emitErr == nil {
				start := 0
				for i, end := range b.ends {
					if err := emit(b.tables[i], b.fields[start:end:end]); err != nil {
						emitErr = err
						halt()
						break
					}
					start = end
				}
			}
			b.reset()
			if emitErr == nil { // stopped, the producer gets no more room
				free <- b // never blocks: there are pipelineDepth batches
			}
		}
		// full is closed: the producer is done with srcErr and panicked.
		if panicked != nil {
			panic(panicked)
		}
		if emitErr != nil {
			return emitErr
		}
		return srcErr
	}
}
