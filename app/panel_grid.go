package app

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// The grid's geometry: every row is gridRowHeight pixels (the CSS's
// .wb-grid-body tr), the scroll area gridViewport pixels tall, and
// gridMargin rows beyond it either side are rendered so that a short scroll
// shows rows already there. Only those rows exist in the page, so 100,000
// items scroll as smoothly as 100.
const (
	gridRowHeight = 28
	gridViewport  = 448
	gridMargin    = 15
)

// gridPanel is the table as a spreadsheet: every item a row, every
// attribute a column, sortable and filterable, with cells edited in place.
// Every edit is one request through the wire protocol (the store's
// UpdateAttribute, PutNewItem, MoveItem, DeleteItem), so what DynamoDB
// refuses is refused in its words, and every change flashes.
type gridPanel struct {
	goapp.Compo
	Panel
	table     string
	sort      string // the sorted column's key ("" none)
	desc      bool
	filter    string
	colFilter map[string]string // by column key
	// extra are columns the user added that no item has yet: empty cells
	// to fill, each one an attribute once written.
	extra     []string
	scrollTop int
	rendered  int // the first row rendered, at the last render
	// grid holds the grid last shown: the visualizer caches grids weakly,
	// so that the view's sorts, filters and rows survive from one render
	// to the next only while a panel holds on to it.
	grid   *visualizer.Grid
	edit   *gridEdit
	adding *gridNewRow
	err    string // the last write's error
	// work builds a large table's grid as a job (view_work.go), kept
	// for the table's Version and the design.
	work viewWork // of a gridKey: *visualizer.Grid
	// prep works out a large grid's view (its sort, the texts its
	// filters search) as a job; rows is the view shown last, of rowsOf,
	// shown again while the next one is worked out.
	prep   viewWork // of a gridViewKey
	rows   []int32
	rowsOf *visualizer.Grid
	// ctx is the panel's while it is mounted (mounted), for the jobs
	// its render starts.
	ctx     goapp.Context
	mounted bool
}

// gridViewKey names the work a view of a grid needs (Grid.Prepare): the
// grid, the sort, whether it filters and on how many columns; not the
// texts, so that typing more of a filter does not start the work again.
// (Two sets of as many columns share a key: View then works out the
// second in the render.)
type gridViewKey struct {
	grid       *visualizer.Grid
	sort       int
	desc, text bool
	columns    int
}

// viewOf returns the rows of the panel's view of grid, false while a job
// works them out (a sort or a filter of a large grid): the rows shown
// last meanwhile, or the storage order.
func (g *gridPanel) viewOf(grid *visualizer.Grid) ([]int32, bool) {
	q := g.query(grid)
	ready := len(grid.Rows) <= viewSyncItems || !g.mounted || grid.Ready(q)
	if !ready {
		_, ready = g.prep.get(g.ctx, gridViewKey{grid, q.Sort, q.Desc, q.Filter != "", len(q.Columns)}, func(j *job) (any, error) {
			return nil, grid.Prepare(q, j.step)
		})
	}
	if ready {
		g.rows, g.rowsOf = grid.View(q), grid
		return g.rows, true
	}
	if g.rowsOf == grid {
		return g.rows, false
	}
	return grid.View(visualizer.GridQuery{Sort: -1}), false
}

// gridKey is what a grid depends on: the table's items and the design
// (which names the entities).
type gridKey struct {
	table   string
	version uint64
	design  *model.Model
}

// OnMount keeps the panel's context for the jobs its renders start.
func (g *gridPanel) OnMount(ctx goapp.Context) { g.ctx, g.mounted = ctx, true }

// OnDismount stops a build the panel could no longer show.
func (g *gridPanel) OnDismount() {
	g.mounted = false
	g.work.stop()
	g.prep.stop()
}

