import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1" });
const output = await client.send(new QueryCommand({
  TableName: "T",
  KeyConditionExpression: "PK = :pk",
  ExpressionAttributeValues: { ":pk": { S: "USER#1" } },
}));
console.log(output);
