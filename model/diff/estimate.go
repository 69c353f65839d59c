package diff

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// kbPerGB is the write units of a GB written in 1 KB items.
const kbPerGB = partition.GB / WriteUnitBytes

// indexUnits counts the write units of one index's entries over a table's
// moved items (nil items, which do not fit, are skipped), scaled to the
// table's size. Without data it assumes 1 KB entries for every item.
func indexUnits(def *schema.TableDefinition, keys []string, p schema.Projection, td *tableData, ts TableSize, what string) (units, entryBytes float64, lines []string) {
	if td == nil || len(td.moved) == 0 || ts.Scale == 0 {
		units = ts.SizeGB * kbPerGB
		lines = append(lines, fmt.Sprintf("%s: no data loaded, so every item is assumed 1 KB and in the index: %s GB × %s KB per GB ÷ 1 KB per write unit = %s write units (an upper bound for items up to 1 KB)",
			what, num(ts.SizeGB), num(kbPerGB), num(units)))
		return units, ts.SizeGB * partition.GB, lines
	}
	var raw float64
	var n, bytes int
	for _, it := range td.moved {
		if it == nil {
			continue
		}
		e, ok := indexEntry(def, keys, p, it)
		if !ok {
			continue
		}
		n++
		size := attr.ItemSize(e)
		bytes += size + schema.IndexEntryOverheadBytes
		raw += capacity.WriteUnits(size, false)
	}
	units = raw * ts.Scale
	entryBytes = float64(bytes) * ts.Scale
	lines = append(lines, fmt.Sprintf("%s: on the loaded data %s of %s items carry its keys; their entries take %s write units (ceil(entry size ÷ 1 KB) each); × %s scale = %s write units",
		what, num(float64(n)), num(float64(len(td.moved))), num(raw), num(ts.Scale), num(units)))
	return units, entryBytes, lines
}

// writeRate is the rate an index or table absorbs writes at: its
// provisioned WCU, or on demand the initial rate (lowered by a maximum).
func writeRate(mode schema.BillingMode, p *schema.ProvisionedThroughput, od *schema.OnDemandThroughput) (rate float64, provisioned bool, text string) {
	if mode == schema.BillingProvisioned && p != nil && p.WriteCapacityUnits != nil && *p.WriteCapacityUnits > 0 {
		w := float64(*p.WriteCapacityUnits)
		return w, true, fmt.Sprintf("%s WCU provisioned", num(w))
	}
	rate, text = OnDemandInitialWritesPerSecond, fmt.Sprintf("on demand, %s write units/s (a new on-demand table's initial throughput)", num(OnDemandInitialWritesPerSecond))
	if od != nil {
		if m := val(od.MaxWriteRequestUnits); m > 0 && float64(m) < rate {
			rate, text = float64(m), fmt.Sprintf("on demand capped at %d write units/s (MaxWriteRequestUnits)", m)
		}
	}
	return rate, false, text
}

// addGSI is the step that adds index g to table b, with its backfill.
func (c *comparer) addGSI(b *model.Table, g *schema.GlobalSecondaryIndex) Step {
	def := &b.TableDefinition
	ts := c.size(def.TableName)
	units, entryBytes, lines := indexUnits(def, g.KeyAttributes(), g.Projection, c.data.tables[def.TableName], ts, "backfill of "+g.IndexName)
	rate, provisioned, rateText := writeRate(def.EffectiveBillingMode(), g.ProvisionedThroughput, g.OnDemandThroughput)
	est := &Estimate{Seconds: units / rate}
	est.Arithmetic = append(lines, fmt.Sprintf("time: %s write units ÷ %s = %s", num(units), rateText, Duration(est.Seconds)))
	if provisioned {
		hours := est.Seconds / 3600
		est.Dollars = rate * hours * c.prices.WCUHour
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("cost: %s WCU × %s h × %s per WCU-hour = %s (the index's capacity while it backfills)",
			num(rate), num(hours), price(c.prices.WCUHour), Money(est.Dollars)))
	} else {
		est.Dollars = units / 1e6 * c.prices.WriteRequestPerMillion
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("cost: %s write request units ÷ 1,000,000 × %s per million = %s",
			num(units), price(c.prices.WriteRequestPerMillion), Money(est.Dollars)))
	}
	gb := entryBytes / partition.GB
	est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("then storage: %s GB of entries (with %d bytes overhead each) × %s per GB-month = %s a month",
		num(gb), schema.IndexEntryOverheadBytes, price(c.prices.StorageGBMonth), Money(gb*c.prices.StorageGBMonth)))
	return Step{Kind: KindAddGSI, Table: def.TableName, Index: g.IndexName, Online: true, Estimate: est,
		Text: fmt.Sprintf("Add global secondary index %s (%s, %s) to %s with UpdateTable (GlobalSecondaryIndexUpdates Create). The table stays available; the index is CREATING while DynamoDB backfills it from the table's items and cannot be queried until ACTIVE. One index is created per UpdateTable call.",
			g.IndexName, keyString(g.KeySchema), projectionString(g.Projection), def.TableName),
		CloudFormation: "Updates the table in place (no interruption); CloudFormation waits for the index to be ACTIVE, and adds or deletes one index per stack update."}
}

