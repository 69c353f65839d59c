package engine

// ListTables implements DynamoDB's ListTables.
func (d *Database) ListTables(in *ListTablesInput) (*ListTablesOutput, error) {
	return nil, notImplemented("ListTables")
}
