package visualizer

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"weak"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
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

// GridOf returns the grid of a table snapshot's items, with entities named
// by entityOf under the design key stands for. Grids are cached by the
// table's Version, so the page's renders between two writes share one; and
// the grid after a write is built from the one before it, decoding only the
// items that changed (a cell edited in a table of 100,000 items decodes one
// item, not 100,000).
func GridOf(ts *engine.TableSnapshot, key any, entityOf func(attr.Item) string) *Grid {
	g, _ := BuildGrid(ts, key, entityOf, nil)
	return g
}

// BuildGrid is GridOf spread over time: step, when set, is called after
// each row, and an error from it stops the build and is returned (nothing
// is cached then).
func BuildGrid(ts *engine.TableSnapshot, key any, entityOf func(attr.Item) string, step func() error) (*Grid, error) {
	table := ts.Description.TableName
	ck := gridCacheKey{table, ts.Version(), key}
	lk := gridLastKey{table, key}
	gridCache.Lock()
	if g, ok := gridCache.m[ck]; ok {
		if v := g.Value(); v != nil {
			gridCache.Unlock()
			return v, nil
		}
	}
	prev := gridCache.last[lk].Value()
	gridCache.Unlock()

	o := GridOptions{Table: table, EntityOf: entityOf}
	for _, k := range ts.Description.KeySchema {
		switch k.KeyType {
		case schema.KeyTypeHash:
			o.Hash = k.AttributeName
		case schema.KeyTypeRange:
			o.Range = k.AttributeName
		}
	}
	for _, ix := range ts.Description.GlobalSecondaryIndexes {
		for _, k := range ix.KeySchema {
			o.IndexKeys = append(o.IndexKeys, k.AttributeName)
		}
	}
	for _, ix := range ts.Description.LocalSecondaryIndexes {
		for _, k := range ix.KeySchema {
			o.IndexKeys = append(o.IndexKeys, k.AttributeName)
		}
	}
	if prev != nil && (prev.Hash != o.Hash || prev.Range != o.Range || !slices.Equal(prev.IndexKeys, o.IndexKeys)) {
		prev = nil // another table of the same name: start afresh
	}
	g, err := gridFrom(ts, prev, o, step)
	if err != nil {
		return nil, err
	}

	gridCache.Lock()
	// A few grids at most: the tables shown lately. The cache holds them
	// weakly, so a grid nobody renders any more is collected.
	if len(gridCache.m) >= 8 {
		clear(gridCache.m)
	}
	if len(gridCache.last) >= 8 {
		clear(gridCache.last)
	}
	gridCache.m[ck] = weak.Make(g)
	gridCache.last[lk] = weak.Make(g)
	gridCache.Unlock()
	return g, nil
}

// gridFrom builds the grid of a snapshot, reusing prev's rows (a grid of
// an earlier snapshot of the table, or nil) for the items no write has
// touched since. Both walk the table in storage order, which is the order
// of their entries (StoredEntry.Compare), so one merge pass pairs them up.
func gridFrom(ts *engine.TableSnapshot, prev *Grid, o GridOptions, step func() error) (*Grid, error) {
	rows := make([]GridRow, 0, ts.Len())
	from := make([]int32, 0, ts.Len()) // the row of prev each row keeps, or -1
	var names map[string]int
	var old []GridRow
	if prev != nil {
		names, old = maps.Clone(prev.names), prev.Rows
	} else {
		names = map[string]int{}
	}
	i := 0
	var stop error
	next := func() bool {
		if step != nil {
			stop = step()
		}
		return stop == nil
	}
	ts.Entries("", func(e engine.StoredEntry) bool {
		c := 1
		for i < len(old) {
			if c = old[i].entry.Compare(e); c >= 0 {
				break
			}
			countNames(names, old[i].Item(), -1) // deleted since
			i++
		}
		if i < len(old) && c == 0 {
			r := old[i]
			i++
			if r.entry.SameItem(e) {
				r.entry = e
				rows = append(rows, r)
				from = append(from, int32(i-1))
				return next()
			}
			countNames(names, r.Item(), -1) // changed since
		}
		it := e.Item()
		r := newGridRow(it, &o)
		r.item, r.entry = nil, e
		countNames(names, it, 1)
		rows = append(rows, r)
		from = append(from, -1)
		return next()
	})
	if stop != nil {
		return nil, stop
	}
	for ; i < len(old); i++ {
		countNames(names, old[i].Item(), -1)
	}
	g := newGrid(rows, names, o)
	if prev != nil {
		if err := g.inherit(prev, from, step); err != nil {
			return nil, err
		}
	}
	return g, nil
}

