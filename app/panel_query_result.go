package app

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

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
					Title(greyed(r.Requests > 1, "Run the same request from ExclusiveStartKey", "a fan-out's requests each have their own LastEvaluatedKey: run one of them alone to page it")).
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
