import { DynamoDBClient, ExecuteStatementCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new ExecuteStatementCommand({
  Statement: "SELECT PK, \"name\", Tags FROM \"Orders\" WHERE PK = ? AND begins_with(SK, 'ORDER#') AND Total > ?",
  Parameters: [{ S: "CUSTOMER#42" }, { N: "10.5" }],
  ConsistentRead: true,
  Limit: 25,
  ReturnConsumedCapacity: "INDEXES",
}));
console.log(output);
