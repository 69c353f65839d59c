package engine

// ListExports implements DynamoDB's ListExports: exports go to Amazon S3,
// which the engine does not reach, so there are none.
func (d *Database) ListExports(in *ListExportsInput) (*ListExportsOutput, error) {
	var c constraints
	c.limit(in.MaxResults, "maxResults", 1, 25)
	if err := c.err(); err != nil {
		return nil, err
	}
	return &ListExportsOutput{ExportSummaries: []struct{}{}}, nil
}
