package engine

// BatchWriteItem implements DynamoDB's BatchWriteItem.
func (d *Database) BatchWriteItem(in *BatchWriteItemInput) (*BatchWriteItemOutput, error) {
	return nil, notImplemented("BatchWriteItem")
}
