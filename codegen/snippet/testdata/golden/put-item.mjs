import { DynamoDBClient, PutItemCommand } from "@aws-sdk/client-dynamodb";

// Binary values are Node.js Buffers, which are the Uint8Arrays the client takes.
const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new PutItemCommand({
  TableName: "Orders",
  Item: {
    PK: { S: "CUSTOMER#42" },
    SK: { S: "PROFILE" },
    name: { S: "Siobhán O'Brien" },
    bio: {
      S: "Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME",
    },
    age: { N: "37" },
    avatar: { B: Buffer.from("iVBORw0KGgoAAAANSUhEUg==", "base64") },
    note: { B: Buffer.from("aGVsbG8gd29ybGQ=", "base64") },
    emails: { SS: ["siobhan@example.com", "s.obrien@example.org"] },
    luckyNumbers: { NS: ["7", "13", "42.5"] },
    keys: {
      BS: [Buffer.from("AAEC", "base64"), Buffer.from("/////w==", "base64")],
    },
    addresses: {
      L: [
        {
          M: {
            city: { S: "Dublin" },
            zip: { S: "D02 X285" },
            primary: { BOOL: true },
          },
        },
        {
          M: {
            city: { S: "Cork" },
            zip: { NULL: true },
            primary: { BOOL: false },
          },
        },
      ],
    },
    preferences: {
      M: {
        theme: { S: "dark" },
        notifications: { L: [{ S: "email" }, { N: "3" }, { BOOL: true }] },
      },
    },
    deletedAt: { NULL: true },
    vip: { BOOL: true },
  },
  ConditionExpression: "attribute_not_exists(PK)",
  ReturnValues: "ALL_OLD",
  ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  ReturnConsumedCapacity: "TOTAL",
  ReturnItemCollectionMetrics: "SIZE",
}));
console.log(output);
