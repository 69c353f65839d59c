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
		TableName: aws.String("Thread"),
		Key: map[string]types.AttributeValue{
			"ForumName": &types.AttributeValueMemberS{Value: "Amazon DynamoDB"},
			"Subject":   &types.AttributeValueMemberS{Value: "How do I update multiple items?"},
		},
		AttributeUpdates: map[string]types.AttributeValueUpdate{
			"LastPostedBy": {
				Action: types.AttributeActionPut,
				Value:  &types.AttributeValueMemberS{Value: "alice@example.com"},
			},
			"Replies": {
				Action: types.AttributeActionAdd,
				Value:  &types.AttributeValueMemberN{Value: "1"},
			},
			"Tags": {
				Action: types.AttributeActionDelete,
				Value:  &types.AttributeValueMemberSS{Value: []string{"stale"}},
			},
			"Draft": {Action: types.AttributeActionDelete},
		},
		Expected: map[string]types.ExpectedAttributeValue{
			"LastPostedBy": {
				Value:  &types.AttributeValueMemberS{Value: "bob@example.com"},
				Exists: aws.Bool(true),
			},
			"Locked": {Exists: aws.Bool(false)},
			"Replies": {
				ComparisonOperator: types.ComparisonOperatorLt,
				AttributeValueList: []types.AttributeValue{
					&types.AttributeValueMemberN{Value: "1000"},
				},
			},
		},
		ConditionalOperator: types.ConditionalOperatorAnd,
		ReturnValues:        types.ReturnValueUpdatedNew,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
