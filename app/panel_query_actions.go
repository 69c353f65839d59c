package app

import (
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/model"
)

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
	ctx.Defer(func(goapp.Context) { q.syncFields() })
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
	// The form shows the pattern's request too, as far as it reads it: it
	// kept the last request's fields (a table's Query beside a GSI's).
	if f, ok := formFromRequest(s.form, body, func(name string) *formTable { return formTableOf(q.State.Model, name) }); ok {
		s.form = f
	}
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

// syncFields writes the form's values into its fields as the page shows
// them. go-app renders Value("") by removing the value attribute, which
// leaves the text an input shows in place (a textarea's Text sets only its
// default): a form rewritten from the editor kept showing the filter the
// request no longer had. It runs after the render (ctx.Defer).
func (q *queryPanel) syncFields() {
	if !goapp.IsClient {
		return
	}
	f := q.q.form
	vals := map[string]string{IDQueryFilter: f.Filter, IDQueryProjection: f.Projection, IDQueryCondition: f.Condition,
		IDQueryUpdate: f.Update, IDQueryItem: f.Item, IDQueryLimit: f.Limit, IDQuerySegment: f.Segment,
		IDQueryTotalSegments: f.TotalSegments, IDQuerySortTo: f.SortTo}
	doc := goapp.Window().Get("document")
	keys := doc.Call("querySelectorAll", "input.wb-query-key")
	for i := 0; i < keys.Length(); i++ {
		if id := keys.Index(i).Get("id").String(); id != IDQuerySortTo {
			vals[id] = ""
		}
	}
	for name, v := range f.Key {
		vals[IDQueryKey+idSafe(name)] = v
	}
	for id, v := range vals {
		if el := doc.Call("getElementById", id); el.Truthy() && el.Get("value").String() != v {
			el.Set("value", v)
		}
	}
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