// gridFor returns the grid of a table in the state (nil without one),
// built in the render for a small table, by a job for a large one: false
// until the job ends.
func (g *gridPanel) gridFor(st *State, table string) (*visualizer.Grid, bool) {
	ts := st.Snapshot.Table(table)
	if ts == nil {
		return nil, true
	}
	key := gridKey{table, ts.Version(), st.Model}
	if gr, k, ok := g.work.last(); ok && k == key {
		return gr.(*visualizer.Grid), true
	}
	switch viewMode(g.mounted, ts.Len()) {
	case viewInRender:
		gr := gridOf(st, table)
		g.work.set(key, gr)
		return gr, true
	case viewAsJob:
		design, entity := st.Model, entityOf(st.Model, table)
		gr, ok := g.work.get(g.ctx, key, func(j *job) (any, error) {
			return visualizer.BuildGrid(ts, design, entity, j.step)
		})
		if !ok {
			return nil, false
		}
		return gr.(*visualizer.Grid), true
	}
	return nil, false
}

// gridEdit is the cell being edited.
type gridEdit struct {
	table, row string    // the table and the row's ItemKey
	hash       string    // the table's partition key
	key, item  attr.Item // the item's primary key and the item as shown
	col        string    // the attribute
	isKey      bool      // one of the table's key attributes
	typ, text  string    // the editor's type and text
	err        string
	// move is the new key value waiting for the user to confirm that the
	// item moves (a key cannot be updated in place).
	move attr.Value
}

// gridNewRow is the form of a row being added (or duplicated): its key.
type gridNewRow struct {
	table  string
	base   attr.Item // the duplicated item, nil for a new one
	fields []formAttr
	err    string
}

// colKey is a column's id suffix and data-col.
func colKey(c visualizer.GridColumn) string {
	if c.Kind == visualizer.GridEntity {
		return gridEntityCol
	}
	return c.Name
}

// gridOf returns the grid of a table in the state, nil without one.
func gridOf(st *State, table string) *visualizer.Grid {
	ts := st.Snapshot.Table(table)
	if ts == nil {
		return nil
	}
	return visualizer.GridOf(ts, st.Model, entityOf(st.Model, table))
}

// query is the panel's view of grid g.
func (g *gridPanel) query(grid *visualizer.Grid) visualizer.GridQuery {
	q := visualizer.GridQuery{Sort: -1, Desc: g.desc, Filter: g.filter}
	for i, c := range grid.Columns {
		k := colKey(c)
		if k == g.sort {
			q.Sort = i
		}
		if t := g.colFilter[k]; t != "" {
			if q.Columns == nil {
				q.Columns = map[int]string{}
			}
			q.Columns[i] = t
		}
	}
	return q
}

