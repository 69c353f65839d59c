package engine

// DescribeTableReplicaAutoScaling implements DynamoDB's
// DescribeTableReplicaAutoScaling: a table of this one-Region engine has
// no replicas.
func (d *Database) DescribeTableReplicaAutoScaling(in *DescribeTableReplicaAutoScalingInput) (*DescribeTableReplicaAutoScalingOutput, error) {
	d.Tick()
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
	return &DescribeTableReplicaAutoScalingOutput{TableAutoScalingDescription: &TableAutoScalingDescription{
		TableName: t.def.TableName, TableStatus: t.status, Replicas: []struct{}{},
	}}, nil
}
