package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// HotKey is an access pattern's hottest partition-key value in the
// simulated workload.
type HotKey struct {
	// PartitionKey is the key template with its parameters ("CANDIDATE#{candidate}#{shard}").
	PartitionKey string `json:"partitionKey"`
	// Keys is the number of distinct partition-key values the workload
	// touches; UnitsPerSecond what the hottest receives at the peak rate;
	// Ceiling what one partition serves (1,000 WCU or 3,000 RCU).
	Keys           int     `json:"keys"`
	UnitsPerSecond float64 `json:"unitsPerSecond"`
	Ceiling        float64 `json:"ceiling"`
	// Throttled is the share of the pattern's requests the simulation
	// throttled, over Seconds simulated on Partitions partitions.
	Throttled  float64 `json:"throttled"`
	Seconds    int     `json:"seconds"`
	Partitions int     `json:"partitions"`
	Text       string  `json:"text"`
}

// keySpace is one partition workload: a table, or a global secondary index
// a read queries, with the patterns that use it. Units per request come
// from the measured reports; requests it cannot map (scans, batches,
// unmeasured patterns) are skipped.
type keySpace struct {
	table, index string
	patterns     []partition.AccessPattern
	reports      []*PatternReport
	templates    []string
}

var marker = regexp.MustCompile(`⟪([A-Za-z_][A-Za-z0-9_]*)⟫`)

// KeySpaceSimulation is the simulation of one key space: a table, or a
// global secondary index that reads query.
type KeySpaceSimulation struct {
	Table string `json:"table"`
	Index string `json:"index,omitempty"`
	// Patterns are the access patterns simulated on it.
	Patterns []string           `json:"patterns"`
	Workload partition.Workload `json:"workload"`
	Result   *partition.Result  `json:"result"`
}

// simulateWorkload simulates the model's workload per key space and
// attaches hot-partition warnings to the access patterns.
func simulateWorkload(m *model.Model, rep *Report, o Options, interval int) error {
	seconds := o.SimulateSeconds
	if m.Workload == nil || len(m.Workload.Requests) == 0 {
		return nil
	}
	if seconds == 0 {
		seconds = DefaultSimulateSeconds
		if d := m.Workload.DurationSeconds; d > 0 && d < seconds {
			seconds = d
		}
	}
	spaces := map[string]*keySpace{}
	var order []string
	for _, wr := range m.Workload.Requests {
		ap := m.AccessPattern(wr.AccessPattern)
		pr := rep.Pattern(wr.AccessPattern)
		if ap == nil || pr == nil || !pr.measured || pr.Requests == 0 {
			continue
		}
		switch ap.Operation {
		case "GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem":
		default:
			continue
		}
		t := m.Table(pr.Table)
		if t == nil {
			continue
		}
		hash := t.HashKey()
		if pr.Index != "" {
			hash = ""
			for _, g := range t.GlobalSecondaryIndexes {
				if g.IndexName == pr.Index {
					hash = g.HashKey()
				}
			}
			if hash == "" { // an LSI shares the table's partitions
				hash = t.HashKey()
			}
		}
		tmpl, ok := partitionKeyTemplate(ap, hash)
		if !ok {
			continue
		}
		p := partitionPattern(ap, pr, wr, tmpl)
		id := pr.Table + "\x00" + gsiName(t, pr.Index)
		ks := spaces[id]
		if ks == nil {
			ks = &keySpace{table: pr.Table, index: gsiName(t, pr.Index)}
			spaces[id] = ks
			order = append(order, id)
		}
		ks.patterns = append(ks.patterns, p)
		ks.reports = append(ks.reports, pr)
		ks.templates = append(ks.templates, marker.ReplaceAllString(tmpl, "{$1}"))
	}
	budget := o.Budget
	for _, id := range order {
		if err := o.step(); err != nil {
			return err
		}
		ks := spaces[id]
		t := m.Table(ks.table)
		l, err := layoutFor(t, ks.index, ks.patterns)
		if err != nil {
			return fmt.Errorf("key space %s: %w", where(ks.table, ks.index), err)
		}
		w := partition.Workload{Patterns: ks.patterns, Seconds: seconds, Interval: interval}
		if o.Workload != nil {
			w = o.Workload(w)
			w.Seconds, w.Interval = seconds, interval
		}
		w.Budget = budget
		res, err := partition.SimulateContext(o.ctx(), l, w)
		if err != nil {
			return fmt.Errorf("simulating %s: %w", where(ks.table, ks.index), err)
		}
		if budget > 0 {
			// What is left for the next key space (at least 1: 0 means none).
			budget = max(1, budget-res.Totals.Work)
		}
		sim := KeySpaceSimulation{Table: ks.table, Index: ks.index, Workload: w, Result: res}
		for _, p := range ks.patterns {
			sim.Patterns = append(sim.Patterns, p.Name)
		}
		rep.sims = append(rep.sims, sim)
		for i, r := range res.Patterns {
			pr := ks.reports[i]
			p := w.Patterns[i]
			h := &HotKey{PartitionKey: ks.templates[i], Keys: r.Keys, UnitsPerSecond: r.HotKeyUnits, Ceiling: r.Ceiling,
				Throttled: r.ThrottledFraction(), Seconds: seconds, Partitions: res.Totals.PartitionsEnd}
			unit := "RCU"
			if p.Op == partition.Write {
				unit = "WCU"
			}
			h.Text = fmt.Sprintf("%s req/s × %s %s per request over %s keys of %s (%s); the hottest key takes %s %s/s against one partition's %s %s; simulated %d s on %d partitions: %.2f%% of requests throttled",
				num(p.Rate.Max()*float64(p.FanOut())), num(p.Units()), unit, num(float64(r.Keys)), h.PartitionKey, p.Keys.Dist,
				num(h.UnitsPerSecond), unit, num(h.Ceiling), unit, seconds, h.Partitions, 100*h.Throttled)
			pr.Hot = h
			switch {
			case h.UnitsPerSecond > h.Ceiling*(1+1e-9):
				pr.warn(WarnHotPartition, fmt.Sprintf("hot partition: partition key %s — its hottest value receives %s %s/s, above the %s %s one partition serves, so it is throttled whatever the table's capacity (%.2f%% throttled in simulation); spread it with write sharding over at least %s suffixes",
					h.PartitionKey, num(h.UnitsPerSecond), unit, num(h.Ceiling), unit, 100*h.Throttled,
					num(math.Ceil(h.UnitsPerSecond/h.Ceiling))))
			case h.Throttled > 0.01:
				pr.warn(WarnThrottled, fmt.Sprintf("throttled in simulation: %.2f%% of requests over %d s on %d partitions (no single key exceeds a partition's ceiling: the table's throughput or a partition holding several busy keys is short)",
					100*h.Throttled, seconds, h.Partitions))
			}
		}
	}
	return nil
}

