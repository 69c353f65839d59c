package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// queryStateKey is the go-app state that keeps the panel's form and editor
// while another tab is shown: the page mounts a new panel on each visit.
const queryStateKey = "wb.query"

// maxResultRows is how many items the result table shows; the raw response
// holds them all.
const maxResultRows = 200

// snippetRegion is the region the snippets name: the engine's own.
const snippetRegion = "us-east-1"

// queryPanel builds requests with a form or by hand, runs them and the
// model's access patterns on the in-page engine, and shows the results.
// The editor's text is what runs, exactly as the AWS CLI's
// --cli-input-json would send it.
type queryPanel struct {
	goapp.Compo
	Panel

	q querySaved
	// view caches what is costly to redo on every render (the page
	// re-renders several times a second while the clock plays).
	view resultView
	// plan caches how the last PartiQL result's statement ran.
	plan planCache
}

// resultView is the result's indented response and its snippets.
type resultView struct {
	result   *Result
	endpoint string
	raw      string
	snippets map[snippet.Language]string
}

// viewOf returns the cached view of r, computing it when r is new.
func (q *queryPanel) viewOf(r *Result) *resultView {
	ep := snippetEndpoint()
	if q.view.result == r && q.view.endpoint == ep {
		return &q.view
	}
	v := resultView{result: r, endpoint: ep, raw: indentOr(r.Response), snippets: map[snippet.Language]string{}}
	if len(r.Request) > 0 {
		req := snippet.Request{Operation: r.Operation, Input: r.Request, Endpoint: ep, Region: snippetRegion}
		fan, fanned := q.fanOutOf(r)
		if fanned {
			req.Input = fan.input
		}
		for _, l := range snippet.Languages() {
			render := func() (string, error) { return snippet.Render(req, l) }
			if fanned {
				render = func() (string, error) { return snippet.RenderFanOut(req, fan.FanOut, l) }
			}
			text, err := render()
			if err != nil {
				text = err.Error()
			}
			v.snippets[l] = text
		}
	}
	q.view = v
	return &q.view
}

// queryFanOut is a fan-out access pattern's request with the fan-out
// parameter left as the snippet's marker.
type queryFanOut struct {
	snippet.FanOut
	input []byte
}

// fanOutOf says whether r ran a fan-out access pattern, and gives its
// request with the fan-out parameter as a marker, so that the snippets
// loop over every request rather than show the first.
func (q *queryPanel) fanOutOf(r *Result) (queryFanOut, bool) {
	if r.Pattern == "" || q.State == nil || q.State.Model == nil {
		return queryFanOut{}, false
	}
	ap := q.State.Model.AccessPattern(r.Pattern)
	if ap == nil || ap.FanOut == nil || ap.Operation != r.Operation {
		return queryFanOut{}, false
	}
	f := snippet.FanOut{Parameter: ap.FanOut.Parameter, From: ap.FanOut.From, To: ap.FanOut.To, Width: ap.FanOut.Width}
	params := q.patternParams(ap)
	params[f.Parameter] = f.Marker()
	body, err := ap.Bind(params)
	if err != nil || !strings.Contains(string(body), f.Marker()) {
		return queryFanOut{}, false
	}
	return queryFanOut{FanOut: f, input: body}, true
}

// querySaved is the panel's own state, saved in go-app's state store so it
// survives a tab switch.
type querySaved struct {
	form queryForm
	// editor is the editor's current text; shown is the last text the panel
	// wrote into it. The textarea renders shown, so that a re-render while
	// the person types (the clock ticks) leaves the caret alone.
	editor string
	shown  string
	// formErr is why the form could not write a request.
	formErr string
	// params holds edited access pattern parameters by pattern.
	params map[string]map[string]string
	// pattern names the access pattern whose request the editor shows;
	// fanOut holds a fan-out pattern's requests.
	pattern string
	fanOut  []string
	lang    snippet.Language
	copied  snippet.Language
	// model and result are the State's design and result the panel last
	// saw, to notice a new design or a run from the sidebar.
	model  *model.Model
	result *Result
	ready  bool
	// partiql is the PartiQL mode (query_partiql.go); pq its statement.
	partiql bool
	pq      partiqlForm
}

// OnMount restores the panel's state and takes the Ctrl/⌘+Enter shortcut,
// which the page posts as actionRunQuery.
func (q *queryPanel) OnMount(ctx goapp.Context) {
	var saved querySaved
	ctx.GetState(queryStateKey, &saved)
	if saved.ready {
		q.q = saved
	}
	ctx.Handle(actionRunQuery, func(ctx goapp.Context, a goapp.Action) { q.run(ctx) })
}

// save keeps the panel's state for its next mount.
func (q *queryPanel) save(ctx goapp.Context) {
	ctx.SetState(queryStateKey, q.q)
}

// sync follows the State: a new design resets a form whose table is gone,
// and an access pattern run elsewhere (the sidebar) shows its request.
func (q *queryPanel) sync() {
	st := q.State
	if st == nil || st.Model == nil {
		return
	}
	s := &q.q
	if s.form.Key == nil {
		s.form.Key = map[string]string{}
	}
	if st.Model != s.model {
		s.model = st.Model
		if !s.ready || st.Model.Table(s.form.Table) == nil {
			s.form = queryForm{Operation: "Query", SortOp: "=", Key: map[string]string{}}
			if len(st.Model.Tables) > 0 {
				s.form.Table = st.Model.Tables[0].TableName
			}
			s.params, s.pattern, s.fanOut = nil, "", nil
			q.rebuild()
		}
		if s.pattern != "" && st.Model.AccessPattern(s.pattern) == nil {
			s.pattern, s.fanOut = "", nil
		}
		s.ready = true
	}
	if st.Result != nil && st.Result != s.result {
		s.result = st.Result
		if r := st.Result; r.Pattern != "" {
			q.showPattern(r.Pattern, r)
		}
	}
}

