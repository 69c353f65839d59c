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
		TableName: aws.String("Thread"),
		KeyConditions: map[string]types.Condition{
			"ForumName": {
				ComparisonOperator: types.ComparisonOperatorEq,
				AttributeValueList: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "Amazon DynamoDB"},
				},
			},
			"LastPostDateTime": {
				ComparisonOperator: types.ComparisonOperatorBetween,
				AttributeValueList: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "2024-01-01"},
					&types.AttributeValueMemberS{Value: "2024-12-31"},
				},
			},
		},
		QueryFilter: map[string]types.Condition{
			"Replies": {
				ComparisonOperator: types.ComparisonOperatorGt,
				AttributeValueList: []types.AttributeValue{
					&types.AttributeValueMemberN{Value: "0"},
				},
			},
			"Tags": {
				ComparisonOperator: types.ComparisonOperatorContains,
				AttributeValueList: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "index"},
				},
			},
		},
		ConditionalOperator: types.ConditionalOperatorOr,
		AttributesToGet:     []string{"Subject", "LastPostDateTime", "Replies"},
		Select:              types.SelectSpecificAttributes,
		ConsistentRead:      aws.Bool(true),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
