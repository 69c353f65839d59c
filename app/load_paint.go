package app

import (
	"fmt"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A running job's progress, painted without a render.
//
// go-app's Dispatch renders again the component it comes from and every
// component above it, up to the page: a progress report published as the
// store's State re-rendered the whole page tree, and every panel handed
// the new State, between two slices of the load (a tenth of a
// million-item load's time in the page's profile). Between its first
// report and its last, a job's progress therefore changes only what tells
// it: the progress bar's attributes, the words beside it and the status
// line, written here straight on those elements, with the values the
// render gives them (loadBarAttrs, loadText, loadStatus), so that the
// render after the job finds them as it would have drawn them.

// loadPaintEvery is the least time between two paints of a running job's
// progress. A job yields every 15 ms (sliceBudget), and each paint of its
// bar and words has the browser restyle, lay out and paint the page: in a
// profile of the page's 1,000,000-item load, the browser's own work was a
// sixth of the load's time, and painting at most ten times a second took
// the load from 13.6 and 15.2 s to 11.4 and 11.9 s (BenchmarkBrowserLoadMillion,
// alternating). Ten paints a second still move the bar smoothly.
const loadPaintEvery = 100 * time.Millisecond

// attrKV is one attribute of an element and its value as go-app writes it.
type attrKV struct{ name, value string }

// loadBarAttrs are the load progress bar's attributes for ld: renderLoad
// draws them, paintLoad writes them.
func loadBarAttrs(ld LoadState) []attrKV {
	return []attrKV{
		{"max", strconv.Itoa(ld.Total)},
		{"value", strconv.Itoa(ld.Done)},
		{"aria-label", fmt.Sprintf("%d of %d items loaded", ld.Done, ld.Total)},
		{"data-done", strconv.Itoa(ld.Done)},
		{"data-total", strconv.Itoa(ld.Total)},
		{"data-running", strconv.FormatBool(ld.Running)},
		{"data-cancelled", strconv.FormatBool(ld.Cancelled)},
		{"data-rate", strconv.FormatInt(int64(ld.Rate()+0.5), 10)},
		{"data-left-ms", strconv.FormatInt(leftMs(ld), 10)},
	}
}

// loadStatus is the status line while a job runs; ok is false when none
// runs (the status line then tells something else).
func loadStatus(ld LoadState) (text string, ok bool) {
	switch {
	case ld.Running && ld.Applying:
		return fmt.Sprintf("applying the design: %d of %d items copied", ld.Done, ld.Total), true
	case ld.Running:
		text := fmt.Sprintf("loading items: %d of %d", ld.Done, ld.Total)
		if pace := ld.pace(); pace != "" {
			text += " · " + pace
		}
		return text, true
	}
	return "", false
}

// jobProgress is the progress callback of a job the page started
// (LoadDataset, ApplyInSlices), called without the store's lock: its
// first call, as the job starts, and every call once the job has ended
// publish the store's State, which the page renders, and paint the
// progress after that render; the calls between only paint it, at most
// once in loadPaintEvery.
func jobProgress(ctx goapp.Context, s *Store) func() {
	first := true
	var painted time.Time
	return func() {
		if ld := s.State().Load; ld.Running && !first {
			if now := time.Now(); now.Sub(painted) >= loadPaintEvery {
				painted = now
				paintLoad(ld)
			}
			return
		}
		first = false
		ctx.Dispatch(func(ctx goapp.Context) {
			publish(ctx, s)
			ctx.Defer(func(goapp.Context) { paintLoad(s.State().Load) })
		})
	}
}

// paintLoad writes ld on the progress bar and the words beside it, when
// the Data tab shows them, and on the status line while a job runs. A text
// is written into the text node go-app made for it, which go-app keeps
// updating afterwards.
func paintLoad(ld LoadState) {
	if !goapp.IsClient {
		return
	}
	doc := goapp.Window().Get("document")
	if bar := doc.Call("getElementById", IDLoadProgress); bar.Truthy() {
		for _, a := range loadBarAttrs(ld) {
			if a.name == "value" { // go-app sets it as the property
				bar.Set(a.name, a.value)
				continue
			}
			bar.Call("setAttribute", a.name, a.value)
		}
	}
	paintText(doc, IDLoadPace, loadText(ld))
	if text, ok := loadStatus(ld); ok {
		paintText(doc, IDStatus, text)
	}
}

// paintText replaces the text of the element with the given id, when it
// has one.
func paintText(doc goapp.Value, id, text string) {
	el := doc.Call("getElementById", id)
	if !el.Truthy() {
		return
	}
	const textNode = 3
	if n := el.Get("firstChild"); n.Truthy() && n.Get("nodeType").Int() == textNode {
		n.Set("nodeValue", text)
	}
}
