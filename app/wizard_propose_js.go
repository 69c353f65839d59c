//go:build js && wasm

package app

import (
	"encoding/json"
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/advise"
)

// requestProposal asks the server's design advisor (POST /api/advise,
// the same advise.Propose) for a design for ai and calls done with it on
// the page's goroutine. The advisor stays out of the page's wasm: with its
// sparse indexes, collections and workload it weighed some 50 KB gzip,
// and the page has a 4,000,000-byte budget.
func requestProposal(ctx goapp.Context, ai advise.Input, done func(*wizardProposal, error)) {
	body, err := json.Marshal(map[string]any{"input": ai})
	if err != nil {
		done(nil, err)
		return
	}
	opts := map[string]any{
		"method":  "POST",
		"headers": map[string]any{"Content-Type": "application/json"},
		"body":    string(body),
	}
	fetchText(goapp.Window().Call("fetch", "/api/advise", opts), func(status int, text string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if status == 0 {
				done(nil, fmt.Errorf("the workbench's server could not be reached (%s): the design advisor runs there", text))
				return
			}
			var out struct {
				Model   json.RawMessage `json:"model"`
				Reasons []struct {
					Where string `json:"where"`
					Text  string `json:"text"`
				} `json:"reasons"`
				Error string `json:"error"`
			}
			if err := json.Unmarshal([]byte(text), &out); err != nil || status != 200 {
				msg := out.Error
				if msg == "" {
					msg = fmt.Sprintf("the design advisor answered HTTP %d", status)
				}
				done(nil, fmt.Errorf("%s", msg))
				return
			}
			m, err := model.Parse(out.Model)
			if err != nil {
				done(nil, err)
				return
			}
			p := &wizardProposal{Model: m}
			for _, r := range out.Reasons {
				p.Reasons = append(p.Reasons, wizardReason{Target: r.Where, Text: r.Text})
			}
			done(p, nil)
		})
	})
}
