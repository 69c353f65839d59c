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
        var response = await client.UpdateTableAsync(new UpdateTableRequest
        {
            TableName = "Orders",
            AttributeDefinitions = new List<AttributeDefinition>
            {
                new AttributeDefinition
                {
                    AttributeName = "status",
                    AttributeType = ScalarAttributeType.S,
                },
                new AttributeDefinition
                {
                    AttributeName = "placedAt",
                    AttributeType = ScalarAttributeType.N,
                },
            },
            BillingMode = BillingMode.PAY_PER_REQUEST,
            GlobalSecondaryIndexUpdates = new List<GlobalSecondaryIndexUpdate>
            {
                new GlobalSecondaryIndexUpdate
                {
                    Create = new CreateGlobalSecondaryIndexAction
                    {
                        IndexName = "ByStatus",
                        KeySchema = new List<KeySchemaElement>
                        {
                            new KeySchemaElement
                            {
                                AttributeName = "status",
                                KeyType = KeyType.HASH,
                            },
                            new KeySchemaElement
                            {
                                AttributeName = "placedAt",
                                KeyType = KeyType.RANGE,
                            },
                        },
                        Projection = new Projection { ProjectionType = ProjectionType.ALL },
                        OnDemandThroughput = new OnDemandThroughput
                        {
                            MaxReadRequestUnits = 1000,
                            MaxWriteRequestUnits = 500,
                        },
                    },
                },
                new GlobalSecondaryIndexUpdate
                {
                    Delete = new DeleteGlobalSecondaryIndexAction { IndexName = "GSI1" },
                },
            },
            StreamSpecification = new StreamSpecification { StreamEnabled = false },
            DeletionProtectionEnabled = false,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
