package engine

import "sort"

// ListContributorInsights implements DynamoDB's ListContributorInsights:
// one summary per table (or the given table) and per index, in name order.
// MaxResults is 0..100 (0 or absent: 100); NextToken is the last name given.
func (d *Database) ListContributorInsights(in *ListContributorInsightsInput) (*ListContributorInsightsOutput, error) {
	var c constraints
	if in.TableName != nil {
		c.tableName(in.TableName)
	}
	c.limit(in.MaxResults, "maxResults", 0, 100)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	var names []string
	if in.TableName != nil {
		t, err := d.lookupControl(*in.TableName)
		if err != nil {
			return nil, err
		}
		names = []string{t.def.TableName}
	} else {
		for n := range d.tables {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	var all []ContributorInsightsSummary
	for _, n := range names {
		t := d.tables[n]
		all = append(all, ContributorInsightsSummary{TableName: n, ContributorInsightsStatus: t.insightsStatus("")})
		for _, ix := range t.indexOrder {
			all = append(all, ContributorInsightsSummary{TableName: n, IndexName: ix.name, ContributorInsightsStatus: t.insightsStatus(ix.name)})
		}
	}
	start := 0
	if in.NextToken != nil {
		for i, s := range all {
			if s.TableName+"/"+s.IndexName == *in.NextToken {
				start = i + 1
			}
		}
	}
	limit := 100
	if in.MaxResults != nil && *in.MaxResults > 0 {
		limit = int(*in.MaxResults)
	}
	out := &ListContributorInsightsOutput{ContributorInsightsSummaries: []ContributorInsightsSummary{}}
	rest := all[start:]
	if len(rest) > limit {
		rest = rest[:limit]
		last := rest[limit-1]
		out.NextToken = last.TableName + "/" + last.IndexName
	}
	out.ContributorInsightsSummaries = append(out.ContributorInsightsSummaries, rest...)
	return out, nil
}
