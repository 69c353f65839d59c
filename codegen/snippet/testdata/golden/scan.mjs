import { DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new ScanCommand({
  TableName: "Orders",
  IndexName: "ByStatus",
  FilterExpression: "attribute_exists(sparseFlag) AND size(items) > :n",
  ExpressionAttributeValues: { ":n": { N: "3" } },
  Select: "COUNT",
  Segment: 1,
  TotalSegments: 4,
  ConsistentRead: false,
  ReturnConsumedCapacity: "TOTAL",
}));
console.log(output);
