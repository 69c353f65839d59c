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
        var response = await client.QueryAsync(new QueryRequest
        {
            TableName = "Orders",
            IndexName = "GSI1",
            KeyConditionExpression = "GSI1PK = :pk AND begins_with(GSI1SK, :prefix)",
            FilterExpression = "#status <> :cancelled AND total >= :min",
            ProjectionExpression = "PK, SK, #status, total, placedAt",
            ExpressionAttributeNames = new Dictionary<string, string> { ["#status"] = "status" },
            ExpressionAttributeValues = new Dictionary<string, AttributeValue>
            {
                [":pk"] = new AttributeValue { S = "CUSTOMER#42" },
                [":prefix"] = new AttributeValue { S = "ORDER#2024-" },
                [":cancelled"] = new AttributeValue { S = "CANCELLED" },
                [":min"] = new AttributeValue { N = "25.50" },
            },
            ScanIndexForward = false,
            Limit = 20,
            ExclusiveStartKey = new Dictionary<string, AttributeValue>
            {
                ["PK"] = new AttributeValue { S = "ORDER#981" },
                ["SK"] = new AttributeValue { S = "ORDER#981" },
                ["GSI1PK"] = new AttributeValue { S = "CUSTOMER#42" },
                ["GSI1SK"] = new AttributeValue { S = "ORDER#2024-03-02" },
            },
            ReturnConsumedCapacity = ReturnConsumedCapacity.INDEXES,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
