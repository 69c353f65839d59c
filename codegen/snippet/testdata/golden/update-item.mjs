import { DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new UpdateItemCommand({
  TableName: "Orders",
  Key: { PK: { S: "ORDER#981" }, SK: { S: "ORDER#981" } },
  UpdateExpression: "SET #status = :shipped, shippedAt = :now, history = list_append(if_not_exists(history, :empty), :event) ADD version :one REMOVE pendingReason",
  ConditionExpression: "#status = :paid AND version = :expected",
  ExpressionAttributeNames: { "#status": "status" },
  ExpressionAttributeValues: {
    ":shipped": { S: "SHIPPED" },
    ":paid": { S: "PAID" },
    ":now": { N: "1718000000" },
    ":empty": { L: [] },
    ":event": {
      L: [{ M: { at: { N: "1718000000" }, what: { S: "shipped" } } }],
    },
    ":one": { N: "1" },
    ":expected": { N: "6" },
  },
  ReturnValues: "ALL_NEW",
  ReturnValuesOnConditionCheckFailure: "NONE",
  ReturnConsumedCapacity: "TOTAL",
  ReturnItemCollectionMetrics: "SIZE",
}));
console.log(output);
