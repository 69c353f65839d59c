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

	out, err := client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("Orders"),
		Item: map[string]types.AttributeValue{
			"PK":   &types.AttributeValueMemberS{Value: "CUSTOMER#42"},
			"SK":   &types.AttributeValueMemberS{Value: "PROFILE"},
			"name": &types.AttributeValueMemberS{Value: "Siobhán O'Brien"},
			"bio": &types.AttributeValueMemberS{
				Value: "Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME",
			},
			"age": &types.AttributeValueMemberN{Value: "37"},
			"avatar": &types.AttributeValueMemberB{
				Value: []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
			},
			"note": &types.AttributeValueMemberB{Value: []byte("hello world")},
			"emails": &types.AttributeValueMemberSS{
				Value: []string{"siobhan@example.com", "s.obrien@example.org"},
			},
			"luckyNumbers": &types.AttributeValueMemberNS{Value: []string{"7", "13", "42.5"}},
			"keys": &types.AttributeValueMemberBS{
				Value: [][]byte{[]byte("\x00\x01\x02"), []byte("\xff\xff\xff\xff")},
			},
			"addresses": &types.AttributeValueMemberL{
				Value: []types.AttributeValue{
					&types.AttributeValueMemberM{
						Value: map[string]types.AttributeValue{
							"city":    &types.AttributeValueMemberS{Value: "Dublin"},
							"zip":     &types.AttributeValueMemberS{Value: "D02 X285"},
							"primary": &types.AttributeValueMemberBOOL{Value: true},
						},
					},
					&types.AttributeValueMemberM{
						Value: map[string]types.AttributeValue{
							"city":    &types.AttributeValueMemberS{Value: "Cork"},
							"zip":     &types.AttributeValueMemberNULL{Value: true},
							"primary": &types.AttributeValueMemberBOOL{Value: false},
						},
					},
				},
			},
			"preferences": &types.AttributeValueMemberM{
				Value: map[string]types.AttributeValue{
					"theme": &types.AttributeValueMemberS{Value: "dark"},
					"notifications": &types.AttributeValueMemberL{
						Value: []types.AttributeValue{
							&types.AttributeValueMemberS{Value: "email"},
							&types.AttributeValueMemberN{Value: "3"},
							&types.AttributeValueMemberBOOL{Value: true},
						},
					},
				},
			},
			"deletedAt": &types.AttributeValueMemberNULL{Value: true},
			"vip":       &types.AttributeValueMemberBOOL{Value: true},
		},
		ConditionExpression:                 aws.String("attribute_not_exists(PK)"),
		ReturnValues:                        types.ReturnValueAllOld,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
		ReturnConsumedCapacity:              types.ReturnConsumedCapacityTotal,
		ReturnItemCollectionMetrics:         types.ReturnItemCollectionMetricsSize,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
