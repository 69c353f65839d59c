package app

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// Status line texts.
const (
	// StatusLoading is what the server's pre-rendered page says while the
	// browser downloads and starts the wasm.
	StatusLoading = "loading engine…"
	// StatusReady is what the page says once the wasm has booted.
	StatusReady = "engine ready"
)

// tickEvery is how often the page moves the virtual clock and refreshes the
// live views.
const tickEvery = 200 * time.Millisecond

// publication wraps a State for go-app's state store, which copies values
// into observers' fields.
type publication struct{ State *State }

// workbenchPage is the workbench: a toolbar, the model outline with its
// access patterns, the tabbed panels and the clock. It owns the Store; go-app
// calls OnMount only in the browser, never while pre-rendering on the
// server, so the engine starts there and the pre-rendered page says it is
// loading.
type workbenchPage struct {
	goapp.Compo

	store *Store
	pub   publication
	tab   string
	dark  bool
	// foldNarrative folds the sidebar's pattern narrative: it shows open
	// on the first visit only (page_chrome.go).
	foldNarrative bool
	share         shareLink // the last share link made, with the draft it carries
	// opened is the URL the page last opened a model from, so that OnNav
	// does not reopen it when only the fragment is rewritten.
	opened string
	// start shows the start page instead of the panels; wizard the
	// design-from-access-patterns form.
	start, wizard bool
	// recent are the designs kept in the browser; kept is the running
	// design last kept among them.
	recent []recentDesign
	kept   *model.Model
}

// OnMount starts the in-page engine, subscribes to the store's state, and
// starts the clock's ticker and the keyboard shortcuts.
func (p *workbenchPage) OnMount(ctx goapp.Context) {
	if p.store == nil {
		p.store = NewStore()
	}
	if p.tab == "" {
		p.tab = TabData
	}
	var theme string
	ctx.LocalStorage().Get("wb.theme", &theme)
	p.dark = theme == "dark"
	p.foldNarrative = narrativeSeen(ctx.LocalStorage())
	pageContexts.Store(p.store, ctx)
	ctx.ObserveState(stateKey, &p.pub).OnChange(func() { p.rememberRecent(ctx) })
	p.pub = publication{p.store.State()}
	p.loadRecent(ctx)

	ctx.Async(func() { p.tick(ctx) })
	// go-app has no document-level event handlers: listen on the window
	// so the shortcuts work wherever the focus is.
	goapp.Window().Call("addEventListener", "keydown", goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		if len(args) > 0 {
			if run := p.shortcut(goapp.Event{Value: args[0]}); run != nil {
				ctx.Dispatch(run)
			}
		}
		return nil
	}))
}

// OnDismount forgets the page's context.
func (p *workbenchPage) OnDismount() {
	if p.store != nil {
		pageContexts.Delete(p.store)
	}
}

// tick drives the virtual clock and the highlights' lifetimes until the
// page goes away.
func (p *workbenchPage) tick(ctx goapp.Context) {
	last := time.Now()
	for {
		time.Sleep(tickEvery)
		if !p.Mounted() {
			return
		}
		now := time.Now()
		if p.store.Tick(now.Sub(last)) {
			ctx.Dispatch(func(ctx goapp.Context) { publish(ctx, p.store) })
		}
		last = now
	}
}

// shortcut maps a key press to its action: Ctrl/⌘+Enter runs the query,
// Ctrl/⌘+Z undoes a design edit, Ctrl/⌘+Shift+Z or Ctrl+Y redoes. Inside a
// text field the browser's own undo wins. It cancels the browser's default
// for the keys it takes, which must happen before the handler returns.
func (p *workbenchPage) shortcut(e goapp.Event) func(goapp.Context) {
	if !e.Get("ctrlKey").Bool() && !e.Get("metaKey").Bool() {
		return nil
	}
	key := strings.ToLower(e.Get("key").String())
	tag := strings.ToLower(e.Get("target").Get("tagName").String())
	editing := tag == "input" || tag == "textarea" || tag == "select"
	shift := e.Get("shiftKey").Bool()
	var run func(goapp.Context)
	switch {
	case key == "enter":
		run = func(ctx goapp.Context) {
			if p.tab != TabQuery || p.start || p.wizard { // the panel must be mounted to hear the action
				p.tab, p.start, p.wizard = TabQuery, false, false
				return
			}
			ctx.NewAction(actionRunQuery)
		}
	case key == "z" && !shift && !editing:
		run = func(ctx goapp.Context) { p.store.Undo(); publish(ctx, p.store) }
	case (key == "z" && shift || key == "y") && !editing:
		run = func(ctx goapp.Context) { p.store.Redo(); publish(ctx, p.store) }
	default:
		return nil
	}
	e.PreventDefault()
	return run
}