// gsiName is index if it names a GSI of t, else "" (an LSI lives on the
// table's partitions).
func gsiName(t *model.Table, index string) string {
	for _, g := range t.GlobalSecondaryIndexes {
		if g.IndexName == index {
			return index
		}
	}
	return ""
}

// partitionKeyTemplate finds the partition-key value of the request with
// each parameter replaced by a marker ⟪name⟫.
func partitionKeyTemplate(ap *model.AccessPattern, hash string) (string, bool) {
	p := model.Params{}
	for _, name := range ap.References() {
		p[name] = "⟪" + name + "⟫"
	}
	if ap.FanOut != nil {
		p[ap.FanOut.Parameter] = "⟪" + ap.FanOut.Parameter + "⟫"
	}
	body, err := ap.Bind(p)
	if err != nil {
		return "", false
	}
	var req struct {
		KeyConditionExpression    string                    `json:"KeyConditionExpression"`
		ExpressionAttributeNames  map[string]string         `json:"ExpressionAttributeNames"`
		ExpressionAttributeValues map[string]map[string]any `json:"ExpressionAttributeValues"`
		Key                       map[string]map[string]any `json:"Key"`
		Item                      map[string]map[string]any `json:"Item"`
	}
	if json.Unmarshal(body, &req) != nil {
		return "", false
	}
	scalar := func(v map[string]any) (string, bool) {
		for _, t := range []string{"S", "N", "B"} {
			if s, ok := v[t].(string); ok {
				return s, true
			}
		}
		return "", false
	}
	if v, ok := req.Key[hash]; ok {
		return scalar(v)
	}
	if v, ok := req.Item[hash]; ok {
		return scalar(v)
	}
	if req.KeyConditionExpression == "" {
		return "", false
	}
	// name = :value (either way round), the name possibly a #placeholder.
	eq := regexp.MustCompile(`(#?[A-Za-z_][A-Za-z0-9_.\-]*)\s*=\s*(:[A-Za-z0-9_]+)|(:[A-Za-z0-9_]+)\s*=\s*(#?[A-Za-z_][A-Za-z0-9_.\-]*)`)
	for _, g := range eq.FindAllStringSubmatch(req.KeyConditionExpression, -1) {
		name, val := g[1], g[2]
		if name == "" {
			name, val = g[4], g[3]
		}
		if strings.HasPrefix(name, "#") {
			name = req.ExpressionAttributeNames[name]
		}
		if name == hash {
			return scalar(req.ExpressionAttributeValues[val])
		}
	}
	return "", false
}

