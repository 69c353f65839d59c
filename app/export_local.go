//go:build !(js && wasm)

package app

import (
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// exportsInPage: natively (the server's pre-render, component tests) the
// panel renders exports itself.
const exportsInPage = true

// renderInPage renders an export of m.
func renderInPage(m *model.Model, format, profile string) (*formats.Result, error) {
	return formats.RenderWith(m, format, formats.Options{Resolve: patterns.Generator, MaxItems: exportMaxItems, Profile: profile})
}
