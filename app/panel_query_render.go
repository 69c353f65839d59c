package app

import (
	"fmt"
	"slices"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

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
					ctx.Defer(func(goapp.Context) { q.syncFields() })
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
					ctx.Defer(func(goapp.Context) { q.syncFields() })
				}, goapp.EventScope(name)),
		),
	)
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
