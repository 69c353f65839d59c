package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// The item collections view (the Data tab's, and an index's members in
// the Indexes tab): a page of collections, drawn in turns.

// rowPick is what a click on an item's row does (the panel's, kept in the
// panel): the table takes a pointer to it, which is the same at every
// render, so that a render of the page that changes nothing in the table
// finds its fields unchanged and leaves it alone (go-app compares a
// component's fields; a func is never equal to another).
type rowPick struct {
	fn func(goapp.Context, visualizer.Row)
}

// renderCollections draws one page of a table's (or an index's) item
// collections: each collection's partition key, item count and total size,
// then its rows in sort-key order with the entity, the size, the attributes
// and the live marks. A click on a row calls pick (nil: nothing).
func renderCollections(store *Store, st *State, table, index, filter string, offset int, selected string, pick *rowPick, onPage func(goapp.Context, int)) goapp.UI {
	ts := st.Snapshot.Table(table)
	if ts == nil {
		return goapp.P().Class("wb-muted").Text("No table.")
	}
	ttlAttr := ""
	if mt := st.Model.Table(table); mt != nil && mt.TimeToLiveSpecification != nil && mt.TimeToLiveSpecification.Enabled {
		ttlAttr = mt.TimeToLiveSpecification.AttributeName
	}
	marks := st.Marks[table]
	ghosts := st.Ghosts[table]
	if index != "" {
		marks = st.Marks[table+"/"+index]
		ghosts = nil
	}
	opts := visualizer.CollectionsOptions{
		Index:        index,
		EntityOf:     entityOf(st.Model, table),
		TTLAttribute: ttlAttr,
		Now:          st.Now,
		Marks:        marks,
		Ghosts:       ghosts,
		Offset:       offset,
		Limit:        collectionsPerPage,
		MaxRows:      25,
		PartitionKey: filter,
		// In the browser a table's view may show the last walk's totals
		// while its job walks the new version (refreshWalk).
		Stale: goapp.IsClient && index == "" && store != nil,
	}
	view, err := collectionsView(ts, st.Model, opts)
	if err != nil {
		return goapp.P().Class("wb-error").Text(err.Error())
	}
	if view.Stale {
		refreshWalk(store, ts, opts)
	}
	id := IDCollections
	if index != "" {
		id = IDIndexMembers
	}
	// Facets name a table's keys as each row's entity does (an index's
	// keys are other attributes: its view keeps their names).
	var facets map[string]map[string]string
	if st.Facets && index == "" {
		facets = visualizer.FacetNames(st.Model)
	}
	last := offset + len(view.Collections)
	return goapp.Div().ID(id).Class("wb-collections").
		Attr("data-items", view.TotalItems).Attr("data-collections", view.TotalCollections).
		Attr("data-stale", strconv.FormatBool(view.Stale)).Body(
		goapp.Div().Class("wb-collections-head").Body(
			goapp.Span().Text(fmt.Sprintf("%d items in %d item collections", view.TotalItems, view.TotalCollections)),
			goapp.Span().Class("wb-muted").Text(fmt.Sprintf(" · showing %d–%d · largest collection %s", min(offset+1, last), last, visualizer.FormatBytes(view.LargestSize))),
			goapp.Button().ID(IDPrevPage).Class("wb-btn wb-btn-small").Text("◀ Prev").Disabled(offset == 0).Title(greyed(offset == 0, "The previous item collections", "this is the first page")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { onPage(ctx, max(0, offset-collectionsPerPage)) }, goapp.EventScope(offset)),
			goapp.Button().ID(IDNextPage).Class("wb-btn wb-btn-small").Text("Next ▶").Disabled(last >= view.TotalCollections).Title(greyed(last >= view.TotalCollections, "The next item collections", "this is the last page")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { onPage(ctx, offset+collectionsPerPage) }, goapp.EventScope(offset)),
		),
		// One table, one row per item; each collection is a tbody whose
		// first row is its band: the partition key, its items and size.
		&collectionsTable{View: view, Selected: selected, Facets: facets, Pick: pick},
	)
}

// shownView is the collections view last built in the browser, with its
// inputs: the page renders again at every publication (each turn of the
// table's drawing, a clock tick, a click elsewhere), and a page of
// collections decodes and describes up to 250 items. The same view, the
// same pointer, also leaves the table's component alone.
var shownView struct {
	key  shownViewKey
	view *visualizer.CollectionsView
}

