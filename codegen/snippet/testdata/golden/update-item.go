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

	out, err := client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String("Orders"),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "ORDER#981"},
			"SK": &types.AttributeValueMemberS{Value: "ORDER#981"},
		},
		UpdateExpression:         aws.String("SET #status = :shipped, shippedAt = :now, history = list_append(if_not_exists(history, :empty), :event) ADD version :one REMOVE pendingReason"),
		ConditionExpression:      aws.String("#status = :paid AND version = :expected"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":shipped": &types.AttributeValueMemberS{Value: "SHIPPED"},
			":paid":    &types.AttributeValueMemberS{Value: "PAID"},
			":now":     &types.AttributeValueMemberN{Value: "1718000000"},
			":empty":   &types.AttributeValueMemberL{Value: []types.AttributeValue{}},
			":event": &types.AttributeValueMemberL{
				Value: []types.AttributeValue{
					&types.AttributeValueMemberM{
						Value: map[string]types.AttributeValue{
							"at":   &types.AttributeValueMemberN{Value: "1718000000"},
							"what": &types.AttributeValueMemberS{Value: "shipped"},
						},
					},
				},
			},
			":one":      &types.AttributeValueMemberN{Value: "1"},
			":expected": &types.AttributeValueMemberN{Value: "6"},
		},
		ReturnValues:                        types.ReturnValueAllNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureNone,
		ReturnConsumedCapacity:              types.ReturnConsumedCapacityTotal,
		ReturnItemCollectionMetrics:         types.ReturnItemCollectionMetricsSize,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
