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

	out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
		RequestItems: map[string][]types.WriteRequest{
			"Readings": {
				{
					PutRequest: &types.PutRequest{
						Item: map[string]types.AttributeValue{
							"SensorId": &types.AttributeValueMemberS{Value: "sensor-7#3"},
							"At":       &types.AttributeValueMemberN{Value: "1718000000"},
							"Celsius":  &types.AttributeValueMemberN{Value: "21.4"},
							"Raw":      &types.AttributeValueMemberB{Value: []byte("\x01\x02\x03\x04")},
						},
					},
				},
				{
					PutRequest: &types.PutRequest{
						Item: map[string]types.AttributeValue{
							"SensorId": &types.AttributeValueMemberS{Value: "sensor-7#1"},
							"At":       &types.AttributeValueMemberN{Value: "1718000060"},
							"Celsius":  &types.AttributeValueMemberN{Value: "21.6"},
						},
					},
				},
				{
					DeleteRequest: &types.DeleteRequest{
						Key: map[string]types.AttributeValue{
							"SensorId": &types.AttributeValueMemberS{Value: "sensor-7#2"},
							"At":       &types.AttributeValueMemberN{Value: "1717000000"},
						},
					},
				},
			},
			"SensorIndex": {
				{
					PutRequest: &types.PutRequest{
						Item: map[string]types.AttributeValue{
							"SensorId": &types.AttributeValueMemberS{Value: "sensor-7"},
							"Shards":   &types.AttributeValueMemberN{Value: "4"},
						},
					},
				},
			},
		},
		ReturnConsumedCapacity:      types.ReturnConsumedCapacityTotal,
		ReturnItemCollectionMetrics: types.ReturnItemCollectionMetricsSize,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
