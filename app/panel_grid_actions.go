package app

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

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
