package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/model"
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
	// mounted is the panel's context once mounted: the server's snippets
	// arrive through it (snippet_js.go).
	mounted   goapp.Context
	isMounted bool
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
	q.view = v
	if len(r.Request) > 0 {
		req := snippet.Job{Operation: r.Operation, Input: r.Request, Endpoint: ep, Region: snippetRegion}
		if fan, fanned := q.fanOutOf(r); fanned {
			req.Input = fan.input
			f := fan.FanOut
			req.FanOut = &f
		}
		// The snippets are written by the server (POST /api/snippet) in
		// the page, in the process elsewhere (snippet_js.go,
		// snippet_other.go); they show once written.
		q.requestSnippets(req, func(s map[snippet.Language]string) {
			if q.view.result == r && q.view.endpoint == ep {
				q.view.snippets = s
			}
		})
	}
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
	q.mounted, q.isMounted = ctx, true
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
