import { DynamoDBClient, BatchExecuteStatementCommand } from "@aws-sdk/client-dynamodb";

// Binary values are Node.js Buffers, which are the Uint8Arrays the client takes.
const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new BatchExecuteStatementCommand({
  Statements: [
    {
      Statement: "UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?",
      Parameters: [{ S: "CUSTOMER#42" }, { S: "ORDER#1" }],
      ReturnValuesOnConditionCheckFailure: "ALL_OLD",
    },
    {
      Statement: "INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}",
      Parameters: [
        { S: "CUSTOMER#42" },
        { B: Buffer.from("aGVsbG8=", "base64") },
      ],
    },
  ],
  ReturnConsumedCapacity: "TOTAL",
}));
console.log(output);
