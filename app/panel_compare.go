package app

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// Compare with…: the draft compared with another version of the design
// (the pattern it came from, the design the engine runs, a file, a share
// link) and the migration plan from that version to the draft
// (model/diff, computed in the page as POST /api/diff computes it).

// Where a comparison's other version comes from.
const (
	compareFromPattern = "pattern"
	compareFromApplied = "applied"
	compareFromFile    = "file"
	compareFromLink    = "link"
)

// compareMaxItems bounds the items of the other version's dataset read to
// measure sizes (ops.MaxDiffItems on the server).
const compareMaxItems = 10_000

// compareControl is the Compare with… button and its panel.
type compareControl struct {
	goapp.Compo
	Panel

	open   bool
	source string
	link   string
	size   string
	// file is the chosen design file's model, fileErr why it could not be
	// read.
	file    *model.Model
	fileErr string
	busy    bool
	err     string
	plan    *diff.Plan
}

func (c *compareControl) Render() goapp.UI {
	st := c.State
	ready := st != nil && st.Draft != nil
	return goapp.Span().Class("wb-compare").Body(
		goapp.Button().ID(IDCompare).Class("wb-btn").Disabled(!ready).Text("Compare with…").
			Title(greyed(!ready, "Compare the design with another version and plan the migration", "the workbench starts when its engine has loaded in your browser")).
			OnClick(func(ctx goapp.Context, e goapp.Event) { c.open = !c.open }),
		goapp.If(c.open && ready, func() goapp.UI { return c.renderPanel(st) }),
	)
}

// sources lists the versions the draft can be compared with.
func (c *compareControl) sources(st *State) [][2]string {
	var out [][2]string
	if st.Pattern != "" {
		title := st.Pattern
		if p, ok := patterns.Get(st.Pattern); ok {
			title = p.Title
		}
		out = append(out, [2]string{compareFromPattern, "The pattern it came from (" + title + ")"})
	}
	if st.Dirty {
		out = append(out, [2]string{compareFromApplied, "The applied design (what the engine runs)"})
	}
	return append(out, [2]string{compareFromFile, "A design file…"}, [2]string{compareFromLink, "A share link…"})
}

func (c *compareControl) currentSource(st *State) string {
	list := c.sources(st)
	for _, s := range list {
		if s[0] == c.source {
			return c.source
		}
	}
	return list[0][0]
}

func (c *compareControl) renderPanel(st *State) goapp.UI {
	src := c.currentSource(st)
	list := c.sources(st)
	return goapp.Div().ID(IDComparePanel).Class("wb-compare-panel").Body(
		goapp.Div().Class("wb-compare-head").Body(
			goapp.H2().Text("Compare with another version"),
			goapp.Button().ID(IDCompareClose).Class("wb-btn wb-btn-small").Text("Close").
				OnClick(func(ctx goapp.Context, e goapp.Event) { c.open = false }),
		),
		goapp.P().Class("wb-compare-note").Text("The plan takes the other version as deployed and this design as the next one: what DynamoDB can change online, what needs a new table and a copy, and what a CloudFormation or CDK deploy would do."),
		goapp.Div().Class("wb-compare-form").Body(
			goapp.Label().For(IDCompareSource).Text("Compare with"),
			goapp.Select().ID(IDCompareSource).Class("wb-select").OnChange(c.onSource).Body(
				goapp.Range(list).Slice(func(i int) goapp.UI {
					return goapp.Option().Value(list[i][0]).Selected(list[i][0] == src).Text(list[i][1])
				}),
			),
			goapp.If(src == compareFromFile, func() goapp.UI {
				return goapp.Input().ID(IDCompareFile).Type("file").Accept(".json,application/json").OnChange(c.onFile)
			}),
			goapp.If(src == compareFromLink, func() goapp.UI {
				return goapp.Input().ID(IDCompareLink).Type("text").Placeholder("https://…/#m=2.… or https://…/s/ID").
					Value(c.link).OnChange(c.onLink)
			}),
			goapp.Label().For(IDCompareSize).Text("Data size (GB)"),
			goapp.Input().ID(IDCompareSize).Type("number").Attr("min", "0").Attr("step", "any").
				Placeholder("measured").Value(c.size).OnChange(c.onSize),
			goapp.Button().ID(IDCompareRun).Class("wb-btn wb-btn-primary").Disabled(c.busy).Title(greyed(c.busy, "Compare the two designs", "a comparison is running; it is on offer again when it ends")).Text("Compare").OnClick(c.onRun),
		),
		goapp.If(c.fileErr != "" && src == compareFromFile, func() goapp.UI { return goapp.P().Class("wb-compare-error").Text(c.fileErr) }),
		goapp.If(c.err != "", func() goapp.UI { return goapp.P().Class("wb-compare-error").Text(c.err) }),
		goapp.If(c.plan != nil && c.err == "", func() goapp.UI { return renderPlan(visualizer.Migration(c.plan)) }),
	)
}

