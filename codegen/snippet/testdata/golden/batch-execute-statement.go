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

	out, err := client.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{
		Statements: []types.BatchStatementRequest{
			{
				Statement: aws.String("UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?"),
				Parameters: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "CUSTOMER#42"},
					&types.AttributeValueMemberS{Value: "ORDER#1"},
				},
				ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
			},
			{
				Statement: aws.String("INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}"),
				Parameters: []types.AttributeValue{
					&types.AttributeValueMemberS{Value: "CUSTOMER#42"},
					&types.AttributeValueMemberB{Value: []byte("hello")},
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