// rebuild writes the form's request into the editor, or says why it
// cannot.
func (q *queryPanel) rebuild() {
	s := &q.q
	body, err := s.form.build(formTableOf(q.State.Model, s.form.Table))
	if err != nil {
		s.formErr = err.Error()
		return
	}
	s.formErr = ""
	s.pattern, s.fanOut = "", nil
	q.writeEditor(body)
}

// writeEditor replaces the editor's text. In the browser it also sets the
// textarea's value, which a re-render alone would not do when the person
// has typed since the panel last wrote the same text.
func (q *queryPanel) writeEditor(text string) {
	q.q.editor, q.q.shown = text, text
	if goapp.IsClient {
		if el := goapp.Window().GetElementByID(IDQueryEditor); el.Truthy() {
			el.Set("value", text)
		}
	}
}

// editorText is the request to run: what the textarea holds.
func (q *queryPanel) editorText() string {
	if goapp.IsClient {
		if el := goapp.Window().GetElementByID(IDQueryEditor); el.Truthy() {
			return el.Get("value").String()
		}
	}
	return q.q.editor
}

// operation is the operation the editor's request is sent as.
func (q *queryPanel) operation() string {
	if q.q.form.Operation == "" {
		return "Query"
	}
	return q.q.form.Operation
}

// ---- actions ----

// run sends the editor's text as it is: invalid JSON gets DynamoDB's own
// SerializationException from the wire protocol.
func (q *queryPanel) run(ctx goapp.Context) {
	if q.q.partiql {
		q.runPartiQL(ctx)
		return
	}
	body := q.editorText()
	q.q.editor = body
	op := q.operation()
	q.act(ctx, func() { _, _ = q.Store.Run(op, []byte(body)) })
	q.q.result = q.State.Result
	q.save(ctx)
	q.reveal(ctx)
}

// reveal scrolls the result into view once the page has rendered it: below
// 1280 px it is under the access patterns, out of sight of the Run button.
func (q *queryPanel) reveal(ctx goapp.Context) {
	ctx.Defer(func(goapp.Context) {
		if el := goapp.Window().GetElementByID(IDResult); el != nil && el.Truthy() {
			el.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
	})
}

// runPattern runs an access pattern with the panel's parameter values and
// shows its request in the editor.
func (q *queryPanel) runPattern(ctx goapp.Context, name string) {
	params := model.Params{}
	for k, v := range q.q.params[name] {
		params[k] = v
	}
	q.act(ctx, func() { _, _ = q.Store.RunPattern(name, params) })
	if r := q.State.Result; r != nil && r.Pattern == name {
		q.q.result = r
		q.showPattern(name, r)
	}
	q.save(ctx)
	q.reveal(ctx)
}

// showPattern puts an access pattern's request into the editor: the
// request r ran when there is one, else the pattern bound to the panel's
// parameters. A fan-out also lists every request it makes.
func (q *queryPanel) showPattern(name string, r *Result) {
	s := &q.q
	ap := q.State.Model.AccessPattern(name)
	if ap == nil {
		return
	}
	params := q.patternParams(ap)
	var body []byte
	if r != nil && len(r.Request) > 0 {
		body = r.Request
	} else {
		b, err := ap.Bind(params)
		if err != nil {
			s.formErr = fmt.Sprintf("access pattern %s: %v", name, err)
			return
		}
		body = b
	}
	s.form.Operation = ap.Operation
	s.pattern, s.formErr = name, ""
	s.fanOut = nil
	// A pattern written as PartiQL opens in PartiQL mode, any other in the
	// expression API's editor.
	s.partiql = false
	if ap.Operation == partiqlOperation {
		if pf, ok := partiqlFormOf(body); ok {
			s.partiql, s.pq = true, pf
			q.writePartiQL()
		}
	}
	if ap.FanOut != nil {
		for _, p := range ap.Runs(params) {
			if b, err := ap.Bind(p); err == nil {
				s.fanOut = append(s.fanOut, indentOr(b))
			}
		}
	}
	q.writeEditor(indentOr(body))
}

// patternParams are an access pattern's examples overridden by the
// panel's values.
func (q *queryPanel) patternParams(ap *model.AccessPattern) model.Params {
	p := ap.Examples()
	for k, v := range q.q.params[ap.Name] {
		p[k] = v
	}
	return p
}

// next reads the page after the result's: the request that ran, with
// ExclusiveStartKey set to its LastEvaluatedKey.
func (q *queryPanel) next(ctx goapp.Context) {
	r := q.State.Result
	if r == nil || r.LastEvaluatedKey == nil {
		return
	}
	lek, err := r.LastEvaluatedKey.MarshalJSON()
	if err != nil {
		q.q.formErr = err.Error()
		return
	}
	body, err := nextPageBody(r.Request, lek)
	if err != nil {
		q.q.formErr = "next page: " + err.Error()
		return
	}
	q.q.form.Operation = r.Operation
	q.writeEditor(body)
	q.run(ctx)
}

// formChanged rebuilds the editor after a form field changed.
func (q *queryPanel) formChanged(ctx goapp.Context, change func(f *queryForm)) {
	change(&q.q.form)
	q.rebuild()
	q.save(ctx)
}

// onFormValue adapts a change handler to the value of the element it is on.
func onFormValue(q *queryPanel, set func(f *queryForm, v string)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		v := e.Get("target").Get("value").String()
		q.formChanged(ctx, func(f *queryForm) { set(f, v) })
	}
}

