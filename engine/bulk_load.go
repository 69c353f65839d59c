package engine

import "github.com/dynamodb-workbench/workbench/engine/attr"

// BulkLoader writes a dataset into one table, item by item, without the
// request machinery of BatchWriteItem (no request shapes, no batches of
// 25, no duplicate-key set). Each Put is validated and applied exactly as
// a PutRequest of BatchWriteItem would be: the same key, name, type and
// size checks with the same errors, and the same table state afterwards
// (items, every index, TTL, streams, PITR, item collections), a later Put
// of the same key replacing the earlier one.
//
// Capacity: nothing is charged. A dataset load is not traffic: the
// BatchWriteItem calls of model.LoadItems asked for no consumed capacity,
// and drew on throttle buckets only when throttle mode was on, where a
// manual clock that does not move made a large load fail. The loader
// never draws on them.
//
// Put does not keep the item it is given, so a caller may reuse one map
// for every item.
type BulkLoader struct {
	d     *Database
	name  string
	t     *table
	count int
}

// NewBulkLoader returns a loader into the named table.
func (d *Database) NewBulkLoader(table string) (*BulkLoader, error) {
	d.Tick()
	d.mu.RLock()
	t, err := d.lookup(table)
	d.mu.RUnlock()
	if err != nil {
		return nil, err
	}
	return &BulkLoader{d: d, name: table, t: t}, nil
}

// Put validates item as a PutItem would and stores it.
func (l *BulkLoader) Put(item attr.Item) error {
	d := l.d
	d.Tick()
	if item == nil {
		var c constraints
		c.null("item")
		return c.err()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.lookup(l.name)
	if err != nil {
		return err
	}
	if t != l.t {
		// The table was deleted (and perhaps created again) since.
		return Errorf(CodeResourceNotFound, "Requested resource not found")
	}
	if len(d.observers) > 0 {
		// Observers (streams, the page's highlighting) keep the items of
		// the changes they see: give them a copy of their own.
		item = decodeItem(string(encodeItem(nil, item)))
	}
	w, err := d.prepareput(t, item)
	if err != nil {
		return err
	}
	d.apply(t, w, CauseUser)
	l.count++
	return nil
}

// Close ends the load. The items are in place as each Put returns; Close
// only releases the loader.
func (l *BulkLoader) Close() error {
	l.t = nil
	return nil
}
