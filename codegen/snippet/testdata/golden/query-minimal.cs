using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Amazon;
using Amazon.DynamoDBv2;
using Amazon.DynamoDBv2.Model;

class Program
{
    static async Task Main()
    {
        var config = new AmazonDynamoDBConfig
        {
            RegionEndpoint = RegionEndpoint.GetBySystemName("us-east-1"),
        };
        var client = new AmazonDynamoDBClient(config);
        var response = await client.QueryAsync(new QueryRequest
        {
            TableName = "T",
            KeyConditionExpression = "PK = :pk",
            ExpressionAttributeValues = new Dictionary<string, AttributeValue>
            {
                [":pk"] = new AttributeValue { S = "USER#1" },
            },
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
