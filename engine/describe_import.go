package engine

// DescribeImport implements DynamoDB's DescribeImport: there are no
// imports. The message is unverified.
func (d *Database) DescribeImport(in *DescribeImportInput) (*DescribeImportOutput, error) {
	var c constraints
	if in.ImportArn == nil {
		c.null("importArn")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	return nil, Errorf(CodeImportNotFound, "Import not found: %s", *in.ImportArn)
}
