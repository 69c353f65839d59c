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

	out, err := client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{
				ConditionCheck: &types.ConditionCheck{
					TableName: aws.String("Customers"),
					Key: map[string]types.AttributeValue{
						"CustomerId": &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
					},
					ConditionExpression:      aws.String("attribute_exists(CustomerId) AND #s = :active"),
					ExpressionAttributeNames: map[string]string{"#s": "status"},
					ExpressionAttributeValues: map[string]types.AttributeValue{
						":active": &types.AttributeValueMemberS{Value: "ACTIVE"},
					},
					ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
				},
			},
			{
				Put: &types.Put{
					TableName: aws.String("Orders"),
					Item: map[string]types.AttributeValue{
						"PK":       &types.AttributeValueMemberS{Value: "ORDER#982"},
						"SK":       &types.AttributeValueMemberS{Value: "ORDER#982"},
						"customer": &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
						"total":    &types.AttributeValueMemberN{Value: "99.90"},
					},
					ConditionExpression: aws.String("attribute_not_exists(PK)"),
				},
			},
			{
				Update: &types.Update{
					TableName: aws.String("Inventory"),
					Key: map[string]types.AttributeValue{
						"Sku": &types.AttributeValueMemberS{Value: "SKU-123"},
					},
					UpdateExpression:    aws.String("SET stock = stock - :q"),
					ConditionExpression: aws.String("stock >= :q"),
					ExpressionAttributeValues: map[string]types.AttributeValue{
						":q": &types.AttributeValueMemberN{Value: "2"},
					},
				},
			},
			{
				Delete: &types.Delete{
					TableName: aws.String("Carts"),
					Key: map[string]types.AttributeValue{
						"CustomerId": &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
					},
				},
			},
		},
		ClientRequestToken:          aws.String("order-982-checkout"),
		ReturnConsumedCapacity:      types.ReturnConsumedCapacityIndexes,
		ReturnItemCollectionMetrics: types.ReturnItemCollectionMetricsSize,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
