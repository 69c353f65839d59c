// Package ops holds the server side's operations that more than one front
// end runs: the HTTP API (/api/*), the command line and the MCP server
// call the same functions, so that they answer alike.
package ops
