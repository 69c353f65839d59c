package app

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
)

// ---- access patterns ----

func (d *designPanel) renderPatterns(m *model.Model, pl *placement) goapp.UI {
	rows := make([]goapp.UI, len(m.AccessPatterns))
	for i := range m.AccessPatterns {
		rows[i] = d.renderPattern(m, i, pl)
	}
	return goapp.Section().Class("wb-design-section").Body(
		goapp.Div().Class("wb-design-section-head").Body(
			goapp.H2().Text("Access patterns"),
			goapp.Button().ID(IDDesignAddPattern).Class("wb-btn wb-btn-small").Text("+ Access pattern").
				Disabled(len(m.Tables) == 0).
				Title(greyed(len(m.Tables) == 0, "Add a request: a GetItem of the first entity by its key, with a parameter per key template parameter", "an access pattern reads or writes a table, and the design has none: add a table first")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.addPattern(ctx) }),
		),
		goapp.If(len(rows) == 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("No access patterns yet. Each one is a request with named parameters ({userId}); the workload says how often it is called.")
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
			goapp.Input().ID(designPatternID(i, IDDesignPatName)).Type("text").Class("wb-design-attr").Value(ap.Name).
				Aria("label", "Access pattern name").Aria("invalid", pl.has(path+".name")).
				OnChange(onValue(func(ctx goapp.Context, v string) { d.setPatternName(ctx, i, v) }), goapp.EventScope(i)),
			goapp.Span().Class("wb-design-op").Text(ap.Operation),
			goapp.If(ap.Entity != "", func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text("entity " + ap.Entity)
			}),
			goapp.Span().Class("wb-design-desc").Text(ap.Description),
			goapp.If(len(ap.Parameters) > 0, func() goapp.UI {
				return goapp.Span().ID(designPatternID(i, IDDesignPatParams)).Class("wb-muted wb-mono").Text(paramsText(ap))
			}),
			goapp.Button().ID(designPatternID(i, IDDesignPatRemove)).Class("wb-btn wb-btn-small wb-btn-danger wb-design-remove").
				Text("Remove").Title("Remove the access pattern "+ap.Name).
				OnClick(func(ctx goapp.Context, e goapp.Event) { d.removePattern(ctx, i) }, goapp.EventScope(i)),
		),
		pl.errorsAt(path+".name", designPatternID(i, IDDesignPatName)),
		renderHints(designPatternID(i, IDDesignPatHints), projectionHints(m, ap)),
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

// paramsText lists an access pattern's parameters with their examples:
// "{userId}=000001 {day}=2026-03-01".
func paramsText(ap *model.AccessPattern) string {
	parts := make([]string, len(ap.Parameters))
	for k, p := range ap.Parameters {
		parts[k] = "{" + p.Name + "}=" + p.Example
	}
	return strings.Join(parts, " ")
}

// addPattern adds a GetItem of the first entity by its primary key (or a
// Scan of the first table when there is no entity), with a parameter per
// parameter of the key templates.
func (d *designPanel) addPattern(ctx goapp.Context) {
	d.edit(ctx, func(m *model.Model) bool {
		if len(m.Tables) == 0 {
			return false
		}
		name := uniqueName("Access pattern ", len(m.AccessPatterns)+1, func(n string) bool { return m.AccessPattern(n) != nil })
		ap, err := newGetPattern(m, name)
		if err != nil {
			return false
		}
		m.AccessPatterns = append(m.AccessPatterns, *ap)
		return true
	})
}

// newGetPattern is a GetItem of m's first entity by its primary key, or a
// Scan of the first table.
func newGetPattern(m *model.Model, name string) (*model.AccessPattern, error) {
	t := &m.Tables[0]
	var e *model.Entity
	for k := range m.Entities {
		if m.Table(m.Entities[k].Table) != nil {
			e = &m.Entities[k]
			t = m.Table(e.Table)
			break
		}
	}
	if e == nil {
		req, err := json.Marshal(map[string]any{"TableName": t.TableName, "Limit": 25})
		if err != nil {
			return nil, err
		}
		return &model.AccessPattern{Name: name, Operation: "Scan", Request: req}, nil
	}
	key := map[string]any{}
	var params []model.Parameter
	for _, k := range []string{t.HashKey(), t.RangeKey()} {
		if k == "" {
			continue
		}
		tpl := e.Keys[k]
		key[k] = map[string]string{string(t.AttributeType(k)): tpl}
		if parsed, err := model.ParseTemplate(tpl); err == nil {
			for _, p := range parsed.Params() {
				if !slices.ContainsFunc(params, func(x model.Parameter) bool { return x.Name == p }) {
					params = append(params, model.Parameter{Name: p, Example: exampleFor(e, p)})
				}
			}
		}
	}
	req, err := json.Marshal(map[string]any{"TableName": t.TableName, "Key": key})
	if err != nil {
		return nil, err
	}
	return &model.AccessPattern{Name: name, Entity: e.Name, Operation: "GetItem", Parameters: params, Request: req,
		Description: "Get one " + e.Name + " by its key"}, nil
}

// exampleFor is an example value of entity e's key parameter p until a
// load finds one in the data (model.FindExamples): item 1 of the counter a
// dataset uses for a key that must stay unique (seq(5) makes 00001).
func exampleFor(e *model.Entity, p string) string {
	for _, a := range e.Attributes {
		if a.Name == p && a.Generator == "seq" {
			return "1"
		}
	}
	return "00001"
}

// removePattern removes access pattern i and its share of the workload.
func (d *designPanel) removePattern(ctx goapp.Context, i int) {
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.AccessPatterns) {
			return false
		}
		name := m.AccessPatterns[i].Name
		m.AccessPatterns = slices.Delete(m.AccessPatterns, i, i+1)
		if m.Workload != nil {
			m.Workload.Requests = slices.DeleteFunc(m.Workload.Requests, func(r model.WorkloadRequest) bool { return r.AccessPattern == name })
		}
		return true
	})
}

// setPatternName renames access pattern i; the workload follows.
func (d *designPanel) setPatternName(ctx goapp.Context, i int, v string) {
	v = strings.TrimSpace(v)
	d.edit(ctx, func(m *model.Model) bool {
		if i < 0 || i >= len(m.AccessPatterns) || m.AccessPatterns[i].Name == v {
			return false
		}
		old := m.AccessPatterns[i].Name
		m.AccessPatterns[i].Name = v
		if m.Workload != nil && v != "" && m.AccessPattern(old) == nil {
			for k := range m.Workload.Requests {
				if m.Workload.Requests[k].AccessPattern == old {
					m.Workload.Requests[k].AccessPattern = v
				}
			}
		}
		return true
	})
}

// renderHints lists hints (advice, not errors) under id, or nothing.
func renderHints(id string, hints []string) goapp.UI {
	if len(hints) == 0 {
		return nil
	}
	return goapp.Ul().ID(id).Class("wb-hints").Body(goapp.Range(hints).Slice(func(k int) goapp.UI {
		return goapp.Li().Text(hints[k])
	}))
}
