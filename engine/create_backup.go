package engine

// CreateBackup implements DynamoDB's CreateBackup: an on-demand backup of
// the table as it is now, kept in memory. The answer reports CREATING, as
// DynamoDB's does; the backup is AVAILABLE from the next call on.
func (d *Database) CreateBackup(in *CreateBackupInput) (*CreateBackupOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	if in.BackupName == nil {
		c.null("backupName")
	} else {
		c.v.IndexName(*in.BackupName, "backupName") // the same 3..255 [a-zA-Z0-9_.-]+ rule
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, ok := d.tables[tableNameFromParam(*in.TableName)]
	if !ok {
		return nil, Errorf(CodeTableNotFound, "Table not found: %s", *in.TableName)
	}
	if t.status != statusActive {
		return nil, Errorf(CodeTableInUse, "Table is not in ACTIVE state: %s", t.def.TableName)
	}
	now := d.clock.Now()
	d.backupSeq++
	b := &backup{
		arn: backupArn(t.arn, now, d.backupSeq), name: *in.BackupName, created: now, seq: d.backupSeq,
		tableName: t.def.TableName, tableID: t.id, tableArn: t.arn, tableCreated: t.created,
		def: *t.def.Clone(), ttl: t.ttlDescription(),
		items: t.items.Clone(), bytes: t.bytes, count: int64(t.items.Len()),
	}
	if d.backups == nil {
		d.backups = map[string]*backup{}
	}
	d.backups[b.arn] = b
	return &CreateBackupOutput{BackupDetails: b.details(backupCreating)}, nil
}
