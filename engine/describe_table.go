package engine

// DescribeTable implements DynamoDB's DescribeTable.
func (d *Database) DescribeTable(in *DescribeTableInput) (*DescribeTableOutput, error) {
	return nil, notImplemented("DescribeTable")
}
