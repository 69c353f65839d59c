import { DynamoDBClient, DescribeTimeToLiveCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new DescribeTimeToLiveCommand({
  TableName: "Sessions",
}));
console.log(output);
