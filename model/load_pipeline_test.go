//go:build !(js && wasm)

package model

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// emitted is one item as the consumer of a Source saw it.
type emitted struct {
	table string
	text  string
}

// randomSource emits n items from one reused slice, to random tables, and
// fails after item failAt (-1: never).
func randomSource(seed uint64, n, failAt int) Source {
	return func(emit func(string, attr.Fields) error) error {
		r := rand.New(rand.NewPCG(seed, 2))
		var it attr.Fields
		for i := 0; i < n; i++ {
			if i == failAt {
				return fmt.Errorf("source failed at %d", i)
			}
			it = it[:0]
			for j := range r.IntN(6) {
				it.Set("a"+strconv.Itoa(j), attr.String(strconv.Itoa(r.IntN(1000))))
			}
			it.Set("i", attr.NumberFromInt64(int64(i)))
			if err := emit([]string{"A", "B", "C"}[r.IntN(3)], it); err != nil {
				return err
			}
		}
		return nil
	}
}

// drain runs src, recording every item, and fails at item failAt (-1:
// never).
func drain(src Source, failAt int) ([]emitted, error) {
	var got []emitted
	err := src(func(table string, it attr.Fields) error {
		if len(got) == failAt {
			return fmt.Errorf("emit failed at %d", failAt)
		}
		got = append(got, emitted{table, string(attr.AppendItem(nil, it.Item()))})
		return nil
	})
	return got, err
}

// TestPipelinedSourceIsTheSource: over random sources, sizes around the
// batch's, a source's failure and the consumer's at random places, the
// pipelined source emits the same items in the same order and returns the
// same error as the source run inline.
func TestPipelinedSourceIsTheSource(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	sizes := []int{0, 1, pipelineBatch - 1, pipelineBatch, pipelineBatch + 1, 3*pipelineBatch + 7, 5 * pipelineBatch}
	for round := 0; round < 60; round++ {
		n := sizes[round%len(sizes)]
		srcFail, emitFail := -1, -1
		if n > 0 && r.IntN(3) == 0 {
			srcFail = r.IntN(n)
		}
		if n > 0 && r.IntN(3) == 0 {
			emitFail = r.IntN(n)
		}
		seed := r.Uint64()
		want, werr := drain(randomSource(seed, n, srcFail), emitFail)
		got, gerr := drain(pipelinedSource(randomSource(seed, n, srcFail)), emitFail)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d (n %d, source fails at %d, emit at %d): %d items, inline %d", round, n, srcFail, emitFail, len(got), len(want))
		}
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("round %d (n %d, source fails at %d, emit at %d): error %v, inline %v", round, n, srcFail, emitFail, gerr, werr)
		}
	}
}

// TestPipelinedSourceStopsItsSource: once the consumer fails, or panics,
// the source returns (no goroutine is left generating), even a source that
// ignores emit's error and keeps emitting; and it holds no more than a
// batch meanwhile.
func TestPipelinedSourceStopsItsSource(t *testing.T) {
	for _, panics := range []bool{false, true} {
		returned := make(chan int, 1)
		stubborn := func(emit func(string, attr.Fields) error) error {
			refused := 0
			for i := 0; i < 20*pipelineBatch; i++ {
				if emit("T", attr.Fields{{Name: "i", Value: attr.NumberFromInt64(int64(i))}}) != nil {
					refused++
				}
			}
			returned <- refused
			return nil
		}
		boom := errors.New("consumer refused")
		seen := 0
		func() {
			defer func() {
				if r := recover(); (r != nil) != panics {
					t.Errorf("panics %v: recovered %v", panics, r)
				}
			}()
			err := pipelinedSource(stubborn)(func(string, attr.Fields) error {
				if seen++; seen == pipelineBatch+10 {
					if panics {
						panic(boom)
					}
					return boom
				}
				return nil
			})
			if !errors.Is(err, boom) {
				t.Errorf("error %v, want the consumer's", err)
			}
		}()
		select {
		case refused := <-returned:
			if refused < 20*pipelineBatch-(pipelineDepth+1)*pipelineBatch {
				t.Errorf("panics %v: the source had %d of its items refused, want all but the batches in flight", panics, refused)
			}
		case <-time.After(time.Minute):
			t.Fatalf("panics %v: the source never returned", panics)
		}
	}
}

// TestPipelinedSourceRaisesTheSourcesPanic: a panic in the source reaches
// the caller, after the items emitted before it.
func TestPipelinedSourceRaisesTheSourcesPanic(t *testing.T) {
	src := func(emit func(string, attr.Fields) error) error {
		for i := 0; i < pipelineBatch+5; i++ {
			if err := emit("T", attr.Fields{{Name: "i", Value: attr.NumberFromInt64(int64(i))}}); err != nil {
				return err
			}
		}
		panic("generator bug")
	}
	n := 0
	defer func() {
		if r := recover(); r != "generator bug" || n != pipelineBatch+5 {
			t.Errorf("recovered %v after %d items, want the source's panic after %d", r, n, pipelineBatch+5)
		}
	}()
	_ = pipelinedSource(src)(func(string, attr.Fields) error { n++; return nil })
	t.Error("no panic")
}
