package visualizer

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// fanoutShownItems is how many merged items the model lists.
const fanoutShownItems = 25

// FanOutModel is a write-sharded access pattern's scatter-gather read, run
// on the loaded data: the shard queries, the partition each lands on, what
// each returned and consumed, their merge, and the cost next to the single
// read of the unsharded key it replaces.
type FanOutModel struct {
	// Pattern, Description and Operation are the access pattern's; Table
	// and Index what it reads.
	Pattern     string `json:"pattern"`
	Description string `json:"description,omitempty"`
	Operation   string `json:"operation"`
	Table       string `json:"table"`
	Index       string `json:"index,omitempty"`
	// Parameter is the fan-out parameter; N the number of shard queries.
	Parameter string `json:"parameter"`
	N         int    `json:"n"`
	// Consistency is "eventual" or "strong".
	Consistency string `json:"consistency"`
	// Layout summarises the partitions the keys are placed on.
	Layout string `json:"layout"`
	// Shards are the shard queries in fan-out order; Partitions every
	// partition of the layout in hash order, with the shards it serves;
	// Merged the application's merge of their results.
	Shards     []FanOutShard     `json:"shards"`
	Partitions []FanOutPartition `json:"partitions"`
	Merged     FanOutMerge       `json:"merged"`
	// Scatter is what the N shard queries cost; Single what one read of
	// the unsharded key would cost for the same items.
	Scatter FanOutCost `json:"scatter"`
	Single  FanOutCost `json:"single"`
	// Ratio is Scatter.Units / Single.Units.
	Ratio float64 `json:"ratio"`
	// Lines explain the arithmetic.
	Lines []string `json:"lines"`
}

// FanOutShard is one shard query.
type FanOutShard struct {
	// Value is the fan-out parameter's value; Key the partition-key value
	// the query asks for, Hash its partition hash.
	Value string `json:"value"`
	Key   string `json:"key"`
	Hash  string `json:"hash"`
	// Partition is the index (hash order) of the partition owning Hash,
	// PartitionID its ID.
	Partition   int `json:"partition"`
	PartitionID int `json:"partitionId"`
	// Items and Bytes are what it returned; Units the read capacity the
	// engine reported for it.
	Items int     `json:"items"`
	Bytes int     `json:"bytes"`
	Units float64 `json:"units"`
	// More reports a Query that stopped at a page boundary (only its first
	// page is counted).
	More bool `json:"more,omitempty"`
}

// FanOutPartition is one partition of the layout and the shard queries
// that land on it.
type FanOutPartition struct {
	// Index is its place in hash order, ID its name, Lo and Hi its range.
	Index int    `json:"index"`
	ID    int    `json:"id"`
	Lo    string `json:"lo"`
	Hi    string `json:"hi"`
	// Shards are indexes into FanOutModel.Shards.
	Shards []int `json:"shards"`
	// Items and Units sum its shards.
	Items int     `json:"items"`
	Units float64 `json:"units"`
}

// FanOutMerge is the application's merge of the shard results.
type FanOutMerge struct {
	// Items and Bytes are the merged result's.
	Items int `json:"items"`
	Bytes int `json:"bytes"`
	// Order says how the merged items are ordered.
	Order string `json:"order"`
	// First lists the first merged items.
	First []FanOutItem `json:"first"`
}

// FanOutItem is one merged item.
type FanOutItem struct {
	// Shard is the index of the shard query that returned it.
	Shard int `json:"shard"`
	// Key and Sort are its partition and sort key values; Bytes its size.
	Key   string `json:"key"`
	Sort  string `json:"sort,omitempty"`
	Bytes int    `json:"bytes"`
}

// FanOutCost is what a way of reading costs.
type FanOutCost struct {
	// Requests and Units (RCU) are the cost; Text its arithmetic.
	Requests int     `json:"requests"`
	Units    float64 `json:"units"`
	Text     string  `json:"text"`
}

// fanoutKeys is the key schema the shard queries use.
type fanoutKeys struct {
	hash, rng []expr.KeyAttr
}

