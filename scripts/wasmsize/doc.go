// Command wasmsize reports what makes a Go WebAssembly binary large: the
// size of each section, and the code of each Go package (function bodies,
// named by the binary's "name" section), largest first. `go tool nm` does
// not read wasm files, hence this.
//
//	go run ./scripts/wasmsize [-n 40] [-depth 0] [-funcs 0] web/app.wasm
//
// -depth folds package names to their first N "_"-separated elements (4
// groups a module such as github_com_goccy_go-json); 0 keeps whole names.
package main
