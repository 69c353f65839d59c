package app

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine/json"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// renderHeader draws the toolbar: the pattern library, new/open/save/share,
// undo/redo and the theme.
func (p *workbenchPage) renderHeader(st *State) goapp.UI {
	ready := st != nil
	current := ""
	if ready {
		current = st.Pattern
	}
	catalog := patterns.Catalog()
	return goapp.Header().Class("wb-header").Body(
		goapp.H1().Class("wb-title").Body(
			goapp.A().ID(IDHome).Href("/").Title("The start page: patterns, a new design, recent designs").Text("DynamoDB Workbench").
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					e.PreventDefault()
					// Not the render's ready: go-app keeps the first
					// render's handler, made before the engine ran.
					p.start, p.wizard = p.state() != nil, false
					p.loadRecent(ctx)
				}),
		),
		goapp.Div().Class("wb-toolbar").Body(
			goapp.Label().Class("wb-visually-hidden").For(IDPatternSelect).Text("Pattern"),
			goapp.Select().ID(IDPatternSelect).Class("wb-select").Disabled(!ready).Title(greyed(!ready, "Open one of the patterns of the library", "the workbench starts when its engine has loaded in your browser")).
				OnChange(p.onPatternSelect).Body(
				goapp.Option().Value("").Selected(current == "").Text("Open a pattern…"),
				goapp.Range(catalog).Slice(func(i int) goapp.UI {
					pt := catalog[i]
					return goapp.Option().Value(pt.Name).Selected(current == pt.Name).Text(pt.Title)
				}),
			),
			goapp.Button().ID(IDNewBlank).Class("wb-btn").Disabled(!ready).Text("New").
				Title(greyed(!ready, "Start a blank model", "the workbench starts when its engine has loaded in your browser")).OnClick(p.onNewBlank),
			goapp.Label().Class("wb-btn wb-file").For(IDOpenFile).Text("Open…").
				Title("Open a model, or import a NoSQL Workbench model, CloudFormation or CDK template, Terraform file, AWS Labs or OneTable schema"),
			goapp.Input().ID(IDOpenFile).Type("file").Class("wb-visually-hidden").
				Accept(OpenFileAccept).Disabled(!ready).Title(greyed(!ready, "Open a model file", "the workbench starts when its engine has loaded in your browser")).OnChange(p.onOpenFile),
			goapp.If(ready, func() goapp.UI {
				return goapp.A().ID(IDSaveFile).Class("wb-btn").Text("Save").
					Title("Download the model as JSON").
					Href(modelDataURL(st.Draft)).Attr("download", fileName(st.Draft)+".json")
			}),
			goapp.Button().ID(IDShare).Class("wb-btn").Disabled(!ready).Text("Share").
				Title(greyed(!ready, "Put the model in the address bar as a link", "the workbench starts when its engine has loaded in your browser")).OnClick(p.onShare),
			goapp.If(ready, func() goapp.UI { return &compareControl{Panel: Panel{Store: p.store, State: st}} }),
			goapp.Span().Class("wb-sep"),
			goapp.Button().ID(IDUndo).Class("wb-btn").Disabled(!ready || !st.CanUndo).
				Title(greyed(!ready || !st.CanUndo, "Undo the last design edit (Ctrl+Z)", "no design edit to undo yet; an edit in the Design tab (or a remedy) makes one")).Text("Undo").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.store.Undo(); publish(ctx, p.store) }),
			goapp.Button().ID(IDRedo).Class("wb-btn").Disabled(!ready || !st.CanRedo).
				Title(greyed(!ready || !st.CanRedo, "Redo (Ctrl+Shift+Z)", "nothing undone to redo; Undo makes one")).Text("Redo").
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.store.Redo(); publish(ctx, p.store) }),
			goapp.If(ready, func() goapp.UI {
				return &tourGuide{Panel: Panel{Store: p.store, State: st}, Tab: p.tab,
					ShowTab: func(tab string) { p.tab = tab }}
			}),
			goapp.Button().ID(IDTheme).Class("wb-btn").Title("Light or dark theme").
				Text(map[bool]string{true: "Light", false: "Dark"}[p.dark]).OnClick(p.onTheme),
		),
		goapp.If(p.share.of(st) != "", func() goapp.UI {
			return goapp.Div().Class("wb-share").Body(
				goapp.Label().For(IDShareLink).Text("Share link"),
				goapp.Input().ID(IDShareLink).ReadOnly(true).Value(p.share.of(st)).
					OnFocus(func(ctx goapp.Context, e goapp.Event) { e.Get("target").Call("select") }),
			)
		}),
	)
}

func (p *workbenchPage) onPatternSelect(ctx goapp.Context, e goapp.Event) {
	name := e.Get("target").Get("value").String()
	if name == "" {
		return
	}
	p.start, p.wizard = false, false
	p.forgetPrevious(ctx)
	u := "/?pattern=" + url.QueryEscape(name)
	p.opened = u + "#"
	ctx.Page().ReplaceURL(mustURL(u))
	p.openPattern(ctx, name, url.Values{})
}

