import { DynamoDBClient, DeleteItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new DeleteItemCommand({
  TableName: "Sessions",
  Key: { SessionId: { S: "b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12" } },
  ConditionExpression: "attribute_exists(SessionId) AND expiresAt < :now",
  ExpressionAttributeValues: { ":now": { N: "1718000000" } },
  ReturnValues: "ALL_OLD",
}));
console.log(output);