// actionRunQuery asks the query panel to run its editor's request.
const actionRunQuery = "wb.run-query"

// OnNav opens what the URL asks for: /?pattern=NAME[&items=N] opens a
// pattern and loads its dataset; /#m=... a share link; /s/{id} a stored
// share.
func (p *workbenchPage) OnNav(ctx goapp.Context) {
	if goapp.IsServer {
		// go-app also navigates while pre-rendering: the engine and the
		// models it opens belong to the browser.
		return
	}
	if p.store == nil {
		p.store = NewStore()
	}
	u := ctx.Page().URL()
	target := u.Path + "?" + u.RawQuery + "#" + u.Fragment
	if target == p.opened {
		return
	}
	first := p.opened == ""
	p.opened = target
	switch {
	case first && u.Path == PathWorkbench && u.Fragment == "" && u.Query().Get("pattern") == "":
		// A plain visit: the start page, not an empty table.
		p.start = true
	case strings.HasPrefix(u.Fragment, "m="):
		p.start, p.wizard = false, false
		p.openLink(ctx, u.Fragment[2:])
	case strings.HasPrefix(u.Path, PathShare):
		p.start, p.wizard = false, false
		p.openStored(ctx, strings.TrimPrefix(u.Path, PathShare))
	case u.Query().Get("pattern") != "":
		p.openPattern(ctx, u.Query().Get("pattern"), u.Query())
	}
}

// openPattern opens a pattern and loads its dataset (the pattern's default
// size, or ?items=N).
func (p *workbenchPage) openPattern(ctx goapp.Context, name string, q url.Values) {
	p.start, p.wizard = false, false
	if err := p.store.OpenPattern(name); err != nil {
		publish(ctx, p.store)
		return
	}
	p.tab = TabData
	publish(ctx, p.store)
	size := 0
	if pat, ok := patterns.Get(name); ok {
		size = pat.DefaultSize
	}
	if n, err := strconv.Atoi(q.Get("items")); err == nil && n > 0 {
		size = n
	}
	startLoad(ctx, p.store, size)
}

// pageContexts holds, by store, the context of the page that owns it:
// its source (the page) stays mounted while the page lives, whereas a
// button's context stops dispatching once the button goes, and a load
// started from one (a start-page card, a "load" fix that disappears as the
// load begins) would never publish its progress.
var pageContexts sync.Map // *Store -> goapp.Context

// startLoad runs a dataset load off the event handler so that the page
// keeps painting; its progress is painted as it goes (jobProgress).
func startLoad(ctx goapp.Context, s *Store, n int) {
	if pc, ok := pageContexts.Load(s); ok {
		ctx = pc.(goapp.Context)
	}
	ctx.Async(func() {
		err := s.LoadDataset(n, 0, jobProgress(ctx, s))
		if err != nil {
			// A load that ends tells its end itself; one refused (or
			// stopped by another design) may not have.
			ctx.Dispatch(func(ctx goapp.Context) { publish(ctx, s) })
		}
	})
}

func (p *workbenchPage) state() *State {
	if p.pub.State != nil {
		return p.pub.State
	}
	if p.store != nil {
		return p.store.State()
	}
	return nil
}

// status returns the text of the status line.
func (p *workbenchPage) status() string {
	st := p.state()
	switch {
	case st == nil:
		return StatusLoading
	case st.Load.Running:
		text, _ := loadStatus(st.Load)
		return text
	case st.Message != "":
		return st.Message
	}
	return StatusReady
}

