package app

import (
	"fmt"
	"slices"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// indexesPanel shows each secondary index as its own view of the table's
// data: its items grouped by the index's keys, and the table's items that
// it leaves out (a sparse index) with the reason for each.
type indexesPanel struct {
	goapp.Compo
	Panel
	table    string
	index    string
	offset   int
	exOffset int
	// warm reads a large table's items for the index's view, as a job
	// (view_work.go): a million items take most of a second to walk.
	warm viewWork // of an indexesKey
	// ctx is the panel's while it is mounted (mounted), for the jobs its
	// render starts.
	ctx     goapp.Context
	mounted bool
}

// OnMount keeps the panel's context for the jobs its renders start.
func (x *indexesPanel) OnMount(ctx goapp.Context) { x.ctx, x.mounted = ctx, true }

// OnDismount stops a computation the panel could no longer show.
func (x *indexesPanel) OnDismount() {
	x.mounted = false
	x.warm.stop()
}

// indexesKey is what the index's view is read from: the table's items
// (Version), the index and how many entries it holds (a new GSI fills in
// without a write), and the two windows.
type indexesKey struct {
	table, index     string
	version          uint64
	entries          int
	offset, exOffset int
}

// ready reports whether the index's view of ts can be drawn now: at once
// for a small table, else once a job has walked its items (WarmIndexMembership
// and WarmCollections, which the render then finds done).
func (x *indexesPanel) ready(st *State, ts *engine.TableSnapshot, index string) bool {
	switch viewMode(x.mounted, ts.Len()) {
	case viewInRender:
		return true
	case viewAsJob:
		if st.Load.Running {
			x.warm.stop() // every step of a load is a new version
			return false
		}
		n, _ := ts.IndexLen(index)
		key := indexesKey{table: ts.Description.TableName, index: index, version: ts.Version(), entries: n, offset: x.offset, exOffset: x.exOffset}
		_, ok := x.warm.get(x.ctx, key, func(j *job) (any, error) {
			if err := visualizer.WarmIndexMembership(ts, index, visualizer.MembershipOptions{Offset: x.exOffset, Limit: excludedPerPage}, j.step); err != nil {
				return nil, err
			}
			return nil, visualizer.WarmCollections(ts, visualizer.CollectionsOptions{Index: index, Offset: x.offset, Limit: collectionsPerPage}, j.step)
		})
		return ok
	}
	return false
}

// excludedPerPage is how many left-out items a page lists.
const excludedPerPage = 25

// Render draws the panel.
func (x *indexesPanel) Render() goapp.UI {
	st := x.State
	name := pickTable(st, x.table)
	mt := st.Model.Table(name)
	var names []string
	if mt != nil {
		for _, g := range mt.GlobalSecondaryIndexes {
			names = append(names, g.IndexName)
		}
		for _, l := range mt.LocalSecondaryIndexes {
			names = append(names, l.IndexName)
		}
	}
	head := goapp.Div().Class("wb-panel-head").Body(
		tableSelect(st, name, func(ctx goapp.Context, v string) { x.table, x.index, x.offset, x.exOffset = v, "", 0, 0 }),
	)
	if len(names) == 0 {
		return goapp.Div().Class("wb-indexes").Body(head,
			goapp.P().Class("wb-muted").Text("This table has no secondary indexes. Add a GSI or an LSI in Design."))
	}
	index := x.index
	if !slices.Contains(names, index) {
		index = names[0]
	}
	ts := st.Snapshot.Table(name)
	if ts == nil {
		return goapp.Div().Class("wb-indexes").Body(head)
	}
	if !x.ready(st, ts, index) {
		return renderComputing("wb-indexes", head, IDIndexComputing, "Reading "+plural(ts.Len(), "item")+" for "+index+"…")
	}
	mv, err := visualizer.IndexMembership(ts, index, visualizer.MembershipOptions{
		EntityOf: entityOf(st.Model, name),
		Offset:   x.exOffset,
		Limit:    excludedPerPage,
	})
	if err != nil {
		return goapp.Div().Class("wb-indexes").Body(head, goapp.P().Class("wb-error").Text(err.Error()))
	}
	return goapp.Div().Class("wb-indexes").Body(
		head,
		goapp.Div().Class("wb-index-pick").Body(
			goapp.Label().For(IDIndexSelect).Text("Index "),
			goapp.Select().ID(IDIndexSelect).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) {
					x.index, x.offset, x.exOffset = e.Get("target").Get("value").String(), 0, 0
				}).
				Body(goapp.Range(names).Slice(func(i int) goapp.UI {
					return goapp.Option().Value(names[i]).Selected(names[i] == index).Text(names[i])
				})),
		),
		goapp.Div().ID(IDIndexSummary).Class("wb-index-summary").
			Attr("data-in", mv.In).Attr("data-out", mv.Out).Body(
			goapp.P().Body(
				goapp.Strong().Text(fmt.Sprintf("%s (%s)", mv.Index, mv.Kind)),
				goapp.Span().Class("wb-mono").Text(" keys "+strings.Join(mv.KeyAttributes, ", ")),
				goapp.Span().Class("wb-muted").Text(" · projection "+mv.Projection),
			),
			goapp.P().Text(fmt.Sprintf("%d of the table's items are in the index; %d are not.", mv.In, mv.Out)),
			renderProjected(mt, index),
			renderHints(IDIndexHints, indexHints(st.Model, name, index)),
		),
		goapp.Div().Class("wb-two-cols").Body(
			goapp.Div().Body(
				goapp.H3().Text("In the index"),
				renderCollections(nil, st, name, index, "", x.offset, "", nil, func(ctx goapp.Context, off int) { x.offset = off }),
			),
			goapp.Div().Body(
				goapp.H3().Text("Not in the index"),
				goapp.Table().ID(IDIndexExcluded).Class("wb-table").Attr("data-out", mv.Out).Body(
					goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Item"), goapp.Th().Text("Entity"), goapp.Th().Text("Why not"))),
					goapp.TBody().Body(goapp.Range(mv.Excluded).Slice(func(i int) goapp.UI {
						e := mv.Excluded[i]
						marks := st.Marks[name]
						return goapp.Tr().ID(IDRow+"x-"+e.Key).Class("wb-item "+marks[e.Key].Class()).Body(
							goapp.Td().Class("wb-mono").Text(e.BaseKey),
							goapp.Td().Body(goapp.If(e.Entity != "", func() goapp.UI {
								return goapp.Span().Class("wb-entity " + visualizer.EntityClass(e.Entity)).Text(e.Entity)
							})),
							goapp.Td().Text(e.Reason),
						)
					})),
				),
				goapp.Div().Class("wb-row-buttons").Body(
					goapp.Button().Class("wb-btn wb-btn-small").Text("◀ Prev").Disabled(x.exOffset == 0).Title(greyed(x.exOffset == 0, "The previous items", "this is the first page")).
						OnClick(func(ctx goapp.Context, e goapp.Event) { x.exOffset = max(0, x.exOffset-excludedPerPage) }),
					goapp.Button().Class("wb-btn wb-btn-small").Text("Next ▶").Disabled(x.exOffset+excludedPerPage >= mv.Out).Title(greyed(x.exOffset+excludedPerPage >= mv.Out, "The next items", "this is the last page")).
						OnClick(func(ctx goapp.Context, e goapp.Event) { x.exOffset += excludedPerPage }),
				),
			),
		),
	)
}

