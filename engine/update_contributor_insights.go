package engine

// UpdateContributorInsights implements DynamoDB's UpdateContributorInsights:
// the status is recorded and reported (there is no CloudWatch behind it).
func (d *Database) UpdateContributorInsights(in *UpdateContributorInsightsInput) (*UpdateContributorInsightsOutput, error) {
	var c constraints
	if in.ContributorInsightsAction == "" {
		c.null("contributorInsightsAction")
	}
	c.enum(in.ContributorInsightsAction, "contributorInsightsAction", "ENABLE", "DISABLE")
	c.enum(in.ContributorInsightsMode, "contributorInsightsMode", "ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS")
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, index, err := d.insightsTarget(in.TableName, in.IndexName)
	if err != nil {
		return nil, err
	}
	if t.insights == nil {
		t.insights = map[string]string{}
	}
	status := insightsDisabled
	if in.ContributorInsightsAction == "ENABLE" {
		status = insightsEnabled
	}
	t.insights[index] = status
	return &UpdateContributorInsightsOutput{TableName: t.def.TableName, IndexName: index, ContributorInsightsStatus: status}, nil
}
