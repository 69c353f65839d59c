package app

import (
	"fmt"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/patterns"
)

// tourPattern is the pattern the guided tour follows.
const tourPattern = "write-sharding"

// tourStep is one step of the guided tour: the tab it shows, the element
// it points at, and what it says.
type tourStep struct {
	Tab    string
	Target string
	Title  string
	Text   string
}

// tourSteps walk a first-time user through write sharding, from the
// problem to its price.
var tourSteps = []tourStep{
	{TabData, IDNarrative, "A key too hot for one partition",
		"Votes arrive at 20,000 a second, 90% of them for one candidate. One partition accepts 1,000 write units a second, so a single key per candidate would need 18 partitions' worth. The pattern's narrative, here, says how write sharding solves it."},
	{TabData, IDCollections, "Twenty keys instead of one",
		"Each candidate's votes go to one of 20 counters, CANDIDATE#alice#0 to #19, chosen at random: 20 item collections, plus a TOTAL item that an aggregator writes."},
	{TabPartitions, IDPartKeyspace, "The keys spread over partitions",
		"The table's keyspace cut into partitions by hash range, with the loaded items in each. Each shard key hashes somewhere else, so the counters land on different partitions. Raise the capacity in the what-if to watch the partitions double."},
	{TabLoad, IDLoadSharding, "Without sharding",
		"Uncheck write sharding and run the simulation: every vote for alice goes to one key, and the heat map turns red where the partition holding it throttles."},
	{TabLoad, IDLoadRun, "With sharding",
		"Check it again and run: the same 20,000 votes a second spread over 20 keys and nothing is throttled. The previous run plays beside the new one."},
	{TabFanOut, IDFanPicture, "The price: reads fan out",
		"Reading alice's total from the shards takes 20 GetItems, one per shard, merged by the application: 20 times the capacity of the single read it replaces. Hence the aggregate item."},
	{TabCost, IDCostTable, "What it costs",
		"Every access pattern's capacity per call, measured on the loaded data, and its monthly cost on demand and provisioned, with the analysis's warnings next to the pattern they concern."},
}

// tourGuide is the guided tour: a header button that starts it and, while
// it runs, a dialog with the current step that shows the step's tab and
// outlines the element it talks about. The page mounts it in the header
// with its current tab and a way to change it.
type tourGuide struct {
	goapp.Compo
	Panel
	// Tab is the page's current tab; ShowTab switches the page to a tab.
	Tab     string
	ShowTab func(tab string)

	open bool
	step int
}

// Render draws the button and, while the tour runs, its dialog.
func (g *tourGuide) Render() goapp.UI {
	return goapp.Span().Class("wb-tour").Body(
		goapp.Button().ID(IDTour).Class("wb-btn").Text("Tour").
			Attr("aria-expanded", strconv.FormatBool(g.open)).
			Title("A guided tour of write sharding, from a hot key to its cost").
			OnClick(func(ctx goapp.Context, e goapp.Event) { g.toggle(ctx) }),
		goapp.If(g.open, g.renderDialog),
	)
}

// goTo shows step i: its tab, then its element scrolled into view once the
// page has rendered.
func (g *tourGuide) goTo(ctx goapp.Context, i int) {
	g.step = max(0, min(i, len(tourSteps)-1))
	s := tourSteps[g.step]
	if s.Tab != "" && s.Tab != g.Tab && g.ShowTab != nil {
		g.ShowTab(s.Tab)
	}
	ctx.Defer(func(ctx goapp.Context) {
		if el := goapp.Window().GetElementByID(s.Target); el != nil && el.Truthy() {
			el.Call("scrollIntoView", map[string]any{"block": "center", "behavior": "smooth"})
		}
	})
}

// toggle starts the tour at its first step, or closes it.
func (g *tourGuide) toggle(ctx goapp.Context) {
	if g.open {
		g.close()
		return
	}
	g.open = true
	g.goTo(ctx, 0)
}

// next shows the next step; after the last, it closes the tour.
func (g *tourGuide) next(ctx goapp.Context) {
	if g.step == len(tourSteps)-1 {
		g.close()
		return
	}
	g.goTo(ctx, g.step+1)
}

func (g *tourGuide) close() { g.open, g.step = false, 0 }

// renderDialog draws the current step.
func (g *tourGuide) renderDialog() goapp.UI {
	s := tourSteps[g.step]
	last := g.step == len(tourSteps)-1
	next := "Next"
	if last {
		next = "Done"
	}
	other := g.State != nil && g.State.Pattern != tourPattern
	return goapp.Div().ID(IDTourDialog).Class("wb-tour-dialog").
		Attr("role", "dialog").Attr("aria-labelledby", IDTourDialog+"-title").
		Attr("data-step", g.step).Attr("data-tab", s.Tab).Attr("data-target", s.Target).Body(
		// Outline the element the step talks about.
		goapp.Style().Text(fmt.Sprintf("#%s { outline: 3px solid var(--wb-accent); outline-offset: 3px; border-radius: 4px; }", s.Target)),
		goapp.Div().Class("wb-tour-count wb-muted").Text(fmt.Sprintf("Step %d of %d", g.step+1, len(tourSteps))),
		goapp.H2().ID(IDTourDialog+"-title").Class("wb-tour-title").Text(s.Title),
		goapp.P().Class("wb-tour-text").Text(s.Text),
		goapp.If(other, func() goapp.UI {
			return goapp.P().Class("wb-tour-other").Body(
				goapp.Text("The tour follows the write-sharding pattern. "),
				goapp.Button().ID(IDTourOpen).Class("wb-btn wb-btn-small").Text("Open it").
					Title("Replace the current design with the write-sharding pattern and load its dataset").
					OnClick(func(ctx goapp.Context, e goapp.Event) { g.openPattern(ctx) }),
			)
		}),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDTourBack).Class("wb-btn").Disabled(g.step == 0).Title(greyed(g.step == 0, "The previous step", "this is the first step")).Text("Back").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.goTo(ctx, g.step-1) }),
			goapp.Button().ID(IDTourNext).Class("wb-btn wb-btn-primary").Text(next).
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.next(ctx) }),
			goapp.Button().ID(IDTourClose).Class("wb-btn").Text("Close").
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.close() }),
		),
	)
}

// openPattern opens the tour's pattern and loads its dataset, then shows
// the current step again.
func (g *tourGuide) openPattern(ctx goapp.Context) {
	if g.Store == nil {
		return
	}
	if err := g.Store.OpenPattern(tourPattern); err != nil {
		publish(ctx, g.Store)
		return
	}
	publish(ctx, g.Store)
	size := 0
	if p, ok := patterns.Get(tourPattern); ok {
		size = p.DefaultSize
	}
	startLoad(ctx, g.Store, size)
	g.goTo(ctx, g.step)
}
