package app

import (
	"fmt"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// ---- the editor and the new row's form ----

// renderEditor draws the cell editor: the value's type and text, checked
// before anything is sent; for a key, the move's confirmation.
func (g *gridPanel) renderEditor(table string) goapp.UI {
	ed := g.edit
	if ed == nil || ed.table != table {
		return goapp.Text("")
	}
	var field goapp.UI
	switch ed.typ {
	case "BOOL":
		field = goapp.Select().ID(IDGridEditValue).Class("wb-select").
			OnChange(func(ctx goapp.Context, e goapp.Event) { ed.text = e.Get("target").Get("value").String() }, goapp.EventScope(ed.row, ed.col)).
			Body(
				goapp.Option().Value("true").Selected(ed.text == "true").Text("true"),
				goapp.Option().Value("false").Selected(ed.text != "true").Text("false"),
			)
	case "NULL":
		field = goapp.Input().ID(IDGridEditValue).Type("text").Value("null").Disabled(true).Title("Greyed out: a NULL has no value to edit; choose another type to give it one")
	case visualizer.CellJSON:
		field = goapp.Textarea().ID(IDGridEditValue).Class("wb-code").Rows(4).Attr("spellcheck", "false").
			Text(ed.text).
			OnInput(func(ctx goapp.Context, e goapp.Event) { ed.text = e.Get("target").Get("value").String() }, goapp.EventScope(ed.row, ed.col))
	default:
		field = goapp.Input().ID(IDGridEditValue).Type("text").Class("wb-mono").Attr("spellcheck", "false").
			Value(ed.text).
			OnInput(func(ctx goapp.Context, e goapp.Event) { ed.text = e.Get("target").Get("value").String() }, goapp.EventScope(ed.row, ed.col)).
			// Enter saves, Escape closes, as in a spreadsheet.
			OnKeyDown(func(ctx goapp.Context, e goapp.Event) {
				switch e.Get("key").String() {
				case "Enter":
					e.PreventDefault()
					g.saveEdit(ctx)
				case "Escape":
					g.edit = nil
				}
			})
	}
	hint := "S as typed, N a number, B base64; sets, lists and maps as DynamoDB JSON ({\"SS\": [\"a\", \"b\"]})."
	if ed.isKey {
		hint = "A key attribute: DynamoDB cannot update it in place, so changing it moves the item (delete and put, in one transaction)."
	}
	return goapp.Div().ID(IDGridEditor).Class("wb-grid-editor").Attr("data-col", ed.col).Attr("data-row", ed.row).Body(
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Strong().Text(ed.col),
			goapp.Span().Class("wb-muted").Text(" of "+gridKeyText(ed.key, ed.hash)+" "),
			goapp.Select().ID(IDGridEditType).Class("wb-select").Attr("aria-label", "type").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					ed.text = g.editorValue()
					ed.typ = e.Get("target").Get("value").String()
					if ed.typ == "BOOL" && ed.text != "true" {
						ed.text = "false"
					}
					ed.err, ed.move = "", nil
				}, goapp.EventScope(ed.row, ed.col)).
				Body(goapp.Range(visualizer.CellTypes).Slice(func(i int) goapp.UI {
					t := visualizer.CellTypes[i]
					return goapp.Option().Value(t).Selected(t == ed.typ).Text(t).Disabled(ed.isKey && t != "S" && t != "N" && t != "B").
						Title(greyed(ed.isKey && t != "S" && t != "N" && t != "B", t, "a key attribute is a String, Number or Binary"))
				})),
			field,
			goapp.Button().ID(IDGridEditSave).Class("wb-btn wb-btn-primary").Text("Save").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.saveEdit(ctx) }),
			goapp.Button().ID(IDGridEditRemove).Class("wb-btn").Text("Remove attribute").Disabled(ed.isKey).
				Title(greyed(ed.isKey, "Remove the attribute from the item", "every item carries its key attributes: delete the item instead")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.removeAttr(ctx) }),
			goapp.Button().ID(IDGridEditCancel).Class("wb-btn").Text("Cancel").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.edit = nil }),
		),
		goapp.P().Class("wb-muted").Text(hint),
		goapp.If(ed.move != nil, func() goapp.UI {
			return goapp.Div().Class("wb-grid-confirm").Attr("role", "alertdialog").Body(
				goapp.Span().Text(fmt.Sprintf("Move the item from %s = %s to %s = %s? ", ed.col, visualizer.FormatValue(ed.item[ed.col]), ed.col, visualizer.FormatValue(ed.move))),
				goapp.Button().ID(IDGridMoveConfirm).Class("wb-btn wb-btn-danger").Text("Move item").
					OnClick(func(ctx goapp.Context, e goapp.Event) { g.confirmMove(ctx) }),
			)
		}),
		goapp.If(ed.err != "", func() goapp.UI {
			return goapp.P().ID(IDGridEditError).Class("wb-error").Attr("role", "alert").Text(ed.err)
		}),
	)
}

// gridKeyText writes a key as "PK = …, SK = …", the partition key first.
func gridKeyText(key attr.Item, hash string) string {
	parts := []string{hash + " = " + visualizer.FormatValue(key[hash])}
	for n, v := range key {
		if n != hash {
			parts = append(parts, n+" = "+visualizer.FormatValue(v))
		}
	}
	return strings.Join(parts, ", ")
}

// renderNew draws the new row's key form.
func (g *gridPanel) renderNew(st *State, table string) goapp.UI {
	a := g.adding
	if a == nil || a.table != table {
		return goapp.Text("")
	}
	title := "New item: its key"
	if a.base != nil {
		title = "Duplicate: the copy's key"
	}
	return goapp.Div().ID(IDGridNew).Class("wb-grid-editor").Body(
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Strong().Text(title+" "),
			goapp.Range(a.fields).Slice(func(i int) goapp.UI {
				f := a.fields[i]
				id := IDGridNew + "-" + idSafe(f.Name)
				return goapp.Span().Body(
					goapp.Label().For(id).Text(f.Name+" ("+f.Type+") "),
					goapp.Input().ID(id).Type("text").Class("wb-mono").Value(f.Value).Attr("spellcheck", "false").
						OnInput(func(ctx goapp.Context, e goapp.Event) { a.fields[i].Value = e.Get("target").Get("value").String() }, goapp.EventScope(table, f.Name)),
				)
			}),
			goapp.Button().ID(IDGridNewSave).Class("wb-btn wb-btn-primary").Text("Add item").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.saveNew(ctx) }),
			goapp.Button().Class("wb-btn").Text("Cancel").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.adding = nil }),
		),
		goapp.If(a.err != "", func() goapp.UI {
			return goapp.P().ID(IDGridEditError).Class("wb-error").Attr("role", "alert").Text(a.err)
		}),
	)
}

// facetsToggle draws a facets checkbox: one setting, shown in the grid and
// the collections view.
func facetsToggle(id string, on bool, set func(goapp.Context, bool)) goapp.UI {
	return goapp.Label().Class("wb-check").
		Title("Show each entity's own names for the key attributes (customerId for PK), from its key templates or its NoSQL Workbench facet").
		Body(
			goapp.Input().ID(id).Type("checkbox").Checked(on).
				OnChange(func(ctx goapp.Context, e goapp.Event) { set(ctx, e.Get("target").Get("checked").Bool()) }),
			goapp.Text(" Facets"),
		)
}