// onFormCheck adapts a checkbox's change handler.
func onFormCheck(q *queryPanel, set func(f *queryForm, v bool)) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		v := e.Get("target").Get("checked").Bool()
		q.formChanged(ctx, func(f *queryForm) { set(f, v) })
	}
}

// selectOperation switches the form to op, giving PutItem a starting item.
func (q *queryPanel) selectOperation(ctx goapp.Context, op string) {
	q.formChanged(ctx, func(f *queryForm) {
		f.Operation = op
		if !fieldsFor(op).Index {
			f.Index = ""
		}
		if fieldsFor(op).Item && strings.TrimSpace(f.Item) == "" {
			f.Item = f.keyItem(formTableOf(q.State.Model, f.Table))
		}
	})
}

// copySnippet puts a snippet on the clipboard.
func (q *queryPanel) copySnippet(ctx goapp.Context, lang snippet.Language, text string) {
	clip := goapp.Window().Get("navigator").Get("clipboard")
	if goapp.IsClient && !clip.Truthy() {
		// Browsers offer the clipboard to secure origins only.
		q.act(ctx, func() { q.Store.Note("The clipboard is not available here: select the snippet and copy it") })
		return
	}
	clip.Call("writeText", text)
	q.q.copied = lang
	q.save(ctx)
}

// ---- rendering ----

// Render draws the panel: the form, the editor and the access patterns on
// the left, the result on the right.
func (q *queryPanel) Render() goapp.UI {
	q.sync()
	st := q.State
	if st == nil || st.Model == nil {
		return goapp.Div().Class("wb-query")
	}
	return goapp.Div().Class("wb-query").Body(
		goapp.Div().Class("wb-query-layout").Body(
			goapp.Div().Class("wb-query-left").Body(
				q.renderMode(),
				goapp.If(!q.q.partiql, func() goapp.UI { return q.renderForm(st) }),
				goapp.If(!q.q.partiql, q.renderEditor),
				goapp.If(q.q.partiql, func() goapp.UI { return q.renderPartiQL(st) }),
				q.renderPatterns(st),
			),
			goapp.Div().Class("wb-query-right").Body(
				q.renderResult(st),
			),
		),
	)
}

func (q *queryPanel) renderForm(st *State) goapp.UI {
	s := &q.q
	f := &s.form
	fields := fieldsFor(f.Operation)
	ft := formTableOf(st.Model, f.Table)
	ops := formOperations
	if !slices.Contains(ops, f.Operation) && f.Operation != "" {
		ops = append(slices.Clone(ops), f.Operation) // an access pattern's DeleteTable
	}
	var indexes []string
	if ft != nil {
		for _, ix := range ft.Indexes {
			indexes = append(indexes, ix.Name)
		}
	}
	return goapp.Section().Class("wb-query-form").Attr("aria-label", "Request builder").Body(
		goapp.Div().Class("wb-query-row").Body(
			field("Operation", IDQueryOperation, selectOf(IDQueryOperation, ops, f.Operation, func(v string) string { return v }).
				OnChange(func(ctx goapp.Context, e goapp.Event) { q.selectOperation(ctx, e.Get("target").Get("value").String()) })),
			field("Table", IDQueryTable, selectOf(IDQueryTable, queryTableNames(st.Model), f.Table, func(v string) string { return v }).
				OnChange(onFormValue(q, func(f *queryForm, v string) { f.Table, f.Index, f.Key = v, "", map[string]string{} }))),
			goapp.If(fields.Index, func() goapp.UI {
				return field("Index", IDQueryIndex, selectOf(IDQueryIndex, append([]string{""}, indexes...), f.Index, func(v string) string {
					if v == "" {
						return "(table)"
					}
					return v
				}).OnChange(onFormValue(q, func(f *queryForm, v string) { f.Index = v })))
			}),
		),
		goapp.If(fields.Keys && ft != nil, func() goapp.UI { return q.renderKeys(ft, fields) }),
		goapp.If(fields.Item, func() goapp.UI {
			return field("Item (DynamoDB JSON)", IDQueryItem, goapp.Textarea().ID(IDQueryItem).Class("wb-code wb-query-item").
				Rows(6).Attr("spellcheck", "false").Text(f.Item).
				OnChange(onFormValue(q, func(f *queryForm, v string) { f.Item = v })))
		}),
		goapp.If(fields.Update, func() goapp.UI {
			return textField("Update expression", IDQueryUpdate, f.Update, "SET Price = 10, Tags = :tags REMOVE Old",
				onFormValue(q, func(f *queryForm, v string) { f.Update = v }))
		}),
		goapp.If(fields.Condition, func() goapp.UI {
			return textField("Condition expression", IDQueryCondition, f.Condition, "attribute_not_exists(PK)",
				onFormValue(q, func(f *queryForm, v string) { f.Condition = v }))
		}),
		goapp.If(fields.Filter, func() goapp.UI {
			return textField("Filter expression", IDQueryFilter, f.Filter, `Price > 10 AND Status = "open"`,
				onFormValue(q, func(f *queryForm, v string) { f.Filter = v }))
		}),
		goapp.If(fields.Projection, func() goapp.UI {
			return textField("Projection expression", IDQueryProjection, f.Projection, "PK, SK, Title",
				onFormValue(q, func(f *queryForm, v string) { f.Projection = v }))
		}),
		goapp.Div().Class("wb-query-row").Body(
			goapp.If(fields.Limit, func() goapp.UI {
				return field("Limit", IDQueryLimit, goapp.Input().ID(IDQueryLimit).Type("number").Min(1).Class("wb-query-num").
					Value(f.Limit).OnChange(onFormValue(q, func(f *queryForm, v string) { f.Limit = v })))
			}),
			goapp.If(fields.Select, func() goapp.UI {
				return field("Select", IDQuerySelect, selectOf(IDQuerySelect, selectValues, f.Select, orDefault).
					OnChange(onFormValue(q, func(f *queryForm, v string) { f.Select = v })))
			}),
			goapp.If(fields.Segments, func() goapp.UI {
				return goapp.Div().Class("wb-query-row").Body(
					field("Segment", IDQuerySegment, goapp.Input().ID(IDQuerySegment).Type("number").Min(0).Class("wb-query-num").
						Value(f.Segment).OnChange(onFormValue(q, func(f *queryForm, v string) { f.Segment = v }))),
					field("TotalSegments", IDQueryTotalSegments, goapp.Input().ID(IDQueryTotalSegments).Type("number").Min(1).Class("wb-query-num").
						Value(f.TotalSegments).OnChange(onFormValue(q, func(f *queryForm, v string) { f.TotalSegments = v }))),
				)
			}),
			goapp.If(fields.ReturnValues, func() goapp.UI {
				return field("ReturnValues", IDQueryReturnValues, selectOf(IDQueryReturnValues, returnValuesChoices, f.ReturnValues, orDefault).
					OnChange(onFormValue(q, func(f *queryForm, v string) { f.ReturnValues = v })))
			}),
			field("ReturnConsumedCapacity", IDQueryCapacity, selectOf(IDQueryCapacity, capacityChoices, f.capacity(), func(v string) string { return v }).
				OnChange(onFormValue(q, func(f *queryForm, v string) { f.Capacity = v }))),
		),
		goapp.Div().Class("wb-query-row wb-query-checks").Body(
			goapp.If(fields.Forward, func() goapp.UI {
				return checkField("ScanIndexForward", IDQueryForward, !f.Descending,
					onFormCheck(q, func(f *queryForm, v bool) { f.Descending = !v }))
			}),
			goapp.If(fields.Consistent, func() goapp.UI {
				return checkField("ConsistentRead", IDQueryConsistent, f.ConsistentRead,
					onFormCheck(q, func(f *queryForm, v bool) { f.ConsistentRead = v }))
			}),
		),
		goapp.If(fields.Filter || fields.Update || fields.Condition, func() goapp.UI {
			return goapp.P().Class("wb-muted wb-query-hint").Text(`Write values as they are ("open", 10, true): they become :values typed like their attribute, and reserved words become #names.`)
		}),
		goapp.If(fields.Starter, func() goapp.UI {
			return goapp.P().Class("wb-muted wb-query-hint").Text("The form writes a one-entry starter; add keys, items or actions in the editor.")
		}),
		goapp.If(s.formErr != "", func() goapp.UI {
			return goapp.P().ID(IDQueryFormError).Class("wb-error wb-query-form-error").Attr("role", "alert").Text(s.formErr)
		}),
	)
}

