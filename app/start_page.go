package app

import (
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// The start page: what a person sees at / before choosing a design. A
// gallery of the pattern library (each with the problem it solves and a
// small picture of its keys), a new design from access patterns, a blank
// design, a file to open, and the designs kept in this browser. Deep links
// (/?pattern=, /#m=, /s/{id}) skip it.

// galleryCard is one pattern of the gallery.
type galleryCard struct {
	Name, Title, Problem, Keys string
}

var (
	galleryOnce  sync.Once
	galleryCards []galleryCard
)

// gallery returns the pattern cards, made once: the catalogue never
// changes while the page runs.
func gallery() []galleryCard {
	galleryOnce.Do(func() {
		for _, p := range patterns.Catalog() {
			galleryCards = append(galleryCards, galleryCard{
				Name: p.Name, Title: p.Title, Problem: oneLine(p.Narrative.Solves, 150),
				Keys: visualizer.KeysSVG(p.Model()),
			})
		}
	})
	return galleryCards
}

// oneLine is text's first sentence, cut at a word before n characters.
func oneLine(text string, n int) string {
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i+1]
	}
	if len(text) <= n {
		return text
	}
	cut := strings.LastIndexByte(text[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	return strings.TrimRight(text[:cut], ",;:") + "…"
}

// recentKey is the local-storage key of the recent designs.
const recentKey = "wb.recent"

// maxRecent bounds the recent designs kept.
const maxRecent = 8

// maxRecentItems bounds the explicit items a recent design keeps: the
// browser's storage holds a few megabytes, and the design matters more.
const maxRecentItems = 500

// recentDesign is one design kept in the browser.
type recentDesign struct {
	Name  string    `json:"name"`
	Saved time.Time `json:"saved"`
	// Doc is the model document (model.Marshal).
	Doc string `json:"doc"`
}

// recentDoc is the document kept for m: m itself, without explicit items
// past maxRecentItems (a generated dataset is only its spec).
func recentDoc(m *model.Model) (string, bool) {
	if m == nil || len(m.Tables) == 0 {
		return "", false
	}
	keep := m
	if m.Dataset != nil && explicitItems(m.Dataset) > maxRecentItems {
		c := *m
		c.Dataset = nil
		keep = &c
	}
	b, err := model.Marshal(keep)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// addRecent puts d first in list, replacing a design of the same name.
func addRecent(list []recentDesign, d recentDesign) []recentDesign {
	out := []recentDesign{d}
	for _, r := range list {
		if r.Name != d.Name && len(out) < maxRecent {
			out = append(out, r)
		}
	}
	return out
}

// worthKeeping says whether the running design is one a person made: not
// the untouched blank model, not an unchanged pattern.
func worthKeeping(st *State) bool {
	if st == nil || st.Model == nil {
		return false
	}
	m := st.Model
	if st.Pattern != "" && !st.CanUndo {
		return false
	}
	return len(m.Entities) > 0 || len(m.AccessPatterns) > 0 || st.CanUndo
}

// rememberRecent keeps the running design among the recent ones when it
// changed. The page calls it whenever the store publishes.
func (p *workbenchPage) rememberRecent(ctx goapp.Context) {
	st := p.state()
	if st == nil || st.Model == p.kept || !worthKeeping(st) || st.Load.Running {
		return
	}
	p.kept = st.Model
	doc, ok := recentDoc(st.Model)
	if !ok {
		return
	}
	var list []recentDesign
	ctx.LocalStorage().Get(recentKey, &list)
	list = addRecent(list, recentDesign{Name: st.Model.Name, Saved: time.Now().UTC(), Doc: doc})
	if err := ctx.LocalStorage().Set(recentKey, list); err != nil {
		// The storage is full: keep the newest design alone.
		ctx.LocalStorage().Set(recentKey, list[:1])
	}
	p.recent = list
}

// loadRecent reads the recent designs from the browser's storage.
func (p *workbenchPage) loadRecent(ctx goapp.Context) {
	var list []recentDesign
	ctx.LocalStorage().Get(recentKey, &list)
	p.recent = list
}

// renderStart draws the start page.
func (p *workbenchPage) renderStart() goapp.UI {
	cards := gallery()
	recent := p.recent
	return goapp.Div().ID(IDStart).Class("wb-start").Body(
		goapp.Section().Class("wb-start-actions").Body(
			goapp.Button().ID(IDStartWizard).Class("wb-start-action wb-start-primary").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.showWizard() }).Body(
				goapp.Strong().Text("New design from access patterns"),
				goapp.Span().Text("Say what your application stores and how it reads it, in plain words; the workbench proposes the table, keys and indexes, and says why."),
			),
			goapp.Button().ID(IDStartBlank).Class("wb-start-action").OnClick(p.onNewBlank).Body(
				goapp.Strong().Text("Blank design"),
				goapp.Span().Text("One table keyed by PK and SK: add entities, key templates and access patterns yourself."),
			),
			goapp.Label().ID(IDStartOpen).Class("wb-start-action").For(IDStartOpenFile).Body(
				goapp.Strong().Text("Open a file"),
				goapp.Span().Text("A workbench model (JSON) or a NoSQL Workbench data model."),
			),
			goapp.Input().ID(IDStartOpenFile).Type("file").Class("wb-visually-hidden").
				Accept(".json,application/json").OnChange(p.onOpenFile),
		),
		goapp.If(len(recent) > 0, func() goapp.UI {
			return goapp.Section().ID(IDStartRecent).Class("wb-start-recent").Body(
				goapp.H2().Text("Recent designs"),
				goapp.Ul().Body(goapp.Range(recent).Slice(func(i int) goapp.UI {
					r := recent[i]
					return goapp.Li().Body(
						goapp.Button().ID(IDStartRecentItem+idSafe(r.Name)).Class("wb-btn wb-btn-link").Text(r.Name).
							OnClick(func(ctx goapp.Context, e goapp.Event) { p.openRecent(ctx, i) }, goapp.EventScope(i, r.Name)),
						goapp.Span().Class("wb-muted").Text(" saved "+r.Saved.Local().Format("2 Jan 15:04")),
					)
				})),
			)
		}),
		goapp.Section().Class("wb-start-gallery-section").Body(
			goapp.H2().Text("Start from a pattern"),
			goapp.P().Class("wb-muted").Text("Each building block is a working design with its data, access patterns and workload: open one, run its requests, and change it."),
			goapp.Div().ID(IDStartGallery).Class("wb-start-gallery").Body(goapp.Range(cards).Slice(func(i int) goapp.UI {
				c := cards[i]
				return goapp.Button().ID(IDStartPattern+c.Name).Class("wb-start-card").Attr("data-pattern", c.Name).
					OnClick(func(ctx goapp.Context, e goapp.Event) { p.openFromStart(ctx, c.Name) }, goapp.EventScope(c.Name)).Body(
					goapp.Strong().Text(c.Title),
					goapp.Span().Class("wb-start-problem").Text(c.Problem),
					goapp.Div().Class("wb-start-keys").Body(goapp.Raw(c.Keys)),
				)
			})),
		),
	)
}

// openFromStart opens a pattern of the gallery as its deep link does.
func (p *workbenchPage) openFromStart(ctx goapp.Context, name string) {
	p.start = false
	u := "/?pattern=" + name
	p.opened = u + "#"
	ctx.Page().ReplaceURL(mustURL(u))
	p.openPattern(ctx, name, nil)
}

// openRecent opens recent design i.
func (p *workbenchPage) openRecent(ctx goapp.Context, i int) {
	if i < 0 || i >= len(p.recent) {
		return
	}
	if p.store.OpenModel([]byte(p.recent[i].Doc)) == nil {
		p.start = false
		p.tab = TabDesign
		p.kept = p.store.State().Model
	}
	publish(ctx, p.store)
}

// showWizard leaves the start page for the design-from-access-patterns
// form.
func (p *workbenchPage) showWizard() {
	p.start = false
	p.wizard = true
}
