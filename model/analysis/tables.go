package analysis

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// TableReport is what the loaded data says about one table.
type TableReport struct {
	Name string `json:"name"`
	Mode string `json:"mode"`
	// Items and Bytes are the loaded items and their size (DynamoDB's item
	// size, without the storage overhead).
	Items int   `json:"items"`
	Bytes int64 `json:"bytes"`
	// LargestItem is the size of the largest item, in bytes.
	LargestItem int `json:"largestItem"`
	// StorageGB is the billed storage projected to the full dataset:
	// (bytes + 100 B per item) × scale / 2^30.
	StorageGB   float64       `json:"storageGB"`
	StorageText string        `json:"storageText"`
	Indexes     []IndexReport `json:"indexes,omitempty"`
	// TTLAttribute is the time-to-live attribute, TTLNonNumber the items
	// holding it as something other than a Number.
	TTLAttribute string    `json:"ttlAttribute,omitempty"`
	TTLNonNumber int       `json:"ttlNonNumber,omitempty"`
	Warnings     []Warning `json:"warnings"`
}

// IndexReport is what the loaded data says about one secondary index.
type IndexReport struct {
	Name         string `json:"name"`
	Kind         string `json:"kind"` // GSI or LSI
	PartitionKey string `json:"partitionKey"`
	// Items is the number of items in the index (a sparse index has
	// fewer than the table); DistinctKeys the distinct partition-key values.
	Items        int `json:"items"`
	DistinctKeys int `json:"distinctKeys"`
	// TopKey is the most common partition-key value and TopShare its share
	// of the index's items.
	TopKey   string  `json:"topKey,omitempty"`
	TopShare float64 `json:"topShare,omitempty"`
	// LargestCollection is, for an LSI, the largest item collection (the
	// table's items of one partition-key value and their LSI entries) as
	// loaded, and ProjectedCollection that size × the dataset's scale.
	LargestCollection   int64   `json:"largestCollection,omitempty"`
	ProjectedCollection float64 `json:"projectedCollection,omitempty"`
}

// keyText is a key value as a designer reads it.
func keyText(v attr.Value) string {
	if s, ok := v.(attr.String); ok {
		return string(s)
	}
	return attr.FormatForMessage(v)
}

// scanPage is how many items scanAll reads in one Scan: a page of a
// megabyte (thousands of items) decoded at once would be one long task
// under wasm.
const scanPage = 256