// Render draws the panel.
func (g *gridPanel) Render() goapp.UI {
	st := g.State
	name := pickTable(st, g.table)
	head := goapp.Div().Class("wb-panel-head wb-grid-head").Body(
		tableSelect(st, name, func(ctx goapp.Context, v string) { g.table, g.scrollTop, g.edit, g.adding = v, 0, nil, nil }),
		goapp.Label().For(IDGridFilter).Text("Filter"),
		goapp.Input().ID(IDGridFilter).Type("search").Placeholder("text in any cell").
			Value(g.filter).Attr("spellcheck", "false").
			OnInput(func(ctx goapp.Context, e goapp.Event) {
				g.filter, g.scrollTop = e.Get("target").Get("value").String(), 0
			}),
		facetsToggle(IDGridFacets, st.Facets, func(ctx goapp.Context, on bool) { g.act(ctx, func() { g.Store.SetFacets(on) }) }),
		goapp.Input().ID(IDGridAddColumn).Type("text").Class("wb-grid-addcol").Placeholder("+ attribute").
			Attr("aria-label", "add an attribute column").Attr("spellcheck", "false").
			OnChange(func(ctx goapp.Context, e goapp.Event) {
				g.addColumn(e.Get("target").Get("value").String())
				e.Get("target").Set("value", "")
			}),
		goapp.Button().ID(IDGridAdd).Class("wb-btn").Text("+ Row").
			Title("Add an item: give its key, then edit its cells").
			OnClick(func(ctx goapp.Context, e goapp.Event) { g.openNew(name, nil) }, goapp.EventScope(name)),
	)
	if st.Load.Running {
		return goapp.Div().Class("wb-grid-panel").Body(head,
			goapp.P().ID(IDGrid).Class("wb-muted").Text("Loading the dataset…"))
	}
	grid, ready := g.gridFor(st, name)
	state := "ready"
	if !ready {
		// Built by a job: the tab answers at once, with the grid shown
		// last (a write's new version) or a notice.
		state = "computing"
		if g.grid == nil || g.grid.Table != name {
			return renderComputing("wb-grid-panel", head, IDGridComputing,
				"Building the grid of "+plural(st.Snapshot.Table(name).Len(), "item")+"…")
		}
		grid = g.grid
	}
	if grid == nil {
		return goapp.Div().Class("wb-grid-panel").Body(head, goapp.P().ID(IDGrid).Class("wb-muted").Text("No table."))
	}
	rows, viewReady := g.viewOf(grid)
	if !viewReady {
		state, ready = "computing", false
	}
	from, to := visualizer.GridWindow(len(rows), g.scrollTop, gridViewport, gridRowHeight, gridMargin)
	cols := g.columns(grid)
	g.rendered, g.grid = from, grid
	var facets map[string]map[string]string
	if st.Facets {
		facets = visualizer.FacetNames(st.Model)
	}
	return goapp.Div().Class("wb-grid-panel").Attr("data-state", state).Body(
		head,
		goapp.P().Class("wb-muted").Text(gridSummary(len(rows), len(grid.Rows))),
		g.renderNew(st, name),
		g.renderEditor(name),
		goapp.If(g.err != "", func() goapp.UI {
			return goapp.P().ID(IDGridError).Class("wb-error").Attr("role", "alert").Text(g.err)
		}),
		goapp.Div().ID(IDGrid).Class("wb-grid").Attr("role", "grid").
			Attr("data-rows", len(rows)).Attr("data-items", len(grid.Rows)).
			Attr("data-from", from).Attr("data-to", to).
			Attr("aria-rowcount", len(rows)+1).
			Style("height", strconv.Itoa(gridViewport+2*gridRowHeight)+"px").
			OnScroll(g.onScroll).Body(
			goapp.Table().Class("wb-table wb-grid-table").Body(
				g.renderHeader(grid, cols, rows[from:to], facets),
				goapp.TBody().Class("wb-grid-body").Body(
					goapp.Tr().Class("wb-grid-spacer").Style("height", strconv.Itoa(from*gridRowHeight)+"px"),
					goapp.Range(rows[from:to]).Slice(func(i int) goapp.UI {
						return g.renderRow(st, name, grid, cols, int(rows[from+i]), from+i, facets)
					}),
					goapp.Tr().Class("wb-grid-spacer").Style("height", strconv.Itoa((len(rows)-to)*gridRowHeight)+"px"),
				),
			),
		),
	)
}

func gridSummary(shown, total int) string {
	if shown == total {
		return plural(total, "item") + " · click a header to sort, a cell to edit it"
	}
	return fmt.Sprintf("%d of %s · click a header to sort, a cell to edit it", shown, plural(total, "item"))
}

