import { DynamoDBClient, BatchWriteItemCommand } from "@aws-sdk/client-dynamodb";

// Binary values are Node.js Buffers, which are the Uint8Arrays the client takes.
const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new BatchWriteItemCommand({
  RequestItems: {
    Readings: [
      {
        PutRequest: {
          Item: {
            SensorId: { S: "sensor-7#3" },
            At: { N: "1718000000" },
            Celsius: { N: "21.4" },
            Raw: { B: Buffer.from("AQIDBA==", "base64") },
          },
        },
      },
      {
        PutRequest: {
          Item: {
            SensorId: { S: "sensor-7#1" },
            At: { N: "1718000060" },
            Celsius: { N: "21.6" },
          },
        },
      },
      {
        DeleteRequest: {
          Key: { SensorId: { S: "sensor-7#2" }, At: { N: "1717000000" } },
        },
      },
    ],
    SensorIndex: [
      {
        PutRequest: {
          Item: { SensorId: { S: "sensor-7" }, Shards: { N: "4" } },
        },
      },
    ],
  },
  ReturnConsumedCapacity: "TOTAL",
  ReturnItemCollectionMetrics: "SIZE",
}));
console.log(output);
