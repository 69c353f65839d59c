using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Amazon.DynamoDBv2;
using Amazon.DynamoDBv2.Model;

class Program
{
    static async Task Main()
    {
        var config = new AmazonDynamoDBConfig
        {
            ServiceURL = "http://localhost:8080",
            AuthenticationRegion = "us-east-1",
        };
        var client = new AmazonDynamoDBClient(config);
        var response = await client.UpdateItemAsync(new UpdateItemRequest
        {
            TableName = "Orders",
            Key = new Dictionary<string, AttributeValue>
            {
                ["PK"] = new AttributeValue { S = "ORDER#981" },
                ["SK"] = new AttributeValue { S = "ORDER#981" },
            },
            UpdateExpression = "SET #status = :shipped, shippedAt = :now, history = list_append(if_not_exists(history, :empty), :event) ADD version :one REMOVE pendingReason",
            ConditionExpression = "#status = :paid AND version = :expected",
            ExpressionAttributeNames = new Dictionary<string, string> { ["#status"] = "status" },
            ExpressionAttributeValues = new Dictionary<string, AttributeValue>
            {
                [":shipped"] = new AttributeValue { S = "SHIPPED" },
                [":paid"] = new AttributeValue { S = "PAID" },
                [":now"] = new AttributeValue { N = "1718000000" },
                [":empty"] = new AttributeValue { L = new List<AttributeValue> {} },
                [":event"] = new AttributeValue
                {
                    L = new List<AttributeValue>
                    {
                        new AttributeValue
                        {
                            M = new Dictionary<string, AttributeValue>
                            {
                                ["at"] = new AttributeValue { N = "1718000000" },
                                ["what"] = new AttributeValue { S = "shipped" },
                            },
                        },
                    },
                },
                [":one"] = new AttributeValue { N = "1" },
                [":expected"] = new AttributeValue { N = "6" },
            },
            ReturnValues = ReturnValue.ALL_NEW,
            ReturnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure.NONE,
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
            ReturnItemCollectionMetrics = ReturnItemCollectionMetrics.SIZE,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
