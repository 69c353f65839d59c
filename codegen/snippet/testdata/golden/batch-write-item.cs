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
        var response = await client.BatchWriteItemAsync(new BatchWriteItemRequest
        {
            RequestItems = new Dictionary<string, List<WriteRequest>>
            {
                ["Readings"] = new List<WriteRequest>
                {
                    new WriteRequest
                    {
                        PutRequest = new PutRequest
                        {
                            Item = new Dictionary<string, AttributeValue>
                            {
                                ["SensorId"] = new AttributeValue { S = "sensor-7#3" },
                                ["At"] = new AttributeValue { N = "1718000000" },
                                ["Celsius"] = new AttributeValue { N = "21.4" },
                                ["Raw"] = new AttributeValue
                                {
                                    B = new MemoryStream(Encoding.UTF8.GetBytes("\u0001\u0002\u0003\u0004")),
                                },
                            },
                        },
                    },
                    new WriteRequest
                    {
                        PutRequest = new PutRequest
                        {
                            Item = new Dictionary<string, AttributeValue>
                            {
                                ["SensorId"] = new AttributeValue { S = "sensor-7#1" },
                                ["At"] = new AttributeValue { N = "1718000060" },
                                ["Celsius"] = new AttributeValue { N = "21.6" },
                            },
                        },
                    },
                    new WriteRequest
                    {
                        DeleteRequest = new DeleteRequest
                        {
                            Key = new Dictionary<string, AttributeValue>
                            {
                                ["SensorId"] = new AttributeValue { S = "sensor-7#2" },
                                ["At"] = new AttributeValue { N = "1717000000" },
                            },
                        },
                    },
                },
                ["SensorIndex"] = new List<WriteRequest>
                {
                    new WriteRequest
                    {
                        PutRequest = new PutRequest
                        {
                            Item = new Dictionary<string, AttributeValue>
                            {
                                ["SensorId"] = new AttributeValue { S = "sensor-7" },
                                ["Shards"] = new AttributeValue { N = "4" },
                            },
                        },
                    },
                },
            },
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
            ReturnItemCollectionMetrics = ReturnItemCollectionMetrics.SIZE,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
