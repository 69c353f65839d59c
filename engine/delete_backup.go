package engine

// DeleteBackup implements DynamoDB's DeleteBackup: the backup goes at once
// and the answer describes it as DELETED.
func (d *Database) DeleteBackup(in *DeleteBackupInput) (*DeleteBackupOutput, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	b, err := d.lookupBackup(in.BackupArn)
	if err != nil {
		return nil, err
	}
	delete(d.backups, b.arn)
	return &DeleteBackupOutput{BackupDescription: b.description(backupDeleted)}, nil
}
