package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// Render draws the panel.
func (p *loadPanel) Render() goapp.UI {
	st := p.State
	p.restore()
	o := p.options()
	noWorkload := st.Model.Workload == nil || len(st.Model.Workload.Requests) == 0
	fresh := p.cur != nil && p.cur.Model == st.Model
	v := p.frame()
	if v.frame != nil && p.t != p.drawnT {
		p.frames++
		p.drawnT = p.t
	}
	missing := loadMissing(st)
	return goapp.Div().Class("wb-sim").Body(
		goapp.Details().Class("wb-sim-workload").Open(noWorkload || p.cur == nil).Body(
			goapp.Summary().Text("Workload: calls per second and key distributions"),
			&workloadEditor{Panel: p.Panel},
		),
		goapp.If(missing != "", func() goapp.UI { return p.renderMissing(missing) }),
		p.renderControls(o, noWorkload || missing != "", fresh),
		goapp.If(p.err != "", func() goapp.UI {
			return goapp.P().ID(IDLoadError).Class("wb-error").Attr("role", "alert").Text(p.err)
		}),
		goapp.If(fresh, func() goapp.UI { return p.renderRun(v) }),
		&designReview{Panel: p.Panel, OnLoad: true},
	)
}

// renderControls draws the switches and the Run button.
// fresh says the last run is of the current design, so its key spaces and
// sharding apply.
func (p *loadPanel) renderControls(o loadOptions, noWorkload, fresh bool) goapp.UI {
	// Before a run of this design the switch stays on offer: the run
	// finds whether a pattern of the key space is sharded.
	sharded := !fresh || p.cur.Sharded
	var spaces []string
	if fresh {
		spaces = p.cur.Spaces
	}
	runText := "Run simulation"
	if p.running {
		runText = "Simulating…"
		if p.progress > 0 && o.Seconds > 0 {
			runText = fmt.Sprintf("Simulating… %d%%", p.progress*100/o.Seconds)
		}
	}
	return goapp.Div().Class("wb-sim-controls").Body(
		goapp.Div().Class("wb-sim-row").Body(
			goapp.Label().For(IDLoadDuration).Text("Simulate"),
			goapp.Select().ID(IDLoadDuration).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setDuration(valueOf(e)) }).
				Body(goapp.Range(loadDurations).Slice(func(i int) goapp.UI {
					d := loadDurations[i]
					return goapp.Option().Value(strconv.Itoa(d)).Selected(d == o.Seconds).Text(fmtSeconds(d))
				})),
			goapp.If(len(spaces) > 1, func() goapp.UI {
				return goapp.Span().Body(
					goapp.Label().For(IDLoadSpace).Text("of "),
					goapp.Select().ID(IDLoadSpace).Class("wb-select").
						OnChange(func(ctx goapp.Context, e goapp.Event) { p.setSwitch(IDLoadSpace, valueOf(e), false) }).
						Body(goapp.Range(spaces).Slice(func(i int) goapp.UI {
							return goapp.Option().Value(spaces[i]).Selected(spaces[i] == o.Space).Text(spaces[i])
						})),
				)
			}),
			goapp.Button().ID(IDLoadRun).Class("wb-btn wb-btn-primary").Disabled(p.running || noWorkload).
				Attr("aria-busy", strconv.FormatBool(p.running)).Text(runText).
				Title(greyed(p.running || noWorkload, "Simulate the design's workload second by second on the table's partitions",
					map[bool]string{true: "the simulation is running; Cancel stops it", false: "the design needs what the notice above names (a workload, access patterns or a dataset) first"}[p.running])).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.run(ctx) }),
			goapp.If(p.running, func() goapp.UI {
				return goapp.Button().ID(IDLoadRunCancel).Class("wb-btn").Text("Cancel").
					Title("Stop the simulation; the heat map keeps the last finished run").
					OnClick(func(ctx goapp.Context, e goapp.Event) { p.cancel() })
			}),
		),
		goapp.If(p.cancelled != "", func() goapp.UI {
			return goapp.P().ID(IDLoadRunCancelled).Class("wb-muted").Attr("role", "status").Text(p.cancelled)
		}),
		goapp.Div().Class("wb-sim-row wb-sim-toggles").Body(
			renderToggle(IDLoadSharding, "Write sharding", loadShardingWhy(p.cur, fresh), o.Sharding, !sharded,
				func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadSharding, "", on) }),
			renderToggle(IDLoadBurst, "Burst capacity",
				"Unused capacity banked for up to 300 seconds and spent on spikes.",
				o.Burst, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadBurst, "", on) }),
			renderToggle(IDLoadAdaptive, "Adaptive capacity",
				"A busy partition borrows the table's unused throughput, up to 3,000 RCU / 1,000 WCU per partition.",
				o.Adaptive, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadAdaptive, "", on) }),
			renderToggle(IDLoadSplit, "Split for heat",
				"A partition that runs hot for five minutes splits in two (never with a local secondary index).",
				o.Split, false, func(ctx goapp.Context, on bool) { p.setSwitch(IDLoadSplit, "", on) }),
		),
		goapp.P().ID(IDLoadShardingWhy).Class("wb-muted wb-sim-hint").Attr("data-enabled", strconv.FormatBool(sharded)).
			Text(loadShardingWhy(p.cur, fresh)),
	)
}

