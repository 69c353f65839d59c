package engine

// DescribeKinesisStreamingDestination implements DynamoDB's
// DescribeKinesisStreamingDestination: the engine reaches no Kinesis, so
// a table has no destinations.
func (d *Database) DescribeKinesisStreamingDestination(in *DescribeKinesisStreamingDestinationInput) (*DescribeKinesisStreamingDestinationOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookupControl(*in.TableName)
	if err != nil {
		return nil, err
	}
	return &DescribeKinesisStreamingDestinationOutput{TableName: t.def.TableName, KinesisDataStreamDestinations: []struct{}{}}, nil
}