// onScroll re-renders only when the rows rendered no longer cover the
// viewport with some margin to spare.
func (g *gridPanel) onScroll(ctx goapp.Context, e goapp.Event) {
	g.scrollTop = e.Get("target").Get("scrollTop").Int()
	first := max(g.scrollTop/gridRowHeight-gridMargin, 0)
	if abs(first-g.rendered) < gridMargin/2 {
		ctx.PreventUpdate()
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// renderHeader draws the column headers (a click sorts) with their filters.
// With facets on, a key column whose rows in view all belong to entities
// naming it alike is headed by that name too.
func (g *gridPanel) renderHeader(grid *visualizer.Grid, cols []visualizer.GridColumn, window []int32, facets map[string]map[string]string) goapp.UI {
	return goapp.THead().Body(goapp.Tr().Body(
		goapp.Range(cols).Slice(func(i int) goapp.UI {
			c := cols[i]
			k := colKey(c)
			title := c.Name
			switch c.Kind {
			case visualizer.GridEntity:
				title = "Entity"
			case visualizer.GridHashKey:
				title += " (partition key)"
			case visualizer.GridRangeKey:
				title += " (sort key)"
			case visualizer.GridIndexKey:
				title += " (index key)"
			}
			label := c.Name
			if c.Kind == visualizer.GridEntity {
				label = "Entity"
			}
			alias := ""
			if facets != nil && c.Kind != visualizer.GridEntity {
				alias = windowAlias(grid, window, c.Name, facets)
			}
			sort := "none"
			arrow := ""
			if g.sort == k {
				sort, arrow = "ascending", " ▲"
				if g.desc {
					sort, arrow = "descending", " ▼"
				}
			}
			cls := "wb-grid-th"
			if c.IsKey() {
				cls += " wb-grid-key"
			}
			return goapp.Th().ID(IDGridHeader+idSafe(k)).Class(cls).Attr("aria-sort", sort).Title(title).Body(
				goapp.Button().Class("wb-grid-sort").
					OnClick(func(ctx goapp.Context, e goapp.Event) { g.sortBy(k) }, goapp.EventScope(k)).Body(
					goapp.If(alias != "", func() goapp.UI {
						return goapp.Span().Class("wb-facet-name").Text(alias)
					}),
					goapp.Span().Class("wb-grid-name").Text(label+arrow),
				),
				goapp.Input().ID(IDGridColFilter+idSafe(k)).Class("wb-grid-colfilter").Type("search").
					Placeholder("filter").Attr("aria-label", "filter "+label).Value(g.colFilter[k]).
					OnInput(func(ctx goapp.Context, e goapp.Event) {
						g.setColFilter(k, e.Get("target").Get("value").String())
					}, goapp.EventScope(k)),
			)
		}),
		goapp.Th().Class("wb-grid-actions").Text(""),
	))
}

// windowAlias returns the name the entities of the rows in view give
// attribute col, when they all give the same one.
func windowAlias(grid *visualizer.Grid, window []int32, col string, facets map[string]map[string]string) string {
	alias := ""
	for _, r := range window {
		a := facets[grid.Rows[r].Entity][col]
		if a == "" || (alias != "" && a != alias) {
			return ""
		}
		alias = a
	}
	return alias
}

// renderRow draws one item: its cells, each clickable to edit, and its
// duplicate and delete buttons. A recent change flashes the row.
func (g *gridPanel) renderRow(st *State, table string, grid *visualizer.Grid, cols []visualizer.GridColumn, r, pos int, facets map[string]map[string]string) goapp.UI {
	row := grid.Rows[r]
	cls := "wb-grid-row"
	if m, ok := st.Marks[table][row.Key]; ok {
		cls += " " + m.Class()
	}
	if g.edit != nil && g.edit.row == row.Key {
		cls += " selected"
	}
	names := facets[row.Entity]
	return goapp.Tr().ID(IDGridRow+row.Key).Class(cls).Attr("aria-rowindex", pos+2).Body(
		goapp.Range(cols).Slice(func(i int) goapp.UI {
			c := cols[i]
			k := colKey(c)
			typ, text := "", ""
			if i < len(grid.Columns) { // the columns added by hand are empty
				if v := grid.Value(r, i); v != nil {
					typ = v.Type().String()
				}
				text = grid.Text(r, i)
			}
			cls := "wb-grid-cell"
			if c.IsKey() {
				cls += " wb-grid-key"
			}
			cell := goapp.Td().Class(cls).Attr("data-col", k).Attr("data-type", typ)
			if c.Kind == visualizer.GridEntity {
				return cell.Body(goapp.If(text != "", func() goapp.UI {
					return goapp.Span().Class("wb-entity " + visualizer.EntityClass(text)).Text(text)
				}))
			}
			alias := names[c.Name]
			if alias != "" {
				cell = cell.Title(alias + " (" + c.Name + ")")
			}
			return cell.OnClick(func(ctx goapp.Context, e goapp.Event) { g.startEditKey(table, row.Key, c) }, goapp.EventScope(table, row.Key, k)).Body(
				goapp.If(alias != "", func() goapp.UI { return goapp.Span().Class("wb-facet-name").Text(alias) }),
				goapp.If(typ != "" && typ != "S", func() goapp.UI { return goapp.Span().Class("wb-attr-type").Text(typ) }),
				goapp.Text(text),
			)
		}),
		goapp.Td().Class("wb-grid-actions").Body(
			goapp.Button().ID(IDGridDuplicate+row.Key).Class("wb-btn wb-btn-small").Text("Copy").
				Title("Duplicate the item under a new key").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if cur, ok := g.rowOf(table, row.Key); ok {
						g.openNew(table, cur.Item())
					}
				}, goapp.EventScope(table, row.Key)),
			goapp.Button().ID(IDGridDelete+row.Key).Class("wb-btn wb-btn-small wb-btn-danger").Text("✕").
				Title("Delete the item (DeleteItem)").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if cur, ok := g.rowOf(table, row.Key); ok {
						g.deleteRow(ctx, table, cur.Item())
					}
				}, goapp.EventScope(table, row.Key)),
		),
	)
}

