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
        var response = await client.DeleteItemAsync(new DeleteItemRequest
        {
            TableName = "Sessions",
            Key = new Dictionary<string, AttributeValue>
            {
                ["SessionId"] = new AttributeValue { S = "b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12" },
            },
            ConditionExpression = "attribute_exists(SessionId) AND expiresAt < :now",
            ExpressionAttributeValues = new Dictionary<string, AttributeValue>
            {
                [":now"] = new AttributeValue { N = "1718000000" },
            },
            ReturnValues = ReturnValue.ALL_OLD,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
