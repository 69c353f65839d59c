// Package modelschema is the model document's JSON Schema, generated from
// the Go types of package model (with google/jsonschema-go, the MCP SDK's
// own schema library): what GET /api/schema and the MCP resource serve,
// what the MCP tools give as their input schema, and what
// docs/model.schema.json holds for editors and agents (a test keeps the
// file current). It describes the current format version; a table and a
// request keep DynamoDB's own members.
package modelschema
