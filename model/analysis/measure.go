package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
)

// PatternReport is the analysis of one access pattern.
type PatternReport struct {
	Name      string `json:"name"`
	Operation string `json:"operation"`
	// Op is "read" or "write".
	Op string `json:"op"`
	// Table and Index serve the pattern; KeyCondition is the key condition
	// (a Query's KeyConditionExpression, the key of a point request, or
	// "none: Scan reads the whole table"); Filter its filter expression.
	Table        string `json:"table"`
	Index        string `json:"index,omitempty"`
	KeyCondition string `json:"keyCondition"`
	Filter       string `json:"filter,omitempty"`
	Scan         bool   `json:"scan"`
	// Rate is the expected logical requests per second.
	Rate float64 `json:"rate"`
	// Requests is the table requests one call makes (a fan-out's values).
	Requests int `json:"requests"`
	// ItemsRead and ItemsReturned are what one call of a Query or Scan
	// examined and returned; ReadRatio is read / returned (read when it
	// returned nothing).
	ItemsRead     int64   `json:"itemsRead,omitempty"`
	ItemsReturned int64   `json:"itemsReturned,omitempty"`
	ReadRatio     float64 `json:"readRatio,omitempty"`
	// Units is the capacity one call consumed (RCU or WCU), measured with
	// ReturnConsumedCapacity=INDEXES: TableUnits on the table (with its
	// LSIs), IndexUnits per secondary index.
	Units      float64            `json:"units"`
	TableUnits float64            `json:"tableUnits"`
	IndexUnits map[string]float64 `json:"indexUnits,omitempty"`
	// WriteAmplification is a write's (table + GSI units) / table units,
	// the table's own units without its LSIs.
	WriteAmplification float64 `json:"writeAmplification,omitempty"`
	// UnitsText shows where Units come from.
	UnitsText string `json:"unitsText"`
	// OnDemand and Provisioned are the monthly cost at Rate; Cost has the
	// arithmetic (no storage: that is in the totals).
	OnDemand    float64             `json:"onDemand"`
	Provisioned float64             `json:"provisioned"`
	Cost        *partition.Estimate `json:"cost,omitempty"`
	// Hot is the simulated hottest key, when the workload drives the
	// pattern.
	Hot      *HotKey   `json:"hot,omitempty"`
	Warnings []Warning `json:"warnings"`
	// Error is why the pattern could not be measured.
	Error string `json:"error,omitempty"`
	// Estimated says Units come from the request's shape and the entity's
	// item sizes, because the example could not run (UnitsText says so).
	Estimated bool `json:"estimated,omitempty"`

	// measured reports that Units are real; gsi lists the GSIs (for write
	// amplification).
	measured bool
	gsi      map[string]bool
}

func (pr *PatternReport) warn(kind, msg string) {
	pr.Warnings = append(pr.Warnings, Warning{Kind: kind,
		Element: Element{Kind: ElementAccessPattern, Table: pr.Table, Index: pr.Index, AccessPattern: pr.Name}, Message: msg})
}

