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
        var response = await client.TransactGetItemsAsync(new TransactGetItemsRequest
        {
            TransactItems = new List<TransactGetItem>
            {
                new TransactGetItem
                {
                    Get = new Get
                    {
                        TableName = "Accounts",
                        Key = new Dictionary<string, AttributeValue>
                        {
                            ["AccountId"] = new AttributeValue { S = "acct-1" },
                        },
                        ProjectionExpression = "balance, #o",
                        ExpressionAttributeNames = new Dictionary<string, string>
                        {
                            ["#o"] = "owner",
                        },
                    },
                },
                new TransactGetItem
                {
                    Get = new Get
                    {
                        TableName = "Accounts",
                        Key = new Dictionary<string, AttributeValue>
                        {
                            ["AccountId"] = new AttributeValue { S = "acct-2" },
                        },
                    },
                },
            },
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
