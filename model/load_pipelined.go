package model

import (
	"errors"
	"maps"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A large load on a machine with more than one core generates on one and
// stores on another: the source runs on a goroutine of its own and hands
// the items over in batches, copied into maps the batches keep (the source
// lends its items), and the caller's goroutine stores them in the order
// they came, exactly as a load on one goroutine would: the same tables,
// counts and errors (TestLoadPipelinedIsLoadItems). Natively, generating
// the largest pattern's items is about a third of a million-item load
// (BenchmarkGenerateAndLoadMillion's profile); the page (WebAssembly) has
// one thread and loads on it.

// pipelineFrom is the size of a load from which it is pipelined: below,
// a goroutine and the copies are not worth their cost.
var pipelineFrom = 50_000

// pipelineBatch is the items a batch carries; three batches turn between
// the two goroutines.
const (
	pipelineBatch   = 512
	pipelineBatches = 3
)

type loadBatch struct {
	tables []string
	items  []attr.Item
	n      int
}

// errLoadStopped ends the source once the store has failed.
var errLoadStopped = errors.New("model: the load stopped")

// loadPipelined is LoadItemsSized with the source on a goroutine of its
// own.
func loadPipelined(db *engine.Database, src Source, n int) (LoadStats, error) {
	full := make(chan *loadBatch, pipelineBatches)
	free := make(chan *loadBatch, pipelineBatches)
	for range pipelineBatches {
		free <- &loadBatch{tables: make([]string, pipelineBatch), items: make([]attr.Item, pipelineBatch)}
	}
	stopped := make(chan struct{}) // closed when storing fails
	var srcErr error
	var panicked any
	go func() {
		defer close(full)
		defer func() {
			if p := recover(); p != nil {
				panicked = p // raised again on the caller's goroutine
			}
		}()
		b := <-free
		srcErr = src(func(table string, item attr.Item) error {
			if b.n == pipelineBatch {
				select {
				case full <- b:
				case <-stopped:
					return errLoadStopped
				}
				select {
				case b = <-free:
				case <-stopped:
					return errLoadStopped
				}
				b.n = 0
			}
			m := b.items[b.n]
			if m == nil {
				m = make(attr.Item, len(item))
				b.items[b.n] = m
			}
			clear(m)
			maps.Copy(m, item)
			b.tables[b.n] = table
			b.n++
			return nil
		})
		if b.n > 0 {
			select {
			case full <- b:
			case <-stopped:
			}
		}
	}()
	st := newLoadState(db, n)
	var err error
	for b := range full {
		for i := 0; i < b.n && err == nil; i++ {
			if err = st.put(b.tables[i], b.items[i]); err != nil {
				close(stopped)
			}
		}
		if err == nil {
			free <- b
		}
	}
	// full is closed: the source's goroutine is done, and srcErr and
	// panicked are written.
	if panicked != nil {
		panic(panicked)
	}
	if err == nil && srcErr != nil && srcErr != errLoadStopped {
		err = srcErr
	}
	return st.finish(err)
}
