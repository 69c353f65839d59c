//go:build !(js && wasm)

package app

import "github.com/dynamodb-workbench/workbench/codegen/snippet"

// requestSnippets writes job in every language and hands them to done at
// once: outside the page the writers run in the process (the page asks
// the server, snippet_js.go, so that its wasm does not carry them).
func (q *queryPanel) requestSnippets(job snippet.Job, done func(map[snippet.Language]string)) {
	done(snippet.RenderAll(job))
}
