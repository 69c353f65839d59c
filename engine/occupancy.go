package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// PartitionView is the loaded data of one table mapped onto the table's
// modelled partitions: the layout (from its throughput and size, by the
// seed-003 rules) and, per partition, the collections, items and bytes it
// holds with its largest item collections. It is computed from the live
// data, so it follows every write.
type PartitionView struct {
	Layout     *partition.Layout
	Partitions []partition.Occupancy
}

// Partitions maps table's loaded items onto its partitions, keeping the top
// largest item collections of each. Items are stored in partition-hash
// order, so each item collection is one contiguous run of the tree.
func (d *Database) Partitions(tableName string, top int) (*PartitionView, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookupControl(tableName)
	if err != nil {
		return nil, err
	}
	spec := startingSpec(t.def.BillingMode, t.def.ProvisionedThroughput, t.bytes)
	spec.HasLSI = t.hasLSI()
	layout, perr := partition.New(spec)
	if perr != nil {
		return nil, validationf("%s", perr.Error())
	}
	var cols []partition.Collection
	var cur *partition.Collection
	var curPrefix string
	t.items.Ascend(func(e entry) bool {
		item := e.decode()
		prefix := collectionOf(t, item)
		if cur == nil || prefix != curPrefix {
			cols = append(cols, partition.Collection{Key: attr.FormatForMessage(item[t.key.hash[0].name]), Hash: e.hash})
			cur, curPrefix = &cols[len(cols)-1], prefix
		}
		cur.Items++
		cur.Bytes += int64(e.size)
		return true
	})
	return &PartitionView{Layout: layout, Partitions: layout.Occupancy(cols, top)}, nil
}
