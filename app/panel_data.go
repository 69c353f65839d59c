package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// collectionsPerPage is how many item collections a page of the view shows.
const collectionsPerPage = 10

// dataPanel is the aggregate view: load a dataset, browse the item
// collections of a table, and add, edit or delete items.
type dataPanel struct {
	goapp.Compo
	Panel
	table  string
	offset int
	// size is the number typed into Items to load, for sizeModel: a load
	// or another design makes the field show what was loaded again.
	size      int
	sizeModel *model.Model
	filter    string // a partition key to show alone
	// editor holds the item being edited as DynamoDB JSON; selected is
	// its row key.
	editor   string
	selected string
	// form shows the item as a form (rows) instead of DynamoDB JSON.
	form    bool
	rows    []formAttr
	formErr string
	// pick is what a click on a row of the collections does.
	pick rowPick
}

// Render draws the panel.
func (d *dataPanel) Render() goapp.UI {
	st := d.State
	name := pickTable(st, d.table)
	return goapp.Div().Class("wb-data").Body(
		d.renderLoad(st),
		goapp.Div().Class("wb-panel-head").Body(
			tableSelect(st, name, func(ctx goapp.Context, v string) { d.table, d.offset = v, 0 }),
			goapp.Label().For(IDCollectionFilter).Text("Partition key"),
			goapp.Input().ID(IDCollectionFilter).Type("text").Placeholder("all collections").
				Value(d.filter).Attr("spellcheck", "false").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					d.filter, d.offset = strings.TrimSpace(e.Get("target").Get("value").String()), 0
				}),
			facetsToggle(IDFacets, st.Facets, func(ctx goapp.Context, on bool) { d.act(ctx, func() { d.Store.SetFacets(on) }) }),
		),
		&csvImporter{Panel: d.Panel, Table: name}, // Import CSV…, Export CSV (csv_import.go)
		goapp.Div().Class("wb-data-body").Body(
			// While a load runs the view would be recomputed at every
			// progress report over a table that is still growing; the
			// progress bar says enough, and the load finishes sooner.
			goapp.If(st.Load.Running, func() goapp.UI {
				return goapp.P().ID(IDCollections).Class("wb-muted").Text("Loading the dataset…")
			}).Else(func() goapp.UI {
				d.pick.fn = func(ctx goapp.Context, r visualizer.Row) {
					d.selected = r.Key
					d.editor = itemJSON(r.Item)
				}
				return renderCollections(d.Store, st, name, "", d.filter, d.offset, d.selected, &d.pick, func(ctx goapp.Context, off int) { d.offset = off })
			}),
			d.renderEditor(st, name),
		),
	)
}

// renderLoad draws the dataset controls.
func (d *dataPanel) renderLoad(st *State) goapp.UI {
	size := d.loadSize(st)
	ld := st.Load
	bar := goapp.Progress().ID(IDLoadProgress).Class("wb-progress")
	for _, a := range loadBarAttrs(ld) { // paintLoad writes the same
		bar = bar.Attr(a.name, a.value)
	}
	return goapp.Div().Class("wb-load").Body(
		goapp.Label().For(IDLoadSize).Text("Items to load"),
		goapp.Input().ID(IDLoadSize).Type("number").Min(patterns.MinSize).Max(patterns.MaxSize).Step(1000).
			Value(strconv.Itoa(size)).Disabled(ld.Running).Title(greyed(ld.Running, "How many items the dataset has", "a load is running; Cancel (at the bottom) stops it")).
			OnChange(func(ctx goapp.Context, e goapp.Event) {
				if n, err := strconv.Atoi(e.Get("target").Get("value").String()); err == nil {
					d.size, d.sizeModel = n, d.State.Model
				}
			}),
		goapp.Button().ID(IDLoadButton).Class("wb-btn wb-btn-primary").Disabled(ld.Running).
			Text("Load dataset").Title(greyed(ld.Running, "Replace the tables' items with a generated dataset", "a load is running; Cancel (at the bottom) stops it")).
			// The size at the click, not at the render: a change of the
			// field and a click can come before the next render.
			OnClick(func(ctx goapp.Context, e goapp.Event) { startLoad(ctx, d.Store, d.loadSize(d.State)) }),
		bar,
		goapp.Span().ID(IDLoadPace).Class("wb-muted").Text(loadText(ld)),
	)
}

