// Package api is the workbench's HTTP API: Mount registers the /api/*
// routes, one file per route group (patterns, analysis, advise, share,
// apply, export, import with its endpoint and CSV forms, diff), and the MCP
// endpoint at /mcp. The server mounts it behind httpguard; IsExpensive says
// which of its requests the guard counts under -max-expensive.
//
// Every answer is JSON; an error is {"error": "..."} with a 4xx status for
// what the client sent. The handlers call the same functions as the
// command line and the MCP tools (model/..., server/ops), so that all
// three answer alike.
package api
