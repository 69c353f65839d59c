package app

import (
	"fmt"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/visualizer"
)

// speedLabels name the clock's speeds for people.
var speedLabels = map[float64]string{
	1:     "real time",
	60:    "1 min / s",
	600:   "10 min / s",
	3600:  "1 h / s",
	21600: "1 day / 4 s",
}

// jumps are the clock's jump buttons.
var jumps = []struct {
	id    string
	label string
	d     time.Duration
}{
	{"1m", "+1 min", time.Minute},
	{"1h", "+1 h", time.Hour},
	{"1d", "+1 day", 24 * time.Hour},
}

// clockBar is the virtual clock's controls, always visible at the bottom.
type clockBar struct {
	goapp.Compo
	Panel
}

// Render draws the clock.
func (c *clockBar) Render() goapp.UI {
	st := c.State
	play := "Play"
	if st.Playing {
		play = "Pause"
	}
	return goapp.Div().ID(IDClock).Class("wb-clock").Body(
		goapp.Span().Class("wb-clock-label").Text("Clock"),
		goapp.Time().ID(IDClockNow).Class("wb-clock-now wb-mono").
			DateTime(st.Now.UTC().Format(time.RFC3339)).
			Text(st.Now.UTC().Format("2006-01-02 15:04:05 UTC")),
		goapp.Span().Class("wb-muted wb-mono").Text(" epoch "+strconv.FormatInt(st.Now.Unix(), 10)),
		goapp.Button().ID(IDClockPlay).Class("wb-btn").Text(play).
			Attr("aria-pressed", strconv.FormatBool(st.Playing)).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				c.act(ctx, func() {
					if c.Store.State().Playing {
						c.Store.Pause()
					} else {
						c.Store.Play()
					}
				})
			}),
		goapp.Label().Class("wb-visually-hidden").For(IDClockSpeed).Text("Speed"),
		goapp.Select().ID(IDClockSpeed).Class("wb-select").
			OnChange(func(ctx goapp.Context, e goapp.Event) {
				v, err := strconv.ParseFloat(e.Get("target").Get("value").String(), 64)
				if err == nil {
					c.act(ctx, func() { c.Store.SetSpeed(v) })
				}
			}).Body(
			goapp.Range(Speeds).Slice(func(i int) goapp.UI {
				v := Speeds[i]
				return goapp.Option().Value(strconv.FormatFloat(v, 'f', -1, 64)).
					Selected(v == st.Speed).Text(speedLabels[v])
			}),
		),
		goapp.Range(jumps).Slice(func(i int) goapp.UI {
			j := jumps[i]
			return goapp.Button().ID(IDClockJump + j.id).Class("wb-btn").Text(j.label).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					c.act(ctx, func() { c.Store.Advance(j.d) })
				})
		}),
	)
}

// timePanel shows time to live at work: the clock, what will expire, what
// has expired and waits for the sweeper, and what the sweeper deleted.
type timePanel struct {
	goapp.Compo
	Panel
	table string
}

