package engine

// UpdateTable implements DynamoDB's UpdateTable.
func (d *Database) UpdateTable(in *UpdateTableInput) (*UpdateTableOutput, error) {
	return nil, notImplemented("UpdateTable")
}