// partitionPattern maps a workload request to a partition access pattern:
// the key's parameters drawn from a distribution become the key
// distribution (the first skewed one, else the first), the others shards;
// a fan-out over a key parameter becomes a scatter-gather read.
func partitionPattern(ap *model.AccessPattern, pr *PatternReport, wr model.WorkloadRequest, tmpl string) partition.AccessPattern {
	p := partition.AccessPattern{Name: ap.Name, Rate: partition.Rate{Shape: partition.Constant, Base: wr.Rate},
		Keys: partition.Keys{Dist: partition.Uniform, Count: 1, Prefix: ap.Name + "#"}}
	n := float64(pr.Requests)
	if pr.Op == "read" {
		p.Op = partition.Read
		u := pr.Units / n
		if strings.Contains(string(ap.Request), `"ConsistentRead":true`) {
			p.Consistency = capacity.Strong
			p.ItemBytes = int(math.Ceil(u-1e-9)) * 4096
		} else {
			p.ItemBytes = int(math.Ceil(2*u-1e-9)) * 4096
		}
	} else {
		p.Op = partition.Write
		p.ItemBytes = int(math.Ceil(pr.TableUnits/n-1e-9)) * 1024
	}
	p.ItemBytes = min(max(p.ItemBytes, 1), 400*1024)
	kp := keyParamsOf(ap, wr, tmpl)
	if d := kp.primary; d != nil {
		p.Keys.Count = int(min(d.Cardinality, 1<<24))
		switch d.Kind {
		case model.DistZipf:
			p.Keys.Dist, p.Keys.Exponent = partition.Zipf, d.Skew
		case model.DistHot:
			p.Keys.Dist, p.Keys.HotShare = partition.HotKey, d.HotFraction
		case model.DistSequential:
			p.Keys.Dist = partition.RoundRobin
		}
	}
	shards := kp.shards()
	if kp.fan > 1 {
		p.ReadAll = p.Op == partition.Read
	}
	if shards > 1 {
		p.Sharding = partition.Sharding{Shards: shards, Suffix: partition.ComputedSuffix}
	}
	return p
}

// layoutFor makes the partition layout of a table or GSI: its provisioned
// throughput, or an on-demand table warmed to the workload's peak.
func layoutFor(t *model.Table, gsi string, pats []partition.AccessPattern) (*partition.Layout, error) {
	mode := t.BillingMode
	pt := t.ProvisionedThroughput
	if gsi != "" {
		for _, g := range t.GlobalSecondaryIndexes {
			if g.IndexName == gsi {
				pt = g.ProvisionedThroughput
			}
		}
	}
	spec := partition.Spec{HasLSI: len(t.LocalSecondaryIndexes) > 0 && gsi == ""}
	if mode == schema.BillingPayPerRequest || pt == nil {
		spec.Mode = partition.OnDemand
		l, err := partition.New(spec)
		if err != nil {
			return nil, err
		}
		var r, w float64
		for _, p := range pats {
			u := p.Rate.Max() * float64(p.FanOut()) * p.Units()
			if p.Op == partition.Read {
				r += u
			} else {
				w += u
			}
		}
		if _, err := l.Apply(partition.Operation{Op: "peak", RCU: r, WCU: w}); err != nil {
			return nil, err
		}
		return l, nil
	}
	spec.Mode = partition.Provisioned
	if pt.ReadCapacityUnits != nil {
		spec.RCU = float64(*pt.ReadCapacityUnits)
	}
	if pt.WriteCapacityUnits != nil {
		spec.WCU = float64(*pt.WriteCapacityUnits)
	}
	return partition.New(spec)
}