// FanOut runs the access pattern named pattern of m, which must have a
// FanOut and be a GetItem or a Query (a read: the view runs it on db), with
// params (missing ones take their example values), once per shard value,
// and builds the view. The partition each shard key lands on comes from
// the engine's hash (partition.HashKey) and the table's layout
// (Database.Partitions); a global secondary index gets a layout of its own
// from its throughput, by the same rules.
func FanOut(db *engine.Database, m *model.Model, pattern string, params model.Params) (*FanOutModel, error) {
	if db == nil || m == nil {
		return nil, errors.New("fan-out: no database or model")
	}
	ap := m.AccessPattern(pattern)
	if ap == nil {
		return nil, fmt.Errorf("fan-out: no access pattern %q", pattern)
	}
	if ap.FanOut == nil {
		return nil, fmt.Errorf("fan-out: access pattern %q has no fan-out", pattern)
	}
	if ap.Operation != "GetItem" && ap.Operation != "Query" {
		return nil, fmt.Errorf("fan-out: access pattern %q is a %s; the view runs GetItem and Query fan-outs only", pattern, ap.Operation)
	}
	values := ap.FanOut.Values()
	if len(values) == 0 {
		return nil, fmt.Errorf("fan-out: access pattern %q fans out over no values (%d to %d)", pattern, ap.FanOut.From, ap.FanOut.To)
	}
	p := ap.Examples()
	for k, v := range params {
		p[k] = v
	}

	// The inputs, one per shard, and what they name.
	inputs := make([]any, len(values))
	for i, v := range values {
		q := make(model.Params, len(p)+1)
		for k, x := range p {
			q[k] = x
		}
		q[ap.FanOut.Parameter] = v
		in, err := ap.Input(q)
		if err != nil {
			return nil, fmt.Errorf("fan-out: %s = %s: %w", ap.FanOut.Parameter, v, err)
		}
		inputs[i] = in
	}
	table, index, strong, forward := fanoutTarget(inputs[0])
	out, err := db.DescribeTable(&engine.DescribeTableInput{TableName: &table})
	if err != nil {
		return nil, fmt.Errorf("fan-out: %w", err)
	}
	keys, gsi, err := fanoutKeySchema(out.Table, index)
	if err != nil {
		return nil, fmt.Errorf("fan-out: %w", err)
	}
	layout, err := fanoutLayout(db, out.Table, gsi)
	if err != nil {
		return nil, fmt.Errorf("fan-out: %w", err)
	}
	mode := capacity.Eventual
	if strong && gsi == nil {
		mode = capacity.Strong
	}

	// Run it: once per shard, asking for the consumed capacity.
	var req map[string]json.RawMessage
	if err := json.Unmarshal(ap.Request, &req); err != nil {
		return nil, fmt.Errorf("fan-out: request: %w", err)
	}
	req["ReturnConsumedCapacity"] = json.RawMessage(`"TOTAL"`)
	run := *ap
	if run.Request, err = json.Marshal(req); err != nil {
		return nil, fmt.Errorf("fan-out: request: %w", err)
	}
	res, err := run.Run(db, p)
	if err != nil {
		return nil, fmt.Errorf("fan-out: running %s: %w", pattern, err)
	}
	if len(res.Outputs) != len(values) {
		return nil, fmt.Errorf("fan-out: %d shard values but %d results", len(values), len(res.Outputs))
	}

	fm := &FanOutModel{
		Pattern: ap.Name, Description: ap.Description, Operation: ap.Operation, Table: table, Index: index,
		Parameter: ap.FanOut.Parameter, N: len(values), Consistency: "eventual",
		Shards: make([]FanOutShard, len(values)), Partitions: []FanOutPartition{},
	}
	if mode == capacity.Strong {
		fm.Consistency = "strong"
	}
	fm.Layout = fmt.Sprintf("%s: %s %s", fanoutWhere(table, index), layout.Mode(), partitionsPlural(layout.Len(), "partition"))
	parts := layout.Partitions()
	byPart := make([]FanOutPartition, len(parts))
	for i, lp := range parts {
		byPart[i] = FanOutPartition{Index: i, ID: lp.ID, Lo: partitionsHex(lp.Lo), Hi: partitionsHex(lp.Hi), Shards: []int{}}
	}
	type merged struct {
		item  attr.Item
		shard int
		size  int
	}
	var all []merged
	for i, v := range values {
		sh := FanOutShard{Value: v, Partition: -1, PartitionID: -1}
		if hv, ok := fanoutHashValues(inputs[i], keys); ok {
			h := partition.HashKey(hv...)
			sh.Key = fanoutText(hv[0])
			sh.Hash = partitionsHex(h)
			sh.Partition = layout.Locate(h)
			sh.PartitionID = parts[sh.Partition].ID
		}
		o := res.Outputs[i]
		items := model.OutputItems(o)
		sh.Items = len(items)
		for _, it := range items {
			size := attr.ItemSize(it)
			sh.Bytes += size
			all = append(all, merged{it, i, size})
		}
		switch x := o.(type) {
		case *engine.GetItemOutput:
			if x.ConsumedCapacity != nil {
				sh.Units = x.ConsumedCapacity.CapacityUnits
			}
		case *engine.QueryOutput:
			if x.ConsumedCapacity != nil {
				sh.Units = x.ConsumedCapacity.CapacityUnits
			}
			sh.More = len(x.LastEvaluatedKey) > 0
		}
		fm.Shards[i] = sh
		fm.Scatter.Units += sh.Units
		if sh.Partition >= 0 {
			bp := &byPart[sh.Partition]
			bp.Shards = append(bp.Shards, i)
			bp.Items += sh.Items
			bp.Units += sh.Units
		}
	}
	fm.Partitions = byPart
	fm.Scatter.Requests = len(values)

	// The merge: by the sort key when there is one, else in shard order.
	order := "in shard order (the table has no sort key)"
	if len(keys.rng) > 0 {
		sk := keys.rng[0].Name
		dir := "ascending"
		if !forward {
			dir = "descending"
		}
		order = fmt.Sprintf("by %s %s across shards, as one Query on one key would return them", sk, dir)
		slices.SortStableFunc(all, func(a, b merged) int {
			va, oka := a.item[sk]
			vb, okb := b.item[sk]
			switch {
			case !oka && !okb:
				return 0
			case !oka:
				return 1
			case !okb:
				return -1
			}
			c, _ := attr.Compare(va, vb)
			if !forward {
				c = -c
			}
			return c
		})
	}
	fm.Merged = FanOutMerge{Items: len(all), Order: order, First: []FanOutItem{}}
	for i, x := range all {
		fm.Merged.Bytes += x.size
		if i < fanoutShownItems {
			it := FanOutItem{Shard: x.shard, Bytes: x.size}
			if len(keys.hash) > 0 {
				it.Key = fanoutText(x.item[keys.hash[0].Name])
			}
			if len(keys.rng) > 0 {
				it.Sort = fanoutText(x.item[keys.rng[0].Name])
			}
			fm.Merged.First = append(fm.Merged.First, it)
		}
	}
	fanoutCosts(fm, ap, mode)
	return fm, nil
}

