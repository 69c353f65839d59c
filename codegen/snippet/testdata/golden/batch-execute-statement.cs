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
        var response = await client.BatchExecuteStatementAsync(new BatchExecuteStatementRequest
        {
            Statements = new List<BatchStatementRequest>
            {
                new BatchStatementRequest
                {
                    Statement = "UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?",
                    Parameters = new List<AttributeValue>
                    {
                        new AttributeValue { S = "CUSTOMER#42" },
                        new AttributeValue { S = "ORDER#1" },
                    },
                    ReturnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure.ALL_OLD,
                },
                new BatchStatementRequest
                {
                    Statement = "INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}",
                    Parameters = new List<AttributeValue>
                    {
                        new AttributeValue { S = "CUSTOMER#42" },
                        new AttributeValue
                        {
                            B = new MemoryStream(Encoding.UTF8.GetBytes("hello")),
                        },
                    },
                },
            },
            ReturnConsumedCapacity = ReturnConsumedCapacity.TOTAL,
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
