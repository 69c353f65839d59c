package engine

// DeleteItem implements DynamoDB's DeleteItem.
func (d *Database) DeleteItem(in *DeleteItemInput) (*DeleteItemOutput, error) {
	return nil, notImplemented("DeleteItem")
}
