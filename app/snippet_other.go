//go:build !(js && wasm)

package app

import "github.com/dynamodb-workbench/workbench/codegen/snippet"

// requestSnippets writes req in every language and hands them to done at
// once: outside the page the writers run in the process (the page asks
// the server, snippet_js.go, so that its wasm does not carry them).
func (q *queryPanel) requestSnippets(req snippetRequest, done func(map[snippet.Language]string)) {
	done(renderSnippets(req))
}

// renderSnippets writes req in every language; a language that cannot
// holds its error's text. POST /api/snippet answers the same.
func renderSnippets(req snippetRequest) map[snippet.Language]string {
	sr := snippet.Request{Operation: req.Operation, Input: req.Input, Endpoint: req.Endpoint, Region: req.Region}
	out := map[snippet.Language]string{}
	for _, l := range snippet.Languages() {
		var text string
		var err error
		if req.FanOut != nil {
			f := req.FanOut
			text, err = snippet.RenderFanOut(sr, snippet.FanOut{Parameter: f.Parameter, From: f.From, To: f.To, Width: f.Width}, l)
		} else {
			text, err = snippet.Render(sr, l)
		}
		if err != nil {
			text = err.Error()
		}
		out[l] = text
	}
	return out
}
