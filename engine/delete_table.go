package engine

// DeleteTable implements DynamoDB's DeleteTable: the table and its items go
// at once; the answer describes it as DELETING, as DynamoDB's does.
func (d *Database) DeleteTable(in *DeleteTableInput) (*DeleteTableOutput, error) {
	d.Tick()
	var c constraints
	c.tableName(in.TableName)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.lookupControl(*in.TableName)
	if err != nil {
		return nil, err
	}
	if t.status == statusUpdating {
		return nil, Errorf(CodeResourceInUse, "Attempt to change a resource which is still in use: Table is being updated: %s", t.def.TableName)
	}
	if t.def.DeletionProtectionEnabled != nil && *t.def.DeletionProtectionEnabled {
		return nil, validationf("Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.")
	}
	full := t.describe()
	desc := &DeletedTableDescription{
		TableName: full.TableName, TableStatus: statusDeleting, TableArn: full.TableArn, TableId: full.TableId,
		ProvisionedThroughput: full.ProvisionedThroughput, BillingModeSummary: full.BillingModeSummary,
		TableSizeBytes: full.TableSizeBytes, ItemCount: full.ItemCount, DeletionProtectionEnabled: full.DeletionProtectionEnabled,
	}
	delete(d.tables, t.def.TableName)
	t.dropped = true
	// Its streams close and their records go now (streams_retention.go).
	d.releaseStreams(t, d.clock.Now())
	return &DeleteTableOutput{TableDescription: desc}, nil
}
