package engine

// Account and table throughput quotas: the defaults DescribeLimits reports
// in most regions (DynamoDB's service quotas page: 80,000 units per
// account, 40,000 per table, reads and writes alike).
const (
	accountMaxCapacityUnits = 80000
	tableMaxCapacityUnits   = 40000
)

// DescribeLimits implements DynamoDB's DescribeLimits with the default
// quotas.
func (d *Database) DescribeLimits(*DescribeLimitsInput) (*DescribeLimitsOutput, error) {
	return &DescribeLimitsOutput{
		AccountMaxReadCapacityUnits: accountMaxCapacityUnits, AccountMaxWriteCapacityUnits: accountMaxCapacityUnits,
		TableMaxReadCapacityUnits: tableMaxCapacityUnits, TableMaxWriteCapacityUnits: tableMaxCapacityUnits,
	}, nil
}
