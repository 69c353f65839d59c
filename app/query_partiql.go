package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partiql"
)

// The Query panel's PartiQL mode: a statement with ? parameters, sent as
// ExecuteStatement through the same wire dispatch as every other request,
// so the result panel (items, count, consumed capacity, next page, raw
// response, snippets) is the one the expression API uses.

// partiqlOperation is the operation PartiQL mode sends.
const partiqlOperation = "ExecuteStatement"

// partiqlForm is the PartiQL mode's request, field by field.
type partiqlForm struct {
	Statement  string
	Parameters string // a JSON list of attribute values; "" for none
	Limit      string
	Consistent bool
	Capacity   string // "" is INDEXES
}

// body writes the ExecuteStatement request, members in the API's order.
func (f *partiqlForm) body(nextToken string) (string, error) {
	if strings.TrimSpace(f.Statement) == "" {
		return "", errors.New("write a statement first")
	}
	o := object{{"Statement", f.Statement}}
	if p := strings.TrimSpace(f.Parameters); p != "" {
		var list []json.RawMessage
		if err := json.Unmarshal([]byte(p), &list); err != nil {
			return "", fmt.Errorf(`Parameters must be a JSON list of attribute values, e.g. [{"S": "x"}, {"N": "1"}]: %v`, err)
		}
		if len(list) > 0 {
			o = append(o, member{"Parameters", json.RawMessage(p)})
		}
	}
	if f.Consistent {
		o = append(o, member{"ConsistentRead", true})
	}
	if nextToken != "" {
		o = append(o, member{"NextToken", nextToken})
	}
	o = append(o, member{"ReturnConsumedCapacity", orText(f.Capacity, "INDEXES")})
	o, err := o.addInt("Limit", f.Limit)
	if err != nil {
		return "", err
	}
	return marshalPretty(o)
}

// partiqlFormOf reads an ExecuteStatement request (an access pattern's)
// back into the form.
func partiqlFormOf(request []byte) (partiqlForm, bool) {
	var in struct {
		Statement              string
		Parameters             json.RawMessage
		ConsistentRead         bool
		Limit                  *int64
		ReturnConsumedCapacity string
	}
	if json.Unmarshal(request, &in) != nil || in.Statement == "" {
		return partiqlForm{}, false
	}
	f := partiqlForm{Statement: in.Statement, Consistent: in.ConsistentRead, Capacity: in.ReturnConsumedCapacity}
	if len(in.Parameters) > 0 && string(in.Parameters) != "null" {
		f.Parameters = indentOr(in.Parameters)
	}
	if in.Limit != nil {
		f.Limit = fmt.Sprint(*in.Limit)
	}
	return f, true
}

// nextTokenOf returns an ExecuteStatement response's NextToken, or "".
func nextTokenOf(r *Result) string {
	if r == nil || r.Operation != partiqlOperation || r.Status != 200 {
		return ""
	}
	var out struct{ NextToken string }
	if json.Unmarshal(r.Response, &out) != nil {
		return ""
	}
	return out.NextToken
}

// partiqlTemplate is a starting statement for the selected table.
type partiqlTemplate struct {
	Name, Statement, Parameters string
}

// partiqlTemplates writes a keyed SELECT, a scan, an INSERT, an UPDATE and
// a DELETE for table ft, with ? for the key values.
func partiqlTemplates(ft *formTable) []partiqlTemplate {
	if ft == nil || len(ft.Keys) == 0 {
		return nil
	}
	table := quoteName(ft.Name)
	var where, params, tuple []string
	for _, k := range ft.Keys {
		where = append(where, quoteName(k.Name)+" = ?")
		params = append(params, exampleParam(k.Type))
		tuple = append(tuple, "'"+strings.ReplaceAll(k.Name, "'", "''")+"': ?")
	}
	pk := ft.Keys[0]
	keyed := strings.Join(where, " AND ")
	all := "[" + strings.Join(params, ", ") + "]"
	return []partiqlTemplate{
		{"SELECT", "SELECT * FROM " + table + " WHERE " + quoteName(pk.Name) + " = ?", "[" + params[0] + "]"},
		{"Scan", "SELECT * FROM " + table, ""},
		{"INSERT", "INSERT INTO " + table + " VALUE {" + strings.Join(tuple, ", ") + "}", all},
		{"UPDATE", "UPDATE " + table + " SET updatedBy = 'workbench' WHERE " + keyed, all},
		{"DELETE", "DELETE FROM " + table + " WHERE " + keyed, all},
	}
}