// loadShardingWhy says what the Write sharding switch does for the design
// in front of the user, or why it is greyed out and what would enable it.
// It names the design's own sharded patterns, never a pattern's narrative.
func loadShardingWhy(r *loadRun, fresh bool) string {
	switch {
	case !fresh:
		return "Write sharding off sends every request to the unsharded key, when an access pattern of the key space writes to sharded keys: the run finds whether one does."
	case !r.Sharded:
		return "Write sharding is greyed out: no access pattern of " + r.Space + " writes to sharded keys. " +
			"It would apply once a partition key carries a shard parameter drawn uniformly from N values (such as a {shard} suffix)."
	}
	return "Write sharding off sends every request to the unsharded key, dropping the shard parameter of " + strings.Join(r.Shards, ", ") + "."
}

// renderRun draws the player, the heat map, the comparison and the totals.
func (p *loadPanel) renderRun(v loadViewCache) goapp.UI {
	r := p.cur
	res := r.Result
	play := "Play"
	if p.playing {
		play = "Pause"
	}
	return goapp.Div().Class("wb-sim-run").Body(
		renderLoadAnswer(r, p.prev),
		p.renderRemedyApplied(),
		p.renderLoadRemedies(r),
		renderLoadLayouts(r),
		goapp.Div().Class("wb-sim-row wb-sim-player").Body(
			goapp.Button().ID(IDLoadPlay).Class("wb-btn").Text(play).
				Attr("aria-pressed", strconv.FormatBool(p.playing)).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if p.playing {
						p.stopPlay()
						p.remember()
					} else {
						p.startPlay(ctx)
					}
				}),
			goapp.Label().Class("wb-visually-hidden").For(IDLoadTime).Text("Time into the run"),
			goapp.Input().ID(IDLoadTime).Class("wb-sim-time").Type("range").
				Min(0).Max(res.Seconds).Step(float64(res.Interval)).Value(strconv.Itoa(p.t)).
				OnInput(func(ctx goapp.Context, e goapp.Event) {
					if n, err := strconv.Atoi(valueOf(e)); err == nil {
						p.seek(n)
					}
				}),
			goapp.Span().Class("wb-mono").Text(fmtClock(v.frame.Until)+" of "+fmtClock(res.Seconds)),
			goapp.Label().Class("wb-visually-hidden").For(IDLoadSpeed).Text("Play the whole run in"),
			goapp.Select().ID(IDLoadSpeed).Class("wb-select").
				OnChange(func(ctx goapp.Context, e goapp.Event) { p.setSpeed(valueOf(e)) }).
				Body(goapp.Range(loadPlayTimes).Slice(func(i int) goapp.UI {
					n := loadPlayTimes[i]
					return goapp.Option().Value(strconv.Itoa(n)).Selected(n == p.playSeconds()).
						Text("play in " + fmtSeconds(n))
				})),
			goapp.Span().Class("wb-muted").Text(fmt.Sprintf("%s of %s simulated in %s (measuring the access patterns %s)",
				fmtSeconds(res.Seconds), r.Space, loadMs(r.Compute), loadMs(r.Prepare))),
		),
		goapp.Div().ID(IDLoadHeatMap).Class("wb-an-figure wb-sim-heatmap").
			Attr("data-run", r.N).Attr("data-label", r.Label).
			Attr("data-throttled", int64(math.Round(res.Totals.Throttled))).
			Attr("data-requests", int64(math.Round(res.Totals.Requests))).
			Attr("data-partitions", res.Totals.PartitionsEnd).
			Attr("data-seconds", res.Seconds).Attr("data-until", v.frame.Until).
			Attr("data-frame", p.frames).Attr("data-playing", strconv.FormatBool(p.playing)).
			Attr("data-compute-ms", r.Compute.Milliseconds()).Attr("data-prepare-ms", r.Prepare.Milliseconds()).
			Body(goapp.Raw(v.svg)),
		goapp.If(v.cmp != nil, func() goapp.UI { return p.renderCompare(v) }),
		renderLoadSummary(r),
	)
}

