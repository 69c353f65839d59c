package app

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/json"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// exportPanel is how a design leaves the workbench: infrastructure code
// generated in the page (CloudFormation, CDK, NoSQL Workbench, ...) or, for
// the formats the server renders (YAML, whose library stays out of the
// page's WebAssembly), fetched from POST /api/export; and the design
// applied to a real DynamoDB endpoint through the server.
type exportPanel struct {
	goapp.Compo
	Panel
	format   string
	profile  string
	endpoint string
	replace  bool
	applying bool
	report   *applyReport
	applyErr string

	// The last export, kept while the draft and the format stay the same:
	// the panel re-renders with every clock tick.
	doneFor    *model.Model
	doneFormat string
	done       *formats.Result
	doneErr    error

	// The last export the server rendered (or is rendering: fetching),
	// for fetchFor and fetchKey (format and profile).
	fetchFor *model.Model
	fetchKey string
	fetching bool
	fetched  *formats.Result
	fetchErr error
}

// render exports the draft, or returns the last export of the same draft.
// A format the server renders comes from the last fetch: nil and no error
// while it is on its way.
func (x *exportPanel) render(m *model.Model, format, profile string) (*formats.Result, error) {
	if renderedByServer(format) {
		if x.fetchFor != m || x.fetchKey != format+"|"+profile || x.fetching {
			return nil, nil
		}
		return x.fetched, x.fetchErr
	}
	if !profileApplies(format) {
		profile = ""
	}
	key := format + "|" + profile
	if x.doneFor != m || x.doneFormat != key {
		x.done, x.doneErr = renderInPage(m, format, profile)
		x.doneFor, x.doneFormat = m, key
	}
	return x.done, x.doneErr
}

// renderedByServer reports whether the page asks the server for format:
// every format in the browser (exportsInPage), else the engine's
// server-side formats (YAML) and appcode's (serverFormats).
func renderedByServer(format string) bool {
	info, _ := formats.FormatByName(format)
	return !exportsInPage || info.Server || isServerFormat(format)
}

func profileApplies(format string) bool {
	info, _ := formats.FormatByName(format)
	return info.Profiles
}

// formatAndProfile are the chosen format and profile, with their defaults.
func (x *exportPanel) formatAndProfile() (string, string) {
	format, profile := x.format, x.profile
	if format == "" {
		format = formats.CloudFormationJSON
	}
	if profile == "" || !profileApplies(format) {
		profile = formats.ProfileDefault
	}
	return format, profile
}

// OnMount and OnUpdate fetch a server-rendered export of the draft when
// the one shown is not of it.
func (x *exportPanel) OnMount(ctx goapp.Context)  { x.refreshServer(ctx) }
func (x *exportPanel) OnUpdate(ctx goapp.Context) { x.refreshServer(ctx) }

// refreshServer posts the draft to POST /api/export when the chosen format
// is one the server renders and the last fetch is not of this draft,
// format and profile.
func (x *exportPanel) refreshServer(ctx goapp.Context) {
	if x.State == nil || x.State.Draft == nil {
		return
	}
	format, profile := x.formatAndProfile()
	if !renderedByServer(format) {
		return
	}
	m, key := x.State.Draft, format+"|"+profile
	if x.fetchFor == m && x.fetchKey == key {
		return
	}
	x.fetchFor, x.fetchKey, x.fetching, x.fetched, x.fetchErr = m, key, true, nil, nil
	doc, err := model.Marshal(m)
	if err != nil {
		x.fetching, x.fetchErr = false, err
		return
	}
	u := "/api/export?format=" + url.QueryEscape(format) + "&as=json&items=" + strconv.Itoa(exportMaxItems)
	if profileApplies(format) {
		u += "&profile=" + url.QueryEscape(profile)
	}
	opts := map[string]any{"method": "POST", "headers": map[string]any{"Content-Type": "application/json"}, "body": string(doc)}
	fetchText(goapp.Window().Call("fetch", u, opts), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			if x.fetchFor != m || x.fetchKey != key {
				return // a later fetch replaced this one
			}
			x.fetching = false
			if status != 200 {
				var e struct {
					Error string `json:"error"`
				}
				if json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
					e.Error = fmt.Sprintf("the server answered HTTP %d", status)
				}
				x.fetchErr = errors.New(e.Error)
				return
			}
			var r formats.Result
			if err := json.Unmarshal([]byte(body), &r); err != nil {
				x.fetchErr = fmt.Errorf("the server's export: %v", err)
				return
			}
			x.fetched = &r
		})
	})
}

