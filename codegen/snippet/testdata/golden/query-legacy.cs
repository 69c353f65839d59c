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
            TableName = "Thread",
            KeyConditions = new Dictionary<string, Condition>
            {
                ["ForumName"] = new Condition
                {
                    ComparisonOperator = ComparisonOperator.EQ,
                    AttributeValueList = new List<AttributeValue>
                    {
                        new AttributeValue { S = "Amazon DynamoDB" },
                    },
                },
                ["LastPostDateTime"] = new Condition
                {
                    ComparisonOperator = ComparisonOperator.BETWEEN,
                    AttributeValueList = new List<AttributeValue>
                    {
                        new AttributeValue { S = "2024-01-01" },
                        new AttributeValue { S = "2024-12-31" },
                    },
                },
            },
            QueryFilter = new Dictionary<string, Condition>
            {
                ["Replies"] = new Condition
                {
                    ComparisonOperator = ComparisonOperator.GT,
                    AttributeValueList = new List<AttributeValue>
                    {
                        new AttributeValue { N = "0" },
                    },
                },
                ["Tags"] = new Condition
                {
                    ComparisonOperator = ComparisonOperator.CONTAINS,
                    AttributeValueList = new List<AttributeValue>
                    {
                        new AttributeValue { S = "index" },
                    },
                },
            },
            ConditionalOperator = ConditionalOperator.OR,
            AttributesToGet = new List<string> { "Subject", "LastPostDateTime", "Replies" },
            Select = Select.SPECIFIC_ATTRIBUTES,
            ConsistentRead = true,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
