package app

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// OpenFileAccept is the file picker's accept list: workbench models, NoSQL
// Workbench, AWS Labs and OneTable JSON, CloudFormation templates (JSON,
// YAML, CDK's synthesized .template.json) and Terraform files.
const OpenFileAccept = ".json,.yaml,.yml,.template,.tf,application/json,application/yaml"

// importFile turns an opened file into a model document and hands it to
// open: a workbench model as it is; every other format (NoSQL Workbench,
// AWS Labs, OneTable, CloudFormation, Terraform) through the server's
// POST /api/import, as the command line and MCP read them: the importers
// stay out of the page's WebAssembly (the YAML and HCL parsers would add
// about 1 MB, the JSON formats' importers about 40 KB gzip over the
// page's budget; TestWasmSize). Warnings become the store's note; a
// failure its error.
func (p *workbenchPage) importFile(ctx goapp.Context, name string, doc []byte, open func(ctx goapp.Context, doc []byte)) {
	if _, err := model.Parse(doc); err == nil {
		open(ctx, doc)
		return
	}
	format := formats.Detect(name, doc)
	if format == "" && isNoSQLWorkbench(doc) {
		format = formats.NoSQLWorkbench
	}
	done := func(ctx goapp.Context, m *model.Model, warnings []string, err error) {
		if err == nil {
			doc, err = model.Marshal(m)
		}
		if err != nil {
			p.store.fail(fmt.Errorf("%s cannot be imported: %w", name, err))
			publish(ctx, p.store)
			return
		}
		open(ctx, doc)
		if len(warnings) > 0 {
			p.store.Note(fmt.Sprintf("Imported %s (%s). %s", name, format, strings.Join(warnings, " ")))
			publish(ctx, p.store)
		}
	}
	if format == "" {
		// Neither a model nor a format the page knows: the model's own
		// error says what is wrong with it.
		open(ctx, doc)
		return
	}
	opts := map[string]any{
		"method": "POST",
		// Every write to the server's API is JSON to its guard (so that a
		// cross-site page needs a preflight); the file travels as it is.
		"headers": map[string]any{"Content-Type": "application/json"},
		"body":    string(doc),
	}
	target := "/api/import?format=" + url.QueryEscape(format) + "&name=" + url.QueryEscape(name)
	fetchText(goapp.Window().Call("fetch", target, opts), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if status == 0 {
				done(ctx, nil, nil, fmt.Errorf("the workbench's server could not be reached (%s); %s files are read by the server, so open this one while it runs", body, format))
				return
			}
			var out struct {
				Model    json.RawMessage `json:"model"`
				Warnings []string        `json:"warnings"`
				Error    string          `json:"error"`
			}
			if err := json.Unmarshal([]byte(body), &out); err != nil || status != 200 {
				msg := out.Error
				if msg == "" {
					msg = fmt.Sprintf("the server answered HTTP %d", status)
				}
				done(ctx, nil, nil, fmt.Errorf("%s", msg))
				return
			}
			m, err := model.Parse(out.Model)
			done(ctx, m, out.Warnings, err)
		})
	})
}
