package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// fanOutPanel shows a write-sharded read: the shard queries fanning out
// across partitions, what each returned and consumed, their merge, and the
// scatter-gather cost next to the single-key read it replaces. It runs the
// access pattern on the in-page engine's loaded data.
type fanOutPanel struct {
	goapp.Compo
	Panel
	pattern string
	// params holds the values typed per access pattern; the others keep
	// their examples.
	params map[string]model.Params
	cache  fanOutCache
}

// fanOutCache keeps the last fan-out: it runs every shard query, and the
// page re-renders on every tick of the clock.
type fanOutCache struct {
	key  fanOutKey
	view *visualizer.FanOutModel
	err  string
	have bool
}

// fanOutKey is what a fan-out depends on: the engine, the design, the
// pattern and its parameters, and the data (its item count and size).
type fanOutKey struct {
	db      *engine.Database
	model   *model.Model
	pattern string
	params  string
	items   int
	bytes   int64
}

// fanOutPatterns are the design's access patterns the view can run: reads
// (GetItem or Query) with a fan-out.
func fanOutPatterns(m *model.Model) []*model.AccessPattern {
	var out []*model.AccessPattern
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		if ap.FanOut != nil && (ap.Operation == "GetItem" || ap.Operation == "Query") {
			out = append(out, ap)
		}
	}
	return out
}

// fanOutParams are the values a fan-out runs with: the examples, then what
// was typed; the fan-out's own parameter is left to the fan-out.
func fanOutParams(ap *model.AccessPattern, typed model.Params) model.Params {
	p := ap.Examples()
	for k, v := range typed {
		p[k] = v
	}
	delete(p, ap.FanOut.Parameter)
	return p
}

// paramsKey prints parameters in a canonical order, for the cache.
func paramsKey(p model.Params) string {
	names := make([]string, 0, len(p))
	for k := range p {
		names = append(names, k)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, k := range names {
		b.WriteString(k + "\x00" + p[k] + "\x00")
	}
	return b.String()
}

// dataSize sums the snapshot's items and bytes over its tables.
func dataSize(s *engine.Snapshot) (items int, bytes int64) {
	if s == nil {
		return 0, 0
	}
	for _, t := range s.Tables {
		items += t.Len()
		if t.Description != nil {
			bytes += t.Description.TableSizeBytes
		}
	}
	return items, bytes
}

// view runs the fan-out, or takes it from the cache.
func (f *fanOutPanel) view(st *State, ap *model.AccessPattern) (*visualizer.FanOutModel, string) {
	params := fanOutParams(ap, f.params[ap.Name])
	key := fanOutKey{db: f.Store.DB(), model: st.Model, pattern: ap.Name, params: paramsKey(params)}
	key.items, key.bytes = dataSize(st.Snapshot)
	if f.cache.have && f.cache.key == key {
		return f.cache.view, f.cache.err
	}
	v, err := visualizer.FanOut(key.db, st.Model, ap.Name, params)
	f.cache = fanOutCache{key: key, view: v, have: true}
	if err != nil {
		f.cache.view, f.cache.err = nil, err.Error()
	}
	return f.cache.view, f.cache.err
}

// Render draws the panel.
func (f *fanOutPanel) Render() goapp.UI {
	st := f.State
	aps := fanOutPatterns(st.Model)
	if len(aps) == 0 {
		return goapp.Div().Class("wb-fan").Body(goapp.P().Class("wb-muted").Text(
			"No access pattern of " + designName(st.Model) + " fans out. A read fans out when its key has a write shard or a bucket parameter it must ask each value of (a fan-out in the access pattern): Load proposes write sharding, and the fan-out it makes, where a key throttles."))
	}
	ap := aps[0]
	for _, a := range aps {
		if a.Name == f.pattern {
			ap = a
		}
	}
	view, err := f.view(st, ap)
	return goapp.Div().Class("wb-fan").Body(
		f.renderForm(aps, ap),
		goapp.If(err != "", func() goapp.UI {
			return goapp.P().ID(IDFanError).Class("wb-error").Attr("role", "alert").Text(err)
		}),
		goapp.If(view != nil, func() goapp.UI { return renderFanOut(view) }),
	)
}

// renderForm draws the pattern picker and the parameters.
func (f *fanOutPanel) renderForm(aps []*model.AccessPattern, ap *model.AccessPattern) goapp.UI {
	typed := f.params[ap.Name]
	values := ap.FanOut.Values()
	var params []model.Parameter
	for _, par := range ap.Parameters {
		if par.Name != ap.FanOut.Parameter {
			params = append(params, par)
		}
	}
	return goapp.Div().Class("wb-fan-form").Body(
		goapp.Div().Class("wb-panel-head").Body(
			goapp.Label().For(IDFanPattern).Text("Access pattern"),
			goapp.Select().ID(IDFanPattern).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { f.pattern = valueOf(e) }).
				Body(goapp.Range(aps).Slice(func(i int) goapp.UI {
					return goapp.Option().Value(aps[i].Name).Selected(aps[i] == ap).Text(aps[i].Name)
				})),
			goapp.Span().Class("wb-muted").Text(fmt.Sprintf("%s × %s, {%s} = %s … %s", ap.Operation,
				strconv.Itoa(len(values)), ap.FanOut.Parameter, fanOutFirst(values), fanOutLast(values))),
		),
		goapp.If(ap.Description != "", func() goapp.UI { return goapp.P().Class("wb-muted").Text(ap.Description) }),
		goapp.Div().Class("wb-fan-params").Body(goapp.Range(params).Slice(func(i int) goapp.UI {
			par := params[i]
			id := IDFanParam + idSafe(par.Name)
			v, ok := typed[par.Name]
			if !ok {
				v = par.Example
			}
			return goapp.Div().Class("wb-part-field").Body(
				goapp.Label().For(id).Title(par.Description).Text(par.Name),
				goapp.Input().ID(id).Type("text").Value(v).Attr("spellcheck", "false").
					OnChange(func(ctx goapp.Context, e goapp.Event) { f.setParam(ap.Name, par.Name, valueOf(e)) },
						goapp.EventScope(ap.Name, par.Name)),
			)
		})),
	)
}

