package formats

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// NoSQL Workbench's data model file, version 3.0, as NoSQL Workbench saves
// it (read from models it exported, including the samples it ships):
//
//	{"ModelName", "ModelMetadata": {"Author", "DateCreated",
//	  "DateLastModified", "Description", "AWSService": "Amazon DynamoDB",
//	  "Version": "3.0"},
//	 "DataModel": [{"TableName",
//	   "KeyAttributes": {"PartitionKey": {"AttributeName", "AttributeType"},
//	                     "SortKey": {...}},
//	   "NonKeyAttributes": [{"AttributeName", "AttributeType"}],
//	   "TableFacets": [{"FacetName",
//	     "KeyAttributeAlias": {"PartitionKeyAlias", "SortKeyAlias"},
//	     "TableData": [item...], "NonKeyAttributes": ["name"...],
//	     "DataAccess": {"MySql": {}}}],
//	   "GlobalSecondaryIndexes": [{"IndexName", "KeyAttributes",
//	     "Projection": {"ProjectionType", "NonKeyAttributes"}}],
//	   "TableData": [item...], "DataAccess": {"MySql": {}},
//	   "SampleDataFormats": {...},
//	   "BillingMode": "PROVISIONED" | "PAY_PER_REQUEST",
//	   "ProvisionedCapacitySettings": {
//	     "ProvisionedThroughput": {"ReadCapacityUnits", "WriteCapacityUnits"},
//	     "AutoScalingRead": {"ScalableTargetRequest": {"MinCapacity",
//	       "MaxCapacity", "ServiceRole"},
//	       "ScalingPolicyConfiguration": {"TargetValue"}},
//	     "AutoScalingWrite": {...}}}]}
//
// Items are DynamoDB JSON. Every attribute an item holds must be declared,
// with one type, in the table's key or non-key attributes.
//
// A facet is the workbench's entity. NoSQL Workbench's key aliases are
// labels for the key columns in the facet's view; the export writes the
// entity's key templates there ("USER#{userId}"), which both reads well in
// NoSQL Workbench and lets the import restore the templates.

// nwVersion is the model format version written and preferred on import.
const nwVersion = "3.0"

// nwService is the ModelMetadata.AWSService of a DynamoDB model.
const nwService = "Amazon DynamoDB"

// nwServiceRole is the auto scaling role NoSQL Workbench names.
const nwServiceRole = "AWSServiceRoleForApplicationAutoScaling_DynamoDBTable"

// nwDateLayout is how NoSQL Workbench writes dates ("Jan 12, 2023, 10:14 AM").
const nwDateLayout = "Jan 02, 2006, 03:04 PM"

// errStop ends a dataset scan once enough items are read.
var errStop = errors.New("enough items")