// loadMs prints a real duration in milliseconds.
func loadMs(d time.Duration) string {
	return fmtNum(float64(d.Microseconds())/1000) + " ms"
}

// renderCompare draws the previous run and this one side by side, at the
// same time into both.
func (p *loadPanel) renderCompare(v loadViewCache) goapp.UI {
	a, b := p.prev, p.cur
	return goapp.Div().ID(IDLoadCompare).Class("wb-sim-compare").
		Attr("data-a-label", a.Label).Attr("data-b-label", b.Label).
		Attr("data-a-throttled", int64(math.Round(a.Result.Totals.Throttled))).
		Attr("data-b-throttled", int64(math.Round(b.Result.Totals.Throttled))).Body(
		goapp.H3().Text("Compared with the previous run"),
		goapp.P().Class("wb-muted").Text(fmt.Sprintf("Whole runs: %s throttled %s of %s requests; %s throttled %s of %s.",
			a.Label, fmtNum(math.Round(a.Result.Totals.Throttled)), fmtNum(math.Round(a.Result.Totals.Requests)),
			b.Label, fmtNum(math.Round(b.Result.Totals.Throttled)), fmtNum(math.Round(b.Result.Totals.Requests)))),
		goapp.Div().Class("wb-an-figure").Body(goapp.Raw(v.cmpSVG)),
	)
}

