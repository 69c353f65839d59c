package model

import (
	"fmt"
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Source produces a dataset's items in order, streaming: it calls emit once
// per item with the item's table and stops at emit's first error, which it
// returns. A generator's Source can be run again for the same items.
//
// An item is its attributes as attr.Fields, the form the engine's bulk
// loader stores without a map between (a map's hashing was a fifth of
// generating and loading a million items). The item is lent to emit: the
// source may reuse its slice for the next item, so that a million items
// need no million allocations. emit may keep the values (a Value is
// immutable) but not the slice: one that keeps items takes their map
// (Fields.Item) or a copy. LoadItems keeps nothing.
type Source func(emit func(table string, item attr.Fields) error) error

// Resolver finds the generator a GeneratorSpec names (the pattern
// catalogue provides one: patterns.Generator).
type Resolver func(spec GeneratorSpec) (Source, error)

// ItemsSource returns a Source over explicit items: the tables in the
// model's order, then any others by name, each table's items in order.
func (m *Model) ItemsSource(items map[string][]attr.Item) Source {
	var names []string
	for _, t := range m.Tables {
		if _, ok := items[t.TableName]; ok {
			names = append(names, t.TableName)
		}
	}
	var rest []string
	for n := range items {
		if !slices.Contains(names, n) {
			rest = append(rest, n)
		}
	}
	slices.Sort(rest)
	names = append(names, rest...)
	return func(emit func(string, attr.Fields) error) error {
		for _, n := range names {
			for _, it := range items[n] {
				if err := emit(n, attr.FieldsOf(it)); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// DatasetSource returns the Source of the model's dataset: its explicit
// items if it has any, else its generator (EntitiesGenerator, or one found
// by resolve). A model without a dataset has an empty Source.
func (m *Model) DatasetSource(resolve Resolver) (Source, error) {
	ds := m.Dataset
	switch {
	case ds == nil || ds.Items == nil && ds.Generator == nil:
		return func(func(string, attr.Fields) error) error { return nil }, nil
	case ds.Items != nil:
		return m.ItemsSource(ds.Items), nil
	case ds.Generator.Pattern == EntitiesGenerator:
		return m.Synthesize(*ds.Generator)
	case resolve == nil:
		return nil, fmt.Errorf("dataset: no generator for pattern %q", ds.Generator.Pattern)
	}
	src, err := resolve(*ds.Generator)
	if err != nil {
		return nil, fmt.Errorf("dataset.generator: %w", err)
	}
	return src, nil
}

// NewDatabase returns an empty database set up as the model's settings say:
// a manual clock stopped at the start time (the current time if the model
// has none), the TTL deletion delay and the GSI propagation delay. opts
// come after and may override them.
func (m *Model) NewDatabase(opts ...engine.Option) (*engine.Database, *engine.ManualClock) {
	start := m.Settings.Start()
	if start.IsZero() {
		start = engine.SystemClock{}.Now().UTC().Truncate(time.Second)
	}
	clock := engine.NewManualClock(start)
	all := []engine.Option{
		engine.WithClock(clock),
		engine.WithTTLDeletionDelay(m.Settings.TTLDelay()),
		engine.WithGSIPropagationDelay(time.Duration(m.Settings.GSIPropagationDelay)),
	}
	return engine.New(append(all, opts...)...), clock
}

// CreateTables creates the model's tables in db (CreateTable) and turns on
// their time to live (UpdateTimeToLive).
func (m *Model) CreateTables(db *engine.Database) error {
	for i := range m.Tables {
		t := &m.Tables[i]
		in := t.TableDefinition.Clone()
		if _, err := db.CreateTable(in); err != nil {
			return fmt.Errorf("tables[%d] (%s): CreateTable: %w", i, t.TableName, err)
		}
		if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled {
			name, on := t.TableName, true
			attrName := ttl.AttributeName
			if _, err := db.UpdateTimeToLive(&engine.UpdateTimeToLiveInput{
				TableName:               &name,
				TimeToLiveSpecification: &engine.TimeToLiveSpecification{AttributeName: &attrName, Enabled: &on},
			}); err != nil {
				return fmt.Errorf("tables[%d] (%s): UpdateTimeToLive: %w", i, t.TableName, err)
			}
		}
	}
	return nil
}

// LoadStats counts what a load wrote.
type LoadStats struct {
	Items   int            // items written, over all tables
	ByTable map[string]int // items written per table
}

// Load creates the model's tables in db and loads its dataset (see
// DatasetSource).
func (m *Model) Load(db *engine.Database, resolve Resolver) (LoadStats, error) {
	src, err := m.DatasetSource(resolve)
	if err != nil {
		return LoadStats{}, err
	}
	if err := m.CreateTables(db); err != nil {
		return LoadStats{}, err
	}
	return LoadItemsSized(db, src, m.datasetSize())
}

// datasetSize is the number of items the model's dataset holds or
// generates (0 without one).
func (m *Model) datasetSize() int {
	switch ds := m.Dataset; {
	case ds == nil:
		return 0
	case ds.Items != nil:
		n := 0
		for _, items := range ds.Items {
			n += len(items)
		}
		return n
	case ds.Generator != nil:
		return ds.Generator.Size
	}
	return 0
}

// LoadItems writes the items of src into db in the order src gives them,
// through one engine.BulkLoader per table: each item is validated and
// stored as a PutRequest of BatchWriteItem would be, without the request's
// machinery, and the loader copies what it keeps (src may reuse its maps).
// Items with the same key overwrite each other as PutItem would, the
// later one winning. An item the engine refuses stops the load with an
// error that names it (its number in src, from 0); the items before it
// stay written.
func LoadItems(db *engine.Database, src Source) (LoadStats, error) {
	return LoadItemsSized(db, src, 0)
}

// LoadItemsSized is LoadItems for a source of about n items (0: not
// known). Each table makes room ahead for the items it is likely to get,
// its share so far of the n: a table that grows item by item rebuilds its
// point map at every doubling, a tenth of a load's time, and under wasm,
// at 786,432 items, one step of 0.3 s that froze the page.
func LoadItemsSized(db *engine.Database, src Source, n int) (LoadStats, error) {
	type loader struct {
		table string
		l     *engine.BulkLoader
		n     int
	}
	if pipelines(n) {
		src = pipelinedSource(src)
	}
	var loaders []*loader // few tables: a slice beats a map per item
	var cur *loader
	items := 0
	err := src(func(table string, item attr.Fields) error {
		if cur == nil || cur.table != table {
			cur = nil
			for _, l := range loaders {
				if l.table == table {
					cur = l
					break
				}
			}
			if cur == nil {
				l, err := db.NewBulkLoader(table)
				if err != nil {
					return fmt.Errorf("dataset item %d (table %s): %w", items, table, err)
				}
				cur = &loader{table: table, l: l}
				loaders = append(loaders, cur)
			}
		}
		if err := cur.l.PutFields(item); err != nil {
			return fmt.Errorf("dataset item %d (table %s): %w", items, table, err)
		}
		cur.n++
		items++
		if n > items && cur.n >= reserveFrom && cur.n&(cur.n-1) == 0 {
			// At 1,024 items and each doubling: room for this table's
			// share of the items still to come.
			cur.l.Reserve(int(float64(n-items) * float64(cur.n) / float64(items)))
		}
		return nil
	})
	st := LoadStats{Items: items, ByTable: make(map[string]int, len(loaders))}
	for _, l := range loaders {
		st.ByTable[l.table] = l.n
		if cerr := l.l.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}
	return st, err
}

// reserveFrom is the count of a table's items from which a sized load
// reserves room: below it, growing costs nothing worth a guess.
const reserveFrom = 1024
