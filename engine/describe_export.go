package engine

// DescribeExport implements DynamoDB's DescribeExport: there are no
// exports. The message is unverified.
func (d *Database) DescribeExport(in *DescribeExportInput) (*DescribeExportOutput, error) {
	var c constraints
	if in.ExportArn == nil {
		c.null("exportArn")
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	return nil, Errorf(CodeExportNotFound, "Export not found: %s", *in.ExportArn)
}
