package apply

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// createTableInput maps a model table to CreateTable's input, member by
// member. The table definition also carries settings CreateTable has no
// member for (point-in-time recovery is UpdateContinuousBackups', time to
// live UpdateTimeToLive's): they are applied after the table is ACTIVE
// (see createTable), so a definition is never decoded into the input
// wholesale.
func createTableInput(t *model.Table) *dynamodb.CreateTableInput {
	d := &t.TableDefinition
	in := &dynamodb.CreateTableInput{
		TableName:                 aws.String(d.TableName),
		AttributeDefinitions:      make([]types.AttributeDefinition, 0, len(d.AttributeDefinitions)),
		KeySchema:                 keySchema(d.KeySchema),
		ProvisionedThroughput:     provisioned(d.ProvisionedThroughput),
		OnDemandThroughput:        onDemand(d.OnDemandThroughput),
		DeletionProtectionEnabled: d.DeletionProtectionEnabled,
	}
	for _, a := range d.AttributeDefinitions {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{
			AttributeName: aws.String(a.AttributeName),
			AttributeType: types.ScalarAttributeType(a.AttributeType),
		})
	}
	if d.BillingMode != "" {
		in.BillingMode = types.BillingMode(d.BillingMode)
	}
	for _, g := range d.GlobalSecondaryIndexes {
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{
			IndexName:             aws.String(g.IndexName),
			KeySchema:             keySchema(g.KeySchema),
			Projection:            projection(g.Projection),
			ProvisionedThroughput: provisioned(g.ProvisionedThroughput),
			OnDemandThroughput:    onDemand(g.OnDemandThroughput),
		})
	}
	for _, l := range d.LocalSecondaryIndexes {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{
			IndexName:  aws.String(l.IndexName),
			KeySchema:  keySchema(l.KeySchema),
			Projection: projection(l.Projection),
		})
	}
	if s := d.StreamSpecification; s != nil {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(s.StreamEnabled)}
		if s.StreamViewType != "" {
			in.StreamSpecification.StreamViewType = types.StreamViewType(s.StreamViewType)
		}
	}
	if d.TableClass != "" {
		in.TableClass = types.TableClass(d.TableClass)
	}
	for _, tag := range d.Tags {
		in.Tags = append(in.Tags, types.Tag{Key: aws.String(tag.Key), Value: aws.String(tag.Value)})
	}
	return in
}

// continuousBackupsInput is the UpdateContinuousBackups request that turns
// on the table's point-in-time recovery, or nil when the model leaves it
// off (a new table has it off).
func continuousBackupsInput(t *model.Table) *dynamodb.UpdateContinuousBackupsInput {
	p := t.PointInTimeRecoverySpecification
	if p == nil || !p.PointInTimeRecoveryEnabled {
		return nil
	}
	spec := &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true)}
	if p.RecoveryPeriodInDays != nil {
		spec.RecoveryPeriodInDays = aws.Int32(int32(*p.RecoveryPeriodInDays))
	}
	return &dynamodb.UpdateContinuousBackupsInput{TableName: aws.String(t.TableName), PointInTimeRecoverySpecification: spec}
}

func keySchema(ks []schema.KeySchemaElement) []types.KeySchemaElement {
	out := make([]types.KeySchemaElement, 0, len(ks))
	for _, k := range ks {
		out = append(out, types.KeySchemaElement{AttributeName: aws.String(k.AttributeName), KeyType: types.KeyType(k.KeyType)})
	}
	return out
}

func projection(p schema.Projection) *types.Projection {
	out := &types.Projection{NonKeyAttributes: append([]string(nil), p.NonKeyAttributes...)}
	if p.ProjectionType != "" {
		out.ProjectionType = types.ProjectionType(p.ProjectionType)
	}
	return out
}

func provisioned(p *schema.ProvisionedThroughput) *types.ProvisionedThroughput {
	if p == nil {
		return nil
	}
	return &types.ProvisionedThroughput{ReadCapacityUnits: p.ReadCapacityUnits, WriteCapacityUnits: p.WriteCapacityUnits}
}

func onDemand(p *schema.OnDemandThroughput) *types.OnDemandThroughput {
	if p == nil {
		return nil
	}
	return &types.OnDemandThroughput{MaxReadRequestUnits: p.MaxReadRequestUnits, MaxWriteRequestUnits: p.MaxWriteRequestUnits}
}