// shownViewKey is what a view is built from: the table's items (their
// Version), the design (its entities), the window, and the clock when TTL
// tells each row's time left.
type shownViewKey struct {
	version                      uint64
	model                        *model.Model
	table, index, filter, ttlAtt string
	offset                       int
	now                          time.Time
}

// collectionsView is visualizer.Collections, kept for its inputs while no
// change is marked (live marks and deleted items fading out change at
// every tick) and the view is not a stale one, which its walk replaces.
func collectionsView(ts *engine.TableSnapshot, m *model.Model, opts visualizer.CollectionsOptions) (*visualizer.CollectionsView, error) {
	keep := goapp.IsClient && len(opts.Marks) == 0 && len(opts.Ghosts) == 0
	key := shownViewKey{version: ts.Version(), model: m, table: ts.Description.TableName, index: opts.Index,
		filter: opts.PartitionKey, ttlAtt: opts.TTLAttribute, offset: opts.Offset}
	if opts.TTLAttribute != "" {
		key.now = opts.Now
	}
	if keep && shownView.view != nil && shownView.key == key {
		return shownView.view, nil
	}
	view, err := visualizer.Collections(ts, opts)
	if err == nil && keep && !view.Stale {
		shownView.key, shownView.view = key, view
	}
	return view, err
}

// walkWork walks a new version of the shown table's items for its
// collections view (refreshWalk); the walk itself is kept by the
// visualizer, by the table's Version.
var walkWork viewWork

// walkKey names the walk refreshWalk runs.
type walkKey struct {
	table   string
	version uint64
}

// refreshWalk walks ts's collections for opts's window in a job's slices
// (viewWork: a newer version cancels the walk of an older one). When it is
// done, the store publishes a new State, so that the panels render again
// and the view is current. A clock whose sweeper deletes some of 100,000
// items at every tick thus never walks them all in a render.
func refreshWalk(s *Store, ts *engine.TableSnapshot, opts visualizer.CollectionsOptions) {
	pc, ok := pageContexts.Load(s)
	if !ok {
		return
	}
	ctx := pc.(goapp.Context)
	// Called only while the view is stale: a walk done before for this
	// version was since dropped from the visualizer's cache.
	walkWork.have = false
	walkWork.get(ctx, walkKey{ts.Description.TableName, ts.Version()}, func(j *job) (any, error) {
		if err := visualizer.WarmCollections(ts, opts, j.step); err != nil {
			return nil, err
		}
		s.Republish()
		ctx.Dispatch(func(ctx goapp.Context) { publish(ctx, s) })
		return nil, nil
	})
}

// CollectionsTurnRows is how many rows a browser turn draws of a new page
// of collections (a collection's band counts as one; a turn may stop
// inside a collection, whose next rows the next turn draws): under wasm
// every element the page creates costs (a page is up to 250 rows, 20
// elements a row, 40 ms and more for 100 rows on a busy machine; the
// browser's layout of them after), so a new page is drawn over a few
// browser tasks rather than in one, the first of them about a screenful.
const CollectionsTurnRows = 16

// collectionsTable draws a page of item collections (data-shown says how
// many of its data-page collections are drawn whole yet, data-rows how
// many item rows).
type collectionsTable struct {
	goapp.Compo
	View     *visualizer.CollectionsView
	Selected string
	Facets   map[string]map[string]string
	Pick     *rowPick

	window  string // the page drawn: its collections' keys
	shown   int    // how many of them are drawn whole
	part    int    // how many rows of the next one are drawn (0: none)
	pending bool   // a later turn will draw more
	// ctx is the table's own context (OnMount's, mounted once set):
	// OnUpdate's is its parent's, whose Dispatch would not draw the table
	// again.
	ctx     goapp.Context
	mounted bool
}

// windowKey names a page of collections: a render at a clock tick draws
// the same page, which keeps what it had drawn even when the sweeper
// changed some of its collections (go-app then updates the rows in place).
func windowKey(v *visualizer.CollectionsView) string {
	return fmt.Sprintf("%s/%s/%d/%s", v.Table, v.Index, v.Offset, v.PartitionKey)
}

