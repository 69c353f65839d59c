package app

import (
	"context"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A view whose model reads every item of a table (the grid, the
// partitions) cannot be built in its render: a click on its tab would
// hold the page's thread for the whole walk (issue 16: 640 ms for the grid
// of 100,000 items). The panel renders at once with a "computing…"
// notice; the model is built by a job (job.go) in slices that give the
// browser its thread, and the panel renders it when the job ends. The
// result is kept for the inputs it was built from (the table's Version,
// the design, the options), so later renders and the clock's ticks reuse
// it; newer inputs supersede (cancel) a computation still running.

// viewSyncItems is the largest table a view builds in its render: under
// wasm a hundred thousand items take hundreds of milliseconds, a couple of
// thousand a few, less than the job's first pause would cost in flicker.
// Tests set it to -1 to take the job's path whatever the size.
var viewSyncItems = 2000

// How a panel builds a view's model.
const (
	viewInRender = iota // now, in the render
	viewAsJob           // as a job (viewWork.get)
	viewWaiting         // not yet: the panel is being mounted
)

// viewMode chooses how a panel builds the model of a table of items
// items: a small table in the render; a large one as a job once the panel
// is mounted (OnMount gives it the context that runs jobs). go-app mounts
// a component after its first render, which therefore only says that the
// view is coming. Without a browser (the server's pre-render, native
// tests) no panel is mounted and the render builds the model.
func viewMode(mounted bool, items int) int {
	switch {
	case items <= viewSyncItems:
		return viewInRender
	case mounted:
		return viewAsJob
	case goapp.IsClient:
		return viewWaiting
	}
	return viewInRender
}

// viewWork is one view's costly model, computed as a job and kept for the
// inputs it was computed from (a comparable key). Its methods run on the
// UI goroutine. (Not generic: each instance of a generic type would add
// its code to the page's wasm, which is at its size budget.)
type viewWork struct {
	key  any // the inputs of res
	res  any
	have bool
	// job is the running computation, of runKey.
	job    *job
	runKey any
	// started counts the computations started (tests).
	started int
	// A viewWork is never compared: without this, Go would add an
	// equality function for it to the page's wasm.
	_ [0]func()
}

// get returns the model for key when it is there. Otherwise it starts
// computing it on ctx, unless that is under way already, cancelling a
// computation of other inputs, and returns false: when the job ends, its
// result is kept and the panel is rendered again. compute runs off the
// event handler, calling j.step between small units of its work and
// returning j's context's error when cancelled.
func (w *viewWork) get(ctx goapp.Context, key any, compute func(j *job) (any, error)) (any, bool) {
	if w.have && w.key == key {
		return w.res, true
	}
	if w.job != nil {
		if w.runKey == key {
			return nil, false
		}
		w.job.cancel() // superseded
	}
	j := newJob(context.Background())
	w.job, w.runKey = j, key
	w.started++
	ctx.Async(func() {
		// The page shows the panel and its notice first.
		j.pause()
		var r any
		err := j.ctx.Err()
		if err == nil {
			r, err = compute(j)
			j.finish()
		}
		j.cancel()
		ctx.Dispatch(func(ctx goapp.Context) {
			if w.job != j {
				return // superseded or stopped
			}
			w.job = nil
			if err != nil {
				return
			}
			w.key, w.res, w.have = key, r, true
		})
	})
	return nil, false
}

// set keeps a model computed elsewhere (in the render, for a small table)
// as the one for key, superseding a running computation.
func (w *viewWork) set(key, r any) {
	w.stop()
	w.key, w.res, w.have = key, r, true
}

// last returns the last model computed, whatever its inputs (a panel may
// show it while the next one computes).
func (w *viewWork) last() (res, key any, ok bool) { return w.res, w.key, w.have }

// running says a computation is under way.
func (w *viewWork) running() bool { return w.job != nil }

// stop cancels a running computation (the panel goes).
func (w *viewWork) stop() {
	if w.job != nil {
		w.job.cancel()
		w.job = nil
	}
}

// renderComputing draws a panel while a job builds its view: the panel's
// head and a notice saying what is being computed.
func renderComputing(class string, head goapp.UI, id, text string) goapp.UI {
	return goapp.Div().Class(class).Attr("data-state", "computing").Attr("aria-busy", "true").Body(head,
		goapp.P().ID(id).Class("wb-muted").Text(text))
}