type gridCacheKey struct {
	table   string
	version uint64
	key     any
}

type gridLastKey struct {
	table string
	key   any
}

var gridCache = struct {
	sync.Mutex
	m    map[gridCacheKey]weak.Pointer[Grid]
	last map[gridLastKey]weak.Pointer[Grid] // the latest grid of each table, to build the next from
}{m: map[gridCacheKey]weak.Pointer[Grid]{}, last: map[gridLastKey]weak.Pointer[Grid]{}}

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

// GridQuery chooses a view of the grid: which rows, in which order.
type GridQuery struct {
	// Sort is the column to sort by, -1 for the storage order; Desc
	// reverses it. Missing values sort last either way.
	Sort int
	Desc bool
	// Filter keeps the rows where some cell contains it, ignoring case.
	Filter string
	// Columns keeps the rows whose cell in each column contains the
	// column's text, ignoring case (by column index).
	Columns map[int]string
}

type gridQueryKey struct {
	sort    int
	desc    bool
	filter  string
	columns string
}

func (q GridQuery) key() gridQueryKey {
	k := gridQueryKey{sort: q.Sort, desc: q.Desc, filter: strings.ToLower(q.Filter)}
	if len(q.Columns) > 0 {
		cols := make([]int, 0, len(q.Columns))
		for c, t := range q.Columns {
			if t != "" {
				cols = append(cols, c)
			}
		}
		slices.Sort(cols)
		var b strings.Builder
		for _, c := range cols {
			b.WriteString(strings.Repeat("\x01", c+1))
			b.WriteByte(0)
			b.WriteString(strings.ToLower(q.Columns[c]))
			b.WriteByte(0)
		}
		k.columns = b.String()
	}
	return k
}

// View returns the rows of the query's view, as indexes into Rows. The
// result is shared with later calls and must not be modified. The last
// view is kept, so the renders of a scroll cost nothing; the order of each
// sort is kept too, so typing a filter over a sorted grid only filters.
func (g *Grid) View(q GridQuery) []int32 {
	k := q.key()
	g.mu.Lock()
	if g.last.ok && g.last.q == k {
		defer g.mu.Unlock()
		return g.last.rows
	}
	g.mu.Unlock()
	g.Prepare(q, nil) // never fails without a step
	g.mu.Lock()
	defer g.mu.Unlock()
	col, desc := g.orderOf(q)
	order := g.orders[gridOrderKey{col, desc}]
	var cols []int
	var wants []string
	for c, t := range q.Columns {
		if t != "" && c >= 0 && c < len(g.Columns) {
			cols = append(cols, c)
			wants = append(wants, strings.ToLower(t))
		}
	}
	rows := order
	if k.filter != "" || len(cols) > 0 {
		var search []string
		if k.filter != "" {
			search = g.search
		}
		texts := make([][]string, len(cols))
		for i, c := range cols {
			texts[i] = g.texts[c]
		}
		rows = make([]int32, 0, len(order)/4)
	next:
		for _, r := range order {
			if search != nil && !strings.Contains(search[r], k.filter) {
				continue
			}
			for i := range cols {
				if !strings.Contains(texts[i][r], wants[i]) {
					continue next
				}
			}
			rows = append(rows, r)
		}
	}
	g.last = gridViewMemo{ok: true, q: k, rows: rows}
	return rows
}

// orderCmp compares two rows by their keys. Ties keep the storage order:
// an unstable sort with the row as the last key, faster than a stable
// sort.
func orderCmp(keys []gridSortKey, desc bool) func(a, b int32) int {
	return func(a, b int32) int {
		ka, kb := &keys[a], &keys[b]
		// Missing values last in both directions.
		if (ka.rank == gridMissing) != (kb.rank == gridMissing) {
			return int(ka.rank) - int(kb.rank) // gridMissing is the highest rank
		}
		c := compareGridKeys(ka, kb)
		if desc {
			c = -c
		}
		if c == 0 {
			c = int(a - b)
		}
		return c
	}
}

