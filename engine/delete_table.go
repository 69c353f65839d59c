package engine

// DeleteTable implements DynamoDB's DeleteTable.
func (d *Database) DeleteTable(in *DeleteTableInput) (*DeleteTableOutput, error) {
	return nil, notImplemented("DeleteTable")
}
