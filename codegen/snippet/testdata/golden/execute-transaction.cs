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
        var response = await client.ExecuteTransactionAsync(new ExecuteTransactionRequest
        {
            TransactStatements = new List<ParameterizedStatement>
            {
                new ParameterizedStatement
                {
                    Statement = "DELETE FROM Orders WHERE PK = ? AND SK = ?",
                    Parameters = new List<AttributeValue>
                    {
                        new AttributeValue { S = "CUSTOMER#42" },
                        new AttributeValue { S = "ORDER#1" },
                    },
                },
                new ParameterizedStatement
                {
                    Statement = "EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)",
                },
            },
            ClientRequestToken = "tx-0001",
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
