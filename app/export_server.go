//go:build js && wasm

package app

import (
	"errors"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// exportsInPage: in the browser the server renders every export (POST
// /api/export, refreshServer): the renderers would add some 100 KB gzip to
// app.wasm (issue 16), and the server that hosts the page renders the
// same bytes with the same package.
const exportsInPage = false

// renderInPage is never called in the browser (renderedByServer).
func renderInPage(*model.Model, string, string) (*formats.Result, error) {
	return nil, errors.New("exports are rendered by the server")
}
