package engine

// ListImports implements DynamoDB's ListImports: imports read Amazon S3,
// which the engine does not reach, so there are none.
func (d *Database) ListImports(in *ListImportsInput) (*ListImportsOutput, error) {
	var c constraints
	c.limit(in.PageSize, "pageSize", 1, 25)
	if err := c.err(); err != nil {
		return nil, err
	}
	return &ListImportsOutput{ImportSummaryList: []struct{}{}}, nil
}
