import { DynamoDBClient, TransactGetItemsCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new TransactGetItemsCommand({
  TransactItems: [
    {
      Get: {
        TableName: "Accounts",
        Key: { AccountId: { S: "acct-1" } },
        ProjectionExpression: "balance, #o",
        ExpressionAttributeNames: { "#o": "owner" },
      },
    },
    { Get: { TableName: "Accounts", Key: { AccountId: { S: "acct-2" } } } },
  ],
  ReturnConsumedCapacity: "TOTAL",
}));
console.log(output);