// Render draws the workbench.
func (p *workbenchPage) Render() goapp.UI {
	st := p.state()
	class := "wb"
	if p.dark {
		class += " theme-dark"
	}
	return goapp.Div().Class(class).Body(
		p.renderHeader(st),
		goapp.Div().Class("wb-body").Body(
			goapp.If(st != nil && !p.start && !p.wizard, func() goapp.UI { return p.renderSidebar(st) }),
			goapp.Main().ID(IDRoot).Class("wb-main").Body(
				goapp.If(st == nil, func() goapp.UI {
					return goapp.P().Class("wb-placeholder").Text("The workbench starts when its engine has loaded in your browser.")
				}).ElseIf(p.start, func() goapp.UI {
					return p.renderStart()
				}).ElseIf(p.wizard, func() goapp.UI {
					return &designWizard{Panel: Panel{Store: p.store, State: st}, Done: p.wizardDone}
				}).Else(func() goapp.UI {
					return goapp.Div().Body(p.renderTabs(), p.renderPanel(st))
				}),
			),
		),
		goapp.Footer().Class("wb-footer").Body(
			// The clock moves the design's data (TTL, streams): the start
			// page and the advisor's form have none to move.
			goapp.If(st != nil && !p.start && !p.wizard, func() goapp.UI { return &clockBar{Panel: Panel{Store: p.store, State: st}} }),
			goapp.If(st != nil && st.Error != "", func() goapp.UI {
				return goapp.P().ID(IDError).Class("wb-error").Attr("role", "alert").Text(st.Error)
			}),
			goapp.P().
				ID(IDStatus).
				Class("wb-status").
				Attr("role", "status").
				Text(p.status()),
			// After an Apply turned TTL on, the items written before lack
			// the attribute: one click fills it (store_ttl.go).
			goapp.If(st != nil && !st.Load.Running, func() goapp.UI {
				return goapp.Range(st.TTLFill).Slice(func(i int) goapp.UI {
					f := st.TTLFill[i]
					return goapp.Button().ID(IDTTLFill+idSafe(f.Table)).Class("wb-btn wb-btn-small").
						Text(fmt.Sprintf("Fill %s on %d items", f.Attribute, f.Missing)).
						Title(fmt.Sprintf("Give the %d items of %s that have no %s a value by its generator, counted from the clock's now, so that they expire", f.Missing, f.Table, f.Attribute)).
						OnClick(func(ctx goapp.Context, e goapp.Event) {
							p.store.FillTTL(f.Table)
							publish(ctx, p.store)
						}, goapp.EventScope(f.Table))
				})
			}),
			// The load runs in slices (job.go), so the page answers
			// during it: on every tab it can be stopped here.
			goapp.If(st != nil && st.Load.Running, func() goapp.UI {
				return goapp.Button().ID(IDLoadCancel).Class("wb-btn wb-btn-small").Text("Cancel").
					Title("Stop the load; the items loaded so far stay").
					OnClick(func(ctx goapp.Context, e goapp.Event) { p.store.CancelLoad() })
			}),
		),
	)
}

func (p *workbenchPage) renderTabs() goapp.UI {
	return goapp.Nav().Class("wb-tabs").Attr("role", "tablist").Body(
		goapp.Range(tabNames).Slice(func(i int) goapp.UI {
			name := tabNames[i]
			cls := "wb-tab"
			if name == p.tab {
				cls += " active"
			}
			return goapp.Button().ID(IDTab+name).Class(cls).Attr("role", "tab").
				Attr("aria-selected", strconv.FormatBool(name == p.tab)).
				Text(tabTitles[name]).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.tab, p.start, p.wizard = name, false, false })
		}),
	)
}

func (p *workbenchPage) renderPanel(st *State) goapp.UI {
	base := Panel{Store: p.store, State: st}
	var body goapp.UI
	switch p.tab {
	case TabDesign:
		body = &designPanel{Panel: base}
	case TabGrid:
		body = &gridPanel{Panel: base}
	case TabIndexes:
		body = &indexesPanel{Panel: base}
	case TabQuery:
		body = &queryPanel{Panel: base}
	case TabTime:
		body = &timePanel{Panel: base}
	case TabPartitions:
		body = &partitionsPanel{Panel: base}
	case TabLoad:
		body = &loadPanel{Panel: base}
	case TabFanOut:
		body = &fanOutPanel{Panel: base}
	case TabCost:
		body = &costPanel{Panel: base}
	case TabExport:
		body = &exportPanel{Panel: base}
	default:
		body = &dataPanel{Panel: base}
	}
	return goapp.Section().ID(IDPanel+p.tab).Class("wb-panel").Attr("role", "tabpanel").Body(body)
}

// wizardDone leaves the design-from-access-patterns form: accepted, for
// the Design tab of the proposed design; cancelled, for the start page.
func (p *workbenchPage) wizardDone(accepted bool) {
	p.wizard = false
	if accepted {
		p.start, p.tab = false, TabDesign
		// The form was scrolled down to its Use this design button: the
		// design opens at its top, tabs in view, not where the form was.
		if goapp.IsClient {
			goapp.Window().Call("scrollTo", 0, 0)
		}
		return
	}
	p.start = true
}