// fanoutTarget reads the table, index, consistency and direction of a
// GetItem or Query input.
func fanoutTarget(in any) (table, index string, strong, forward bool) {
	forward = true
	switch x := in.(type) {
	case *engine.GetItemInput:
		if x.TableName != nil {
			table = *x.TableName
		}
		strong = x.ConsistentRead != nil && *x.ConsistentRead
	case *engine.QueryInput:
		if x.TableName != nil {
			table = *x.TableName
		}
		if x.IndexName != nil {
			index = *x.IndexName
		}
		strong = x.ConsistentRead != nil && *x.ConsistentRead
		forward = x.ScanIndexForward == nil || *x.ScanIndexForward
	}
	return
}

// fanoutKeySchema finds the key attributes of the table or the named
// index, and the GSI description when it is one.
func fanoutKeySchema(d *engine.TableDescription, index string) (fanoutKeys, *engine.GlobalSecondaryIndexDescription, error) {
	if d == nil {
		return fanoutKeys{}, nil, errors.New("no table description")
	}
	types := map[string]attr.Type{}
	for _, a := range d.AttributeDefinitions {
		switch a.AttributeType {
		case schema.TypeS:
			types[a.AttributeName] = attr.TypeS
		case schema.TypeN:
			types[a.AttributeName] = attr.TypeN
		case schema.TypeB:
			types[a.AttributeName] = attr.TypeB
		}
	}
	ks := d.KeySchema
	var gsi *engine.GlobalSecondaryIndexDescription
	if index != "" {
		found := false
		for i := range d.GlobalSecondaryIndexes {
			if g := &d.GlobalSecondaryIndexes[i]; g.IndexName == index {
				ks, gsi, found = g.KeySchema, g, true
			}
		}
		for _, l := range d.LocalSecondaryIndexes {
			if l.IndexName == index {
				ks, found = l.KeySchema, true
			}
		}
		if !found {
			return fanoutKeys{}, nil, fmt.Errorf("table %s has no index %s", d.TableName, index)
		}
	}
	var k fanoutKeys
	for _, e := range ks {
		ka := expr.KeyAttr{Name: e.AttributeName, Type: types[e.AttributeName]}
		if e.KeyType == schema.KeyTypeHash {
			k.hash = append(k.hash, ka)
		} else {
			k.rng = append(k.rng, ka)
		}
	}
	return k, gsi, nil
}

