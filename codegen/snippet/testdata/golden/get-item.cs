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
        var response = await client.GetItemAsync(new GetItemRequest
        {
            TableName = "Orders",
            Key = new Dictionary<string, AttributeValue>
            {
                ["PK"] = new AttributeValue { S = "CUSTOMER#42" },
                ["SK"] = new AttributeValue { S = "PROFILE" },
            },
            ProjectionExpression = "#name, email, addresses[0], #prefs.theme",
            ExpressionAttributeNames = new Dictionary<string, string>
            {
                ["#name"] = "name",
                ["#prefs"] = "preferences",
            },
            ConsistentRead = true,
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
