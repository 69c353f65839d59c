//go:build js && wasm

package app

import (
	"encoding/json"
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// requestSnippets asks the server (POST /api/snippet, the same
// snippet.Render) to write req in every language and hands the snippets
// to done on the page's goroutine, the panel then rendering again. The
// eight languages' writers stay out of the page's wasm: 295 KB, 55 KB
// gzip, of a 4,000,000-byte budget.
func (q *queryPanel) requestSnippets(req snippet.Job, done func(map[snippet.Language]string)) {
	if !q.isMounted {
		return
	}
	ctx := q.mounted
	body, err := json.Marshal(req)
	if err != nil {
		return
	}
	opts := map[string]any{
		"method":  "POST",
		"headers": map[string]any{"Content-Type": "application/json"},
		"body":    string(body),
	}
	fetchText(goapp.Window().Call("fetch", "/api/snippet", opts), func(status int, text string) {
		ctx.Dispatch(func(goapp.Context) {
			var out struct {
				Snippets map[snippet.Language]string `json:"snippets"`
				Error    string                      `json:"error"`
			}
			err := json.Unmarshal([]byte(text), &out)
			if status != 200 || err != nil || out.Snippets == nil {
				msg := out.Error
				switch {
				case status == 0:
					msg = fmt.Sprintf("the workbench's server could not be reached (%s): the snippets are written there", text)
				case msg == "":
					msg = fmt.Sprintf("the snippets could not be written: the server answered HTTP %d", status)
				}
				out.Snippets = map[snippet.Language]string{}
				for _, l := range snippet.Languages() {
					out.Snippets[l] = msg
				}
			}
			done(out.Snippets)
		})
	})
}
