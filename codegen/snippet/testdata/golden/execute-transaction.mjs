import { DynamoDBClient, ExecuteTransactionCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new ExecuteTransactionCommand({
  TransactStatements: [
    {
      Statement: "DELETE FROM Orders WHERE PK = ? AND SK = ?",
      Parameters: [{ S: "CUSTOMER#42" }, { S: "ORDER#1" }],
    },
    {
      Statement: "EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)",
    },
  ],
  ClientRequestToken: "tx-0001",
  ReturnConsumedCapacity: "TOTAL",
}));
console.log(output);
