import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new GetItemCommand({
  TableName: "Orders",
  Key: { PK: { S: "CUSTOMER#42" }, SK: { S: "PROFILE" } },
  ProjectionExpression: "#name, email, addresses[0], #prefs.theme",
  ExpressionAttributeNames: { "#name": "name", "#prefs": "preferences" },
  ConsistentRead: true,
  ReturnConsumedCapacity: "TOTAL",
}));
console.log(output);
