package app

import (
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// serverFormats are the export formats the page asks the server for: the
// application code of package appcode (registered with model/formats in
// the server and the command line). Its generators, plain string building
// for five languages, would add about 143 KB (brotli) to app.wasm, measured
// with and without them in ./wasm (before Java, C# and Rust were added); the page already runs over its size
// budget. TestServerFormatsMatchAppcode (in the root package) keeps this
// list equal to what appcode registers.
var serverFormats = []formats.FormatInfo{
	{Name: "electrodb", Title: "ElectroDB entities and service (TypeScript)"},
	{Name: "dynamodb-toolbox", Title: "DynamoDB-Toolbox v2 tables, entities and access patterns (TypeScript)"},
	{Name: "typescript", Title: "Typed data access: TypeScript (AWS SDK v3)"},
	{Name: "python", Title: "Typed data access: Python (boto3)"},
	{Name: "go", Title: "Typed data access: Go (AWS SDK v2)"},
	{Name: "java", Title: "Typed data access: Java (AWS SDK for Java v2)"},
	{Name: "csharp", Title: "Typed data access: C# (AWS SDK for .NET)"},
	{Name: "rust", Title: "Typed data access: Rust (aws-sdk-dynamodb)"},
}

// ServerFormats returns the formats the page asks the server for.
func ServerFormats() []formats.FormatInfo { return append([]formats.FormatInfo(nil), serverFormats...) }

// isServerFormat reports whether the page asks the server for format (a
// build that registers the format in the page renders it itself).
func isServerFormat(format string) bool {
	if _, registered := formats.FormatByName(format); registered {
		return false
	}
	for _, f := range serverFormats {
		if f.Name == format {
			return true
		}
	}
	return false
}

// exportMenu is the Export tab's formats: the build's own, then the
// server's it does not register (the server's pre-render registers them
// all, and would list them twice).
func exportMenu() []formats.FormatInfo {
	menu := formats.Formats()
	for _, f := range serverFormats {
		if isServerFormat(f.Name) {
			menu = append(menu, f)
		}
	}
	return menu
}