// gridSortKey is a cell's value reduced to what sorting compares: a rank
// by type (numbers, then strings, binaries, booleans, nulls, then sets,
// lists and maps by their text), and the value within the type.
type gridSortKey struct {
	rank uint8
	// f is a number's nearest float64: rounding keeps the order (a < b
	// gives f(a) <= f(b)), so floats decide unless they tie, when the
	// exact decimals do. Comparing floats is several times faster.
	f    float64
	num  attr.Number
	text string
}

const (
	gridNumber uint8 = iota
	gridString
	gridBinary
	gridBool
	gridNull
	gridOther
	gridMissing
)

// sortKeys reduces a column's cells to sort keys; step, when set, is
// called after each row, and its error stops the work.
func (g *Grid) sortKeys(col int, step func() error) ([]gridSortKey, error) {
	keys := make([]gridSortKey, len(g.Rows))
	entity := g.Columns[col].Kind == GridEntity
	for i := range g.Rows {
		if err := stepOf(step); err != nil {
			return nil, err
		}
		if entity {
			if e := g.Rows[i].Entity; e != "" {
				keys[i] = gridSortKey{rank: gridString, text: e}
			} else {
				keys[i] = gridSortKey{rank: gridMissing}
			}
			continue
		}
		switch v := g.Rows[i].attr(g.Columns[col].Name).(type) {
		case nil:
			keys[i] = gridSortKey{rank: gridMissing}
		case attr.Number:
			f, _ := strconv.ParseFloat(v.String(), 64)
			keys[i] = gridSortKey{rank: gridNumber, f: f, num: v}
		case attr.String:
			keys[i] = gridSortKey{rank: gridString, text: string(v)}
		case attr.Binary:
			keys[i] = gridSortKey{rank: gridBinary, text: string(v)}
		case attr.Bool:
			t := ""
			if v {
				t = "1"
			}
			keys[i] = gridSortKey{rank: gridBool, text: t}
		case attr.Null:
			keys[i] = gridSortKey{rank: gridNull}
		default:
			keys[i] = gridSortKey{rank: gridOther, text: FormatValue(v)}
		}
	}
	return keys, nil
}

func compareGridKeys(a, b *gridSortKey) int {
	if a.rank != b.rank {
		return int(a.rank) - int(b.rank)
	}
	if a.rank == gridNumber {
		switch {
		case a.f < b.f:
			return -1
		case a.f > b.f:
			return 1
		}
		return attr.CompareNumbers(a.num, b.num)
	}
	// S by UTF-8 bytes and B by unsigned bytes, as DynamoDB orders them.
	return strings.Compare(a.text, b.text)
}

// columnTexts returns a column's display texts, lower-cased, by row;
// step, when set, is called after each row, and its error stops the work.
func (g *Grid) columnTexts(col int, step func() error) ([]string, error) {
	t := make([]string, len(g.Rows))
	for i := range g.Rows {
		if err := stepOf(step); err != nil {
			return nil, err
		}
		t[i] = strings.ToLower(g.fullText(i, col))
	}
	return t, nil
}

// fullText is a cell's whole text (not cut), for filtering.
func (g *Grid) fullText(row, col int) string {
	if g.Columns[col].Kind == GridEntity {
		return g.Rows[row].Entity
	}
	// Not Value: the caller may hold g.mu, and a whole column is read once.
	v := g.Rows[row].attr(g.Columns[col].Name)
	if v == nil {
		return ""
	}
	return FormatValue(v)
}

// searchTexts returns each row's cells' texts, lower-cased, joined by a
// byte no text holds, so a filter matches within one cell only. The texts
// of all rows share one buffer: a hundred thousand rows cost a handful of
// allocations, not one per cell. step, when set, is called after each
// row, and its error stops the work.
func (g *Grid) searchTexts(step func() error) ([]string, error) {
	s := make([]string, len(g.Rows))
	var buf []byte
	ends := make([]int, len(g.Rows))
	for i := range g.Rows {
		if err := stepOf(step); err != nil {
			return nil, err
		}
		buf = g.appendSearch(buf, i)
		ends[i] = len(buf)
		if i == 0 {
			// Rows are alike: room for all of them at the first one's size,
			// rather than doubling through a hundred megabytes.
			buf = slices.Grow(buf, len(buf)*len(g.Rows)*5/4)
		}
	}
	all := lowerASCII(buf)
	start := 0
	for i, end := range ends {
		s[i] = all[start:end]
		start = end
	}
	return s, nil
}