// setParam records a parameter's value for an access pattern.
func (f *fanOutPanel) setParam(pattern, name, value string) {
	if f.params == nil {
		f.params = map[string]model.Params{}
	}
	if f.params[pattern] == nil {
		f.params[pattern] = model.Params{}
	}
	f.params[pattern][name] = value
}

func fanOutFirst(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

func fanOutLast(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

// renderFanOut draws the picture, the shards, the costs and the merge.
func renderFanOut(v *visualizer.FanOutModel) goapp.UI {
	return goapp.Div().Class("wb-fan-view").Body(
		goapp.P().Class("wb-muted").Text(fmt.Sprintf("%s reads %s (%s): %s", v.Pattern, fanOutWhere(v), v.Consistency, v.Layout)),
		goapp.Div().ID(IDFanPicture).Class("wb-an-figure").Body(goapp.Raw(v.SVG())),
		goapp.Div().Class("wb-two-cols").Body(
			goapp.Div().Body(
				goapp.H3().Text(fmt.Sprintf("%s shard queries", strconv.Itoa(v.N))),
				renderFanOutShards(v),
			),
			goapp.Div().Body(
				renderFanOutCost(v),
				renderFanOutMerge(v),
			),
		),
		goapp.Ul().Class("wb-fan-lines").Body(goapp.Range(v.Lines).Slice(func(i int) goapp.UI {
			return goapp.Li().Text(v.Lines[i])
		})),
	)
}

func fanOutWhere(v *visualizer.FanOutModel) string {
	if v.Index != "" {
		return "index " + v.Table + "." + v.Index
	}
	return "table " + v.Table
}

// renderFanOutShards lists each shard query with its partition.
func renderFanOutShards(v *visualizer.FanOutModel) goapp.UI {
	return goapp.Table().ID(IDFanShards).Class("wb-table wb-fan-shards").Attr("data-shards", len(v.Shards)).Body(
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Text(v.Parameter), goapp.Th().Text("Key"), goapp.Th().Text("Partition"),
			goapp.Th().Class("wb-num").Text("Items"), goapp.Th().Class("wb-num").Text("Bytes"),
			goapp.Th().Class("wb-num").Text("RCU"),
		)),
		goapp.TBody().Body(goapp.Range(v.Shards).Slice(func(i int) goapp.UI {
			s := v.Shards[i]
			part := "—"
			if s.PartitionID >= 0 {
				part = "P" + strconv.Itoa(s.PartitionID)
			}
			return goapp.Tr().Attr("data-partition", s.PartitionID).Body(
				goapp.Td().Class("wb-mono").Text(s.Value),
				goapp.Td().Class("wb-mono").Title("hash "+s.Hash).Text(s.Key),
				goapp.Td().Text(part),
				goapp.Td().Class("wb-num").Text(strconv.Itoa(s.Items)),
				goapp.Td().Class("wb-num").Text(fmtNum(float64(s.Bytes))),
				goapp.Td().Class("wb-num").Text(fmtNum(s.Units)),
			)
		})),
	)
}

