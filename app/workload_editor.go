package app

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
)

// The workload editor: calls per second of each access pattern, how each
// parameter's values are drawn, and how long a simulation runs. It edits
// the running design's model.Workload through Store.EditWorkload (no Apply
// needed), so the Load, Cost and Partitions views follow at once. The Design
// panel shows it as a section and the Load panel above its switches.

// workloadKinds are the distributions offered; "" keeps the parameter's
// example value on every call.
var workloadKinds = []struct{ value, label string }{
	{"", "example value"},
	{model.DistUniform, "uniform"},
	{model.DistHot, "hot key"},
	{model.DistSequential, "sequential"},
	{model.DistZipf, "Zipf"},
}

// workloadDurations are the simulation lengths the editor offers.
var workloadDurations = []int{3600, 6 * 3600, partition.Day}

// Defaults of a new distribution: as many distinct values as a small
// application has users, a hot key taking half of the calls, a Zipf skew
// that makes the head heavy but not absurd.
const (
	defaultCardinality = 1000
	defaultHotFraction = 0.5
	defaultSkew        = 1.2
)

// workloadRequest returns the workload's request of access pattern name,
// or nil.
func workloadRequest(m *model.Model, name string) *model.WorkloadRequest {
	if m.Workload == nil {
		return nil
	}
	for i := range m.Workload.Requests {
		if m.Workload.Requests[i].AccessPattern == name {
			return &m.Workload.Requests[i]
		}
	}
	return nil
}

// varyingParams lists the parameters of ap a distribution can draw: all
// but the fan-out's, which the fan-out itself enumerates.
func varyingParams(ap *model.AccessPattern) []model.Parameter {
	var out []model.Parameter
	for _, p := range ap.Parameters {
		if ap.FanOut == nil || p.Name != ap.FanOut.Parameter {
			out = append(out, p)
		}
	}
	return out
}

// setWorkloadRate sets access pattern name's calls per second in the
// workload and as its expected rate (which Cost prices). A rate of 0
// removes it from the workload.
func setWorkloadRate(m *model.Model, name string, rate float64) {
	ap := m.AccessPattern(name)
	if ap == nil || rate < 0 {
		return
	}
	ap.Rate = rate
	if m.Workload == nil {
		m.Workload = &model.Workload{}
	}
	w := m.Workload
	i := slices.IndexFunc(w.Requests, func(r model.WorkloadRequest) bool { return r.AccessPattern == name })
	switch {
	case rate == 0 && i >= 0:
		w.Requests = slices.Delete(w.Requests, i, i+1)
	case rate == 0:
	case i >= 0:
		w.Requests[i].Rate = rate
	default:
		w.Requests = append(w.Requests, model.WorkloadRequest{AccessPattern: name, Rate: rate})
	}
	if len(w.Requests) == 0 && w.DurationSeconds == 0 {
		m.Workload = nil
	}
}

// setKeyDistribution changes (fn) the distribution of parameter param of
// access pattern name, creating a uniform one first; kind "" (example
// value) removes it. The pattern must be in the workload.
func setKeyDistribution(m *model.Model, name, param string, fn func(k *model.KeyDistribution) bool) {
	r := workloadRequest(m, name)
	if r == nil {
		return
	}
	i := slices.IndexFunc(r.Keys, func(k model.KeyDistribution) bool { return k.Parameter == param })
	if i < 0 {
		r.Keys = append(r.Keys, newDistribution(m.AccessPattern(name), param))
		i = len(r.Keys) - 1
	}
	if !fn(&r.Keys[i]) {
		r.Keys = slices.Delete(r.Keys, i, i+1)
	}
}

// newDistribution is a uniform distribution over defaultCardinality
// values shaped like the parameter's example ("user42" gives user{n}).
func newDistribution(ap *model.AccessPattern, param string) model.KeyDistribution {
	k := model.KeyDistribution{Parameter: param, Kind: model.DistUniform, Cardinality: defaultCardinality}
	if ap != nil {
		for _, p := range ap.Parameters {
			if p.Name == param {
				k.Format, k.Width = formatOf(p.Example), widthOf(p.Example)
			}
		}
	}
	return k
}

// widthOf is the width of an example's zero-padded trailing number
// ("ISSUE-00860" gives 5, so that the n-th value is an id the data
// holds); 0 when it has none.
func widthOf(example string) int {
	digits := len(example) - len(strings.TrimRight(example, "0123456789"))
	if digits > 1 && digits <= 20 && example[len(example)-digits] == '0' {
		return digits
	}
	return 0
}

// formatOf turns an example value into a format: its trailing digits
// become {n} ("user42" -> "user{n}", "ORDER#0007" -> "ORDER#{n}"); an
// example without digits, or only digits, gives "" ({n} alone). Braces
// cannot be written in a format, so an example holding one gives "".
func formatOf(example string) string {
	if strings.ContainsAny(example, "{}") {
		return ""
	}
	head := strings.TrimRight(example, "0123456789")
	if head == example || head == "" {
		return ""
	}
	return head + "{n}"
}