// loadSize is how many items Load dataset loads: the number typed since
// the last load of this design, else what was loaded last (a deep link's
// items=N, a start-page card's), else the items the tables hold (a model
// opened with its items), else the design's default.
func (d *dataPanel) loadSize(st *State) int {
	if st.Load.Running || st.Model != d.sizeModel {
		d.size = 0 // the field follows the load, or the other design
	}
	size := d.size
	if size == 0 && st.Load.Total > 0 {
		size = st.Load.Total
	}
	if size == 0 {
		size, _ = dataSize(st.Snapshot)
	}
	if size == 0 {
		size = defaultLoadSize(st.Model)
	}
	return size
}

// loadText is the load's progress in words, beside the bar.
func loadText(ld LoadState) string {
	pct := 0
	if ld.Total > 0 {
		pct = ld.Done * 100 / ld.Total
	}
	switch {
	case ld.Error != "":
		return "load failed: " + ld.Error
	case ld.Running:
		text := fmt.Sprintf("%d%% · %s of %s", pct, groupDigits(int64(ld.Done)), groupDigits(int64(ld.Total)))
		if pace := ld.pace(); pace != "" {
			text += " · " + pace
		}
		return text
	case ld.Cancelled:
		return fmt.Sprintf("cancelled: %d of %d items loaded", ld.Done, ld.Total)
	case ld.Total > 0:
		text := fmt.Sprintf("%d items in %s", ld.Done, ld.Elapsed.Round(1e6))
		if r := ld.Rate(); r > 0 {
			text += " (" + groupDigits(int64(r+0.5)) + " items/s)"
		}
		return text
	}
	return ""
}

// leftMs is a running load's time left in milliseconds for the progress
// bar's data-left-ms, -1 when there is none to tell.
func leftMs(ld LoadState) int64 {
	if left, ok := ld.Left(); ok && ld.Running {
		return left.Milliseconds()
	}
	return -1
}

// defaultLoadSize is the dataset size the model's generator suggests.
func defaultLoadSize(m *model.Model) int {
	if m.Dataset != nil && m.Dataset.Generator != nil && m.Dataset.Generator.Size > 0 {
		return m.Dataset.Generator.Size
	}
	return 1000
}

// renderEditor draws the item editor: DynamoDB JSON, saved with PutItem.
func (d *dataPanel) renderEditor(st *State, table string) goapp.UI {
	text := d.editor
	if text == "" {
		text = newItemTemplate(st, table)
	}
	return goapp.Div().Class("wb-item-editor").Body(
		goapp.H3().Body(
			goapp.Text("Item "),
			goapp.Button().ID(IDItemAsJSON).Class("wb-btn wb-btn-small"+map[bool]string{true: "", false: " active"}[d.form]).
				Text("JSON").OnClick(func(ctx goapp.Context, e goapp.Event) { d.showJSON() }),
			goapp.Button().ID(IDItemAsForm).Class("wb-btn wb-btn-small"+map[bool]string{true: " active", false: ""}[d.form]).
				Text("Form").OnClick(func(ctx goapp.Context, e goapp.Event) { d.showForm(st, table, text) }, goapp.EventScope(table)),
		),
		goapp.If(d.form, func() goapp.UI { return d.renderForm() }).Else(func() goapp.UI {
			return goapp.Div().Body(
				goapp.P().Class("wb-muted").Text("DynamoDB JSON, as PutItem's Item takes it. Save writes it with PutItem; a new key adds an item."),
				goapp.Textarea().ID(IDItemEditor).Class("wb-code").Attr("spellcheck", "false").Rows(14).
					Text(text).
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.editor = e.Get("target").Get("value").String() }),
			)
		}),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDItemSave).Class("wb-btn wb-btn-primary").Text("Save item").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					body, ok := d.editedItem()
					if !ok {
						return
					}
					d.act(ctx, func() { d.Store.PutItem(table, []byte(body)) })
					d.editor = body
				}, goapp.EventScope(table)),
			goapp.Button().ID(IDItemNew).Class("wb-btn").Text("New item").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					d.selected, d.editor = "", newItemTemplate(d.State, table)
					if d.form {
						d.showForm(d.State, table, d.editor)
					}
				}, goapp.EventScope(table)),
			goapp.Button().ID(IDItemDelete).Class("wb-btn wb-btn-danger").Text("Delete item").
				Disabled(d.selected == "").Title(greyed(d.selected == "", "Delete the item in the editor", "no item is selected: click an item's row to edit it")).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					var it attr.Item
					body, ok := d.editedItem()
					if !ok {
						return
					}
					if err := it.UnmarshalJSON([]byte(body)); err != nil {
						d.act(ctx, func() { d.Store.fail(fmt.Errorf("the item is not valid DynamoDB JSON: %v", err)) })
						return
					}
					key := keyOf(d.State, table, it)
					d.act(ctx, func() { d.Store.DeleteItem(table, key) })
					d.selected, d.editor = "", ""
				}, goapp.EventScope(table)),
		),
		goapp.If(st.Result != nil && (st.Result.Operation == "PutItem" || st.Result.Operation == "DeleteItem") && st.Result.Status != 200, func() goapp.UI {
			return goapp.P().Class("wb-error").Text(st.Result.ErrorType + ": " + st.Result.ErrorMessage)
		}),
	)
}

