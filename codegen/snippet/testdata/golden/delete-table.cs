using System;
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
        var response = await client.DeleteTableAsync(new DeleteTableRequest
        {
            TableName = "Orders",
        });
        Console.WriteLine(response.HttpStatusCode);
    }
}
