package engine

// DescribeBackup implements DynamoDB's DescribeBackup.
func (d *Database) DescribeBackup(in *DescribeBackupInput) (*DescribeBackupOutput, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	b, err := d.lookupBackup(in.BackupArn)
	if err != nil {
		return nil, err
	}
	return &DescribeBackupOutput{BackupDescription: b.description(backupAvailable)}, nil
}

// Backup ARN length bounds: API model (BackupArn 37..1024).
const (
	minBackupArnLength = 37
	maxBackupArnLength = 1024
)

// lookupBackup checks a BackupArn parameter and finds the backup. The
// caller holds the lock.
func (d *Database) lookupBackup(arn *string) (*backup, *Error) {
	var c constraints
	switch {
	case arn == nil:
		c.null("backupArn")
	case len(*arn) < minBackupArnLength:
		c.bad(*arn, "backupArn", "Member must have length greater than or equal to 37")
	case len(*arn) > maxBackupArnLength:
		c.bad(*arn, "backupArn", "Member must have length less than or equal to 1024")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	b, ok := d.backups[*arn]
	if !ok {
		// Unverified wording; the exception is the API model's.
		return nil, Errorf(CodeBackupNotFound, "Backup not found: %s", *arn)
	}
	return b, nil
}