// copyTable is the step that moves table a's data into a new table b.
func (c *comparer) copyTable(a, b *model.Table, reasons []string, kind string) {
	da, db := &a.TableDefinition, &b.TableDefinition
	ts := c.size(da.TableName)
	td := c.data.tables[da.TableName]
	est := &Estimate{}
	// Reading: a parallel Scan, eventually consistent.
	var readBytes float64
	if td != nil && ts.Scale > 0 {
		readBytes = float64(td.bytes) * ts.Scale
	} else {
		readBytes = ts.SizeGB * partition.GB
	}
	reads := math.Ceil(readBytes/ReadUnitBytes) * 0.5
	est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("read: a Scan of %s GB, eventually consistent: ceil(%s bytes ÷ 4 KB) × 0.5 = %s read units",
		num(ts.SizeGB), num(readBytes), num(reads)))
	// Writing: every item into the new table, and into its indexes.
	tableUnits, _, lines := c.tableWriteUnits(db, td, ts)
	est.Arithmetic = append(est.Arithmetic, lines...)
	rate, provisioned, rateText := writeRate(db.EffectiveBillingMode(), db.ProvisionedThroughput, db.OnDemandThroughput)
	est.Seconds = tableUnits / rate
	est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("time on %s: %s write units ÷ %s = %s", db.TableName, num(tableUnits), rateText, Duration(est.Seconds)))
	writeUnits, wcu := tableUnits, rate
	for _, g := range db.GlobalSecondaryIndexes {
		u, _, l := indexUnits(db, g.KeyAttributes(), g.Projection, td, ts, "index "+g.IndexName)
		r, _, rt := writeRate(db.EffectiveBillingMode(), g.ProvisionedThroughput, g.OnDemandThroughput)
		est.Arithmetic = append(est.Arithmetic, l...)
		s := u / r
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("time on index %s: %s write units ÷ %s = %s (an index that falls behind throttles the table's writes)", g.IndexName, num(u), rt, Duration(s)))
		est.Seconds = max(est.Seconds, s)
		writeUnits += u
		wcu += r
	}
	if ra, rp, rt := readRate(da); rp {
		s := reads / ra
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("time on the old table's reads: %s read units ÷ %s = %s", num(reads), rt, Duration(s)))
		est.Seconds = max(est.Seconds, s)
	}
	est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("time: the slowest of these, %s", Duration(est.Seconds)))
	if da.EffectiveBillingMode() == schema.BillingProvisioned {
		est.Arithmetic = append(est.Arithmetic, "cost of reads: drawn from the old table's provisioned RCU, already paid: $0 more")
	} else {
		d := reads / 1e6 * c.prices.ReadRequestPerMillion
		est.Dollars += d
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("cost of reads: %s read request units ÷ 1,000,000 × %s per million = %s", num(reads), price(c.prices.ReadRequestPerMillion), Money(d)))
	}
	if provisioned {
		hours := est.Seconds / 3600
		d := wcu * hours * c.prices.WCUHour
		est.Dollars += d
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("cost of writes: %s WCU (table and indexes) × %s h × %s per WCU-hour = %s", num(wcu), num(hours), price(c.prices.WCUHour), Money(d)))
	} else {
		d := writeUnits / 1e6 * c.prices.WriteRequestPerMillion
		est.Dollars += d
		est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("cost of writes: %s write request units (table and indexes) ÷ 1,000,000 × %s per million = %s", num(writeUnits), price(c.prices.WriteRequestPerMillion), Money(d)))
	}
	est.Arithmetic = append(est.Arithmetic, fmt.Sprintf("total: %s, %s; the old table's storage (%s GB × %s per GB-month) is paid until it is deleted",
		Duration(est.Seconds), Money(est.Dollars), num(ts.SizeGB), price(c.prices.StorageGBMonth)))

	segments := int(math.Ceil(ts.SizeGB / ParallelScanGBPerSegment))
	segments = min(max(segments, 1), MaxTotalSegments)
	sameName := da.TableName == db.TableName
	// A table keeps its name until it is deleted: the new one needs
	// another, at least while both exist.
	target := db.TableName
	if sameName {
		target = db.TableName + "_v2"
	}
	plan := []string{
		fmt.Sprintf("Create table %s with the new key schema and indexes (CreateTable) and wait until it is ACTIVE.", target),
		fmt.Sprintf("Start dual writes: the application writes every change to %s and, with the new keys built from the entities' templates, to %s.", da.TableName, target),
		fmt.Sprintf("Copy: a parallel Scan of %s with TotalSegments %d (one segment per %d GB), one worker per segment, each writing what it reads to %s with BatchWriteItem, %d items per call, retrying UnprocessedItems with exponential backoff. An item the dual writes already wrote must not be overwritten by its older copy: compare a version attribute, or copy with PutItem and a condition (attribute_not_exists on the new key).",
			da.TableName, segments, ParallelScanGBPerSegment, target, BatchWriteMaxItems),
		fmt.Sprintf("Verify: count and sample items in both tables; run the access patterns against %s.", target),
		fmt.Sprintf("Switch over: move reads to %s, then stop writing to %s; keep %s (with deletion protection) until the new table has served for a while, then delete it.", target, da.TableName, da.TableName),
	}
	var cfn, warn string
	if sameName {
		cfn = fmt.Sprintf("Requires replacement. With a fixed TableName, as the workbench's exports write, the stack update fails: \"CloudFormation cannot update a stack when a custom-named resource requires replacing. Rename %s and update the stack again.\" With a generated name, CloudFormation creates a new, empty table and deletes the old one with its data unless UpdateReplacePolicy is Retain (CDK's default RemovalPolicy.RETAIN keeps it, outside the stack).", da.TableName)
		warn = fmt.Sprintf("A deploy replaces table %s: the new table starts empty. Deploy the new table under a new name (%s), copy the data (plan below), then remove the old one.", da.TableName, target)
	} else {
		cfn = fmt.Sprintf("Requires replacement: CloudFormation creates %s empty and deletes %s with its data unless its DeletionPolicy/UpdateReplacePolicy is Retain (the workbench's exports set Retain, as CDK's default RemovalPolicy.RETAIN does: the old table is kept outside the stack, its data not copied).", db.TableName, da.TableName)
		warn = fmt.Sprintf("A deploy replaces table %s with an empty %s: copy the data (plan below) or it stays behind.", da.TableName, db.TableName)
	}
	changes := append(reasons, "the new table is created with every setting and index of the new version")
	c.add(Step{Kind: kind, Table: da.TableName, Online: false, Replacement: true, Estimate: est,
		Text: fmt.Sprintf("%s cannot change in place (%s): a new table and a data copy.",
			da.TableName, strings.Join(reasons, "; ")),
		CloudFormation: cfn, Changes: changes, CopyPlan: plan, Warning: warn})
}

