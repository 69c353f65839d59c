// Package mcpserver is the workbench as a Model Context Protocol server, for
// coding agents: the same operations as the page and /api/* (the pattern
// catalogue, model validation with DynamoDB's messages, access patterns run
// on the workbench's engine with their consumed capacity, the cost
// analysis, the workload simulator, the design comparison and migration
// plan, the exports, share links), as tools with JSON schemas.
//
// New builds the server; `workbench mcp` runs it over stdio and the HTTP
// server mounts Handler at /mcp (streamable HTTP, stateless), behind the
// same httpguard as every other route. The tools call the functions the
// HTTP handlers call (model/analysis, model/formats, model/diff through
// ops, sharelink, sharestore), so both answer alike.
package mcpserver
