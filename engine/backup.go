package engine

import (
	"fmt"
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Backups live in memory beside the tables: an on-demand backup keeps the
// table's definition and a copy-on-write clone of its item tree (O(1),
// btree.Clone), so taking one costs nothing until the table changes.

// Backup statuses and types.
const (
	backupCreating  = "CREATING"
	backupAvailable = "AVAILABLE"
	backupDeleted   = "DELETED"
	backupTypeUser  = "USER"
)

// backup is one on-demand backup.
type backup struct {
	arn, name string
	created   time.Time
	seq       uint64 // creation order, for ListBackups

	tableName, tableID, tableArn string
	tableCreated                 time.Time
	def                          schema.TableDefinition
	ttl                          *TimeToLiveDescription
	items                        *itemTree
	bytes, count                 int64
}

// backupArn names a backup as DynamoDB does: the table's ARN, then
// /backup/ and a 17-digit millisecond timestamp and an 8-hex suffix.
func backupArn(tableArn string, at time.Time, seq uint64) string {
	return fmt.Sprintf("%s/backup/%017d-%08x", tableArn, at.UnixMilli(), uint32(hashKey64(fmt.Appendf(nil, "%s#%d", tableArn, seq))))
}

func (b *backup) details(status string) *BackupDetails {
	return &BackupDetails{
		BackupArn: b.arn, BackupName: b.name, BackupSizeBytes: b.bytes,
		BackupStatus: status, BackupType: backupTypeUser, BackupCreationDateTime: epoch(b.created),
	}
}

// description builds DescribeBackup's answer.
func (b *backup) description(status string) *BackupDescription {
	def := &b.def
	src := &SourceTableDetails{
		TableName: b.tableName, TableId: b.tableID, TableArn: b.tableArn,
		TableSizeBytes: b.bytes, KeySchema: def.KeySchema, TableCreationDateTime: epoch(b.tableCreated),
		ItemCount: b.count, BillingMode: def.BillingMode,
	}
	if src.BillingMode == "" {
		src.BillingMode = schema.BillingProvisioned
	}
	if pt := def.ProvisionedThroughput; pt != nil && def.BillingMode != schema.BillingPayPerRequest {
		src.ProvisionedThroughput = ThroughputSettings{deref(pt.ReadCapacityUnits), deref(pt.WriteCapacityUnits)}
	}
	if def.BillingMode == schema.BillingPayPerRequest {
		src.OnDemandThroughput = def.OnDemandThroughput
	}
	feat := &SourceTableFeatureDetails{StreamDescription: def.StreamSpecification, TimeToLiveDescription: b.ttl}
	for _, l := range def.LocalSecondaryIndexes {
		feat.LocalSecondaryIndexes = append(feat.LocalSecondaryIndexes, IndexInfo{IndexName: l.IndexName, KeySchema: l.KeySchema, Projection: l.Projection})
	}
	for _, g := range def.GlobalSecondaryIndexes {
		info := IndexInfo{IndexName: g.IndexName, KeySchema: g.KeySchema, Projection: g.Projection}
		if pt := g.ProvisionedThroughput; pt != nil && def.BillingMode != schema.BillingPayPerRequest {
			info.ProvisionedThroughput = &ThroughputSettings{deref(pt.ReadCapacityUnits), deref(pt.WriteCapacityUnits)}
		}
		feat.GlobalSecondaryIndexes = append(feat.GlobalSecondaryIndexes, info)
	}
	return &BackupDescription{BackupDetails: b.details(status), SourceTableDetails: src, SourceTableFeatureDetails: feat}
}

// ttlDescription reports t's TTL setting as a backup records it.
func (t *table) ttlDescription() *TimeToLiveDescription {
	desc := &TimeToLiveDescription{TimeToLiveStatus: "DISABLED"}
	if t.ttl != nil && t.ttl.enabled {
		desc.TimeToLiveStatus, desc.AttributeName = "ENABLED", t.ttl.attribute
	}
	return desc
}

// restoreDefinition is the definition a restored table gets: the source's,
// renamed, with the overrides applied. Tags, streams, TTL, deletion
// protection and point-in-time recovery are not restored: DynamoDB's guide
// lists them among the settings to set again on the new table.
func restoreDefinition(src *schema.TableDefinition, target string, o *restoreOverrides) (*schema.TableDefinition, *Error) {
	def := src.Clone()
	def.TableName = target
	def.Tags, def.StreamSpecification, def.DeletionProtectionEnabled = nil, nil, nil
	if o.BillingModeOverride != "" {
		def.BillingMode = o.BillingModeOverride
		if o.BillingModeOverride == schema.BillingPayPerRequest {
			def.ProvisionedThroughput = nil
			for i := range def.GlobalSecondaryIndexes {
				def.GlobalSecondaryIndexes[i].ProvisionedThroughput = nil
			}
		}
	}
	if o.ProvisionedThroughputOverride != nil {
		pt := *o.ProvisionedThroughputOverride
		def.ProvisionedThroughput = &pt
	}
	if o.OnDemandThroughputOverride != nil {
		od := *o.OnDemandThroughputOverride
		def.OnDemandThroughput = &od
	}
	if o.GlobalSecondaryIndexOverride != nil {
		def.GlobalSecondaryIndexes = append([]schema.GlobalSecondaryIndex(nil), o.GlobalSecondaryIndexOverride...)
	}
	if o.LocalSecondaryIndexOverride != nil {
		def.LocalSecondaryIndexes = append([]schema.LocalSecondaryIndex(nil), o.LocalSecondaryIndexOverride...)
	}
	if o.GlobalSecondaryIndexOverride != nil || o.LocalSecondaryIndexOverride != nil {
		// An index left out takes its key attributes' definitions with it.
		used := map[string]bool{}
		for _, k := range def.KeySchema {
			used[k.AttributeName] = true
		}
		for _, g := range def.GlobalSecondaryIndexes {
			for _, k := range g.KeySchema {
				used[k.AttributeName] = true
			}
		}
		for _, l := range def.LocalSecondaryIndexes {
			for _, k := range l.KeySchema {
				used[k.AttributeName] = true
			}
		}
		def.AttributeDefinitions = slices.DeleteFunc(def.AttributeDefinitions, func(a schema.AttributeDefinition) bool { return !used[a.AttributeName] })
	}
	if err := def.Validate(); err != nil {
		return nil, schemaError(err)
	}
	return def, nil
}

// restoreInto creates the table def holding items, registers it and
// describes it with its RestoreSummary. Every item goes through the write
// path, so indexes, item collections and sizes are built as for any write.
// The caller holds the writer lock and has checked that the name is free.
func (d *Database) restoreInto(def *schema.TableDefinition, items *itemTree, summary RestoreSummary) (*TableDescription, *Error) {
	now := d.clock.Now()
	t := d.newTable(def, now)
	var failed *Error
	items.Ascend(func(e entry) bool {
		w, err := d.prepareput(t, e.decode())
		if err != nil {
			failed = err
			return false
		}
		d.apply(t, w, CauseUser)
		return true
	})
	if failed != nil {
		// An index override whose key types clash with the data.
		return nil, failed
	}
	summary.RestoreDateTime = epoch(now)
	t.restore = &summary
	d.tables[def.TableName] = t
	return d.describeWithStream(t), nil
}

// checkRestoreTarget validates a restore's TargetTableName and checks that
// no table has it. The caller holds the lock.
func (d *Database) checkRestoreTarget(name *string) *Error {
	if _, exists := d.tables[*name]; exists {
		return Errorf(CodeTableAlreadyExists, "Table already exists: %s", *name)
	}
	return nil
}
