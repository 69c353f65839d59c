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
        var response = await client.UpdateItemAsync(new UpdateItemRequest
        {
            TableName = "Thread",
            Key = new Dictionary<string, AttributeValue>
            {
                ["ForumName"] = new AttributeValue { S = "Amazon DynamoDB" },
                ["Subject"] = new AttributeValue { S = "How do I update multiple items?" },
            },
            AttributeUpdates = new Dictionary<string, AttributeValueUpdate>
            {
                ["LastPostedBy"] = new AttributeValueUpdate
                {
                    Action = AttributeAction.PUT,
                    Value = new AttributeValue { S = "alice@example.com" },
                },
                ["Replies"] = new AttributeValueUpdate
                {
                    Action = AttributeAction.ADD,
                    Value = new AttributeValue { N = "1" },
                },
                ["Tags"] = new AttributeValueUpdate
                {
                    Action = AttributeAction.DELETE,
                    Value = new AttributeValue { SS = new List<string> { "stale" } },
                },
                ["Draft"] = new AttributeValueUpdate { Action = AttributeAction.DELETE },
            },
            Expected = new Dictionary<string, ExpectedAttributeValue>
            {
                ["LastPostedBy"] = new ExpectedAttributeValue
                {
                    Value = new AttributeValue { S = "bob@example.com" },
                    Exists = true,
                },
                ["Locked"] = new ExpectedAttributeValue { Exists = false },
                ["Replies"] = new ExpectedAttributeValue
                {
                    ComparisonOperator = ComparisonOperator.LT,
                    AttributeValueList = new List<AttributeValue>
                    {
                        new AttributeValue { N = "1000" },
                    },
                },
            },
            ConditionalOperator = ConditionalOperator.AND,
            ReturnValues = ReturnValue.UPDATED_NEW,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
