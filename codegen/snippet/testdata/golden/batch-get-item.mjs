import { DynamoDBClient, BatchGetItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new BatchGetItemCommand({
  RequestItems: {
    Orders: {
      Keys: [
        { PK: { S: "CUSTOMER#42" }, SK: { S: "PROFILE" } },
        { PK: { S: "CUSTOMER#43" }, SK: { S: "PROFILE" } },
      ],
      ProjectionExpression: "PK, #name, email",
      ExpressionAttributeNames: { "#name": "name" },
      ConsistentRead: true,
    },
    Products: {
      Keys: [{ ProductId: { N: "1001" } }, { ProductId: { N: "1002" } }],
      AttributesToGet: ["ProductId", "Title", "Price"],
    },
  },
  ReturnConsumedCapacity: "INDEXES",
}));
console.log(output);
