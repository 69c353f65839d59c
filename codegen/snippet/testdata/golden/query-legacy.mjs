import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new QueryCommand({
  TableName: "Thread",
  KeyConditions: {
    ForumName: {
      ComparisonOperator: "EQ",
      AttributeValueList: [{ S: "Amazon DynamoDB" }],
    },
    LastPostDateTime: {
      ComparisonOperator: "BETWEEN",
      AttributeValueList: [{ S: "2024-01-01" }, { S: "2024-12-31" }],
    },
  },
  QueryFilter: {
    Replies: { ComparisonOperator: "GT", AttributeValueList: [{ N: "0" }] },
    Tags: {
      ComparisonOperator: "CONTAINS",
      AttributeValueList: [{ S: "index" }],
    },
  },
  ConditionalOperator: "OR",
  AttributesToGet: ["Subject", "LastPostDateTime", "Replies"],
  Select: "SPECIFIC_ATTRIBUTES",
  ConsistentRead: true,
}));
console.log(output);