// renderFanOutCost sets the scatter-gather read next to the single-key
// read it replaces.
func renderFanOutCost(v *visualizer.FanOutModel) goapp.UI {
	card := func(cls, title string, c visualizer.FanOutCost) goapp.UI {
		return goapp.Div().Class("wb-fan-card "+cls).Body(
			goapp.Div().Class("wb-fan-card-title").Text(title),
			goapp.Div().Class("wb-stat-n").Text(fmtNum(c.Units)+" RCU"),
			goapp.Div().Class("wb-stat-label").Text(plural(c.Requests, "request")),
			goapp.P().Class("wb-fan-card-text").Text(c.Text),
		)
	}
	return goapp.Div().ID(IDFanCost).Class("wb-fan-cost").
		Attr("data-scatter", fmtNum(v.Scatter.Units)).Attr("data-single", fmtNum(v.Single.Units)).Body(
		goapp.H3().Text(fmt.Sprintf("Cost: %s× the single-key read", fmtNum(v.Ratio))),
		goapp.Div().Class("wb-fan-cards").Body(
			card("scatter", "Scatter-gather", v.Scatter),
			card("single", "Single key (unsharded)", v.Single),
		),
	)
}

// renderFanOutMerge draws the merged result's first items.
func renderFanOutMerge(v *visualizer.FanOutModel) goapp.UI {
	m := v.Merged
	return goapp.Div().ID(IDFanMerged).Class("wb-fan-merged").Attr("data-items", m.Items).Body(
		goapp.H3().Text(fmt.Sprintf("Merged: %s, %s", plural(m.Items, "item"), visualizer.FormatBytes(m.Bytes))),
		goapp.P().Class("wb-muted").Text("Ordered "+m.Order),
		goapp.Table().Class("wb-table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Shard"), goapp.Th().Text("Key"), goapp.Th().Text("Sort key"), goapp.Th().Class("wb-num").Text("Bytes"),
			)),
			goapp.TBody().Body(goapp.Range(m.First).Slice(func(i int) goapp.UI {
				it := m.First[i]
				shard := ""
				if it.Shard >= 0 && it.Shard < len(v.Shards) {
					shard = v.Shards[it.Shard].Value
				}
				return goapp.Tr().Body(
					goapp.Td().Class("wb-mono").Text(shard),
					goapp.Td().Class("wb-mono").Text(it.Key),
					goapp.Td().Class("wb-mono").Text(orDash(it.Sort)),
					goapp.Td().Class("wb-num").Text(strconv.Itoa(it.Bytes)),
				)
			})),
		),
		goapp.If(m.Items > len(m.First), func() goapp.UI {
			return goapp.P().Class("wb-muted").Text(fmt.Sprintf("… and %d more", m.Items-len(m.First)))
		}),
	)
}

// designName names the design in front of the user, for texts.
func designName(m *model.Model) string {
	if m == nil || m.Name == "" {
		return "this design"
	}
	return fmt.Sprintf("%q", m.Name)
}
