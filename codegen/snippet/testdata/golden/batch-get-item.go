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

	out, err := client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{
		RequestItems: map[string]types.KeysAndAttributes{
			"Orders": {
				Keys: []map[string]types.AttributeValue{
					{
						"PK": &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
						"SK": &types.AttributeValueMemberS{Value: "PROFILE"},
					},
					{
						"PK": &types.AttributeValueMemberS{Value: "CUSTOMER#43"},
						"SK": &types.AttributeValueMemberS{Value: "PROFILE"},
					},
				},
				ProjectionExpression:     aws.String("PK, #name, email"),
				ExpressionAttributeNames: map[string]string{"#name": "name"},
				ConsistentRead:           aws.Bool(true),
			},
			"Products": {
				Keys: []map[string]types.AttributeValue{
					{"ProductId": &types.AttributeValueMemberN{Value: "1001"}},
					{"ProductId": &types.AttributeValueMemberN{Value: "1002"}},
				},
				AttributesToGet: []string{"ProductId", "Title", "Price"},
			},
		},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
