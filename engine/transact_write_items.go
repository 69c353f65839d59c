package engine

// TransactWriteItems implements DynamoDB's TransactWriteItems.
func (d *Database) TransactWriteItems(in *TransactWriteItemsInput) (*TransactWriteItemsOutput, error) {
	return nil, notImplemented("TransactWriteItems")
}
