package engine

import (
	"slices"
	"time"
)

// ListBackups implements DynamoDB's ListBackups: the backups in creation
// order, filtered by table, creation time (lower bound inclusive, upper
// exclusive) and type, paged by Limit (1..100) and ExclusiveStartBackupArn.
// Every backup the engine takes is a USER backup.
func (d *Database) ListBackups(in *ListBackupsInput) (*ListBackupsOutput, error) {
	var c constraints
	if in.TableName != nil {
		c.tableName(in.TableName)
	}
	c.limit(in.Limit, "limit", 1, 100)
	c.enum(in.BackupType, "backupType", "USER", "SYSTEM", "AWS_BACKUP", "ALL")
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	list := make([]*backup, 0, len(d.backups))
	for _, b := range d.backups {
		if in.TableName != nil && b.tableName != tableNameFromParam(*in.TableName) {
			continue
		}
		if in.BackupType == "SYSTEM" || in.BackupType == "AWS_BACKUP" {
			continue
		}
		if in.TimeRangeLowerBound != nil && b.created.Before(fromEpoch(*in.TimeRangeLowerBound)) {
			continue
		}
		if in.TimeRangeUpperBound != nil && !b.created.Before(fromEpoch(*in.TimeRangeUpperBound)) {
			continue
		}
		list = append(list, b)
	}
	slices.SortFunc(list, func(a, b *backup) int { return int(a.seq) - int(b.seq) })
	if s := in.ExclusiveStartBackupArn; s != nil {
		i := slices.IndexFunc(list, func(b *backup) bool { return b.arn == *s })
		list = list[i+1:] // -1 (unknown) starts from the beginning
	}
	out := &ListBackupsOutput{BackupSummaries: []BackupSummary{}}
	limit := 100
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	for i, b := range list {
		if i == limit {
			out.LastEvaluatedBackupArn = list[i-1].arn
			break
		}
		out.BackupSummaries = append(out.BackupSummaries, BackupSummary{
			TableName: b.tableName, TableId: b.tableID, TableArn: b.tableArn, BackupArn: b.arn, BackupName: b.name,
			BackupCreationDateTime: epoch(b.created), BackupStatus: backupAvailable, BackupType: backupTypeUser, BackupSizeBytes: b.bytes,
		})
	}
	return out, nil
}

// fromEpoch reads an epoch-seconds timestamp.
func fromEpoch(s float64) time.Time {
	return time.UnixMilli(int64(s * 1000))
}