// renderKeys draws the key fields: the table's key, or for a Query the
// index's, with the sort-key operator.
func (q *queryPanel) renderKeys(ft *formTable, fields formFields) goapp.UI {
	f := &q.q.form
	keys := ft.Keys
	if fields.SortOp {
		keys = ft.keysFor(f.Index)
	}
	return goapp.Div().Class("wb-query-keys").Body(
		goapp.Range(keys).Slice(func(i int) goapp.UI {
			k := keys[i]
			id := IDQueryKey + idSafe(k.Name)
			role := "partition key"
			if k.Range {
				role = "sort key"
			}
			label := fmt.Sprintf("%s (%s, %s)", k.Name, orText(k.Type, "?"), role)
			input := goapp.Input().ID(id).Type("text").Class("wb-query-key").Attr("spellcheck", "false").
				Value(f.Key[k.Name]).
				OnChange(onFormValue(q, func(f *queryForm, v string) { f.Key[k.Name] = v }), goapp.EventScope(k.Name))
			if !k.Range || !fields.SortOp {
				return field(label, id, input)
			}
			op := f.SortOp
			if op == "" {
				op = "="
			}
			return goapp.Div().Class("wb-query-sort").Body(
				field(label, id, goapp.Div().Class("wb-query-sort-inputs").Body(
					selectOf(IDQuerySortOp, sortKeyOperators, op, func(v string) string { return v }).
						Attr("aria-label", "Sort-key operator").
						OnChange(onFormValue(q, func(f *queryForm, v string) { f.SortOp = v })),
					input,
					goapp.If(op == opBetween, func() goapp.UI {
						return goapp.Span().Class("wb-query-between").Body(
							goapp.Span().Class("wb-muted").Text(" and "),
							goapp.Input().ID(IDQuerySortTo).Type("text").Class("wb-query-key").Attr("aria-label", "Upper bound").
								Value(f.SortTo).OnChange(onFormValue(q, func(f *queryForm, v string) { f.SortTo = v })),
						)
					}),
				)),
			)
		}),
	)
}