// renderLoadSummary draws the run's totals, each access pattern's share and
// the layout's changes.
func renderLoadSummary(r *loadRun) goapp.UI {
	res := r.Result
	t := res.Totals
	return goapp.Div().ID(IDLoadSummary).Class("wb-sim-summary").Body(
		goapp.H3().Text("Per access pattern"),
		goapp.Div().Class("wb-ttl-counts").Body(
			loadStat(fmtNum(math.Round(t.Throttled)), "requests throttled"),
			loadStat(fmtNum(float64(t.ThrottledSeconds)), "seconds with throttling"),
			loadStat(strconv.Itoa(t.Splits+t.HeatSplits+t.Doublings), "splits and doublings"),
		),
		goapp.Table().Class("wb-table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Access pattern"), goapp.Th().Class("wb-num").Text("Requests"),
				goapp.Th().Class("wb-num").Text("Throttled"), goapp.Th().Text("Hottest key"),
			)),
			goapp.TBody().Body(goapp.Range(res.Patterns).Slice(func(i int) goapp.UI {
				pr := res.Patterns[i]
				unit := "RCU"
				if pr.Op == partition.Write {
					unit = "WCU"
				}
				cls := ""
				if pr.HotKeyUnits > pr.Ceiling*(1+1e-9) {
					cls = "wb-sim-hot"
				}
				return goapp.Tr().Attr("data-pattern", pr.Name).Body(
					goapp.Td().Title(pr.Description).Text(pr.Name),
					goapp.Td().Class("wb-num").Text(fmtNum(math.Round(pr.Requests))),
					goapp.Td().Class("wb-num").Text(fmt.Sprintf("%s (%s%%)", fmtNum(math.Round(pr.Throttled)), fmtNum(100*pr.ThrottledFraction()))),
					goapp.Td().Class(cls).Body(goapp.Code().Class("wb-mono").Text(r.hotKey(i)), goapp.Text(fmt.Sprintf(": %s %s/s of one partition's %s",
						fmtNum(pr.HotKeyUnits), unit, fmtNum(pr.Ceiling)))),
				)
			}), goapp.Range(r.Elsewhere).Slice(func(i int) goapp.UI {
				e := r.Elsewhere[i]
				return goapp.Tr().Class("wb-muted").Attr("data-pattern", e.Pattern).Attr("data-simulated", "false").Body(
					goapp.Td().Text(e.Pattern),
					goapp.Td().Class("wb-num").Text(fmtNum(e.Rate)+"/s"),
					goapp.Td().ColSpan(2).Text(e.Why),
				)
			})),
		),
		goapp.If(len(res.Events) > 0, func() goapp.UI {
			return goapp.Ul().Class("wb-sim-events").Body(goapp.Range(res.Events).Slice(func(i int) goapp.UI {
				e := res.Events[i]
				return goapp.Li().Body(goapp.Span().Class("wb-mono").Text(fmtClock(e.Second)+" "), goapp.Text(e.Text))
			}))
		}),
	)
}

// renderLoadAnswer says what the run found before any picture: requests,
// the throttled share, the hottest key and partition, and how it compares
// with the previous run.
func renderLoadAnswer(r, prev *loadRun) goapp.UI {
	t := r.Result.Totals
	h := r.hottest()
	var key, part string
	keyLine := goapp.UI(goapp.Text(""))
	if h.pattern >= 0 {
		pr := r.Result.Patterns[h.pattern]
		unit := "RCU"
		if pr.Op == partition.Write {
			unit = "WCU"
		}
		key = r.hotKey(h.pattern)
		keyLine = goapp.Li().Class("wb-load-answer-key").Body(
			goapp.Text("Hottest key: "), goapp.Code().Class("wb-mono").Text(key),
			goapp.Text(" ("+pr.Name+") "+hotKeyVerdict(pr, unit)),
		)
	}
	partLine := goapp.UI(goapp.Text(""))
	if h.partition >= 0 {
		row := r.Final.Rows[h.partition]
		part = fmt.Sprintf("P%d", row.ID)
		thr := row.Totals.ReadThrottled + row.Totals.WriteThrottled
		text := fmt.Sprintf(" consumed %s units, nothing throttled.", fmtNum(math.Round(row.Totals.ReadUnits+row.Totals.WriteUnits)))
		if thr > 0 {
			text = fmt.Sprintf(" had %s units throttled (%s%% of what was asked of it).", fmtNum(math.Round(thr)), fmtNum(row.Totals.ThrottledPct))
		}
		partLine = goapp.Li().Body(goapp.Text("Hottest partition: "), goapp.Strong().Text(part), goapp.Text(text))
	}
	cmpLine := goapp.UI(goapp.Text(""))
	if prev != nil {
		a, b := prev.Result.Totals.ThrottledFraction(), t.ThrottledFraction()
		word := "the same as"
		switch {
		case b < a-1e-9:
			word = "down from"
		case b > a+1e-9:
			word = "up from"
		}
		cmpLine = goapp.Li().Class("wb-load-answer-cmp").Text(fmt.Sprintf("Compared with %s: %s%% throttled, %s %s%%; %d → %d partitions at the end.",
			prev.Label, fmtNum(100*b), word, fmtNum(100*a), prev.Result.Totals.PartitionsEnd, t.PartitionsEnd))
	}
	cls := "wb-load-answer"
	if t.Throttled > 0 {
		cls += " wb-load-answer-throttled"
	}
	return goapp.Div().ID(IDLoadAnswer).Class(cls).
		Attr("data-hot-key", key).Attr("data-hot-partition", part).
		Attr("data-throttled-pct", fmtNum(100*t.ThrottledFraction())).Body(
		goapp.Div().Class("wb-ttl-counts").Body(
			loadStat(fmtNum(math.Round(t.Requests)), "requests in "+fmtSeconds(r.Result.Seconds)),
			loadStat(fmtNum(100*t.ThrottledFraction())+"%", "throttled"),
			loadStat(fmt.Sprintf("%d → %d", t.PartitionsStart, t.PartitionsEnd), "partitions"),
		),
		goapp.Ul().Class("wb-load-answer-lines").Body(keyLine, partLine, cmpLine),
	)
}

