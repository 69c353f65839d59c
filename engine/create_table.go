package engine

// CreateTable implements DynamoDB's CreateTable.
func (d *Database) CreateTable(in *CreateTableInput) (*CreateTableOutput, error) {
	return nil, notImplemented("CreateTable")
}