// fanoutLayout is the partition layout the shard keys are placed on: the
// table's own (Database.Partitions), or for a GSI one made from its
// throughput by the same rules (on demand: a new table's 4 partitions).
func fanoutLayout(db *engine.Database, d *engine.TableDescription, gsi *engine.GlobalSecondaryIndexDescription) (*partition.Layout, error) {
	if gsi == nil {
		// Database.Partitions's layout, without its walk of every item.
		l, err := partition.New(PartitionsSpec(d))
		if err != nil {
			return nil, engine.Errorf(engine.CodeValidation, "%s", err.Error())
		}
		return l, nil
	}
	spec := partition.Spec{Mode: partition.OnDemand, SizeGB: float64(gsi.IndexSizeBytes) / partition.GB}
	onDemand := d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode == schema.BillingPayPerRequest
	if pt := gsi.ProvisionedThroughput; pt != nil && !onDemand && pt.ReadCapacityUnits+pt.WriteCapacityUnits > 0 {
		spec.Mode, spec.RCU, spec.WCU = partition.Provisioned, float64(pt.ReadCapacityUnits), float64(pt.WriteCapacityUnits)
	}
	return partition.New(spec)
}

// fanoutHashValues finds the partition-key values a shard input asks for:
// a GetItem's Key, or the equality of a Query's key condition.
func fanoutHashValues(in any, k fanoutKeys) ([]attr.Value, bool) {
	if len(k.hash) == 0 {
		return nil, false
	}
	switch x := in.(type) {
	case *engine.GetItemInput:
		var out []attr.Value
		for _, h := range k.hash {
			v, ok := x.Key[h.Name]
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	case *engine.QueryInput:
		if x.KeyConditionExpression == nil {
			return nil, false
		}
		kc, err := expr.ParseKeyCondition(*x.KeyConditionExpression, expr.NewPlaceholders(x.ExpressionAttributeNames, x.ExpressionAttributeValues))
		if err != nil {
			return nil, false
		}
		kr, err := kc.Resolve(k.hash, k.rng)
		if err != nil || len(kr.Hash) == 0 {
			return nil, false
		}
		return kr.Hash, true
	}
	return nil, false
}

// fanoutText is a key value as a designer reads it: a string as is, a
// number's digits, a binary in base64.
func fanoutText(v attr.Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case attr.String:
		return string(x)
	case attr.Number:
		return x.String()
	case attr.Binary:
		return base64.StdEncoding.EncodeToString(x)
	}
	return attr.FormatForMessage(v)
}

func fanoutWhere(table, index string) string {
	if index != "" {
		return "index " + table + "." + index
	}
	return "table " + table
}