func (q *queryPanel) renderEditor() goapp.UI {
	s := &q.q
	return goapp.Section().Class("wb-query-editor-box").Body(
		goapp.Div().Class("wb-query-editor-head").Body(
			goapp.Label().For(IDQueryEditor).Text(q.operation()+" request"),
			goapp.Span().Class("wb-muted").Text(" — the JSON the AWS CLI's --cli-input-json takes; edit it freely"),
		),
		goapp.If(s.pattern != "", func() goapp.UI {
			return goapp.P().ID(IDQueryPatternNote).Class("wb-query-pattern-note").Text("Access pattern: " + s.pattern)
		}),
		goapp.Textarea().ID(IDQueryEditor).Class("wb-code wb-query-editor").Rows(16).
			Attr("spellcheck", "false").Attr("autocomplete", "off").Text(s.shown).
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				// The text is read, not re-rendered: the DOM already shows
				// it (the textarea renders shown, which this leaves alone).
				s.editor = e.Get("target").Get("value").String()
				if q.editedByHand() {
					q.save(ctx)
					return
				}
				q.save(ctx)
				ctx.PreventUpdate()
			}),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDQueryRun).Class("wb-btn wb-btn-primary").
				Title("Run the request (Ctrl+Enter or ⌘+Enter)").Text("Run ▶").
				OnClick(func(ctx goapp.Context, e goapp.Event) { q.run(ctx) }),
			goapp.Button().ID(IDQueryFormat).Class("wb-btn").Text("Format JSON").
				Title("Re-indent the request").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					pretty, err := prettyJSON([]byte(q.editorText()))
					if err != nil {
						q.q.formErr = "The editor's text is not valid JSON: " + err.Error()
						return
					}
					q.q.formErr = ""
					q.writeEditor(pretty)
					q.save(ctx)
				}),
			goapp.Span().Class("wb-muted wb-query-shortcut").Text("Ctrl/⌘+Enter runs"),
		),
		goapp.If(q.State.Result != nil, func() goapp.UI { return q.renderRunStatus(q.State.Result) }),
		goapp.If(len(s.fanOut) > 0, func() goapp.UI {
			return goapp.Details().ID(IDQueryFanOut).Class("wb-query-fanout").Body(
				goapp.Summary().Text(fmt.Sprintf("This pattern fans out: %d requests, one per shard", len(s.fanOut))),
				goapp.Range(s.fanOut).Slice(func(i int) goapp.UI {
					return goapp.Pre().Class("wb-code wb-query-pre").Text(s.fanOut[i])
				}),
			)
		}),
	)
}

func (q *queryPanel) renderPatterns(st *State) goapp.UI {
	aps := st.Model.AccessPatterns
	if len(aps) == 0 {
		return goapp.Section().ID(IDQueryPatterns).Class("wb-query-patterns").Body(
			goapp.H3().Text("Access patterns"),
			goapp.P().Class("wb-muted").Text("This model has no access patterns. Add them in Design."),
		)
	}
	return goapp.Section().ID(IDQueryPatterns).Class("wb-query-patterns").Body(
		goapp.H3().Text("Access patterns"),
		goapp.Range(aps).Slice(func(i int) goapp.UI {
			ap := &aps[i]
			return q.renderPattern(ap)
		}),
	)
}

func (q *queryPanel) renderPattern(ap *model.AccessPattern) goapp.UI {
	name := ap.Name
	params := q.patternParams(ap)
	fan := ""
	if ap.FanOut != nil {
		fan = fmt.Sprintf("Fans out over %s: %d requests", ap.FanOut.Parameter, len(ap.FanOut.Values()))
	}
	// The fan-out parameter takes every value in turn, so it has no input.
	var pars []model.Parameter
	for _, par := range ap.Parameters {
		if ap.FanOut == nil || par.Name != ap.FanOut.Parameter {
			pars = append(pars, par)
		}
	}
	cls := "wb-query-pattern"
	if q.q.pattern == name {
		cls += " active"
	}
	return goapp.Div().Class(cls).Body(
		goapp.Div().Class("wb-query-pattern-head").Body(
			goapp.Strong().Text(name),
			goapp.Span().Class("wb-muted").Text(" · "+ap.Operation),
			goapp.If(ap.Entity != "", func() goapp.UI {
				return goapp.Span().Class("wb-entity " + visualizer.EntityClass(ap.Entity)).Text(" " + ap.Entity)
			}),
		),
		goapp.If(ap.Description != "", func() goapp.UI { return goapp.P().Class("wb-query-pattern-desc").Text(ap.Description) }),
		goapp.If(fan != "", func() goapp.UI { return goapp.P().Class("wb-muted wb-query-pattern-desc").Text(fan) }),
		goapp.Div().Class("wb-query-params").Body(
			goapp.Range(pars).Slice(func(j int) goapp.UI {
				par := pars[j]
				id := queryParamID(name, par.Name)
				return goapp.Label().For(id).Class("wb-query-param").Title(par.Description).Body(
					goapp.Span().Class("wb-query-param-name").Text(par.Name),
					goapp.Input().ID(id).Type("text").Attr("spellcheck", "false").Value(params[par.Name]).
						OnChange(func(ctx goapp.Context, e goapp.Event) {
							if q.q.params == nil {
								q.q.params = map[string]map[string]string{}
							}
							if q.q.params[name] == nil {
								q.q.params[name] = map[string]string{}
							}
							q.q.params[name][par.Name] = e.Get("target").Get("value").String()
							if q.q.pattern == name { // keep the editor's request in step
								q.showPattern(name, nil)
							}
							q.save(ctx)
						}, goapp.EventScope(name, par.Name)),
				)
			}),
		),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDQueryPattern+idSafe(name)).Class("wb-btn wb-btn-small wb-btn-primary").Text("Run").
				Title("Run this access pattern with these parameters").
				OnClick(func(ctx goapp.Context, e goapp.Event) { q.runPattern(ctx, name) }, goapp.EventScope(name)),
			goapp.Button().ID(IDQueryPatternShow+idSafe(name)).Class("wb-btn wb-btn-small").Text("Edit request").
				Title("Put its request in the editor").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					q.showPattern(name, nil)
					q.save(ctx)
				}, goapp.EventScope(name)),
		),
	)
}

