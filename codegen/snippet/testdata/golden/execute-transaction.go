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

	out, err := client.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{
		TransactStatements: []types.ParameterizedStatement{
			{
				Statement: aws.String("DELETE FROM Orders WHERE PK = ? AND SK = ?"),
				Parameters: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "CUSTOMER#42"},
					&types.AttributeValueMemberS{Value: "ORDER#1"},
				},
			},
			{
				Statement: aws.String("EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)"),
			},
		},
		ClientRequestToken:     aws.String("tx-0001"),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v\n", out)
}