// newItemTemplate is a starting item: the table's key attributes.
func newItemTemplate(st *State, table string) string {
	mt := st.Model.Table(table)
	if mt == nil {
		return "{}"
	}
	var parts []string
	for _, k := range mt.KeySchema {
		typ := string(mt.AttributeType(k.AttributeName))
		example := `""`
		if typ == "N" {
			example = `"0"`
		}
		parts = append(parts, fmt.Sprintf("  %q: {%q: %s}", k.AttributeName, typ, example))
	}
	return "{\n" + strings.Join(parts, ",\n") + "\n}"
}

// keyOf returns the table's key attributes of it.
func keyOf(st *State, table string, it attr.Item) attr.Item {
	key := attr.Item{}
	if mt := st.Model.Table(table); mt != nil {
		for _, k := range mt.KeySchema {
			if v, ok := it[k.AttributeName]; ok {
				key[k.AttributeName] = v
			}
		}
	}
	return key
}

// itemJSON prints an item as indented DynamoDB JSON, one attribute a line.
func itemJSON(it attr.Item) string {
	names := make([]string, 0, len(it))
	for n := range it {
		names = append(names, n)
	}
	slices.Sort(names)
	var b strings.Builder
	b.WriteString("{\n")
	for i, n := range names {
		v, err := attr.MarshalValue(it[n])
		if err != nil {
			continue
		}
		fmt.Fprintf(&b, "  %q: %s", n, v)
		if i < len(names)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}")
	return b.String()
}

// pickTable returns the table to show: the chosen one if it exists, else
// the model's first.
func pickTable(st *State, chosen string) string {
	if chosen != "" && st.Model.Table(chosen) != nil {
		return chosen
	}
	if len(st.Model.Tables) > 0 {
		return st.Model.Tables[0].TableName
	}
	return ""
}

// tableSelect draws the table picker; it is hidden with a single table.
func tableSelect(st *State, current string, onChange func(ctx goapp.Context, v string)) goapp.UI {
	tables := st.Model.Tables
	return goapp.Div().Class("wb-table-pick").Body(
		goapp.Label().For(IDTableSelect).Text("Table "),
		goapp.Select().ID(IDTableSelect).Class("wb-select").
			OnChange(func(ctx goapp.Context, e goapp.Event) { onChange(ctx, e.Get("target").Get("value").String()) }).
			Body(goapp.Range(tables).Slice(func(i int) goapp.UI {
				n := tables[i].TableName
				return goapp.Option().Value(n).Selected(n == current).Text(n)
			})),
	)
}

