package visualizer

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

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
