package app

import (
	"math"
	"strconv"
	"strings"
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// What the Partitions, Load, Fan-out and Cost panels share: number
// formatting, the pause that lets the page paint before a long
// computation, and the memory that keeps their results across tab
// switches. The panels themselves are in panel_partitions.go,
// panel_load.go, panel_fanout.go and panel_cost.go; the tour in
// panel_tour.go.

// The panels' long computations run as jobs (job.go), in slices that let
// the browser paint their "running…" notice and answer clicks.

// analysisMemory is what the analysis panels computed for one store. A tab
// switch dismounts a panel and its fields go with it; a simulation of a day
// or a cost measurement took seconds, so the panels keep them here.
type analysisMemory struct {
	mu   sync.Mutex
	load loadMemory
	cost *costResult
}

// memorySlot holds the memory of the last store asked for: the page has
// one store, and a new store (a test's) simply replaces it.
var memorySlot struct {
	mu     sync.Mutex
	store  *Store
	design uint64
	mem    *analysisMemory
}

// memoryOf returns the analysis memory of s for the design it has open:
// another design starts with none (a run or a measurement of the last one
// is not true of it), however it was opened.
func memoryOf(s *Store) *analysisMemory {
	design := s.State().Design
	memorySlot.mu.Lock()
	defer memorySlot.mu.Unlock()
	if memorySlot.store != s || memorySlot.design != design || memorySlot.mem == nil {
		memorySlot.store, memorySlot.design, memorySlot.mem = s, design, &analysisMemory{}
	}
	return memorySlot.mem
}

// fmtNum prints a figure as the panels show it: thousands separated, at
// most two decimals, no trailing zeros ("20,000", "0.5", "1,234.57").
func fmtNum(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(x), 'f', 2, 64)
	whole, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	var b strings.Builder
	if neg && (whole != "0" || frac != "") {
		b.WriteByte('-')
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// fmtDollars prints dollars a month: "$1,234.56", and a small sum with
// enough digits to tell it from nothing ("$0.0033").
func fmtDollars(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "—"
	}
	if x != 0 && math.Abs(x) < 0.01 {
		if x < 0 {
			return "-$" + fmtSmall(-x)
		}
		return "$" + fmtSmall(x)
	}
	s := fmtNum(math.Round(math.Abs(x)*100) / 100)
	if _, frac, ok := strings.Cut(s, "."); !ok {
		s += ".00"
	} else if len(frac) == 1 {
		s += "0"
	}
	if x < 0 {
		return "-$" + s
	}
	return "$" + s
}

// fmtSmall prints a positive figure below 0.01 with two significant
// digits after its leading zeros ("0.0033"), so it does not read as 0.
func fmtSmall(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if i := strings.IndexAny(s, "123456789"); i >= 0 && len(s) > i+2 {
		s = s[:i+2]
	}
	return s
}

// fmtGB prints gigabytes: small sizes keep their significant digits.
func fmtGB(x float64) string {
	if x > 0 && x < 0.01 {
		return fmtSmall(x) + " GB"
	}
	return fmtNum(x) + " GB"
}

// fmtSeconds names a simulated duration: "45 s", "10 min", "6 h", "1 day".
func fmtSeconds(sec int) string {
	switch {
	case sec >= 86400 && sec%86400 == 0:
		if sec == 86400 {
			return "1 day"
		}
		return strconv.Itoa(sec/86400) + " days"
	case sec >= 3600 && sec%3600 == 0:
		return strconv.Itoa(sec/3600) + " h"
	case sec >= 60 && sec%60 == 0:
		return strconv.Itoa(sec/60) + " min"
	}
	return strconv.Itoa(sec) + " s"
}

// fmtClock prints a time into a run as h:mm:ss.
func fmtClock(sec int) string {
	return strconv.Itoa(sec/3600) + ":" + twoDigits(sec/60%60) + ":" + twoDigits(sec%60)
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// parseAmount reads a non-negative finite number from a form field; an
// empty field is 0.
func parseAmount(s string) (float64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" {
		return 0, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}

// renderToggle draws a labelled checkbox.
func renderToggle(id, label, title string, checked, disabled bool, onChange func(ctx goapp.Context, on bool)) goapp.UI {
	return goapp.Label().Class("wb-an-toggle").For(id).Title(title).Body(
		goapp.Input().ID(id).Type("checkbox").Checked(checked).Disabled(disabled).
			OnChange(func(ctx goapp.Context, e goapp.Event) { onChange(ctx, e.Get("target").Get("checked").Bool()) }, goapp.EventScope(id)),
		goapp.Text(label),
	)
}

// valueOf reads an event target's value.
func valueOf(e goapp.Event) string { return e.Get("target").Get("value").String() }

// renderMissing is an analysis panel's notice of what it cannot compute
// without: the text says what is missing, and the button (when fix is set)
// adds it.
func renderMissing(what, text, fixLabel string, fix func(ctx goapp.Context)) goapp.UI {
	return goapp.Div().ID(IDMissing).Class("wb-missing").Attr("role", "status").Attr("data-missing", what).Body(
		goapp.Span().Text(text),
		goapp.If(fix != nil, func() goapp.UI {
			return goapp.Button().ID(IDMissingFix).Class("wb-btn wb-btn-small wb-btn-primary").Text(fixLabel).
				OnClick(func(ctx goapp.Context, e goapp.Event) { fix(ctx) }, goapp.EventScope(what))
		}),
	)
}
