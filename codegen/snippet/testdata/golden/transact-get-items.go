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

	out, err := client.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{
		TransactItems: []types.TransactGetItem{
			{
				Get: &types.Get{
					TableName: aws.String("Accounts"),
					Key: map[string]types.AttributeValue{
						"AccountId": &types.AttributeValueMemberS{Value: "acct-1"},
					},
					ProjectionExpression:     aws.String("balance, #o"),
					ExpressionAttributeNames: map[string]string{"#o": "owner"},
				},
			},
			{
				Get: &types.Get{
					TableName: aws.String("Accounts"),
					Key: map[string]types.AttributeValue{
						"AccountId": &types.AttributeValueMemberS{Value: "acct-2"},
					},
				},
			},
		},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
