package engine

// DescribeGlobalTable implements DynamoDB's DescribeGlobalTable: there are
// no global tables in a one-Region engine. The message is unverified.
func (d *Database) DescribeGlobalTable(in *DescribeGlobalTableInput) (*DescribeGlobalTableOutput, error) {
	return nil, globalTableNotFound(in.GlobalTableName)
}

// globalTableNotFound checks a GlobalTableName and answers that it names
// no global table.
func globalTableNotFound(name *string) *Error {
	var c constraints
	c.tableName(name)
	if err := c.err(); err != nil {
		return err
	}
	return Errorf(CodeGlobalTableNotFound, "Global table not found: %s", *name)
}