// ---- actions ----

// columns are the grid's columns and, after them, the ones added by hand
// that no item has yet.
func (g *gridPanel) columns(grid *visualizer.Grid) []visualizer.GridColumn {
	cols := grid.Columns
	for _, n := range g.extra {
		if grid.Column(n) < 0 {
			if len(cols) == len(grid.Columns) {
				cols = slices.Clone(cols)
			}
			cols = append(cols, visualizer.GridColumn{Name: n, Kind: visualizer.GridAttr})
		}
	}
	return cols
}

// addColumn adds an empty attribute column, to fill cell by cell.
func (g *gridPanel) addColumn(name string) {
	name = strings.TrimSpace(name)
	if name == "" || slices.Contains(g.extra, name) {
		return
	}
	g.extra = append(g.extra, name)
}

// sortBy sorts by a column: ascending, then descending, then unsorted.
func (g *gridPanel) sortBy(k string) {
	switch {
	case g.sort != k:
		g.sort, g.desc = k, false
	case !g.desc:
		g.desc = true
	default:
		g.sort, g.desc = "", false
	}
}

func (g *gridPanel) setColFilter(k, text string) {
	if g.colFilter == nil {
		g.colFilter = map[string]string{}
	}
	g.colFilter[k] = text
	g.scrollTop = 0
}

// tableKeys returns a table's key attribute names.
func (g *gridPanel) tableKeys(table string) (hash, rng string) {
	return keyNames(g.State.Snapshot)(table)
}

// rowOf returns the row of an item as the state has it now. Handlers look
// rows up when they run: go-app keeps a row's first handler while its key
// (the event scope) stays, so an item captured at render time could be an
// older version of it.
func (g *gridPanel) rowOf(table, key string) (visualizer.GridRow, bool) {
	grid := gridOf(g.State, table)
	if grid == nil {
		return visualizer.GridRow{}, false
	}
	i := grid.RowOf(key)
	if i < 0 {
		return visualizer.GridRow{}, false
	}
	return grid.Rows[i], true
}

// startEditKey opens the editor on a cell of the item with that key.
func (g *gridPanel) startEditKey(table, key string, c visualizer.GridColumn) {
	if row, ok := g.rowOf(table, key); ok {
		g.startEdit(table, row, c)
	}
}

// startEdit opens the editor on a cell.
func (g *gridPanel) startEdit(table string, row visualizer.GridRow, c visualizer.GridColumn) {
	if c.Kind == visualizer.GridEntity {
		return
	}
	hash, rng := g.tableKeys(table)
	item := row.Item()
	typ, text := visualizer.CellEdit(item[c.Name])
	if _, ok := item[c.Name]; !ok {
		typ = g.columnType(table, c.Name)
	}
	g.edit = &gridEdit{
		table: table, row: row.Key, item: item, col: c.Name,
		key: keyOfNames(item, hash, rng), hash: hash,
		isKey: c.Name == hash || c.Name == rng,
		typ:   typ, text: text,
	}
	g.adding = nil
}

// columnType is the type a new value of a column starts as: its declared
// type for a key attribute, else S.
func (g *gridPanel) columnType(table, name string) string {
	if mt := g.State.Model.Table(table); mt != nil {
		if t := mt.AttributeType(name); t != "" {
			return string(t)
		}
	}
	return "S"
}

func keyOfNames(it attr.Item, hash, rng string) attr.Item {
	key := attr.Item{hash: it[hash]}
	if rng != "" {
		key[rng] = it[rng]
	}
	return key
}

// editorValue reads the editor's current text: the page's field (a typed
// value may not have fired its change event yet), else the last known.
func (g *gridPanel) editorValue() string {
	if el := goapp.Window().GetElementByID(IDGridEditValue); el.Truthy() {
		return el.Get("value").String()
	}
	return g.edit.text
}