func (c *compareControl) onSource(ctx goapp.Context, e goapp.Event) {
	c.source = e.Get("target").Get("value").String()
	c.plan, c.err = nil, ""
}

func (c *compareControl) onLink(ctx goapp.Context, e goapp.Event) {
	c.link = strings.TrimSpace(e.Get("target").Get("value").String())
}

func (c *compareControl) onSize(ctx goapp.Context, e goapp.Event) {
	c.size = strings.TrimSpace(e.Get("target").Get("value").String())
}

// onFile reads the chosen file with the browser's File.text().
func (c *compareControl) onFile(ctx goapp.Context, e goapp.Event) {
	files := e.Get("target").Get("files")
	if files.Length() == 0 {
		return
	}
	files.Index(0).Call("text").Then(func(v goapp.Value) {
		doc := []byte(v.String())
		ctx.Dispatch(func(ctx goapp.Context) {
			c.file, c.fileErr = nil, ""
			m, err := model.Parse(doc)
			if err != nil {
				c.fileErr = "the file is not a valid design: " + err.Error()
				return
			}
			c.file = m
		})
	})
}

// onRun finds the other version and compares.
func (c *compareControl) onRun(ctx goapp.Context, e goapp.Event) {
	st := c.Store.State()
	c.plan, c.err = nil, ""
	size, err := c.sizeGB()
	if err != nil {
		c.err = err.Error()
		return
	}
	switch c.currentSource(st) {
	case compareFromPattern:
		p, ok := patterns.Get(st.Pattern)
		if !ok {
			c.err = "the pattern " + st.Pattern + " is not in the catalogue"
			return
		}
		c.compare(p.Model(), st.Draft, size)
	case compareFromApplied:
		c.compare(st.Model, st.Draft, size)
	case compareFromFile:
		if c.file == nil {
			c.err = "choose a design file first"
			if c.fileErr != "" {
				c.err = c.fileErr
			}
			return
		}
		c.compare(c.file, st.Draft, size)
	case compareFromLink:
		c.fromLink(ctx, st.Draft, size)
	}
}

func (c *compareControl) sizeGB() (float64, error) {
	if c.size == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(c.size, 64)
	if err != nil || v < 0 || v > diff.MaxSizeGB {
		return 0, fmt.Errorf("the data size %q is not a number of GB from 0 to %d", c.size, diff.MaxSizeGB)
	}
	return v, nil
}

// fromLink reads the design a share link carries: in its fragment, or in
// this server's share store (only the id is taken from the link: the page
// fetches its own server's /api/share/ID, never the link's host).
func (c *compareControl) fromLink(ctx goapp.Context, draft *model.Model, size float64) {
	link := c.link
	if link == "" {
		c.err = "paste a share link first"
		return
	}
	if _, frag, ok := strings.Cut(link, "#m="); ok {
		m, err := sharelink.Decode(frag)
		if err != nil {
			c.err = "the share link cannot be read: " + err.Error()
			return
		}
		c.compare(m, draft, size)
		return
	}
	_, id, ok := strings.Cut(link, "/s/")
	id, _, _ = strings.Cut(id, "?")
	id, _, _ = strings.Cut(id, "#")
	if !ok || id == "" || strings.ContainsAny(id, "/.%") {
		c.err = "not a share link: want one ending in /#m=… or /s/ID"
		return
	}
	c.busy = true
	fetchText(goapp.Window().Call("fetch", "/api/share/"+url.PathEscape(id)), func(status int, body string) {
		ctx.Dispatch(func(ctx goapp.Context) {
			c.busy = false
			if status != 200 {
				c.err = fmt.Sprintf("the shared design %s cannot be read (HTTP %d): %s", id, status, strings.TrimSpace(body))
				return
			}
			m, err := model.Parse([]byte(body))
			if err != nil {
				c.err = "the shared design cannot be read: " + err.Error()
				return
			}
			c.compare(m, draft, size)
		})
	})
}

// compare plans the migration from one version to the draft, measuring
// sizes on the other version's dataset.
func (c *compareControl) compare(from, to *model.Model, size float64) {
	plan, err := comparePlan(from, to, size)
	if err != nil {
		c.err = err.Error()
		return
	}
	c.plan = plan
}

