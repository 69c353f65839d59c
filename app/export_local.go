//go:build !(js && wasm)

package app

import (
	"github.com/dynamodb-workbench/workbench/engine/export"
	"github.com/dynamodb-workbench/workbench/engine/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// exportsInPage: natively (the server's pre-render, component tests) the
// panel renders exports itself.
const exportsInPage = true

// renderInPage renders an export of m.
func renderInPage(m *model.Model, format, profile string) (*export.Result, error) {
	return export.RenderWith(m, format, export.Options{Resolve: patterns.Generator, MaxItems: exportMaxItems, Profile: profile})
}
