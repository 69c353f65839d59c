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
        var response = await client.ScanAsync(new ScanRequest
        {
            TableName = "Orders",
            IndexName = "ByStatus",
            FilterExpression = "attribute_exists(sparseFlag) AND size(items) > :n",
            ExpressionAttributeValues = new Dictionary<string, AttributeValue>
            {
                [":n"] = new AttributeValue { N = "3" },
            },
            Select = Select.COUNT,
            Segment = 1,
            TotalSegments = 4,
            ConsistentRead = false,
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
