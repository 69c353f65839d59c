package visualizer

import (
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// PartitionsData is a table's loaded data as the partitions view needs
// it: its item collections, in the engine's hash order, and the engine's
// layout of the table with the collections mapped onto it. Reading it
// walks every collection of the table once; the what-if then maps the
// same collections onto another layout without walking the table again.
type PartitionsData struct {
	// View is what Database.Partitions gives for the table.
	View *engine.PartitionView
	// Collections are the table's item collections; Mapped is false
	// when the snapshot's key schema is unknown (nothing mapped).
	Collections []partition.Collection
	Mapped      bool
}

// PartitionsDataOf reads a table snapshot's partitions data, keeping the
// top largest collections of each partition. It is Database.Partitions
// computed from the snapshot (immutable) rather than the live table, and
// from the collections' key entries rather than every item decoded, so it
// can be spread over time: step, when set, is called after each item
// collection, and an error from it stops the walk and is returned.
func PartitionsDataOf(ts *engine.TableSnapshot, top int, step func() error) (*PartitionsData, error) {
	layout, err := partition.New(PartitionsSpec(ts.Description))
	if err != nil {
		// Database.Partitions's error for the same spec.
		return nil, engine.Errorf(engine.CodeValidation, "%s", err.Error())
	}
	d := &PartitionsData{}
	var hashAttrs []string
	for _, k := range ts.Description.KeySchema {
		if k.KeyType == schema.KeyTypeHash {
			hashAttrs = append(hashAttrs, k.AttributeName)
		}
	}
	if len(hashAttrs) > 0 {
		d.Mapped = true
		vals := make([]attr.Value, len(hashAttrs))
		var stop error
		ts.Collections("", func(c engine.CollectionInfo) bool {
			it := c.First.Item()
			for i, a := range hashAttrs {
				vals[i] = it[a]
			}
			d.Collections = append(d.Collections, partition.Collection{
				Key: attr.FormatForMessage(vals[0]), Hash: partition.HashKey(vals...),
				Items: c.Items, Bytes: int64(c.Bytes),
			})
			if step != nil {
				stop = step()
			}
			return stop == nil
		})
		if stop != nil {
			return nil, stop
		}
	}
	d.View = &engine.PartitionView{Layout: layout, Partitions: layout.Occupancy(d.Collections, top)}
	return d, nil
}

// PartitionsSpec is the layout Database.Partitions models a table
// with: provisioned with its throughput when it has some and is not on
// demand, on demand otherwise; its data size; whether it has an LSI.
func PartitionsSpec(desc *engine.TableDescription) partition.Spec {
	spec := partition.Spec{Mode: partition.OnDemand, SizeGB: float64(desc.TableSizeBytes) / partition.GB,
		HasLSI: len(desc.LocalSecondaryIndexes) > 0}
	onDemand := desc.BillingModeSummary != nil && desc.BillingModeSummary.BillingMode == schema.BillingPayPerRequest
	if pt := desc.ProvisionedThroughput; pt != nil && !onDemand && (pt.ReadCapacityUnits > 0 || pt.WriteCapacityUnits > 0) {
		spec.Mode, spec.RCU, spec.WCU = partition.Provisioned, float64(pt.ReadCapacityUnits), float64(pt.WriteCapacityUnits)
	}
	return spec
}

// PartitionsWhatIfOf is PartitionsWhatIf on data read before: the loaded
// data is mapped from its collections, the table is not walked again.
func PartitionsWhatIfOf(d *PartitionsData, in PartitionsInput) (*PartitionsModel, error) {
	if d == nil {
		return nil, errNoPartitionView
	}
	return partitionsWhatIf(d.View, d.Collections, d.Mapped, true, in)
}
