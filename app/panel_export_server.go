package app

import (
	"encoding/json"
	"fmt"
	"net/url"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/export"
	"github.com/dynamodb-workbench/workbench/engine/model"
)

// serverFormats are the export formats the page asks the server for: the
// application code of package appcode (registered with engine/export in
// the server and the command line). Its generators, plain string building
// for five languages, would add about 143 KB (brotli) to app.wasm, measured
// with and without them in ./wasm; the page already runs over its size
// budget. TestServerFormatsMatchAppcode (in the root package) keeps this
// list equal to what appcode registers.
var serverFormats = []export.FormatInfo{
	{Name: "electrodb", Title: "ElectroDB entities and service (TypeScript)"},
	{Name: "dynamodb-toolbox", Title: "DynamoDB-Toolbox v2 tables, entities and access patterns (TypeScript)"},
	{Name: "typescript", Title: "Typed data access: TypeScript (AWS SDK v3)"},
	{Name: "python", Title: "Typed data access: Python (boto3)"},
	{Name: "go", Title: "Typed data access: Go (AWS SDK v2)"},
}

// ServerFormats returns the formats the page asks the server for.
func ServerFormats() []export.FormatInfo { return append([]export.FormatInfo(nil), serverFormats...) }

// isServerFormat reports whether the page asks the server for format (a
// build that registers the format in the page renders it itself).
func isServerFormat(format string) bool {
	for _, f := range export.Formats() {
		if f.Name == format {
			return false
		}
	}
	for _, f := range serverFormats {
		if f.Name == format {
			return true
		}
	}
	return false
}

// serverExport is the panel's request to POST /api/export for one draft
// and format: in flight (res and err nil) or answered.
type serverExport struct {
	forModel *model.Model
	format   string
	res      *export.Result
	err      error
}

// result is the answer for m and format; nil and nil while none is there.
func (s *serverExport) result(m *model.Model, format string) (*export.Result, error) {
	if s.forModel != m || s.format != format {
		return nil, nil
	}
	return s.res, s.err
}

// OnMount asks the server for the export when the panel opens on one of
// its formats.
func (x *exportPanel) OnMount(ctx goapp.Context) { x.fetchServerExport(ctx) }

// OnUpdate asks again when the draft changed.
func (x *exportPanel) OnUpdate(ctx goapp.Context) { x.fetchServerExport(ctx) }

// fetchServerExport posts the draft to POST /api/export?format=F&as=json
// when the selected format is the server's and no request for this draft
// and format was made.
func (x *exportPanel) fetchServerExport(ctx goapp.Context) {
	if x.State == nil || !isServerFormat(x.format) {
		return
	}
	m, format := x.State.Draft, x.format
	if x.server.forModel == m && x.server.format == format {
		return
	}
	x.server = serverExport{forModel: m, format: format}
	doc, err := model.Marshal(m)
	if err != nil {
		x.server.err = err
		return
	}
	opts := map[string]any{"method": "POST", "headers": map[string]any{"Content-Type": "application/json"}, "body": string(doc)}
	target := "/api/export?format=" + url.QueryEscape(format) + "&as=json"
	fetchText(goapp.Window().Call("fetch", target, opts), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if x.server.forModel != m || x.server.format != format {
				return // a later draft or format asked since
			}
			var out struct {
				export.Result
				Error string `json:"error"`
			}
			switch err := json.Unmarshal([]byte(body), &out); {
			case err != nil || status != 200:
				msg := out.Error
				if msg == "" {
					msg = fmt.Sprintf("the server answered HTTP %d", status)
				}
				x.server.err = fmt.Errorf("%s", msg)
			default:
				res := out.Result
				x.server.res = &res
			}
		})
	})
}
