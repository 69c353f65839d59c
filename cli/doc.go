// Package cli holds the workbench's commands besides serving:
//
//	workbench export -format F [-o FILE|DIR] model.json
//	workbench import [-format F] [-o model.json] FILE|DIR
//	workbench apply -endpoint URL|aws model.json
//	workbench diff A.json B.json
//	workbench mcp [-url URL]
//
// Each parses its flags and calls the packages that do the work (the
// design layer, server/importers and exporters, apply, liveimport,
// mcpserver), which the HTTP API calls too. The program registers them by
// name in Commands.
package cli
