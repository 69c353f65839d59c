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
        var response = await client.ExecuteStatementAsync(new ExecuteStatementRequest
        {
            Statement = "SELECT PK, \"name\", Tags FROM \"Orders\" WHERE PK = ? AND begins_with(SK, 'ORDER#') AND Total > ?",
            Parameters = new List<AttributeValue>
            {
                new AttributeValue { S = "CUSTOMER#42" },
                new AttributeValue { N = "10.5" },
            },
            ConsistentRead = true,
            Limit = 25,
            ReturnConsumedCapacity = ReturnConsumedCapacity.INDEXES,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