// applyReport is the part of the server's apply report the panel shows
// (package apply's Report, which the page cannot import: it brings the
// AWS SDK).
type applyReport struct {
	Endpoint    string `json:"endpoint"`
	ItemsLoaded int    `json:"itemsLoaded"`
	Match       bool   `json:"match"`
	Mismatches  int    `json:"mismatches"`
	Patterns    []struct {
		Name      string `json:"name"`
		Operation string `json:"operation"`
		Skipped   string `json:"skipped"`
		Match     bool   `json:"match"`
		Note      string `json:"note"`
		Diff      string `json:"diff"`
	} `json:"patterns"`
	Error string `json:"error"`
}

// exportMaxItems caps the sample items a NoSQL Workbench export carries
// per table, as the export package's default does.
const exportMaxItems = formats.DefaultMaxItems

// Render draws the panel.
func (x *exportPanel) Render() goapp.UI {
	st := x.State
	format, profile := x.formatAndProfile()
	info, _ := formats.FormatByName(format)
	res, err := x.render(st.Draft, format, profile)
	menu := exportMenu()
	where := "Generated in your browser from the design being edited."
	if renderedByServer(format) {
		where = "Rendered by the server from the design being edited."
	}
	return goapp.Div().Class("wb-export").Body(
		goapp.Div().Class("wb-panel-head").Body(
			goapp.Label().For(IDExportFormat).Text("Export as "),
			goapp.Select().ID(IDExportFormat).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					x.format = e.Get("target").Get("value").String()
					x.refreshServer(ctx)
				}).
				Body(goapp.Range(menu).Slice(func(i int) goapp.UI {
					f := menu[i]
					return goapp.Option().Value(f.Name).Selected(f.Name == format).Text(f.Title)
				})),
			goapp.If(info.Profiles, func() goapp.UI {
				return goapp.Span().Body(
					goapp.Label().For(IDExportProfile).Text(" Profile "),
					goapp.Select().ID(IDExportProfile).Class("wb-select").
						Title("Production: point-in-time recovery and deletion protection on, names from a Stage parameter, an optional KMS key, auto scaling of provisioned capacity, throttling alarms.").
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							x.profile = e.Get("target").Get("value").String()
							x.refreshServer(ctx)
						}).
						Body(
							goapp.Option().Value(formats.ProfileDefault).Selected(profile == formats.ProfileDefault).Text("Default"),
							goapp.Option().Value(formats.ProfileProduction).Selected(profile == formats.ProfileProduction).Text("Production"),
						),
				)
			}),
			goapp.If(err == nil && res != nil, func() goapp.UI {
				name, href := downloadOf(st.Draft, format, res)
				return goapp.A().ID(IDExportDownload).Class("wb-btn wb-btn-primary").Text("Download").
					Href(href).Attr("download", name)
			}),
			goapp.Span().Class("wb-muted").Text(where),
		),
		goapp.If(err != nil, func() goapp.UI {
			return goapp.P().ID(IDExportError).Class("wb-error").Text(errText(err))
		}).ElseIf(res == nil, func() goapp.UI {
			return goapp.P().ID(IDExportPending).Class("wb-muted").Text("Rendering on the server…")
		}).Else(func() goapp.UI {
			return goapp.Div().Body(
				goapp.If(len(res.Warnings) > 0, func() goapp.UI {
					return goapp.Ul().ID(IDExportWarnings).Class("wb-export-warnings").Body(
						goapp.Range(res.Warnings).Slice(func(i int) goapp.UI { return goapp.Li().Text(res.Warnings[i]) }),
					)
				}),
				goapp.Pre().ID(IDExportPreview).Class("wb-code wb-export-preview").Text(res.Concatenation()),
			)
		}),
		x.renderApply(st),
	)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// downloadOf returns a file name and a data: URL for an export: the file
