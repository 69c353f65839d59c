// Command wasm is the workbench's browser program. `make build` builds it
// for size, with the Makefile's WASMFLAGS (README, "The page's size"), into
// web/app.wasm, which the server serves at /web/app.wasm. A plain
//
//	GOOS=js GOARCH=wasm go build -o web/app.wasm ./wasm
//
// works too, but its download is over the page's 4 MB budget.
package main