// Render draws the panel.
func (t *timePanel) Render() goapp.UI {
	st := t.State
	name := pickTable(st, t.table)
	mt := st.Model.Table(name)
	ttlAttr := ""
	if mt != nil && mt.TimeToLiveSpecification != nil && mt.TimeToLiveSpecification.Enabled {
		ttlAttr = mt.TimeToLiveSpecification.AttributeName
	}
	ts := st.Snapshot.Table(name)
	header := goapp.Div().Class("wb-panel-head").Body(
		tableSelect(st, name, func(ctx goapp.Context, v string) { t.table = v }),
		goapp.P().Class("wb-muted").Text(ttlIntro(ttlAttr, st.Model.Settings.TTLDelay())),
	)
	if ts == nil || ttlAttr == "" {
		return goapp.Div().Class("wb-time").Body(header)
	}
	view := visualizer.TTLTimeline(ts, visualizer.TimelineOptions{
		TTLAttribute: ttlAttr,
		Now:          st.Now,
		Window:       timelineWindow(st.Speed),
		Deletes:      st.TTLDeletes[name],
	})
	var times []time.Time
	for _, e := range view.Next {
		times = append(times, e.At)
	}
	for _, e := range view.Deleted {
		times = append(times, e.At)
	}
	layout := clockLayout(st.Now, times)
	return goapp.Div().Class("wb-time").Body(
		header,
		goapp.Div().ID(IDTTLCounts).Class("wb-ttl-counts").
			Attr("data-items", ts.Len()).Attr("data-with-ttl", view.WithTTL).
			Attr("data-expired", view.Expired).Attr("data-deleted", st.TTLDeleted[name]).Body(
			stat("items in the table", ts.Len()),
			stat("items with a TTL", view.WithTTL),
			stat("expired, awaiting deletion", view.Expired),
			stat("expiring in view", view.Upcoming),
			stat("deleted by TTL", st.TTLDeleted[name]),
		),
		goapp.Div().ID(IDTimeline).Class("wb-timeline").Body(goapp.Raw(view.SVG())),
		goapp.Div().Class("wb-two-cols").Body(
			goapp.Div().Body(
				goapp.H3().Text("Next to expire"),
				goapp.Table().ID(IDTTLUpcoming).Class("wb-table").Body(
					goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Key"), goapp.Th().Text("Expires"))),
					goapp.TBody().Body(goapp.Range(view.Next).Slice(func(i int) goapp.UI {
						e := view.Next[i]
						return goapp.Tr().Body(goapp.Td().Class("wb-mono").Text(keyLabel(e.PK, e.SK)),
							goapp.Td().Text(e.When+" · "+e.At.UTC().Format(layout)))
					})),
				),
			),
			goapp.Div().Body(
				goapp.H3().Text("Deleted by the TTL sweeper"),
				goapp.Table().ID(IDTTLDeletes).Class("wb-table").Body(
					goapp.THead().Body(goapp.Tr().Body(goapp.Th().Text("Key"), goapp.Th().Text("Deleted"), goapp.Th().Text("Lag after expiry"))),
					goapp.TBody().Body(goapp.Range(view.Deleted).Slice(func(i int) goapp.UI {
						e := view.Deleted[i]
						return goapp.Tr().Body(
							goapp.Td().Class("wb-mono").Text(keyLabel(e.PK, e.SK)),
							goapp.Td().Text(e.At.UTC().Format(layout)),
							goapp.Td().Text(e.Lag),
						)
					})),
				),
			),
		),
	)
}

// clockLayout is how the TTL lists print clock times: the time of day
// when they and now fall on one day (UTC), else with the date, so that a
// list spanning days does not read as one.
func clockLayout(now time.Time, times []time.Time) string {
	y, m, d := now.UTC().Date()
	for _, t := range times {
		if ty, tm, td := t.UTC().Date(); ty != y || tm != m || td != d {
			return "2 Jan 15:04:05"
		}
	}
	return "15:04:05"
}

func ttlIntro(attr string, delay time.Duration) string {
	if attr == "" {
		return "Time to live is off for this table: turn it on in Design to watch items expire."
	}
	return fmt.Sprintf("TTL attribute %q: an item expires when the clock passes its epoch-seconds value. The sweeper deletes it %s after its expiry, or after its write when it was written already expired (this design's TTL deletion delay; DynamoDB: typically within two days); until then reads still return it.", attr, fmtSeconds(int(delay/time.Second)))
}

// timelineWindow scales the timeline to the clock's speed: about a minute
// of real time across.
func timelineWindow(speed float64) time.Duration {
	w := time.Duration(speed * float64(time.Minute))
	if w < time.Hour {
		w = time.Hour
	}
	return w
}

func stat(label string, n int) goapp.UI {
	return goapp.Div().Class("wb-stat").Body(
		goapp.Span().Class("wb-stat-n").Text(strconv.Itoa(n)),
		goapp.Span().Class("wb-stat-label").Text(label),
	)
}

func keyLabel(pk, sk string) string {
	if sk == "" {
		return pk
	}
	return pk + " · " + sk
}