// saveEdit writes the edited cell: an UpdateItem for an attribute; for a
// key attribute, it asks first (confirmMove does the move).
func (g *gridPanel) saveEdit(ctx goapp.Context) {
	ed := g.edit
	if ed == nil {
		return
	}
	if ed.typ != "NULL" {
		ed.text = g.editorValue()
	}
	v, err := visualizer.ParseCell(ed.typ, ed.text)
	if err != nil {
		ed.err = err.Error()
		return
	}
	ed.err = ""
	if ed.isKey {
		if attr.Equal(v, ed.item[ed.col]) {
			g.edit = nil
			return
		}
		ed.move = v
		return
	}
	var r *Result
	g.act(ctx, func() { r, _ = g.Store.UpdateAttribute(ed.table, ed.key, ed.col, v) })
	g.finish(r, func() { g.edit = nil }, func(msg string) { ed.err = msg })
}

// confirmMove moves the item to its new key: delete and put in one
// transaction.
func (g *gridPanel) confirmMove(ctx goapp.Context) {
	ed := g.edit
	if ed == nil || ed.move == nil {
		return
	}
	// The item as it is now, should it have changed since the editor opened.
	cur := ed.item
	if row, ok := g.rowOf(ed.table, ed.row); ok {
		cur = row.Item()
	}
	next := maps.Clone(cur)
	next[ed.col] = ed.move
	hash, _ := g.tableKeys(ed.table)
	var r *Result
	g.act(ctx, func() { r, _ = g.Store.MoveItem(ed.table, ed.key, next, hash) })
	g.finish(r, func() { g.edit = nil }, func(msg string) { ed.err, ed.move = msg, nil })
}

// removeAttr removes the edited attribute from the item.
func (g *gridPanel) removeAttr(ctx goapp.Context) {
	ed := g.edit
	if ed == nil || ed.isKey {
		return
	}
	var r *Result
	g.act(ctx, func() { r, _ = g.Store.RemoveAttribute(ed.table, ed.key, ed.col) })
	g.finish(r, func() { g.edit = nil }, func(msg string) { ed.err = msg })
}

// finish sorts a write's outcome: ok, or DynamoDB's error for the user.
func (g *gridPanel) finish(r *Result, ok func(), failed func(string)) {
	switch {
	case r == nil:
		failed(g.State.Error)
	case r.Status != 200:
		failed(r.ErrorType + ": " + r.ErrorMessage + cancellationReasons(r.Response))
	default:
		g.err = ""
		ok()
	}
}

// cancellationReasons returns a cancelled transaction's reasons that say
// something (a move's "The conditional request failed": the new key is
// taken), for the message; "" for other errors.
func cancellationReasons(resp []byte) string {
	var out struct {
		CancellationReasons []struct{ Code, Message string }
	}
	if json.Unmarshal(resp, &out) != nil {
		return ""
	}
	var msgs []string
	for _, c := range out.CancellationReasons {
		if c.Code != "None" && c.Message != "" {
			msgs = append(msgs, c.Code+": "+c.Message)
		}
	}
	if len(msgs) == 0 {
		return ""
	}
	return " (" + strings.Join(msgs, "; ") + ")"
}

// deleteRow deletes an item.
func (g *gridPanel) deleteRow(ctx goapp.Context, table string, item attr.Item) {
	hash, rng := g.tableKeys(table)
	var r *Result
	key := keyOfNames(item, hash, rng)
	g.act(ctx, func() {
		if r, _ = g.Store.DeleteItem(table, key); r != nil && r.Status == 200 {
			// The row leaves the grid at once: the status line says what went.
			g.Store.Note("Deleted the item " + gridKeyText(key, hash))
		}
	})
	g.finish(r, func() {
		if g.edit != nil && g.edit.table == table && attr.Equal(g.edit.item[hash], item[hash]) &&
			(rng == "" || attr.Equal(g.edit.item[rng], item[rng])) {
			g.edit = nil
		}
	}, func(msg string) { g.err = msg })
}

