package engine

// Contributor insights statuses. The engine has no CloudWatch to publish
// to: a table's insights are DISABLED until UpdateContributorInsights
// turns them on, and the switch is immediate (DynamoDB passes through
// ENABLING and DISABLING).
const (
	insightsEnabled  = "ENABLED"
	insightsDisabled = "DISABLED"
)

// DescribeContributorInsights implements DynamoDB's
// DescribeContributorInsights for a table or one of its indexes.
func (d *Database) DescribeContributorInsights(in *DescribeContributorInsightsInput) (*DescribeContributorInsightsOutput, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, index, err := d.insightsTarget(in.TableName, in.IndexName)
	if err != nil {
		return nil, err
	}
	return &DescribeContributorInsightsOutput{TableName: t.def.TableName, IndexName: index, ContributorInsightsStatus: t.insightsStatus(index)}, nil
}

// insightsTarget checks and finds the table (and index) of a contributor
// insights call. The caller holds the lock.
func (d *Database) insightsTarget(tableName, indexName *string) (*table, string, *Error) {
	var c constraints
	c.tableName(tableName)
	c.indexName(indexName)
	if err := c.err(); err != nil {
		return nil, "", err
	}
	t, err := d.lookupControl(*tableName)
	if err != nil {
		return nil, "", err
	}
	if indexName == nil {
		return t, "", nil
	}
	if _, ok := t.indexes[*indexName]; !ok {
		// Unverified wording, shaped like the table's.
		return nil, "", Errorf(CodeResourceNotFound, "Requested resource not found: Index: %s not found", *indexName)
	}
	return t, *indexName, nil
}

func (t *table) insightsStatus(index string) string {
	if s, ok := t.insights[index]; ok {
		return s
	}
	return insightsDisabled
}
