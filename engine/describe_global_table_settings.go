package engine

// DescribeGlobalTableSettings implements DynamoDB's
// DescribeGlobalTableSettings: there are no global tables here.
func (d *Database) DescribeGlobalTableSettings(in *DescribeGlobalTableSettingsInput) (*DescribeGlobalTableSettingsOutput, error) {
	return nil, globalTableNotFound(in.GlobalTableName)
}
