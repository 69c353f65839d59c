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
            RegionEndpoint = RegionEndpoint.GetBySystemName("eu-west-1"),
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
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
