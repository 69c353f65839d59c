package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Element ids other code relies on: tests find the page by them, and the
// later UI mounts its panels inside the root.
const (
	// IDRoot is the main area that holds the workbench's panels.
	IDRoot = "wb-root"
	// IDStatus is the status line.
	IDStatus = "wb-status"
)

// Status line texts.
const (
	// StatusLoading is what the server's pre-rendered page says while the
	// browser downloads and starts the wasm.
	StatusLoading = "loading engine…"
	// StatusReady is what the page says once the wasm has booted.
	StatusReady = "engine ready"
)

// workbenchPage is the page shell: a header, the main area and a status
// line. go-app calls OnMount only in the browser, never while pre-rendering
// on the server, so the engine starts there and the pre-rendered page says
// it is loading.
type workbenchPage struct {
	goapp.Compo

	// db is the in-page engine. It is a placeholder owner: the store (see
	// DESIGN.md, "Data flow in the UI") will hold the database once it
	// exists, and components will only observe its snapshots.
	db *engine.Database
}

// OnMount starts the in-page engine.
func (p *workbenchPage) OnMount(goapp.Context) {
	if p.db == nil {
		p.db = engine.New()
	}
}

// status returns the text of the status line.
func (p *workbenchPage) status() string {
	if p.db != nil {
		return StatusReady
	}
	return StatusLoading
}

// Render draws the shell.
func (p *workbenchPage) Render() goapp.UI {
	return goapp.Div().Class("wb").Body(
		goapp.Header().Class("wb-header").Body(
			goapp.H1().Class("wb-title").Text("DynamoDB Workbench"),
		),
		goapp.Main().ID(IDRoot).Class("wb-main").Body(
			goapp.P().Class("wb-placeholder").Text(
				"The panels for designing tables, loading data and running requests will appear here.",
			),
		),
		goapp.Footer().Class("wb-footer").Body(
			goapp.P().
				ID(IDStatus).
				Class("wb-status").
				Attr("role", "status").
				Text(p.status()),
		),
	)
}
