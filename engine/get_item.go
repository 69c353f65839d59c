package engine

// GetItem implements DynamoDB's GetItem.
func (d *Database) GetItem(in *GetItemInput) (*GetItemOutput, error) {
	return nil, notImplemented("GetItem")
}