// appendSearch appends every cell of a row, in no particular order (a
// filter matches within one cell): the entity, then the item's values in
// one pass over the map rather than a lookup per column.
func (g *Grid) appendSearch(buf []byte, i int) []byte {
	buf = append(append(buf, g.Rows[i].Entity...), 0)
	for _, v := range g.Rows[i].Item() {
		buf = append(appendValueText(buf, v), 0)
	}
	return buf
}

// inherit gives a grid built from prev (from[i] is the row of prev that
// row i kept, -1 for a row written since) what prev had worked out for its
// views: the sorts, the filter texts and the column texts, updated for the
// rows written only. After an edit of one cell in a sorted, filtered grid
// of 100,000 rows, the view is ready without sorting or formatting them
// all again.
//
// The sort keys of every row are read again, step by step (step, when
// set, is called after each row; its error stops the work). prev's
// caches are taken under its lock and read without it, so that prev's
// renders go on meanwhile: a cache, once stored, never changes.
func (g *Grid) inherit(prev *Grid, from []int32, step func() error) error {
	prev.mu.Lock()
	search, prevTexts, prevOrders := prev.search, maps.Clone(prev.texts), maps.Clone(prev.orders)
	prev.mu.Unlock()
	if search != nil {
		s := make([]string, len(g.Rows))
		var buf []byte
		for i, j := range from {
			if j >= 0 {
				s[i] = search[j]
			} else {
				buf = g.appendSearch(buf[:0], i)
				s[i] = lowerASCII(buf)
			}
		}
		g.search = s
	}
	col := func(c int) int { // prev's column c in g
		if prev.Columns[c].Kind == GridEntity {
			return g.EntityColumn()
		}
		return g.Column(prev.Columns[c].Name)
	}
	for c, texts := range prevTexts {
		nc := col(c)
		if nc < 0 {
			continue
		}
		t := make([]string, len(g.Rows))
		for i, j := range from {
			if j >= 0 {
				t[i] = texts[j]
			} else {
				t[i] = strings.ToLower(g.fullText(i, nc))
			}
		}
		if g.texts == nil {
			g.texts = map[int][]string{}
		}
		g.texts[nc] = t
	}
	if len(prevOrders) == 0 {
		return nil
	}
	// Old row -> new row for the rows kept: storage order is kept, so the
	// mapping is increasing and a sorted list of kept rows stays sorted.
	inv := make([]int32, len(prev.Rows))
	for j := range inv {
		inv[j] = -1
	}
	var added []int32
	for i, j := range from {
		if j >= 0 {
			inv[j] = int32(i)
		} else {
			added = append(added, int32(i))
		}
	}
	for ok, order := range prevOrders {
		if ok.col < 0 {
			continue
		}
		nc := col(ok.col)
		if nc < 0 {
			continue
		}
		keys, err := g.sortKeys(nc, step)
		if err != nil {
			return err
		}
		cmp := orderCmp(keys, ok.desc)
		kept := make([]int32, 0, len(g.Rows))
		for _, j := range order {
			if i := inv[j]; i >= 0 {
				kept = append(kept, i)
			}
		}
		news := slices.Clone(added)
		slices.SortFunc(news, cmp)
		merged := make([]int32, 0, len(g.Rows))
		a, b := 0, 0
		for a < len(kept) && b < len(news) {
			if cmp(kept[a], news[b]) <= 0 {
				merged = append(merged, kept[a])
				a++
			} else {
				merged = append(merged, news[b])
				b++
			}
		}
		merged = append(append(merged, kept[a:]...), news[b:]...)
		if g.orders == nil {
			g.orders = map[gridOrderKey][]int32{}
		}
		g.orders[gridOrderKey{nc, ok.desc}] = merged
	}
	return nil
}

// appendValueText appends a value's whole text (FormatValue's), writing
// the common scalars without an intermediate string.
func appendValueText(b []byte, v attr.Value) []byte {
	switch v := v.(type) {
	case nil:
		return b
	case attr.String:
		return append(b, v...)
	case attr.Number:
		return append(b, v.String()...)
	case attr.Bool:
		return strconv.AppendBool(b, bool(v))
	default:
		return append(b, FormatValue(v)...)
	}
}

// lowerASCII lower-cases b as one string, in place when it is ASCII.
func lowerASCII(b []byte) string {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return strings.ToLower(string(b))
		}
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
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