// renderLoadLayouts explains which layout the heat map shows and marks the
// throttled partitions before it.
func renderLoadLayouts(r *loadRun) goapp.UI {
	thr := r.throttledRows()
	names := make([]string, 0, min(len(thr), 8))
	for i, row := range thr {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(thr)-8))
			break
		}
		names = append(names, fmt.Sprintf("P%d (%s%%)", row.ID, fmtNum(row.Totals.ThrottledPct)))
	}
	return goapp.Div().Class("wb-load-layouts").Body(
		goapp.P().Class("wb-muted").Text("Partitions are numbered as on the Partitions tab (P0, P1, … in hash order; a split's halves take the next numbers), "+
			"but the layouts differ: the Partitions tab lays out the data (what its size and capacity need), "+
			"the heat map the layout under load (the table warmed to the workload's peak or its provisioned capacity, then split by the load)."),
		goapp.If(len(thr) > 0, func() goapp.UI {
			return goapp.P().ID(IDLoadThrottledParts).Class("wb-load-throttled").Attr("data-count", len(thr)).
				Text("Throttled partitions, most first: " + strings.Join(names, ", ") + ". Their rows are marked ▲ in the heat map.")
		}),
	)
}

// hotKeyVerdict says how a pattern's hottest key stands against one
// partition's ceiling. A key within it whose pattern was still throttled
// is not called fine: its partition also served other keys, or the
// table's capacity was below the peak.
func hotKeyVerdict(pr partition.PatternResult, unit string) string {
	takes := fmt.Sprintf("takes %s %s/s", fmtNum(pr.HotKeyUnits), unit)
	ceiling := fmt.Sprintf("the %s %s/s one partition serves", fmtNum(pr.Ceiling), unit)
	switch {
	case pr.HotKeyUnits > pr.Ceiling*(1+1e-9):
		return takes + ", over " + ceiling + "."
	case pr.Throttled > 0:
		return fmt.Sprintf("%s, within %s, yet %s%% of its requests were throttled: the partition holding it serves other keys too, or the table's capacity is below the peak.",
			takes, ceiling, fmtNum(100*pr.ThrottledFraction()))
	}
	return takes + ", within " + ceiling + "."
}

func loadStat(n, label string) goapp.UI {
	return goapp.Div().Class("wb-stat").Body(
		goapp.Span().Class("wb-stat-n").Text(n),
		goapp.Span().Class("wb-stat-label").Text(label),
	)
}

// renderMissing says what the simulation needs and offers to add it.
func (p *loadPanel) renderMissing(missing string) goapp.UI {
	switch missing {
	case "access-patterns":
		return renderMissing(missing, "Load simulates the design's access patterns, and it has none yet: add them in the Design tab, or start a design from access patterns.", "", nil)
	case "workload":
		return renderMissing(missing, "Load needs a workload: how many calls per second each access pattern gets and how its keys are drawn. Set them above, or start from typical rates.",
			"Add typical rates", func(ctx goapp.Context) {
				p.act(ctx, func() { p.Store.EditWorkload(defaultWorkload) })
			})
	}
	return renderMissing(missing, "Load measures each access pattern on a sample of the dataset, and the design has none yet.",
		"Load 10,000 items", func(ctx goapp.Context) { startLoad(ctx, p.Store, 10000) })
}