// editedByHand follows an edit of the editor: the access pattern's tag
// goes (the request is no longer the pattern's), and the form takes what
// it can read of the request. It says whether the panel must re-render.
func (q *queryPanel) editedByHand() bool {
	s := &q.q
	changed := false
	if s.pattern != "" {
		s.pattern, s.fanOut = "", nil
		changed = true
	}
	m := q.State.Model
	if f, ok := formFromRequest(s.form, []byte(s.editor), func(name string) *formTable { return formTableOf(m, name) }); ok {
		s.form, s.formErr = f, ""
		changed = true
	}
	return changed
}

// renderRunStatus says under the Run button how the last request went, so
// that its outcome shows where the person looks; the whole result is
// further on (beside the editor from 1280 px, below it otherwise).
func (q *queryPanel) renderRunStatus(r *Result) goapp.UI {
	text := fmt.Sprintf("%s: HTTP %d", r.Operation, r.Status)
	cls := "wb-query-run-status"
	switch {
	case r.Status != 200 || r.ErrorMessage != "":
		text += " · " + r.ErrorType
		cls += " wb-query-run-failed"
	case r.HasCount:
		text += fmt.Sprintf(" · %d items (%d scanned)", r.Count, r.ScannedCount)
	default:
		text += fmt.Sprintf(" · %d items", len(r.Items))
	}
	if u := r.TotalCapacity(); u > 0 {
		text += " · " + unitsString(u) + " units"
	}
	// A button, not a #fragment link: the page's fragment holds share links.
	return goapp.P().ID(IDQueryRunStatus).Class(cls).Attr("role", "status").Body(
		goapp.Span().Text(text+" "),
		goapp.Button().Class("wb-btn wb-btn-small").Text("Show result").
			OnClick(func(ctx goapp.Context, e goapp.Event) { q.reveal(ctx) }),
	)
}

// renderResult draws the last request's outcome.
func (q *queryPanel) renderResult(st *State) goapp.UI {
	r := st.Result
	if r == nil {
		return goapp.Section().ID(IDResult).Class("wb-query-result").Body(
			goapp.P().Class("wb-muted wb-query-empty").Text("Run a request or an access pattern to see its items, counts, consumed capacity and code to reproduce it."),
		)
	}
	status := fmt.Sprintf("%s · HTTP %d · %s", r.Operation, r.Status, r.Duration.Round(time.Microsecond))
	if r.Pattern != "" {
		status = "Access pattern " + r.Pattern + " · " + status
	}
	if r.Requests > 1 {
		status += fmt.Sprintf(" · %d requests", r.Requests)
	}
	return goapp.Section().ID(IDResult).Class("wb-query-result").
		Attr("data-status", r.Status).Attr("data-operation", r.Operation).Body(
		goapp.P().ID(IDResultStatus).Class("wb-query-status").Text(status),
		goapp.If(r.Status != 200 || r.ErrorMessage != "", func() goapp.UI {
			return goapp.Div().ID(IDResultError).Class("wb-query-error").Attr("role", "alert").
				Attr("data-type", r.ErrorType).Body(
				goapp.Strong().Class("wb-query-error-type").Text(r.ErrorType),
				goapp.Span().Class("wb-query-error-message").Text(r.ErrorMessage),
			)
		}),
		goapp.If(r.Status == 200, func() goapp.UI { return q.renderFigures(st, r) }),
		goapp.If(r.Status == 200, func() goapp.UI { return renderItems(st.Model, r) }),
		goapp.If(r.Status == 200, func() goapp.UI { return resultCSVButton(st.Model, r) }),
		goapp.Details().ID(IDResultRaw).Class("wb-query-raw").Body(
			goapp.Summary().Text("Raw response"),
			goapp.Pre().Class("wb-code wb-query-pre").Text(q.viewOf(r).raw),
		),
		q.renderSnippets(r),
	)
}

