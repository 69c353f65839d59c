package app

import (
	"fmt"
	"strconv"

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

// renderHeader draws the column headers (a click anywhere on one sorts)
// and, in a row of their own under them, the columns' filters: in one cell
// the filter took the header's lower half, where a click meant to sort
// focused the filter. With facets on, a key column whose rows in view all
// belong to entities naming it alike is headed by that name too.
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
			)
		}),
		goapp.Th().Class("wb-grid-actions").Text(""),
	), goapp.Tr().Class("wb-grid-filters").Body(
		goapp.Range(cols).Slice(func(i int) goapp.UI {
			c := cols[i]
			k := colKey(c)
			label := c.Name
			if c.Kind == visualizer.GridEntity {
				label = "Entity"
			}
			return goapp.Th().Body(
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
