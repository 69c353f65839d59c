package engine

// TransactGetItems implements DynamoDB's TransactGetItems.
func (d *Database) TransactGetItems(in *TransactGetItemsInput) (*TransactGetItemsOutput, error) {
	return nil, notImplemented("TransactGetItems")
}
