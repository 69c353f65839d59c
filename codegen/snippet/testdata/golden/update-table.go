package main

import (
	"context"
	"fmt"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func main() {
	ctx := context.Background()
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion("us-east-1"))
	if err != nil {
		log.Fatal(err)
	}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String("http://localhost:8080")
	})

	out, err := client.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName: aws.String("Orders"),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("status"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("placedAt"), AttributeType: types.ScalarAttributeTypeN},
		},
		BillingMode: types.BillingModePayPerRequest,
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{
			{
				Create: &types.CreateGlobalSecondaryIndexAction{
					IndexName: aws.String("ByStatus"),
					KeySchema: []types.KeySchemaElement{
						{AttributeName: aws.String("status"), KeyType: types.KeyTypeHash},
						{AttributeName: aws.String("placedAt"), KeyType: types.KeyTypeRange},
					},
					Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
					OnDemandThroughput: &types.OnDemandThroughput{
						MaxReadRequestUnits:  aws.Int64(1000),
						MaxWriteRequestUnits: aws.Int64(500),
					},
				},
			},
			{Delete: &types.DeleteGlobalSecondaryIndexAction{IndexName: aws.String("GSI1")}},
		},
		StreamSpecification:       &types.StreamSpecification{StreamEnabled: aws.Bool(false)},
		DeletionProtectionEnabled: aws.Bool(false),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
