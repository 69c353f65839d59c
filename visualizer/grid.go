package visualizer

import (
	"slices"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The grid is a table as a spreadsheet: every item a row, every attribute
// a column. A Grid is built once per state of the table's items (engine's
// TableSnapshot.Version) and answers views of it (a sort and filters) and
// windows of a view (the rows a scroll position shows). Views are cached,
// so scrolling never sorts again, and sorting or filtering 100,000 rows
// reads precomputed keys and texts instead of formatting values.

// GridColumnKind says what a column holds.
type GridColumnKind uint8

// Column kinds, in the order the grid shows them.
const (
	GridHashKey  GridColumnKind = iota // the table's partition key
	GridRangeKey                       // the table's sort key
	GridIndexKey                       // a key attribute of one of its indexes
	GridEntity                         // the item's entity under the design (not an attribute)
	GridAttr                           // any other attribute
)

// GridColumn is one column of the grid.
type GridColumn struct {
	// Name is the attribute; "" for the entity column.
	Name string
	Kind GridColumnKind
}

// IsKey says the column is one of the table's primary key attributes.
func (c GridColumn) IsKey() bool { return c.Kind == GridHashKey || c.Kind == GridRangeKey }

// GridRow is one item.
type GridRow struct {
	// Key is the ItemKey of the item's primary key: its identity across
	// snapshots, for HTML ids and the live marks.
	Key    string
	Entity string

	// item is the item of a grid built from items (NewGrid); a grid of a
	// snapshot keeps its rows' items in their stored form only (entry),
	// decoding one when asked: the decoded items of a hundred thousand
	// rows are millions of pointers, which the collector's every cycle
	// follows, on the page's only thread under wasm.
	item  attr.Item
	entry engine.StoredEntry // where it is stored: its order, and whether it changed
}

// Item is the row's item, decoded from the snapshot when the row is of
// one; shared with the snapshot, never to be modified.
func (r GridRow) Item() attr.Item {
	if r.item != nil {
		return r.item
	}
	return r.entry.Item()
}

// attr reads one attribute of the row's item: a string, a binary or a
// number (the common keys) without decoding the item.
func (r GridRow) attr(name string) attr.Value {
	if r.item != nil {
		return r.item[name]
	}
	var info [1]engine.AttrInfo
	r.entry.Peek([]string{name}, info[:])
	switch info[0].Type {
	case 0:
		return nil
	case attr.TypeS:
		return attr.String(info[0].Text)
	case attr.TypeB:
		return attr.Binary(info[0].Text)
	case attr.TypeN:
		return attr.NumberFromCanonical(info[0].Text) // stored canonical
	}
	return r.entry.Item()[name]
}

// GridOptions describes the table a grid is built for.
type GridOptions struct {
	Table       string
	Hash, Range string // the table's key attributes (Range "" without a sort key)
	// IndexKeys are the key attributes of its indexes, in the order the
	// grid shows them after the table's keys.
	IndexKeys []string
	// EntityOf names an item's entity (model.Recognizer); nil: no entity
	// column.
	EntityOf func(attr.Item) string
}

// Grid is every item of a table as rows and the union of their attributes
// as columns: the table's keys, its indexes' keys, the entity, then the
// other attributes by name. It is immutable once built; its caches are
// safe for concurrent use.
type Grid struct {
	GridOptions
	Columns []GridColumn
	// Rows are in the table's storage order (the order of a Scan).
	Rows []GridRow

	mu     sync.Mutex
	texts  map[int][]string // lower-cased display texts, by column
	search []string         // each row's texts, lower-cased, joined by \x00
	orders map[gridOrderKey][]int32
	last   gridViewMemo
	byKey  map[string]int
	names  map[string]int // how many items hold each attribute name
	// decoded is the item of row decodedRow, read last (Value).
	decoded    attr.Item
	decodedRow int
}

type gridOrderKey struct {
	col  int
	desc bool
}

type gridViewMemo struct {
	ok   bool
	q    gridQueryKey
	rows []int32
}

// NewGrid builds the grid of items (in storage order).
func NewGrid(items []attr.Item, o GridOptions) *Grid {
	rows := make([]GridRow, len(items))
	names := map[string]int{}
	for i, it := range items {
		rows[i] = newGridRow(it, &o)
		countNames(names, it, 1)
	}
	return newGrid(rows, names, o)
}

func newGridRow(it attr.Item, o *GridOptions) GridRow {
	r := GridRow{Key: ItemKey(it, o.Hash, o.Range), item: it}
	if o.EntityOf != nil {
		r.Entity = o.EntityOf(it)
	}
	return r
}

// countNames adds d to the count of each of the item's attribute names,
// forgetting a name no item holds any more.
func countNames(names map[string]int, it attr.Item, d int) {
	for n := range it {
		if names[n] += d; names[n] <= 0 {
			delete(names, n)
		}
	}
}

// newGrid lays out the columns of rows whose items hold names.
func newGrid(rows []GridRow, names map[string]int, o GridOptions) *Grid {
	g := &Grid{GridOptions: o, Rows: rows, names: names}
	placed := map[string]bool{}
	add := func(name string, kind GridColumnKind) {
		if name == "" || placed[name] {
			return
		}
		placed[name] = true
		g.Columns = append(g.Columns, GridColumn{Name: name, Kind: kind})
	}
	add(o.Hash, GridHashKey)
	add(o.Range, GridRangeKey)
	for _, k := range o.IndexKeys {
		add(k, GridIndexKey)
	}
	if o.EntityOf != nil {
		g.Columns = append(g.Columns, GridColumn{Kind: GridEntity})
	}
	others := make([]string, 0, len(names))
	for n := range names {
		others = append(others, n)
	}
	slices.Sort(others)
	for _, n := range others {
		add(n, GridAttr)
	}
	return g
}

// Column returns the index of the named attribute's column, or -1.
func (g *Grid) Column(name string) int {
	for i, c := range g.Columns {
		if c.Kind != GridEntity && c.Name == name {
			return i
		}
	}
	return -1
}

// RowOf returns the index of the row of the item whose ItemKey is key, or
// -1.
func (g *Grid) RowOf(key string) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byKey == nil {
		g.byKey = make(map[string]int, len(g.Rows))
		for i, r := range g.Rows {
			g.byKey[r.Key] = i
		}
	}
	if i, ok := g.byKey[key]; ok {
		return i
	}
	return -1
}