// tableWriteUnits is the write units of writing table a's moved items into
// the new table (local index entries are charged to the table).
func (c *comparer) tableWriteUnits(db *schema.TableDefinition, td *tableData, ts TableSize) (units, bytes float64, lines []string) {
	if td == nil || len(td.moved) == 0 || ts.Scale == 0 {
		units = ts.SizeGB * kbPerGB
		lines = append(lines, fmt.Sprintf("write %s: no data loaded, so items are assumed 1 KB: %s GB × %s KB per GB ÷ 1 KB per write unit = %s write units",
			db.TableName, num(ts.SizeGB), num(kbPerGB), num(units)))
		for _, l := range db.LocalSecondaryIndexes {
			units += ts.SizeGB * kbPerGB
			lines = append(lines, fmt.Sprintf("plus local index %s, every item assumed in it: %s write units", l.IndexName, num(ts.SizeGB*kbPerGB)))
		}
		return units, ts.SizeGB * partition.GB, lines
	}
	var raw float64
	n := 0
	for _, it := range td.moved {
		if it == nil {
			continue
		}
		n++
		raw += capacity.WriteUnits(attr.ItemSize(it), false)
		for _, l := range db.LocalSecondaryIndexes {
			if e, ok := indexEntry(db, l.KeyAttributes(), l.Projection, it); ok {
				raw += capacity.WriteUnits(attr.ItemSize(e), false)
			}
		}
	}
	units = raw * ts.Scale
	lines = append(lines, fmt.Sprintf("write %s: the %s loaded items that fit the new keys take %s write units (ceil(item size ÷ 1 KB) each, with local index entries) × %s scale = %s write units",
		db.TableName, num(float64(n)), num(raw), num(ts.Scale), num(units)))
	return units, float64(td.bytes) * ts.Scale, lines
}