func quoteName(n string) string { return `"` + strings.ReplaceAll(n, `"`, `""`) + `"` }

func exampleParam(typ string) string {
	switch typ {
	case "N":
		return `{"N": "1"}`
	case "B":
		return `{"B": "AA=="}`
	}
	return `{"S": "value"}`
}

// ---- the panel's side ----

// setMode switches between the expression API and PartiQL.
func (q *queryPanel) setMode(ctx goapp.Context, partiql bool) {
	s := &q.q
	s.partiql = partiql
	if partiql && strings.TrimSpace(s.pq.Statement) == "" {
		if ts := partiqlTemplates(formTableOf(q.State.Model, s.form.Table)); len(ts) > 0 {
			s.pq.Statement, s.pq.Parameters = ts[0].Statement, ts[0].Parameters
		}
	}
	s.formErr = ""
	q.save(ctx)
}

// runPartiQL sends the PartiQL form as ExecuteStatement.
func (q *queryPanel) runPartiQL(ctx goapp.Context) {
	q.readPartiQL()
	body, err := q.q.pq.body("")
	if err != nil {
		q.q.formErr = err.Error()
		q.save(ctx)
		return
	}
	q.q.formErr = ""
	q.act(ctx, func() { _, _ = q.Store.Run(partiqlOperation, []byte(body)) })
	q.q.result = q.State.Result
	q.save(ctx)
}

// nextPartiQL reads the next page: the request that ran with NextToken.
func (q *queryPanel) nextPartiQL(ctx goapp.Context) {
	r := q.State.Result
	tok := nextTokenOf(r)
	if tok == "" {
		return
	}
	quoted, _ := json.Marshal(tok)
	body, err := setMember(r.Request, "NextToken", quoted)
	if err != nil {
		q.q.formErr = "next page: " + err.Error()
		return
	}
	q.act(ctx, func() { _, _ = q.Store.Run(partiqlOperation, []byte(body)) })
	q.q.result = q.State.Result
	q.save(ctx)
}

// readPartiQL takes the text areas' current values: they are read, not
// re-rendered, while the person types.
func (q *queryPanel) readPartiQL() {
	if !goapp.IsClient {
		return
	}
	for id, dst := range map[string]*string{IDPartiQLStatement: &q.q.pq.Statement, IDPartiQLParams: &q.q.pq.Parameters} {
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			*dst = el.Get("value").String()
		}
	}
}

// renderMode draws the API / PartiQL switch.
func (q *queryPanel) renderMode() goapp.UI {
	on := q.q.partiql
	button := func(id, text string, pressed bool, partiql bool) goapp.UI {
		cls := "wb-btn wb-btn-small"
		if pressed {
			cls += " wb-btn-primary"
		}
		return goapp.Button().ID(id).Class(cls).Attr("aria-pressed", fmt.Sprint(pressed)).Text(text).
			OnClick(func(ctx goapp.Context, e goapp.Event) { q.setMode(ctx, partiql) })
	}
	return goapp.Div().Class("wb-query-mode wb-row-buttons").Attr("role", "group").Attr("aria-label", "Request language").Body(
		button(IDQueryModeAPI, "Expression API", !on, false),
		button(IDQueryModePartiQL, "PartiQL", on, true),
	)
}