// EntityColumn returns the index of the entity column, or -1.
func (g *Grid) EntityColumn() int {
	for i, c := range g.Columns {
		if c.Kind == GridEntity {
			return i
		}
	}
	return -1
}

// Value returns a row's value in a column: nil when the item lacks the
// attribute (and always for the entity column).
func (g *Grid) Value(row, col int) attr.Value {
	c := g.Columns[col]
	if c.Kind == GridEntity {
		return nil
	}
	return g.item(row)[c.Name]
}

// item returns a row's item; the row decoded last is kept, as a render
// reads the cells of one row after the other.
func (g *Grid) item(row int) attr.Item {
	r := &g.Rows[row]
	if r.item != nil {
		return r.item
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.decoded == nil || g.decodedRow != row {
		g.decoded, g.decodedRow = r.entry.Item(), row
	}
	return g.decoded
}

// Text is a cell's display text: the value in FormatValue's notation, cut
// to CellTextRunes; the entity's name in the entity column.
func (g *Grid) Text(row, col int) string {
	if g.Columns[col].Kind == GridEntity {
		return g.Rows[row].Entity
	}
	v := g.Value(row, col)
	if v == nil {
		return ""
	}
	return formatTruncate(v, CellTextRunes)
}

// GridWindow returns the rows [from, to) of a view of total rows to render
// when the viewport, height pixels tall, is scrolled to scrollTop and rows
// are rowHeight pixels: the visible ones plus margin rows either side.
func GridWindow(total, scrollTop, height, rowHeight, margin int) (from, to int) {
	if total <= 0 || rowHeight <= 0 {
		return 0, 0
	}
	visible := (max(height, 0) + rowHeight - 1) / rowHeight
	// A view that shrank under the scroll position (a filter) shows its
	// last rows.
	first := min(max(scrollTop, 0)/rowHeight, max(total-visible, 0))
	from = max(first-margin, 0)
	to = min(first+visible+1+margin, total)
	return from, to
}
