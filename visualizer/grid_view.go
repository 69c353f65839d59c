package visualizer

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

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
