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

	out, err := client.Query(ctx, &dynamodb.QueryInput{
		TableName:                aws.String("Orders"),
		IndexName:                aws.String("GSI1"),
		KeyConditionExpression:   aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :prefix)"),
		FilterExpression:         aws.String("#status <> :cancelled AND total >= :min"),
		ProjectionExpression:     aws.String("PK, SK, #status, total, placedAt"),
		ExpressionAttributeNames: map[string]string{"#status": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk":        &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
			":prefix":    &types.AttributeValueMemberS{Value: "ORDER#2024-"},
			":cancelled": &types.AttributeValueMemberS{Value: "CANCELLED"},
			":min":       &types.AttributeValueMemberN{Value: "25.50"},
		},
		ScanIndexForward: aws.Bool(false),
		Limit:            aws.Int32(20),
		ExclusiveStartKey: map[string]types.AttributeValue{
			"PK":     &types.AttributeValueMemberS{Value: "ORDER#981"},
			"SK":     &types.AttributeValueMemberS{Value: "ORDER#981"},
			"GSI1PK": &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
			"GSI1SK": &types.AttributeValueMemberS{Value: "ORDER#2024-03-02"},
		},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