// defaultWorkload gives every access pattern without a rate a typical one
// (reads 10 calls a second, writes 2) and a uniform distribution over each
// of its parameters, and a day's duration when there is none.
func defaultWorkload(m *model.Model) {
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		if r := workloadRequest(m, ap.Name); r != nil && r.Rate > 0 {
			continue
		}
		rate := 10.0
		if isWrite(ap.Operation) {
			rate = 2
		}
		setWorkloadRate(m, ap.Name, rate)
		for _, p := range varyingParams(ap) {
			setKeyDistribution(m, ap.Name, p.Name, func(*model.KeyDistribution) bool { return true })
		}
	}
	if m.Workload != nil && m.Workload.DurationSeconds == 0 {
		m.Workload.DurationSeconds = partition.Day
	}
}

func isWrite(op string) bool {
	switch op {
	case "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems":
		return true
	}
	return false
}

// workloadEditor is the editor's component.
type workloadEditor struct {
	goapp.Compo
	Panel
}

// Render draws the editor over the running design.
func (w *workloadEditor) Render() goapp.UI {
	st := w.State
	if st == nil || st.Model == nil {
		return goapp.Div()
	}
	m := st.Model
	dur := partition.Day
	if m.Workload != nil && m.Workload.DurationSeconds > 0 {
		dur = m.Workload.DurationSeconds
	}
	rows := make([]goapp.UI, len(m.AccessPatterns))
	for i := range m.AccessPatterns {
		rows[i] = w.renderRow(m, i)
	}
	return goapp.Div().ID(IDWorkload).Class("wb-workload").Body(
		goapp.Div().Class("wb-design-section-head").Body(
			goapp.H3().Text("Workload"),
			goapp.Label().For(IDWorkloadDuration).Text("simulate"),
			goapp.Select().ID(IDWorkloadDuration).Class("wb-select").
				OnChange(onValue(func(ctx goapp.Context, v string) { w.setDuration(ctx, v) })).
				Body(goapp.Range(workloadDurations).Slice(func(i int) goapp.UI {
					d := workloadDurations[i]
					return goapp.Option().Value(strconv.Itoa(d)).Selected(d == dur).Text(fmtSeconds(d))
				})),
			goapp.Button().ID(IDWorkloadDefaults).Class("wb-btn wb-btn-small").Text("Typical rates").
				Disabled(len(m.AccessPatterns) == 0).
				Title(greyed(len(m.AccessPatterns) == 0, "Give every access pattern without calls a typical rate (reads 10/s, writes 2/s) and uniform keys", "the design has no access pattern to give a rate: add one in the Design tab")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { w.edit(ctx, defaultWorkload) }),
		),
		goapp.If(len(m.AccessPatterns) == 0, func() goapp.UI {
			return goapp.P().Class("wb-muted").Text("The design has no access patterns yet: a workload says how often each one is called.")
		}).Else(func() goapp.UI {
			return goapp.P().Class("wb-muted wb-design-note").Text(
				"Calls per second of each access pattern and how its parameters' values are drawn. " +
					"Load simulates it on the partitions; Cost prices it. It changes the running design at once (no Apply).")
		}),
		goapp.Div().Class("wb-workload-rows").Body(rows...),
	)
}

func (w *workloadEditor) renderRow(m *model.Model, i int) goapp.UI {
	ap := &m.AccessPatterns[i]
	name := ap.Name
	r := workloadRequest(m, name)
	rate := 0.0
	if r != nil {
		rate = r.Rate
	}
	rid := workloadPatternID(i, IDWorkloadRate)
	params := varyingParams(ap)
	return goapp.Div().ID(workloadPatternID(i, "")).Class("wb-workload-row").Attr("data-pattern", name).Body(
		goapp.Div().Class("wb-workload-head").Body(
			goapp.Label().For(rid).Body(goapp.Strong().Text(name), goapp.Span().Class("wb-design-op").Text(ap.Operation)),
			goapp.Input().ID(rid).Type("number").Min(0).Step(1).Class("wb-workload-rate").
				Value(strconv.FormatFloat(rate, 'f', -1, 64)).
				OnChange(onValue(func(ctx goapp.Context, v string) {
					if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 {
						w.edit(ctx, func(m *model.Model) { setWorkloadRate(m, name, f) })
					}
				}), goapp.EventScope(name)),
			goapp.Span().Class("wb-muted").Text("calls/s"),
			goapp.If(ap.FanOut != nil, func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text(fmt.Sprintf("× %d requests each (fan-out over {%s})",
					len(ap.FanOut.Values()), ap.FanOut.Parameter))
			}),
		),
		goapp.If(r != nil && len(params) > 0, func() goapp.UI {
			return goapp.Div().Class("wb-workload-params").Body(goapp.Range(params).Slice(func(k int) goapp.UI {
				return w.renderParam(i, name, params[k], r)
			}))
		}),
	)
}