func (p *workbenchPage) onNewBlank(ctx goapp.Context, e goapp.Event) {
	p.start, p.wizard = false, false
	p.forgetPrevious(ctx)
	p.store.OpenBlank()
	p.tab = TabDesign
	ctx.Page().ReplaceURL(mustURL("/"))
	p.opened = "/?#"
	publish(ctx, p.store)
}

// onOpenFile reads the chosen file with the browser's File.text() and
// opens it, importing it first when it is another tool's (importFile).
func (p *workbenchPage) onOpenFile(ctx goapp.Context, e goapp.Event) {
	files := e.Get("target").Get("files")
	if files.Length() == 0 {
		return
	}
	name := files.Index(0).Get("name").String()
	files.Index(0).Call("text").Then(func(v goapp.Value) {
		doc := []byte(v.String())
		ctx.Dispatch(func(ctx goapp.Context) {
			p.importFile(ctx, name, doc, func(ctx goapp.Context, doc []byte) {
				if p.store.OpenModel(doc) == nil {
					p.forgetPrevious(ctx)
					p.tab = TabData
					p.start, p.wizard = false, false
				}
				publish(ctx, p.store)
			})
		})
	})
}

func (p *workbenchPage) onTheme(ctx goapp.Context, e goapp.Event) {
	p.dark = !p.dark
	theme := "light"
	if p.dark {
		theme = "dark"
	}
	ctx.LocalStorage().Set("wb.theme", theme)
}

// forgetPrevious drops the Query panel's form and editor when another
// model opens.
func (p *workbenchPage) forgetPrevious(ctx goapp.Context) {
	// The share link and the analysis memory follow State.Design by
	// themselves (shareLink.of, memoryOf), whichever way a design opens.
	ctx.SetState(queryStateKey, querySaved{})
}

// modelDataURL is a data: URL of the model's JSON, for the Save link.
// The header renders at every publication (each slice of a load, each
// tick of the clock) and a model never changes once published, so the
// URL of the last model asked about is kept: encoding a pattern's model
// took 200 ms of a 100,000-item load's main thread.
func modelDataURL(m *model.Model) string {
	dataURLs.Lock()
	defer dataURLs.Unlock()
	if dataURLs.m == m && dataURLs.url != "" {
		return dataURLs.url
	}
	u := "#"
	if b, err := model.MarshalIndent(m); err == nil {
		u = "data:application/json;charset=utf-8," + url.PathEscape(string(b))
	}
	dataURLs.m, dataURLs.url = m, u
	return u
}

// dataURLs keeps modelDataURL's last answer.
var dataURLs struct {
	sync.Mutex
	m   *model.Model
	url string
}

// fileName derives a download name from the model's name.
func fileName(m *model.Model) string {
	n := strings.ToLower(strings.TrimSpace(m.Name))
	n = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		}
		return '-'
	}, n)
	n = strings.Trim(n, "-")
	if n == "" {
		return "model"
	}
	return n
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		return &url.URL{Path: "/"}
	}
	return u
}

// renderSidebar draws the model outline: the narrative of a pattern, the
// tables with their keys, indexes and TTL, the entities and the access
// patterns with a run button each.
func (p *workbenchPage) renderSidebar(st *State) goapp.UI {
	m := st.Model
	return goapp.Aside().ID(IDOutline).Class("wb-sidebar").Body(
		goapp.H2().Class("wb-model-name").Text(m.Name),
		goapp.If(m.Narrative != nil, func() goapp.UI { return renderNarrative(m.Narrative, !p.foldNarrative) }),
		goapp.H3().Text("Tables"),
		goapp.Range(m.Tables).Slice(func(i int) goapp.UI {
			return p.renderOutlineTable(st, &m.Tables[i])
		}),
		goapp.If(len(m.Entities) > 0, func() goapp.UI {
			return goapp.Div().Body(
				goapp.H3().Text("Entities"),
				goapp.Ul().Class("wb-outline-list").Body(
					goapp.Range(m.Entities).Slice(func(i int) goapp.UI {
						en := m.Entities[i]
						return goapp.Li().Body(
							goapp.Span().Class("wb-entity "+visualizer.EntityClass(en.Name)).Text(en.Name),
							goapp.Span().Class("wb-muted").Text(" "+keyTemplates(en)),
						)
					}),
				),
			)
		}),
		goapp.If(len(m.AccessPatterns) > 0, func() goapp.UI {
			return goapp.Div().Body(
				goapp.H3().Text("Access patterns"),
				goapp.Ul().Class("wb-outline-list wb-aps").Body(
					goapp.Range(m.AccessPatterns).Slice(func(i int) goapp.UI {
						ap := m.AccessPatterns[i]
						return goapp.Li().Body(
							goapp.Button().ID(IDAccessPattern+idSafe(ap.Name)).Class("wb-btn wb-btn-small").
								Title("Run with its example parameters").Text("Run").
								OnClick(func(ctx goapp.Context, e goapp.Event) {
									p.store.RunPattern(ap.Name, nil)
									p.tab = TabQuery
									publish(ctx, p.store)
								}, goapp.EventScope(ap.Name)),
							goapp.Span().Class("wb-ap-name").Text(" "+ap.Name),
							goapp.Span().Class("wb-muted").Text(" · "+ap.Operation),
						)
					}),
				),
			)
		}),
	)
}