// scanAll calls f with every item of a table, and step (when set) after
// each; step's error stops the scan.
func scanAll(db *engine.Database, table string, f func(attr.Item), step func() error) error {
	limit := int64(scanPage)
	in := &engine.ScanInput{TableName: &table, Limit: &limit}
	for {
		out, err := db.Scan(in)
		if err != nil {
			return err
		}
		for _, it := range out.Items {
			f(it)
			if step != nil {
				if err := step(); err != nil {
					return err
				}
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// examineTable measures a table's loaded data and makes its data warnings.
func examineTable(db *engine.Database, t *model.Table, scale float64, prices partition.Prices, step func() error) (*TableReport, error) {
	name := t.TableName
	tr := &TableReport{Name: name, Mode: string(t.BillingMode), Warnings: []Warning{}}
	if tr.Mode == "" {
		tr.Mode = string(schema.BillingProvisioned)
	}
	if t.TimeToLiveSpecification != nil && t.TimeToLiveSpecification.Enabled {
		tr.TTLAttribute = t.TimeToLiveSpecification.AttributeName
	}
	type index struct {
		rep  IndexReport
		keys map[string]int
		lsi  bool
		sk   string
	}
	var idx []*index
	for _, g := range t.GlobalSecondaryIndexes {
		idx = append(idx, &index{rep: IndexReport{Name: g.IndexName, Kind: "GSI", PartitionKey: g.HashKey()}, keys: map[string]int{}})
	}
	for _, l := range t.LocalSecondaryIndexes {
		idx = append(idx, &index{rep: IndexReport{Name: l.IndexName, Kind: "LSI", PartitionKey: l.HashKey()}, keys: map[string]int{},
			lsi: true, sk: l.RangeKey()})
	}
	hash := t.HashKey()
	// Whether an item is in an index is the engine's rule (every key
	// attribute of the index present, of its declared type): the same
	// count the Indexes view shows. Counting the items with the index's
	// partition key alone put items without its sort key in a GSI.
	var snap *engine.TableSnapshot
	if s := db.Snapshot(); s != nil {
		snap = s.Table(name)
	}
	collections := map[string]int64{} // table partition key → bytes, with LSI entries
	var largest attr.Item
	var ttlExample string
	err := scanAll(db, name, func(it attr.Item) {
		size := attr.ItemSize(it)
		tr.Items++
		tr.Bytes += int64(size)
		if size > tr.LargestItem {
			tr.LargestItem, largest = size, it
		}
		if tr.TTLAttribute != "" {
			if v, ok := it[tr.TTLAttribute]; ok && v.Type() != attr.TypeN {
				tr.TTLNonNumber++
				if ttlExample == "" {
					ttlExample = fmt.Sprintf("%s (a %s)", attr.FormatForMessage(v), v.Type())
				}
			}
		}
		pk := ""
		if v, ok := it[hash]; ok {
			pk = keyText(v)
		}
		for _, x := range idx {
			v, ok := it[x.rep.PartitionKey]
			if !ok {
				continue
			}
			if snap != nil {
				if _, _, in := snap.KeyOf(x.rep.Name, it); !in {
					continue
				}
			}
			if x.lsi {
				if _, ok := it[x.sk]; !ok {
					continue
				}
				// An LSI entry holds at most the item (ALL projection).
				collections[pk] += int64(size)
			}
			x.rep.Items++
			x.keys[keyText(v)]++
		}
		if len(t.LocalSecondaryIndexes) > 0 {
			collections[pk] += int64(size)
		}
	}, step)
	if err != nil {
		return nil, err
	}
	billed := float64(tr.Bytes+int64(tr.Items)*ItemOverheadBytes) * scale
	tr.StorageGB = billed / partition.GB
	tr.StorageText = fmt.Sprintf("(%s B + %s items × %d B overhead) × %s scale = %s B = %s GB × %s per GB-month = $%s",
		num(float64(tr.Bytes)), num(float64(tr.Items)), ItemOverheadBytes, num(scale), num(billed), num(tr.StorageGB),
		"$"+num(prices.StorageGBMonth), num(tr.StorageGB*prices.StorageGBMonth))

	tableEl := Element{Kind: ElementTable, Table: name}
	if tr.LargestItem > LargeItemBytes {
		pkText := ""
		if v, ok := largest[hash]; ok {
			pkText = fmt.Sprintf(" (%s = %s)", hash, keyText(v))
		}
		tr.Warnings = append(tr.Warnings, Warning{Kind: WarnLargeItem, Element: tableEl,
			Message: fmt.Sprintf("an item%s is %s bytes, %.0f%% of the %s-byte item limit; it costs %s WCU per write and %s RCU per strongly consistent read, and cannot grow much more",
				pkText, num(float64(tr.LargestItem)), 100*float64(tr.LargestItem)/MaxItemBytes, num(MaxItemBytes),
				num(float64((tr.LargestItem+1023)/1024)), num(float64((tr.LargestItem+4095)/4096)))})
	}
	if tr.TTLNonNumber > 0 {
		tr.Warnings = append(tr.Warnings, Warning{Kind: WarnTTLType,
			Element: Element{Kind: ElementAttribute, Table: name, Attribute: tr.TTLAttribute},
			Message: fmt.Sprintf("time to live is on %s, but %s of %s items hold it as something other than a Number of epoch seconds (e.g. %s): DynamoDB never expires those items",
				tr.TTLAttribute, num(float64(tr.TTLNonNumber)), num(float64(tr.Items)), ttlExample)})
	}
	for _, x := range idx {
		x.rep.DistinctKeys = len(x.keys)
		top, topN := "", 0
		for _, k := range sortedKeys(x.keys) {
			if x.keys[k] > topN {
				top, topN = k, x.keys[k]
			}
		}
		if x.rep.Items > 0 {
			x.rep.TopKey, x.rep.TopShare = top, float64(topN)/float64(x.rep.Items)
		}
		el := Element{Kind: ElementIndex, Table: name, Index: x.rep.Name}
		if !x.lsi && x.rep.Items > 0 &&
			((x.rep.DistinctKeys < LowCardinality && x.rep.Items >= 2*x.rep.DistinctKeys) ||
				(x.rep.TopShare > LowCardinalityShare && x.rep.Items >= 2*LowCardinality)) {
			tr.Warnings = append(tr.Warnings, Warning{Kind: WarnLowCardinality, Element: el,
				Message: fmt.Sprintf("GSI partition key %s has %s distinct values over %s items in the loaded data (the most common, %q, holds %.0f%%): the index's writes and reads land on at most %s partition-key values, each capped at %s WCU and %s RCU; %s",
					x.rep.PartitionKey, num(float64(x.rep.DistinctKeys)), num(float64(x.rep.Items)), top, 100*x.rep.TopShare,
					num(float64(x.rep.DistinctKeys)), num(partition.PartitionWCU), num(partition.PartitionRCU), lowCardinalityRemedy)})
		}
		if x.lsi {
			var lk string
			var lb int64
			for _, k := range sortedKeys(collections) {
				if collections[k] > lb {
					lk, lb = k, collections[k]
				}
			}
			x.rep.LargestCollection = lb
			x.rep.ProjectedCollection = float64(lb) * scale
			if x.rep.ProjectedCollection > LSIWarnBytes {
				tr.Warnings = append(tr.Warnings, Warning{Kind: WarnLSICollection, Element: el,
					Message: fmt.Sprintf("with local secondary index %s, the item collection %s = %q holds %s bytes (table items and index entries) in the loaded data, × %s scale = %s GB of the %s GB an item collection may hold; writes to it fail with ItemCollectionSizeLimitExceededException at 10 GB",
						x.rep.Name, hash, lk, num(float64(lb)), num(scale), num(x.rep.ProjectedCollection/partition.GB), num(LSICollectionBytes/partition.GB))})
			}
		}
		tr.Indexes = append(tr.Indexes, x.rep)
	}
	slices.SortStableFunc(tr.Indexes, func(a, b IndexReport) int { return cmp.Compare(a.Kind, b.Kind) })
	return tr, nil
}
