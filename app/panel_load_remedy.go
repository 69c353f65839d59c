package app

import (
	"fmt"
	"math"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Remedies, not only diagnoses: where a run finds throttling (or finds
// none only thanks to burst and adaptive capacity), it proposes the fix
// with its arithmetic, and applies it in one click as a design edit
// (Store.Edit, then Apply) that Undo takes back. The run after the edit
// stands beside the run before, in the comparison of runs.

// shardMargin is the write-sharding margin: shards = ⌈peak WCU of the key
// ÷ 1,000 × 2⌉, so that each shard takes at most half of what a partition
// serves and two shards hashed to the same partition still fit.
const shardMargin = 2

// targetUtilization is the share of provisioned capacity the capacity
// remedy plans the peak at (auto scaling's usual target is 70%).
const targetUtilization = 0.8

// loadRemedy is one proposed fix.
type loadRemedy struct {
	// Kind is "shard", "provision", "on-demand", "burst" (a run with burst
	// and adaptive capacity off) or, for an explanation only, "read-hot",
	// "key" and "ramp".
	Kind string
	// Title is the button's text ("" for an explanation); Why the
	// diagnosis and the arithmetic.
	Title, Why string
	// edit changes the design (nil: no design edit).
	edit func(m *model.Model) error
}

// remediesOf proposes the fixes for what run r found.
func remediesOf(r *loadRun) []loadRemedy {
	var out []loadRemedy
	m, res := r.Model, r.Result
	t := m.Table(r.Space) // nil for a GSI's key space
	over := false
	for _, pr := range res.Patterns {
		if pr.HotKeyUnits <= pr.Ceiling*(1+1e-9) {
			continue
		}
		over = true
		if t == nil {
			// ShardWrites shards the table's key: an index's hot key needs
			// the index's own key changed.
			out = append(out, loadRemedy{Kind: "key", Why: fmt.Sprintf("%s puts %s units/s on one key of %s, over the %s one partition serves: give the index a partition key with more distinct values (a high-cardinality attribute, or a shard suffix on its key template).",
				pr.Name, fmtNum(pr.HotKeyUnits), r.Space, fmtNum(pr.Ceiling))})
			continue
		}
		if pr.Op != partition.Write {
			out = append(out, loadRemedy{Kind: "read-hot", Why: fmt.Sprintf("%s reads one key at %s RCU/s, over the %s RCU/s one partition serves: cache the item (DAX, or in the application), or keep copies of it under several keys and read one at random; eventually consistent reads cost half a strong read's units.",
				pr.Name, fmtNum(pr.HotKeyUnits), fmtNum(pr.Ceiling))})
			continue
		}
		need := pr.HotKeyUnits / pr.Ceiling
		n := max(2, int(math.Ceil(need*shardMargin-1e-9)))
		trial, err := cloneModel(m)
		if err != nil {
			continue
		}
		sk, err := trial.ShardWrites(pr.Name, n)
		if err != nil {
			out = append(out, loadRemedy{Kind: "key", Why: fmt.Sprintf("%s writes one key at %s WCU/s, over the %s WCU/s one partition serves: give it a partition key with more distinct values (write sharding cannot be proposed here: %v).",
				pr.Name, fmtNum(pr.HotKeyUnits), fmtNum(pr.Ceiling), err)})
			continue
		}
		why := fmt.Sprintf("%s writes its hottest key at %s WCU/s, over the %s WCU/s one partition serves. Shards = peak WCU of the key ÷ 1,000 = %s ÷ 1,000 = %s; with a margin of %d (each shard at most half a partition, so that two shards hashed to the same partition still fit) ⌈%s × %d⌉ = %d shards of about %s WCU/s. The partition key %s becomes %s, a random shard for each write.",
			pr.Name, fmtNum(pr.HotKeyUnits), fmtNum(pr.Ceiling), fmtNum(pr.HotKeyUnits), fmtNum(need), shardMargin, fmtNum(need), shardMargin, n, fmtNum(pr.HotKeyUnits/float64(n)), sk.Before, sk.After)
		if len(sk.Reads) > 0 {
			why += fmt.Sprintf(" Then %s cannot know the shard: each such read becomes a fan-out of %d requests (%d× its read units).", strings.Join(sk.Reads, ", "), n, n)
		}
		name := pr.Name
		out = append(out, loadRemedy{Kind: "shard", Title: fmt.Sprintf("Shard %s over %d keys", sk.Before, n), Why: why,
			edit: func(m *model.Model) error { _, err := m.ShardWrites(name, n); return err }})
	}
	if t == nil {
		return out
	}
	prov := t.EffectiveBillingMode() == schema.BillingProvisioned
	if res.Totals.Throttled > 0 && !over {
		if prov {
			out = append(out, capacityRemedies(t.TableName, t.ProvisionedThroughput, r.PeakRCU, r.PeakWCU)...)
		} else {
			out = append(out, loadRemedy{Kind: "ramp", Why: "No single key is over a partition's ceiling: an on-demand table serves up to double its previous peak at once and takes about 30 minutes to go beyond, so a jump past that throttles; warm the table (warm throughput) or ramp the traffic up. A partition holding several busy keys needs a partition key with more distinct values."})
		}
	}
	if res.Totals.Throttled == 0 && prov && (r.Options.Burst || r.Options.Adaptive) && res.Totals.PartitionsStart > 0 && t.ProvisionedThroughput != nil && t.ProvisionedThroughput.WriteCapacityUnits != nil {
		share := float64(*t.ProvisionedThroughput.WriteCapacityUnits) / float64(res.Totals.PartitionsStart)
		for _, pr := range res.Patterns {
			if pr.Op == partition.Write && pr.HotKeyUnits > share*(1+1e-9) {
				out = append(out, loadRemedy{Kind: "burst", Title: "Run with burst and adaptive capacity off",
					Why: fmt.Sprintf("Nothing was throttled, but %s's hottest key takes %s WCU/s of its partition's %s (the table's %d WCU ÷ %d partitions): adaptive capacity lends it the table's unused throughput and burst capacity spends up to 300 s of unused capacity on it. A longer peak, or busier neighbours, would throttle: run without them to see what they hide.",
						pr.Name, fmtNum(pr.HotKeyUnits), fmtNum(share), *t.ProvisionedThroughput.WriteCapacityUnits, res.Totals.PartitionsStart)})
				break
			}
		}
	}
	return out
}

// capacityRemedies propose provisioned capacity for the peak, or
// on-demand, for a table whose own capacity is what throttles.
func capacityRemedies(table string, pt *schema.ProvisionedThroughput, peakR, peakW float64) []loadRemedy {
	var haveR, haveW int64
	if pt != nil && pt.ReadCapacityUnits != nil {
		haveR = *pt.ReadCapacityUnits
	}
	if pt != nil && pt.WriteCapacityUnits != nil {
		haveW = *pt.WriteCapacityUnits
	}
	wantR := max(haveR, int64(math.Ceil(peakR/targetUtilization-1e-9)))
	wantW := max(haveW, int64(math.Ceil(peakW/targetUtilization-1e-9)))
	if wantR == haveR && wantW == haveW {
		return []loadRemedy{{Kind: "key", Why: "The table's capacity covers the peak, yet requests were throttled: a partition holding several busy keys is short. A partition key with more distinct values spreads them."}}
	}
	why := fmt.Sprintf("No single key is over a partition's ceiling: the table's own capacity is. Its peak asks %s RCU/s and %s WCU/s against %d RCU and %d WCU provisioned; at a target utilization of %d%%: ⌈%s ÷ %.1f⌉ = %d RCU, ⌈%s ÷ %.1f⌉ = %d WCU.",
		fmtNum(peakR), fmtNum(peakW), haveR, haveW, int(targetUtilization*100), fmtNum(peakR), targetUtilization, wantR, fmtNum(peakW), targetUtilization, wantW)
	return []loadRemedy{
		{Kind: "provision", Title: fmt.Sprintf("Provision %d RCU and %d WCU", wantR, wantW), Why: why,
			edit: func(m *model.Model) error {
				t := m.Table(table)
				if t == nil {
					return fmt.Errorf("no table %s", table)
				}
				t.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &wantR, WriteCapacityUnits: &wantW}
				return nil
			}},
		{Kind: "on-demand", Title: "Switch to on-demand", Why: "Or on-demand: no capacity to plan, paid per request, serving up to double the previous peak at once.",
			edit: func(m *model.Model) error {
				t := m.Table(table)
				if t == nil {
					return fmt.Errorf("no table %s", table)
				}
				t.BillingMode, t.ProvisionedThroughput = schema.BillingPayPerRequest, nil
				for i := range t.GlobalSecondaryIndexes {
					t.GlobalSecondaryIndexes[i].ProvisionedThroughput = nil
				}
				return nil
			}},
	}
}

// loadRemedyState is a remedy applied from the panel: the run before it,
// the run after (once it has run), and whether Undo took it back.
type loadRemedyState struct {
	Text          string
	Before, After *loadRun
	// Undoing says Undo was asked and the design before the remedy is
	// being applied; Undone that it runs again, with its run back.
	Undoing, Undone bool
}

// applyRemedy applies rm: a run with burst and adaptive capacity off, or
// a design edit, applied at once; the panel then runs the new design and
// shows it beside the run before.
func (p *loadPanel) applyRemedy(ctx goapp.Context, rm loadRemedy) {
	if rm.Kind == "burst" {
		p.options()
		p.opts.Burst, p.opts.Adaptive = false, false
		p.run(ctx)
		return
	}
	if rm.edit == nil || p.cur == nil {
		return
	}
	var editErr error
	if err := p.Store.Edit(func(m *model.Model) { editErr = rm.edit(m) }); err != nil {
		return
	}
	if editErr != nil {
		p.Store.Undo()
		p.err = editErr.Error()
		return
	}
	p.remedy = &loadRemedyState{Text: rm.Title, Before: p.cur}
	p.remember()
	applyDraft(ctx, p.Store, nil)
}

// undoRemedy takes the remedy back: Undo, and the design before it
// applied again, whose run the panel still has.
func (p *loadPanel) undoRemedy(ctx goapp.Context) {
	if p.remedy == nil || p.remedy.Undoing || !p.Store.Undo() {
		return
	}
	p.remedy.Undoing = true
	p.remember()
	applyDraft(ctx, p.Store, nil)
}

// followRemedy handles a design change under a remedy: the remedy's own
// design keeps the run before it as the one to compare with; the design
// Undo brought back gets its run back, without simulating again. It
// reports whether it handled the change.
func (p *loadPanel) followRemedy(m *model.Model) (handled, rerun bool) {
	rs := p.remedy
	if rs == nil {
		return false, false
	}
	if rs.Undoing && m == rs.Before.Model {
		rs.Undone = true
		p.cur, p.prev = rs.Before, rs.After
		return true, false
	}
	if !rs.Undoing && rs.After == nil {
		p.cur, p.prev = nil, rs.Before
		return true, true
	}
	p.remedy = nil
	return false, false
}

// renderLoadRemedies lists the fixes the run proposes, each with its
// button; greyed out, it says why.
func (p *loadPanel) renderLoadRemedies(r *loadRun) goapp.UI {
	if len(r.Remedies) == 0 {
		return goapp.Text("")
	}
	dirty := p.State != nil && p.State.Dirty
	busy := p.running || (p.State != nil && p.State.Load.Running)
	return goapp.Div().ID(IDLoadRemedies).Class("wb-load-remedies").Body(
		goapp.H3().Text("What to do"),
		goapp.Ul().Body(goapp.Range(r.Remedies).Slice(func(i int) goapp.UI {
			rm := r.Remedies[i]
			var btn goapp.UI = goapp.Text("")
			if rm.Title != "" {
				title := "Applies the edit to the design at once and runs it again; Undo takes it back"
				if rm.edit == nil {
					title = "Runs the same design again with burst and adaptive capacity off"
				}
				disabled := rm.edit != nil && (dirty || busy)
				switch {
				case disabled && dirty:
					title = "Greyed out: the design has edits not applied yet; apply them (Design tab) or undo them to use this remedy"
				case disabled:
					title = "Greyed out: a simulation, a load or an apply runs; it is on offer again when that ends"
				}
				btn = goapp.Button().ID(IDLoadRemedy+rm.Kind).Class("wb-btn wb-btn-small wb-btn-primary").
					Disabled(disabled).Title(title).Text(rm.Title).
					OnClick(func(ctx goapp.Context, e goapp.Event) { p.applyRemedy(ctx, rm) }, goapp.EventScope(r.N, i))
			}
			return goapp.Li().Attr("data-kind", rm.Kind).Body(goapp.Span().Text(rm.Why+" "), btn)
		})),
	)
}

// renderRemedyApplied says what the remedy changed: the throttled share
// before and after, and each pattern's units per second before and after
// (a fan-out's cost beside the throttling it saves), with its Undo.
func (p *loadPanel) renderRemedyApplied() goapp.UI {
	rs := p.remedy
	if rs == nil || rs.After == nil {
		return goapp.Text("")
	}
	a, b := rs.Before.Result, rs.After.Result
	if rs.Undone {
		a, b = b, a
	}
	before := map[string]partition.PatternResult{}
	for _, pr := range a.Patterns {
		before[pr.Name] = pr
	}
	perSecond := func(pr partition.PatternResult, seconds int) float64 {
		return pr.Requests * pr.Units / float64(max(1, seconds))
	}
	var lines []goapp.UI
	for _, pr := range b.Patterns {
		old, ok := before[pr.Name]
		if !ok {
			continue
		}
		x, y := perSecond(old, a.Seconds), perSecond(pr, b.Seconds)
		if math.Abs(x-y) < 1e-6*max(1, x) {
			continue
		}
		unit := "RCU"
		if pr.Op == partition.Write {
			unit = "WCU"
		}
		text := fmt.Sprintf("%s: %s → %s %s/s", pr.Name, fmtNum(x), fmtNum(y), unit)
		if pr.FanOut != old.FanOut {
			text += fmt.Sprintf(" (a fan-out of %d → %d requests per read)", old.FanOut, pr.FanOut)
		}
		lines = append(lines, goapp.Li().Attr("data-pattern", pr.Name).Attr("data-before", fmtNum(x)).Attr("data-after", fmtNum(y)).Attr("data-fan-out", pr.FanOut).Text(text))
	}
	head := fmt.Sprintf("Remedy applied: %s. Throttled %s%% before (%s), %s%% after (%s).", rs.Text,
		fmtNum(100*a.Totals.ThrottledFraction()), rs.Before.Label, fmtNum(100*b.Totals.ThrottledFraction()), rs.After.Label)
	if rs.Undone {
		head = fmt.Sprintf("Remedy undone: %s taken back, the design and its run %s are back (%s%% throttled).", rs.Text, rs.Before.Label, fmtNum(100*b.Totals.ThrottledFraction()))
	}
	return goapp.Div().ID(IDLoadRemedyApplied).Class("wb-load-remedy-applied").Attr("data-undone", fmt.Sprint(rs.Undone)).Body(
		goapp.P().Text(head),
		goapp.If(len(lines) > 0, func() goapp.UI {
			return goapp.Div().Body(goapp.P().Class("wb-muted").Text("What each access pattern asks, at the peak:"), goapp.Ul().Body(lines...))
		}),
		goapp.If(!rs.Undone, func() goapp.UI {
			busy := p.running || rs.Undoing
			why := "a simulation is running; Cancel stops it"
			if rs.Undoing {
				why = "the design before the remedy is being applied"
			}
			return goapp.Button().ID(IDLoadRemedyUndo).Class("wb-btn wb-btn-small").Text("Undo the remedy").
				Disabled(busy).Title(greyed(busy, "Undo the edit and apply the design before it again; its run comes back", why)).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.undoRemedy(ctx) })
		}),
	)
}
