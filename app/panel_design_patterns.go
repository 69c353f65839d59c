package app

import (
	"bytes"
	"encoding/json"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/model"
)

// ---- access patterns ----

func (d *designPanel) renderPatterns(m *model.Model, pl *placement) goapp.UI {
	rows := make([]goapp.UI, len(m.AccessPatterns))
	for i := range m.AccessPatterns {
		rows[i] = d.renderPattern(m, i, pl)
	}
	return goapp.Section().Class("wb-design-section").Body(
		goapp.Div().Class("wb-design-section-head").Body(goapp.H2().Text("Access patterns")),
		goapp.If(len(rows) == 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("No access patterns. Requests run from the Query tab.")
		}),
		goapp.Div().ID(IDDesignPatterns).Class("wb-design-patterns").Body(rows...),
	)
}

func (d *designPanel) renderPattern(m *model.Model, i int, pl *placement) goapp.UI {
	ap := &m.AccessPatterns[i]
	path := patternPath(i)
	rid := designPatternID(i, IDDesignRequest)
	text := indentJSON(ap.Request)
	var localErr string
	if r, ok := d.requests[ap.Name]; ok {
		text, localErr = r.text, r.err
	}
	return goapp.Div().ID(designPatternID(i, "")).Class("wb-design-pattern").Body(
		goapp.Div().Class("wb-design-pattern-head").Body(
			goapp.Strong().Text(ap.Name),
			goapp.Span().Class("wb-design-op").Text(ap.Operation),
			goapp.If(ap.Entity != "", func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text("entity " + ap.Entity)
			}),
			goapp.Span().Class("wb-design-desc").Text(ap.Description),
		),
		pl.errorsAt(path, designPatternID(i, "")),
		goapp.Details().Class("wb-design-request").Open(localErr != "" || pl.has(path+".request")).Body(
			goapp.Summary().Text("Request"),
			goapp.Label().Class("wb-visually-hidden").For(rid).Text("Request JSON of "+ap.Name),
			goapp.Textarea().ID(rid).Class("wb-code").Spellcheck(false).Rows(max(3, min(14, strings.Count(text, "\n")+2))).
				Text(text).Attr("value", text).Aria("invalid", localErr != "" || pl.has(path+".request")).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setRequest(ctx, i, v) })),
			goapp.If(localErr != "", func() goapp.UI {
				return goapp.Ul().ID(rid+IDDesignErrorSuffix).Class("wb-design-errors").Attr("role", "alert").Body(
					goapp.Li().Text(localErr))
			}).Else(func() goapp.UI {
				return pl.errorsAt(path+".request", rid)
			}),
		),
	)
}

// indentJSON indents a request for reading; text that is not JSON is shown
// as it is.
func indentJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

// setRequest replaces access pattern i's request. Text that is not JSON
// stays in the panel with its error and does not reach the draft.
func (d *designPanel) setRequest(ctx goapp.Context, i int, text string) {
	st := d.Store.State()
	if i < 0 || i >= len(st.Draft.AccessPatterns) {
		return
	}
	name := st.Draft.AccessPatterns[i].Name
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		if d.requests == nil {
			d.requests = map[string]requestDraft{}
		}
		d.requests[name] = requestDraft{text: text, err: "not valid JSON: " + err.Error()}
		return
	}
	delete(d.requests, name)
	req := json.RawMessage(b.Bytes())
	d.edit(ctx, func(m *model.Model) bool {
		if i >= len(m.AccessPatterns) || m.AccessPatterns[i].Name != name {
			return false
		}
		m.AccessPatterns[i].Request = req
		return true
	})
}

// rewriteRequests calls fix on every JSON object of every access pattern's
// request, and rewrites the requests it changed (numbers as written).
func rewriteRequests(m *model.Model, fix func(obj map[string]any)) {
	for k := range m.AccessPatterns {
		ap := &m.AccessPatterns[k]
		dec := json.NewDecoder(bytes.NewReader(ap.Request))
		dec.UseNumber()
		var doc any
		if dec.Decode(&doc) != nil {
			continue
		}
		before, err := json.Marshal(doc)
		if err != nil {
			continue
		}
		walkObjects(doc, fix)
		after, err := json.Marshal(doc)
		if err != nil || bytes.Equal(before, after) {
			continue // untouched requests keep their text
		}
		ap.Request = after
	}
}

func walkObjects(v any, fix func(obj map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		fix(x)
		for _, c := range x {
			walkObjects(c, fix)
		}
	case []any:
		for _, c := range x {
			walkObjects(c, fix)
		}
	}
}
