package visualizer

import (
	"errors"
	"slices"
)

// A view of a grid of a hundred thousand rows first needs work on every
// row: the sort keys of a column and the sort, the texts a filter
// searches. View does it at once; a page that must not hold its thread
// asks Ready and, when the work is to do, has Prepare do it in small
// units, between which it gives the thread back (step).

// gridSortRun is how many rows Prepare sorts at once before it merges
// the runs, and how many a merge moves between two steps.
const gridSortRun = 2048

// stepOf calls step, when set.
func stepOf(step func() error) error {
	if step == nil {
		return nil
	}
	return step()
}

// Ready says View(q) is cheap: what it needs (the sort's order, the
// texts its filters search) is worked out. It is Prepare with a step that
// fails at once: Prepare steps only when it has work to do.
func (g *Grid) Ready(q GridQuery) bool { return g.Prepare(q, notReady) == nil }

var errNotReady = errors.New("grid: the view is not worked out")

func notReady() error { return errNotReady }

// orderOf is the sort a query asks for: col -1 for the storage order.
func (g *Grid) orderOf(q GridQuery) (col int, desc bool) {
	if q.Sort < 0 || q.Sort >= len(g.Columns) {
		return -1, false
	}
	return q.Sort, q.Desc
}

// todoLocked says what View(q) needs that is not worked out yet: the
// order of its sort, the texts its filter searches, the texts of the
// columns it filters.
func (g *Grid) todoLocked(q GridQuery) (sort, search bool, cols []int) {
	col, desc := g.orderOf(q)
	_, have := g.orders[gridOrderKey{col, desc}]
	for c, t := range q.Columns {
		if _, ok := g.texts[c]; t != "" && c >= 0 && c < len(g.Columns) && !ok {
			cols = append(cols, c)
		}
	}
	return !have, q.Filter != "" && g.search == nil, cols
}

// Prepare works out what View(q) needs, calling step between small units
// of the work; an error from step stops it and is returned. It holds no
// lock while it works, so the grid's renders go on meanwhile, and View(q)
// is cheap once it returns nil.
func (g *Grid) Prepare(q GridQuery, step func() error) error {
	if step == nil {
		step = func() error { return nil }
	}
	g.mu.Lock()
	sort, search, cols := g.todoLocked(q)
	g.mu.Unlock()
	col, desc := g.orderOf(q)
	var order []int32
	var texts []string
	var err error
	if sort {
		if order, err = g.sortedRows(col, desc, step); err != nil {
			return err
		}
	}
	if search {
		if texts, err = g.searchTexts(step); err != nil {
			return err
		}
	}
	colTexts := make([][]string, len(cols))
	for i, c := range cols {
		if colTexts[i], err = g.columnTexts(c, step); err != nil {
			return err
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if order != nil {
		if g.orders == nil {
			g.orders = map[gridOrderKey][]int32{}
		}
		g.orders[gridOrderKey{col, desc}] = order
	}
	if texts != nil {
		g.search = texts
	}
	for i, c := range cols {
		if g.texts == nil {
			g.texts = map[int][]string{}
		}
		g.texts[c] = colTexts[i]
	}
	return nil
}

// sortedRows returns every row sorted by a column (storage order for -1).
func (g *Grid) sortedRows(col int, desc bool, step func() error) ([]int32, error) {
	order := make([]int32, len(g.Rows))
	for i := range order {
		order[i] = int32(i)
	}
	if col < 0 {
		return order, nil
	}
	keys, err := g.sortKeys(col, step)
	if err != nil {
		return nil, err
	}
	return sortSteps(order, orderCmp(keys, desc), step)
}

// sortSteps sorts order by cmp, a total order, as slices.SortFunc does,
// in runs of gridSortRun rows sorted at once, then merged pass by pass,
// with step called between two runs and every gridSortRun rows merged.
func sortSteps(order []int32, cmp func(a, b int32) int, step func() error) ([]int32, error) {
	n := len(order)
	for lo := 0; lo < n; lo += gridSortRun {
		slices.SortFunc(order[lo:min(lo+gridSortRun, n)], cmp)
		if err := step(); err != nil {
			return nil, err
		}
	}
	buf := make([]int32, n)
	for w := gridSortRun; w < n; w *= 2 {
		k := 0
		for lo := 0; lo < n; lo += 2 * w {
			mid, hi := min(lo+w, n), min(lo+2*w, n)
			a, b := lo, mid
			for a < mid || b < hi {
				if b >= hi || (a < mid && cmp(order[a], order[b]) <= 0) {
					buf[k], a = order[a], a+1
				} else {
					buf[k], b = order[b], b+1
				}
				if k++; k%gridSortRun == 0 {
					if err := step(); err != nil {
						return nil, err
					}
				}
			}
		}
		order, buf = buf, order
	}
	return order, nil
}