// measure runs an access pattern once with its example parameters.
func measure(db *engine.Database, m *model.Model, ap *model.AccessPattern, stats map[string]*entityStats) PatternReport {
	pr := PatternReport{Name: ap.Name, Operation: ap.Operation, Op: "write", Rate: ap.Rate, Warnings: []Warning{}}
	if patternReads(ap) {
		pr.Op = "read"
	}
	if pr.Rate == 0 && m.Workload != nil {
		for _, r := range m.Workload.Requests {
			if r.AccessPattern == ap.Name {
				pr.Rate += r.Rate
			}
		}
	}
	params := model.Params{}
	for _, p := range ap.Parameters {
		params[p.Name] = p.Example
	}
	describe(&pr, m, ap, params)
	if ap.Operation == partiqlOperation {
		describeStatement(&pr, db, ap, params)
	}
	if ap.Operation == "DeleteTable" {
		pr.Error = "DeleteTable consumes no capacity units: not measured"
		return pr
	}
	// Ask for the breakdown per index.
	req, err := rawMap(ap.Request)
	if err != nil {
		pr.Error = err.Error()
		return pr
	}
	AskCapacity(req, ap.Operation)
	run := *ap
	run.Request, _ = json.Marshal(req)
	res, err := run.Run(db, params)
	if err != nil {
		pr.Error = fmt.Sprintf("running it with its example parameters: %v", err)
		estimate(&pr, m, ap, stats)
		pr.warn(WarnNotMeasured, pr.Error+"; its cost is estimated from the request's shape ("+pr.UnitsText+")")
		return pr
	}
	pr.IndexUnits = map[string]float64{}
	pr.gsi = map[string]bool{}
	for _, t := range m.Tables {
		for _, g := range t.GlobalSecondaryIndexes {
			pr.gsi[g.IndexName] = true
		}
	}
	var counted bool
	var base float64 // the base table's own units, without its LSIs
	for _, out := range res.Outputs {
		pr.Requests++
		for _, cc := range Consumed(out) {
			pr.Units += cc.CapacityUnits
			if cc.Table != nil {
				pr.TableUnits += cc.Table.CapacityUnits
				base += cc.Table.CapacityUnits
			}
			for k, v := range cc.GlobalSecondaryIndexes {
				pr.IndexUnits[k] += v.CapacityUnits
			}
			for k, v := range cc.LocalSecondaryIndexes {
				pr.IndexUnits[k] += v.CapacityUnits
				// LSI work is charged to the table's capacity.
				pr.TableUnits += v.CapacityUnits
			}
		}
		if q, ok := out.(*engine.QueryOutput); ok {
			pr.ItemsRead += q.ScannedCount
			pr.ItemsReturned += q.Count
			counted = true
		}
	}
	if len(pr.IndexUnits) == 0 {
		pr.IndexUnits = nil
	}
	pr.measured = true
	var parts []string
	if base > 0 || pr.Index == "" {
		parts = append(parts, fmt.Sprintf("table %s %s", pr.Table, num(base)))
	}
	for _, k := range sortedKeys(pr.IndexUnits) {
		kind := "LSI"
		if pr.gsi[k] {
			kind = "GSI"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", kind, k, num(pr.IndexUnits[k])))
	}
	unit := "RCU"
	if pr.Op == "write" {
		unit = "WCU"
	}
	pr.UnitsText = fmt.Sprintf("%s = %s %s per call, measured over %d request(s) with ReturnConsumedCapacity=INDEXES",
		strings.Join(parts, " + "), num(pr.Units), unit, pr.Requests)
	if pr.TableUnits != base {
		pr.UnitsText += fmt.Sprintf("; the table's capacity carries its LSIs: %s %s", num(pr.TableUnits), unit)
	}
	if pr.Op == "write" && base > 0 {
		var gsi float64
		for k, v := range pr.IndexUnits {
			if pr.gsi[k] {
				gsi += v
			}
		}
		pr.WriteAmplification = (base + gsi) / base
		if gsi > 0 {
			pr.UnitsText += fmt.Sprintf("; GSI write amplification (table %s + GSI %s) / %s = %s×",
				num(base), num(gsi), num(base), num(pr.WriteAmplification))
		}
	}
	if counted {
		pr.ReadRatio = float64(pr.ItemsRead)
		if pr.ItemsReturned > 0 {
			pr.ReadRatio = float64(pr.ItemsRead) / float64(pr.ItemsReturned)
		}
		switch {
		case pr.Scan:
			pr.warn(WarnScan, fmt.Sprintf("a Scan of %s reads every item: %s items read for %s returned (ratio %s), %s RCU per call on the loaded data, growing with the table",
				where(pr.Table, pr.Index), num(float64(pr.ItemsRead)), num(float64(pr.ItemsReturned)), num(pr.ReadRatio), num(pr.Units)))
		case pr.Filter != "" && pr.ReadRatio >= FilterRatio:
			pr.warn(WarnFilter, fmt.Sprintf("the filter %q discards most of what the key condition reads: %s items read for %s returned (ratio %s); you pay for every item read — move the condition into the key or a sparse index",
				pr.Filter, num(float64(pr.ItemsRead)), num(float64(pr.ItemsReturned)), num(pr.ReadRatio)))
		}
	}
	return pr
}

func where(table, index string) string {
	if index != "" {
		return "index " + table + "." + index
	}
	return "table " + table
}

// describe fills in the table, index, key condition and filter of a
// pattern, from its request bound with the example parameters.
func describe(pr *PatternReport, m *model.Model, ap *model.AccessPattern, p model.Params) {
	if ap.FanOut != nil {
		if vs := ap.FanOut.Values(); len(vs) > 0 {
			q := model.Params{ap.FanOut.Parameter: vs[0]}
			for k, v := range p {
				q[k] = v
			}
			p = q
		}
	}
	body, err := ap.Bind(p)
	if err != nil {
		return
	}
	var req struct {
		TableName              string                     `json:"TableName"`
		IndexName              string                     `json:"IndexName"`
		KeyConditionExpression string                     `json:"KeyConditionExpression"`
		FilterExpression       string                     `json:"FilterExpression"`
		Key                    map[string]json.RawMessage `json:"Key"`
		Item                   map[string]json.RawMessage `json:"Item"`
		RequestItems           map[string]json.RawMessage `json:"RequestItems"`
		TransactItems          []map[string]struct {
			TableName string `json:"TableName"`
		} `json:"TransactItems"`
	}
	if json.Unmarshal(body, &req) != nil {
		return
	}
	pr.Table, pr.Index, pr.Filter = req.TableName, req.IndexName, req.FilterExpression
	if pr.Table == "" {
		for _, k := range sortedKeys(req.RequestItems) {
			pr.Table = k
			break
		}
	}
	if pr.Table == "" {
		for _, it := range req.TransactItems {
			for _, k := range sortedKeys(it) {
				if pr.Table == "" {
					pr.Table = it[k].TableName
				}
			}
		}
	}
	pr.Scan = ap.Operation == "Scan"
	keyOf := func(item map[string]json.RawMessage) string {
		t := m.Table(pr.Table)
		if t == nil {
			return ""
		}
		var conds []string
		for _, k := range t.KeyAttributes() {
			raw, ok := item[k]
			if !ok {
				continue
			}
			v, err := attr.UnmarshalValue(raw)
			if err != nil {
				continue
			}
			conds = append(conds, fmt.Sprintf("%s = %q", k, keyText(v)))
		}
		return strings.Join(conds, " AND ")
	}
	switch {
	case pr.Scan:
		pr.KeyCondition = "none: a Scan reads the whole " + where(pr.Table, pr.Index)
	case req.KeyConditionExpression != "":
		pr.KeyCondition = req.KeyConditionExpression
	case req.Key != nil:
		pr.KeyCondition = keyOf(req.Key)
	case req.Item != nil:
		pr.KeyCondition = keyOf(req.Item)
	default:
		pr.KeyCondition = ap.Operation + " on " + pr.Table
	}
	if ap.FanOut != nil {
		pr.KeyCondition += fmt.Sprintf(" (once per %s from %d to %d)", ap.FanOut.Parameter, ap.FanOut.From, ap.FanOut.To)
	}
}

// load is the pattern's load for partition.Prices.Monthly.
func (pr *PatternReport) load() (partition.Load, bool) {
	if !pr.measured || pr.Requests == 0 {
		return partition.Load{}, false
	}
	n := float64(pr.Requests)
	l := partition.Load{Name: pr.Name, PerSecond: pr.Rate * n}
	if pr.Op == "read" {
		l.Op = partition.Read
		l.Units = pr.Units / n
		if pr.Index != "" {
			l.Name = fmt.Sprintf("%s (index %s)", pr.Name, pr.Index)
		}
		return l, true
	}
	l.Op = partition.Write
	l.Units = pr.TableUnits / n
	for _, k := range sortedKeys(pr.IndexUnits) {
		if !pr.gsi[k] || pr.IndexUnits[k] == 0 {
			continue
		}
		// Index writes per table request of one write unit each: an
		// update that moves the index key writes twice (delete + put).
		per := pr.IndexUnits[k] / n
		l.Indexes = append(l.Indexes, partition.IndexWrite{Name: k, EntryBytes: 1024, PerWrite: per})
	}
	if math.IsNaN(l.Units) {
		return partition.Load{}, false
	}
	return l, true
}