// sampleItems returns the first opts.MaxItems items of each table of m's
// dataset, and warns when a table had more. It stops early (maxScan), so
// that a table a generator fills late cannot make it run through a million
// others.
func sampleItems(m *model.Model, opts Options, r *Result) (map[string][]attr.Item, error) {
	limit := opts.MaxItems
	if limit == 0 {
		limit = DefaultMaxItems
	}
	out := map[string][]attr.Item{}
	if limit < 0 || m.Dataset == nil || m.Dataset.Items == nil && m.Dataset.Generator == nil {
		return out, nil
	}
	ds := m.Dataset
	if ds.Items == nil && ds.Generator.Pattern != model.EntitiesGenerator && opts.Resolve == nil {
		r.Warnings = append(r.Warnings, fmt.Sprintf("dataset: the items of generator %q are not included (no generator available here); TableData holds none", ds.Generator.Pattern))
		return out, nil
	}
	src, err := m.DatasetSource(opts.Resolve)
	if err != nil {
		return nil, err
	}
	read, full := 0, 0
	more := map[string]bool{}
	err = src(func(table string, f attr.Fields) error {
		read++
		if len(out[table]) == limit {
			more[table] = true
		} else {
			out[table] = append(out[table], f.Item()) // the source lends f
			if len(out[table]) == limit {
				full++
			}
		}
		if full == len(m.Tables) || read >= min(maxScanFactor*limit, maxScan) {
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	for _, t := range m.Tables {
		if more[t.TableName] || len(out[t.TableName]) == limit && errors.Is(err, errStop) {
			r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: only the first %d items of its dataset are included as sample data (TableData)", t.TableName, limit))
		}
	}
	return out, nil
}

// sampleItems reads at most maxScanFactor times the per-table limit, and
// never more than maxScan items (a generator makes about 100,000 items a
// second).
const (
	maxScanFactor = 100
	maxScan       = 200_000
)

// nwKeyAttr writes {"AttributeName", "AttributeType"}.
func nwKeyAttr(name string, typ string) obj {
	return obj{}.add("AttributeName", name).add("AttributeType", typ)
}

func nwKeyAttributes(def *schema.TableDefinition, hash, rng string) obj {
	o := obj{}.add("PartitionKey", nwKeyAttr(hash, string(def.AttributeType(hash))))
	if rng != "" {
		o = o.add("SortKey", nwKeyAttr(rng, string(def.AttributeType(rng))))
	}
	return o
}

// nwItem writes an item: key attributes first, then the rest by name, each
// value in DynamoDB JSON. Attributes whose type differs from the declared
// one are left out (NoSQL Workbench allows one type per attribute name);
// dropped counts them per attribute.
func nwItem(it attr.Item, keys []string, types map[string]string, dropped map[string]int) obj {
	o := obj{}
	for _, k := range keys {
		if v, ok := it[k]; ok {
			o = o.add(k, rawJSON(attr.AppendValue(nil, v)))
		}
	}
	rest := make([]string, 0, len(it))
	for name := range it {
		if !slices.Contains(keys, name) {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range rest {
		v := it[name]
		if want, ok := types[name]; ok && want != v.Type().String() {
			dropped[name]++
			continue
		}
		o = o.add(name, rawJSON(attr.AppendValue(nil, v)))
	}
	return o
}

// nwCapacity writes fixed provisioned capacity in NoSQL Workbench's shape.
// NoSQL Workbench always writes auto scaling settings for a provisioned
// table; fixed capacity is auto scaling whose minimum and maximum are the
// capacity, which is what ImportNoSQLWorkbench reads back as fixed.
func nwCapacity(pt *schema.ProvisionedThroughput, as *model.AutoScaling) obj {
	rcu, wcu := int64(0), int64(0)
	if pt != nil && pt.ReadCapacityUnits != nil {
		rcu = *pt.ReadCapacityUnits
	}
	if pt != nil && pt.WriteCapacityUnits != nil {
		wcu = *pt.WriteCapacityUnits
	}
	scaling := func(units int64, sr *model.ScalingRange) obj {
		lo, hi, target := units, units, any(int64(70))
		if sr != nil {
			// The model's auto scaling, as it was imported or set.
			lo, hi = sr.MinCapacity, sr.MaxCapacity
			if sr.TargetValue != 0 {
				target = rawJSON(strconv.FormatFloat(sr.TargetValue, 'f', -1, 64))
			}
		}
		return obj{}.
			add("ScalableTargetRequest", obj{}.
				add("MinCapacity", lo).
				add("MaxCapacity", hi).
				add("ServiceRole", nwServiceRole)).
			add("ScalingPolicyConfiguration", obj{}.add("TargetValue", target))
	}
	var read, write *model.ScalingRange
	if as != nil {
		read, write = as.Read, as.Write
	}
	return obj{}.
		add("ProvisionedThroughput", obj{}.add("ReadCapacityUnits", rcu).add("WriteCapacityUnits", wcu)).
		add("AutoScalingRead", scaling(rcu, read)).
		add("AutoScalingWrite", scaling(wcu, write))
}

func renderNoSQLWorkbench(m *model.Model, opts Options, r *Result) error {
	items, err := sampleItems(m, opts, r)
	if err != nil {
		return err
	}
	rec, err := m.NewRecognizer()
	if err != nil {
		return err
	}
	when := opts.Time
	if when.IsZero() {
		when = m.Settings.Start()
	}
	if when.IsZero() {
		when = time.Now()
	}
	date := when.UTC().Format(nwDateLayout)

	tables := list{}
	for i := range m.Tables {
		tables = append(tables, nwTable(m, &m.Tables[i], items[m.Tables[i].TableName], rec, r))
	}
	for _, e := range m.Entities {
		if slices.ContainsFunc(e.Attributes, func(a model.Attribute) bool { return a.Generator != "" || a.Description != "" }) {
			r.Warnings = append(r.Warnings, "entities: attribute descriptions and sample-value generators are not carried by NoSQL Workbench models")
			break
		}
	}
	if len(m.AccessPatterns) > 0 || m.Workload != nil {
		r.Warnings = append(r.Warnings, "access patterns, the workload and the simulation settings have no place in a NoSQL Workbench model; they stay in the workbench model")
	}
	doc := obj{}.
		add("ModelName", m.Name).
		add("ModelMetadata", obj{}.
			add("Author", "").
			add("DateCreated", date).
			add("DateLastModified", date).
			add("Description", m.Description).
			add("AWSService", nwService).
			add("Version", nwVersion)).
		add("DataModel", tables)
	base := identifier(kebab(m.Name), "model")
	r.Files = []File{{Path: base + ".nosql-workbench.json", Content: string(writeJSON(doc))}}
	r.ContentType = "application/json"
	return nil
}

// nwTable writes one table of the DataModel and adds a warning for each
// setting the format cannot carry.
func nwTable(m *model.Model, t *model.Table, items []attr.Item, rec *model.Recognizer, r *Result) obj {
	def := &t.TableDefinition
	name := def.TableName
	warn := func(format string, args ...any) {
		r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: ", name)+fmt.Sprintf(format, args...))
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil {
		warn("its time to live (attribute %s) is not carried by NoSQL Workbench models; it stays in the workbench model", ttl.AttributeName)
	}
	if s := def.StreamSpecification; s != nil && s.StreamEnabled {
		warn("its stream (%s) is not carried by NoSQL Workbench models; it stays in the workbench model", s.StreamViewType)
	}
	for _, l := range def.LocalSecondaryIndexes {
		warn("local secondary index %s is not carried by NoSQL Workbench models; it stays in the workbench model", l.IndexName)
	}
	if def.TableClass != "" && def.TableClass != schema.TableClassStandard {
		warn("table class %s is not carried by NoSQL Workbench models", def.TableClass)
	}
	if def.DeletionProtectionEnabled != nil && *def.DeletionProtectionEnabled {
		warn("deletion protection is not carried by NoSQL Workbench models")
	}
	if len(def.Tags) > 0 {
		warn("its tags are not carried by NoSQL Workbench models")
	}
	if p := def.PointInTimeRecoverySpecification; p != nil && p.PointInTimeRecoveryEnabled {
		warn("point-in-time recovery is not carried by NoSQL Workbench models")
	}
	if def.OnDemandThroughput != nil {
		warn("its on-demand throughput limits are not carried by NoSQL Workbench models")
	}

	hash, rng := def.HashKey(), def.RangeKey()
	primary := []string{hash}
	if rng != "" {
		primary = append(primary, rng)
	}

	// Non-key attributes, each with one type: the entities' declarations,
	// then index keys, then whatever the sample items hold.
	types := map[string]string{}
	var order []string
	declare := func(n, typ string) {
		if slices.Contains(primary, n) {
			return
		}
		if _, ok := types[n]; !ok {
			types[n] = typ
			order = append(order, n)
		}
	}
	entities := []*model.Entity{}
	for i := range m.Entities {
		if e := &m.Entities[i]; e.Table == name {
			entities = append(entities, e)
			for _, a := range e.Attributes {
				declare(a.Name, a.Type)
			}
		}
	}
	for _, d := range def.AttributeDefinitions {
		declare(d.AttributeName, string(d.AttributeType))
	}
	var seen []string
	for _, it := range items {
		for n := range it {
			if _, ok := types[n]; !ok && !slices.Contains(primary, n) && !slices.Contains(seen, n) {
				seen = append(seen, n)
			}
		}
	}
	sort.Strings(seen)
	for _, n := range seen {
		for _, it := range items {
			if v, ok := it[n]; ok {
				declare(n, v.Type().String())
				break
			}
		}
	}
	nonKey := list{}
	for _, n := range order {
		nonKey = append(nonKey, nwKeyAttr(n, types[n]))
	}

	// Facets: one per entity, holding the entity's items.
	byEntity := map[string][]attr.Item{}
	var rest []attr.Item
	for _, it := range items {
		if e, _ := rec.EntityOf(name, it); e != nil {
			byEntity[e.Name] = append(byEntity[e.Name], it)
		} else {
			rest = append(rest, it)
		}
	}
	dropped := map[string]int{}
	facets := list{}
	for _, e := range entities {
		alias := obj{}.add("PartitionKeyAlias", e.Keys[hash])
		if rng != "" {
			alias = alias.add("SortKeyAlias", e.Keys[rng])
		}
		var attrs []string
		for _, a := range e.Attributes {
			if !slices.Contains(primary, a.Name) && !slices.Contains(attrs, a.Name) {
				attrs = append(attrs, a.Name)
			}
		}
		var indexKeys []string
		for k := range e.Keys {
			if !slices.Contains(primary, k) {
				indexKeys = append(indexKeys, k)
			}
		}
		sort.Strings(indexKeys)
		for _, k := range indexKeys {
			if !slices.Contains(attrs, k) {
				attrs = append(attrs, k)
			}
		}
		if len(indexKeys) > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("entity %s: its key templates for index attributes (%s) are not carried by NoSQL Workbench models; its items keep their values", e.Name, strings.Join(indexKeys, ", ")))
		}
		data := list{}
		var extra []string
		for _, it := range byEntity[e.Name] {
			data = append(data, nwItem(it, primary, types, dropped))
			for n := range it {
				if !slices.Contains(primary, n) && !slices.Contains(attrs, n) && !slices.Contains(extra, n) {
					extra = append(extra, n)
				}
			}
		}
		sort.Strings(extra)
		attrs = append(attrs, extra...)
		facets = append(facets, obj{}.
			add("FacetName", e.Name).
			add("KeyAttributeAlias", alias).
			add("TableData", data).
			add("NonKeyAttributes", stringList(attrs)).
			add("DataAccess", obj{}.add("MySql", obj{})))
	}

	gsis := list{}
	for _, g := range def.GlobalSecondaryIndexes {
		if g.IsMultiAttribute() {
			warn("global secondary index %s has a multi-attribute key, which NoSQL Workbench models cannot express; it is left out", g.IndexName)
			continue
		}
		proj := obj{}.add("ProjectionType", string(orKeysOnly(g.Projection.ProjectionType)))
		if g.Projection.ProjectionType == schema.ProjectInclude {
			proj = proj.add("NonKeyAttributes", stringList(g.Projection.NonKeyAttributes))
		}
		gsi := obj{}.
			add("IndexName", g.IndexName).
			add("KeyAttributes", nwKeyAttributes(def, g.HashKey(), g.RangeKey())).
			add("Projection", proj)
		if pt := g.ProvisionedThroughput; pt != nil && def.EffectiveBillingMode() == schema.BillingProvisioned && def.ProvisionedThroughput != nil && !sameThroughput(pt, def.ProvisionedThroughput) {
			// NoSQL Workbench gives indexes the table's capacity; the
			// index's own is written beside, where the workbench's import
			// reads it back (NoSQL Workbench ignores the member).
			gsi = gsi.add("ProvisionedThroughput", cfnThroughput(pt))
			warn("global secondary index %s has its own provisioned throughput; NoSQL Workbench shows indexes with the table's (the file keeps the index's for the workbench)", g.IndexName)
		}
		gsis = append(gsis, gsi)
	}

	tableData := list{}
	for _, it := range rest {
		tableData = append(tableData, nwItem(it, primary, types, dropped))
	}
	droppedNames := make([]string, 0, len(dropped))
	for n := range dropped {
		droppedNames = append(droppedNames, n)
	}
	sort.Strings(droppedNames)
	for _, n := range droppedNames {
		warn("attribute %s: %d sample value(s) left out, their type not being %s: NoSQL Workbench allows one type per attribute", n, dropped[n], types[n])
	}

	o := obj{}.
		add("TableName", name).
		add("KeyAttributes", nwKeyAttributes(def, hash, rng)).
		add("NonKeyAttributes", nonKey).
		add("TableFacets", facets).
		add("GlobalSecondaryIndexes", gsis).
		add("TableData", tableData).
		add("DataAccess", obj{}.add("MySql", obj{})).
		add("BillingMode", string(def.EffectiveBillingMode()))
	if def.EffectiveBillingMode() == schema.BillingProvisioned {
		o = o.add("ProvisionedCapacitySettings", nwCapacity(def.ProvisionedThroughput, t.AutoScaling))
	}
	return o
}

func orKeysOnly(p schema.ProjectionType) schema.ProjectionType {
	if p == "" {
		return schema.ProjectKeysOnly
	}
	return p
}

func sameThroughput(a, b *schema.ProvisionedThroughput) bool {
	eq := func(x, y *int64) bool { return x == nil && y == nil || x != nil && y != nil && *x == *y }
	return eq(a.ReadCapacityUnits, b.ReadCapacityUnits) && eq(a.WriteCapacityUnits, b.WriteCapacityUnits)
}