// entityOf returns a function naming an item's entity under the model.
func entityOf(m *model.Model, table string) func(attr.Item) string {
	r := recognizerOf(m)
	if r == nil {
		return nil
	}
	return func(it attr.Item) string {
		if e, _ := r.EntityOf(table, it); e != nil {
			return e.Name
		}
		return ""
	}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// plural writes a count with its noun ("1 item", "3 items").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// editedItem returns the item being edited as DynamoDB JSON: the editor's
// text, or the form's rows put together. A form that does not make an item
// shows why and returns false.
func (d *dataPanel) editedItem() (string, bool) {
	if !d.form {
		return goapp.Window().GetElementByID(IDItemEditor).Get("value").String(), true
	}
	body, err := itemOfForm(d.rows)
	if err != nil {
		d.formErr = err.Error()
		return "", false
	}
	d.formErr = ""
	return body, true
}

// showForm switches the editor to the form, filled from the item's JSON.
func (d *dataPanel) showForm(st *State, table, text string) {
	if !d.form {
		if el := goapp.Window().GetElementByID(IDItemEditor); el.Truthy() {
			text = el.Get("value").String()
		}
	}
	var keys []string
	if mt := st.Model.Table(table); mt != nil {
		for _, k := range mt.KeySchema {
			keys = append(keys, k.AttributeName)
		}
	}
	rows, err := formOf(text, keys)
	if err != nil {
		d.formErr = err.Error()
		return
	}
	d.form, d.rows, d.formErr = true, rows, ""
}

// showJSON switches the editor back to DynamoDB JSON.
func (d *dataPanel) showJSON() {
	if !d.form {
		return
	}
	if body, err := itemOfForm(d.rows); err == nil {
		d.editor = body
	} else {
		d.formErr = err.Error()
		return
	}
	d.form = false
}

// renderForm draws the item as rows of name, type and value.
func (d *dataPanel) renderForm() goapp.UI {
	return goapp.Div().ID(IDItemForm).Class("wb-item-form").Body(
		goapp.P().Class("wb-muted").Text("One attribute a row. Sets, lists and maps take the JSON inside their type: [\"a\",\"b\"] for SS, [{\"S\":\"x\"}] for L."),
		goapp.Range(d.rows).Slice(func(i int) goapp.UI {
			r := d.rows[i]
			return goapp.Div().Class("wb-item-form-row").Body(
				goapp.Input().ID(fmt.Sprintf("%s-%d-name", IDItemForm, i)).Type("text").Class("wb-item-form-name").
					Value(r.Name).Attr("aria-label", "attribute name").
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.rows[i].Name = e.Get("target").Get("value").String() }),
				goapp.Select().ID(fmt.Sprintf("%s-%d-type", IDItemForm, i)).Class("wb-select").Attr("aria-label", "type").
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.rows[i].Type = e.Get("target").Get("value").String() }).
					Body(goapp.Range(formTypes).Slice(func(j int) goapp.UI {
						return goapp.Option().Value(formTypes[j]).Selected(formTypes[j] == r.Type).Text(formTypes[j])
					})),
				goapp.Input().ID(fmt.Sprintf("%s-%d-value", IDItemForm, i)).Type("text").Class("wb-item-form-value").
					Value(r.Value).Attr("aria-label", "value").Attr("spellcheck", "false").
					OnChange(func(ctx goapp.Context, e goapp.Event) { d.rows[i].Value = e.Get("target").Get("value").String() }),
				goapp.Button().Class("wb-btn wb-btn-small").Text("✕").Title("Remove the attribute").
					OnClick(func(ctx goapp.Context, e goapp.Event) { d.rows = slices.Delete(d.rows, i, i+1) }),
			)
		}),
		goapp.Button().ID(IDItemFormAdd).Class("wb-btn wb-btn-small").Text("+ attribute").
			OnClick(func(ctx goapp.Context, e goapp.Event) { d.rows = append(d.rows, formAttr{Type: "S"}) }),
		goapp.If(d.formErr != "", func() goapp.UI { return goapp.P().Class("wb-error").Text(d.formErr) }),
	)
}

// recognizers keeps the entity recognizer of the design last asked about:
// the views ask at every render (every clock tick), and compiling the key
// templates each time would be wasted work, since a design never changes
// once published.
var recognizers struct {
	sync.Mutex
	m *model.Model
	r *model.Recognizer
}

// recognizerOf returns m's entity recognizer, or nil when its templates do
// not compile.
func recognizerOf(m *model.Model) *model.Recognizer {
	recognizers.Lock()
	defer recognizers.Unlock()
	if recognizers.m != m {
		r, err := m.NewRecognizer()
		if err != nil {
			r = nil
		}
		recognizers.m, recognizers.r = m, r
	}
	return recognizers.r
}
