package engine

import (
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// DescribeTable implements DynamoDB's DescribeTable.
func (d *Database) DescribeTable(in *DescribeTableInput) (*DescribeTableOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookupControl(*in.TableName)
	if err != nil {
		return nil, err
	}
	return &DescribeTableOutput{Table: d.describeWithStream(t)}, nil
}

func epoch(t time.Time) float64 { return float64(t.UnixMilli()) / 1000 }

func epochPtr(t time.Time) *float64 {
	if t.IsZero() {
		return nil
	}
	v := epoch(t)
	return &v
}

// describe builds the table's TableDescription. The caller holds the lock.
func (t *table) describe() *TableDescription {
	def := &t.def
	desc := &TableDescription{
		TableName:                 def.TableName,
		TableStatus:               t.status,
		TableArn:                  t.arn,
		TableId:                   t.id,
		CreationDateTime:          epoch(t.created),
		AttributeDefinitions:      def.AttributeDefinitions,
		KeySchema:                 def.KeySchema,
		TableSizeBytes:            t.bytes,
		ItemCount:                 int64(t.items.Len()),
		StreamSpecification:       def.StreamSpecification,
		DeletionProtectionEnabled: def.DeletionProtectionEnabled != nil && *def.DeletionProtectionEnabled,
		RestoreSummary:            t.restore,
	}
	pt := &ProvisionedThroughputDescription{
		NumberOfDecreasesToday: t.decreasesToday,
		LastIncreaseDateTime:   epochPtr(t.lastIncrease),
		LastDecreaseDateTime:   epochPtr(t.lastDecrease),
	}
	if def.ProvisionedThroughput != nil && def.BillingMode != schema.BillingPayPerRequest {
		pt.ReadCapacityUnits = deref(def.ProvisionedThroughput.ReadCapacityUnits)
		pt.WriteCapacityUnits = deref(def.ProvisionedThroughput.WriteCapacityUnits)
	}
	desc.ProvisionedThroughput = pt
	if def.BillingMode != "" {
		desc.BillingModeSummary = &BillingModeSummary{BillingMode: def.BillingMode, LastUpdateToPayPerRequestDateTime: epochPtr(t.payPerRequestSince)}
	}
	if def.BillingMode == schema.BillingPayPerRequest {
		desc.OnDemandThroughput = def.OnDemandThroughput
	}
	for _, ix := range t.indexOrder {
		if ix.global {
			desc.GlobalSecondaryIndexes = append(desc.GlobalSecondaryIndexes, t.describeGSI(ix))
		} else {
			desc.LocalSecondaryIndexes = append(desc.LocalSecondaryIndexes, LocalSecondaryIndexDescription{
				IndexName: ix.name, KeySchema: t.indexKeySchema(ix), Projection: ix.projection,
				IndexSizeBytes: ix.bytes, ItemCount: int64(ix.tree.Len()), IndexArn: ix.arn,
			})
		}
	}
	if def.TableClass != "" {
		desc.TableClassSummary = &TableClassSummary{TableClass: def.TableClass}
	}
	return desc
}

// describeGSI reports one GSI. Throughput reads 0/0 on an on-demand table.
func (t *table) describeGSI(ix *index) GlobalSecondaryIndexDescription {
	g := GlobalSecondaryIndexDescription{
		IndexName: ix.name, KeySchema: t.indexKeySchema(ix), Projection: ix.projection,
		IndexStatus: ix.status, IndexSizeBytes: ix.bytes, ItemCount: int64(ix.tree.Len()), IndexArn: ix.arn,
		ProvisionedThroughput: &ProvisionedThroughputDescription{},
	}
	if ix.status == indexCreating && !ix.backfillAt.IsZero() {
		b := ix.backfilling
		g.Backfilling = &b
	}
	if ix.throughput != nil && t.def.BillingMode != schema.BillingPayPerRequest {
		g.ProvisionedThroughput.ReadCapacityUnits = deref(ix.throughput.ReadCapacityUnits)
		g.ProvisionedThroughput.WriteCapacityUnits = deref(ix.throughput.WriteCapacityUnits)
	}
	if t.def.BillingMode == schema.BillingPayPerRequest {
		g.OnDemandThroughput = ix.onDemand
	}
	return g
}

// indexKeySchema returns the index's key schema as defined.
func (t *table) indexKeySchema(ix *index) []schema.KeySchemaElement {
	for _, g := range t.def.GlobalSecondaryIndexes {
		if g.IndexName == ix.name {
			return g.KeySchema
		}
	}
	for _, l := range t.def.LocalSecondaryIndexes {
		if l.IndexName == ix.name {
			return l.KeySchema
		}
	}
	return nil
}
