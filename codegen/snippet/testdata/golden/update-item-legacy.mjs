import { DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new UpdateItemCommand({
  TableName: "Thread",
  Key: {
    ForumName: { S: "Amazon DynamoDB" },
    Subject: { S: "How do I update multiple items?" },
  },
  AttributeUpdates: {
    LastPostedBy: { Action: "PUT", Value: { S: "alice@example.com" } },
    Replies: { Action: "ADD", Value: { N: "1" } },
    Tags: { Action: "DELETE", Value: { SS: ["stale"] } },
    Draft: { Action: "DELETE" },
  },
  Expected: {
    LastPostedBy: { Value: { S: "bob@example.com" }, Exists: true },
    Locked: { Exists: false },
    Replies: { ComparisonOperator: "LT", AttributeValueList: [{ N: "1000" }] },
  },
  ConditionalOperator: "AND",
  ReturnValues: "UPDATED_NEW",
}));
console.log(output);
