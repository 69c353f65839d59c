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
        var response = await client.TransactWriteItemsAsync(new TransactWriteItemsRequest
        {
            TransactItems = new List<TransactWriteItem>
            {
                new TransactWriteItem
                {
                    ConditionCheck = new ConditionCheck
                    {
                        TableName = "Customers",
                        Key = new Dictionary<string, AttributeValue>
                        {
                            ["CustomerId"] = new AttributeValue { S = "CUSTOMER#42" },
                        },
                        ConditionExpression = "attribute_exists(CustomerId) AND #s = :active",
                        ExpressionAttributeNames = new Dictionary<string, string>
                        {
                            ["#s"] = "status",
                        },
                        ExpressionAttributeValues = new Dictionary<string, AttributeValue>
                        {
                            [":active"] = new AttributeValue { S = "ACTIVE" },
                        },
                        ReturnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure.ALL_OLD,
                    },
                },
                new TransactWriteItem
                {
                    Put = new Put
                    {
                        TableName = "Orders",
                        Item = new Dictionary<string, AttributeValue>
                        {
                            ["PK"] = new AttributeValue { S = "ORDER#982" },
                            ["SK"] = new AttributeValue { S = "ORDER#982" },
                            ["customer"] = new AttributeValue { S = "CUSTOMER#42" },
                            ["total"] = new AttributeValue { N = "99.90" },
                        },
                        ConditionExpression = "attribute_not_exists(PK)",
                    },
                },
                new TransactWriteItem
                {
                    Update = new Update
                    {
                        TableName = "Inventory",
                        Key = new Dictionary<string, AttributeValue>
                        {
                            ["Sku"] = new AttributeValue { S = "SKU-123" },
                        },
                        UpdateExpression = "SET stock = stock - :q",
                        ConditionExpression = "stock >= :q",
                        ExpressionAttributeValues = new Dictionary<string, AttributeValue>
                        {
                            [":q"] = new AttributeValue { N = "2" },
                        },
                    },
                },
                new TransactWriteItem
                {
                    Delete = new Delete
                    {
                        TableName = "Carts",
                        Key = new Dictionary<string, AttributeValue>
                        {
                            ["CustomerId"] = new AttributeValue { S = "CUSTOMER#42" },
                        },
                    },
                },
            },
            ClientRequestToken = "order-982-checkout",
            ReturnConsumedCapacity = ReturnConsumedCapacity.INDEXES,
            ReturnItemCollectionMetrics = ReturnItemCollectionMetrics.SIZE,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
