package engine

// PutItem implements DynamoDB's PutItem.
func (d *Database) PutItem(in *PutItemInput) (*PutItemOutput, error) {
	return nil, notImplemented("PutItem")
}
