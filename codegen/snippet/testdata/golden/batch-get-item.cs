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
        var response = await client.BatchGetItemAsync(new BatchGetItemRequest
        {
            RequestItems = new Dictionary<string, KeysAndAttributes>
            {
                ["Orders"] = new KeysAndAttributes
                {
                    Keys = new List<Dictionary<string, AttributeValue>>
                    {
                        new Dictionary<string, AttributeValue>
                        {
                            ["PK"] = new AttributeValue { S = "CUSTOMER#42" },
                            ["SK"] = new AttributeValue { S = "PROFILE" },
                        },
                        new Dictionary<string, AttributeValue>
                        {
                            ["PK"] = new AttributeValue { S = "CUSTOMER#43" },
                            ["SK"] = new AttributeValue { S = "PROFILE" },
                        },
                    },
                    ProjectionExpression = "PK, #name, email",
                    ExpressionAttributeNames = new Dictionary<string, string>
                    {
                        ["#name"] = "name",
                    },
                    ConsistentRead = true,
                },
                ["Products"] = new KeysAndAttributes
                {
                    Keys = new List<Dictionary<string, AttributeValue>>
                    {
                        new Dictionary<string, AttributeValue>
                        {
                            ["ProductId"] = new AttributeValue { N = "1001" },
                        },
                        new Dictionary<string, AttributeValue>
                        {
                            ["ProductId"] = new AttributeValue { N = "1002" },
                        },
                    },
                    AttributesToGet = new List<string> { "ProductId", "Title", "Price" },
                },
            },
            ReturnConsumedCapacity = ReturnConsumedCapacity.INDEXES,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