// readRate is the rate a provisioned table serves eventually consistent
// reads at; provisioned is false on demand (then reads are not the bound).
func readRate(def *schema.TableDefinition) (rate float64, provisioned bool, text string) {
	p := def.ProvisionedThroughput
	if def.EffectiveBillingMode() == schema.BillingProvisioned && p != nil && p.ReadCapacityUnits != nil && *p.ReadCapacityUnits > 0 {
		r := float64(*p.ReadCapacityUnits)
		return r, true, fmt.Sprintf("%s RCU provisioned", num(r))
	}
	return 0, false, ""
}

func projectionString(p schema.Projection) string {
	switch p.ProjectionType {
	case schema.ProjectAll:
		return "projecting ALL"
	case schema.ProjectInclude:
		return "projecting the keys and " + strings.Join(p.NonKeyAttributes, ", ")
	}
	return "projecting KEYS_ONLY"
}

// num prints a figure with thousands separators and at most 4 significant
// decimals.
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return group(strconv.FormatInt(int64(x), 10))
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if math.Abs(x) >= 1 {
		s = strconv.FormatFloat(x, 'f', 2, 64)
	} else {
		s = strconv.FormatFloat(x, 'g', 4, 64)
		if strings.Contains(s, "e") {
			s = strconv.FormatFloat(x, 'f', 10, 64)
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
	}
	ip, fp, _ := strings.Cut(s, ".")
	if fp != "" {
		fp = strings.TrimRight(fp, "0")
	}
	if fp == "" {
		return group(ip)
	}
	return group(ip) + "." + fp
}

func group(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// price prints a unit price in full ("$0.00065").
func price(x float64) string { return "$" + strconv.FormatFloat(x, 'f', -1, 64) }

// Money prints dollars to the cent, or to 4 significant figures below a
// cent.
func Money(x float64) string {
	if x != 0 && x < 0.01 {
		return "$" + strconv.FormatFloat(x, 'g', 4, 64)
	}
	s := strconv.FormatFloat(x, 'f', 2, 64)
	return "$" + group(s[:len(s)-3]) + s[len(s)-3:]
}

// Duration prints seconds as a rounded duration ("2h13m20s", "0.5s").
func Duration(s float64) string {
	switch {
	case s == 0:
		return "0 s"
	case s < 1:
		return strconv.FormatFloat(s, 'g', 2, 64) + " s"
	case s > 1e9:
		return num(math.Round(s/86400)) + " days"
	}
	return time.Duration(math.Round(s) * float64(time.Second)).String()
}