// itself, or a zip of a multi-file project.
func downloadOf(m *model.Model, format string, res *formats.Result) (string, string) {
	base := fileName(m)
	if len(res.Files) == 1 {
		f := res.Files[0]
		return f.Path, "data:" + res.ContentType + ";charset=utf-8," + url.PathEscape(f.Content)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range res.Files {
		w, err := zw.Create(base + "/" + f.Path)
		if err != nil {
			return base + ".txt", "#"
		}
		w.Write([]byte(f.Content))
	}
	if err := zw.Close(); err != nil {
		return base + ".txt", "#"
	}
	return base + "-" + format + ".zip", "data:application/zip;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// renderApply draws the form that applies the design to an endpoint
// through the server (POST /api/apply): tables created, data loaded, and
// every access pattern's results compared with the page's engine.
func (x *exportPanel) renderApply(st *State) goapp.UI {
	endpoint := x.endpoint
	if endpoint == "" {
		endpoint = "http://127.0.0.1:8000"
	}
	return goapp.Div().Class("wb-apply").Body(
		goapp.H3().Text("Apply to a DynamoDB endpoint"),
		goapp.P().Class("wb-muted").Text("The server creates the tables, loads the dataset and runs every access pattern at the endpoint, then compares the answers with this engine's. It contacts loopback endpoints only, unless started with -apply-endpoints."),
		goapp.Div().Class("wb-panel-head").Body(
			goapp.Label().For(IDApplyEndpoint).Text("Endpoint "),
			goapp.Input().ID(IDApplyEndpoint).Type("text").Value(endpoint).Attr("spellcheck", "false").
				OnChange(func(ctx goapp.Context, e goapp.Event) { x.endpoint = e.Get("target").Get("value").String() }),
			goapp.Label().Body(
				goapp.Input().ID(IDApplyReplace).Type("checkbox").Checked(x.replace).
					OnChange(func(ctx goapp.Context, e goapp.Event) { x.replace = e.Get("target").Get("checked").Bool() }),
				goapp.Text(" replace existing tables"),
			),
			goapp.Button().ID(IDApplyRun).Class("wb-btn").Disabled(x.applying).Title(greyed(x.applying, "Create the design's tables at the endpoint", "the tables are being created; wait for it to end")).Text("Apply").
				OnClick(func(ctx goapp.Context, e goapp.Event) { x.apply(ctx, st.Model, endpoint) }, goapp.EventScope(endpoint)),
		),
		goapp.If(x.applyErr != "", func() goapp.UI { return goapp.P().Class("wb-error").Text(x.applyErr) }),
		goapp.If(x.report != nil, func() goapp.UI { return renderApplyReport(x.report) }),
	)
}

func renderApplyReport(r *applyReport) goapp.UI {
	verdict := "Every access pattern returned the same at the endpoint."
	if !r.Match {
		verdict = fmt.Sprintf("%d access pattern(s) differ.", r.Mismatches)
	}
	return goapp.Div().ID(IDApplyReport).Body(
		goapp.P().Text(fmt.Sprintf("%s: %d items loaded. %s", r.Endpoint, r.ItemsLoaded, verdict)),
		goapp.Table().Class("wb-table").Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Access pattern"), goapp.Th().Text("Result"), goapp.Th().Text("Detail"))),
			goapp.TBody().Body(goapp.Range(r.Patterns).Slice(func(i int) goapp.UI {
				p := r.Patterns[i]
				result := "same"
				switch {
				case p.Skipped != "":
					result = "skipped"
				case !p.Match:
					result = "different"
				}
				return goapp.Tr().Body(goapp.Td().Text(p.Name), goapp.Td().Text(result), goapp.Td().Text(p.Skipped+p.Note+p.Diff))
			})),
		),
	)
}

// apply posts the running design to the server's apply endpoint.
func (x *exportPanel) apply(ctx goapp.Context, m *model.Model, endpoint string) {
	doc, err := model.Marshal(m)
	if err != nil {
		x.applyErr = err.Error()
		return
	}
	x.applying, x.applyErr, x.report = true, "", nil
	u := "/api/apply?endpoint=" + url.QueryEscape(endpoint) + "&replace=" + strconv.FormatBool(x.replace)
	opts := map[string]any{"method": "POST", "headers": map[string]any{"Content-Type": "application/json"}, "body": string(doc)}
	fetchText(goapp.Window().Call("fetch", u, opts), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			x.applying = false
			var r applyReport
			if err := json.Unmarshal([]byte(body), &r); err != nil {
				x.applyErr = fmt.Sprintf("HTTP %d: %s", status, body)
				return
			}
			if r.Error != "" && r.Endpoint == "" {
				x.applyErr = r.Error
				return
			}
			x.report = &r
			if r.Error != "" {
				x.applyErr = r.Error
			}
		})
	})
}