// renderPartiQL draws the statement editor, its parameters and options.
func (q *queryPanel) renderPartiQL(st *State) goapp.UI {
	s := &q.q
	f := &s.pq
	templates := partiqlTemplates(formTableOf(st.Model, s.form.Table))
	return goapp.Section().Class("wb-query-form wb-partiql").Attr("aria-label", "PartiQL statement").Body(
		goapp.Div().Class("wb-query-row").Body(
			field("Table", IDQueryTable, selectOf(IDQueryTable, queryTableNames(st.Model), s.form.Table, func(v string) string { return v }).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					s.form.Table, s.form.Index, s.form.Key = e.Get("target").Get("value").String(), "", map[string]string{}
					q.save(ctx)
				})),
			goapp.Div().Class("wb-row-buttons wb-partiql-templates").Body(
				goapp.Span().Class("wb-muted").Text("Start from "),
				goapp.Range(templates).Slice(func(i int) goapp.UI {
					tp := templates[i]
					return goapp.Button().ID(IDPartiQLTemplate+tp.Name).Class("wb-btn wb-btn-small").Text(tp.Name).
						Title(tp.Statement).
						OnClick(func(ctx goapp.Context, e goapp.Event) {
							f.Statement, f.Parameters = tp.Statement, tp.Parameters
							q.writePartiQL()
							q.save(ctx)
						}, goapp.EventScope(tp.Name, tp.Statement))
				}),
			),
		),
		goapp.Label().For(IDPartiQLStatement).Class("wb-query-label").Text("Statement"),
		goapp.Textarea().ID(IDPartiQLStatement).Class("wb-code wb-query-editor wb-partiql-statement").Rows(6).
			Attr("spellcheck", "false").Attr("autocomplete", "off").
			Placeholder(`SELECT * FROM "Table" WHERE "PK" = ?`).Text(f.Statement).
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				f.Statement = e.Get("target").Get("value").String()
				q.save(ctx)
				ctx.PreventUpdate()
			}),
		goapp.Label().For(IDPartiQLParams).Class("wb-query-label").Text("Parameters (one attribute value per ?, in order)"),
		goapp.Textarea().ID(IDPartiQLParams).Class("wb-code wb-query-item").Rows(3).
			Attr("spellcheck", "false").Placeholder(`[{"S": "USER#42"}, {"N": "10"}]`).Text(f.Parameters).
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				f.Parameters = e.Get("target").Get("value").String()
				q.save(ctx)
				ctx.PreventUpdate()
			}),
		goapp.Div().Class("wb-query-row").Body(
			field("Limit", IDPartiQLLimit, goapp.Input().ID(IDPartiQLLimit).Type("number").Min(1).Class("wb-query-num").
				Value(f.Limit).OnChange(func(ctx goapp.Context, e goapp.Event) {
				f.Limit = e.Get("target").Get("value").String()
				q.save(ctx)
			})),
			field("ReturnConsumedCapacity", IDPartiQLCapacity, selectOf(IDPartiQLCapacity, capacityChoices, orText(f.Capacity, "INDEXES"), func(v string) string { return v }).
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					f.Capacity = e.Get("target").Get("value").String()
					q.save(ctx)
				})),
			checkField("ConsistentRead", IDPartiQLConsist, f.Consistent, func(ctx goapp.Context, e goapp.Event) {
				f.Consistent = e.Get("target").Get("checked").Bool()
				q.save(ctx)
			}),
		),
		goapp.P().Class("wb-muted wb-query-hint").Text(`Strings are 'single-quoted', names "double-quoted". A SELECT whose WHERE pins the partition key (= or IN) reads those partitions; any other SELECT scans the whole table, and the consumed capacity shows it.`),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDQueryRun).Class("wb-btn wb-btn-primary").
				Title("Run the statement (Ctrl+Enter or ⌘+Enter)").Text("Run ▶").
				OnClick(func(ctx goapp.Context, e goapp.Event) { q.runPartiQL(ctx) }),
			goapp.Span().Class("wb-muted wb-query-shortcut").Text("Ctrl/⌘+Enter runs"),
		),
		goapp.If(s.pattern != "", func() goapp.UI {
			return goapp.P().ID(IDQueryPatternNote).Class("wb-query-pattern-note").Text("Access pattern: " + s.pattern)
		}),
		goapp.If(s.formErr != "", func() goapp.UI {
			return goapp.P().ID(IDQueryFormError).Class("wb-error wb-query-form-error").Attr("role", "alert").Text(s.formErr)
		}),
	)
}

