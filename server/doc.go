// Package server is the workbench's HTTP server: New puts the DynamoDB
// endpoint (engine/wire), the HTTP API and MCP (package api) and the page
// (a handler the program builds with go-app, Options.Page) on one handler
// behind the guard (httpguard); Serve runs it with the connection limits
// and timeouts a shared host needs, answering the DynamoDB endpoint's
// usual requests on a fast path of its own (fastpath.go); OpenShareStore
// opens the store shared models live in.
//
// The packages below it are the server's parts and integrations, each of
// which only the server and the command line use: api (the /api/* routes),
// httpguard (the middleware in front of every route), mcpserver (the MCP
// tools), ops (operations the API, the command line and MCP share),
// sharestore (bbolt or a DynamoDB table), apply and liveimport (a real
// endpoint, through the AWS SDK), importers and exporters (the file
// formats that need YAML and HCL), and servertest (what their tests
// share). None of them reaches the page's WebAssembly.
package server