// renderFigures draws the counts, the consumed capacity and the next-page
// control.
func (q *queryPanel) renderFigures(st *State, r *Result) goapp.UI {
	count, countLabel := len(r.Items), "Items"
	if r.HasCount {
		count, countLabel = r.Count, "Count"
	}
	total, rows := capacityRows(r)
	var lek string
	if r.LastEvaluatedKey != nil {
		if b, err := r.LastEvaluatedKey.MarshalJSON(); err == nil {
			lek = string(b)
		}
	}
	return goapp.Div().Class("wb-query-figures").Body(
		goapp.Div().Class("wb-query-stats").Body(
			goapp.Div().ID(IDResultCount).Class("wb-stat").Attr("data-count", count).Body(
				goapp.Span().Class("wb-stat-n").Text(strconv.Itoa(count)),
				goapp.Span().Class("wb-stat-label").Text(countLabel),
			),
			goapp.If(r.HasCount, func() goapp.UI {
				return goapp.Div().ID(IDResultScanned).Class("wb-stat").Attr("data-scanned", r.ScannedCount).Body(
					goapp.Span().Class("wb-stat-n").Text(strconv.Itoa(r.ScannedCount)),
					goapp.Span().Class("wb-stat-label").Text("ScannedCount"),
				)
			}),
			goapp.Div().ID(IDResultCapacity).Class("wb-stat wb-query-capacity").Attr("data-units", unitsString(r.TotalCapacity())).Body(
				goapp.Span().Class("wb-stat-n").Text(orText(total, "—")),
				goapp.Span().Class("wb-stat-label").Text("Consumed capacity"),
				goapp.If(len(rows) > 0, func() goapp.UI {
					return goapp.Table().Class("wb-table wb-query-capacity-table").Body(
						goapp.TBody().Body(goapp.Range(rows).Slice(func(i int) goapp.UI {
							c := rows[i]
							return goapp.Tr().Class("wb-query-cap-"+c.Scope).Body(
								goapp.Td().Text(c.Label),
								goapp.Td().Class("wb-num").Text(c.Units),
							)
						})),
					)
				}),
				goapp.If(total == "", func() goapp.UI {
					return goapp.Span().Class("wb-muted wb-query-hint").Text("Set ReturnConsumedCapacity to see the cost")
				}),
			),
		),
		goapp.If(q.planOf(r) != nil, func() goapp.UI { return q.renderPlan(q.planOf(r)) }),
		goapp.If(nextTokenOf(r) != "", func() goapp.UI { return q.renderNextToken(r) }),
		goapp.If(lek != "", func() goapp.UI {
			return goapp.Div().ID(IDResultLastKey).Class("wb-query-lek").Body(
				goapp.Span().Class("wb-muted").Text("LastEvaluatedKey "),
				goapp.Code().Class("wb-mono").Text(lek),
				goapp.Button().ID(IDQueryNext).Class("wb-btn wb-btn-small").Text("Next page ▶").
					Disabled(r.Requests > 1).
					Title("Run the same request from ExclusiveStartKey").
					OnClick(func(ctx goapp.Context, e goapp.Event) { q.next(ctx) }),
			)
		}),
	)
}

// renderItems draws the result's items as a table.
func renderItems(m *model.Model, r *Result) goapp.UI {
	if len(r.Items) == 0 {
		return goapp.P().ID(IDResultItems).Class("wb-muted wb-query-noitems").Text("No items.")
	}
	cols := resultColumns(m, r)
	items := r.Items
	more := 0
	if len(items) > maxResultRows {
		more = len(items) - maxResultRows
		items = items[:maxResultRows]
	}
	return goapp.Div().Class("wb-query-items-box").Body(
		goapp.Table().ID(IDResultItems).Class("wb-table wb-query-items").Attr("data-rows", len(r.Items)).Body(
			goapp.THead().Body(goapp.Tr().Body(goapp.Range(cols).Slice(func(i int) goapp.UI {
				return goapp.Th().Class("wb-mono").Text(cols[i])
			}))),
			goapp.TBody().Body(goapp.Range(items).Slice(func(i int) goapp.UI {
				it := items[i]
				return goapp.Tr().Body(goapp.Range(cols).Slice(func(j int) goapp.UI {
					v, ok := it[cols[j]]
					if !ok {
						return goapp.Td().Class("wb-query-absent")
					}
					return goapp.Td().Class("wb-mono").Title(v.Type().String()).Text(visualizer.FormatValue(v))
				}))
			})),
		),
		goapp.If(more > 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text(fmt.Sprintf("…and %d more items; the raw response holds them all.", more))
		}),
	)
}

// renderSnippets draws the request as code in each language, with a tab
// bar and a copy button.
func (q *queryPanel) renderSnippets(r *Result) goapp.UI {
	langs := snippet.Languages()
	view := q.viewOf(r)
	if len(langs) == 0 || len(view.snippets) == 0 {
		return nil
	}
	active := q.q.lang
	if !slices.Contains(langs, active) {
		active = langs[0]
	}
	return goapp.Section().ID(IDSnippets).Class("wb-query-snippets").Body(
		goapp.Div().Class("wb-query-snippet-tabs").Attr("role", "tablist").Body(
			goapp.Span().Class("wb-muted").Text("Request as "),
			goapp.Range(langs).Slice(func(i int) goapp.UI {
				l := langs[i]
				cls := "wb-query-snippet-tab"
				if l == active {
					cls += " active"
				}
				return goapp.Button().ID(IDSnippetTab+string(l)).Class(cls).Attr("role", "tab").
					Attr("aria-selected", strconv.FormatBool(l == active)).Text(l.Title()).
					OnClick(func(ctx goapp.Context, e goapp.Event) {
						q.q.lang, q.q.copied = l, ""
						q.save(ctx)
					})
			}),
		),
		goapp.Range(langs).Slice(func(i int) goapp.UI {
			l := langs[i]
			text := view.snippets[l]
			copyText := "Copy"
			if q.q.copied == l {
				copyText = "Copied ✓"
			}
			box := goapp.Div().Class("wb-query-snippet")
			if l != active {
				// Only when true: a pre-rendered hidden="false" would hide it.
				box = box.Hidden(true)
			}
			return box.Body(
				goapp.Button().ID(IDSnippetCopy+string(l)).Class("wb-btn wb-btn-small wb-query-copy").Text(copyText).
					OnClick(func(ctx goapp.Context, e goapp.Event) { q.copySnippet(ctx, l, text) }, goapp.EventScope(string(l), fmt.Sprintf("%p", q.State.Result))),
				goapp.Pre().ID(IDSnippet+string(l)).Class("wb-code wb-query-pre wb-query-snippet-code").Text(text),
			)
		}),
	)
}

// snippetEndpoint is where the snippets send requests: the page's own
// origin, whose server speaks DynamoDB's protocol.
func snippetEndpoint() string {
	if goapp.IsClient {
		if u := goapp.Window().URL(); u != nil && u.Host != "" {
			return u.Scheme + "://" + u.Host
		}
	}
	return "http://localhost:8080"
}