// openNew opens the key form of a new row; base is the item a duplicate
// copies. A duplicate's key starts as a free variant of the original's.
func (g *gridPanel) openNew(table string, base attr.Item) {
	hash, rng := g.tableKeys(table)
	if hash == "" {
		return
	}
	var fields []formAttr
	for _, k := range []string{hash, rng} {
		if k == "" {
			continue
		}
		typ, text := g.columnType(table, k), ""
		if base != nil {
			typ, text = visualizer.CellEdit(base[k])
		}
		fields = append(fields, formAttr{Name: k, Type: typ, Value: text})
	}
	if base != nil {
		g.freeKey(table, fields)
	}
	g.adding = &gridNewRow{table: table, base: base, fields: fields}
	g.edit = nil
}

// freeKey changes the last key field (the sort key, if any) to a value no
// item holds: "-copy", "-copy2"... after a string, the next free integer
// after a number.
func (g *gridPanel) freeKey(table string, fields []formAttr) {
	grid := gridOf(g.State, table)
	if grid == nil || len(fields) == 0 {
		return
	}
	hash, rng := g.tableKeys(table)
	taken := map[string]bool{}
	for _, r := range grid.Rows {
		taken[r.Key] = true
	}
	last := &fields[len(fields)-1]
	orig := last.Value
	for i := 1; i < 1000; i++ {
		switch last.Type {
		case "S":
			last.Value = orig + "-copy"
			if i > 1 {
				last.Value += strconv.Itoa(i)
			}
		case "N":
			n, err := attr.ParseNumber(orig)
			if err != nil {
				return
			}
			next, err := n.Add(attr.MustNumber(strconv.Itoa(i)))
			if err != nil {
				return
			}
			last.Value = next.String()
		default:
			return
		}
		it := attr.Item{}
		for _, f := range fields {
			v, err := visualizer.ParseCell(f.Type, f.Value)
			if err != nil {
				return
			}
			it[f.Name] = v
		}
		if !taken[visualizer.ItemKey(it, hash, rng)] {
			return
		}
	}
}

// saveNew puts the new row: the duplicated item (or nothing) with the
// key typed, refused if an item has that key already.
func (g *gridPanel) saveNew(ctx goapp.Context) {
	a := g.adding
	if a == nil {
		return
	}
	item := attr.Item{}
	if a.base != nil {
		item = maps.Clone(a.base)
	}
	for i := range a.fields {
		f := &a.fields[i]
		if el := goapp.Window().GetElementByID(IDGridNew + "-" + idSafe(f.Name)); el.Truthy() {
			f.Value = el.Get("value").String()
		}
		v, err := visualizer.ParseCell(f.Type, f.Value)
		if err != nil {
			a.err = f.Name + ": " + err.Error()
			return
		}
		item[f.Name] = v
	}
	hash, rng := g.tableKeys(a.table)
	var r *Result
	g.act(ctx, func() { r, _ = g.Store.PutNewItem(a.table, item, hash) })
	g.finish(r, func() {
		g.adding = nil
		g.reveal(ctx, a.table, visualizer.ItemKey(item, hash, rng))
	}, func(msg string) { a.err = msg })
}

// reveal scrolls the grid to an item's row, wherever the view's order put
// it.
func (g *gridPanel) reveal(ctx goapp.Context, table, key string) {
	grid := gridOf(g.State, table)
	if grid == nil {
		return
	}
	rows := grid.View(g.query(grid))
	for i, r := range rows {
		if grid.Rows[r].Key == key {
			g.scrollTop = max(i*gridRowHeight-gridViewport/2, 0)
			top := g.scrollTop
			ctx.Defer(func(ctx goapp.Context) {
				if el := goapp.Window().GetElementByID(IDGrid); el.Truthy() {
					el.Set("scrollTop", top)
				}
			})
			return
		}
	}
}

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
		field = goapp.Input().ID(IDGridEditValue).Type("text").Value("null").Disabled(true)
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
					return goapp.Option().Value(t).Selected(t == ed.typ).Text(t).Disabled(ed.isKey && t != "S" && t != "N" && t != "B")
				})),
			field,
			goapp.Button().ID(IDGridEditSave).Class("wb-btn wb-btn-primary").Text("Save").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.saveEdit(ctx) }),
			goapp.Button().ID(IDGridEditRemove).Class("wb-btn").Text("Remove attribute").Disabled(ed.isKey).
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