func (c *collectionsTable) Render() goapp.UI {
	view := c.View
	n := len(view.Collections)
	c.follow()
	shown, part := min(c.shown, n), c.part
	if !goapp.IsClient {
		shown, part = n, 0 // pre-rendered and native tests: all at once
	}
	drawn, rows := shown, part
	if part > 0 && shown < n {
		drawn++
	}
	for _, col := range view.Collections[:shown] {
		rows += len(col.Rows)
	}
	return goapp.Table().Class("wb-table wb-items wb-items-dense").
		Attr("data-shown", shown).Attr("data-page", n).Attr("data-rows", rows).
		// One click handler for the table, not one per row: it finds the
		// row clicked by its id, in the view drawn now.
		OnClick(func(ctx goapp.Context, e goapp.Event) {
			tr := e.Get("target").Call("closest", "tr.wb-item")
			if !tr.Truthy() {
				return
			}
			if r, ok := rowByKey(c.View, strings.TrimPrefix(tr.Get("id").String(), IDRow)); ok && c.Pick != nil && c.Pick.fn != nil {
				c.Pick.fn(ctx, r)
			}
		}).Body(
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Text(orDash(view.RangeKey)),
			goapp.Th().Text("Entity"),
			goapp.Th().Class("wb-num").Text("Size"),
			goapp.Th().Text("Attributes"),
		)),
		goapp.Range(view.Collections[:drawn]).Slice(func(i int) goapp.UI {
			col := &view.Collections[i]
			rows := len(col.Rows)
			if i == shown {
				rows = part
			}
			return &collectionBody{View: view, C: col, Rows: rows, Selected: selectedIn(col, c.Selected), Facets: c.Facets}
		}),
	)
}

func (c *collectionsTable) OnMount(ctx goapp.Context) {
	c.ctx, c.mounted = ctx, true
	c.drawMore()
}

// OnUpdate runs before the Render of the new fields.
func (c *collectionsTable) OnUpdate(goapp.Context) {
	c.follow()
	c.drawMore()
}

// follow starts drawing anew when the view shows another page. The
// table's first render comes with its panel's (after a load, with the
// whole page's, which the load's end changes everywhere): its rows then
// all come in the turns after, each a task of its own.
func (c *collectionsTable) follow() {
	if k := windowKey(c.View); k != c.window {
		first := c.window == "" && !c.mounted
		c.window, c.shown, c.part = k, 0, 0
		if !first {
			c.turn()
		}
	}
}

// turn draws CollectionsTurnRows rows more, from where the last turn
// stopped: a collection's band with its first row, then rows, stopping
// inside a collection when the turn's rows run out (a collection of 30
// items drawn whole was one task of 50 ms).
func (c *collectionsTable) turn() {
	budget := CollectionsTurnRows
	for budget > 0 && c.shown < len(c.View.Collections) {
		if c.part == 0 {
			budget-- // the band
		}
		left := len(c.View.Collections[c.shown].Rows) - c.part
		take := min(left, max(budget, 1)) // a band is drawn with a row
		budget -= take
		if take == left {
			c.shown, c.part = c.shown+1, 0
		} else {
			c.part += take
		}
	}
}

// drawMore draws the page's next collections at the browser's next turn,
// until all are drawn. A turn starts once the last one is drawn: go-app
// renders a frame some milliseconds after a Dispatch, and turns that came
// back from the browser before it were drawn in one task (80 ms for 100
// rows); Defer runs after the frame's renders.
func (c *collectionsTable) drawMore() {
	if !goapp.IsClient || !c.mounted || c.pending || c.shown >= len(c.View.Collections) {
		return
	}
	c.pending = true
	c.ctx.Async(func() {
		yieldToBrowser()
		c.ctx.Dispatch(func(ctx goapp.Context) {
			c.turn()
			ctx.Defer(func(goapp.Context) {
				c.pending = false
				c.drawMore()
			})
		})
	})
}

// collectionBody draws one collection, a tbody: a component of its own,
// so that a turn of the table's drawing, or any render of the table, does
// not build the rows of the collections already drawn again (go-app
// compares its fields: the same collection, the same selection in it).
type collectionBody struct {
	goapp.Compo
	View     *visualizer.CollectionsView
	C        *visualizer.Collection
	Rows     int    // how many of C's rows are drawn yet
	Selected string // the selected row's key when it is in C, else ""
	Facets   map[string]map[string]string
}

func (b *collectionBody) Render() goapp.UI {
	return renderCollection(b.View, b.C, b.Rows, b.Selected, b.Facets)
}

// selectedIn returns key when it is the key of one of c's rows, else "".
func selectedIn(c *visualizer.Collection, key string) string {
	for _, r := range c.Rows {
		if r.Key == key {
			return key
		}
	}
	return ""
}

