// Package app is the workbench's user interface, built with go-app v10.
//
// The same code runs in two places. In the browser, compiled to
// WebAssembly (see package wasm at the repository root), it mounts the
// components and drives the in-page engine. On the server it only
// pre-renders pages, so a first paint arrives before the wasm has booted;
// go-app runs OnMount only in the browser, and OnNav returns at once on the
// server, so nothing of the engine runs there.
//
// The data flow follows DESIGN.md: a component's event handler calls an
// action of the Store (store.go); the store calls the engine and builds a
// new immutable State (the design, its validation problems, an engine
// Snapshot, the virtual clock, the last request's Result, the live marks);
// publish hands it to go-app's state, which the page observes; the page
// re-renders and passes the State to the panels through their exported
// fields; panels turn it into view models with package visualizer and
// render them. The live log (live.go) turns the engine's changes into the
// marks, ghosts and TTL events the views highlight.
//
// A plain visit starts on the start page (start_page.go: the pattern
// gallery, a new design from access patterns, a blank design, a file, the
// recent designs kept in the browser); the new-design form (wizard.go,
// wizard_advise.go) proposes a design with model/advise. Deep links skip
// the start page.
//
// Panels: design (panel_design*.go: tables, entities with their attribute
// schemas, access patterns, problems), item collections, indexes, query,
// time & TTL, partitions, load, fan-out, cost and export, one file each; the
// workload editor (workload_editor.go) serves Design and Load; dataset.go
// gives any design with entities a generated dataset; ids*.go hold the
// stable element ids that README's UI map lists.
//
// Register installs the routes (/ and /s/{id}). Both entry points call it:
// the wasm program before go-app starts, and the server before it builds its
// go-app handler, because pre-rendering needs the same routes.
//
// go-app is imported as goapp throughout, so that it never shadows this
// package's name.
package app
