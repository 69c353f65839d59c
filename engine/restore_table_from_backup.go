package engine

// RestoreTableFromBackup implements DynamoDB's RestoreTableFromBackup: a
// new table with the backup's definition (and the overrides) and items.
func (d *Database) RestoreTableFromBackup(in *RestoreTableFromBackupInput) (*RestoreTableFromBackupOutput, error) {
	var c constraints
	c.v.TableName(in.TargetTableName, "targetTableName")
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.lookupBackup(in.BackupArn)
	if err != nil {
		return nil, err
	}
	if err := d.checkRestoreTarget(in.TargetTableName); err != nil {
		return nil, err
	}
	def, err := restoreDefinition(&b.def, *in.TargetTableName, &in.restoreOverrides)
	if err != nil {
		return nil, err
	}
	desc, err := d.restoreInto(def, b.items, RestoreSummary{SourceBackupArn: b.arn, SourceTableArn: b.tableArn})
	if err != nil {
		return nil, err
	}
	return &RestoreTableFromBackupOutput{TableDescription: desc}, nil
}
