// Package app is the workbench's user interface, built with go-app v10.
//
// The same code runs in two places. In the browser, compiled to
// WebAssembly (see package wasm at the repository root), it mounts the
// components and drives the in-page engine. On the server it only
// pre-renders pages, so a first paint arrives before the wasm has booted;
// lifecycle hooks that go-app runs only in the browser (OnMount, OnNav)
// must not be relied on for that first paint.
//
// Register installs the routes. Both entry points call it: the wasm program
// before go-app starts, and the server before it builds its go-app handler,
// because pre-rendering needs the same routes.
//
// Planned shape (see DESIGN.md): components dispatch actions, the store's
// action handlers call the engine and publish immutable snapshots, and
// components observe those snapshots and render them. Only the page shell
// exists so far.
//
// go-app is imported as goapp throughout, so that it never shadows this
// package's name.
package app
