package engine

// BatchGetItem implements DynamoDB's BatchGetItem.
func (d *Database) BatchGetItem(in *BatchGetItemInput) (*BatchGetItemOutput, error) {
	return nil, notImplemented("BatchGetItem")
}
