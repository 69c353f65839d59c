package visualizer

import (
	"fmt"
	"sync"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The grid's benchmarks run on 100,000 items of two entities (customers
// and their orders) with eight attributes each, the size the grid must stay
// smooth at. Each measures a fresh grid's work (caches emptied), which is
// what the page pays once per edit or per new sort or filter.
var (
	gridBenchOnce  sync.Once
	gridBenchItems []attr.Item
)

func gridBench(b *testing.B) []attr.Item {
	gridBenchOnce.Do(func() {
		for i := 0; i < 100_000; i++ {
			it := attr.Item{
				"PK":     attr.String(fmt.Sprintf("CUSTOMER#%05d", i/10)),
				"SK":     attr.String(fmt.Sprintf("ORDER#2025#%03d", i%10)),
				"total":  attr.MustNumber(fmt.Sprintf("%d.%02d", (i*7919)%100_000, i%100)),
				"status": attr.String([]string{"open", "shipped", "returned"}[i%3]),
				"note":   attr.String("a few words about this order"),
				"paid":   attr.Bool(i%2 == 0),
				"lines":  attr.List{attr.String("sku-1"), attr.MustNumber("2")},
			}
			if i%10 == 0 {
				it["SK"] = attr.String("PROFILE")
				it["email"] = attr.String(fmt.Sprintf("c%05d@example.com", i/10))
			}
			gridBenchItems = append(gridBenchItems, it)
		}
	})
	return gridBenchItems
}

func gridBenchGrid(b *testing.B) *Grid {
	return NewGrid(gridBench(b), GridOptions{Table: "Shop", Hash: "PK", Range: "SK", EntityOf: func(it attr.Item) string {
		if it["SK"].(attr.String) == "PROFILE" {
			return "Customer"
		}
		return "Order"
	}})
}

// reset empties the grid's caches, as a new grid has them.
func (g *Grid) reset() {
	g.mu.Lock()
	g.texts, g.search, g.orders, g.last = nil, nil, nil, gridViewMemo{}
	g.mu.Unlock()
}

// BenchmarkGridBuild: a grid of 100,000 decoded items (rows, keys,
// entities, the union of the columns).
func BenchmarkGridBuild(b *testing.B) {
	items := gridBench(b)
	b.ResetTimer()
	for b.Loop() {
		gridBenchGrid(b)
	}
	_ = items
}

// BenchmarkGridSortNumber: the first sort of 100,000 rows by a number.
func BenchmarkGridSortNumber(b *testing.B) {
	g := gridBenchGrid(b)
	col := g.Column("total")
	for b.Loop() {
		g.reset()
		if len(g.View(GridQuery{Sort: col, Desc: true})) != 100_000 {
			b.Fatal("rows lost")
		}
	}
}

// BenchmarkGridSortString: the first sort of 100,000 rows by a string.
func BenchmarkGridSortString(b *testing.B) {
	g := gridBenchGrid(b)
	col := g.Column("status")
	for b.Loop() {
		g.reset()
		g.View(GridQuery{Sort: col})
	}
}

// BenchmarkGridFilterFirst: the first text filter, which builds every
// row's searchable text.
func BenchmarkGridFilterFirst(b *testing.B) {
	g := gridBenchGrid(b)
	for b.Loop() {
		g.reset()
		if n := len(g.View(GridQuery{Sort: -1, Filter: "customer#0001"})); n != 100 {
			b.Fatalf("%d rows", n)
		}
	}
}

// BenchmarkGridFilterKeystroke: a filter typed over a sorted grid once the
// texts exist: the cost of each further keystroke.
func BenchmarkGridFilterKeystroke(b *testing.B) {
	g := gridBenchGrid(b)
	col := g.Column("total")
	g.View(GridQuery{Sort: col, Filter: "x"})
	i := 0
	for b.Loop() {
		i++
		g.View(GridQuery{Sort: col, Filter: fmt.Sprintf("customer#%d", i%10)})
	}
}

// BenchmarkGridColumnFilter: the first filter on one column.
func BenchmarkGridColumnFilter(b *testing.B) {
	g := gridBenchGrid(b)
	col := g.Column("status")
	for b.Loop() {
		g.reset()
		g.View(GridQuery{Sort: -1, Columns: map[int]string{col: "ship"}})
	}
}

// BenchmarkGridScroll: one render's work while scrolling a sorted,
// filtered view: the cached view, the window and its rows' texts.
func BenchmarkGridScroll(b *testing.B) {
	g := gridBenchGrid(b)
	q := GridQuery{Sort: g.Column("total"), Filter: "order"}
	g.View(q)
	top := 0
	for b.Loop() {
		rows := g.View(q)
		from, to := GridWindow(len(rows), top, 600, 28, 20)
		for _, r := range rows[from:to] {
			for c := range g.Columns {
				_ = g.Text(int(r), c)
			}
		}
		top = (top + 2800) % (28 * len(rows))
	}
}

// BenchmarkGridOfSnapshot: the grid of a 100,000-item table snapshot, as
// the page builds it after a write: every item decoded, then NewGrid.
func BenchmarkGridOfSnapshot(b *testing.B) {
	shop, _ := collectionsBenchTables(b)
	for b.Loop() {
		gridCache.Lock()
		clear(gridCache.m)
		clear(gridCache.last)
		gridCache.Unlock()
		if g := GridOf(shop, nil, nil); len(g.Rows) != shop.Len() {
			b.Fatal("rows lost")
		}
	}
}

// BenchmarkGridOfAfterOneWrite: the grid of a 100,000-item table after one
// cell was edited, built from the grid before: what the page pays per
// edit.
func BenchmarkGridOfAfterOneWrite(b *testing.B) {
	db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
	collectionsCreate(b, db, collectionsShopTable())
	for _, it := range gridBench(b) {
		collectionsPut(b, db, "Shop", it)
	}
	design := new(int)
	g := GridOf(db.Snapshot().Table("Shop"), design, nil)
	n := 0
	for b.Loop() {
		n++
		it := gridBench(b)[n%len(gridBench(b))]
		next := attr.Item{"PK": it["PK"], "SK": it["SK"], "total": attr.MustNumber(fmt.Sprint(n))}
		collectionsPut(b, db, "Shop", next)
		g = GridOf(db.Snapshot().Table("Shop"), design, nil)
	}
	if len(g.Rows) != 100_000 {
		b.Fatalf("%d rows", len(g.Rows))
	}
}

// BenchmarkGridEditSortedFiltered: one edit in a 100,000-item grid sorted
// by a number and filtered: the next grid, which inherits the sort and
// the filter texts, and its view.
func BenchmarkGridEditSortedFiltered(b *testing.B) {
	db := engine.New(engine.WithClock(engine.NewManualClock(collectionsNow)))
	collectionsCreate(b, db, collectionsShopTable())
	for _, it := range gridBench(b) {
		collectionsPut(b, db, "Shop", it)
	}
	design := new(int)
	g := GridOf(db.Snapshot().Table("Shop"), design, nil)
	q := GridQuery{Sort: g.Column("total"), Filter: "customer#00"}
	g.View(q)
	n := 0
	for b.Loop() {
		n++
		it := gridBench(b)[n%len(gridBench(b))]
		next := attr.Item{"PK": it["PK"], "SK": it["SK"], "total": attr.MustNumber(fmt.Sprint(n))}
		collectionsPut(b, db, "Shop", next)
		g = GridOf(db.Snapshot().Table("Shop"), design, nil)
		if len(g.View(q)) == 0 {
			b.Fatal("no rows")
		}
	}
}
