// Package exporters renders a workbench model in every export format on
// the server side: the formats of model/formats, which the page also runs
// as WebAssembly, and the ones the server alone renders (FormatInfo.Server):
// the CloudFormation template in YAML, written with github.com/goccy/go-yaml
// from the same tree as the JSON template. The YAML library stays out of
// the page's WebAssembly; the page fetches YAML from POST /api/export.
//
// The server (POST /api/export), the command line (workbench export) and
// the MCP server's export tool call RenderWith.
package exporters