// renderProjected says which attributes the index holds: its own keys, the
// table's keys, which every index projects whatever its projection, and
// INCLUDE's attributes or all of them.
func renderProjected(t *model.Table, index string) goapp.UI {
	if t == nil {
		return nil
	}
	names, all, _, found := indexProjected(t, index)
	if !found {
		return nil
	}
	var own []string
	tableKeys := []string{t.HashKey()}
	if sk := t.RangeKey(); sk != "" {
		tableKeys = append(tableKeys, sk)
	}
	for _, n := range names {
		if !slices.Contains(tableKeys, n) {
			own = append(own, n)
		}
	}
	rest := "no other attribute (KEYS_ONLY)"
	switch {
	case all:
		rest = "every other attribute (ALL)"
	case len(own) > 0 && t.GSI(index) != nil && t.GSI(index).Projection.ProjectionType == "INCLUDE",
		len(own) > 0 && t.LSI(index) != nil && t.LSI(index).Projection.ProjectionType == "INCLUDE":
		rest = "and the INCLUDE list"
	}
	return goapp.P().ID(IDIndexProjected).Class("wb-index-projected").Attr("data-table-keys", strings.Join(tableKeys, ",")).Body(
		goapp.Span().Text("Holds "),
		goapp.Span().Class("wb-mono").Text(strings.Join(own, ", ")),
		goapp.Span().Text(", the table's keys "),
		goapp.Span().Class("wb-mono").Text(strings.Join(tableKeys, ", ")),
		goapp.Span().Class("wb-muted").Text(" (always projected, so an index entry leads back to its item)"),
		goapp.Span().Text(", "+rest+"."),
	)
}

// indexHints gathers the projection hints of the access patterns that
// read index of table.
func indexHints(m *model.Model, table, index string) []string {
	var out []string
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		if at, hints := projectionHintsOf(m, ap); at == table+"/"+index {
			for _, h := range hints {
				out = append(out, ap.Name+": "+h)
			}
		}
	}
	return out
}