// ---- pure helpers ----

// resultColumns are the item table's columns: the key attributes of the
// request's table and index first, then every other attribute by name.
func resultColumns(m *model.Model, r *Result) []string {
	present := map[string]bool{}
	for _, it := range r.Items {
		for n := range it {
			present[n] = true
		}
	}
	var keys []string
	addKeys := func(names ...string) {
		for _, n := range names {
			if n != "" && present[n] && !slices.Contains(keys, n) {
				keys = append(keys, n)
			}
		}
	}
	var req struct {
		TableName string `json:"TableName"`
		IndexName string `json:"IndexName"`
	}
	_ = json.Unmarshal(r.Request, &req)
	if m != nil {
		tables := m.Tables
		if t := m.Table(req.TableName); t != nil {
			tables = []model.Table{*t}
		}
		for _, t := range tables {
			if req.IndexName != "" {
				if ks, ok := t.IndexKeyAttributes(req.IndexName); ok {
					addKeys(ks...)
				}
			}
			addKeys(t.KeyAttributes()...)
		}
	}
	var rest []string
	for n := range present {
		if !slices.Contains(keys, n) {
			rest = append(rest, n)
		}
	}
	slices.Sort(rest)
	return append(keys, rest...)
}

// capacityRow is one line of the consumed-capacity breakdown.
type capacityRow struct {
	Label string
	Scope string // "table-total", "table", "gsi" or "lsi"
	Units string
}

// capacityRows returns the result's total consumed capacity ("2.5 RCU")
// and, per table, its total and, when the request asked for INDEXES, its
// table and index shares. Figures are printed as the engine returned them.
func capacityRows(r *Result) (string, []capacityRow) {
	if len(r.Capacity) == 0 {
		return "", nil
	}
	unit := capacityUnit(r.Operation)
	total := unitsString(r.TotalCapacity()) + " " + unit
	var rows []capacityRow
	for _, c := range r.Capacity {
		rows = append(rows, capacityRow{Label: c.TableName, Scope: "table-total",
			Units: unitsText(c.CapacityUnits, c.ReadCapacityUnits, c.WriteCapacityUnits, unit)})
		if c.Table != nil {
			rows = append(rows, capacityRow{Label: "  table", Scope: "table",
				Units: unitsText(c.Table.CapacityUnits, c.Table.ReadCapacityUnits, c.Table.WriteCapacityUnits, unit)})
		}
		for _, ix := range sortedIndexes(c.GlobalSecondaryIndexes) {
			v := c.GlobalSecondaryIndexes[ix]
			rows = append(rows, capacityRow{Label: "  GSI " + ix, Scope: "gsi",
				Units: unitsText(v.CapacityUnits, v.ReadCapacityUnits, v.WriteCapacityUnits, unit)})
		}
		for _, ix := range sortedIndexes(c.LocalSecondaryIndexes) {
			v := c.LocalSecondaryIndexes[ix]
			rows = append(rows, capacityRow{Label: "  LSI " + ix, Scope: "lsi",
				Units: unitsText(v.CapacityUnits, v.ReadCapacityUnits, v.WriteCapacityUnits, unit)})
		}
	}
	return total, rows
}

func sortedIndexes(m map[string]engine.Capacity) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// capacityUnit is the unit an operation consumes.
func capacityUnit(op string) string {
	switch op {
	case "GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems":
		return "RCU"
	case "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems":
		return "WCU"
	}
	return "capacity units"
}

// unitsText prints units, preferring the read/write split when the engine
// gave one.
func unitsText(total float64, read, write *float64, unit string) string {
	switch {
	case read != nil && write != nil:
		return unitsString(*read) + " RCU, " + unitsString(*write) + " WCU"
	case read != nil:
		return unitsString(*read) + " RCU"
	case write != nil:
		return unitsString(*write) + " WCU"
	}
	return unitsString(total) + " " + unit
}

// unitsString prints a figure with the digits it has: 0.5, 2.5, 12.
func unitsString(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// indentOr returns JSON indented for reading, or as it is when it is not
// valid JSON.
func indentOr(raw []byte) string {
	if s, err := prettyJSON(raw); err == nil {
		return s
	}
	return string(raw)
}

// ---- small controls ----

func field(label, id string, control goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-query-field").Body(
		goapp.Label().For(id).Class("wb-query-label").Text(label),
		control,
	)
}

func textField(label, id, value, placeholder string, onChange goapp.EventHandler) goapp.UI {
	return field(label, id, goapp.Input().ID(id).Type("text").Class("wb-query-expr").
		Attr("spellcheck", "false").Placeholder(placeholder).Value(value).OnChange(onChange))
}

func checkField(label, id string, checked bool, onChange goapp.EventHandler) goapp.UI {
	return goapp.Label().For(id).Class("wb-query-check").Body(
		goapp.Input().ID(id).Type("checkbox").Checked(checked).OnChange(onChange),
		goapp.Span().Text(" "+label),
	)
}

func selectOf(id string, values []string, current string, title func(string) string) goapp.HTMLSelect {
	return goapp.Select().ID(id).Class("wb-select").Body(
		goapp.Range(values).Slice(func(i int) goapp.UI {
			v := values[i]
			return goapp.Option().Value(v).Selected(v == current).Text(title(v))
		}),
	)
}

func queryTableNames(m *model.Model) []string {
	names := make([]string, 0, len(m.Tables))
	for _, t := range m.Tables {
		names = append(names, t.TableName)
	}
	return names
}

func orDefault(v string) string {
	if v == "" {
		return "(default)"
	}
	return v
}

func orText(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
