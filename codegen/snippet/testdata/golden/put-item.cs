using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
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
        var response = await client.PutItemAsync(new PutItemRequest
        {
            TableName = "Orders",
            Item = new Dictionary<string, AttributeValue>
            {
                ["PK"] = new AttributeValue { S = "CUSTOMER#42" },
                ["SK"] = new AttributeValue { S = "PROFILE" },
                ["name"] = new AttributeValue { S = "Siobhán O'Brien" },
                ["bio"] = new AttributeValue
                {
                    S = "Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME",
                },
                ["age"] = new AttributeValue { N = "37" },
                ["avatar"] = new AttributeValue
                {
                    B = new MemoryStream(new byte[] { 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52 }),
                },
                ["note"] = new AttributeValue
                {
                    B = new MemoryStream(Encoding.UTF8.GetBytes("hello world")),
                },
                ["emails"] = new AttributeValue
                {
                    SS = new List<string> { "siobhan@example.com", "s.obrien@example.org" },
                },
                ["luckyNumbers"] = new AttributeValue
                {
                    NS = new List<string> { "7", "13", "42.5" },
                },
                ["keys"] = new AttributeValue
                {
                    BS = new List<MemoryStream>
                    {
                        new MemoryStream(Encoding.UTF8.GetBytes("\0\u0001\u0002")),
                        new MemoryStream(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF }),
                    },
                },
                ["addresses"] = new AttributeValue
                {
                    L = new List<AttributeValue>
                    {
                        new AttributeValue
                        {
                            M = new Dictionary<string, AttributeValue>
                            {
                                ["city"] = new AttributeValue { S = "Dublin" },
                                ["zip"] = new AttributeValue { S = "D02 X285" },
                                ["primary"] = new AttributeValue { BOOL = true },
                            },
                        },
                        new AttributeValue
                        {
                            M = new Dictionary<string, AttributeValue>
                            {
                                ["city"] = new AttributeValue { S = "Cork" },
                                ["zip"] = new AttributeValue { NULL = true },
                                ["primary"] = new AttributeValue { BOOL = false },
                            },
                        },
                    },
                },
                ["preferences"] = new AttributeValue
                {
                    M = new Dictionary<string, AttributeValue>
                    {
                        ["theme"] = new AttributeValue { S = "dark" },
                        ["notifications"] = new AttributeValue
                        {
                            L = new List<AttributeValue>
                            {
                                new AttributeValue { S = "email" },
                                new AttributeValue { N = "3" },
                                new AttributeValue { BOOL = true },
                            },
                        },
                    },
                },
                ["deletedAt"] = new AttributeValue { NULL = true },
                ["vip"] = new AttributeValue { BOOL = true },
            },
            ConditionExpression = "attribute_not_exists(PK)",
            ReturnValues = ReturnValue.ALL_OLD,
            ReturnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure.ALL_OLD,
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
            ReturnItemCollectionMetrics = ReturnItemCollectionMetrics.SIZE,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