// renderCollection draws c's band and its first rows rows (the line of
// its hidden items once they are all drawn).
func renderCollection(view *visualizer.CollectionsView, c *visualizer.Collection, rows int, selected string, facets map[string]map[string]string) goapp.UI {
	first, hashName := "", view.HashKey
	if len(c.Rows) > 0 {
		first = c.Rows[0].Key
		if a := facets[c.Rows[0].Entity][view.HashKey]; a != "" {
			hashName = a
		}
	}
	return goapp.TBody().ID(IDCollection+first).Class("wb-collection").Body(
		goapp.Tr().Class("wb-collection-band").Body(
			goapp.Th().Class("wb-collection-head").ColSpan(4).Attr("scope", "rowgroup").Body(
				goapp.Span().Class("wb-key-name").Title(view.HashKey).Text(hashName+" "),
				goapp.Strong().Class("wb-mono").Text(c.PK),
				goapp.Span().Class("wb-muted").Text(fmt.Sprintf(" · %s · %s", plural(c.Items, "item"), visualizer.FormatBytes(c.Size))),
			),
		),
		goapp.Range(c.Rows[:rows]).Slice(func(i int) goapp.UI {
			r := c.Rows[i]
			cls := "wb-item " + r.State.String() + " " + r.Mark.Class()
			if r.Key == selected {
				cls += " selected"
			}
			var full []string
			for _, a := range r.Attrs {
				full = append(full, a.Name+" ("+a.Type+") "+a.Text)
			}
			return goapp.Tr().ID(IDRow+r.Key).Class(cls).
				Attr("data-state", r.State.String()).Body(
				goapp.Td().Class("wb-mono wb-sk").Body(
					goapp.If(facets[r.Entity][view.RangeKey] != "", func() goapp.UI {
						return goapp.Span().Class("wb-facet-name").Title(view.RangeKey).Text(facets[r.Entity][view.RangeKey])
					}),
					renderSegments(r),
				),
				goapp.Td().Body(goapp.If(r.Entity != "", func() goapp.UI {
					return goapp.Span().Class("wb-entity " + visualizer.EntityClass(r.Entity)).Text(r.Entity)
				})),
				goapp.Td().Class("wb-num").Text(strconv.Itoa(r.Size)+" B"),
				goapp.Td().Class("wb-attrs").Title(strings.Join(full, "\n")).Body(
					goapp.If(r.ExpiresIn != "", func() goapp.UI {
						return goapp.Span().Class("wb-ttl-badge").Text(r.ExpiresIn)
					}),
					// Two elements an attribute, the type drawn from its
					// data-type (workbench.css): a page of collections
					// is some 100 rows of 5 attributes, and under wasm
					// every element the page creates costs.
					goapp.Range(r.Attrs).Slice(func(j int) goapp.UI {
						a := r.Attrs[j]
						return goapp.Span().Class("wb-attr").Body(
							goapp.Span().Class("wb-attr-name").Attr("data-type", a.Type).Text(a.Name),
							goapp.Text(a.Text),
						)
					}),
				),
			)
		}),
		goapp.If(c.Hidden > 0 && rows == len(c.Rows), func() goapp.UI {
			return goapp.Tr().Class("wb-more").Body(goapp.Td().ColSpan(4).Class("wb-muted").
				Text(fmt.Sprintf("… and %d more items in this collection", c.Hidden)))
		}),
	)
}

// rowByKey finds the row of an item in the view.
func rowByKey(view *visualizer.CollectionsView, key string) (visualizer.Row, bool) {
	for _, c := range view.Collections {
		for _, r := range c.Rows {
			if r.Key == key {
				return r, true
			}
		}
	}
	return visualizer.Row{}, false
}

// renderSegments prints a sort key's '#'-separated hierarchy, dimming the
// parents the row shares with the one above.
func renderSegments(r visualizer.Row) goapp.UI {
	if len(r.SKSegments) == 0 {
		return goapp.Text(orDash(r.SK))
	}
	return goapp.Range(r.SKSegments).Slice(func(i int) goapp.UI {
		s := r.SKSegments[i]
		cls := "wb-seg"
		if s.Shared {
			cls += " shared"
		}
		text := s.Text
		if i > 0 {
			text = "#" + text
		}
		return goapp.Span().Class(cls).Text(text)
	})
}