// writePartiQL sets the text areas' values, which a re-render alone would
// not do once the person has typed in them.
func (q *queryPanel) writePartiQL() {
	if !goapp.IsClient {
		return
	}
	for id, v := range map[string]string{IDPartiQLStatement: q.q.pq.Statement, IDPartiQLParams: q.q.pq.Parameters} {
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			el.Set("value", v)
		}
	}
}

// renderNextToken draws an ExecuteStatement's NextToken and its next-page
// button.
func (q *queryPanel) renderNextToken(r *Result) goapp.UI {
	tok := nextTokenOf(r)
	if tok == "" {
		return nil
	}
	return goapp.Div().ID(IDResultNextToken).Class("wb-query-lek").Body(
		goapp.Span().Class("wb-muted").Text("NextToken "),
		goapp.Code().Class("wb-mono").Text(tok),
		goapp.Button().ID(IDQueryNext).Class("wb-btn wb-btn-small").Text("Next page ▶").
			Disabled(r.Requests > 1).
			Title(greyed(r.Requests > 1, "Run the same statement from NextToken", "a fan-out's statements each have their own NextToken: run one of them alone to page it")).
			OnClick(func(ctx goapp.Context, e goapp.Event) { q.nextPartiQL(ctx) }),
	)
}

// planCache is the plan of the result last explained.
type planCache struct {
	result *Result
	plan   *partiql.Plan
}

// planOf says how an ExecuteStatement result's statement ran (nil for any
// other result, or when it did not plan), explained once per result.
func (q *queryPanel) planOf(r *Result) *partiql.Plan {
	if r == nil || r.Operation != partiqlOperation || q.Store == nil {
		return nil
	}
	if q.plan.result == r {
		return q.plan.plan
	}
	var in partiql.ExecuteStatementInput
	var p *partiql.Plan
	if json.Unmarshal(r.Request, &in) == nil && in.Statement != nil {
		p, _ = partiql.Explain(q.Store.DB(), *in.Statement, in.Parameters)
	}
	q.plan = planCache{result: r, plan: p}
	return p
}

// describePlan words a plan for the result panel.
func describePlan(p *partiql.Plan) string {
	on := p.Table
	if p.Index != "" {
		on += " (index " + p.Index + ")"
	}
	switch p.Operation {
	case "Scan":
		return "Full scan of " + on + ": the WHERE clause has no equality or IN on the partition key, so every item is read and paid for, whatever the filter keeps."
	case "Query":
		if p.Reads == 1 {
			return "Query of " + on + ": the WHERE clause pins the partition key, one key read."
		}
		return fmt.Sprintf("Query of %s: the WHERE clause pins the partition key, %d key reads.", on, p.Reads)
	}
	return p.Operation + " on " + on + "."
}

// renderPlan draws how the statement ran.
func (q *queryPanel) renderPlan(p *partiql.Plan) goapp.UI {
	cls := "wb-muted wb-query-hint"
	if p.Operation == "Scan" {
		cls = "wb-query-hint wb-warning" // a full scan: said in the warning colour
	}
	return goapp.P().ID(IDResultPlan).Class(cls).Attr("data-operation", p.Operation).Text(describePlan(p))
}
