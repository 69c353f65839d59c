package engine

// UpdateItem implements DynamoDB's UpdateItem.
func (d *Database) UpdateItem(in *UpdateItemInput) (*UpdateItemOutput, error) {
	return nil, notImplemented("UpdateItem")
}