// fanoutCosts fills in the two costs and their arithmetic.
func fanoutCosts(fm *FanOutModel, ap *model.AccessPattern, mode capacity.ReadMode) {
	factor, consistency := "0.5", "eventually consistent"
	if mode == capacity.Strong {
		factor, consistency = "1", "strongly consistent"
	}
	// Scatter-gather: the engine's figure for every request.
	var terms string
	allSame := true
	for _, s := range fm.Shards {
		if s.Units != fm.Shards[0].Units {
			allSame = false
		}
	}
	switch {
	case allSame:
		terms = fmt.Sprintf("%d × %s", fm.N, partitionsNum(fm.Shards[0].Units))
	case fm.N <= 8:
		parts := make([]string, fm.N)
		for i, s := range fm.Shards {
			parts[i] = partitionsNum(s.Units)
		}
		terms = strings.Join(parts, " + ")
	default:
		lo, hi := fm.Shards[0].Units, fm.Shards[0].Units
		for _, s := range fm.Shards {
			lo, hi = min(lo, s.Units), max(hi, s.Units)
		}
		terms = fmt.Sprintf("the sum of %d requests of %s to %s", fm.N, partitionsNum(lo), partitionsNum(hi))
	}
	fm.Scatter.Text = fmt.Sprintf("%d %s requests (%s), each rounded up to 4 KB on its own and never below one read (%s RCU): %s = %s RCU",
		fm.N, ap.Operation, consistency, factor, terms, partitionsNum(fm.Scatter.Units))

	// The single-key read: the same items read by one Query, their sizes
	// summed and rounded up once.
	units := capacity.QueryReadUnits(fm.Merged.Bytes, mode)
	blocks := max(1, (fm.Merged.Bytes+capacity.ReadUnitBytes-1)/capacity.ReadUnitBytes)
	fm.Single = FanOutCost{Requests: 1, Units: units,
		Text: fmt.Sprintf("one Query on the unsharded key reads the same %s items, %s B, summed then rounded up once: ceil(%s / 4,096) = %s × %s (%s) = %s RCU",
			partitionsInt(int64(fm.Merged.Items)), partitionsInt(int64(fm.Merged.Bytes)), partitionsInt(int64(fm.Merged.Bytes)),
			partitionsInt(int64(blocks)), factor, consistency, partitionsNum(units))}
	if units > 0 {
		fm.Ratio = fm.Scatter.Units / units
	}
	touched := 0
	for _, p := range fm.Partitions {
		if len(p.Shards) > 0 {
			touched++
		}
	}
	fm.Lines = []string{
		fmt.Sprintf("%d shard keys (%s = %s … %s) land on %d of the %s",
			fm.N, fm.Parameter, fm.Shards[0].Value, fm.Shards[fm.N-1].Value, touched, partitionsPlural(len(fm.Partitions), "partition")),
		fmt.Sprintf("scatter-gather: %s", fm.Scatter.Text),
		fmt.Sprintf("merge: %s items, %s B, %s", partitionsInt(int64(fm.Merged.Items)), partitionsInt(int64(fm.Merged.Bytes)), fm.Merged.Order),
		fmt.Sprintf("single key: %s", fm.Single.Text),
		fmt.Sprintf("the scatter-gather read costs %s RCU in %d requests against %s RCU in 1: %s× the capacity and %d× the requests, the price of spreading the key's writes over %d keys",
			partitionsNum(fm.Scatter.Units), fm.N, partitionsNum(units), partitionsNum(fm.Ratio), fm.N, fm.N),
	}
	for _, s := range fm.Shards {
		if s.More {
			fm.Lines = append(fm.Lines, "some shard queries returned more than one page: only their first page is counted")
			break
		}
	}
	if strings.Contains(string(ap.Request), "FilterExpression") || strings.Contains(string(ap.Request), "ProjectionExpression") {
		fm.Lines = append(fm.Lines, "the request filters or projects: the single-key figure counts the bytes returned, a real Query pays for every item it reads")
	}
}