// comparePlan is diff.Compare with the dataset of from (a pattern's
// generator resolved through the catalogue), as ops.Diff does on the
// server.
func comparePlan(from, to *model.Model, size float64) (*diff.Plan, error) {
	if from == nil || to == nil {
		return nil, errors.New("nothing to compare")
	}
	src, err := from.DatasetSource(patterns.Generator)
	if err != nil {
		return nil, fmt.Errorf("the other version's dataset: %w", err)
	}
	o := diff.Options{SizeGB: size, Data: src, MaxItems: compareMaxItems}
	if ds := from.Dataset; ds != nil && ds.Generator != nil && len(ds.Items) == 0 {
		o.FullItems = ds.Generator.Size
	}
	return diff.Compare(from, to, o)
}

// renderPlan draws a migration plan's view.
func renderPlan(v visualizer.MigrationView) goapp.UI {
	summaryClass := "wb-compare-summary"
	if v.Danger {
		summaryClass += " wb-compare-danger"
	}
	return goapp.Div().Class("wb-compare-plan").Body(
		goapp.H3().Text("Migration plan: "+v.Title),
		goapp.P().ID(IDCompareSummary).Class(summaryClass).DataSet("replacement", strconv.FormatBool(v.Danger)).Text(v.Summary),
		goapp.Ul().Class("wb-compare-sizes").Body(
			goapp.Range(v.Sizes).Slice(func(i int) goapp.UI { return goapp.Li().Text(v.Sizes[i]) }),
		),
		goapp.Ol().Class("wb-compare-steps").Body(
			goapp.Range(v.Steps).Slice(func(i int) goapp.UI { return renderStep(i, v.Steps[i]) }),
		),
		goapp.If(len(v.Broken) > 0, func() goapp.UI {
			return goapp.Div().ID(IDCompareBroken).Class("wb-compare-broken").Body(
				goapp.H4().Text("Access patterns that break"),
				goapp.Ul().Body(goapp.Range(v.Broken).Slice(func(i int) goapp.UI {
					b := v.Broken[i]
					return goapp.Li().Body(
						goapp.Strong().Text(b.Name), goapp.Text(": "+b.Reasons),
						goapp.If(b.Note != "", func() goapp.UI { return goapp.Em().Text(" (" + b.Note + ")") }),
					)
				})),
			)
		}),
		goapp.If(len(v.Misfits) > 0, func() goapp.UI {
			return goapp.Div().Class("wb-compare-misfits").Body(
				goapp.H4().Text("Items that no longer fit their entity's keys"),
				goapp.Ul().Body(goapp.Range(v.Misfits).Slice(func(i int) goapp.UI { return goapp.Li().Text(v.Misfits[i]) })),
			)
		}),
	)
}

func renderStep(i int, s visualizer.MigrationStep) goapp.UI {
	return goapp.Li().ID(IDCompareStep+strconv.Itoa(i+1)).Class("wb-compare-step").
		DataSet("kind", s.Kind).DataSet("online", strconv.FormatBool(s.Mode == "online")).DataSet("replacement", strconv.FormatBool(s.Deploy == "replacement")).Body(
		goapp.Div().Class("wb-compare-step-head").Body(
			goapp.Span().Class("wb-badge "+s.ModeClass).Text(s.Mode),
			goapp.Span().Class("wb-badge "+s.DeployClass).Text("CloudFormation: "+s.Deploy),
			goapp.Span().Class("wb-badge").Text(s.Order),
			goapp.Code().Text(s.Kind),
			goapp.Strong().Text(" "+s.Where),
		),
		goapp.If(s.Warning != "", func() goapp.UI { return goapp.P().Class("wb-compare-warning").Text(s.Warning) }),
		goapp.P().Text(s.Text),
		goapp.P().Class("wb-compare-cfn").Text("CloudFormation / CDK: "+s.CloudFormation),
		goapp.If(len(s.Changes) > 0, func() goapp.UI {
			return goapp.Ul().Class("wb-compare-changes").Body(goapp.Range(s.Changes).Slice(func(j int) goapp.UI { return goapp.Li().Text(s.Changes[j]) }))
		}),
		goapp.If(s.Estimate != "", func() goapp.UI {
			return goapp.Div().Class("wb-compare-estimate").Body(
				goapp.Strong().Text("Estimate: "+s.Estimate),
				goapp.Ul().Class("wb-compare-arith").Body(goapp.Range(s.Arithmetic).Slice(func(j int) goapp.UI { return goapp.Li().Text(s.Arithmetic[j]) })),
			)
		}),
		goapp.If(len(s.CopyPlan) > 0, func() goapp.UI {
			return goapp.Div().Class("wb-compare-copy").Body(
				goapp.Strong().Text("Copy plan"),
				goapp.Ol().Body(goapp.Range(s.CopyPlan).Slice(func(j int) goapp.UI { return goapp.Li().Text(s.CopyPlan[j]) })),
			)
		}),
	)
}