// narrativeSeenKey is the local-storage key that says the narrative was
// shown open once.
const narrativeSeenKey = "wb.narrative.seen"

// narrativeSeen says whether the narrative was shown on an earlier visit,
// and records that this visit shows it: the first visit reads it open, the
// later ones have it folded so that the tables, entities and access
// patterns show without scrolling.
func narrativeSeen(ls goapp.BrowserStorage) bool {
	var seen bool
	_ = ls.Get(narrativeSeenKey, &seen)
	if !seen {
		_ = ls.Set(narrativeSeenKey, true)
	}
	return seen
}

func renderNarrative(n *model.Narrative, open bool) goapp.UI {
	part := func(title, text string) goapp.UI {
		return goapp.If(text != "", func() goapp.UI {
			return goapp.P().Body(goapp.Strong().Text(title+" "), goapp.Text(text))
		})
	}
	d := goapp.Details().ID(IDNarrative).Class("wb-narrative")
	if open {
		// Only when true: an open="false" attribute would open it.
		d = d.Open(true)
	}
	return d.Body(
		goapp.Summary().Text("About this pattern"),
		goapp.If(n.Summary != "", func() goapp.UI { return goapp.P().Text(n.Summary) }),
		part("Solves:", n.Solves),
		part("Trade-offs:", n.TradeOffs),
		part("Rule of thumb:", n.RuleOfThumb),
	)
}

func (p *workbenchPage) renderOutlineTable(st *State, t *model.Table) goapp.UI {
	keys := keyText(t.KeySchema, &t.TableDefinition)
	var lines []string
	for _, g := range t.GlobalSecondaryIndexes {
		lines = append(lines, "GSI "+g.IndexName+": "+keyText(g.KeySchema, &t.TableDefinition)+" · "+string(g.Projection.ProjectionType))
	}
	for _, l := range t.LocalSecondaryIndexes {
		lines = append(lines, "LSI "+l.IndexName+": "+keyText(l.KeySchema, &t.TableDefinition)+" · "+string(l.Projection.ProjectionType))
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled {
		lines = append(lines, "TTL on "+ttl.AttributeName)
	}
	billing := "on-demand"
	if t.BillingMode == schema.BillingProvisioned && t.ProvisionedThroughput != nil {
		billing = fmt.Sprintf("provisioned %s RCU / %s WCU", i64(t.ProvisionedThroughput.ReadCapacityUnits), i64(t.ProvisionedThroughput.WriteCapacityUnits))
	}
	lines = append(lines, billing)
	return goapp.Div().Class("wb-outline-table").Body(
		goapp.Div().Body(
			goapp.Strong().Text(t.TableName),
			goapp.Span().Class("wb-muted").Text(" · "+outlineCount(st, t.TableName)),
		),
		goapp.Div().Class("wb-mono").Text(keys),
		goapp.Ul().Class("wb-outline-list").Body(
			goapp.Range(lines).Slice(func(i int) goapp.UI { return goapp.Li().Class("wb-mono").Text(lines[i]) }),
		),
	)
}

func i64(p *int64) string {
	if p == nil {
		return "0"
	}
	return strconv.FormatInt(*p, 10)
}

// keyText prints a key schema as "PK (S), SK (S)".
func keyText(ks []schema.KeySchemaElement, def *schema.TableDefinition) string {
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s (%s)", k.AttributeName, def.AttributeType(k.AttributeName)))
	}
	return strings.Join(parts, ", ")
}

// keyTemplates prints an entity's key templates in a stable order.
func keyTemplates(en model.Entity) string {
	names := make([]string, 0, len(en.Keys))
	for k := range en.Keys {
		names = append(names, k)
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		parts = append(parts, k+"="+en.Keys[k])
	}
	return strings.Join(parts, " ")
}

// isNoSQLWorkbench reports whether a file is a NoSQL Workbench data model
// (ModelName and DataModel at the top) rather than a workbench model.
func isNoSQLWorkbench(doc []byte) bool {
	var probe struct {
		ModelName *string           `json:"ModelName"`
		DataModel []json.RawMessage `json:"DataModel"`
	}
	return json.Unmarshal(doc, &probe) == nil && probe.ModelName != nil && probe.DataModel != nil
}

// outlineCount is the outline's count of a table's items. While a dataset
// loads, the State keeps the snapshot of the load's start (its progress
// is painted alone: load_paint.go), whose count would say 0: the outline
// says the table is loading instead, and the progress bar how far. An
// Apply's copy leaves the running engine as it was: its count holds.
func outlineCount(st *State, table string) string {
	if st.Load.Running && !st.Load.Applying {
		return "loading…"
	}
	count := 0
	if ts := st.Snapshot.Table(table); ts != nil {
		count = ts.Len()
	}
	return strconv.Itoa(count) + " items"
}