func (w *workloadEditor) renderParam(i int, apName string, p model.Parameter, r *model.WorkloadRequest) goapp.UI {
	var k *model.KeyDistribution
	for j := range r.Keys {
		if r.Keys[j].Parameter == p.Name {
			k = &r.Keys[j]
		}
	}
	kind := ""
	if k != nil {
		kind = k.Kind
	}
	pname := p.Name
	id := func(suffix string) string { return workloadParamID(i, pname, suffix) }
	set := func(fn func(k *model.KeyDistribution) bool) func(goapp.Context) {
		return func(ctx goapp.Context) {
			w.edit(ctx, func(m *model.Model) { setKeyDistribution(m, apName, pname, fn) })
		}
	}
	number := func(label, suffix, value string, step float64, apply func(k *model.KeyDistribution, f float64) bool) goapp.UI {
		return goapp.Span().Class("wb-workload-field").Body(
			goapp.Label().For(id(suffix)).Text(label),
			goapp.Input().ID(id(suffix)).Type("number").Step(step).Value(value).
				OnChange(onValue(func(ctx goapp.Context, v string) {
					f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
					if err != nil {
						return
					}
					set(func(k *model.KeyDistribution) bool { return apply(k, f) || true })(ctx)
				}), goapp.EventScope(apName, pname)),
		)
	}
	return goapp.Div().ID(id("")).Class("wb-workload-param").Body(
		goapp.Label().For(id(IDWorkloadKind)).Class("wb-mono").Title(p.Description).Text("{"+pname+"}"),
		goapp.Select().ID(id(IDWorkloadKind)).Class("wb-select").
			OnChange(onValue(func(ctx goapp.Context, v string) {
				set(func(k *model.KeyDistribution) bool {
					if v == "" {
						return false
					}
					k.Kind = v
					if v == model.DistHot && k.HotFraction == 0 {
						k.HotFraction = defaultHotFraction
					}
					if v == model.DistZipf && k.Skew <= 1 {
						k.Skew = defaultSkew
					}
					return true
				})(ctx)
			}), goapp.EventScope(apName, pname)).
			Body(goapp.Range(workloadKinds).Slice(func(j int) goapp.UI {
				return goapp.Option().Value(workloadKinds[j].value).Selected(workloadKinds[j].value == kind).Text(workloadKinds[j].label)
			})),
		goapp.If(k == nil, func() goapp.UI {
			return goapp.Span().Class("wb-muted").Text("always " + strconv.Quote(p.Example))
		}).Else(func() goapp.UI {
			return goapp.Span().Class("wb-workload-fields").Body(
				number("values", IDWorkloadCard, strconv.FormatInt(k.Cardinality, 10), 1, func(k *model.KeyDistribution, f float64) bool {
					if f >= 1 {
						k.Cardinality = int64(f)
					}
					return true
				}),
				goapp.If(k.Kind == model.DistHot, func() goapp.UI {
					return number("hot share", IDWorkloadHot, strconv.FormatFloat(k.HotFraction, 'f', -1, 64), 0.05, func(k *model.KeyDistribution, f float64) bool {
						if f > 0 && f <= 1 {
							k.HotFraction = f
						}
						return true
					})
				}),
				goapp.If(k.Kind == model.DistZipf, func() goapp.UI {
					return number("skew", IDWorkloadSkew, strconv.FormatFloat(k.Skew, 'f', -1, 64), 0.1, func(k *model.KeyDistribution, f float64) bool {
						if f > 1 {
							k.Skew = f
						}
						return true
					})
				}),
				goapp.Span().Class("wb-workload-field").Body(
					goapp.Label().For(id(IDWorkloadFormat)).Text("as"),
					goapp.Input().ID(id(IDWorkloadFormat)).Type("text").Class("wb-mono").Placeholder("{n}").Value(k.Format).
						OnChange(onValue(func(ctx goapp.Context, v string) {
							v = strings.TrimSpace(v)
							if v != "" && !strings.Contains(v, "{n}") {
								return // a format holds {n}; the field keeps the last good one
							}
							set(func(k *model.KeyDistribution) bool { k.Format = v; return true })(ctx)
						}), goapp.EventScope(apName, pname)),
				),
			)
		}),
	)
}

// setDuration sets the simulated duration from the select's text.
func (w *workloadEditor) setDuration(ctx goapp.Context, v string) {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return
	}
	w.edit(ctx, func(m *model.Model) {
		if m.Workload == nil {
			m.Workload = &model.Workload{}
		}
		m.Workload.DurationSeconds = n
	})
}

// edit runs one workload change on the running design and the draft.
func (w *workloadEditor) edit(ctx goapp.Context, fn func(m *model.Model)) {
	w.act(ctx, func() { w.Store.EditWorkload(fn) })
}
