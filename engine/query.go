package engine

// Query implements DynamoDB's Query.
func (d *Database) Query(in *QueryInput) (*QueryOutput, error) {
	return nil, notImplemented("Query")
}
