package engine

import "time"

// DescribeContinuousBackups implements DynamoDB's DescribeContinuousBackups.
// Continuous backups (the ability to take on-demand backups) are always
// ENABLED; point-in-time recovery is what UpdateContinuousBackups turns on.
func (d *Database) DescribeContinuousBackups(in *DescribeContinuousBackupsInput) (*DescribeContinuousBackupsOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.pitrTable(*in.TableName)
	if err != nil {
		return nil, err
	}
	return &DescribeContinuousBackupsOutput{ContinuousBackupsDescription: t.continuousBackups(d.clock.Now())}, nil
}

// pitrTable finds the table of a continuous-backups call, whose missing
// table is a TableNotFoundException (API model). The caller holds the lock.
func (d *Database) pitrTable(param string) (*table, *Error) {
	t, ok := d.tables[tableNameFromParam(param)]
	if !ok {
		return nil, Errorf(CodeTableNotFound, "Table not found: %s", param)
	}
	return t, nil
}

// continuousBackups describes t's continuous backups at now.
func (t *table) continuousBackups(now time.Time) *ContinuousBackupsDescription {
	p := &PointInTimeRecoveryDescription{PointInTimeRecoveryStatus: "DISABLED"}
	if t.pitr != nil {
		earliest, latest := t.pitr.window(now)
		days := t.pitr.days
		p.PointInTimeRecoveryStatus, p.RecoveryPeriodInDays = "ENABLED", &days
		p.EarliestRestorableDateTime, p.LatestRestorableDateTime = epochPtr(earliest), epochPtr(latest)
	}
	return &ContinuousBackupsDescription{ContinuousBackupsStatus: "ENABLED", PointInTimeRecoveryDescription: p}
}
