// Command workbench serves the DynamoDB workbench on one port: the go-app
// page with its WebAssembly program, and DynamoDB's JSON 1.0 wire protocol,
// so that the AWS CLI and the AWS SDKs can use the same engine.
//
// Usage:
//
//	workbench [-addr 127.0.0.1:8080] [-data dir | -store dynamodb://TABLE?endpoint=URL]
//	          [-public-url https://HOST] [-allowed-hosts HOST,...] [-cors-origins ORIGIN,...]
//
// It answers loopback host names only unless -public-url or -allowed-hosts
// names others, and refuses to listen beyond loopback without them.
//
// The page and its assets under web/ are embedded in the binary; build it
// with `make build`, which compiles web/app.wasm first.
//
// The other commands (workbench export, import, apply, diff, mcp) are the
// package cli's. This package only wires: server.go reads the flags and
// runs package server, web.go is the page's handler (go-app, over the
// embedded web/). ARCHITECTURE.md draws the layers.
package main
